"""The dialogs the table opens at an end: each hand's result (with its 复盘 offer, a LAN table's
wait for everyone, 托管's countdown) and the match's standings. The table goes on when one
closes (once only); a table shown without them (tests, a headless run) goes on at once. What
happens around the result dialog is gui.table.hand_end."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QAbstractButton, QDialog, QWidget

from engine.table.summary import HandSummary
from gui.parts.connection import HandSaved, TableConnection, TurnAsked
from gui.table import hand_end
from gui.table.end_dialogs import EndOfHandDialog
from gui.table.readiness import BetweenHandsWait, Readiness
from gui.table.scene import TableScene

if TYPE_CHECKING:
    from gui.review_worker import ReviewWorker


class ResultDialogs(QObject):
    def __init__(self, scene: TableScene, autoplay: QAbstractButton, parent: QWidget) -> None:
        """`autoplay`: the 托管 toggle (on: the result goes on by itself; its dialog turns it off)."""
        super().__init__(parent)
        self._scene = scene
        self._autoplay = autoplay
        self._widget = parent  # the dialogs' owner
        self.show_dialogs = True
        self.dialog: QDialog | None = None  # the open end-of-hand / standings dialog
        self.readiness: Readiness | None = None  # a LAN table's wait between hands, last told
        self.between_wait: BetweenHandsWait | None = None  # its part in the open result dialog
        self.timed = True  # the table's decisions have a clock (a LAN table's rules say)
        self.reviews: ReviewWorker | None = None  # the window's review thread: a 复盘 button on results
        # the points given away in each hand of the match so far (the 复盘's curve), if known
        self.match_losses: Callable[[], list[float | None]] | None = None

    def hand(self, summary: HandSummary, saved: HandSaved | None, connection: TableConnection | None,
             watching: bool, done: Callable[[], None]) -> None:
        """The hand's result; `done` when it closes. `saved`: the hand's record (its 复盘)."""
        if not self.show_dialogs:
            done()
            return
        scene = self._scene
        dialog = EndOfHandDialog(scene.art, summary, scene.names, self._widget)
        if self.reviews is not None and saved is not None:
            from gui.table.review_window import offer_review  # (it holds a replay: made with the first)

            offer_review(dialog, scene.art, saved, self.reviews, scene.speed,
                         self.match_losses() if self.match_losses is not None else None)
        if connection is not None and connection.waits_between_hands:
            self.between_wait = hand_end.wait_for_everyone(
                dialog, scene.names, summary.hand_number, connection.next_hand,
                self._autoplay.isChecked, self.readiness, self.timed,
                last=saved is not None and saved.over)
        if self._autoplay.isChecked():
            hand_end.autoplay_countdown(dialog, self._autoplay)
        elif watching:  # a watcher is not waited for: the table plays on behind the result
            QTimer.singleShot(hand_end.AUTOPLAY_RESULT_MS, dialog, dialog.accept)
        self._open(dialog, done)

    def standings(self, summaries: Sequence[HandSummary], done: Callable[[], None]) -> None:
        """The match's standings; `done` when they close."""
        if not self.show_dialogs:
            done()
            return
        from gui.table.end_dialogs import StandingsDialog

        self._open(StandingsDialog(summaries, self._scene.names, self._widget), done)

    def _open(self, dialog: QDialog, done: Callable[[], None]) -> None:
        self.dialog = dialog

        def closed() -> None:
            self.dialog = None
            self.between_wait = None
            done()

        hand_end.once_closed(dialog, closed)
        dialog.open()

    def between(self, state: Readiness) -> None:
        """A LAN table's wait between hands changed: the open result dialog shows it (one
        opened later starts from it)."""
        self.readiness = state
        if self.between_wait is not None:
            self.between_wait.update(state)

    def turn_asked(self, asked: TurnAsked) -> None:
        """The table asked this player while the result may still be open: it counts down."""
        if self.between_wait is not None:
            self.between_wait.turn_asked(asked)

    def close(self) -> None:
        """The open dialog goes, the table with it (the table does not go on)."""
        dialog, self.dialog = self.dialog, None
        if dialog is not None:
            dialog.close()


__all__ = ["ResultDialogs"]
