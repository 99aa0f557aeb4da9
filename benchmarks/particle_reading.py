"""A reading of the others' concealed tiles (读牌) by a particle filter over their hands: a study
(benchmarks/filter_study.py), not 大师's play — it read no better than the learnt model.

Each opponent's concealed hand is held as a few hundred weighted guesses (particles), dealt
from the tiles this seat cannot see and carried along the hand event by event:

- a draw is unknown: at the discard that follows, a guess draws a tile from what it leaves
  unseen; a discard the event calls the drawn tile (``from_drawn``) means the draw was that kind
  and the hand is unchanged, any other discard was a tile already held (a guess without it
  is ruled out);
- each discard is weighed by how well it fits a player who discards efficiently: one of the
  discards that leave the fewest tiles missing, else a small chance (a player folding, or a
  person playing by feel);
- a win not taken rules a guess nearly out: every AI takes every win, and a person rarely
  lets one pass (no 过胡 rule: a win on a kind that went by is still a win later);
- a 报听 declaration leaves only ready guesses; from then the hand is fixed;
- a concealed kong takes four of a kind the guess holds (with the draw);
- a tile this seat then sees (its own draw, a discard) rules out the guesses that held more
  copies than are left unseen.

When the weights grow uneven the guesses are resampled (systematic resampling), and a guess
whose weight falls to nothing everywhere starts the opponent over from a fresh deal of its
size (a ready one if it declared). What it answers: the chance an opponent could win now on
each kind, read off the weighted guesses. Deterministic given the seed and the events; bounded
by the particle count, never the clock. Only what this seat saw goes in: the events as
:meth:`Event.for_seat` gives them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.ai.search.worlds import _pick
from engine.game.analysis import TileCounts, waits_counts
from engine.game.events import (
    Event,
    HandStarted,
    KongDeclared,
    LastFourStarted,
    ReadyDeclared,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
)
from engine.game.rules import Room
from engine.game.tiles import NUM_KINDS

SEATS = 4
_PLAY = (TileDrawn, KongDeclared, ReadyDeclared, TileDiscarded, LastFourStarted)
OFF_PATH = 0.05  # a discard that is not among the most efficient (danger, or a person's feel)
WIN_PASSED = 0.02  # a win the guess could have taken and did not
SIZE = 13


@dataclass(frozen=True)
class FilterSettings:
    """How many guesses per opponent and how much a discard off the efficient path is allowed."""

    particles: int = 128
    off_path: float = OFF_PATH
    win_passed: float = WIN_PASSED
    linked: float = 0.3  # an efficient discard while a looser tile was held
    ukeire: bool = False  # hard's own test: the discard keeps 80% of the best unseen improving tiles
    repair: float = 0.3  # a guess mended to hold a tile it lacked (instead of ruled out)


@dataclass
class _Guesses:
    """One opponent's particles: concealed counts (the unresolved draw not in them), concealed
    kong kinds and weights."""

    hands: list[list[int]] = field(default_factory=list)
    kongs: list[tuple[int, ...]] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)
    pending: int = 0  # tiles drawn and not yet seen go out (the dealer's 14th, a draw)
    declared: bool = False
    declaring: bool = False  # ReadyDeclared seen, its discard not yet


def _links(counts: list[int], t: int) -> int:
    """How tied a tile is to the rest of the hand: its other copies and the tiles of its suit
    within two ranks (a player throws the loosest tile first)."""
    base = t - t % 7
    near = counts[t] - 1
    for u in (t - 2, t - 1, t + 1, t + 2):
        if base <= u < base + 7:
            near += counts[u]
    return near


class HandFilter:
    """The particle filter of one seat: feed it the events that seat sees, ask it for each
    opponent's chance to win on each kind."""

    def __init__(self, seat: int, room: Room, seed: int = 0,
                 settings: FilterSettings = FilterSettings()) -> None:
        self.seat = seat
        self.room = room
        self.seed = seed
        self.settings = settings
        self._reset(0)

    def _reset(self, hand_number: int) -> None:
        self.rng = random.Random(self.seed * 1_000_003 + hand_number)
        self.seen = [0] * NUM_KINDS  # copies this seat has seen: its tiles, its kongs, discards
        self.dealt = [0] * SEATS
        self.opps: dict[int, _Guesses] = {}
        self.frozen = False  # the 海捞 phase: no discards to read any more
        self._wins_cache: dict[tuple[int, ...], list[int]] = {}

    # -- the events -----------------------------------------------------------------------
    def observe(self, event: Event) -> None:
        if isinstance(event, HandStarted):
            self._reset(event.hand_number * 7 + event.round_number)
            return
        if isinstance(event, TilesDealt):
            self.dealt[event.seat] += len(event.wall_indices)
            if event.seat == self.seat and event.tiles:
                for t in event.tiles:
                    self.seen[t] += 1
            return
        if self.frozen or not isinstance(event, _PLAY):
            return
        if not self.opps:
            self._deal()
        if isinstance(event, LastFourStarted):
            self.frozen = True
        elif isinstance(event, TileDrawn):
            if event.seat == self.seat:
                if event.tile is not None:
                    self._reveal(event.tile)
            elif event.seat in self.opps:
                self.opps[event.seat].pending += 1
        elif isinstance(event, KongDeclared):
            if event.seat == self.seat:
                pass  # its tiles were seen already (they were in this seat's hand)
            elif event.seat in self.opps:
                self._kong(self.opps[event.seat])
        elif isinstance(event, ReadyDeclared):
            if event.seat in self.opps:
                self.opps[event.seat].declaring = True
        elif isinstance(event, TileDiscarded):
            self._discarded(event)

    def _deal(self) -> None:
        unseen = self.unseen()
        n = self.settings.particles
        for opp in range(SEATS):
            if opp == self.seat:
                continue
            g = _Guesses()
            size = min(SIZE, self.dealt[opp])
            g.pending = max(0, self.dealt[opp] - SIZE)  # the dealer's 14th tile
            for _ in range(n):
                g.hands.append(self._random_hand(unseen, size))
                g.kongs.append(())
                g.weights.append(1.0)
            self.opps[opp] = g

    def unseen(self) -> list[int]:
        return [4 - s for s in self.seen]

    def _random_hand(self, pool: list[int], size: int) -> list[int]:
        left = list(pool)
        total = sum(left)
        counts = [0] * NUM_KINDS
        for _ in range(min(size, total)):
            k = _pick(left, self.rng)
            left[k] -= 1
            total -= 1
            counts[k] += 1
        return counts

    def _reveal(self, tile: int) -> None:
        """This seat saw one more copy of `tile`: guesses holding more than are left go."""
        self.seen[tile] += 1
        left = 4 - self.seen[tile]
        unseen = self.unseen()
        for opp, g in self.opps.items():
            changed = False
            for i, hand in enumerate(g.hands):
                if hand[tile] > left and g.weights[i]:
                    # mended: the copies it cannot hold were other unseen tiles
                    pool = [max(0, u - h) for u, h in zip(unseen, hand, strict=True)]
                    pool[tile] = 0
                    total = sum(pool)
                    while hand[tile] > left and total > 0:
                        x = _pick(pool, self.rng)
                        pool[x] -= 1
                        total -= 1
                        hand[x] += 1
                        hand[tile] -= 1
                    g.weights[i] *= self.settings.repair if hand[tile] <= left else 0.0
                    changed = True
            if changed:
                self._settle(opp, g)

    # -- one opponent's turn ----------------------------------------------------------------
    def _discarded(self, event: TileDiscarded) -> None:
        d = event.tile
        who = event.seat
        if who in self.opps:
            g = self.opps[who]
            unseen = self.unseen()
            for i in range(len(g.hands)):
                if g.weights[i]:
                    g.weights[i] *= self._turn(g, i, d, event.from_drawn, unseen)
            g.pending = 0
            if g.declaring:
                g.declaring, g.declared = False, True
                for i, hand in enumerate(g.hands):
                    if g.weights[i] and not waits_counts(hand, g.kongs[i]):
                        g.weights[i] *= self._mend_ready(hand, g.kongs[i], unseen)
            self._settle(who, g)
        if who != self.seat:  # this seat's own discard was seen already (it was in its hand)
            self._reveal(d)
        self._passed(who, d)

    def _turn(self, g: _Guesses, i: int, d: int, from_drawn: bool, unseen: list[int]) -> float:
        """The weight of guess `i` through a draw (if one is pending) and the discard `d`; the
        guess is updated in place. The draw is chosen among the kinds the guess leaves unseen
        in proportion to how well each explains the discard (no win passed, `d` an efficient
        discard), and the guess is weighed by how well the draws explain it on the whole."""
        hand, kongs = g.hands[i], g.kongs[i]
        settings = self.settings
        if not g.pending:
            # no draw to resolve (should not happen in a turn): the tile must be held
            if hand[d] == 0:
                return 0.0
            hand[d] -= 1
            return 1.0
        pool = [max(0, u - h) for u, h in zip(unseen, hand, strict=True)]
        total = sum(pool)
        if total <= 0:
            return 0.0
        judge = not g.declared  # a declared hand throws what it draws: no choice to read
        if from_drawn:
            if pool[d] <= 0:
                return 0.0
            return pool[d] / total * self._explains(hand, kongs, d, d, judge, pool)
        repaired = 1.0
        if hand[d] == 0:
            # the guess lacks the tile: held another kind in its place (a repair, weighed down)
            if pool[d] <= 0:
                return 0.0
            y = self._loosest(hand, kongs, d)
            hand[y] -= 1
            hand[d] += 1
            pool[y] += 1
            pool[d] -= 1
            repaired = settings.repair
        # the drawn tile was another kind: each kind weighed by how well it explains the discard
        fits = [0.0] * NUM_KINDS
        for x in range(NUM_KINDS):
            if pool[x] and x != d:
                fits[x] = pool[x] * self._explains(hand, kongs, x, d, judge, pool)
        chance = sum(fits)
        if chance <= 0:
            return 0.0
        x = _pick(fits, self.rng)
        hand[x] += 1
        hand[d] -= 1
        return repaired * chance / total

    def _explains(self, hand: list[int], kongs: tuple[int, ...], x: int, d: int, judge: bool,
                  pool: list[int]) -> float:
        """How likely a player holding `hand` who draws `x` throws `d`: not at all likely if
        the draw won (every AI takes a win), less likely if `d` is not among the discards that
        leave the fewest tiles missing (the best discard of 14 tiles leaves as many missing as
        the 14 do)."""
        tiles = TileCounts(hand, kongs)
        tiles.add(x)
        whole = tiles.missing()
        fit = self.settings.win_passed if whole == 0 else 1.0
        if judge:
            tiles.remove(d)
            if tiles.missing() != whole:
                fit *= self.settings.off_path
            elif self.settings.ukeire:
                fit *= self._hard_efficient(tiles, d, whole, pool)
            else:
                counts = tiles.counts
                counts[d] += 1
                mine = _links(counts, d)
                if any(counts[t] and _links(counts, t) < mine for t in range(NUM_KINDS)):
                    fit *= self.settings.linked
                counts[d] -= 1
        return fit

    def _loosest(self, hand: list[int], kongs: tuple[int, ...], d: int) -> int:
        """The held kind whose place `d` takes at the least cost to the hand (ties at random):
        a mended guess keeps the shape it had built."""
        tiles = TileCounts(hand, kongs)
        tiles.add(d)
        best: list[int] = []
        low = 99
        for y in range(NUM_KINDS):
            if hand[y] and y != d:
                tiles.remove(y)
                m = tiles.missing()
                tiles.add(y)
                if m < low:
                    low, best = m, [y]
                elif m == low:
                    best.append(y)
        return self.rng.choice(best) if best else d

    def _hard_efficient(self, tiles: TileCounts, d: int, whole: int, pool: list[int]) -> float:
        """`tiles` is the hand less `d` (which kept the fewest missing): 1 if `d` is in hard's
        efficient set (its unseen improving tiles at least 80% of the best discard's), else
        ``off_path``."""
        mine = tiles.improving_draws(pool)[0]
        tiles.add(d)
        best = mine
        for t in range(NUM_KINDS):
            if t != d and tiles.counts[t]:
                tiles.remove(t)
                if tiles.missing() == whole:
                    best = max(best, tiles.improving_draws(pool)[0])
                tiles.add(t)
        tiles.remove(d)
        return 1.0 if mine >= 0.8 * best else self.settings.off_path

    def _mend_ready(self, hand: list[int], kongs: tuple[int, ...], unseen: list[int]) -> float:
        """A guess that is not ready when its player declared: mended, if one tile swapped for
        an unseen one makes it ready (weighed down), else ruled out."""
        tiles = TileCounts(hand, kongs)
        if tiles.missing() != 2:
            return 0.0
        swaps = []
        for y in range(NUM_KINDS):
            if not hand[y]:
                continue
            tiles.remove(y)
            for z in range(NUM_KINDS):
                if z != y and unseen[z] - hand[z] > 0:
                    tiles.add(z)
                    if tiles.missing() == 1:
                        swaps.append((y, z))
                    tiles.remove(z)
            tiles.add(y)
        if not swaps:
            return 0.0
        y, z = self.rng.choice(swaps)
        hand[y] -= 1
        hand[z] += 1
        return self.settings.repair

    def _kong(self, g: _Guesses) -> None:
        """A concealed kong after a draw: four of one kind leave each guess (the draw may be the
        fourth); the replacement draw that follows is pending again."""
        unseen = self.unseen()
        for i, hand in enumerate(g.hands):
            if not g.weights[i]:
                continue
            pool = [max(0, u - h) for u, h in zip(unseen, hand, strict=True)]
            total = sum(pool)
            if not g.pending or total <= 0:
                fours = [k for k in range(NUM_KINDS) if hand[k] == 4]
                if not fours:
                    g.weights[i] = 0.0
                    continue
                kind = self.rng.choice(fours)
            else:
                # the kinds with four after the draw: held four (any draw), or three and the draw
                options = [float(hand[k] == 4) + (pool[k] / total if hand[k] == 3 else 0.0)
                           for k in range(NUM_KINDS)]
                chance = sum(options)
                if chance <= 0:
                    g.weights[i] = 0.0
                    continue
                kind = _pick(options, self.rng)
                g.weights[i] *= min(1.0, chance)
                if hand[kind] == 3:
                    hand[kind] += 1  # the draw was the fourth
                else:
                    pool[kind] = 0
                    x = _pick(pool, self.rng) if sum(pool) > 0 else kind
                    hand[x] += 1
            hand[kind] = 0
            g.kongs[i] = (*g.kongs[i], kind)
        g.pending = 0
        self._settle(next(o for o, v in self.opps.items() if v is g), g)

    def _passed(self, who: int, d: int) -> None:
        """`d` went by every other opponent: a guess that could have won on it did not."""
        for opp, g in self.opps.items():
            if opp == who or g.pending:
                continue
            if self.room is Room.BAOTING and not g.declared:
                continue  # an undeclared hand cannot win on a discard
            changed = False
            for i, hand in enumerate(g.hands):
                if g.weights[i] and d in self._wait_kinds(hand, g.kongs[i]):
                    g.weights[i] *= self.settings.win_passed
                    changed = True
            if changed:
                self._settle(opp, g)

    def _wait_kinds(self, hand: list[int], kongs: tuple[int, ...]) -> list[int]:
        key = (*hand, -1, *kongs)
        hit = self._wins_cache.get(key)
        if hit is None:
            hit = waits_counts(hand, kongs) if sum(hand) + 3 * len(kongs) == SIZE else []
            if len(self._wins_cache) > 50_000:
                self._wins_cache.clear()
            self._wins_cache[key] = hit
        return hit

    # -- keeping the guesses healthy --------------------------------------------------------
    def _settle(self, opp: int, g: _Guesses) -> None:
        total = sum(g.weights)
        n = len(g.weights)
        if total <= 0:
            self._restart(opp, g)
            return
        square = sum(w * w for w in g.weights)
        if total * total < 0.5 * n * square:  # effective sample size under half
            step = total / n
            x = self.rng.random() * step
            picked: list[int] = []
            acc, k = g.weights[0], 0
            for _ in range(n):
                while acc < x and k < n - 1:
                    k += 1
                    acc += g.weights[k]
                picked.append(k)
                x += step
            g.hands = [list(g.hands[k]) for k in picked]
            g.kongs = [g.kongs[k] for k in picked]
            g.weights = [1.0] * n
        else:
            g.weights = [w / total * n for w in g.weights]

    def _restart(self, opp: int, g: _Guesses) -> None:
        """Every guess ruled out: a fresh deal of the hand's size from what is unseen (ready
        ones for a declared player, tried a bounded number of times)."""
        unseen = self.unseen()
        n = self.settings.particles
        size = SIZE - 3 * (len(g.kongs[0]) if g.kongs else 0)
        kongs = g.kongs[0] if g.kongs else ()
        hands: list[list[int]] = []
        for _ in range(n):
            hand = self._random_hand(unseen, size)
            if g.declared:
                for _ in range(40):
                    if waits_counts(hand, kongs):
                        break
                    hand = self._random_hand(unseen, size)
            hands.append(hand)
        g.hands = hands
        g.kongs = [kongs] * n
        g.weights = [1.0] * n

    # -- the answers ----------------------------------------------------------------------
    def win_chances(self, opp: int) -> list[float]:
        """P(`opp` could win now on a discard of each kind), over its guesses."""
        g = self.opps.get(opp)
        out = [0.0] * NUM_KINDS
        if g is None or g.pending:
            return out
        total = sum(g.weights)
        if total <= 0:
            return out
        for hand, kongs, w in zip(g.hands, g.kongs, g.weights, strict=True):
            if w:
                for t in self._wait_kinds(hand, kongs):
                    out[t] += w
        return [v / total for v in out]

    def ready_chance(self, opp: int) -> float:
        g = self.opps.get(opp)
        if g is None or g.pending:
            return 0.0
        total = sum(g.weights)
        if total <= 0:
            return 0.0
        return sum(w for hand, kongs, w in zip(g.hands, g.kongs, g.weights, strict=True)
                   if w and self._wait_kinds(hand, kongs)) / total


__all__ = ["FilterSettings", "HandFilter"]
