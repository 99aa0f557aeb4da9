"""What a welcomed client's messages do at a LAN table (docs/protocol.md): a person's choice,
acknowledgement, readiness, 下一局, leaving, 托管 and 能胡就胡, and 快捷语 (:mod:`.talk`); a
watcher plays no seat, so its acknowledgements count for nothing and its choices are refused.
In the network thread; the seats and the lobby are changed under the table's lock.
"""

from __future__ import annotations

import threading

from engine.net import messages
from engine.net.between import BetweenHands
from engine.net.connection import Connection
from engine.net.lobby import LobbyState
from engine.net.messages import (
    Ack,
    Choose,
    Ended,
    Error,
    Leave,
    Message,
    Next,
    Ready,
    Said,
    Say,
    SeatStatus,
    SetAutoplay,
    SetAutoWin,
)
from engine.net.pacing import Pacer
from engine.net.people import People
from engine.net.remote_seat import RemoteSeat
from engine.net.table_calls import TableCalls
from engine.net.table_phase import TablePhase
from engine.net.talk import SayLimit, known


class SeatMessages:
    def __init__(self, lock: threading.RLock, phase: TablePhase, people: People, lobby: LobbyState,
                 pacer: Pacer, between: BetweenHands, calls: TableCalls) -> None:
        self._lock = lock
        self._phase = phase
        self._people = people
        self._lobby = lobby
        self._pacer = pacer
        self._between = between
        self._calls = calls
        self.say_limit = SayLimit()  # 快捷语 per seat (a test gives it a clock of its own)

    def received(self, connection: Connection, message: Message) -> None:
        if connection in self._people.watchers:
            self._from_watcher(connection, message)
            return
        with self._lock:
            person = self._people.of(connection)
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
        self._people.broadcast(Said(seat, phrase))

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
            self._calls.changed()

    def _autoplay(self, person: RemoteSeat, on: bool) -> None:
        with self._lock:
            if not person.set_autoplay(on):
                return  # taken into the match at its start
            status = SeatStatus(person.seat, person.state())
            self._pacer.changed()  # 托管 is ready at once between hands
        self._people.broadcast(status)
        self._calls.changed()


__all__ = ["SeatMessages"]
