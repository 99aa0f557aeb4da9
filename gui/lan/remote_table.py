"""A table hosted on another computer (or by this one's host): the LAN client behind the table
widget's one seam.

The client's reader thread hands every message to a :class:`gui.lan.bridge.MessageBridge`;
here, in the GUI thread, they wait in a queue of their own and go to the widget one event at a
time, as the local table's do: an event, then nothing until the widget has shown it (``ack``),
which is then acknowledged to the host. A request or a closing waits for its turn behind the
events before it, and a request's time is what the host gave minus the time it waited here.

Seats: the host's numbers arrive; the widget gets everything turned so that this player sits at
0 (:func:`engine.net.relative.relative`). A hand is saved from the host's own numbers (its start and
end), with the player's seat, before its end is shown — so the profile counts LAN hands too.

A watcher's table (观战, ``watching``): the same stream, the public's view of it from seat 0's
side; nothing goes back (no acknowledgement, no choice: the host never waits for a watcher)
and no hand is saved to the profile (it is not the player's).

快捷语: a ``said`` goes to the widget at once (``said``), not behind the events.

A return: when the connection drops during play, the client tries to come back in a thread of
its own, waiting longer after each failed try (:data:`RECONNECT_DELAYS`: 12 tries over about a
minute and a half, long enough for a host to restart its program and reopen the table); the
table says 重新连接中 with the try's number (``reconnecting``) and the player may give up
(:meth:`RemoteTable.give_up`: the seat stays kept for 回到局域网牌桌). The host then sends a
resync and the table is drawn again, at once, from the start of the hand. When the table refuses
the seat (its match is over, it does not know the token), ``seat_lost`` says the kept seat is
worth nothing any more; a table that does not answer after the last try keeps it (its host may
reopen it later).
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Protocol

from PySide6.QtCore import QObject, Signal

from engine.game import events as ev
from engine.game.actions import Action
from engine.net import messages as m
from engine.net.client import Disconnected, JoinRefused
from engine.net.relative import relative
from engine.records.replay import record_from_events
from engine.table.match import over_after
from gui.i18n import tr
from gui.lan.bridge import MessageBridge
from gui.lan.words import end_text, refusal_text
from gui.parts.connection import HandSaved, Readiness, TableConnection, TurnAsked

log = logging.getLogger(__name__)

# seconds between two tries to come back (a try itself may take up to the client's timeout, 5 s)
RECONNECT_DELAYS: tuple[float, ...] = (1.0, 2.0, 4.0, 8.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0)


class ClientLike(Protocol):
    """What the table needs of :class:`engine.net.client.Client` (tests pass their own)."""

    def send(self, message: m.Message) -> None: ...
    def reconnect(self) -> m.Welcome: ...
    def close(self) -> None: ...


class _Returns(QObject):
    """The reconnecting thread's outcome, queued to the GUI thread."""

    back = Signal()
    gave_up = Signal(str, bool)  # the words, and whether the seat is gone for good
    trying = Signal(int)  # the number of the try under way


_CAUGHT_UP = object()  # in the queue after a resync's events: the player's speed again
_HURRIED = object()  # in the queue after what the table played behind a result left open


