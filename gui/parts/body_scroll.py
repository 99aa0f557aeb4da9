"""A dialog's body that fits the screen: as large as its contents where the screen has room
(the dialog looks as it always did), and no taller or wider than the screen leaves beside the
dialog's header and buttons on a small one (an 800×560 laptop), the body scrolling there while
the buttons stay in view."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget

from gui import window_fit


def screen_room(widget: QWidget) -> QSize:
    """What a window may be on `widget`'s screen inside its frame (title bar and borders)."""
    area: QRect = window_fit.available_area(widget)
    frame = window_fit.FRAME_ROOM
    return QSize(area.width() - frame.left() - frame.right(), area.height() - frame.top() - frame.bottom())


class BodyLayout(QVBoxLayout):
    """The contents' column. It claims no height for width, as a dialog's own layout did in effect
    (a window is kept at its minimum, and gui.parts.wrapped_label asks its lines through that):
    QScrollArea would size contents that claim one by it, a few lines taller than the dialog
    gives them, and scroll on any screen."""

    def hasHeightForWidth(self) -> bool:
        return False


MIN_BODY_H = 120  # the body's least height, on the smallest screen


class BodyScroll(QScrollArea):
    """Holds `content`; `chrome`: the room the rest of the window takes (header, buttons)."""

    def __init__(self, content: QWidget, chrome: Callable[[], QSize], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dialogBody")
        self._chrome = chrome
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        content.setObjectName("dialogBodyContent")
        self.setStyleSheet("QScrollArea#dialogBody, QWidget#dialogBodyContent { background: transparent; }")
        self.setWidget(content)
        self.viewport().setAutoFillBackground(False)
        content.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # the contents' size changed (a text wrapped): the dialog's too
        return super().eventFilter(watched, event)

    def sizeHint(self) -> QSize:
        # the whole contents (QScrollArea's own hint stops at 24 lines of text)
        content = self.widget()
        return content.sizeHint().expandedTo(content.minimumSizeHint()) if content is not None else QSize()

    def minimumSizeHint(self) -> QSize:
        """The contents' own minimum, less what the screen has not room for: the dialogs' layouts
        keep a dialog at its minimum size, so where the screen has room it opens as it always
        did, and on a small screen it fits and its body scrolls."""
        room = screen_room(self) - self._chrome()
        content = self.widget()
        if content is None:
            return QSize()
        full = content.minimumSizeHint().expandedTo(content.minimumSize())
        narrowest = full.width()
        if full.height() > room.height():  # it scrolls: room for the bar beside the contents
            bar = self.verticalScrollBar().sizeHint().width()
            full.setWidth(full.width() + bar)
            narrowest += bar
        return full.boundedTo(room).expandedTo(QSize(narrowest, min(full.height(), MIN_BODY_H)))
