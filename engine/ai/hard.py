"""Hard AI: chooses by expected value.

For each discard it weighs the chance of winning over the draws left (and the discards it may
win on) times what the hand can score (ready hands are scored exactly over their waits, with
清一色, 支, 同, 坎, 活, 卡, 双铺子 and 七对; others estimated from suit length and purity)
against the danger of the tile: for each opponent, how likely it is ready (declared, or by
how long it has been discarding), whether it can win on a discard at all (in a 报听 room only
after declaring), how likely this kind completes its hand — the suit it keeps (the 8-tile
rule makes players collect one suit, so the suit they discard least is the dangerous one), the
rank, and what the table has shown: a tile a declared player let pass or threw away after
declaring is almost safe. With no 过胡 rule no tile is fully safe, so danger is an estimate.
Everything is computed, not sampled: the same view gives the same decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.evaluate import (
    Candidate,
    candidates,
    efficiency_key,
    improvements,
    next_ukeire,
    obvious,
    own_hand,
    shanten_after_kong,
    split_legal,
    suit_sizes,
)
from engine.ai.memory import TableMemory
from engine.game.actions import Action
from engine.game.analysis import TileCounts
from engine.game.events import Event, HandStarted
from engine.game.rules import Room
from engine.game.scoring import WinContext, score_win, win_refusal
from engine.game.tiles import NUM_KINDS, rank_of, suit_of
from engine.game.view import SeatView

SEATS = 4
RANK_DANGER = {2: 0.75, 3: 0.9, 4: 1.05, 5: 1.15, 6: 1.05, 7: 0.9, 8: 0.75}
WAIT_SHARE = 0.09  # chance that a ready hand waits on one given kind (about 2 kinds of 21)
TYPICAL_LOSS = 16  # what a deal-in costs beyond the base score, on average
DEFENCE = 2.0  # against a declared player: its hand is ready for sure
DEFENCE_UNDECLARED = 0.3  # against a guess from discards alone (open room): measured weaker
FOLD_DANGER = 1.0  # above this danger, discards off the efficient path are considered too
TIE = 1e-3  # expected values equal to this: the more efficient discard


class HardAI:
    level = "hard"

    def __init__(self, seed: int = 0, name: str = "困难") -> None:
        self.name = name
        self.seed = seed
        self.memory = TableMemory()

    def on_event(self, event: Event) -> None:
        if isinstance(event, HandStarted):
            self.memory = TableMemory()
        else:
            self.memory.observe(event)

    # -- the decision ---------------------------------------------------------------------
    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        choice = obvious(legal)
        if choice is not None:
            return choice
        discards, declaring, kongs = split_legal(legal)
        hand = own_hand(view)
        left = view.unseen_counts()
        self._next: dict[int, float] = {}  # lookahead per discard, for this decision
        self._lookahead: set[int] = set()
        options = candidates(hand, left, sorted(set(discards) | set(declaring)), full=True)
        sizes = suit_sizes(hand)
        ranked = sorted(options, key=lambda c: efficiency_key(c, hand, sizes))
        order = {c.tile: n for n, c in enumerate(ranked)}
        danger = self._danger(view, left)
        efficient = self._efficient(options)
        self._lookahead = {c.tile for c in efficient}
        pool = [c for c in options if c.tile in discards]
        if max((danger[c.tile] for c in efficient), default=0.0) < FOLD_DANGER:
            pool = [c for c in pool if c in efficient] or pool
        # expected value, ties broken by tile efficiency
        scored = {c.tile: self._value(view, hand, left, c, declare=False) - danger[c.tile]
                  - TIE * order[c.tile] for c in pool}
        best_tile = max(scored, key=lambda t: scored[t]) if scored else None
        if declaring:
            ready = [c for c in options if c.tile in declaring]
            declared = {
                c.tile: self._value(view, hand, left, c, declare=True) - danger[c.tile] - TIE * order[c.tile]
                for c in ready
            }
            pick = max(declared, key=lambda t: declared[t])
            if best_tile is None or declared[pick] >= scored[best_tile] or self._declare_anyway(view, ready):
                return Action.discard(pick, declare=True)
        assert best_tile is not None
        best = next(c for c in options if c.tile == best_tile)
        for kind in kongs:
            if self._kong_keeps_progress(hand, kind, best, left):
                return Action.kong(kind)
        return Action.discard(best_tile)

    def _kong_keeps_progress(self, hand: TileCounts, kind: int, best: Candidate, left: Sequence[int]) -> bool:
        """A kong made instead of the best discard costs no shanten (and, ready, no waits)."""
        after = shanten_after_kong(hand, kind)
        return after < best.shanten or (after == best.shanten and (
            best.shanten > 0 or self._waits_after_kong(hand, kind, left) >= best.wait_count))

    @staticmethod
    def _efficient(options: Sequence[Candidate]) -> list[Candidate]:
        """Discards close to the most efficient: best shanten, ukeire at least 80% of the best."""
        best = min(c.shanten for c in options)
        top = max(c.ukeire for c in options if c.shanten == best)
        return [c for c in options if c.shanten == best and c.ukeire >= 0.8 * top]

    @staticmethod
    def _declare_anyway(view: SeatView, ready: Sequence[Candidate]) -> bool:
        """Late in the hand a ready hand declares: winning on discards outweighs flexibility."""
        return view.tiles_left <= 16 and any(c.wait_count >= 2 for c in ready)

    @staticmethod
    def _waits_after_kong(hand: TileCounts, kind: int, left: Sequence[int]) -> int:
        """Unseen winning tiles of a ready hand after the kong: a kong (+2, and a replacement
        draw that may double the hand) is worth less than a 活 (+4) that keeps more waits."""
        after = TileCounts([0 if t == kind else c for t, c in enumerate(hand.counts)], (*hand.kongs, kind))
        if after.missing() != 1:
            return 0
        return improvements(after, left, after.kongs)[0]

    # -- my prospects ---------------------------------------------------------------------
    def _chances(self, view: SeatView, declare: bool) -> tuple[float, float]:
        """(my draws left, extra chances from others' discards)."""
        draws = max(0.5, view.tiles_left / SEATS)
        on_discard = view.rules.room is Room.OPEN or declare or view.declare_index[view.seat] is not None
        return draws, (draws * 1.2 if on_discard else 0.0)

    def _value(self, view: SeatView, hand: TileCounts, left: Sequence[int], c: Candidate, declare: bool,
               ) -> float:
        draws, discard_chances = self._chances(view, declare)
        total = max(1, sum(left))
        if c.shanten == 0:
            p_draw = c.wait_count / total
            p_self = 1 - (1 - p_draw) ** draws
            p_any = 1 - (1 - p_draw) ** (draws + discard_chances)
            self_value, discard_value = self._ready_values(view, hand, c, declare)
            p_on_discard = max(0.0, p_any - p_self)
            return p_self * 3 * self_value + p_on_discard * discard_value
        q_first = c.ukeire / total
        nxt = self._next.get(c.tile)
        if nxt is None:
            # the one-step lookahead only where efficiency is close; elsewhere a rough guess
            near = c.tile in self._lookahead
            nxt = next_ukeire(hand, left, c.tile) if near and c.ukeire else 0.7 * c.ukeire
            self._next[c.tile] = nxt
        q = (q_first + nxt / total) / 2 if c.shanten > 1 else q_first
        p_ready = _at_least(c.shanten, draws, q)
        later = max(0.0, draws - c.shanten / max(q, 1e-3) / 2)
        waits = nxt if c.shanten == 1 else 5.0
        ratio = discard_chances / draws
        p_win = p_ready * (1 - (1 - waits / total) ** (later * (1 + ratio)))
        share_self = 1 / (1 + ratio)
        estimate = self._estimate_value(view, hand, c)
        return p_win * estimate * (3 * share_self + (1 - share_self))

    def _ready_values(self, view: SeatView, hand: TileCounts, c: Candidate, declare: bool,
                      ) -> tuple[float, float]:
        """Mean value over the waits (weighted by unseen copies) of a self-draw and of a
        discard win, 庄分 included."""
        hand.remove(c.tile)
        kinds = tuple(t for t in range(NUM_KINDS) for _ in range(hand.counts[t]))
        hand.add(c.tile)
        declared = declare or view.declare_index[view.seat] is not None
        return ready_values(view, kinds, hand.kongs, c.waits, declared)

    @staticmethod
    def _estimate_value(view: SeatView, hand: TileCounts, c: Candidate) -> float:
        value, longest = plain_estimate(view, hand, c)
        if longest >= 9:
            value += 30 * (longest / 13) ** 6  # 清一色 in reach
        return value

    # -- danger ---------------------------------------------------------------------------
    def _danger(self, view: SeatView, left: Sequence[int]) -> list[float]:
        danger = [0.0] * NUM_KINDS
        for opp in range(SEATS):
            if opp != view.seat:
                for t, d in enumerate(self._opponent_danger(view, left, opp)):
                    danger[t] += d
        return danger

    def _opponent_danger(self, view: SeatView, left: Sequence[int], opp: int) -> list[float]:
        """Expected points a discard of each kind pays `opp` (hard's estimate)."""
        danger = [0.0] * NUM_KINDS
        declared = view.declare_index[opp] is not None
        if view.rules.room is Room.BAOTING and not declared:
            return danger  # it cannot win on my discard
        threat = 1.0 if declared else _readiness(len(view.discards[opp]), view.tiles_left)
        weight = DEFENCE if declared else DEFENCE_UNDECLARED
        if threat <= 0:
            return danger
        loss = view.rules.base_score + TYPICAL_LOSS * 0.5
        if view.dealer in (opp, view.seat):
            loss += view.dealer_streak
        focus = _suit_focus(view.discards[opp])
        passed = self.memory.passed_since_declaring(opp) if declared else set()
        own = set(view.discards[opp])
        for t in range(NUM_KINDS):
            copies = 0.5 + 0.5 * min(3, left[t]) / 3
            p = WAIT_SHARE * focus[suit_of(t)] * RANK_DANGER[rank_of(t)] * copies
            if t in passed:
                p *= 0.1
            elif t in own:
                p *= 0.6
            danger[t] = weight * threat * p * loss
        return danger


def ready_values(view: SeatView, kinds: tuple[int, ...], kongs: Sequence[int], waits: Sequence[int],
                 declared: bool) -> tuple[float, float]:
    """Mean value of a ready hand (`kinds`, 13 with the kongs) over its waits, weighted by unseen
    copies: (a self-draw, a discard win), 庄分 included."""
    dealer = view.dealer == view.seat
    streak = view.dealer_streak
    # 庄分: a dealer gets it from every payer; otherwise only the dealer's payment has it
    self_bonus = 2 * streak if dealer else 2 * streak / 3
    discard_bonus = streak if dealer else 0.25 * streak
    self_total = discard_total = weight = 0.0
    left = view.unseen_counts()
    for w in waits:
        n = left[w]
        if n == 0:
            continue
        for self_draw in (True, False):
            ctx = WinContext(kinds, tuple(kongs), w, self_draw=self_draw, declared=declared,
                             dealer=dealer, dealer_streak=streak)
            if win_refusal(ctx, view.rules) is not None:
                continue
            value = score_win(ctx, view.rules).value
            if self_draw:
                self_total += n * (value + self_bonus)
            else:
                discard_total += n * (value + discard_bonus)
        weight += n
    if weight == 0:
        return 0.0, 0.0
    return self_total / weight, discard_total / weight


def plain_estimate(view: SeatView, hand: TileCounts, c: Candidate) -> tuple[float, int]:
    """What a hand not yet ready may score after discarding c.tile, 清一色 aside (base, 支 of
    the longest suit, kongs, a couple of small items), and that suit's length."""
    sizes = suit_sizes(hand)
    sizes[suit_of(c.tile)] -= 1
    longest = max(sizes)
    return view.rules.base_score + max(0, longest - 8) + 2 * len(hand.kongs) + 2, longest


def _readiness(discards: int, tiles_left: int) -> float:
    """How likely an undeclared player is ready, from how far the hand has gone."""
    progress = max(discards - 3, 0) / 9 + max(0, 20 - tiles_left) / 40
    return min(0.8, progress**1.5)


def _suit_focus(discards: Sequence[int]) -> list[float]:
    """Danger weight per suit for one opponent: the suit it discards least is the one it keeps."""
    counts = [1.0, 1.0, 1.0]
    for t in discards:
        counts[suit_of(t)] += 1
    total = sum(counts)
    keep = [1 - c / total for c in counts]
    mean = sum(keep) / 3
    return [(k / mean) ** 2 for k in keep]


def _at_least(k: int, n: float, q: float) -> float:
    """P(at least k successes in n trials of chance q), n allowed to be fractional."""
    if k <= 0:
        return 1.0
    trials = int(n)
    if trials < k:
        return 0.0
    p_less = 0.0
    term = (1 - q) ** trials
    for i in range(k):
        p_less += term
        if q >= 1:
            break
        term *= (trials - i) / (i + 1) * q / (1 - q) if q < 1 else 0
    return max(0.0, 1 - p_less)
