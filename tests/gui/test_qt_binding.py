"""The Qt binding must not leak references to None (PySide6 6.12.0 on Python 3.11 does, and the
interpreter aborts after some ten thousand painter calls); pyproject.toml excludes that build."""

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPen


def test_void_calls_keep_none_alive(qapp: QGuiApplication) -> None:
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    pen = QPen(QColor(1, 2, 3))
    before = sys.getrefcount(None)
    for _ in range(2000):
        painter.setPen(pen)
    after = sys.getrefcount(None)
    painter.end()
    assert after >= before - 10, f"None lost {before - after} references: use another PySide6 build"
