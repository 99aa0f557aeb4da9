"""The people at a LAN table: the persons in the seats (:class:`~engine.net.remote_seat.RemoteSeat`),
the watchers (观战) and the open connections, with which of them is whose.

A connection is open from its first byte until it starts closing; it becomes a person's (its
``seat``) or a watcher's at its hello. Read and changed under the table's lock, except the
open connections, which are the network thread's alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.net.admission import holder_of
from engine.net.connection import Connection
from engine.net.messages import Ended, Message, SeatState
from engine.net.pacing import AckCounter
from engine.net.remote_seat import Post, RemoteSeat
from engine.net.watchers import Watchers

SEATS = 4


class People:
    def __init__(self) -> None:
        self._seated: dict[int, RemoteSeat] = {}
        self.watchers = Watchers()  # 观战: they see what the public sees
        self._open: set[Connection] = set()  # open: not yet closing (the network thread's)

    # -- the persons in the seats -------------------------------------------------------------
    def __getitem__(self, seat: int) -> RemoteSeat:
        return self._seated[seat]

    def __iter__(self) -> Iterator[RemoteSeat]:
        return iter(list(self._seated.values()))

    def get(self, seat: int) -> RemoteSeat | None:
        return self._seated.get(seat)

    def sit(self, person: RemoteSeat) -> None:
        self._seated[person.seat] = person

    def unseat(self, seat: int) -> None:
        del self._seated[seat]

    def of(self, connection: Connection) -> RemoteSeat | None:
        """The person whose connection this is now (not one their return replaced)."""
        person = None if connection.seat is None else self._seated.get(connection.seat)
        return person if person is not None and person.connection is connection else None

    def holder_of(self, token: str) -> RemoteSeat | None:
        return holder_of(token, self._seated.values())

    def states(self) -> tuple[SeatState, ...]:
        """Every seat's state during play (an AI's: connected, not under 托管)."""
        return tuple(p.state() if (p := self._seated.get(s)) is not None else SeatState(True, False)
                     for s in range(SEATS))

    def counters(self) -> list[AckCounter]:
        return [p.counter for p in self._seated.values()]

    def away(self) -> tuple[int, ...]:
        """The seats whose person is not connected."""
        return tuple(s for s, p in sorted(self._seated.items()) if not p.connected)

    def waited_for(self) -> set[int]:
        """The seats whose person the table waits for between hands: connected, showing the
        table, not under 托管."""
        return {s for s, p in self._seated.items() if p.connected and p.shows
                and p.waiting is not None and not p.waiting.autoplay.is_set()}

    def tell(self, message: Message, post: Post) -> None:
        """A message of the table's to every connected person (from the match thread)."""
        for person in self._seated.values():
            person.tell(message, post)

    # -- the open connections (the network thread) ------------------------------------------------
    def opened(self, connection: Connection) -> None:
        self._open.add(connection)

    def closed(self, connection: Connection) -> None:
        self._open.discard(connection)

    def connections(self) -> list[Connection]:
        return list(self._open)

    def greeting(self) -> list[Connection]:
        """The connections that have not said hello yet, oldest first."""
        return sorted((c for c in self._open if not c.welcomed and not c.closing), key=lambda c: c.opened_at)

    def broadcast(self, message: Message) -> None:
        """`message` to every welcomed client, persons and watchers."""
        for connection in list(self._open):
            if connection.welcomed and not connection.closing:
                connection.send(message)

    def end_all(self, ending: Ended) -> None:
        """Close every welcomed client's connection with `ending`."""
        for connection in list(self._open):
            if connection.welcomed:
                connection.close(ending)


__all__ = ["SEATS", "People"]
