"""A seat played from outside the engine's thread: a person at this computer or, over the
network, a LAN client. No Qt.

Everything the seat may know goes out through one ``send`` callable: each event (already the
seat's own view of it), each :class:`~engine.table.decision.DecisionRequest`, and a
:class:`~engine.table.decision.DecisionClosed` when the table decides for it. Answers come back
through :meth:`WaitingSeat.put` from any thread.

The seat keeps the time of its decisions (the host keeps the time, a client only shows it): when
``time_limit`` runs out, its auto-play (托管, the normal AI) decides. With ``acknowledged``,
the engine waits after each event until the client says it has shown it (the local table: the
game never runs ahead of its animations, and a decision's time starts once the table is shown).
Without it (a LAN client, which acknowledges in its own time), a :class:`ShowGate` may hold a
decision's clock until the client has shown what led to the request, for at most ``show_wait``
seconds. :meth:`WaitingSeat.offer` asks ahead (every claimant of a discard at the same moment);
:meth:`WaitingSeat.decide` then collects the answer.
:meth:`stop` ends the match: the engine thread gets :class:`SeatStopped`, a BaseException, so
that no seat-failure handler swallows it.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from engine.game.actions import WIN, Action
from engine.game.events import Event, HandStarted
from engine.game.view import SeatView
from engine.table.decision import ClosedReason, DecisionClosed, DecisionRequest
from engine.table.seat import Seat

log = logging.getLogger(__name__)


class SeatStopped(BaseException):
    """Raised in the engine thread when the seat's table is stopped (a window closes)."""


@dataclass(frozen=True)
class Ack:
    """The client has shown the last event."""


@dataclass(frozen=True)
class Choice:
    request: int  # the DecisionRequest.id it answers
    action: Action | None  # None: let auto-play take this decision (托管 switched on)


@dataclass(frozen=True)
class Stop:
    """The table is closing."""


@dataclass(frozen=True)
class Wake:
    """Look at 托管 again: it was switched on while the seat may be waiting (see hand_over)."""


@dataclass(frozen=True)
class Pending:
    """The decision the seat is waiting for, and when its time runs out (on the seat's clock)."""

    request: DecisionRequest
    deadline: float | None  # None: no limit (or its clock has not started: see show_by)
    # The clock waits for the client to show what led to the request until then; None: it runs.
    show_by: float | None = None

    def time_left(self, now: float) -> float | None:
        if self.show_by is not None:
            return self.request.time_limit  # not started: all of it
        return None if self.deadline is None else max(0.0, self.deadline - now)

    def held(self, now: float) -> float | None:
        """How much longer the clock waits for the client's showing; None: it runs (or there
        is none)."""
        return None if self.show_by is None else max(0.0, self.show_by - now)


class ShowGate(Protocol):
    """Whether the seat's client has shown every event sent to it (a decision's clock waits for
    that); ``gave_up`` when the seat stopped waiting for it (``show_wait`` passed)."""

    def shown(self) -> bool: ...

    def gave_up(self) -> None: ...


Message = DecisionRequest | DecisionClosed | Event


