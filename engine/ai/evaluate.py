"""What every AI level measures before it chooses: the discards of a 14-tile hand with the
shanten and ukeire (unseen tiles that improve) each leaves, from the seat's own view."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.game.actions import PASS, WIN, Action, ActionKind
from engine.game.analysis import TileCounts, suit_lengths
from engine.game.tiles import NUM_KINDS, rank_of, suit_of
from engine.game.view import SeatView


@dataclass(frozen=True)
class Candidate:
    tile: int
    shanten: int  # of the 13 tiles left
    ukeire: int  # unseen copies of the kinds that lower that shanten
    waits: tuple[int, ...]  # when ready: the winning kinds
    wait_count: int  # unseen copies of those


def own_hand(view: SeatView) -> TileCounts:
    counts = [0] * NUM_KINDS
    for t in view.concealed:
        counts[t] += 1
    return TileCounts(counts, view.kongs)


def improvements(hand: TileCounts, left: Sequence[int], kongs: Sequence[int] = ()) -> tuple[int, list[int]]:
    """(unseen tiles that lower the shanten of a 13-tile hand, kinds that do)."""
    return hand.improving_draws(left)


def candidates(hand: TileCounts, left: Sequence[int], tiles: Sequence[int], full: bool = False,
               ) -> list[Candidate]:
    """Each discard among `tiles` with what it leaves. Ukeire is measured only for the discards
    of the best shanten unless `full` (a worse shanten is never chosen on tile efficiency)."""
    shanten_after = {}
    for t in tiles:
        hand.remove(t)
        shanten_after[t] = hand.missing() - 1
        hand.add(t)
    best = min(shanten_after.values())
    out = []
    for t in tiles:
        s = shanten_after[t]
        if s > best and not full:
            out.append(Candidate(t, s, 0, (), 0))
            continue
        hand.remove(t)
        uke, kinds = improvements(hand, left, hand.kongs)
        hand.add(t)
        waits = tuple(kinds) if s == 0 else ()
        out.append(Candidate(t, s, uke, waits, uke if s == 0 else 0))
    return out


def suit_sizes(hand: TileCounts) -> list[int]:
    return list(suit_lengths(hand.counts, hand.kongs))


def isolation(counts: Sequence[int], tile: int) -> int:
    """1 when the tile has no copy and no neighbour within two ranks in its suit."""
    if counts[tile] > 1:
        return 0
    suit = suit_of(tile)
    for other in (tile - 2, tile - 1, tile + 1, tile + 2):
        if 0 <= other < NUM_KINDS and suit_of(other) == suit and counts[other]:
            return 0
    return 1


def efficiency_key(c: Candidate, hand: TileCounts, sizes: Sequence[int]) -> tuple[int, ...]:
    """Lower is better: shanten, then ukeire, then leave the long suit (8-tile rule) alone."""
    t = c.tile
    return (c.shanten, -c.ukeire, sizes[suit_of(t)], -isolation(hand.counts, t),
            min(rank_of(t) - 2, 8 - rank_of(t)), t)


def obvious(legal: Sequence[Action]) -> Action | None:
    """Every level takes a win; with no tile to discard (a claim or a 海捞 draw that does not
    win) it passes. None when there is a real choice to weigh."""
    if WIN in legal:
        return WIN
    if not any(a.kind is ActionKind.DISCARD for a in legal):
        return PASS if PASS in legal else legal[0]
    return None


def split_legal(legal: Sequence[Action]) -> tuple[list[int], list[int], list[int]]:
    """Discard kinds, declaring-discard kinds and kong kinds among the legal actions."""
    discards: list[int] = []
    declaring: list[int] = []
    kongs: list[int] = []
    for a in legal:
        if a.kind is ActionKind.DISCARD and a.tile is not None:
            (declaring if a.declare else discards).append(a.tile)
        elif a.kind is ActionKind.KONG and a.tile is not None:
            kongs.append(a.tile)
    return discards, declaring, kongs


def shanten_after_kong(hand: TileCounts, kind: int) -> int:
    after = TileCounts([0 if t == kind else c for t, c in enumerate(hand.counts)], (*hand.kongs, kind))
    return after.missing() - 1


def next_ukeire(hand: TileCounts, left: Sequence[int], tile: int) -> float:
    """One step further than ukeire: after discarding `tile` and drawing each improving kind,
    the ukeire of the best discard then, averaged over the improving draws (weighted by unseen
    copies). When the step reaches ready, that is the number of winning tiles. Bounded by the
    kinds (21) × discards (≤ 14) of one step: no search deeper than that."""
    hand.remove(tile)
    base = hand.missing()
    total = weight = 0.0
    kongs = hand.kongs
    for x in range(NUM_KINDS):
        if left[x] == 0 or hand.counts[x] >= 4 or x in kongs:
            continue
        hand.add(x)
        if hand.missing() < base:
            best = 0
            for d in range(NUM_KINDS):
                if hand.counts[d] == 0 or (d == x and hand.counts[d] == 1):
                    continue
                hand.remove(d)
                if hand.missing() < base:
                    seen = [left[k] - (k == x) for k in range(NUM_KINDS)]
                    best = max(best, improvements(hand, seen, kongs)[0])
                hand.add(d)
            total += left[x] * best
            weight += left[x]
        hand.remove(x)
    hand.add(tile)
    return total / weight if weight else 0.0
