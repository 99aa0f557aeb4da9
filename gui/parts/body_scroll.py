"""A dialog's body that fits the screen: as large as its contents where the screen has room
(the dialog looks as it always did), and no taller or wider than the screen leaves beside the
dialog's header and buttons on a small one (an 800×560 laptop), the body scrolling there while
the buttons stay in view."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, QSize, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QFrame,
    QScrollArea,
    QSlider,
    QVBoxLayout,
    QWidget,
)

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
# fields a mouse wheel turns: in a body that scrolls, a wheel over one it has not focused scrolls
# the body (a player scrolling the settings changed the volume and the new game's preset unseen)
WHEELED = (QComboBox, QSlider, QAbstractSpinBox)  # not scroll bars: they are what scrolls


class BodyScroll(QScrollArea):
    """Holds `content`; `chrome`: the room the rest of the window takes (header, buttons)."""

    def __init__(self, content: QWidget, chrome: Callable[[], QSize], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dialogBody")
        self._chrome = chrome
        self._in_filter = False
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        # up and down only: with both bars as needed, contents exactly as wide as the area made
        # them take turns (the vertical bar narrows the view, the horizontal one shortens it) in
        # a loop of resizes that overflowed the stack (LAN, English, a 600 px high screen)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        content.setObjectName("dialogBodyContent")
        self.setStyleSheet("QScrollArea#dialogBody, QWidget#dialogBodyContent { background: transparent; }")
        self.setWidget(content)
        self.viewport().setAutoFillBackground(False)
        content.installEventFilter(self)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        content = self.widget()
        for field in content.findChildren(QWidget) if content is not None else []:
            if isinstance(field, WHEELED) and not field.property("bodyWheel"):
                field.setProperty("bodyWheel", True)
                field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # a wheel does not focus it
                field.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Wheel and isinstance(watched, WHEELED):
            bar = self.verticalScrollBar()
            if watched.hasFocus() or not bar.isVisible():
                return False  # the field's own, as anywhere else
            QCoreApplication.sendEvent(bar, event)
            return True
        if watched is not self.widget():
            return super().eventFilter(watched, event)
        if event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # the contents' size changed (a text wrapped): the dialog's too
        if self._in_filter:
            # a resize of the contents made by QScrollArea's own handling of the last one: its
            # scroll bars are being set already. Handled again, the bar and the contents' wrapped
            # height took turns without end, and the stack overflowed (LAN, English, a 600 px
            # high screen, under X11)
            return False
        self._in_filter = True
        try:
            return super().eventFilter(watched, event)
        finally:
            self._in_filter = False

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