class WaitingSeat:
    """A :class:`~engine.table.seat.Seat` whose decisions arrive through :meth:`put`."""

    def __init__(self, name: str, send: Callable[[Message], None], autoplay: Seat, *,
                 time_limit: float | None = None, acknowledged: bool = True,
                 clock: Callable[[], float] = time.monotonic, gate: ShowGate | None = None,
                 show_wait: float = 60.0, poll: float | None = None,
                 timed_out: Callable[[int], None] | None = None) -> None:
        self.name = name
        self.send = send
        self.time_limit = time_limit
        self.acknowledged = acknowledged
        self.autoplay = threading.Event()  # 托管: the AI plays every decision
        self.auto_win = threading.Event()  # 能胡就胡: every win is taken without asking
        self.timeouts = 0
        self.timeouts_in_a_row = 0  # since the seat's own last choice
        # told each time the clock runs out, with timeouts_in_a_row (a LAN host switches an absent
        # player to 托管 after a few: the friends are not kept waiting a whole limit a turn)
        self._timed_out = timed_out
        # this hand's decisions in order, by who made them: None the seat's own, "autoplay"
        # (托管) or "timeout" (engine.records.replay.mark_auto keeps them with the saved hand)
        self.made_by: list[str | None] = []
        self._ai = autoplay
        self._clock = clock
        self._inbox: queue.Queue[Ack | Choice | Stop | Wake] = queue.Queue()
        self._stopping = threading.Event()
        self._next_id = 0
        self._pending: Pending | None = None
        self._offered: Pending | None = None  # asked ahead by offer(), answered in decide()
        self._gate = gate
        self.show_wait = show_wait  # the most a decision's clock waits for the client's showing
        self._poll = poll  # the longest single wait (a clock that may be moved from outside)

    # -- from any thread ------------------------------------------------------------------
    def put(self, message: Ack | Choice | Stop | Wake) -> None:
        if isinstance(message, Stop):
            self._stopping.set()
        self._inbox.put(message)

    def stop(self) -> None:
        self.put(Stop())

    def hand_over(self) -> None:
        """托管 from now on, the decision the seat may be waiting for included (a LAN client
        dropped). Unlike putting ``Choice(id, None)`` this cannot miss a request that is being
        asked at this very moment: the waiting loop looks at 托管 after every message."""
        self.autoplay.set()
        self.put(Wake())

    @property
    def pending(self) -> Pending | None:
        """The open request and its deadline, or None (read from any thread: a LAN host checks a
        client's choice against it and tells a returning client its time left)."""
        return self._pending

    @property
    def clock(self) -> Callable[[], float]:
        """The clock of :attr:`Pending.deadline`."""
        return self._clock

    @property
    def queued(self) -> int:
        """Messages not yet taken by the engine (a test's measure of stale answers)."""
        return self._inbox.qsize()

    # -- the seat, in the engine's thread -----------------------------------------------------
    def on_event(self, event: Event) -> None:
        if isinstance(event, HandStarted):
            self.made_by = []
        self._ai.on_event(event)
        self.send(event)
        if self.acknowledged:
            while not isinstance(self._take(None), Ack):
                pass  # a stale choice (a double click, a late answer) is dropped

    def offer(self, view: SeatView, legal: Sequence[Action]) -> None:
        """Ask now and start the clock now; :meth:`decide` with the same view and legal actions
        collects the answer. The hand asks every claimant of a discard this way, one after the
        other at once, so that no request waits for another seat's answer."""
        try:
            self._offered = self._open(view, legal)
        except BaseException:  # not asked after all: decide() asks afresh
            self._pending = self._offered = None
            raise

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        pending, self._offered = self._offered, None
        if pending is None:
            pending = self._open(view, legal)
        if pending is None:  # 托管, or 能胡就胡 on a win
            if self.autoplay.is_set() or WIN not in legal:
                return self._auto(view, legal, "autoplay")
            self.made_by.append(None)  # the seat's own setting (能胡就胡) took it
            return WIN
        try:
            return self._wait_for(pending, view, legal)
        finally:
            self._pending = None

    def _open(self, view: SeatView, legal: Sequence[Action]) -> Pending | None:
        """Send the request (None: no question to ask) with its clock started, or held for the
        client's showing."""
        if self.autoplay.is_set() or (WIN in legal and self.auto_win.is_set()):
            return None
        self._next_id += 1
        request = DecisionRequest(self._next_id, view, tuple(legal), self.time_limit)
        now = self._clock()
        if self.time_limit is None:
            pending = Pending(request, None)
        elif self._gate is None or self._gate.shown():
            pending = Pending(request, now + self.time_limit)
        else:
            pending = Pending(request, None, show_by=now + self.show_wait)
        # open before it is sent: an answer may come back before send() returns
        self._pending = pending
        self.send(request)
        return pending

    def _clock_started(self, pending: Pending) -> Pending:
        """`pending`, its clock started once the client has shown the table or may no longer
        be waited for."""
        if pending.show_by is None:
            return pending
        assert self._gate is not None and self.time_limit is not None
        now = self._clock()
        if self._gate.shown():
            pass
        elif now >= pending.show_by:
            log.info("seat %s did not show its table within %gs: its clock runs", self.name, self.show_wait)
            self._gate.gave_up()
        else:
            return pending
        started = replace(pending, deadline=now + self.time_limit, show_by=None)
        if self._pending is pending:
            self._pending = started
        return started

    def _wait_for(self, pending: Pending, view: SeatView, legal: Sequence[Action]) -> Action:
        request = pending.request
        while True:
            pending = self._clock_started(pending)
            until = pending.show_by if pending.show_by is not None else pending.deadline
            left = None if until is None else max(0.0, until - self._clock())
            polled = self._poll is not None and left is not None and left > self._poll
            message = self._take(self._poll if polled else left)
            if message is None and (polled or pending.show_by is not None):
                continue  # look at the clock again (the wait for the showing over: it starts)
            if message is None:  # the time is up: the table decides, and says so
                self.timeouts += 1
                self._pending = None  # closed before it is said: no answer is taken from here on
                self.send(DecisionClosed(request.id, ClosedReason.TIMEOUT))
                self.timeouts_in_a_row += 1
                if self._timed_out is not None:
                    self._timed_out(self.timeouts_in_a_row)
                return self._auto(view, legal, "timeout")
            if isinstance(message, Choice) and message.request == request.id:
                if message.action is None:  # 托管 was switched on while the seat was thinking
                    return self._auto(view, legal, "autoplay")
                if message.action in legal:  # an answer given before a hand-over still counts
                    self.made_by.append(None)
                    self.timeouts_in_a_row = 0
                    return message.action
                log.warning("seat %s answered %s, which is not legal now: ignored", self.name, message.action)
            if self.autoplay.is_set():  # handed over (a drop) while the seat was waiting
                return self._auto(view, legal, "autoplay")
            # else: an acknowledgement (the gate may open), an answer to an earlier request, a
            # stale wake-up

    def _auto(self, view: SeatView, legal: Sequence[Action], why: str) -> Action:
        self.made_by.append(why)
        return self._ai.decide(view, legal)

    def _take(self, timeout: float | None) -> Ack | Choice | Stop | Wake | None:
        """The next message; None when `timeout` seconds pass first. Raises SeatStopped."""
        if self._stopping.is_set():
            raise SeatStopped
        try:
            if timeout is not None and timeout <= 0:
                message = self._inbox.get_nowait()
            else:
                message = self._inbox.get(timeout=timeout)
        except queue.Empty:
            return None
        if isinstance(message, Stop) or self._stopping.is_set():
            raise SeatStopped
        return message


__all__ = ["Ack", "Choice", "Message", "Pending", "SeatStopped", "ShowGate", "Stop", "WaitingSeat", "Wake"]
