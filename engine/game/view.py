"""What one seat may see of a hand: its own tiles, everything public, nothing else."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.game.analysis import unseen_counts
from engine.game.rules import Ruleset
from engine.game.scoring import WinRefusal
from engine.game.tiles import NUM_KINDS, to_counts


class Phase(StrEnum):
    TURN = "turn"  # the current seat holds 14 (kongs count 3): win, kong or discard
    CLAIM = "claim"  # seats that can win on the last discard decide
    LAST_FOUR = "last_four"  # 海捞: the current seat drew and may win by self-draw
    ENDED = "ended"


@dataclass(frozen=True)
class SeatView:
    seat: int
    rules: Ruleset
    phase: Phase
    current: int  # whose turn it is (the discarder while claims are open)
    dealer: int
    dealer_streak: int
    hand_number: int
    round_number: int
    concealed: tuple[int, ...]  # own tile kinds, sorted, the drawn tile included
    drawn: int | None  # own drawn kind, shown set apart
    kongs: tuple[int, ...]  # own concealed kongs
    kong_counts: tuple[int, ...]  # how many kongs each seat has laid (face down)
    hand_sizes: tuple[int, ...]  # concealed tiles each seat holds
    discards: tuple[tuple[int, ...], ...]  # each seat's discards in order
    declare_index: tuple[int | None, ...]  # position of each seat's 报听 discard
    tiles_left: int
    last_discard: tuple[int, int] | None  # (seat, tile) while claims are open
    scores: tuple[int, ...]
    # the engine's one word on a winning shape that may not win on the tile in front of the
    # seat now (8张, 报听): None when it may win or has no winning shape
    win_refusal: WinRefusal | None = None

    @property
    def declared(self) -> tuple[bool, ...]:
        return tuple(i is not None for i in self.declare_index)

    def visible_counts(self) -> list[int]:
        """Copies of each kind this seat can see: its own tiles and kongs and all discards."""
        counts = [0] * NUM_KINDS
        for t in self.concealed:
            counts[t] += 1
        for k in self.kongs:
            counts[k] += 4
        for pile in self.discards:
            for t in pile:
                counts[t] += 1
        return counts

    def unseen_counts(self) -> list[int]:
        """Copies of each kind this seat cannot see (in the wall or in other hands)."""
        return unseen_counts(to_counts(self.concealed), self.kongs, self.visible_outside_hand())

    def visible_outside_hand(self) -> list[int]:
        """Copies visible apart from the seat's own tiles and kongs (i.e. all discards)."""
        counts = [0] * NUM_KINDS
        for pile in self.discards:
            for t in pile:
                counts[t] += 1
        return counts
