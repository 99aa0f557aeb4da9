"""The reception of a LAN table: a connection from its first byte until its hello is taken or
refused (docs/protocol.md, Limits). Room for every address among those not yet welcomed
(:mod:`.greeting`), the hello's deadline, and the door's checks of the hello itself
(:mod:`.admission`, with what the :mod:`.door` remembers); a hello that passes is handed on to
take its seat. All in the network thread; the door is read and changed under the table's lock.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from functools import partial

from engine.net import messages
from engine.net.admission import door_refusal, protocol_refusal
from engine.net.connection import Connection
from engine.net.door import Door, DoorNotice
from engine.net.greeting import Silence, admit, nearly_full
from engine.net.messages import Error, Hello, Message, ProtocolError, Refused
from engine.net.people import People
from engine.net.table_config import TableConfig
from engine.net.table_phase import TablePhase

log = logging.getLogger(__name__)

Later = Callable[[float, Callable[[], None]], None]  # run a callback in the network thread after a delay


class Reception:
    def __init__(self, config: TableConfig, door: Door, lock: threading.RLock, phase: TablePhase,
                 people: People, later: Later, *,
                 seat: Callable[[Connection, Hello], None], wrong_code: Callable[[], None]) -> None:
        """`seat`: where a hello that passed the door goes; `wrong_code`: a wrong room code was
        refused (the host's owner shows the door's notices)."""
        self.config = config
        self.door = door
        self._lock = lock
        self._phase = phase
        self._people = people
        self._later = later
        self._seat = seat
        self._wrong_code = wrong_code
        self._silence = Silence()  # greetings that lapsed, by address (the network thread's)

    def notices(self) -> tuple[DoorNotice, ...]:
        """What the host should know of wrong room codes, the latest last."""
        with self._lock:
            return tuple(self.door.notices)

    # -- connections that have not said hello yet ------------------------------------------------
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
        self._later(timeout, partial(self._hello_deadline, connection, timeout))

    def _hello_deadline(self, connection: Connection, timeout: float) -> None:
        if not connection.welcomed and not connection.closing:
            self._silence.lapsed(connection.peer)
            connection.close(Refused(messages.REFUSE_TIMEOUT, f"No hello within {timeout:g} seconds."))

    def short_deadlines(self) -> None:
        """While the greeting slots are nearly full, the short deadline holds for all of them."""
        greeting = self._people.greeting()
        if not nearly_full(len(greeting), self.config.max_greeting):
            return
        timeout = self.config.busy_handshake_timeout
        for conn in greeting:
            if conn.clock() - conn.opened_at >= timeout:
                self._hello_deadline(conn, timeout)

    def invalid(self, connection: Connection, error: ProtocolError, body: dict[str, object]) -> None:
        """A frame that is no client message: an error to a welcomed client, the door to any other."""
        if connection.welcomed:
            connection.send(Error(error.code, str(error)[:300]))
            return
        theirs = body.get("protocol")
        if body.get("type") == "hello" and isinstance(theirs, int) and theirs != messages.PROTOCOL_VERSION:
            connection.close(protocol_refusal(theirs))
        else:
            connection.close(Refused(messages.REFUSE_BAD_HELLO, f"Not a good hello: {str(error)[:200]}"))

    # -- the hello ----------------------------------------------------------------------------
    def received(self, connection: Connection, message: Message) -> None:
        """The first message of a connection not yet welcomed: a hello, or it is closed."""
        if not isinstance(message, Hello):
            connection.close(Refused(messages.REFUSE_BAD_HELLO, "The first message must be a hello."))
        elif self._passes(connection, message):
            self._seat(connection, message)

    def _passes(self, connection: Connection, hello: Hello) -> bool:
        """The door's checks: the protocol, the waits, the lock, the room code."""
        with self._lock:
            returning = hello.token is not None and self._people.holder_of(hello.token) is not None
            refusal = door_refusal(hello, self.config.code, self.door, connection.peer,
                                   locked=self._phase.locked, returning=returning)
            wrong = self.door.wrong_count(connection.peer)
        if refusal is None:
            return True
        connection.close(refusal)
        if refusal.code == messages.REFUSE_WRONG_CODE:
            log.warning("wrong room codes from %s: %d", connection.peer, wrong)
            self._wrong_code()
        return False


__all__ = ["Reception"]
