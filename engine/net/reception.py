"""The LAN host's reception: new connections until their hello, and the hello itself. No Qt.

A connection is let in while :mod:`.greeting` keeps room for every address among those that
have not said hello yet (a busy address makes room for a new one), and is refused ``timeout``
when its hello does not come in time (a short deadline while the greeting slots are nearly
full). A hello is checked by :mod:`.admission` against the :mod:`.door` (room code, lock,
leaves and removals), then it sits a new person in the lobby, brings a person back to their
seat with their token (:meth:`Reception.hello`, mid-match with a resync), or lets a watcher in
(:func:`engine.net.watchers.take_watcher`). Runs in the host's network thread; the shared state
is the host's, read and written under its lock.
"""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING

from engine.net import messages
from engine.net.admission import door_refusal, holder_of, seat_refusal
from engine.net.greeting import Silence, admit, nearly_full
from engine.net.messages import Ended, Hello, Refused, SeatStatus, Welcome
from engine.net.remote_seat import RemoteSeat
from engine.net.watchers import take_watcher

if TYPE_CHECKING:
    from engine.net.connection import Connection
    from engine.net.host import Host

log = logging.getLogger(__name__)


class Reception:
    """The greeting of one hosted table's connections (the network thread's)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.silence = Silence()  # greetings that lapsed, by address

    # -- connections before their hello -----------------------------------------------------
    def greeting(self) -> list[Connection]:
        """The connections that have not said hello yet, oldest first."""
        return sorted((c for c in self.host._connections if not c.welcomed and not c.closing),
                      key=lambda c: c.opened_at)

    def opened(self, connection: Connection) -> None:
        host = self.host
        if host._stopping:
            connection.close()
            return
        config = host.config
        greeting = self.greeting()
        waited = connection.opened_at - greeting[0].opened_at if greeting else 0.0
        admission = admit([c.peer for c in greeting], connection.peer, config.max_greeting,
                          config.max_greeting_per_address, self.silence.counts(), waited,
                          config.busy_handshake_timeout / 2)
        if not admission.admit:
            connection.close(Refused(messages.REFUSE_BUSY, "Too many connections are joining this table; "
                                                           "try again in a moment."))
            return
        if admission.evict is not None:  # the busiest address makes room for a new one
            evicted = greeting.pop(admission.evict)
            self.silence.lapsed(evicted.peer)
            evicted.close(Refused(messages.REFUSE_BUSY, "Too many connections from your address are joining "
                                                        "this table."))
        host._connections.add(connection)
        busy = nearly_full(len(greeting) + 1, config.max_greeting)
        timeout = config.busy_handshake_timeout if busy else config.handshake_timeout
        assert host._loop is not None
        host._loop.call_later(timeout, self.hello_deadline, connection, timeout)

    def hello_deadline(self, connection: Connection, timeout: float) -> None:
        if not connection.welcomed and not connection.closing:
            self.silence.lapsed(connection.peer)
            connection.close(Refused(messages.REFUSE_TIMEOUT, f"No hello within {timeout:g} seconds."))

    def short_deadlines(self) -> None:
        """While the greeting slots are nearly full, the short deadline holds for all of them."""
        greeting = self.greeting()
        if not nearly_full(len(greeting), self.host.config.max_greeting):
            return
        timeout = self.host.config.busy_handshake_timeout
        for conn in greeting:
            if conn.clock() - conn.opened_at >= timeout:
                self.hello_deadline(conn, timeout)

    # -- the hello ------------------------------------------------------------------------
    def hello(self, connection: Connection, hello: Hello) -> None:
        host = self.host
        with host._lock:
            returning = hello.token is not None and holder_of(hello.token, host._people.values()) is not None
            refusal = door_refusal(hello, host.config.code, host._door, connection.peer, locked=host._locked,
                                   returning=returning)
            wrong = host._door.wrong_count(connection.peer)
        if refusal is not None:
            connection.close(refusal)
            if refusal.code == messages.REFUSE_WRONG_CODE:
                log.warning("%d wrong room code(s) from %s", wrong, connection.peer)
                host._tell_owner()
            return
        if hello.watch:  # (a watcher's token, if any, is no seat's: it is not looked at)
            take_watcher(host, connection, hello)
            return
        if hello.token is not None:
            self._return(connection, hello)
            return
        with host._lock:
            if host.finished:
                refusal = Refused(messages.REFUSE_OVER, "The match at this table is over.")
            elif host._started or host._stopping:
                refusal = Refused(messages.REFUSE_STARTED, "The match at this table has started.")
            elif (refusal := seat_refusal(host._door, connection.peer, hello.name)) is not None:
                log.info("%s from %s may not sit yet: %s", hello.name, connection.peer, refusal.code)
            elif (seat := host._lobby.join(hello.name, hello.title)) is None:
                refusal = Refused(messages.REFUSE_FULL, "Every seat at this table is taken.")
            else:
                person = RemoteSeat(seat, secrets.token_hex(16), hello.name, hello.title, hello.shows)
                host._people[seat] = person
                person.attach(connection, hello.shows)
                connection.send(Welcome(seat, person.token, host.info(), resumed=False))
                log.info("seat %d: %s joined from %s", seat, hello.name, connection.peer)
                refusal = None
        if refusal is not None:
            connection.close(refusal)
            return
        host._changed()

    def _return(self, connection: Connection, hello: Hello) -> None:
        """A hello with a token: the seat's person comes back (or a second connection of theirs)."""
        assert hello.token is not None
        host = self.host
        status = None
        with host._lock:
            person = holder_of(hello.token, host._people.values())
            if person is None:
                connection.close(Refused(messages.REFUSE_UNKNOWN_TOKEN,
                                         "This table never gave out that token."))
                return
            if host.finished or host._stopping:
                connection.close(Refused(messages.REFUSE_OVER, "The match at this table is over."))
                return
            old = person.connection
            if old is not None:
                old.seat = None  # its close is no drop: the seat goes on with the new connection
            person.attach(connection, hello.shows)
            if not host._started:
                connection.send(Welcome(person.seat, person.token, host.info(), resumed=False))
            else:
                person.resume()
                connection.send(Welcome(person.seat, person.token, host.info(), resumed=True))
                connection.send(person.resync(host.seat_states()))
                between = host._between.state()
                if between is not None:  # back while the table waits between hands
                    connection.send(between)
                status = SeatStatus(person.seat, person.state())
                person.wake()
            host._pacer.changed()
        log.info("seat %d: %s is back from %s", person.seat, person.name, connection.peer)
        if old is not None:
            old.close(Ended(messages.END_REPLACED, "Your seat was taken up on another connection."))
        if status is not None:
            host._broadcast(status)
        host._changed()


__all__ = ["Reception"]
