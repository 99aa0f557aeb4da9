"""The main window's size and place when it opens: 1280×860 where the screen has room for it,
less on a smaller screen (a 1366×768 laptop, a 1280×720 one), never less than the window's
minimum; centred on its screen. A geometry saved on a bigger monitor and restored on a smaller
one is brought back inside the screen the same way."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

PREFERRED = QSize(1280, 860)
# Before the window is shown nobody knows its frame (the window manager adds it): room for a
# title bar and borders as the common desktops draw them (Windows' invisible resize borders too).
FRAME_ROOM = QMargins(8, 40, 8, 8)


def available_area(window: QWidget) -> QRect:
    """Where the window may go on the screen it opens on: the screen less its task bars and docks."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def frame_of(window: QWidget) -> QMargins:
    """The window's frame once it is known (shown, and the window manager has said), else the room
    kept for one."""
    handle = window.windowHandle()
    margins = handle.frameMargins() if handle is not None and window.isVisible() else QMargins()
    return margins if not margins.isNull() else FRAME_ROOM


def minimum_of(window: QWidget) -> QSize:
    return window.minimumSize().expandedTo(window.minimumSizeHint())


def fitted_size(wanted: QSize, area: QSize, frame: QMargins, minimum: QSize) -> QSize:
    """`wanted`, less where the frame around it would not fit in `area`; never under `minimum`."""
    room = QSize(area.width() - frame.left() - frame.right(), area.height() - frame.top() - frame.bottom())
    return wanted.boundedTo(room).expandedTo(minimum)


def inside(frame_rect: QRect, area: QRect, centre: bool) -> QPoint:
    """Where `frame_rect` goes: centred in `area`, or moved no further than it takes to lie inside;
    one larger than the area keeps its top left corner (and its title bar) on the screen."""
    if centre:
        frame_rect = QRect(frame_rect)
        frame_rect.moveCenter(area.center())
    x = max(area.left(), min(frame_rect.left(), area.right() + 1 - frame_rect.width()))
    y = max(area.top(), min(frame_rect.top(), area.bottom() + 1 - frame_rect.height()))
    return QPoint(x, y)


def place(window: QWidget, saved: str | None = None) -> None:
    """The window's first geometry: `saved` (QWidget.saveGeometry as base64) if it restores, moved
    and shrunk only as far as it takes to lie inside its screen; otherwise the preferred size,
    fitted, centred. (Qt itself refuses a geometry saved on a screen more than a quarter wider or
    narrower, taking it for another scale: such a window opens as a new one.)"""
    restored = bool(saved) and window.restoreGeometry(QByteArray.fromBase64((saved or "").encode()))
    if restored and window.windowState() & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
        return  # the screen's own size, whichever screen it is on
    area = available_area(window)
    frame = frame_of(window)
    size = fitted_size(window.size() if restored else PREFERRED, area.size(), frame, minimum_of(window))
    outer = QRect(window.geometry().topLeft(), size).marginsAdded(frame)
    corner = inside(outer, area, centre=not restored)
    window.resize(size)
    if not restored or corner != outer.topLeft():
        window.move(corner)  # before the window is shown: where its frame's corner goes
