"""Between hands at a LAN table, in the result dialog: who is ready for the next deal (a 名牌
with a tick for each of the four seats), the table's one countdown, and 下一局 as "I am ready"
(docs/protocol.md, "Between hands").

The host deals the next hand only when every seat is ready or its countdown has run out, for
everyone at once. Pressing 下一局 tells it so and the dialog stays, saying whom the table waits
for, until everyone is ready; then it closes by itself and the deal is shown. A player who has
not pressed when the countdown runs out keeps their dialog: the next hand goes on without them
for now, and their own decisions wait for them (the host starts a decision's clock only once
their table has shown it, a minute at most) — closing the dialog shows the deal. Once their turn
has come the dialog counts down to its clock's start, then the clock itself (the request's
``held`` and ``time_left``: :class:`~gui.parts.connection.TurnAsked`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gui import fonts, theme
from gui.i18n import tr
from gui.i18n.store import display_names
from gui.parts.connection import Readiness, TurnAsked
from gui.parts.plain_label import PlainLabel

TICK_MS = 250  # the countdown's redraw


class ReadinessPanel(QWidget):
    """Four name plates with ticks, the countdown and whom the table waits for."""

    def __init__(self, names: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("readinessPanel")
        self.names = display_names(names, 0)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 4, 0, 0)
        column.setSpacing(6)
        row = QHBoxLayout()
        row.setSpacing(10)
        self.plates: list[QLabel] = []
        for _seat in range(4):
            plate = PlainLabel()
            plate.setObjectName("readinessPlate")
            plate.setFont(fonts.ui_font(15, True))
            plate.setAlignment(Qt.AlignmentFlag.AlignCenter)
            plate.setMinimumWidth(110)
            self.plates.append(plate)
            row.addWidget(plate)
        column.addLayout(row)
        self.line = PlainLabel()
        self.line.setObjectName("readinessLine")
        self.line.setFont(fonts.ui_font(15))
        self.line.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.line.setStyleSheet(f"color: {theme.TEXT_SOFT};")
        column.addWidget(self.line)

    def show_state(self, state: Readiness | None, pressed: bool, now: float,
                   turn: TurnAsked | None = None, timed: bool = True, last: bool = False) -> None:
        ready = state.ready if state is not None else (False,) * 4
        # the table went on without me: made ready by the countdown, not by my 下一局, and not
        # waited for either ("…" read as "the table waits for me": QA) — my name alone
        gone_on = state is not None and state.done and not pressed
        for seat, plate in enumerate(self.plates):
            mine_gone_on = gone_on and seat == 0
            tick = "" if mine_gone_on else "✓" if ready[seat] else "…"
            plate.setText(f"{self.names[seat]}  {tick}".rstrip())
            colour = theme.TEXT_LIGHT if mine_gone_on else theme.GAIN if ready[seat] else theme.TEXT_LIGHT
            plate.setStyleSheet(f"color: {colour}; border: 1px solid {colour}; border-radius: 6px;"
                                " padding: 3px 8px;")
        self.line.setText(self.words(state, pressed, now, turn, timed, last))

    def words(self, state: Readiness | None, pressed: bool, now: float,
              turn: TurnAsked | None = None, timed: bool = True, last: bool = False) -> str:
        if state is None:
            return ""
        if state.done:
            if pressed:
                return tr("between.dealing")
            if last:
                return tr("between.match_over")
            return self.turn_words(turn, now) if turn is not None else \
                tr("between.started" if timed else "between.started_untimed")
        seconds = tr("between.countdown", seconds=state.left(now))
        others = [self.names[s] for s in range(1, 4) if not state.ready[s]]
        if pressed and others:
            return f"{tr('between.waiting', names=tr('between.and').join(others))}  ·  {seconds}"
        return seconds

    @staticmethod
    def turn_words(turn: TurnAsked, now: float) -> str:
        """The next hand has gone on and the player's turn has come behind this dialog."""
        left = turn.left(now)
        if left is None:
            return tr("between.turn_untimed")
        if (starts_in := turn.starts_in(now)) > 0:
            return tr("between.turn_held", n=starts_in)
        return tr("between.turn_running", n=left) if left > 0 else tr("between.turn_over")


class BetweenHandsWait(QObject):
    """A result dialog at a LAN table, tied to the table's wait after its hand: 下一局 says
    ready (`send_ready`), the dialog shows who is ready, and closes (``accept``) once everyone
    is, if this player had pressed or 托管 plays for them (`autoplay`)."""

    def __init__(self, dialog: QWidget, button: QPushButton, names: Sequence[str], hand: int,
                 send_ready: Callable[[], None], accept: Callable[[], None],
                 autoplay: Callable[[], bool] = lambda: False,
                 clock: Callable[[], float] = time.monotonic, timed: bool = True,
                 last: bool = False) -> None:
        super().__init__(dialog)
        self.hand = hand
        self.pressed = False
        self.state: Readiness | None = None
        self.turn: TurnAsked | None = None  # the latest decision asked behind the dialog
        self.timed = timed
        self.last = last  # the match's last hand: the final standings come next, not a deal
        self.panel = ReadinessPanel(names)
        self._button = button
        self._label = button.text()  # 下一局
        self._waiting_shown: tuple[bool, bool] | None = None  # (ready and waiting, gone on) as shown
        self._send_ready = send_ready
        self._accept = accept
        self._autoplay = autoplay
        self._clock = clock
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self.refresh)
        self._timer.start()
        self.refresh()

    def update(self, state: Readiness) -> None:
        """The table's wait changed (or began); a wait after another hand is not this one's."""
        if state.hand != self.hand:
            return
        self.state = state
        self.refresh()
        if state.done and (self.pressed or self._autoplay()):
            self._timer.stop()
            self._accept()

    def turn_asked(self, turn: TurnAsked) -> None:
        """The table asked this player for a decision (the next hand, once it has gone on)."""
        if self.state is None or not self.state.done or self.pressed:
            return  # (the dialog closes with the deal: the table will show the decision)
        self.turn = turn
        self._timer.start()
        self.refresh()

    def press(self) -> None:
        """下一局: ready, or — once the table has gone on without me — close and see the deal."""
        if self.state is not None and self.state.done:
            self._accept()
            return
        if not self.pressed:
            self.pressed = True
            self._send_ready()
        self.refresh()

    def refresh(self) -> None:
        now = self._clock()
        self.panel.show_state(self.state, self.pressed, now, self.turn, self.timed, self.last)
        done = self.state is not None and self.state.done
        waiting = self.pressed and not done
        self._button.setEnabled(not waiting)
        gone_on = done and not self.pressed and not self.last  # the table went on without me: back to it
        shown = (waiting, gone_on)
        if shown != self._waiting_shown:  # (托管 counts down on the same button)
            self._waiting_shown = shown
            self._button.setText(tr("between.ready") if waiting else tr("between.to_table") if gone_on
                                 else self._label)
        turn = self.turn
        if done and (turn is None or (turn.left(now) or 0) <= 0):
            self._timer.stop()  # nothing counts down any more


__all__ = ["TICK_MS", "BetweenHandsWait", "Readiness", "ReadinessPanel"]
