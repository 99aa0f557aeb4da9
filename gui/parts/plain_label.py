"""A label that shows its text as it is.

QLabel's default (``Qt.AutoText``) renders text that looks like HTML as rich text, so a
player named ``<h1>x</h1>`` (from a LAN table, an imported hand) would be drawn huge. No label of
the game means rich text: each is plain from the start.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel


class PlainLabel(QLabel):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.setTextFormat(Qt.TextFormat.PlainText)


__all__ = ["PlainLabel"]
