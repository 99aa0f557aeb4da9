"""复盘 of the hand just played, from its result dialog: a 复盘 button there opens the hand's replay
with its review panel in a window over the table (the match waits at the result meanwhile:
closing the window comes back to the result, and 下一局 goes on)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QDialog, QPushButton, QVBoxLayout, QWidget

from engine.records.replay import ReplayError
from gui.i18n import tr
from gui.parts.settle import settle_timer
from gui.table.replay import ReplayWidget

if TYPE_CHECKING:
    from gui.parts.connection import HandSaved
    from gui.review_worker import ReviewWorker
    from gui.table.end_dialogs import EndOfHandDialog
    from gui.tiles.art import TileArt

MIN_SPEED = 0.2  # a replay steps at least this slowly, even when the table is instant
MIN_SIZE = (760, 540)  # fits an 800×600 screen with its frame and task bar
SCREEN_SHARE = 0.9  # of the screen's free area, when the window is not placed over the table
# At least this when the screen has the room: a review sized from a small game window (800×560)
# drew its board's words at 7 px and cut its controls.
COMFORT_SIZE = (1024, 700)


def review_size(parent: QWidget | None, free: QSize | None = None) -> tuple[int, int]:
    """The window's first size: the table's window less a margin (COMFORT_SIZE at least, where the
    screen has room), never more than the screen's free area (`free`: the primary screen's) and
    never less than MIN_SIZE (the player may resize it from there)."""
    if free is None:
        screen = QGuiApplication.primaryScreen()
        free = screen.availableGeometry().size() if screen is not None else QSize(1280, 800)
    width, height = round(free.width() * SCREEN_SHARE), round(free.height() * SCREEN_SHARE)
    table = _table_window(parent) if parent is not None else None
    if table is not None and table.width() > 0:
        width, height = table.width() - 40, table.height() - 40
        width = max(width, min(COMFORT_SIZE[0], round(free.width() * SCREEN_SHARE)))
        height = max(height, min(COMFORT_SIZE[1], round(free.height() * SCREEN_SHARE)))
    width = min(max(width, MIN_SIZE[0]), max(free.width(), MIN_SIZE[0]))
    height = min(max(height, MIN_SIZE[1]), max(free.height(), MIN_SIZE[1]))
    return width, height


def centred_over(middle: QPoint, size: QSize, free: QRect) -> QPoint:
    """The top left of a window of `size` over `middle`, moved into `free` (the screen's free
    area) where it would leave it: a review taller than a game window near the top of the screen
    keeps its title bar on the screen."""
    left = middle.x() - size.width() // 2
    top = middle.y() - size.height() // 2
    left = max(free.left(), min(left, free.right() + 1 - size.width()))
    top = max(free.top(), min(top, free.bottom() + 1 - size.height()))
    return QPoint(left, top)


def _table_window(widget: QWidget) -> QWidget:
    """The game's own window under `widget`: the review opens from the result dialog, a window
    itself, which sits on the table's."""
    top = widget.window()
    while (above := top.parentWidget()) is not None:
        top = above.window()
    return top


class ReviewWindow(QDialog):
    """A saved hand's replay and its 复盘 panel, for the seat `seat`, in a window of its own.

    It opens over the middle of the game's window at its size (:func:`review_size`) and follows
    that window when it is resized or moved, until the player sizes the review themselves: from
    then on it keeps the player's size and place."""

    def __init__(self, art: TileArt, record: dict[str, Any], seat: int, reviews: ReviewWorker,
                 speed: float = 1.0, parent: QWidget | None = None,
                 losses: Sequence[float | None] | None = None) -> None:
        """`losses`: the points given away in each hand of the match, this one last (the curve)."""
        super().__init__(parent)
        self.setObjectName("reviewWindow")
        self.setWindowTitle(tr("review.window_title", n=record.get("hand_number", "")))
        self.replay = ReplayWidget(art, speed=max(MIN_SPEED, speed), reviews=reviews)
        self.replay.show_end_dialog = False  # the player comes from the result: it is under this window
        self.replay.back_requested.connect(self.close)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.replay)
        self._placed = False
        self.replay.load(record, seat)  # ReplayError for a hand that does not replay
        if losses:
            self.replay.set_match_losses(losses, len(losses) - 1)
        reviews.reviewed.connect(self._open_at_first_mistake)  # after the replay's own slot
        self._open_at_first_mistake()
        self.setSizeGripEnabled(True)
        self.setMinimumSize(MIN_SIZE[0], MIN_SIZE[1])
        self._asked = QSize(*review_size(parent))  # the size this window last gave itself
        self.own_size = False  # the player resized it: it no longer follows the game's window
        self.resize(self._asked)
        self._table = _table_window(parent) if parent is not None else None
        # a drag sends many resizes and moves: one fit once they settle
        self._follow_timer = settle_timer(self, self._follow)
        if self._table is not None:
            self._table.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Move) and self.isVisible() and not self.own_size:
            self._follow_timer.start()
        return False

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.own_size:
            self._centre()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # a size this window did not give itself is the player's (the size grip, the frame)
        if self.isVisible() and event.size() != self._asked:
            self.own_size = True

    def _follow(self) -> None:
        if not self.isVisible() or self.own_size:
            return
        self._asked = QSize(*review_size(self.parentWidget()))
        self.resize(self._asked)
        self._centre()

    def _centre(self) -> None:
        table = self._table
        if table is None or not table.isVisible():
            return
        screen = table.screen()
        free = screen.availableGeometry() if screen is not None else table.geometry()
        self.move(centred_over(table.geometry().center(), self.size(), free))

    def _open_at_first_mistake(self, *_: object) -> None:
        """Once the review is in, go to the hand's biggest mistake (or its first move): not an
        empty table before the deal. Only once, and not when the player has moved already."""
        review = self.replay.review
        if self._placed or review is None or self.replay.position or self.replay.playing:
            return
        self._placed = True
        first = review.mistakes(1) or list(review.decisions[:1])
        if first:
            self.replay.go_to_decision(first[0].step)

    def done(self, result: int) -> None:
        self.replay.stop()
        super().done(result)


def offer_review(dialog: EndOfHandDialog, art: TileArt, saved: HandSaved, reviews: ReviewWorker,
                 speed: float, losses: Sequence[float | None] | None = None) -> QPushButton:
    """Put a 复盘 button on the result dialog of the hand `saved` (`losses`: the match's so far,
    this hand last, for the review's curve)."""
    button = QPushButton(tr("review.button"))
    button.setObjectName("reviewButton")
    button.setCursor(Qt.CursorShape.PointingHandCursor)

    def open_review() -> None:
        dialog.reading.emit()  # reading the review, the player is not to be carried on by 托管
        window = dialog.review_window
        if window is None:
            try:
                window = ReviewWindow(art, saved.record, saved.seat, reviews, speed, dialog, losses)
            except (ReplayError, ValueError) as exc:
                button.setEnabled(False)
                button.setToolTip(str(exc))
                return
            dialog.review_window = window  # goes with the dialog
        window.open()

    button.clicked.connect(open_review)
    dialog.add_button(button)
    reviews.request(saved.record, saved.seat)  # under way already, most likely (the profile's)
    return button


__all__ = ["ReviewWindow", "centred_over", "offer_review", "review_size"]
