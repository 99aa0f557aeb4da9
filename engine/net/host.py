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
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from engine import __version__
from engine.game.events import Event
from engine.game.hand import Hand
from engine.game.wall_key import new_key
from engine.net import messages
from engine.net.admission import door_refusal, protocol_refusal, seat_refusal
from engine.net.between import BetweenHands
from engine.net.connection import Connection
from engine.net.discovery import DiscoveryResponder
from engine.net.door import Door, DoorNotice
from engine.net.greeting import Silence, admit, nearly_full
from engine.net.lobby import LobbyError, LobbyState
from engine.net.loop_thread import JOIN_WAIT, NetworkThread
from engine.net.messages import (
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
    LobbySeat,
    Message,
    Next,
    ProtocolError,
    Ready,
    Refused,
    Said,
    Say,
    SeatState,
    SeatStatus,
    SetAutoplay,
    SetAutoWin,
    Started,
    TableInfo,
    Welcome,
    clean_text,
)
from engine.net.pacing import Pacer
from engine.net.people import People
from engine.net.remote_seat import RemoteSeat
from engine.net.table_config import TableConfig, join_addresses
from engine.net.table_phase import TablePhase
from engine.net.table_save import SavedSeat, SavedTable, TableSaver
from engine.net.talk import SayLimit, known
from engine.records.replay import record as replay_record
from engine.table.match import HandRecord, Match
from engine.table.match_loop import MatchHooks, play_match
from engine.table.seat import Seat, SeatProblem
from engine.table.setup import HOST_STRIDE, ai_seed, computer
from engine.table.waiting_seat import Message as SeatMessage
from engine.table.waiting_seat import SeatStopped

