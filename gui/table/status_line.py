"""The words on the table's bar, under the table: a LAN table's word on its connection
(reconnecting…), what I may do now (or what the table did for me: time up), and why the last
discard was no win for me; a passing note (sound off, too fast) for a moment in their place."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QLabel

from engine.game import events as ev
from engine.game.scoring import WinRefusal
from gui.table import info as table_info
from gui.table.model import TableModel

NOTE_MS = 2500  # how long a passing note stays


class StatusLine(QObject):
    def __init__(self, label: QLabel, deciding: Callable[[], bool], parent: QObject) -> None:
        """`label`: where the words go; `deciding`: a decision of mine is on screen."""
        super().__init__(parent)
        self._label = label
        self._deciding = deciding
        self.prompt = ""  # what I may do in the decision on screen
        self.notice = ""  # a word from the table (time up) until my next decision
        self.link = ""  # a word on a LAN table's connection (reconnecting…)
        self.refusal: tuple[int, WinRefusal] | None = None  # the last discard I may not win on
        self.note_timer = QTimer(self, singleShot=True, interval=NOTE_MS)  # a note, briefly
        self.note_timer.timeout.connect(self.show)
        self._note = ""

    def show(self) -> None:
        """What I may do now (or what the table did for me), and why a discard was no win."""
        first = self.prompt if self._deciding() else self.notice
        # a passing note leads while it lasts: the table's next event used to wipe it at once
        note = self._note if self.note_timer.isActive() else ""
        parts = [text for text in (note, self.link, first, table_info.refusal_text(self.refusal)) if text]
        self._label.setText("   ·   ".join(parts))

    def event_shown(self, model: TableModel, event: ev.Event) -> None:
        """After each event: why I may not win on a discard stays in view until the next
        discard; a hand's start or end ends the table's word (time up)."""
        if isinstance(event, ev.TileDiscarded | ev.HandStarted | ev.HandEnded):
            self.refusal = table_info.refusal_of(model, event)
        if isinstance(event, ev.HandStarted | ev.HandEnded):
            self.notice = ""
        self.show()

    def note(self, text: str) -> None:
        """A word on the bar for a moment (ahead of what it says), then what it said before."""
        self._note = text
        self.note_timer.start()
        self.show()
