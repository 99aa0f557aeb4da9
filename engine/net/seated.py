"""The LAN host's seated clients: a person's messages once they sit (choices, acknowledgements,
ready, next, 托管, 能胡就胡, 快捷语, leave) and their drop when their connection closes. No Qt.

Runs in the host's network thread; the shared state is the host's, read and written under its
lock. A choice goes into the person's waiting seat (:mod:`.remote_seat`), which the match thread
waits on; an acknowledgement goes to the :mod:`.pacing`; a drop in play hands the seat over to
托管 until its person comes back with their token (:mod:`.reception`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from engine.net import messages
from engine.net.messages import (
    Ack,
    Choose,
    Ended,
    Error,
    Leave,
    Message,
    Next,
    Ready,
    Say,
    SeatStatus,
    SetAutoplay,
    SetAutoWin,
)
from engine.net.talk import relay

if TYPE_CHECKING:
    from engine.net.connection import Connection
    from engine.net.host import Host
    from engine.net.remote_seat import RemoteSeat

log = logging.getLogger(__name__)


class SeatedClients:
    """The messages and drops of one hosted table's seated people (the network thread's)."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def person(self, connection: Connection) -> RemoteSeat | None:
        """The person seated on `connection` (None: no one, or their seat moved to another)."""
        host = self.host
        with host._lock:
            person = None if connection.seat is None else host._people.get(connection.seat)
            return person if person is not None and person.connection is connection else None

    def received(self, connection: Connection, message: Message) -> None:
        host = self.host
        person = self.person(connection)
        if person is None:
            return
        if isinstance(message, Choose):
            if (error := person.take(message)) is not None:
                connection.send(error)
        elif isinstance(message, Ack):
            if host._started:
                host._pacer.ack(person.counter, message.n)
                person.wake()
            else:
                connection.send(Error(messages.NOT_NOW, "There is nothing to acknowledge before the start."))
        elif isinstance(message, Ready):
            self._ready(connection, person, message.ready)
        elif isinstance(message, Next):
            if not host._between.press(person.seat):
                connection.send(Error(messages.NOT_NOW, "The table is not waiting between hands."))
        elif isinstance(message, Leave):
            connection.close(Ended(messages.END_LEFT, "You left the table."))
        elif isinstance(message, SetAutoplay):
            self._autoplay(person, message.on)
        elif isinstance(message, SetAutoWin):
            with host._lock:
                person.set_auto_win(message.on)
        elif isinstance(message, Say):
            relay(connection, person.seat, message.phrase, host.say_limit, host._lock, host._broadcast)
        else:  # a second hello
            connection.send(Error(messages.NOT_NOW, f"A {message.TYPE} has no place now."))

    def dropped(self, connection: Connection) -> None:
        """`connection` closed: before the start its person gives the seat up; in play 托管
        takes the seat over and everyone is told (a replaced connection's close is no drop)."""
        host = self.host
        seat = connection.seat
        if seat is None:
            return
        with host._lock:
            person = host._people.get(seat)
            if person is None or person.connection is not connection:
                return  # replaced by a return with its token
            person.connection = None
            person.counter.connected = False
            host._pacer.changed()
            if host.finished or host._stopping:
                return  # the table is over: no one is dropped from it
            if not host._started:  # a person who goes before the start gives the seat up
                del host._people[seat]
                host._lobby.leave(seat)
                host._door.left(connection.peer)
                status = None
            else:
                if person.waiting is not None:
                    person.waiting.hand_over()
                status = SeatStatus(seat, person.state())
                host.drops.append((seat, connection.end_reason or "lost"))
        log.info("seat %d (%s) dropped: %s", seat, person.name, connection.end_reason or "connection lost")
        if status is not None:
            host._broadcast(status)
        host._changed()

    def _ready(self, connection: Connection, person: RemoteSeat, ready: bool) -> None:
        host = self.host
        with host._lock:
            if host._started:
                refused = True
            else:
                refused = False
                host._lobby.set_ready(person.seat, ready)
        if refused:
            connection.send(Error(messages.NOT_NOW, "The match has started."))
        else:
            host._changed()

    def _autoplay(self, person: RemoteSeat, on: bool) -> None:
        host = self.host
        with host._lock:
            if not person.set_autoplay(on):
                return  # taken into the match at its start
            status = SeatStatus(person.seat, person.state())
            host._pacer.changed()  # 托管 is ready at once between hands
        host._broadcast(status)
        host._changed()


__all__ = ["SeatedClients"]
