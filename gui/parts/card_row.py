"""Cards side by side that go one under the other when the row is narrower than the cards' own
minimum widths side by side (a dialog on a screen 800 px wide): never cut, never scrolled
sideways."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QWidget

from gui.parts.body_scroll import screen_room

SPACING = 14
# what a dialog puts beside a row: its body's margins and a scroll bar
AROUND = 2 * 20 + 16


def _minimum(widget: QWidget) -> QSize:
    return widget.minimumSizeHint().expandedTo(widget.minimumSize())


class CardRow(QWidget):
    """``cards``: (card, stretch) in order; side by side while they fit, else stacked."""

    def __init__(self, *cards: tuple[QWidget, int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cards = [card for card, _stretch in cards]
        self.box = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(SPACING)
        for card, stretch in cards:
            self.box.addWidget(card, stretch)

    def side_by_side_width(self) -> int:
        """The narrowest the row is with its cards side by side."""
        return sum(_minimum(c).width() for c in self.cards) + SPACING * (len(self.cards) - 1)

    def stacked(self) -> bool:
        return self.box.direction() == QBoxLayout.Direction.TopToBottom

    def may_stack(self) -> bool:
        """On a screen too narrow for the cards side by side (in their dialog)."""
        return self.side_by_side_width() + AROUND > screen_room(self).width()

    def minimumSizeHint(self) -> QSize:
        # as narrow as the widest card where the screen is too narrow for the row: narrower than
        # that, the row stacks its cards
        mins = [_minimum(c) for c in self.cards]
        width = max(m.width() for m in mins) if self.may_stack() else self.side_by_side_width()
        if self.stacked():
            return QSize(width, sum(m.height() for m in mins) + SPACING * (len(mins) - 1))
        return QSize(width, max(m.height() for m in mins))

    def resizeEvent(self, event: QResizeEvent) -> None:
        # (never on a screen with room for the row: a narrow moment while the dialog is laid out
        # would stack the cards, and the dialog, grown for them, would stay that tall)
        narrow = event.size().width() < self.side_by_side_width() and self.may_stack()
        wanted = QBoxLayout.Direction.TopToBottom if narrow else QBoxLayout.Direction.LeftToRight
        if self.box.direction() != wanted:
            self.box.setDirection(wanted)  # the row's height changes: its parent lays out again
            self.updateGeometry()
        super().resizeEvent(event)
