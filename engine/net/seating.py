"""Who sits at a LAN table, and who watches (docs/protocol.md, Joining, Drops and returns,
Talk and watchers): a newcomer's hello takes the first free seat, a hello with a token brings
its person back to their seat (or replaces their older connection), a watcher (观战) comes in,
a person who goes before the start gives the seat up, one who goes during play is dropped and
托管 plays for them, and the host may send a person away before the start.

The network thread calls everything here except :meth:`Seating.remove` (the host's window);
the seats, the lobby and the door are changed under the table's lock.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable
from functools import partial

from engine.net import messages
from engine.net.admission import seat_refusal
from engine.net.between import BetweenHands
from engine.net.connection import Connection
from engine.net.door import Door
from engine.net.lobby import LobbyError, LobbyState
from engine.net.messages import Ended, Hello, Refused, SeatStatus, Welcome
from engine.net.pacing import Pacer
from engine.net.people import People
from engine.net.remote_seat import RemoteSeat
from engine.net.table_calls import TableCalls
from engine.net.table_phase import TablePhase

log = logging.getLogger(__name__)


class Seating:
    def __init__(self, lock: threading.RLock, phase: TablePhase, people: People, lobby: LobbyState,
                 door: Door, pacer: Pacer, between: BetweenHands, calls: TableCalls,
                 in_network: Callable[[Callable[[], None]], None]) -> None:
        """`in_network`: run a callback in the network thread (a removal closes a connection)."""
        self._lock = lock
        self._phase = phase
        self._people = people
        self._lobby = lobby
        self._door = door
        self._pacer = pacer
        self._between = between
        self._calls = calls
        self._in_network = in_network
        self.drops: list[tuple[int, str]] = []  # (seat, why) of each drop in play: lost, dead, slow, left

    def hello(self, connection: Connection, hello: Hello) -> None:
        """A hello that passed the door: a watcher, a return with a token, or a newcomer."""
        if hello.watch:  # (a watcher's token, if any, is no seat's: it is not looked at)
            self._watch(connection, hello)
        elif hello.token is not None:
            self._return(connection, hello, hello.token)
        else:
            self._join(connection, hello)

    def _join(self, connection: Connection, hello: Hello) -> None:
        with self._lock:
            refusal: Refused | None
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
                connection.send(Welcome(seat, person.token, self._calls.info(), resumed=False))
                log.info("seat %d: %s joined from %s", seat, hello.name, connection.peer)
                refusal = None
        if refusal is not None:
            connection.close(refusal)
            return
        self._calls.changed()

    def _return(self, connection: Connection, hello: Hello, token: str) -> None:
        """A hello with a token: the seat's person comes back (or a second connection of theirs)."""
        status = None
        with self._lock:
            person = self._people.holder_of(token)
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
                connection.send(Welcome(person.seat, person.token, self._calls.info(), resumed=False))
            else:
                person.resume()
                connection.send(Welcome(person.seat, person.token, self._calls.info(), resumed=True))
                connection.send(person.resync(self._people.states()))
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
            self._people.broadcast(status)
        self._calls.changed()

    def _watch(self, connection: Connection, hello: Hello) -> None:
        """观战: a watcher comes in, in the lobby or during play (a resync of the public events)."""
        watchers = self._people.watchers
        with self._lock:
            if self._phase.over:
                refusal: Refused | None = Refused(messages.REFUSE_OVER, "The match at this table is over.")
            elif (watcher := watchers.add(connection, hello.name)) is None:
                refusal = Refused(messages.REFUSE_FULL, f"This table has {watchers.limit} watchers already.")
            else:
                refusal = None
                resync = watchers.resync(self._people.states()) if self._phase.started else None
                connection.send(Welcome(0, watcher.token, self._calls.info(), resumed=resync is not None,
                                        watching=True))
                if resync is not None:
                    connection.send(resync)
                log.info("%s watches from %s", hello.name, connection.peer)
        if refusal is not None:
            connection.close(refusal)
            return
        self._calls.changed()

    def closed(self, connection: Connection) -> None:
        """A connection is closing or lost: a watcher goes, a person gives the seat up (before
        the start) or is dropped (during play)."""
        self._people.closed(connection)
        with self._lock:
            watcher = self._people.watchers.remove(connection)
        if watcher is not None:
            log.info("watcher %s left", watcher.name)
            if not self._phase.stopping:
                self._calls.changed()
            return
        seat = connection.seat
        if seat is None:
            return
        with self._lock:
            person = self._people.of(connection)
            if person is None:
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
            self._people.broadcast(status)
        self._calls.changed()

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
            self._in_network(partial(connection.close, ending))
        self._calls.changed()


__all__ = ["Seating"]
