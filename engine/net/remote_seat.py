"""The host's side of a person's seat at a LAN table: who they are (the token that brings them
back), their connection if they have one, and — during play — the engine seat that waits for
their choices (:class:`~engine.table.waiting_seat.WaitingSeat`) and what it told them this hand, to
tell it again on a return (``resync``).

Everything the engine says to the seat arrives in :meth:`RemoteSeat.deliver` (the engine's
thread): it is numbered, kept for a resync and handed to the network thread, whether or not the
person is connected just then. The fields are guarded by the host's lock.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.ai import NormalAI
from engine.game import events
from engine.net import frames, messages
from engine.net.between import POLL
from engine.net.connection import Connection
from engine.net.messages import (
    Choose,
    ClosedMessage,
    Error,
    EventMessage,
    Message,
    RequestMessage,
    Resync,
    SeatState,
    Started,
)
from engine.net.pacing import AckCounter
from engine.table.decision import DecisionClosed, DecisionRequest
from engine.table.waiting_seat import Ack as Shown
from engine.table.waiting_seat import Choice, WaitingSeat
from engine.table.waiting_seat import Message as SeatMessage

log = logging.getLogger(__name__)

# Hands one encoded frame to a connection from any thread (the host posts it to its loop).
Post = Callable[[Connection, bytes], None]


@dataclass(eq=False)
class RemoteSeat:
    seat: int
    token: str
    name: str
    title: str = ""
    shows: bool = False
    connection: Connection | None = None
    waiting: WaitingSeat | None = None  # during play
    user_autoplay: bool = False  # the person switched 托管 on (a return does not switch it off)
    auto_win: bool = False  # 能胡就胡
    counter: AckCounter = field(default_factory=AckCounter)
    started: Started | None = None
    history: list[EventMessage] = field(default_factory=list)  # the match's start, then this hand
    last_request: int | None = None  # the id of the last request sent (or kept for a return)

    @property
    def connected(self) -> bool:
        return self.connection is not None

    def attach(self, connection: Connection, shows: bool) -> None:
        """`connection` is this person's now (a join, or a return with the token)."""
        self.connection = connection
        self.shows = self.counter.shows = shows
        self.counter.connected = True
        connection.seat = self.seat
        connection.welcomed = True

    def sit(self, name: str, time_limit: float | None, send: Callable[[SeatMessage], None], *,
            clock: Callable[[], float] = time.monotonic, show_wait: float = 60.0,
            timed_out: Callable[[int], None] | None = None) -> WaitingSeat:
        """The engine's seat for this person in the match: it waits for their choices, keeps
        their time — from the moment their screen has shown what led to a request — and lets
        托管 (the normal AI) play while they are away or ask for it."""
        self.waiting = WaitingSeat(name, send, NormalAI(name="托管"), time_limit=time_limit,
                                   acknowledged=False, clock=clock, gate=self, show_wait=show_wait,
                                   poll=POLL, timed_out=timed_out)
        if self.user_autoplay or not self.connected:
            self.waiting.autoplay.set()
        if self.auto_win:
            self.waiting.auto_win.set()
        return self.waiting

    # -- the ShowGate of the seat's decisions (engine.table.waiting_seat) ---------------------------
    def shown(self) -> bool:
        return self.counter.shown

    def gave_up(self) -> None:
        self.counter.unseen = True

    def wake(self) -> None:
        """The client acknowledged (or came back): a decision's clock that waits for its
        showing looks again."""
        waiting = self.waiting
        if waiting is not None and waiting.pending is not None:
            waiting.put(Shown())

    def take(self, message: Choose) -> Error | None:
        """Hands the person's choice to the engine's seat; or the error that says why it cannot
        be taken (not started, not the open request, not legal)."""
        waiting = self.waiting
        if waiting is None:
            return Error(messages.NOT_NOW, "The match has not started.")
        pending = waiting.pending
        if pending is None or pending.request.id != message.request:
            return Error(messages.STALE, f"Request {message.request} is not open.")
        if message.action is not None and message.action not in pending.request.legal:
            return Error(messages.ILLEGAL, "That action is not one of the request's legal actions.")
        waiting.put(Choice(message.request, message.action))
        return None

    def set_autoplay(self, on: bool) -> bool:
        """The person switched 托管 on or off; False before the match (taken in at its start)."""
        self.user_autoplay = on
        if self.waiting is None:
            return False
        if on:
            self.waiting.hand_over()
        elif self.connected:
            self.waiting.autoplay.clear()
        return True

    def set_auto_win(self, on: bool) -> None:
        self.auto_win = on
        if self.waiting is not None:
            (self.waiting.auto_win.set if on else self.waiting.auto_win.clear)()

    def resume(self) -> None:
        """Back in play after a return: the resync shows everything at once, and 托管 hands
        the seat back unless the person asked for it."""
        self.counter.acked = self.counter.sent
        self.counter.missed = 0
        if self.waiting is not None and not self.user_autoplay:
            self.waiting.autoplay.clear()

    def state(self) -> SeatState:
        autoplay = self.waiting is not None and self.waiting.autoplay.is_set()
        return SeatState(connected=self.connected, autoplay=autoplay)

    # -- the engine's thread, under the host's lock ------------------------------------------
    def start(self, started: Started, post: Post) -> None:
        self.started = started
        self._send(started, post)

    def deliver(self, message: SeatMessage, post: Post) -> None:
        """What the engine tells this seat, as the protocol's message, numbered and kept."""
        out: Message
        if isinstance(message, DecisionRequest):
            self.last_request = message.id
            out = RequestMessage(message, message.time_limit, self._held(message.id))
        elif isinstance(message, DecisionClosed):
            out = ClosedMessage(message)
        else:
            self.counter.sent += 1
            out = EventMessage(self.counter.sent, message)
            if isinstance(message, events.HandStarted):
                del self.history[1:]  # the match's start stays
            self.history.append(out)
        self._send(out, post)

    def resync(self, states: tuple[SeatState, ...]) -> Resync:
        """All a returning client needs: the start, this hand so far, the open decision."""
        assert self.started is not None
        request = None
        pending = None if self.waiting is None else self.waiting.pending
        if pending is not None and pending.request.id == self.last_request:
            assert self.waiting is not None
            now = self.waiting.clock()
            request = RequestMessage(pending.request, pending.time_left(now), pending.held(now))
        return Resync(self.started, tuple(self.history), request, states)

    def _held(self, request: int) -> float | None:
        """How long the clock of request `request`, being sent, waits for this client's showing
        (the seat opens a request before it sends it)."""
        pending = None if self.waiting is None else self.waiting.pending
        if self.waiting is None or pending is None or pending.request.id != request:
            return None
        return pending.held(self.waiting.clock())

    def tell(self, message: Message, post: Post) -> None:
        """A message of the table's (not of the engine's seat), if the person is connected."""
        self._send(message, post)

    def _send(self, message: Message, post: Post) -> None:
        if self.connection is None:
            return
        try:
            data = frames.encode(messages.to_wire(message))
        except ValueError:  # longer than a frame: no message of the engine's should be
            log.exception("seat %d: a %s message could not be framed", self.seat, message.TYPE)
            return
        post(self.connection, data)


__all__ = ["Post", "RemoteSeat"]
