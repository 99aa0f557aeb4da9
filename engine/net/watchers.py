"""Watchers (观战) at a LAN table: friends who see what the public sees and play no seat.

Every event reaches the watchers once, as :meth:`engine.game.events.Event.for_watcher` makes it — no
concealed or drawn tile, no kong kind, no one's 8张/报听 refusal, no wall order or seed before
the hand's end — numbered in one stream shared by all watchers and kept for the current hand,
so that a watcher who comes in mid-match gets a ``resync`` of the public events so far.
Watchers are never waited for (their acknowledgements count for nothing) and choose nothing.

Kept among the people at the table (:mod:`engine.net.people`) and used under the table's lock;
frames are posted as the seats' are.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, replace

from engine.game import events
from engine.net import frames, messages
from engine.net.connection import Connection
from engine.net.messages import EventMessage, Message, Resync, SeatState, Started
from engine.net.remote_seat import Post

log = logging.getLogger(__name__)

MAX_WATCHERS = 8  # per table; a ninth is refused `full`
VIEW_SEAT = 0  # a watcher's table is drawn from this seat's side (all hands face down)


@dataclass(eq=False)
class Watcher:
    connection: Connection
    name: str
    token: str  # given in the welcome as every client's is; it brings no seat back


class Watchers:
    def __init__(self, limit: int = MAX_WATCHERS) -> None:
        self.limit = limit
        self._by_connection: dict[Connection, Watcher] = {}
        self._started: Started | None = None
        self._history: list[EventMessage] = []  # the match's start, then the current hand
        self._sent = 0  # the number of the last event

    # -- who watches ------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._by_connection)

    def __contains__(self, connection: object) -> bool:
        return connection in self._by_connection

    def names(self) -> tuple[str, ...]:
        return tuple(w.name for w in self._by_connection.values())

    def add(self, connection: Connection, name: str) -> Watcher | None:
        """`connection` watches from now on; None when the table has its fill of watchers."""
        if len(self._by_connection) >= self.limit:
            return None
        watcher = Watcher(connection, name, secrets.token_hex(16))
        self._by_connection[connection] = watcher
        connection.welcomed = True
        return watcher

    def remove(self, connection: Connection) -> Watcher | None:
        return self._by_connection.pop(connection, None)

    # -- the match (the engine's thread, under the host's lock) ------------------------------
    def start(self, started: Started, post: Post) -> None:
        """The match begins: its `start` as a watcher is told it (drawn from seat 0's side)."""
        self._started = replace(started, seat=VIEW_SEAT)
        self._post_all(self._started, post)

    def event(self, event: events.Event, post: Post) -> None:
        """`event` as the public sees it, to every watcher, and kept for a latecomer."""
        self._sent += 1
        message = EventMessage(self._sent, event.for_watcher())
        if isinstance(event, events.HandStarted):
            del self._history[1:]  # the match's start stays
        self._history.append(message)
        self._post_all(message, post)

    def resync(self, states: tuple[SeatState, ...]) -> Resync | None:
        """What a watcher who comes in during play needs: the start and this hand's public
        events; None before the match starts."""
        if self._started is None:
            return None
        return Resync(self._started, tuple(self._history), None, states)

    def _post_all(self, message: Message, post: Post) -> None:
        if not self._by_connection:
            return
        try:
            data = frames.encode(messages.to_wire(message))
        except ValueError:  # longer than a frame: no message of the engine's should be
            log.exception("a %s message for the watchers could not be framed", message.TYPE)
            return
        for connection in list(self._by_connection):
            post(connection, data)


__all__ = ["MAX_WATCHERS", "VIEW_SEAT", "Watcher", "Watchers"]
