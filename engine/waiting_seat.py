"""A seat played from outside the engine's thread: a person at this computer or, over the
network, a LAN client. No Qt.

Everything the seat may know goes out through one ``send`` callable: each event (already the
seat's own view of it), each :class:`~engine.decision.DecisionRequest`, and a
:class:`~engine.decision.DecisionClosed` when the table decides for it. Answers come back
through :meth:`WaitingSeat.put` from any thread.

The seat keeps the time of its decisions (the host keeps the time, a client only shows it): when
``time_limit`` runs out, its auto-play (托管, the normal AI) decides. With ``acknowledged``,
the engine waits after each event until the client says it has shown it (the local table: the
game never runs ahead of its animations, and a decision's time starts once the table is shown).
:meth:`stop` ends the match: the engine thread gets :class:`SeatStopped`, a BaseException, so
that no seat-failure handler swallows it.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .actions import WIN, Action
from .decision import ClosedReason, DecisionClosed, DecisionRequest
from .events import Event, HandStarted
from .seat import Seat
from .view import SeatView

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
    deadline: float | None  # None: no limit

    def time_left(self, now: float) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - now)


Message = DecisionRequest | DecisionClosed | Event


class WaitingSeat:
    """A :class:`~engine.seat.Seat` whose decisions arrive through :meth:`put`."""

    def __init__(self, name: str, send: Callable[[Message], None], autoplay: Seat, *,
                 time_limit: float | None = None, acknowledged: bool = True,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.name = name
        self.send = send
        self.time_limit = time_limit
        self.acknowledged = acknowledged
        self.autoplay = threading.Event()  # 托管: the AI plays every decision
        self.auto_win = threading.Event()  # 能胡就胡: every win is taken without asking
        self.timeouts = 0
        # this hand's decisions in order, by who made them: None the seat's own, "autoplay"
        # (托管) or "timeout" (engine.replay.mark_auto keeps them with the saved hand)
        self.made_by: list[str | None] = []
        self._ai = autoplay
        self._clock = clock
        self._inbox: queue.Queue[Ack | Choice | Stop | Wake] = queue.Queue()
        self._stopping = threading.Event()
        self._next_id = 0
        self._pending: Pending | None = None

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

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if self.autoplay.is_set():
            return self._auto(view, legal, "autoplay")
        if WIN in legal and self.auto_win.is_set():
            self.made_by.append(None)  # the seat's own setting (能胡就胡) took it
            return WIN
        self._next_id += 1
        request = DecisionRequest(self._next_id, view, tuple(legal), self.time_limit)
        deadline = None if self.time_limit is None else self._clock() + self.time_limit
        # open before it is sent: an answer may come back before send() returns
        self._pending = Pending(request, deadline)
        try:
            return self._wait_for(request, deadline, view, legal)
        finally:
            self._pending = None

    def _wait_for(self, request: DecisionRequest, deadline: float | None, view: SeatView,
                  legal: Sequence[Action]) -> Action:
        self.send(request)  # the time runs from the asking: a slow client's own delay is its own
        while True:
            left = None if deadline is None else max(0.0, deadline - self._clock())
            message = self._take(left)
            if message is None:  # the time is up: the table decides, and says so
                self.timeouts += 1
                self._pending = None  # closed before it is said: no answer is taken from here on
                self.send(DecisionClosed(request.id, ClosedReason.TIMEOUT))
                return self._auto(view, legal, "timeout")
            if isinstance(message, Choice) and message.request == request.id:
                if message.action is None:  # 托管 was switched on while the seat was thinking
                    return self._auto(view, legal, "autoplay")
                if message.action in legal:  # an answer given before a hand-over still counts
                    self.made_by.append(None)
                    return message.action
                log.warning("seat %s answered %s, which is not legal now: ignored", self.name, message.action)
            if self.autoplay.is_set():  # handed over (a drop) while the seat was waiting
                return self._auto(view, legal, "autoplay")
            # else: an acknowledgement, an answer to an earlier request, a stale wake-up

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


__all__ = ["Ack", "Choice", "Message", "Pending", "SeatStopped", "Stop", "WaitingSeat", "Wake"]
