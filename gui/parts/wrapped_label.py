"""A word-wrapped label that is never cut: it keeps the height its text needs at the width its
layout gives it.

Qt's layouts size a wrapped label by its height for its *preferred* width; in a column narrower
than that (a card beside another, a dialog of a given width) the text wraps onto more lines than
were given room, and the last one is cut (the new-game dialog's opponents hint in English). This
label asks for the height of its own width once it has one, and its layout grows to give it.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QWidget

from gui.parts.plain_label import PlainLabel


class WrappedLabel(PlainLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        if self.width() > 0 and self.text():
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # another width, another height: the layout asks again


__all__ = ["WrappedLabel"]