class RemoteTable(TableConnection):
    """The match at a LAN table, from the moment it started (its ``Started`` message)."""

    remote = True
    waits_between_hands = True
    seat_lost = Signal()  # the table is gone or no longer takes this seat: forget the kept one

    def __init__(self, client: ClientLike, bridge: MessageBridge, started: m.Started,
                 delays: Sequence[float] = RECONNECT_DELAYS, watching: bool = False) -> None:
        super().__init__()
        self.watching = watching
        self.client = client
        self.bridge = bridge
        self.seat = started.seat
        self.rules = started.rules
        self.names = tuple(started.names)
        self.delays = tuple(delays)  # the waits between tries: one try more than waits
        self._give_up = threading.Event()
        self._queue: deque[tuple[float, object]] = deque()
        self._shown: int | None = None  # the number of the event on screen, not yet acknowledged
        self._started = False
        self._over = False  # the table has ended for us (finished, failed or left)
        self._first_dealer: int | None = None
        self._hand_start: ev.HandStarted | None = None  # the host's numbers
        self._saved_hands: set[int] = set()  # hand numbers counted (a resync shows one again)
        self._returning = False
        self._ending = False  # the match's end has come: what follows is its goodbye
        self._first: tuple[float, m.Resync] | None = None  # a resync to draw the table from at start
        self._ended_shown = False  # the event on screen is a hand's end (its result open)
        self._acked_at = 0.0  # when the last event shown was acknowledged: the host's clock of a
        # request it sent before that starts from then (docs/protocol.md, "Between hands")
        self._returns = _Returns(self)
        self._returns.back.connect(self._came_back)
        self._returns.gave_up.connect(self._lost)
        self._returns.trying.connect(self._trying)
        bridge.arrived.connect(self._take)

    # -- TableConnection ---------------------------------------------------------------------------
    def start(self) -> None:
        self._started = True
        first, self._first = self._first, None
        if first is not None:
            later = list(self._queue)  # live messages that came in behind the resync
            self._resync(*first)
            self._queue.extend(later)
        self._take()

    def ack(self) -> None:
        if self._shown is None:
            return  # a dialog closed after a resync: that event is gone
        if not self.watching:
            self.client.send(m.Ack(self._shown))
        self._acked_at = self.bridge.clock()
        self._shown = None
        if self._ended_shown and any(isinstance(q, m.RequestMessage) for _t, q in self._queue):
            # the result was left open, the table went on and this player's turn waits behind
            # it: what the table played meanwhile at once, up to what has come so far (QA: the
            # deal's animations ate the turn's last seconds). Without a turn waiting they play at
            # the player's speed: no clock runs before they are shown.
            self.hurrying.emit(True)
            self._queue.append((self._acked_at, _HURRIED))
        self._ended_shown = False
        self._pump()

    def choose(self, request: int, action: Action | None) -> None:
        self._send_as_player(m.Choose(request, action))

    def next_hand(self) -> None:
        self.client.send(m.Next())

    def set_autoplay(self, on: bool) -> None:
        self._send_as_player(m.SetAutoplay(on))

    def set_auto_win(self, on: bool) -> None:
        self._send_as_player(m.SetAutoWin(on))

    def say(self, code: str) -> None:
        self._send_as_player(m.Say(code))

    def _send_as_player(self, message: m.Message) -> None:
        if not self.watching:  # a watcher plays no seat: the host would refuse it
            self.client.send(message)

    def stop(self, timeout_ms: int = 5000) -> bool:
        """Leave: 托管 plays the seat from now on (the host is told at once)."""
        if not self._over:
            self._over = True
            self.client.send(m.Leave())
        self.client.close()
        self._queue.clear()
        return True

    @property
    def running(self) -> bool:
        return self._started and not self._over

    # -- messages ----------------------------------------------------------------------------------
    def _take(self) -> None:
        """Everything the bridge holds: drops, returns and ends act at once, the rest queues."""
        while (item := self.bridge.take()) is not None:
            if self._over:
                continue
            at, message = item
            if isinstance(message, Disconnected):
                self._dropped(message.reason)
            elif isinstance(message, m.Resync):
                self._resync(at, message)
            elif isinstance(message, m.SeatStatus):
                state = message.state
                self.seat_state.emit(self._mine(message.seat), state.connected, state.autoplay)
            elif isinstance(message, m.Ended) and message.reason != m.END_FINISHED:
                self._fail(end_text(message.reason, message.message))
            elif isinstance(message, m.Between):
                ready = tuple(message.ready[(self.seat + s) % 4] for s in range(4))  # 0 is me
                self.between.emit(Readiness(message.hand, ready, message.seconds, at))
            elif isinstance(message, m.Said):
                self.said.emit(self._mine(message.seat), message.phrase)
            elif isinstance(message, m.Error):
                log.warning("the host refused a message: %s %s", message.code, message.message)
            elif isinstance(message, m.EventMessage | m.RequestMessage | m.ClosedMessage | m.Ended):
                if isinstance(message, m.RequestMessage):  # (shown later: see TurnAsked)
                    self.turn_asked.emit(TurnAsked(at, message.held, message.time_left))
                if isinstance(message, m.Ended):
                    self._ending = True  # the host closes next: no drop to come back from
                self._queue.append((at, message))
        self._pump()

    def _mine(self, seat: int) -> int:
        """A host's seat number as this player sees it (0 is the player)."""
        return (seat - self.seat) % 4

    def _pump(self) -> None:
        """Hand the widget what is next, up to the next event to be shown."""
        while self._started and not self._over and self._shown is None and self._queue:
            at, message = self._queue.popleft()
            if isinstance(message, m.EventMessage):
                self._show(message)
            elif isinstance(message, m.RequestMessage):
                self._ask(at, message)
            elif isinstance(message, m.ClosedMessage):
                self.decision_closed.emit(message.closed)
            elif isinstance(message, m.Ended):
                self._over = True
                self.client.close()
                self.finished.emit()
            elif message is _CAUGHT_UP:
                self.resyncing.emit(False)
            elif message is _HURRIED:
                self.hurrying.emit(False)

    def _show(self, message: m.EventMessage) -> None:
        event = message.event
        if isinstance(event, ev.MatchStarted):
            self._first_dealer = event.first_dealer
            self.link_notice.emit("")  # (a reopened table that waited for its people goes on)
        elif isinstance(event, ev.HandStarted):
            self._hand_start = event
        elif isinstance(event, ev.HandEnded):
            self._save(event)  # before the end is shown: leaving at the result loses nothing
        self._ended_shown = isinstance(event, ev.HandEnded)
        self._shown = message.n
        self.event_ready.emit(relative(event, self.seat))

    def _ask(self, at: float, message: m.RequestMessage) -> None:
        request = message.request
        if any(isinstance(q, m.ClosedMessage) and q.closed.id == request.id for _t, q in self._queue):
            return  # its time ran out while the events before it were shown
        if message.time_left is not None:
            # the host's clock ran from the later of its asking and our showing what led to it,
            # or from the end of its hold (``held``) if we were not showing by then
            started = max(at, self._acked_at)
            if message.held is not None:
                started = min(started, at + message.held)
            waited = self.bridge.clock() - started
            request = replace(request, time_limit=max(0.0, message.time_left - waited))
        self.decision_needed.emit(relative(request, self.seat))

    def _save(self, ended: ev.HandEnded) -> None:
        started = self._hand_start
        if started is None or started.hand_number in self._saved_hands or self.watching:
            return
        try:
            played_at = datetime.now().isoformat(timespec="seconds")
            record = record_from_events(self.rules, started, ended, self.names, played_at)
        except ValueError as exc:  # no seed revealed: nothing to replay, nothing to count
            log.warning("hand %d not saved: %s", started.hand_number, exc)
            return
        self._saved_hands.add(started.hand_number)
        first = self._first_dealer if self._first_dealer is not None else started.dealer
        over = over_after(self.rules.rounds, first, started, ended)
        self.hand_saved.emit(HandSaved(record, None, over, seat=self.seat))

    # -- drops and returns -------------------------------------------------------------------------
    def resume(self, at: float, message: m.Resync) -> None:
        """A return from an earlier run of the program (its seat kept): the resync that came
        with the welcome, before this table existed. Call it before :meth:`start`: the table is
        drawn from it first, and the messages that followed it on the wire come after."""
        self._first = (at, message)

    def _resync(self, at: float, message: m.Resync) -> None:
        """Draw the table again from what the host sends: its own state first, so that a
        dialog the widget closes now cannot acknowledge an event of the new stream."""
        self._queue.clear()
        self._shown = None
        self.seat = message.started.seat
        self._hand_start = None
        # no events yet: a reopened table waits for its people before it deals
        self.link_notice.emit("" if message.events else tr("lan.reopen.waiting"))
        self.resyncing.emit(True)
        for seat, state in enumerate(message.states):
            self.seat_state.emit(self._mine(seat), state.connected, state.autoplay)
        for event in message.events:
            self._queue.append((at, event))
        if message.request is not None:
            self._queue.append((at, message.request))
        self._queue.append((at, _CAUGHT_UP))

    @property
    def attempts(self) -> int:
        """How many tries to come back after a drop."""
        return len(self.delays) + 1

    def _dropped(self, reason: str) -> None:
        if self._ending or self._returning:
            return
        log.warning("connection to the table lost (%s): reconnecting", reason)
        self._returning = True
        self._give_up.clear()
        self._trying(1)
        threading.Thread(target=self._reconnect, name="lan-reconnect", daemon=True).start()

    def _reconnect(self) -> None:
        """In its own thread: try to come back until the table takes us, refuses us, the tries
        run out or the player gives up; a longer wait after each failed try."""
        why = ""
        refused = False  # the host's computer answered, but nothing listens there any more
        for attempt in range(1, self.attempts + 1):
            if self._over or self._give_up.is_set():
                return
            if attempt > 1:
                self._returns.trying.emit(attempt)
            try:
                self.client.reconnect()
            except JoinRefused as exc:  # the table no longer knows us, or its match is over
                reason = refusal_text(exc.code, exc.message, exc.retry_after)
                self._returns.gave_up.emit(tr("lan.reconnect_refused", reason=reason), True)
                return
            except OSError as exc:  # TimeoutError is one
                why = str(exc) or type(exc).__name__
                refused = isinstance(exc, ConnectionRefusedError)
                if attempt < self.attempts and self._give_up.wait(self.delays[attempt - 1]):
                    return  # the player gave up meanwhile
                continue
            self._returns.back.emit()
            return
        # the seat stays kept: a host whose program died may reopen the table later
        self._returns.gave_up.emit(tr("lan.reconnect_gone") if refused
                                   else tr("lan.reconnect_failed", reason=why or "—"), False)

    def _trying(self, attempt: int) -> None:
        if not self._returning or self._over:
            return
        self.link_notice.emit(tr("lan.reconnecting", attempt=attempt, attempts=self.attempts))
        self.reconnecting.emit(attempt, self.attempts)

    def give_up(self) -> None:
        """The player stops waiting for the table: it goes on with 托管 for the seat, which stays
        kept for 回到局域网牌桌."""
        if not self._returning or self._over:
            return
        self._give_up.set()
        self._fail(tr("lan.reconnect_given_up"))

    def _came_back(self) -> None:
        self._returning = False
        self.link_notice.emit("")  # the resync follows
        self.reconnecting.emit(0, 0)

    def _lost(self, text: str, gone: bool) -> None:
        if self._over:
            return
        if gone:
            self.seat_lost.emit()
        self._fail(text)

    def _fail(self, text: str) -> None:
        self._returning = False
        if self._over:
            return
        self._over = True
        self.client.close()
        self.link_notice.emit("")
        self.reconnecting.emit(0, 0)
        self.failed.emit(text)


def on_each(bridge: MessageBridge, handle: Callable[[float, object], bool]) -> None:
    """Give `handle` the bridge's messages one by one until it returns False (that message is
    its last: what follows stays for the next reader)."""
    while (item := bridge.take()) is not None:
        if not handle(*item):
            return


__all__ = ["RECONNECT_DELAYS", "ClientLike", "RemoteTable", "on_each"]
