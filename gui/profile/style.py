"""What the profile page's parts share: the :class:`ProfileCard` frame (its style sheet is
:data:`gui.theme.PROFILE_CARD_STYLE`) and the big gold display titles."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QFrame, QHBoxLayout, QVBoxLayout, QWidget

from gui import theme
from gui.fonts import ui_font
from gui.parts.plain_label import PlainLabel


def gold_text(painter: QPainter, text: str, font: QFont, baseline: QPointF, outline: bool = True) -> float:
    """``text`` in a gold gradient with a dark shadow, left end at ``baseline``; returns its width."""
    path = QPainterPath()
    path.addText(baseline, font, text)
    box = path.boundingRect()
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 110))
    painter.drawPath(path.translated(1.5, 2.5))
    painter.setPen(QPen(QColor(theme.GOLD_EDGE), 0.8) if outline else Qt.PenStyle.NoPen)
    painter.setBrush(theme.gold_gradient(box.topLeft(), box.bottomLeft()))
    painter.drawPath(path)
    painter.restore()
    return QFontMetricsF(font).horizontalAdvance(text)



class ProfileCard(QFrame):
    """An ivory card: a title with a gold mark, an optional note on the right, then the body."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("profileCard")
        self.title = PlainLabel(self)
        self.title.setObjectName("profileCardTitle")
        self.title.setFont(ui_font(16))
        self.note = PlainLabel(self)
        self.note.setObjectName("profileCardNote")
        self.note.setFont(ui_font(12))
        self.note.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.setSpacing(8)
        top.addWidget(self.title)
        top.addStretch(1)
        top.addWidget(self.note)
        self.top = top
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(18, 14, 18, 14)
        self.body.setSpacing(10)
        self.body.addLayout(top)


__all__ = ["ProfileCard", "gold_text"]
