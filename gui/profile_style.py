"""The look shared by the profile page's parts: its colours, the style sheet of its ivory
cards, the :class:`Card` frame itself, and the big gold display titles."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QLinearGradient, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from .fonts import CJK_FAMILIES, ui_font

FELT = "#17623d"
GOLD = "#d4a73c"
INK = "#2b2a26"
MUTED = "#8a7f67"
CARD_BORDER = "#e2d7bd"
WIN_GREEN = "#2e8b57"
LOSS_RED = "#c0392b"

CARD_STYLE = f"""
QFrame#profileCard {{ background: #fffdf7; border: 1px solid {CARD_BORDER}; border-radius: 14px; }}
QLabel#profileCardTitle {{
    color: {FELT}; background: none; border: none; border-left: 3px solid {GOLD}; padding-left: 8px;
}}
QLabel#profileCardNote {{ color: {MUTED}; background: none; border: none; }}
QLabel#profileBadge {{
    color: #4a2f05; background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #f6dc82, stop:1 #dcae45);
    border: 1px solid #b8862a; border-radius: 10px; padding: 0px 12px; min-height: 20px; max-height: 20px;
}}
QLabel#profileHint {{ color: {MUTED}; background: none; border: none; }}
QScrollArea, QScrollArea > QWidget > QWidget#profileContent {{ background: transparent; border: none; }}
QScrollBar:vertical {{ background: transparent; width: 10px; margin: 6px 2px 6px 0; }}
QScrollBar::handle:vertical {{ background: rgba(251, 246, 233, 110); border-radius: 4px; min-height: 40px; }}
QScrollBar::handle:vertical:hover {{ background: {GOLD}; }}
QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical {{ height: 0; }}
QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical {{ background: none; }}
"""



def title_font(px: int) -> QFont:
    """A big display font for the gold titles (bold is fine at this size)."""
    font = QFont()
    font.setFamilies(CJK_FAMILIES)
    font.setPixelSize(px)
    font.setBold(True)
    return font


def gold_text(painter: QPainter, text: str, font: QFont, baseline: QPointF, outline: bool = True) -> float:
    """``text`` in a gold gradient with a dark shadow, left end at ``baseline``; returns its width."""
    path = QPainterPath()
    path.addText(baseline, font, text)
    box = path.boundingRect()
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 110))
    painter.drawPath(path.translated(1.5, 2.5))
    gold = QLinearGradient(box.topLeft(), box.bottomLeft())
    gold.setColorAt(0.0, QColor("#fff1b8"))
    gold.setColorAt(0.5, QColor("#f0c84e"))
    gold.setColorAt(1.0, QColor("#b8862a"))
    painter.setPen(QPen(QColor("#5a3b08"), 0.8) if outline else Qt.PenStyle.NoPen)
    painter.setBrush(gold)
    painter.drawPath(path)
    painter.restore()
    return QFontMetricsF(font).horizontalAdvance(text)



class Card(QFrame):
    """An ivory card: a title with a gold mark, an optional note on the right, then the body."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("profileCard")
        self.title = QLabel(self)
        self.title.setObjectName("profileCardTitle")
        self.title.setFont(ui_font(16))
        self.note = QLabel(self)
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


__all__ = [
    "CARD_BORDER", "CARD_STYLE", "FELT", "GOLD", "INK", "LOSS_RED", "MUTED", "WIN_GREEN", "Card", "gold_text",
    "title_font",
]
