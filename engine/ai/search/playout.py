"""A playout: one sampled world played to the hand's end by a light policy, scored exactly.

The table's rules as the hand state machine has them (RULES §3): draws from the front, a kong's
replacement from the back, no kong once the 海捞区 is reached, every claimant of a discard wins
(in the 报听 room only a declared player may win on a discard), and the 海捞 draws at the end,
one per seat, a win or nothing. The policy is the same for every seat, this one included after
its first action: take every win; make a kong that costs no progress; otherwise discard the
kind that leaves the fewest tiles missing (the 8-tile rule is in that count), ties to the
loneliest tile of the shortest suit; in the 报听 room declare as soon as the hand is ready, and
once declared throw what is drawn. A win is scored by :func:`engine.game.scoring.score_win` and paid
as the table pays it (庄分 included). Nothing reads the clock.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.search.worlds import World
from engine.game.analysis import TileCounts, waits_counts
from engine.game.rules import Room, Ruleset
from engine.game.scoring import WinContext, score_win
from engine.game.tiles import NUM_KINDS

SEATS = 4
LAST_FOUR = 4  # the 海捞区: no kong, one draw each, no discard after


class Playout:
    """One world, played on from this seat's decision; :meth:`discard` or :meth:`kong` makes
    the first move and plays to the end, returning every seat's points for the hand."""

    __slots__ = (
        "back",
        "baoting",
        "current",
        "dealer",
        "declared",
        "front",
        "half",
        "hands",
        "rules",
        "streak",
        "waits",
        "wall",
    )

    def __init__(self, world: World, rules: Ruleset, dealer: int, streak: int,
                 declared: Sequence[bool]) -> None:
        self.rules = rules
        self.baoting = rules.room is Room.BAOTING
        self.dealer = dealer
        self.streak = streak
        self.hands = [TileCounts(_counts(world.hands[s]), world.kongs[s]) for s in range(SEATS)]
        self.declared = list(declared)
        self.wall = list(world.wall)
        self.half = world.half_stack
        self.front = 0
        self.back = len(world.wall)
        self.current = world.seat
        self.waits: list[frozenset[int] | None] = [None] * SEATS  # cached while a hand is unchanged

    # -- the first move ---------------------------------------------------------------------
    def discard(self, seat: int, kind: int, declare: bool) -> tuple[int, ...]:
        self.current = seat
        self.hands[seat].remove(kind)
        self.waits[seat] = None
        if declare:
            self.declared[seat] = True
        return self._after_discard(seat, kind)

    def kong(self, seat: int, kind: int) -> tuple[int, ...]:
        self.current = seat
        return self._kong_and_play(seat, kind)

    # -- the loop ---------------------------------------------------------------------------
    def _after_discard(self, seat: int, kind: int) -> tuple[int, ...]:
        while True:
            winners = self._claims(seat, kind)
            if winners:
                return self._pay_discard(winners, seat, kind)
            nxt = (seat + 1) % SEATS
            if self.back - self.front <= LAST_FOUR:
                return self._last_four(nxt)
            tile = self.wall[self.front]
            self.front += 1
            self.hands[nxt].add(tile)
            self.waits[nxt] = None
            self.current = nxt
            result = self._turn(nxt, tile, replacement=False)
            if isinstance(result, tuple):
                return result
            seat, kind = nxt, result

    def _kong_and_play(self, seat: int, kind: int) -> tuple[int, ...]:
        result = self._make_kong(seat, kind)
        if isinstance(result, tuple):
            return result
        return self._after_discard(seat, result)

    def _make_kong(self, seat: int, kind: int) -> tuple[int, ...] | int:
        hand = self.hands[seat]
        for _ in range(4):
            hand.remove(kind)
        new = TileCounts(hand.counts, (*hand.kongs, kind))
        self.hands[seat] = new
        tile = self._draw_back()
        new.add(tile)
        self.waits[seat] = None
        return self._turn(seat, tile, replacement=True)

    def _draw_back(self) -> int:
        """The replacement tile: the top of the last whole stack, or the bottom of the stack
        whose top went to the last kong. The wall's remaining tiles stay contiguous."""
        wall, back = self.wall, self.back
        if self.half:
            tile = wall[back - 1]
        else:
            tile = wall[back - 2]
            wall[back - 2] = wall[back - 1]  # the bottom is now the last tile left
        self.back = back - 1
        self.half = not self.half
        return tile

    def _turn(self, seat: int, drawn: int, replacement: bool) -> tuple[int, ...] | int:
        """The seat holds 14 with `drawn`: its win (the hand's points), or the kind it discards
        (a kong on the way is made here)."""
        hand = self.hands[seat]
        if hand.is_win():
            return self._pay_self_draw(seat, drawn, replacement, last_four=False)
        declared = self.declared[seat]
        if self.back - self.front > LAST_FOUR:
            for kind in range(NUM_KINDS):
                if hand.counts[kind] == 4 and self._kong_pays(seat, kind, declared):
                    result = self._make_kong(seat, kind)
                    return result
        if declared:
            kind = drawn
            hand.remove(kind)
        else:
            kind = greedy_discard(hand)
            hand.remove(kind)
            if self.baoting and hand.missing() == 1:
                self.declared[seat] = True
        self.waits[seat] = None
        return kind

    def _kong_pays(self, seat: int, kind: int, declared: bool) -> bool:
        hand = self.hands[seat]
        if declared:
            rest = list(hand.counts)
            rest[kind] = 0
            return bool(waits_counts(rest, (*hand.kongs, kind)))
        before = min(_missing_without(hand, k) for k in range(NUM_KINDS) if hand.counts[k])
        after = TileCounts([0 if k == kind else c for k, c in enumerate(hand.counts)], (*hand.kongs, kind))
        return after.missing() <= before

    def _claims(self, discarder: int, kind: int) -> list[int]:
        winners = []
        for step in range(1, SEATS):
            seat = (discarder + step) % SEATS
            if self.baoting and not self.declared[seat]:
                continue
            if kind in self._waits(seat):
                winners.append(seat)
        return winners

    def _waits(self, seat: int) -> frozenset[int]:
        waits = self.waits[seat]
        if waits is None:
            hand = self.hands[seat]
            waits = frozenset(waits_counts(hand.counts, hand.kongs)) if hand.missing() == 1 else frozenset()
            self.waits[seat] = waits
        return waits

    def _last_four(self, first: int) -> tuple[int, ...]:
        for step in range(SEATS):
            if self.front >= self.back:
                break
            seat = (first + step) % SEATS
            tile = self.wall[self.front]
            self.front += 1
            hand = self.hands[seat]
            hand.add(tile)
            if hand.is_win():
                return self._pay_self_draw(seat, tile, replacement=False, last_four=True)
            hand.remove(tile)
        return (0, 0, 0, 0)

    # -- paying -----------------------------------------------------------------------------
    def _context(self, seat: int, win_tile: int, self_draw: bool, **flags: bool) -> WinContext:
        hand = self.hands[seat]
        tiles = [k for k in range(NUM_KINDS) for _ in range(hand.counts[k])]
        if self_draw:
            tiles.remove(win_tile)
        return WinContext(tuple(tiles), hand.kongs, win_tile, self_draw=self_draw,
                          declared=self.declared[seat], dealer=seat == self.dealer,
                          dealer_streak=self.streak, **flags)

    def _pay_self_draw(self, seat: int, tile: int, replacement: bool, last_four: bool) -> tuple[int, ...]:
        ctx = self._context(seat, tile, True, kong_replacement=replacement, last_four=last_four)
        value = score_win(ctx, self.rules).value
        deltas = [0] * SEATS
        bonus = 2 * self.streak
        for payer in range(SEATS):
            if payer != seat:
                amount = value + (bonus if self.dealer in (seat, payer) else 0)
                deltas[payer] -= amount
                deltas[seat] += amount
        return tuple(deltas)

    def _pay_discard(self, winners: list[int], discarder: int, kind: int) -> tuple[int, ...]:
        deltas = [0] * SEATS
        for seat in winners:
            ctx = self._context(seat, kind, False,
                                discarder_is_dealer=discarder == self.dealer and seat != self.dealer)
            amount = score_win(ctx, self.rules).value
            if self.dealer in (seat, discarder):
                amount += self.streak
            deltas[discarder] -= amount
            deltas[seat] += amount
        return tuple(deltas)


def _counts(kinds: Sequence[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def _missing_without(hand: TileCounts, kind: int) -> int:
    hand.remove(kind)
    missing = hand.missing()
    hand.add(kind)
    return missing


def greedy_discard(hand: TileCounts) -> int:
    """The kind whose discard leaves the fewest tiles missing; ties to the loneliest tile of
    the shortest suit (the 8-tile rule keeps the long suit)."""
    counts = hand.counts
    sizes = (sum(counts[0:7]), sum(counts[7:14]), sum(counts[14:21]))
    best_key: tuple[int, int, int, int] | None = None
    best = -1
    for kind in range(NUM_KINDS):
        if not counts[kind]:
            continue
        hand.remove(kind)
        missing = hand.missing()
        hand.add(kind)
        suit, rank = divmod(kind, 7)
        near = counts[kind] - 1
        for other in (rank - 2, rank - 1, rank + 1, rank + 2):
            if 0 <= other < 7:
                near += counts[suit * 7 + other]
        key = (missing, near, sizes[suit], -kind)
        if best_key is None or key < best_key:
            best_key, best = key, kind
    return best


__all__ = ["LAST_FOUR", "Playout", "greedy_discard"]
