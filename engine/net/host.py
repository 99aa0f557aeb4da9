"""The LAN table's host (docs/protocol.md): the only engine, its lobby and its clients. No Qt.

Two threads: the network thread runs an asyncio loop (the TCP server, every client's
connection, the discovery answer, a timer for the lobby countdown and the heartbeats), and the
match thread runs :func:`engine.match_loop.play_match`. A person's seat is a
:class:`~engine.waiting_seat.WaitingSeat`: what the engine tells it becomes the protocol's
messages (:mod:`.remote_seat`), handed to the network thread; the client's choices come back
into it. The table never waits on a client's socket: writes are buffered and a client that
reads nothing is dropped (:mod:`.connection`); the only waits are the claim pause and the
acknowledgements of clients that show events (:mod:`.pacing`), both bounded. Frames leave the
match thread through one :mod:`.outbox`; a hello is checked by :mod:`.admission`.

State shared by the threads (the lobby, the seats, the records) is guarded by one lock;
``on_change`` is called from the network thread only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import socket
import threading
import time
import weakref
from collections.abc import Callable
from functools import partial
from typing import Any

from .. import __version__
from ..ai import make_ai
from ..events import Event
from ..hand import Hand
from ..match import HandRecord, Match
from ..match_loop import MatchHooks, play_match
from ..replay import record as replay_record
from ..seat import Seat, SeatProblem
from ..waiting_seat import Message as SeatMessage
from ..waiting_seat import SeatStopped
from ..wall_key import new_key
from . import messages
from .admission import hello_refusal, holder_of, protocol_refusal
from .connection import Connection
from .discovery import DiscoveryResponder
from .lobby import LobbyError, LobbyState
from .loop_thread import listen, run_loop
from .messages import (
    DEFAULT_PORT,
    DISCOVERY_PORT,
    NAME_CHARS,
    PROTOCOL_VERSION,
    Ack,
    Choose,
    Ended,
    Error,
    Hello,
    Leave,
    Lobby,
    Message,
    ProtocolError,
    Ready,
    Refused,
    SeatState,
    SeatStatus,
    SetAutoplay,
    SetAutoWin,
    Started,
    TableInfo,
    Welcome,
    clean_text,
)
from .outbox import Outbox
from .pacing import Pacer
from .remote_seat import RemoteSeat
from .table_config import TableConfig, join_addresses

log = logging.getLogger(__name__)

MAX_GREETING = 16  # connections that have not said hello yet, in all …
MAX_GREETING_PER_ADDRESS = 4  # … and from one address
SHUTDOWN_WAIT = 2.0  # seconds the last messages have to leave when the table closes
JOIN_WAIT = 10.0  # seconds stop() waits for each thread


class Host:
    """One LAN table, hosted: see the module's docstring and docs/protocol.md."""

    def __init__(self, config: TableConfig, bind: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 discovery_port: int | None = DISCOVERY_PORT,
                 connection_clock: Callable[[], float] = time.monotonic) -> None:
        self.config = config
        self._connection_clock = connection_clock  # the connections' rate limits and heartbeats
        self.on_change: Callable[[], None] | None = None
        self.finished = False
        self.records: list[HandRecord] = []
        # engine.replay.record() of each hand: what every client must be able to rebuild
        self.replays: list[dict[str, Any]] = []
        self.match: Match | None = None
        self.problems: list[SeatProblem] = []
        self.drops: list[tuple[int, str]] = []  # (seat, why) of each drop in play: lost, dead, slow, left
        # The kernel's send buffer per client (None: the system's, which grows to megabytes): a
        # test makes it small, so that a client that reads nothing is found out within a match.
        self.socket_buffer: int | None = None
        self._bind = bind
        self._port = port
        self._discovery_port = discovery_port
        self._lock = threading.RLock()
        self._condition = threading.Condition(self._lock)
        self._lobby = LobbyState(config.countdown)
        self._people: dict[int, RemoteSeat] = {}  # by seat
        self._connections: set[Connection] = set()  # open: not yet closing
        self._sockets: weakref.WeakSet[Connection] = weakref.WeakSet()  # every one whose socket may be up
        self._table_id = secrets.token_hex(8)
        self._addresses: tuple[str, ...] = ()
        self._started = False
        self._stopping = False
        self._done = threading.Event()  # the match has ended, or the table was stopped
        self._loop: asyncio.AbstractEventLoop | None = None
        self._net_thread: threading.Thread | None = None
        self._match_thread: threading.Thread | None = None
        self._sock: socket.socket | None = None
        self._server: asyncio.Server | None = None
        self._discovery: DiscoveryResponder | None = None
        self._change_pending = False
        self._outbox = Outbox()  # frames from the match thread, one wake-up of the loop per burst
        self._pacer = Pacer(self._condition, lambda: [p.counter for p in self._people.values()],
                            claim_pause=config.claim_pause, ack_wait=config.ack_wait)

    # -- the public face ------------------------------------------------------------------
    def start(self) -> None:
        """Bind (OSError if the port is taken) and run the table in background threads."""
        if self._sock is not None:
            raise RuntimeError("the host has been started already")
        self._sock = sock = listen(self._bind, self._port)
        port = int(sock.getsockname()[1])
        self._addresses = join_addresses(self._bind, port)
        self._loop = asyncio.new_event_loop()
        ready = threading.Event()
        failed: list[BaseException] = []
        self._net_thread = threading.Thread(target=run_loop, args=(self._loop, sock, self._new_connection,
                                                                  self._serving, ready, failed),
                                            name="lan-host-network", daemon=True)
        self._net_thread.start()
        ready.wait(JOIN_WAIT)
        if failed:
            raise failed[0]
        if self._discovery_port is not None:
            responder = DiscoveryResponder(self.info, self._discovery_port, self._bind or "0.0.0.0")
            try:
                responder.start()
                self._discovery = responder
            except OSError as exc:  # the table works without: friends type host:port
                log.warning("no discovery answers on UDP port %d: %s", self._discovery_port, exc)

    @property
    def address(self) -> tuple[str, int]:
        if self._sock is None:
            return self._bind, self._port
        host, port = self._sock.getsockname()[:2]
        return str(host), int(port)

    def info(self) -> TableInfo:
        with self._lock:
            port = self.address[1] or DEFAULT_PORT
            return TableInfo(
                id=self._table_id, name=clean_text(self.config.name, NAME_CHARS), port=port,
                room=self.config.rules.room.value, rounds=self.config.rules.rounds,
                seats_free=self._lobby.free_seats, code=bool(self.config.code), started=self._started,
                version=__version__, protocol=PROTOCOL_VERSION)

    def lobby(self) -> Lobby:
        with self._lock:
            return self._lobby.snapshot(self.info(), self.config.rules, self._addresses)

    def seat_states(self) -> tuple[SeatState, ...]:
        """Every seat's state during play (an AI's: connected, not under 托管)."""
        with self._lock:
            return tuple(p.state() if (p := self._people.get(s)) is not None else SeatState(True, False)
                         for s in range(4))

    def add_ai(self, seat: int | None = None, level: str = "normal") -> int:
        with self._lock:
            self._check_lobby()
            seat = self._lobby.add_ai(seat, level)
        self._changed()
        return seat

    def remove_ai(self, seat: int) -> None:
        with self._lock:
            self._check_lobby()
            self._lobby.remove_ai(seat)
        self._changed()

    def fill_with_ai(self, level: str = "normal") -> None:
        with self._lock:
            self._check_lobby()
            self._lobby.fill_with_ai(level)
        self._changed()

    def start_match(self) -> None:
        """The host's "start": every seat must be taken (LobbyError otherwise); all are made ready."""
        with self._lock:
            self._check_lobby()
            self._lobby.make_all_ready()
        self._changed()

    def stop(self, message: str = "The host closed the table.") -> None:
        """Close the table: `end host_quit` to every client, the match stopped, the threads joined."""
        with self._lock:
            if self._stopping:
                first = False
            else:
                first = self._stopping = True
            people = list(self._people.values())
        if first:
            if self._discovery is not None:
                self._discovery.stop()  # gone from the list at once
            self._pacer.stop()
            for person in people:
                if person.waiting is not None:
                    person.waiting.stop()
            loop = self._loop
            if loop is not None and self._net_thread is not None and self._net_thread.is_alive():
                future = asyncio.run_coroutine_threadsafe(self._shut_down(message), loop)
                if threading.current_thread() is not self._net_thread:
                    try:
                        future.result(JOIN_WAIT)
                    except Exception:  # the loop is gone already: nothing more to say to anyone
                        log.exception("closing the table")
        current = threading.current_thread()
        for thread in (self._match_thread, self._net_thread):
            if thread is not None and thread is not current:
                thread.join(JOIN_WAIT)
        self._done.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the match ends (or the table is stopped); True once the match has finished."""
        self._done.wait(timeout)
        return self.finished

    # -- the network thread: set-up and shut-down -----------------------------------------
    def _serving(self, server: asyncio.Server) -> None:
        self._server = server
        server.get_loop().call_soon(self._tick)

    def _new_connection(self) -> Connection:
        connection = Connection(self, out_limit=self.config.out_limit, socket_buffer=self.socket_buffer,
                                clock=self._connection_clock)
        self._sockets.add(connection)
        return connection

    async def _shut_down(self, message: str) -> None:
        if self._server is not None:
            self._server.close()
        for conn in list(self._connections):
            conn.close(Ended(messages.END_HOST_QUIT, message) if conn.welcomed else None)
        closing = list(self._sockets)  # those closed before and still sending their last words too
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SHUTDOWN_WAIT
        while any(not c.lost for c in closing) and loop.time() < deadline:
            await asyncio.sleep(0.01)
        for conn in closing:
            conn.abort()
        loop.call_soon(loop.stop)

    def _tick(self) -> None:
        """The lobby's countdown and the heartbeats, a few times a second."""
        if self._loop is None or self._loop.is_closed():
            return
        with self._lock:
            counted_down = not self._started and self._lobby.tick()
        if counted_down:
            self._changed()
        for conn in list(self._connections):
            conn.heartbeat(self.config.heartbeat, self.config.dead_after)
        interval = max(0.02, min(0.25, self.config.heartbeat / 4, self.config.dead_after / 8))
        self._loop.call_later(interval, self._tick)

    # -- connections (the network thread) -------------------------------------------------
    def opened(self, connection: Connection) -> None:
        greeting = [c for c in self._connections if not c.welcomed and not c.closing]
        if self._stopping:
            connection.close()
            return
        if len(greeting) >= MAX_GREETING or \
                sum(c.peer == connection.peer for c in greeting) >= MAX_GREETING_PER_ADDRESS:
            connection.close(Refused(messages.REFUSE_BUSY, "Too many connections are joining this table; "
                                                           "try again in a moment."))
            return
        self._connections.add(connection)
        assert self._loop is not None
        self._loop.call_later(self.config.handshake_timeout, self._hello_deadline, connection)

    def _hello_deadline(self, connection: Connection) -> None:
        if not connection.welcomed and not connection.closing:
            connection.close(Refused(messages.REFUSE_TIMEOUT,
                                     f"No hello within {self.config.handshake_timeout:g} seconds."))

    def closed(self, connection: Connection) -> None:
        self._connections.discard(connection)
        seat = connection.seat
        if seat is None:
            return
        with self._lock:
            person = self._people.get(seat)
            if person is None or person.connection is not connection:
                return  # replaced by a return with its token
            person.connection = None
            person.counter.connected = False
            self._pacer.changed()
            if self.finished or self._stopping:
                return  # the table is over: no one is dropped from it
            if not self._started:  # a person who goes before the start gives the seat up
                del self._people[seat]
                self._lobby.leave(seat)
                status = None
            else:
                if person.waiting is not None:
                    person.waiting.hand_over()
                status = SeatStatus(seat, person.state())
                self.drops.append((seat, connection.end_reason or "lost"))
        log.info("seat %d (%s) dropped: %s", seat, person.name, connection.end_reason or "connection lost")
        if status is not None:
            self._broadcast(status)
        self._changed()

    def invalid(self, connection: Connection, error: ProtocolError, body: dict[str, object]) -> None:
        if connection.welcomed:
            connection.send(Error(error.code, str(error)[:300]))
            return
        theirs = body.get("protocol")
        if body.get("type") == "hello" and isinstance(theirs, int) and theirs != PROTOCOL_VERSION:
            connection.close(protocol_refusal(theirs))
        else:
            connection.close(Refused(messages.REFUSE_BAD_HELLO, f"Not a good hello: {str(error)[:200]}"))

    def received(self, connection: Connection, message: Message) -> None:
        if not connection.welcomed:
            if isinstance(message, Hello):
                self._hello(connection, message)
            else:
                connection.close(Refused(messages.REFUSE_BAD_HELLO, "The first message must be a hello."))
            return
        person = self._person(connection)
        if person is None:
            return
        if isinstance(message, Choose):
            if (error := person.take(message)) is not None:
                connection.send(error)
        elif isinstance(message, Ack):
            if self._started:
                self._pacer.ack(person.counter, message.n)
            else:
                connection.send(Error(messages.NOT_NOW, "There is nothing to acknowledge before the start."))
        elif isinstance(message, Ready):
            self._ready(connection, person, message.ready)
        elif isinstance(message, Leave):
            connection.close(Ended(messages.END_LEFT, "You left the table."))
        elif isinstance(message, SetAutoplay):
            self._autoplay(person, message.on)
        elif isinstance(message, SetAutoWin):
            with self._lock:
                person.set_auto_win(message.on)
        else:  # a second hello
            connection.send(Error(messages.NOT_NOW, f"A {message.TYPE} has no place now."))

    def _person(self, connection: Connection) -> RemoteSeat | None:
        with self._lock:
            person = None if connection.seat is None else self._people.get(connection.seat)
            return person if person is not None and person.connection is connection else None

    # -- the hello ------------------------------------------------------------------------
    def _hello(self, connection: Connection, hello: Hello) -> None:
        refusal: Refused | None = hello_refusal(hello, self.config.code)
        if refusal is not None:
            connection.close(refusal)
            return
        if hello.token is not None:
            self._return(connection, hello)
            return
        with self._lock:
            if self.finished:
                refusal = Refused(messages.REFUSE_OVER, "The match at this table is over.")
            elif self._started or self._stopping:
                refusal = Refused(messages.REFUSE_STARTED, "The match at this table has started.")
            elif (seat := self._lobby.join(hello.name, hello.title)) is None:
                refusal = Refused(messages.REFUSE_FULL, "Every seat at this table is taken.")
            else:
                person = RemoteSeat(seat, secrets.token_hex(16), hello.name, hello.title, hello.shows)
                self._people[seat] = person
                person.attach(connection, hello.shows)
                connection.send(Welcome(seat, person.token, self.info(), resumed=False))
                log.info("seat %d: %s joined from %s", seat, hello.name, connection.peer)
                refusal = None
        if refusal is not None:
            connection.close(refusal)
            return
        self._changed()

    def _return(self, connection: Connection, hello: Hello) -> None:
        """A hello with a token: the seat's person comes back (or a second connection of theirs)."""
        assert hello.token is not None
        status = None
        with self._lock:
            person = holder_of(hello.token, self._people.values())
            if person is None:
                connection.close(Refused(messages.REFUSE_UNKNOWN_TOKEN,
                                         "This table never gave out that token."))
                return
            if self.finished or self._stopping:
                connection.close(Refused(messages.REFUSE_OVER, "The match at this table is over."))
                return
            old = person.connection
            if old is not None:
                old.seat = None  # its close is no drop: the seat goes on with the new connection
            person.attach(connection, hello.shows)
            if not self._started:
                connection.send(Welcome(person.seat, person.token, self.info(), resumed=False))
            else:
                person.resume()
                connection.send(Welcome(person.seat, person.token, self.info(), resumed=True))
                connection.send(person.resync(self.seat_states()))
                status = SeatStatus(person.seat, person.state())
            self._pacer.changed()
        log.info("seat %d: %s is back from %s", person.seat, person.name, connection.peer)
        if old is not None:
            old.close(Ended(messages.END_REPLACED, "Your seat was taken up on another connection."))
        if status is not None:
            self._broadcast(status)
        self._changed()

    # -- messages of a seated client --------------------------------------------------------
    def _ready(self, connection: Connection, person: RemoteSeat, ready: bool) -> None:
        with self._lock:
            if self._started:
                refused = True
            else:
                refused = False
                self._lobby.set_ready(person.seat, ready)
        if refused:
            connection.send(Error(messages.NOT_NOW, "The match has started."))
        else:
            self._changed()

    def _autoplay(self, person: RemoteSeat, on: bool) -> None:
        with self._lock:
            if not person.set_autoplay(on):
                return  # taken into the match at its start
            status = SeatStatus(person.seat, person.state())
        self._broadcast(status)
        self._changed()

    # -- changes and broadcasts ---------------------------------------------------------------
    def _check_lobby(self) -> None:
        if self._started or self._stopping:
            raise LobbyError("the match has started" if self._started else "the table is closed")

    def _call(self, callback: Callable[[], None]) -> None:
        """Run `callback` in the network thread (now, if this is it)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        if threading.current_thread() is self._net_thread:
            callback()
        else:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(callback)

    def _changed(self) -> None:
        """The lobby or the table changed: a lobby to everyone (before the start), the match
        started when all are ready, ``on_change`` told. Changes close together make one."""
        if self._loop is None:  # not started yet: only the owner can be told
            self._tell_owner()
            return
        with self._lock:
            if self._change_pending:
                return
            self._change_pending = True
        loop = self._loop
        try:
            loop.call_soon_threadsafe(self._after_change)
        except RuntimeError:
            with self._lock:
                self._change_pending = False

    def _after_change(self) -> None:
        with self._lock:
            self._change_pending = False
            start = not self._started and not self._stopping and self._lobby.all_ready
            if start:
                self._started = True
            lobby = None if self._started and not start else self.lobby()
        if lobby is not None:
            self._broadcast(lobby)
        if start:
            self._start_match()
        self._tell_owner()

    def _tell_owner(self) -> None:
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:  # the owner's failure is not the table's
                log.exception("on_change failed")

    def _broadcast(self, message: Message) -> None:
        for conn in list(self._connections):
            if conn.welcomed and not conn.closing:
                conn.send(message)

    def _post(self, connection: Connection, data: bytes) -> None:
        """Hand a frame to a connection, from the match thread; frames keep their order."""
        if self._loop is not None:
            self._outbox.post(self._loop, connection, data)

    # -- the match ----------------------------------------------------------------------------
    def _start_match(self) -> None:
        config = self.config
        rules = config.rules
        with self._lock:
            if config.seed is None:
                seed, wall_key = secrets.randbits(63), new_key()
            else:
                seed, wall_key = config.seed, None
            slots = self._lobby.seats
            names = tuple(slot.name for slot in slots)
            titles = tuple(slot.title for slot in slots)
            self.match = match = Match(rules, seed, names, wall_key)
            seats: list[Seat] = []
            for index, slot in enumerate(slots):
                person = self._people.get(index)
                if person is None:
                    seats.append(make_ai(slot.level or "normal", seed=secrets.randbits(32) if wall_key
                                         else seed + index, name=slot.name))
                    continue
                seats.append(person.sit(slot.name, rules.time_limit, partial(self._deliver, person)))
                person.start(Started(index, names, titles, rules), self._post)
        log.info("the match starts: %s", ", ".join(names))
        self._match_thread = threading.Thread(target=self._play, args=(match, seats), name="lan-host-match",
                                              daemon=True)
        self._match_thread.start()

    def _deliver(self, person: RemoteSeat, message: SeatMessage) -> None:
        with self._lock:
            person.deliver(message, self._post)
            if isinstance(message, Event):
                self._pacer.sent(message)

    def _before_decision(self, seat: int) -> None:
        person = self._people.get(seat)
        if person is not None and person.waiting is not None and not person.waiting.autoplay.is_set():
            self._pacer.before_decision()

    def _hand_ended(self, hand: Hand, record: HandRecord) -> None:
        with self._lock:
            self.records.append(record)
            self.replays.append(replay_record(hand, self.match.names if self.match else ()))
        self._changed()

    def _problem(self, problem: SeatProblem) -> None:
        with self._lock:
            self.problems.append(problem)

    def _play(self, match: Match, seats: list[Seat]) -> None:
        hooks = MatchHooks(observer=self._pacer.before_event, before_decision=self._before_decision,
                           hand_ended=self._hand_ended, stop=lambda: self._stopping, on_problem=self._problem)
        failure = None
        try:
            play_match(match, seats, hooks)
        except SeatStopped:
            pass
        except Exception as exc:  # a bug: the clients are told the table stopped
            log.exception("the match failed")
            failure = f"{type(exc).__name__}: {str(exc)[:200]}"
        with self._lock:
            self.finished = match.over and failure is None
        self._call(partial(self._match_over, failure))
        if self._loop is None or self._loop.is_closed():
            self._done.set()

    def _match_over(self, failure: str | None) -> None:
        if self.finished:
            ending = Ended(messages.END_FINISHED, "The match is over.")
        elif not self._stopping:
            ending = Ended(messages.END_HOST_QUIT, f"The host's table stopped ({failure or 'no reason'}).")
        else:
            ending = None
        if ending is not None:
            for conn in list(self._connections):
                if conn.welcomed:
                    conn.close(ending)
        self._done.set()
        self._tell_owner()


__all__ = ["DEFAULT_PORT", "DISCOVERY_PORT", "Host", "LobbyError", "TableConfig"]
