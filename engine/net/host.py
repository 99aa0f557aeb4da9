"""The LAN table's host (docs/protocol.md): the only engine, its lobby and its clients. No Qt.

Two threads: the network thread runs an asyncio loop (the TCP server, every client's
connection, the discovery answer, a timer for the lobby countdown and the heartbeats), and the
match thread runs :func:`engine.table.match_loop.play_match`. A person's seat is a
:class:`~engine.table.waiting_seat.WaitingSeat`: what the engine tells it becomes the protocol's
messages (:mod:`.remote_seat`), handed to the network thread; the client's choices come back
into it. The table never waits on a client's socket: writes are buffered and a client that
reads nothing is dropped (:mod:`.connection`); the only waits are the claim pause and the
acknowledgements of clients that show events (:mod:`.pacing`), both bounded, and the wait
between hands for every seat to be ready (:mod:`.between`, bounded by its countdown). A
decision's clock starts once its client has shown what led to it (:mod:`.remote_seat`). Frames
leave the match thread through one :mod:`.outbox`; a hello is checked by :mod:`.admission`, with
what the :mod:`.door` remembers of wrong codes, leaves and removals, and :mod:`.greeting` keeps
room for every address among the connections that have not said hello yet.

State shared by the threads (the lobby, the seats, the records) is guarded by one lock;
``on_change`` is called from the network thread only.

:class:`Host` coordinates; each concept has its module: connections until their hello and
the hello itself in :mod:`.reception`, the seated people's messages and drops in :mod:`.seated`,
the match thread and its hooks in :mod:`.match_thread`, the table kept for a reopening in
:mod:`.table_save`, watchers in :mod:`.watchers` and 快捷语 in :mod:`.talk`. What stays here: the
public face (the lobby's commands, start and stop), the network thread's set-up, heartbeats and
shut-down, where each message goes, and the broadcasts of changes.
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
from dataclasses import replace
from functools import partial
from typing import Any

from engine import __version__
from engine.net import messages
from engine.net.admission import protocol_refusal
from engine.net.between import BetweenHands
from engine.net.connection import Connection
from engine.net.discovery import DiscoveryResponder
from engine.net.door import Door, DoorNotice
from engine.net.lobby import LobbyError, LobbyState
from engine.net.loop_thread import listen, run_loop
from engine.net.match_thread import MatchThread
from engine.net.messages import (
    DEFAULT_PORT,
    DISCOVERY_PORT,
    NAME_CHARS,
    PROTOCOL_VERSION,
    Ended,
    Error,
    Hello,
    Lobby,
    Message,
    ProtocolError,
    Refused,
    SeatState,
    TableInfo,
    clean_text,
)
from engine.net.outbox import Outbox
from engine.net.pacing import Pacer
from engine.net.reception import Reception
from engine.net.remote_seat import RemoteSeat
from engine.net.seated import SeatedClients
from engine.net.table_config import TableConfig, join_addresses
from engine.net.table_save import SavedTable, TableKeeper, TableSaver, restored_seats
from engine.net.talk import SayLimit
from engine.net.watchers import Watchers, from_watcher
from engine.table.match import HandRecord, Match
from engine.table.seat import SeatProblem

log = logging.getLogger(__name__)

SHUTDOWN_WAIT = 2.0  # seconds the last messages have to leave when the table closes
JOIN_WAIT = 10.0  # seconds stop() waits for each thread
RETURN_WAIT = 120.0  # seconds a reopened table waits for its people before 托管 plays the absent


class Host:
    """One LAN table, hosted: see the module's docstring and docs/protocol.md."""

    def __init__(self, config: TableConfig, bind: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 discovery_port: int | None = DISCOVERY_PORT,
                 clock: Callable[[], float] | None = None, *, saver: TableSaver | None = None,
                 table_id: str | None = None,
                 connection_clock: Callable[[], float] = time.monotonic) -> None:
        """`clock` (else ``config.clock``): the table's one clock — the lobby's countdown, the
        door's waits, the wait between hands and every decision's time (tests turn it by hand).
        `saver`: where the match is kept at its start and after every hand, so that the table
        can be opened again (:meth:`reopen`) if this program dies; cleared when the match ends."""
        if clock is not None:
            config = replace(config, clock=clock)
        clock = config.clock
        self.config = config
        self._connection_clock = connection_clock  # the connections' rate limits and heartbeats
        self.saver = saver
        self.own_seat: int | None = None  # the seat of the player whose window hosts (kept with the table)
        self.standings: list[tuple[int, ...]] = []  # the scores after each hand played here
        self.on_change: Callable[[], None] | None = None
        self.finished = False
        self.records: list[HandRecord] = []
        # engine.records.replay.record() of each hand: what every client must be able to rebuild
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
        self._lobby = LobbyState(config.countdown, clock)
        self._door = Door(config.door, clock)
        self._locked = False  # the host's lock: no new players
        self._people: dict[int, RemoteSeat] = {}  # by seat
        self._watchers = Watchers()  # 观战: they see what the public sees
        self.say_limit = SayLimit()  # 快捷语 per seat (a test gives it a clock of its own)
        self._connections: set[Connection] = set()  # open: not yet closing
        self._sockets: weakref.WeakSet[Connection] = weakref.WeakSet()  # every one whose socket may be up
        self._table_id = table_id or secrets.token_hex(8)
        self._reopened: SavedTable | None = None  # a table opened again: the match waits for its people
        self._return_wait = RETURN_WAIT
        self._return_deadline: float | None = None
        self._addresses: tuple[str, ...] = ()
        self._started = False
        self._stopping = False
        self._done = threading.Event()  # the match has ended, or the table was stopped
        self._loop: asyncio.AbstractEventLoop | None = None
        self._net_thread: threading.Thread | None = None
        self._sock: socket.socket | None = None
        self._server: asyncio.Server | None = None
        self._discovery: DiscoveryResponder | None = None
        self._change_pending = False
        self._outbox = Outbox()  # frames from the match thread, one wake-up of the loop per burst
        self._pacer = Pacer(self._condition, lambda: [p.counter for p in self._people.values()],
                            claim_pause=config.claim_pause, ack_wait=config.ack_wait)
        self._between = BetweenHands(self._condition, config.between_wait, config.clock)
        self._keeper = TableKeeper(saver, self._table_id)  # the table kept on disk for a reopening
        self._reception = Reception(self)  # connections until their hello, and the hello
        self._seated = SeatedClients(self)  # the seated people's messages and drops
        self._match_runner = MatchThread(self)  # the match, in a thread of its own

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
        if self._reopened is not None:
            self._return_deadline = time.monotonic() + self._return_wait
        if self._discovery_port is not None:
            responder = DiscoveryResponder(self.info, self._discovery_port, self._bind or "0.0.0.0")
            try:
                responder.start()
                self._discovery = responder
            except OSError as exc:  # the table works without: friends type host:port
                log.warning("no discovery answers on UDP port %d: %s", self._discovery_port, exc)

    @classmethod
    def reopen(cls, saved: SavedTable, bind: str = "0.0.0.0", discovery_port: int | None = DISCOVERY_PORT,
               saver: TableSaver | None = None, return_wait: float = RETURN_WAIT) -> Host:
        """The table kept in `saved`, opened again on its port with its id: every person's token
        brings them back to their seat. The match goes on (the hand that was being played dealt
        afresh) once all of them are back, or after `return_wait` seconds with 托管 for the
        absent, or when :meth:`start_match` is called."""
        host = cls(saved.config, bind=bind, port=saved.port, discovery_port=discovery_port, saver=saver,
                   table_id=saved.table_id)
        host._reopened = saved
        host._return_wait = return_wait
        host._started = True  # no one new sits down: a hello without a token is refused `started`
        host.own_seat = saved.own_seat
        for index, (lobby_seat, person) in enumerate(restored_seats(saved)):
            host._lobby.place(index, lobby_seat)
            if person is not None:  # (their start is told in their return's resync)
                host._people[index] = person
        return host

    @property
    def reopened(self) -> bool:
        """Opened again from a saved table (its match goes on from there)."""
        return self._reopened is not None

    def waiting_for(self) -> tuple[int, ...]:
        """The seats a reopened table still waits for before it deals (none once it plays)."""
        with self._lock:
            if self._reopened is None or self.match is not None:
                return ()
            return tuple(s for s, p in sorted(self._people.items()) if not p.connected)

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
            lobby = self._lobby.snapshot(self.info(), self.config.rules, self._addresses)
            return replace(lobby, watchers=self._watchers.names())

    @property
    def watchers(self) -> tuple[str, ...]:
        """The names of those watching (观战), in the order they came."""
        with self._lock:
            return self._watchers.names()

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
        """The host's "start": every seat must be taken (LobbyError otherwise); all are made ready.
        A reopened table goes on at once, 托管 playing for whoever is not back."""
        with self._lock:
            if self._reopened is not None and self.match is None and not self._stopping:
                self._return_deadline = 0.0
                return
            self._check_lobby()
            self._lobby.make_all_ready()
        self._changed()

    @property
    def locked(self) -> bool:
        return self._locked

    def set_locked(self, locked: bool) -> None:
        """Lock the lobby (hellos without a token are refused `locked`) or open it again."""
        with self._lock:
            self._check_lobby()
            changed, self._locked = self._locked != locked, locked
        if changed:
            log.info("the lobby is %s", "locked" if locked else "open again")
            self._changed()

    def remove(self, seat: int) -> None:
        """Before the start, send the person in `seat` away (`end removed`): they may not take a
        seat here again for a while, from their address or under their name."""
        with self._lock:
            self._check_lobby()
            person = self._people.get(seat)
            if person is None:
                raise LobbyError(f"seat {seat} has no player to remove")
            connection = person.connection
            self._door.removed(connection.peer if connection is not None else "", person.name)
            del self._people[seat]
            self._lobby.leave(seat)
            if connection is not None:
                connection.seat = None  # its close is no leave of its own
        log.info("seat %d (%s) removed by the host", seat, person.name)
        if connection is not None:
            ending = Ended(messages.END_REMOVED, "The host removed you from this table.")
            self._call(partial(connection.close, ending))
        self._changed()

    def door_notices(self) -> tuple[DoorNotice, ...]:
        """What the host should know of wrong room codes, the latest last."""
        with self._lock:
            return tuple(self._door.notices)

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
        for thread in (self._match_runner.thread, self._net_thread):
            if thread is not None and thread is not current:
                thread.join(JOIN_WAIT)
        self._done.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the match ends (or the table is stopped); True once the match has finished."""
        # (finished is set before every client has been told: only _done says they were)
        return self._done.wait(timeout) and self.finished

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
            go_on = (self._reopened is not None and self.match is None and not self._stopping
                     and self._return_deadline is not None
                     and (time.monotonic() >= self._return_deadline
                          or all(p.connected for p in self._people.values())))
        if counted_down:
            self._changed()
        if go_on:
            self._match_runner.start()
            self._changed()
        for conn in list(self._connections):
            conn.heartbeat(self.config.heartbeat, self.config.dead_after)
        self._reception.short_deadlines()
        interval = max(0.02, min(0.25, self.config.heartbeat / 4, self.config.dead_after / 8))
        self._loop.call_later(interval, self._tick)

    # -- connections (the network thread) -------------------------------------------------
    def _greeting(self) -> list[Connection]:
        """The connections that have not said hello yet, oldest first."""
        return self._reception.greeting()

    def opened(self, connection: Connection) -> None:
        self._reception.opened(connection)

    def closed(self, connection: Connection) -> None:
        self._connections.discard(connection)
        with self._lock:
            watcher = self._watchers.remove(connection)
        if watcher is not None:
            log.info("watcher %s left", watcher.name)
            if not self._stopping:
                self._changed()
            return
        self._seated.dropped(connection)

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
                self._reception.hello(connection, message)
            else:
                connection.close(Refused(messages.REFUSE_BAD_HELLO, "The first message must be a hello."))
            return
        if connection in self._watchers:
            from_watcher(connection, message)
            return
        self._seated.received(connection, message)

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
            self._match_runner.start()
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



__all__ = ["DEFAULT_PORT", "DISCOVERY_PORT", "Host", "LobbyError", "TableConfig"]
