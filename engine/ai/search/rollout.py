"""Own-hand rollouts: 大师's offence measured on sampled draws instead of its outlook chain.

At a discard decision near ready, the tiles this seat cannot see (:meth:`SeatView.unseen_counts`)
are shuffled N times; the first ``tiles_left`` of each shuffle are the wall in drawing order
(position i goes to the i + 1-th seat after this one, the 海捞区 at the end). Every candidate
discard is played out on the *same* shuffles (common random numbers): only this seat's own hand
moves, by a fast greedy policy (keep a draw that lowers the tiles missing, else throw it; the
discard that leaves the fewest missing: :func:`engine.ai.search.playout.greedy_discard`); in the
报听 room it declares as soon as it is ready, and a declared hand throws what it draws. The
others are not modelled beyond 大师's own figures: each throws the tile it draws with the
planner's discard-hit chance (a uniform drawn once per sample, so the same for every
candidate), which wins for this seat when it is one of its waits and it may win on a discard
(or, read by :mod:`engine.ai.whereabouts`, the wall holds fewer copies of the suits the others
keep and each throws from the suits it has been throwing); a round survives the others with the
chance ``survive`` (the hand ended first by someone else).
A win is scored exactly (:func:`engine.game.scoring.score_win`, 庄分 and the payers, the 海捞
win's 10) plus the planner's value of ending the hand. The hand is short (about seven own
draws after the deal), so a rollout runs to the end of the wall: no leaf estimate is needed.

Bounded by counts (samples × candidates × draws), deterministic given the AI's seed and the
position (:func:`engine.ai.search.searcher.position_seed`); nothing reads the clock.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

from engine.ai.outlook import LAST_FOUR
from engine.ai.search.playout import greedy_discard
from engine.ai.search.searcher import position_seed
from engine.ai.whereabouts import Whereabouts
from engine.game.analysis import TileCounts, waits_counts
from engine.game.rules import Room
from engine.game.scoring import WinContext, score_win, win_refusal
from engine.game.view import SeatView

SEATS = 4
_SALT = 0x5EED24  # rollouts draw from a stream apart from the worlds' search


@dataclass(frozen=True)
class Sample:
    """One sampled future: the wall in drawing order, and for each position the kind the seat
    drawing it throws next (-1: none that counts; read only on the other seats' normal turns)."""

    wall: tuple[int, ...]
    thrown: tuple[int, ...]


@dataclass(frozen=True)
class Rollout:
    """How 大师 rolls its own hand out (``rollout`` in master.json): counts, never time."""

    samples: int = 48  # shuffles of the unseen tiles, the same for every candidate
    candidates: int = 4  # the best of the appraisal that are rolled out
    max_shanten: int = 1  # rolled out when the best discard leaves the hand this close to ready
    confidence: float = 1.5  # switch only when the paired gain is this many standard errors
    margin: float = 0.0  # … and at least this many points
    survive: float = 0.92  # the chance a round of the others leaves the hand going
    wait_choice: bool = False  # a hand that becomes ready keeps the most unseen waits
    read: bool = False  # the samples read by where the unseen tiles are (engine.ai.whereabouts)
    floor: float = -50.0  # candidates the appraisal rules out (value -100) are not rolled out


def sample_draws(view: SeatView, count: int, seed: int, discard_hit: float,
                 where: Whereabouts | None = None) -> list[Sample]:
    """`count` shuffles of the unseen tiles, cut to the wall's length: what this seat may draw
    and the others may throw, never a tile it has seen. Without `where`, uniform, and the
    others throw the tile they draw with chance `discard_hit`; with it, each unseen copy is in
    the wall with its suit's chance (copies of a suit the others keep are in their hands), and
    each other seat's discard is drawn from the suits it has been throwing."""
    rng = random.Random(position_seed(seed, view) ^ _SALT)
    left = view.unseen_counts()
    pool = [kind for kind, n in enumerate(left) for _ in range(n)]
    length = min(view.tiles_left, len(pool))
    weights = [where.wall[k] / left[k] for k in pool] if where is not None else []
    rows = [list(accumulate(row)) for row in where.throws] if where is not None else []
    out = []
    for _ in range(count):
        if where is None:
            rng.shuffle(pool)
            wall = tuple(pool[:length])
            thrown = tuple(t if rng.random() < discard_hit else -1 for t in wall)
        else:  # a weighted order without replacement: the largest log(u) / weight first
            keys = [math.log(1.0 - rng.random()) / w if w > 0 else -math.inf for w in weights]
            order = sorted(range(len(pool)), key=lambda j: -keys[j])
            wall = tuple(pool[j] for j in order[:length])
            thrown = tuple(_drawn_kind(rows, view.seat, i, rng.random()) for i in range(length))
        out.append(Sample(wall, thrown))
    return out


def _drawn_kind(rows: Sequence[Sequence[float]], seat: int, position: int, u: float) -> int:
    """The kind thrown on the turn of wall position `position` (by the seat drawing it), from
    that seat's row of discard chances (cumulated), or -1 when this seat draws it."""
    drawer = (seat + 1 + position) % SEATS
    if drawer == seat:
        return -1
    row = rows[drawer if drawer < seat else drawer - 1]  # the rows skip this seat
    kind = bisect.bisect_right(row, u)
    return kind if kind < len(row) else -1


class _Scorer:
    """Exact points of this seat's wins within one decision (many samples end in the same
    hand): self-draws paid by three, 庄分 as the table pays it, plus the value of ending it."""

    def __init__(self, view: SeatView, bonus: float) -> None:
        self.view = view
        self.bonus = bonus
        self.dealer = view.dealer == view.seat
        self.cache: dict[tuple[tuple[int, ...], int, bool, bool, bool, bool], float] = {}

    def win(self, hand: TileCounts, tile: int, self_draw: bool, last_four: bool, declared: bool,
            discarder_is_dealer: bool = False) -> float:
        key = (tuple(hand.counts), tile, self_draw, last_four, declared, discarder_is_dealer)
        value = self.cache.get(key)
        if value is None:
            value = self.cache[key] = self._score(hand, tile, self_draw, last_four, declared,
                                                  discarder_is_dealer)
        return value

    def _score(self, hand: TileCounts, tile: int, self_draw: bool, last_four: bool, declared: bool,
               discarder_is_dealer: bool) -> float:
        view = self.view
        tiles = [k for k, n in enumerate(hand.counts) for _ in range(n)]
        if self_draw:
            tiles.remove(tile)  # the hand holds the drawn tile; a discard win's is not in it
        ctx = WinContext(tuple(tiles), hand.kongs, tile, self_draw=self_draw, declared=declared,
                         dealer=self.dealer, dealer_streak=view.dealer_streak, last_four=last_four,
                         discarder_is_dealer=discarder_is_dealer)
        if win_refusal(ctx, view.rules) is not None:
            return 0.0
        value = score_win(ctx, view.rules).value
        streak = view.dealer_streak
        if self_draw:
            return 3 * value + 2 * streak * (3 if self.dealer else 1) + self.bonus
        return value + streak * (self.dealer or discarder_is_dealer) + self.bonus


def roll_out(view: SeatView, hand: TileCounts, declared: bool, sample: Sample, scorer: _Scorer,
             survive: float, left: Sequence[int] | None = None) -> float:
    """This seat's points over one sampled future, its hand (13 tiles, after its discard) moved
    by the greedy policy; with `left` (the unseen copies now), a hand that becomes ready keeps
    the wait with the most of them."""
    hand = hand.copy()
    baoting = view.rules.room is Room.BAOTING
    normal = len(sample.wall) - LAST_FOUR
    dealer_seat = view.dealer
    missing = hand.missing()
    waits: set[int] = set(waits_counts(hand.counts, hand.kongs)) if missing == 1 else set()
    weight = 1.0
    for i, tile in enumerate(sample.wall):
        if i % SEATS == 0 and i:
            weight *= survive
        drawer = (view.seat + 1 + i) % SEATS
        if drawer != view.seat:
            thrown = sample.thrown[i]
            if i < normal and thrown in waits and (declared or not baoting):
                return weight * scorer.win(hand, thrown, False, False, declared,
                                           discarder_is_dealer=drawer == dealer_seat)
            continue
        hand.add(tile)
        if hand.is_win():
            return weight * scorer.win(hand, tile, True, i >= normal, declared)
        if i >= normal:  # the 海捞 draw: a win or nothing
            hand.remove(tile)
            continue
        if declared or hand.missing() >= missing:
            hand.remove(tile)  # a declared hand is locked; a draw that does not help goes back
            if baoting and missing == 1:
                declared = True  # ready and not declared: it declares with this discard
            continue
        hand.remove(_ready_discard(hand, left) if left is not None and missing == 2 else greedy_discard(hand))
        missing = hand.missing()
        waits = set(waits_counts(hand.counts, hand.kongs)) if missing == 1 else set()
        if baoting and missing == 1:
            declared = True
    return 0.0


def _ready_discard(hand: TileCounts, left: Sequence[int]) -> int:
    """The discard of a 14-tile hand one draw from ready that leaves it ready on the most
    unseen winning tiles (the greedy choice when none does)."""
    best, most = -1, -1
    for kind in range(len(hand.counts)):
        if not hand.counts[kind]:
            continue
        hand.remove(kind)
        if hand.missing() == 1:
            waits = hand.improving_draws(left)[0]
            if waits > most:
                best, most = kind, waits
        hand.add(kind)
    return best if best >= 0 else greedy_discard(hand)


def rollout_outcomes(view: SeatView, hand: TileCounts, kind: int, declare: bool,
                     samples: Sequence[Sample], scorer: _Scorer, survive: float,
                     left: Sequence[int] | None = None) -> tuple[float, ...]:
    """The candidate 'discard `kind` (declaring or not)' rolled out on every sample."""
    after = hand.copy()
    after.remove(kind)
    declared = declare or view.declare_index[view.seat] is not None
    return tuple(roll_out(view, after, declared, s, scorer, survive, left) for s in samples)


def make_scorer(view: SeatView, bonus: float) -> _Scorer:
    return _Scorer(view, bonus)


__all__ = ["Rollout", "Sample", "make_scorer", "roll_out", "rollout_outcomes", "sample_draws"]
