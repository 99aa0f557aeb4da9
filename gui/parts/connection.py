"""The one seam between the table widget and a table: events in, decisions in, choices out.

The widget never knows where the table is. Today's implementation is the engine in a thread of
this process (:class:`gui.table.local_table.LocalTable`); the LAN client is the second, a replay can
be a third. Every implementation emits, in the GUI thread:

* ``event_ready(Event)`` — the next event as this seat may see it (``event.for_seat``). The
  widget shows it and then calls :meth:`TableConnection.ack`; the next event comes after that.
* ``decision_needed(DecisionRequest)`` — this seat must choose: its view, the legal actions,
  why a winning shape may not win (``request.refusal``) and the seconds it has. The table keeps
  the time; the widget only shows it and answers with :meth:`TableConnection.choose`.
* ``decision_closed(DecisionClosed)`` — the table decided for the seat (time up).
* ``hand_saved(HandSaved)`` — a finished hand, before its end is shown, for the profile.
* ``finished()`` — the match is over; ``failed(str)`` — the table broke, in plain words.
* ``seat_deciding(seat)`` — the table is asking `seat` (0 is the player) for a decision; the
  events that follow it end that decision. Only where the table knows it: a table in this
  process says it for every seat, a LAN table never does (the protocol does not tell).

A table hosted elsewhere (the LAN) also emits, and a table in this process never does:

* ``seat_state(seat, connected, autoplay)`` — a seat's person dropped or came back, or 托管
  plays it (seat as this player sees it: 0 is the player);
* ``resyncing(bool)`` — True: the table is drawn again from its start (after a return), shown at
  once; False: caught up, back to the player's speed;
* ``hurrying(bool)`` — True: what the table played while this player's result was still open
  is shown at once, so that their turn behind it comes at once; False: caught up, the player's
  speed again;
* ``link_notice(str)`` — a word on the connection ("reconnecting…"), "" when it is over;
* ``between(Readiness)`` — between hands, who is ready for the next deal and the countdown
  (:class:`Readiness`; its panel: :mod:`gui.table.readiness`); the widget's 下一局 calls
  :meth:`TableConnection.next_hand`.
* ``turn_asked(TurnAsked)`` — the table asked this player for a decision, as the request arrived:
  a result still open after the next deal counts down to when the turn's clock starts
  (:class:`TurnAsked`). The decision itself comes later, once the table has shown what led to it.
* ``reconnecting(attempt, attempts)`` — the connection dropped and try `attempt` of `attempts`
  to come back is under way (the table shows 重新连接中 and a way to give up:
  :meth:`TableConnection.give_up`); ``(0, 0)`` when it is over, back or not.
* ``said(seat, code)`` — someone at the table said a quick phrase (快捷语, by its code:
  engine.net.talk), seat as this player sees it.

A watcher's table (``watching``, 观战) sends nothing back: no acknowledgement, no choice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

from engine.game.actions import Action
from gui.parts.seats import HUMAN


@dataclass(frozen=True)
class HandSaved:
    record: dict[str, Any]  # engine.records.replay.record(): replays the hand exactly
    match_state: dict[str, Any] | None  # engine.table.match.Match.state() where this computer hosts
    over: bool  # the match has ended with this hand
    seat: int = HUMAN  # the player's seat in `record` (a LAN table numbers seats as its host does)


@dataclass(frozen=True)
class Readiness:
    """The table's wait after hand `hand`, as this player sees it."""

    hand: int
    ready: tuple[bool, ...]  # by seat as this player sees them: 0 is the player
    seconds: float  # left of the countdown when it arrived
    at: float  # when it arrived (time.monotonic)

    @property
    def done(self) -> bool:
        return all(self.ready)

    def left(self, now: float) -> int:
        """Whole seconds left of the countdown (rounded up, as a countdown is read)."""
        return 0 if self.done else max(0, math.ceil(self.seconds - (now - self.at)))


@dataclass(frozen=True)
class TurnAsked:
    """A decision asked of this player, as it arrived: when its clock starts and how long it runs."""

    at: float  # when it arrived (time.monotonic)
    held: float | None  # its clock waits at most this much longer for the table to be shown; None: runs
    time_left: float | None  # the decision's time once its clock runs; None: no clock at this table

    def starts_in(self, now: float) -> int:
        """Whole seconds until the clock starts if the table is not shown first (0: it runs)."""
        return 0 if self.held is None else max(0, math.ceil(self.at + self.held - now))

    def left(self, now: float) -> int | None:
        """Whole seconds of the decision's time left (None: no clock; all of it while held)."""
        if self.time_left is None:
            return None
        started = self.at + (self.held or 0.0)
        return max(0, math.ceil(self.time_left - max(0.0, now - started)))


class TableConnection(QObject):
    """Base of every table the widget can sit at; subclasses implement the methods."""

    event_ready = Signal(object)  # engine.game.events.Event
    decision_needed = Signal(object)  # engine.table.decision.DecisionRequest
    decision_closed = Signal(object)  # engine.table.decision.DecisionClosed
    hand_saved = Signal(object)  # HandSaved
    finished = Signal()
    failed = Signal(str)
    seat_deciding = Signal(int)  # seat (0 = this player) about to be asked for a decision
    seat_state = Signal(int, bool, bool)  # seat (0 = this player), connected, autoplay
    resyncing = Signal(bool)
    hurrying = Signal(bool)
    link_notice = Signal(str)
    between = Signal(object)  # Readiness
    turn_asked = Signal(object)  # TurnAsked
    reconnecting = Signal(int, int)  # attempt, attempts; (0, 0): no longer trying
    said = Signal(int, str)  # seat (0 = this player), a quick phrase's code
    # hosted elsewhere: ``failed`` says what happened in the player's words (the host quit, the
    # network), not an engine failure of this program
    remote = False
    # the table waits between hands for every seat's 下一局 (a LAN table): the result dialog
    # shows who is ready and says ready, rather than closing
    waits_between_hands = False
    watching = False  # 观战: this player watches, sits at no seat, chooses nothing

    def start(self) -> None:
        raise NotImplementedError

    def ack(self) -> None:
        """The last event has been shown."""
        raise NotImplementedError

    def choose(self, request: int, action: Action | None) -> None:
        """Answer request `request`; None leaves the decision to auto-play (托管)."""
        raise NotImplementedError

    def set_autoplay(self, on: bool) -> None:
        """托管: the table's auto-play takes this seat's decisions."""
        raise NotImplementedError

    def set_auto_win(self, on: bool) -> None:
        """能胡就胡: every win is taken without asking."""
        raise NotImplementedError

    def next_hand(self) -> None:
        """下一局: this player is ready for the next deal (where the table waits for it)."""

    def say(self, code: str) -> None:
        """快捷语: say the phrase `code` to the table (a table in this process has no one to hear)."""

    def set_time_limit(self, seconds: int | None) -> bool:
        """Change the time of the next decisions where this computer keeps it; False where the
        table's host does (a LAN table keeps its own rules)."""
        return False

    def give_up(self) -> None:
        """Stop trying to come back to a table that dropped (only a LAN table ever tries)."""

    def stop(self, timeout_ms: int = 5000) -> bool:
        """Leave the table; True when it let go in time."""
        raise NotImplementedError

    @property
    def running(self) -> bool:
        raise NotImplementedError


__all__ = ["HUMAN", "HandSaved", "Readiness", "TableConnection"]
