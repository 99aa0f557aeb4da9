"""The tile tracker (记牌器): how many copies of each kind one seat has not seen, from that seat's
own events only.

Seen are the seat's own tiles (dealt and drawn, its kongs among them: it laid them) and every
discard. Other seats' kongs lie face down (RULES §3: their kind is learnt when the hand ends) and
their draws are hidden, so they stay unseen. Fed with ``event.for_seat(seat)``, the tracker knows
exactly what :meth:`engine.game.view.SeatView.unseen_counts` says and nothing more: it never sees a
tile the seat's events do not name.
"""

from __future__ import annotations

from engine.game import events as ev
from engine.game.analysis import unseen_counts
from engine.game.tiles import NUM_KINDS


class TileTracker:
    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._seen = [0] * NUM_KINDS

    def reset(self) -> None:
        self._seen = [0] * NUM_KINDS

    def apply(self, event: ev.Event) -> None:
        """Count what `event` shows this seat (an event for another seat's view is refused)."""
        if isinstance(event, ev.HandStarted):
            self.reset()
        elif isinstance(event, ev.TilesDealt) and event.seat == self.seat and event.tiles is not None:
            for kind in event.tiles:
                self._seen[kind] += 1
        elif isinstance(event, ev.TileDrawn) and event.seat == self.seat and event.tile is not None:
            self._seen[event.tile] += 1
        elif isinstance(event, ev.TileDiscarded) and event.seat != self.seat:
            self._seen[event.tile] += 1  # my own discards were mine already: seen once

    def unseen(self) -> list[int]:
        """Copies of each kind this seat has not seen: in the wall or in other hands."""
        return unseen_counts(self._seen)  # the seat's own tiles and every discard: all it saw
