"""The LAN table's host (docs/protocol.md): the only engine, its lobby and its clients. No Qt.

Two threads: the network thread (:mod:`.loop_thread`) runs an asyncio loop (the TCP server,
every client's connection, the discovery answer, a timer for the lobby countdown and the
heartbeats), and the match thread (:mod:`.match_thread`) runs the match. A person's seat is a
:class:`~engine.table.waiting_seat.WaitingSeat`: what the engine tells it becomes the protocol's
messages (:mod:`.remote_seat`), handed to the network thread; the client's choices come back
into it. The table never waits on a client's socket (:mod:`.connection`); its only waits are the
claim pause and the acknowledgements (:mod:`.pacing`) and the wait between hands
(:mod:`.between`), all bounded.

The host is the façade of its parts, each over its own state: a new connection is met by the
:mod:`.reception` (room at the door, the hello's deadline and checks), takes its seat or
watches through the :mod:`.seating`, and its messages then act through :mod:`.seat_messages`;
who is at the table is kept in :mod:`.people`, the table's phase in :mod:`.table_phase`, the
lobby in :mod:`.lobby`. The parts know the table only through :class:`~.table_calls.TableCalls`.

State shared by the threads (the lobby, the seats, the records) is guarded by one lock;
``on_change`` is called from the network thread only.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any, TypeVar

from engine import __version__
from engine.net.connection import Connection
from engine.net.discovery import DiscoveryResponder
from engine.net.door import Door, DoorNotice
from engine.net.lobby import LobbyError, LobbyState
from engine.net.loop_thread import NetworkThread
from engine.net.match_thread import RETURN_WAIT, MatchThread
from engine.net.messages import (
    DEFAULT_PORT,
    DISCOVERY_PORT,
    NAME_CHARS,
    PROTOCOL_VERSION,
    Lobby,
    Message,
    ProtocolError,
    SeatState,
    TableInfo,
    clean_text,
)
from engine.net.people import People
from engine.net.reception import Reception
from engine.net.seat_messages import SeatMessages
from engine.net.seating import Seating
from engine.net.table_calls import TableCalls
from engine.net.table_config import TableConfig, join_addresses
from engine.net.table_phase import TablePhase
from engine.net.table_save import SavedTable, TableSaver, restored_seats, saved_seats
from engine.net.talk import SayLimit
from engine.table.match import HandRecord, Match
from engine.table.seat import SeatProblem

log = logging.getLogger(__name__)

Changed = TypeVar("Changed")


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
        self.on_change: Callable[[], None] | None = None
        # The kernel's send buffer per client (None: the system's, which grows to megabytes): a
        # test makes it small, so that a client that reads nothing is found out within a match.
        self.socket_buffer: int | None = None
        self._discovery_port = discovery_port
        self._discovery: DiscoveryResponder | None = None
        self._table_id = table_id or secrets.token_hex(8)
        self._addresses: tuple[str, ...] = ()
        self._change_pending = False
        self._lock = threading.RLock()
        self._condition = threading.Condition(self._lock)
        self._phase = TablePhase()
        self._lobby = LobbyState(config.countdown, clock)
        self._people = People()
        self._network = NetworkThread(bind, port)
        calls = TableCalls(changed=self._changed, tell_owner=self._tell_owner, info=self.info)
        self._match = MatchThread(config, self._condition, self._phase, self._people, self._network, calls,
                                  saver=saver, snapshot=self._saved_table)
        pacer, between, door = self._match.pacer, self._match.between, Door(config.door, clock)
        self._seating = Seating(self._lock, self._phase, self._people, self._lobby, door, pacer, between,
                                calls, self._network.call)
        self._reception = Reception(config, door, self._lock, self._phase, self._people,
                                    self._network.call_later, seat=self._seating.hello,
                                    wrong_code=self._tell_owner)
        self._messages = SeatMessages(self._lock, self._phase, self._people, self._lobby, pacer, between,
                                      calls)
        # what the table leaves, read by its owner (the same lists as its parts keep)
        self.records: list[HandRecord] = self._match.records
        self.replays: list[dict[str, Any]] = self._match.replays  # replay.record() of each hand
        self.standings: list[tuple[int, ...]] = self._match.standings  # the scores after each hand
        self.problems: list[SeatProblem] = self._match.problems
        self.drops: list[tuple[int, str]] = self._seating.drops  # (seat, why) of each drop in play

    # -- the public face ------------------------------------------------------------------
    def start(self) -> None:
        """Bind (OSError if the port is taken) and run the table in background threads."""
        self._network.start(self._new_connection, self._tick)
        self._addresses = join_addresses(self._network.bind, self.address[1])
        self._match.open_returns()
        if self._discovery_port is not None:
            responder = DiscoveryResponder(self.info, self._discovery_port, self._network.bind or "0.0.0.0")
            try:
                responder.start()
                self._discovery = responder
            except OSError as exc:  # the table works without: friends type host:port
                log.warning("no discovery answers on UDP port %d: %s", self._discovery_port, exc)

    @classmethod
    def reopen(cls, saved: SavedTable, bind: str | None = None, discovery_port: int | None = DISCOVERY_PORT,
               saver: TableSaver | None = None, return_wait: float = RETURN_WAIT) -> Host:
        """The table kept in `saved`, opened again on its port with its id: every person's token
        brings them back to their seat. The match goes on (the hand that was being played dealt
        afresh) once all of them are back, or after `return_wait` seconds with 托管 for the
        absent, or when :meth:`start_match` is called."""
        host = cls(saved.config, bind=saved.bind if bind is None else bind, port=saved.port,
                   discovery_port=discovery_port, saver=saver,
                   table_id=saved.table_id)
        host._match.reopen(saved, return_wait)
        host._phase.started = True  # no one new sits down: a hello without a token is refused `started`
        host.own_seat = saved.own_seat
        for index, (slot, person) in enumerate(restored_seats(saved)):
            host._lobby.place(index, slot)
            if person is not None:
                host._people.sit(person)
        return host

    @property
    def reopened(self) -> bool:
        """Opened again from a saved table (its match goes on from there)."""
        return self._match.reopened is not None

    @property
    def finished(self) -> bool:
        """The match was played to its end."""
        return self._phase.finished

    @property
    def match(self) -> Match | None:
        return self._match.match

    @property
    def say_limit(self) -> SayLimit:
        """快捷语 per seat (a test gives it a clock of its own)."""
        return self._messages.say_limit

    @say_limit.setter
    def say_limit(self, limit: SayLimit) -> None:
        self._messages.say_limit = limit

    def waiting_for(self) -> tuple[int, ...]:
        """The seats a reopened table still waits for before it deals (none once it plays)."""
        with self._lock:
            return self._match.waiting_for()

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
        return self._in_lobby(partial(self._lobby.add_ai, seat, level))

    def remove_ai(self, seat: int) -> None:
        self._in_lobby(partial(self._lobby.remove_ai, seat))

    def fill_with_ai(self, level: str = "normal") -> None:
        self._in_lobby(partial(self._lobby.fill_with_ai, level))

    def start_match(self) -> None:
        """The host's "start": every seat must be taken (LobbyError otherwise); all are made ready.
        A reopened table goes on at once, 托管 playing for whoever is not back."""
        with self._lock:
            if self._match.go_on_now():
                return
        self._in_lobby(self._lobby.make_all_ready)

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
        self._seating.remove(seat)

    def door_notices(self) -> tuple[DoorNotice, ...]:
        """What the host should know of wrong room codes, the latest last."""
        return self._reception.notices()

    def stop(self, message: str = "The host closed the table.") -> None:
        """Close the table: `end host_quit` to every client, the match stopped, the threads joined."""
        with self._lock:
            first, self._phase.stopping = not self._phase.stopping, True
            people = list(self._people)
        if first:
            if self._discovery is not None:
                self._discovery.stop()  # gone from the list at once
            self._match.halt(people)
            self._network.stop(self._people.connections, message)
        self._match.join()
        self._network.join()
        self._match.done.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the match ends (or the table is stopped); True once the match has finished."""
        # (finished is set before every client has been told: only `done` says they were)
        return self._match.done.wait(timeout) and self.finished

    # -- the connections' owner (engine.net.connection.ConnectionOwner; the network thread) --------
    def opened(self, connection: Connection) -> None:
        self._reception.opened(connection)

    def received(self, connection: Connection, message: Message) -> None:
        if connection.welcomed:
            self._messages.received(connection, message)
        else:
            self._reception.received(connection, message)

    def invalid(self, connection: Connection, error: ProtocolError, body: dict[str, object]) -> None:
        self._reception.invalid(connection, error, body)

    def closed(self, connection: Connection) -> None:
        self._seating.closed(connection)

    # -- the network thread -----------------------------------------------------------------
    def _new_connection(self) -> Connection:
        return Connection(self, out_limit=self.config.out_limit, socket_buffer=self.socket_buffer,
                          clock=self._connection_clock)

    def _tick(self) -> None:
        """The lobby's countdown, a reopened table's wait and the heartbeats, a few times a second."""
        if not self._network.running:
            return
        with self._lock:
            counted_down = not self._phase.started and self._lobby.tick()
            go_on = self._match.returns_over()
        if counted_down:
            self._changed()
        if go_on:
            self._match.start(self._lobby.seats)
            self._changed()
        for conn in self._people.connections():
            conn.heartbeat(self.config.heartbeat, self.config.dead_after)
        self._reception.short_deadlines()
        interval = max(0.02, min(0.25, self.config.heartbeat / 4, self.config.dead_after / 8))
        self._network.call_later(interval, self._tick)

    # -- changes ------------------------------------------------------------------------------
    def _in_lobby(self, change: Callable[[], Changed]) -> Changed:
        """Make a change of the host's in the lobby (LobbyError once the match started)."""
        with self._lock:
            self._phase.check_lobby()
            result = change()
        self._changed()
        return result

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
            self._people.broadcast(lobby)
        if start:
            self._match.start(self._lobby.seats)
        self._tell_owner()

    def _tell_owner(self) -> None:
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:  # the owner's failure is not the table's
                log.exception("on_change failed")

    def _saved_table(self, match: Match) -> SavedTable:
        """The table as it is now, between hands (under the lock)."""
        return SavedTable(self._table_id, self.address[1], self.config, match.state(),
                          saved_seats(self._lobby.seats, self._people.get), self.own_seat,
                          self._network.bind or "0.0.0.0")


__all__ = ["DEFAULT_PORT", "DISCOVERY_PORT", "Host", "LobbyError", "TableConfig"]
