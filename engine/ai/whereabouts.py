"""Where the unseen tiles are: in the wall (to be drawn) or in the others' hands (to be
discarded, or kept) — 大师's reading of a ready hand's waits.

The 8-tile rule makes every player keep one suit and throw the others. What a player has
thrown tells what it holds: it has held 13 tiles plus one per discard, dealt and drawn at
random from the tiles this seat does not hold, so of each suit it holds about its share of
those, less what it threw of that suit.
Copies of a kind an opponent keeps are likely in its hand: neither drawn nor discarded. Its
next discard follows the suits it has been throwing. A wait in a suit the others throw wins on
discards; a wait in the suit they keep waits for the draw alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.game.tiles import NUM_KINDS, suit_of
from engine.game.view import SeatView

SEATS = 4
HELD = 13  # tiles a player holds between turns (a kong's four count as three)
SMOOTH = 1.0  # discards of each suit assumed before the first: no suit is certain


@dataclass(frozen=True)
class Whereabouts:
    """For each kind: the expected unseen copies in the wall, and the chance that one given
    opponent's next discard is that kind (one row per opponent)."""

    wall: tuple[float, ...]
    throws: tuple[tuple[float, ...], ...]

    def draw_chance(self, kinds: Sequence[int]) -> float:
        """The chance that the next tile drawn from the wall is one of `kinds`."""
        total = sum(self.wall)
        return min(1.0, sum(self.wall[k] for k in kinds) / total) if total > 0 else 0.0

    def round_hit(self, kinds: Sequence[int], scale: float = 1.0) -> float:
        """The chance that at least one opponent discards one of `kinds` in one round."""
        miss = 1.0
        for row in self.throws:
            miss *= 1 - min(1.0, scale * sum(row[k] for k in kinds))
        return 1 - miss

    def suit_chances(self, suit: int, copies: float, left: Sequence[int]) -> tuple[float, float]:
        """(the chance to draw, the chance a round of discards throws) one of `copies` unseen
        tiles of `suit` whose kinds are not known yet: a plan's waits."""
        kinds = [t for t in range(NUM_KINDS) if suit_of(t) == suit]
        unseen_here = sum(left[t] for t in kinds)
        if unseen_here <= 0:
            return 0.0, 0.0
        share = min(1.0, copies / unseen_here)  # of the suit's unseen copies, the waits'
        return share * self.draw_chance(kinds), self.round_hit(kinds, share)


def _thrown(pile: Sequence[int]) -> list[int]:
    """Tiles of each suit in a discard pile."""
    thrown = [0, 0, 0]
    for t in pile:
        thrown[suit_of(t)] += 1
    return thrown


def kept_suits(view: SeatView, opp: int) -> list[float]:
    """The tiles of each suit `opp` is expected to hold (their sum: its hand)."""
    mine = [0, 0, 0]
    for t in view.concealed:
        mine[suit_of(t)] += 1
    for t in view.kongs:
        mine[suit_of(t)] += 4
    for t in view.discards[view.seat]:
        mine[suit_of(t)] += 1
    others = [NUM_KINDS // 3 * 4 - m for m in mine]  # the copies it may have held
    pool = sum(others) or 1
    pile = view.discards[opp]
    thrown = _thrown(pile)
    kept = [max(0.0, (HELD + len(pile)) * others[s] / pool - thrown[s]) for s in range(3)]
    total = sum(kept)
    held = HELD - 3 * view.kong_counts[opp]  # kong tiles lie face down, out of the hand
    return [held * k / total for k in kept] if total > 0 else [held / 3] * 3


def read_whereabouts(view: SeatView, left: Sequence[int]) -> Whereabouts:
    """`left`: the unseen copies of each kind, from the seat's view."""
    suit_unseen = [0.0, 0.0, 0.0]
    for t in range(NUM_KINDS):
        suit_unseen[suit_of(t)] += left[t]
    held_share = [0.0, 0.0, 0.0]  # of each suit's unseen tiles, the share in the others' hands
    throws = []
    for opp in range(SEATS):
        if opp == view.seat:
            continue
        pile = view.discards[opp]
        thrown = _thrown(pile)
        for s, k in enumerate(kept_suits(view, opp)):
            if suit_unseen[s] > 0:
                held_share[s] += k / suit_unseen[s]
        # the next discard follows the suits thrown so far; within a suit, the unseen copies
        share = [(d + SMOOTH) / (len(pile) + 3 * SMOOTH) for d in thrown]
        throws.append(tuple(
            share[suit_of(t)] * left[t] / suit_unseen[suit_of(t)] if suit_unseen[suit_of(t)] else 0.0
            for t in range(NUM_KINDS)))
    wall = tuple(left[t] * max(0.0, 1 - held_share[suit_of(t)]) for t in range(NUM_KINDS))
    return Whereabouts(wall, tuple(throws))


__all__ = ["Whereabouts", "kept_suits", "read_whereabouts"]
