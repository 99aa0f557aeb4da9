"""What an AI remembers of the hand: the discards in order, and what they tell of each hand."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.game.events import Event, KongDeclared, ReadyDeclared, TileDiscarded


@dataclass
class TableMemory:
    """What the seat has seen this hand, in order (the view keeps each pile, not the order)."""

    discards: list[tuple[int, int]] = field(default_factory=list)  # (seat, kind)
    declared_at: dict[int, int] = field(default_factory=dict)  # seat → index in `discards`
    # seat → index in `discards` from which its hand has stayed the same: each discard since
    # was the tile it had just drawn (the event says so), and it made no kong
    unchanged_from: dict[int, int] = field(default_factory=dict)
    drawn_run: dict[int, int] = field(default_factory=dict)  # seat → such discards in a row

    def observe(self, event: Event) -> None:
        if isinstance(event, ReadyDeclared):
            self.declared_at[event.seat] = len(self.discards)
        elif isinstance(event, TileDiscarded):
            self.discards.append((event.seat, event.tile))
            if event.from_drawn:
                self.drawn_run[event.seat] = self.drawn_run.get(event.seat, 0) + 1
            else:  # a tile from the hand went: the hand changed
                self.unchanged_from[event.seat] = len(self.discards)
                self.drawn_run[event.seat] = 0
        elif isinstance(event, KongDeclared):
            self.unchanged_from[event.seat] = len(self.discards)
            self.drawn_run[event.seat] = 0

    def passed_since_declaring(self, seat: int) -> set[int]:
        """Kinds that went by a declared player without it winning: it does not wait on them."""
        start = self.declared_at.get(seat)
        if start is None:
            return set()
        # others' discards it let pass, and its own forced discards of tiles it drew
        return {kind for _, kind in self.discards[start + 1 :]}

    def passed_unchanged(self, seat: int) -> set[int]:
        """Kinds that cannot win for `seat`'s hand now: since its hand last changed, each went
        by it on a discard, or it drew one and threw it (with no 过胡 it would have won)."""
        return {kind for _, kind in self.discards[self.unchanged_from.get(seat, 0):]}


__all__ = ["TableMemory"]
