"""The window's pages, sized by the page on show.

A plain QStackedWidget asks for the largest minimum of every page it has ever held: once the
profile page (about 990 px wide) had been opened, the start screen's window could never be made
narrower again. Here only the page on show counts. When a page needs more room than the window
has, the window grows for it and goes back to the player's own size on the next page that fits.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, QTimer
from PySide6.QtWidgets import QSizePolicy, QStackedWidget, QWidget

_SHOWN = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
_HIDDEN = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)


class PageStack(QStackedWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # the window's size before a page made it grow, and the size it grew to
        self._own_size: tuple[QSize, QSize] | None = None
        self.currentChanged.connect(self._shown)

    def addWidget(self, widget: QWidget) -> int:
        widget.setSizePolicy(_HIDDEN if self.count() else _SHOWN)
        return super().addWidget(widget)

    def _shown(self, index: int) -> None:
        current = self.widget(index)
        for i in range(self.count()):
            page = self.widget(i)
            if page is not None:
                page.setSizePolicy(_SHOWN if page is current else _HIDDEN)
        self.updateGeometry()
        window = self.window()
        if window is self or current is None or not window.isVisible():
            return
        size = window.size()
        chrome = size - self.size()  # the menu bar above the pages
        needed = current.minimumSizeHint().expandedTo(current.minimumSize()) + chrome
        if self._own_size is not None:
            own, grown_to = self._own_size
            self._own_size = None
            if size == grown_to and own.expandedTo(needed) == own:
                # the player's own size fits again: once the window's minimum has followed the
                # page (the layout's request is posted, so is this)
                QTimer.singleShot(0, window, lambda: window.resize(own))
                return
            # else the player resized the window since: their size now
        grown_to = size.expandedTo(needed)
        if grown_to != size:
            self._own_size = (size, grown_to)  # Qt grows the window to this page's minimum