log = logging.getLogger(__name__)

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
        self.records: list[HandRecord] = []
        # engine.records.replay.record() of each hand: what every client must be able to rebuild
        self.replays: list[dict[str, Any]] = []
        self.match: Match | None = None
        self.problems: list[SeatProblem] = []
        self.drops: list[tuple[int, str]] = []  # (seat, why) of each drop in play: lost, dead, slow, left
        # The kernel's send buffer per client (None: the system's, which grows to megabytes): a
        # test makes it small, so that a client that reads nothing is found out within a match.
        self.socket_buffer: int | None = None
        self._discovery_port = discovery_port
        self._lock = threading.RLock()
        self._condition = threading.Condition(self._lock)
        self._lobby = LobbyState(config.countdown, clock)
        self._door = Door(config.door, clock)
        self._silence = Silence()  # greetings that lapsed, by address (the network thread's)
        self._phase = TablePhase()
        self._people = People()
        self.say_limit = SayLimit()  # 快捷语 per seat (a test gives it a clock of its own)
        self._table_id = table_id or secrets.token_hex(8)
        self._reopened: SavedTable | None = None  # a table opened again: the match waits for its people
        self._return_wait = RETURN_WAIT
        self._return_deadline: float | None = None
        self._addresses: tuple[str, ...] = ()
        self._done = threading.Event()  # the match has ended, or the table was stopped
        self._network = NetworkThread(bind, port)
        self._match_thread: threading.Thread | None = None
        self._discovery: DiscoveryResponder | None = None
        self._change_pending = False
        self._pacer = Pacer(self._condition, self._people.counters,
                            claim_pause=config.claim_pause, ack_wait=config.ack_wait)
        self._between = BetweenHands(self._condition, config.between_wait, config.clock)
        self._last_hand = 0  # the number of the last hand ended

    # -- the public face ------------------------------------------------------------------
    def start(self) -> None:
        """Bind (OSError if the port is taken) and run the table in background threads."""
        self._network.start(self._new_connection, self._tick)
        self._addresses = join_addresses(self._network.bind, self.address[1])
        if self._reopened is not None:
            self._return_deadline = time.monotonic() + self._return_wait
        if self._discovery_port is not None:
            responder = DiscoveryResponder(self.info, self._discovery_port, self._network.bind or "0.0.0.0")
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
        host._phase.started = True  # no one new sits down: a hello without a token is refused `started`
        host.own_seat = saved.own_seat
        names = tuple(s.name for s in saved.seats)
        titles = tuple(s.title for s in saved.seats)
        for index, seat in enumerate(saved.seats):
            if seat.kind == "ai":
                host._lobby.place(index, LobbySeat("ai", name=seat.name, title=seat.title, ready=True,
                                                   connected=True, level=seat.level))
                continue
            assert seat.token is not None
            host._lobby.place(index, LobbySeat("person", name=seat.name, title=seat.title, ready=True))
            person = RemoteSeat(index, seat.token, seat.name, seat.title, user_autoplay=seat.autoplay,
                                auto_win=seat.auto_win)
            person.started = Started(index, names, titles, saved.config.rules)  # a return's resync says it
            host._people.sit(person)
        return host

    @property
    def finished(self) -> bool:
        """The match was played to its end."""
        return self._phase.finished

    @property
    def reopened(self) -> bool:
        """Opened again from a saved table (its match goes on from there)."""
        return self._reopened is not None

    def waiting_for(self) -> tuple[int, ...]:
        """The seats a reopened table still waits for before it deals (none once it plays)."""
        with self._lock:
            if self._reopened is None or self.match is not None:
                return ()
            return self._people.away()

    @property
    def address(self) -> tuple[str, int]:
        return self._network.address

    def info(self) -> TableInfo:
        with self._lock:
            port = self.address[1] or DEFAULT_PORT
            return TableInfo(
                id=self._table_id, name=clean_text(self.config.name, NAME_CHARS), port=port,
                room=self.config.rules.room.value, rounds=self.config.rules.rounds,
                seats_free=self._lobby.free_seats, code=bool(self.config.code), started=self._phase.started,
                version=__version__, protocol=PROTOCOL_VERSION)

    def lobby(self) -> Lobby:
        with self._lock:
            lobby = self._lobby.snapshot(self.info(), self.config.rules, self._addresses)
            return replace(lobby, watchers=self._people.watchers.names())

    @property
    def watchers(self) -> tuple[str, ...]:
        """The names of those watching (观战), in the order they came."""
        with self._lock:
            return self._people.watchers.names()

    def seat_states(self) -> tuple[SeatState, ...]:
        """Every seat's state during play (an AI's: connected, not under 托管)."""
        with self._lock:
            return self._people.states()

    def add_ai(self, seat: int | None = None, level: str = "normal") -> int:
        with self._lock:
            self._phase.check_lobby()
            seat = self._lobby.add_ai(seat, level)
        self._changed()
        return seat

    def remove_ai(self, seat: int) -> None:
        with self._lock:
            self._phase.check_lobby()
            self._lobby.remove_ai(seat)
        self._changed()

    def fill_with_ai(self, level: str = "normal") -> None:
        with self._lock:
            self._phase.check_lobby()
            self._lobby.fill_with_ai(level)
        self._changed()

    def start_match(self) -> None:
        """The host's "start": every seat must be taken (LobbyError otherwise); all are made ready.
        A reopened table goes on at once, 托管 playing for whoever is not back."""
        with self._lock:
            if self._reopened is not None and self.match is None and not self._phase.stopping:
                self._return_deadline = 0.0
                return
            self._phase.check_lobby()
            self._lobby.make_all_ready()
        self._changed()

    @property
    def locked(self) -> bool:
        return self._phase.locked

    def set_locked(self, locked: bool) -> None:
        """Lock the lobby (hellos without a token are refused `locked`) or open it again."""
        with self._lock:
            self._phase.check_lobby()
            changed, self._phase.locked = self._phase.locked != locked, locked
        if changed:
            log.info("the lobby is %s", "locked" if locked else "open again")
            self._changed()

    def remove(self, seat: int) -> None:
        """Before the start, send the person in `seat` away (`end removed`): they may not take a
        seat here again for a while, from their address or under their name."""
        with self._lock:
            self._phase.check_lobby()
            person = self._people.get(seat)
            if person is None:
                raise LobbyError(f"seat {seat} has no player to remove")
            connection = person.connection
            self._door.removed(connection.peer if connection is not None else "", person.name)
            self._people.unseat(seat)
            self._lobby.leave(seat)
            if connection is not None:
                connection.seat = None  # its close is no leave of its own
        log.info("seat %d (%s) removed by the host", seat, person.name)
        if connection is not None:
            ending = Ended(messages.END_REMOVED, "The host removed you from this table.")
            self._network.call(partial(connection.close, ending))
        self._changed()

    def door_notices(self) -> tuple[DoorNotice, ...]:
        """What the host should know of wrong room codes, the latest last."""
        with self._lock:
            return tuple(self._door.notices)

    def stop(self, message: str = "The host closed the table.") -> None:
        """Close the table: `end host_quit` to every client, the match stopped, the threads joined."""
        with self._lock:
            if self._phase.stopping:
                first = False
            else:
                first = self._phase.stopping = True
            people = list(self._people)
        if first:
            if self._discovery is not None:
                self._discovery.stop()  # gone from the list at once
            self._pacer.stop()
            for person in people:
                if person.waiting is not None:
                    person.waiting.stop()
            self._network.stop(self._people.connections, message)
        current = threading.current_thread()
        for thread in (self._match_thread, self._network.thread):
            if thread is not None and thread is not current:
                thread.join(JOIN_WAIT)
        self._done.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the match ends (or the table is stopped); True once the match has finished."""
        # (finished is set before every client has been told: only _done says they were)
        return self._done.wait(timeout) and self.finished

    # -- the network thread: set-up and shut-down -----------------------------------------
    def _new_connection(self) -> Connection:
        connection = Connection(self, out_limit=self.config.out_limit, socket_buffer=self.socket_buffer,
                                clock=self._connection_clock)
        return connection

    def _tick(self) -> None:
        """The lobby's countdown and the heartbeats, a few times a second."""
        if not self._network.running:
            return
        with self._lock:
            counted_down = not self._phase.started and self._lobby.tick()
            go_on = (self._reopened is not None and self.match is None and not self._phase.stopping
                     and self._return_deadline is not None
                     and (time.monotonic() >= self._return_deadline or not self._people.away()))
        if counted_down:
            self._changed()
        if go_on:
            self._start_match()
            self._changed()
        for conn in self._people.connections():
            conn.heartbeat(self.config.heartbeat, self.config.dead_after)
        self._short_deadlines()
        interval = max(0.02, min(0.25, self.config.heartbeat / 4, self.config.dead_after / 8))
        self._network.call_later(interval, self._tick)

    # -- connections (the network thread) -------------------------------------------------
    def opened(self, connection: Connection) -> None:
        if self._phase.stopping:
            connection.close()
            return
        config = self.config
        greeting = self._people.greeting()
        waited = connection.opened_at - greeting[0].opened_at if greeting else 0.0
        admission = admit([c.peer for c in greeting], connection.peer, config.max_greeting,
                          config.max_greeting_per_address, self._silence.counts(), waited,
                          config.busy_handshake_timeout / 2)
        if not admission.admit:
            connection.close(Refused(messages.REFUSE_BUSY, "Too many connections are joining this table; "
                                                           "try again in a moment."))
            return
        if admission.evict is not None:  # the busiest address makes room for a new one
            evicted = greeting.pop(admission.evict)
            self._silence.lapsed(evicted.peer)
            evicted.close(Refused(messages.REFUSE_BUSY, "Too many connections from your address are joining "
                                                        "this table."))
        self._people.opened(connection)
        busy = nearly_full(len(greeting) + 1, config.max_greeting)
        timeout = config.busy_handshake_timeout if busy else config.handshake_timeout
        self._network.call_later(timeout, partial(self._hello_deadline, connection, timeout))

    def _hello_deadline(self, connection: Connection, timeout: float) -> None:
        if not connection.welcomed and not connection.closing:
            self._silence.lapsed(connection.peer)
            connection.close(Refused(messages.REFUSE_TIMEOUT, f"No hello within {timeout:g} seconds."))

    def _short_deadlines(self) -> None:
        """While the greeting slots are nearly full, the short deadline holds for all of them."""
        greeting = self._people.greeting()
        if not nearly_full(len(greeting), self.config.max_greeting):
            return
        timeout = self.config.busy_handshake_timeout
        for conn in greeting:
            if conn.clock() - conn.opened_at >= timeout:
                self._hello_deadline(conn, timeout)

    def closed(self, connection: Connection) -> None:
        self._people.closed(connection)
        with self._lock:
            watcher = self._people.watchers.remove(connection)
        if watcher is not None:
            log.info("watcher %s left", watcher.name)
            if not self._phase.stopping:
                self._changed()
            return
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
            if self._phase.over:
                return  # the table is over: no one is dropped from it
            if not self._phase.started:  # a person who goes before the start gives the seat up
                self._people.unseat(seat)
                self._lobby.leave(seat)
                self._door.left(connection.peer)
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
        if connection in self._people.watchers:
            self._from_watcher(connection, message)
            return
        person = self._person(connection)
        if person is None:
            return
        if isinstance(message, Choose):
            if (error := person.take(message)) is not None:
                connection.send(error)
        elif isinstance(message, Ack):
            if self._phase.started:
                self._pacer.ack(person.counter, message.n)
                person.wake()
            else:
                connection.send(Error(messages.NOT_NOW, "There is nothing to acknowledge before the start."))
        elif isinstance(message, Ready):
            self._ready(connection, person, message.ready)
        elif isinstance(message, Next):
            if not self._between.press(person.seat):
                connection.send(Error(messages.NOT_NOW, "The table is not waiting between hands."))
        elif isinstance(message, Leave):
            connection.close(Ended(messages.END_LEFT, "You left the table."))
        elif isinstance(message, SetAutoplay):
            self._autoplay(person, message.on)
        elif isinstance(message, SetAutoWin):
            with self._lock:
                person.set_auto_win(message.on)
        elif isinstance(message, Say):
            self._say(connection, person.seat, message.phrase)
        else:  # a second hello
            connection.send(Error(messages.NOT_NOW, f"A {message.TYPE} has no place now."))

    def _person(self, connection: Connection) -> RemoteSeat | None:
        with self._lock:
            return self._people.of(connection)

    # -- the hello ------------------------------------------------------------------------
    def _hello(self, connection: Connection, hello: Hello) -> None:
        with self._lock:
            returning = hello.token is not None and self._people.holder_of(hello.token) is not None
            refusal = door_refusal(hello, self.config.code, self._door, connection.peer,
                                   locked=self._phase.locked, returning=returning)
            wrong = self._door.wrong_count(connection.peer)
        if refusal is not None:
            connection.close(refusal)
            if refusal.code == messages.REFUSE_WRONG_CODE:
                log.warning("%d wrong room code(s) from %s", wrong, connection.peer)
                self._tell_owner()
            return
        if hello.watch:  # (a watcher's token, if any, is no seat's: it is not looked at)
            self._watch(connection, hello)
            return
        if hello.token is not None:
            self._return(connection, hello)
            return
        with self._lock:
            if self._phase.finished:
                refusal = Refused(messages.REFUSE_OVER, "The match at this table is over.")
            elif self._phase.started or self._phase.stopping:
                refusal = Refused(messages.REFUSE_STARTED, "The match at this table has started.")
            elif (refusal := seat_refusal(self._door, connection.peer, hello.name)) is not None:
                log.info("%s from %s may not sit yet: %s", hello.name, connection.peer, refusal.code)
            elif (seat := self._lobby.join(hello.name, hello.title)) is None:
                refusal = Refused(messages.REFUSE_FULL, "Every seat at this table is taken.")
            else:
                person = RemoteSeat(seat, secrets.token_hex(16), hello.name, hello.title, hello.shows)
                self._people.sit(person)
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
            person = self._people.holder_of(hello.token)
            if person is None:
                connection.close(Refused(messages.REFUSE_UNKNOWN_TOKEN,
                                         "This table never gave out that token."))
                return
            if self._phase.over:
                connection.close(Refused(messages.REFUSE_OVER, "The match at this table is over."))
                return
            old = person.connection
            if old is not None:
                old.seat = None  # its close is no drop: the seat goes on with the new connection
            person.attach(connection, hello.shows)
            if not self._phase.started:
                connection.send(Welcome(person.seat, person.token, self.info(), resumed=False))
            else:
                person.resume()
                connection.send(Welcome(person.seat, person.token, self.info(), resumed=True))
                connection.send(person.resync(self.seat_states()))
                between = self._between.state()
                if between is not None:  # back while the table waits between hands
                    connection.send(between)
                status = SeatStatus(person.seat, person.state())
                person.wake()
            self._pacer.changed()
        log.info("seat %d: %s is back from %s", person.seat, person.name, connection.peer)
        if old is not None:
            old.close(Ended(messages.END_REPLACED, "Your seat was taken up on another connection."))
        if status is not None:
            self._broadcast(status)
        self._changed()

    def _watch(self, connection: Connection, hello: Hello) -> None:
        """观战: a watcher comes in, in the lobby or during play (a resync of the public events)."""
        with self._lock:
            if self._phase.over:
                refusal: Refused | None = Refused(messages.REFUSE_OVER, "The match at this table is over.")
            elif (watcher := self._people.watchers.add(connection, hello.name)) is None:
                refusal = Refused(messages.REFUSE_FULL,
                                  f"This table has {self._people.watchers.limit} watchers already.")
            else:
                refusal = None
                resync = self._people.watchers.resync(self.seat_states()) if self._phase.started else None
                connection.send(Welcome(0, watcher.token, self.info(), resumed=resync is not None,
                                        watching=True))
                if resync is not None:
                    connection.send(resync)
                log.info("%s watches from %s", hello.name, connection.peer)
        if refusal is not None:
            connection.close(refusal)
            return
        self._changed()

    def _from_watcher(self, connection: Connection, message: Message) -> None:
        """A watcher plays no seat: acknowledgements count for nothing, choices are refused."""
        if isinstance(message, Leave):
            connection.close(Ended(messages.END_LEFT, "You stopped watching."))
        elif not isinstance(message, Ack):
            connection.send(Error(messages.NOT_NOW, f"A watcher sends no {message.TYPE}."))

    def _say(self, connection: Connection, seat: int, phrase: str) -> None:
        """快捷语: a known code, within the seat's limit, goes to everyone (the speaker too)."""
        if not known(phrase):
            connection.send(Error(messages.BAD_MESSAGE, f"phrase: no phrase {phrase!r} at this table"))
            return
        with self._lock:
            allowed = self.say_limit.allow(seat)
        if not allowed:
            connection.send(Error(messages.RATE, "One phrase every few seconds: this one was not said."))
            return
        self._broadcast(Said(seat, phrase))

    # -- messages of a seated client --------------------------------------------------------
    def _ready(self, connection: Connection, person: RemoteSeat, ready: bool) -> None:
        with self._lock:
            if self._phase.started:
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
            self._pacer.changed()  # 托管 is ready at once between hands
        self._broadcast(status)
        self._changed()

    # -- changes and broadcasts ---------------------------------------------------------------
    def _changed(self) -> None:
        """The lobby or the table changed: a lobby to everyone (before the start), the match
        started when all are ready, ``on_change`` told. Changes close together make one."""
        if self._network.loop is None:  # not started yet: only the owner can be told
            self._tell_owner()
            return
        with self._lock:
            if self._change_pending:
                return
            self._change_pending = True
        if not self._network.call_soon(self._after_change):
            with self._lock:
                self._change_pending = False

    def _after_change(self) -> None:
        with self._lock:
            self._change_pending = False
            start = not self._phase.started and not self._phase.stopping and self._lobby.all_ready
            if start:
                self._phase.started = True
            lobby = None if self._phase.started and not start else self.lobby()
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
        self._people.broadcast(message)

    def _post(self, connection: Connection, data: bytes) -> None:
        self._network.post(connection, data)

    # -- the match ----------------------------------------------------------------------------
    def _start_match(self) -> None:
        config = self.config
        rules = config.rules
        with self._lock:
            slots = self._lobby.seats
            names = tuple(slot.name for slot in slots)
            titles = tuple(slot.title for slot in slots)
            if self._reopened is not None:
                match = self._reopened.restored_match()
                seed, wall_key = match.seed, match.wall_key
            elif config.seed is None:
                seed, wall_key = secrets.randbits(63), new_key()
                match = Match(rules, seed, names, wall_key)
            else:
                seed, wall_key = config.seed, None
                match = Match(rules, seed, names, wall_key)
            self.match = match
            seats: list[Seat] = []
            for index, slot in enumerate(slots):
                person = self._people.get(index)
                if person is None:
                    seats.append(computer(slot.level or "normal", secrets.randbits(32) if wall_key
                                          else ai_seed(seed, index, HOST_STRIDE), slot.name))
                    continue
                seats.append(person.sit(slot.name, rules.time_limit, partial(self._deliver, person),
                                        clock=config.clock, show_wait=config.show_wait))
                if self._reopened is None:
                    person.start(Started(index, names, titles, rules), self._post)
                # (a reopened table's people were given the start in their return's resync)
            self._people.watchers.start(Started(0, names, titles, rules), self._post)
            saved = self._saved_table(match)
        log.info("the match %s: %s", "goes on" if self._reopened else "starts", ", ".join(names))
        self._keep(saved)
        self._match_thread = threading.Thread(target=self._play, args=(match, seats), name="lan-host-match",
                                              daemon=True)
        self._match_thread.start()

    def _deliver(self, person: RemoteSeat, message: SeatMessage) -> None:
        with self._lock:
            person.deliver(message, self._post)
            if isinstance(message, Event):
                self._pacer.sent(message)

    def _observe(self, event: Event) -> None:
        """Every event, unfiltered, before the seats see it: paced, then the watchers' view."""
        self._pacer.before_event(event)
        with self._lock:
            self._people.watchers.event(event, self._post)

    def _before_decision(self, seat: int) -> None:
        person = self._people.get(seat)
        if person is not None and person.waiting is not None and not person.waiting.autoplay.is_set():
            self._pacer.before_decision()

    def _asking_together(self) -> contextlib.AbstractContextManager[object]:
        """Several claimants are asked: their requests leave in one write."""
        return self._network.held()

    def _between_hands(self) -> None:
        """After each hand, the match's last one included: the next deal (or the standings)
        waits for every seat to be ready; a person the countdown made ready is not waited for
        (their result is still open: their clock waits for their showing instead)."""
        late = self._between.run(self._last_hand, self._ready_at_once, self._announce,
                                 lambda: self._phase.stopping)
        with self._lock:
            self._pacer.not_waiting_for(p.counter for p in self._people if p.seat in late)

    def _ready_at_once(self) -> set[int]:
        """Seats not waited for between hands: the computer's, bots, 托管 and dropped people."""
        return set(range(4)) - self._people.waited_for()

    def _announce(self, message: Message) -> None:
        with self._lock:
            self._people.tell(message, self._post)

    def _hand_ended(self, hand: Hand, record: HandRecord) -> None:
        with self._lock:
            self._last_hand = hand.hand_number
            self.records.append(record)
            self.replays.append(replay_record(hand, self.match.names if self.match else ()))
            saved = None
            if self.match is not None:
                self.standings.append(tuple(self.match.scores))
                saved = None if self.match.over else self._saved_table(self.match)
        self._keep(saved)
        self._changed()

    # -- the table kept on the host's disk ------------------------------------------------------
    def _saved_table(self, match: Match) -> SavedTable:
        """The table as it is now, between hands (under the lock)."""
        seats = []
        for index, slot in enumerate(self._lobby.seats):
            person = self._people.get(index)
            if person is None:
                seats.append(SavedSeat("ai", slot.name, slot.title, level=slot.level or "normal"))
            else:
                seats.append(SavedSeat("person", person.name, person.title, token=person.token,
                                       autoplay=person.user_autoplay, auto_win=person.auto_win))
        return SavedTable(self._table_id, self.address[1], self.config, match.state(), tuple(seats),
                          self.own_seat)

    def _keep(self, saved: SavedTable | None) -> None:
        """Write the table for a reopening (the match thread; a failed write costs the table nothing)."""
        if saved is None or self.saver is None:
            return
        try:
            self.saver.write(saved.to_dict())
        except (OSError, ValueError) as exc:
            log.warning("the table could not be kept on disk: %s", exc)

    def _forget_saved(self) -> None:
        if self.saver is None:
            return
        try:
            self.saver.clear()
        except OSError as exc:
            log.warning("the kept table could not be removed: %s", exc)

    def _problem(self, problem: SeatProblem) -> None:
        with self._lock:
            self.problems.append(problem)

    def _play(self, match: Match, seats: list[Seat]) -> None:
        hooks = MatchHooks(observer=self._observe, before_decision=self._before_decision,
                           hand_ended=self._hand_ended, between_hands=self._between_hands,
                           asking_together=self._asking_together,
                           stop=lambda: self._phase.stopping, on_problem=self._problem)
        failure = None
        try:
            play_match(match, seats, hooks)
        except SeatStopped:
            pass
        except Exception as exc:  # a bug: the clients are told the table stopped
            log.exception("the match failed")
            failure = f"{type(exc).__name__}: {str(exc)[:200]}"
        if match.over and failure is None:
            self._forget_saved()  # nothing to go back to
        with self._lock:
            self._phase.finished = match.over and failure is None
        self._network.call(partial(self._match_over, failure))
        if not self._network.running:
            self._done.set()

    def _match_over(self, failure: str | None) -> None:
        if self._phase.finished:
            ending = Ended(messages.END_FINISHED, "The match is over.")
        elif not self._phase.stopping:
            ending = Ended(messages.END_HOST_QUIT, f"The host's table stopped ({failure or 'no reason'}).")
        else:
            ending = None
        if ending is not None:
            self._people.end_all(ending)
        self._done.set()
        self._tell_owner()


__all__ = ["DEFAULT_PORT", "DISCOVERY_PORT", "Host", "LobbyError", "TableConfig"]
