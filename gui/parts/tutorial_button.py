"""新手教学 on the start screen: the button that opens the tutorial (gui.parts.callout is the
tutorial's own box, on its table).

A module of its own: the start screen is part of every start-up, the tutorial's callout only of
the tutorial, and importing it with its classes and style sheets cost the first frame about 2 ms.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QWidget

from gui import theme
from gui.i18n import tr

START_STYLE = f"""
QPushButton#tutorial {{
    font-size: 16px; font-weight: bold; padding: 6px 14px; border-radius: 16px;
    color: {theme.BUTTON_TEXT}; background: {theme.BUTTON}; border: 2px solid {theme.BUTTON_EDGE};
}}
QPushButton#tutorial:hover {{ background: {theme.BUTTON_HOVER}; }}
"""
CORNER = 14  # px from the menu card's top left corner: beside the title's fan of tiles


class TutorialButton(QPushButton):
    """新手教学 in the start screen's menu card, at its top left corner, for the newcomer to see
    first; the card's column of buttons keeps its size (it must fit the smallest window)."""

    def __init__(self, host: QWidget) -> None:
        super().__init__(host)
        self.setObjectName("tutorial")
        self.setStyleSheet(START_STYLE)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.retranslate()

    def retranslate(self) -> None:
        self.setText(tr("start.tutorial"))
        self.adjustSize()
        self.move(CORNER, CORNER)


__all__ = ["TutorialButton"]
