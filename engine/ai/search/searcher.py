"""Search over sampled hidden hands: each candidate action is played out in the same sampled
worlds (common random numbers), and weighed by the mean points this seat makes of the hand.

The same worlds for every candidate make the differences between candidates measured on the
same walls and the same opponents' hands, not noise between different samples. The number of
worlds is a count (never a time), and the worlds come from a random generator seeded by the
AI's seed and the position, so the same view gives the same figures.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.memory import TableMemory
from engine.ai.search.playout import Playout
from engine.ai.search.worlds import Reading, World, read_opponents, sample_world
from engine.game.actions import Action, ActionKind
from engine.game.view import SeatView


@dataclass(frozen=True)
class Weighed:
    """One candidate's figures over the worlds: mean points, and the share of worlds in which
    this seat won the hand and in which it paid for a win on its own discard."""

    action: Action
    points: float
    win: float
    deal_in: float
    worlds: int
    outcomes: tuple[int, ...] = ()  # this seat's points in each world, in the worlds' order

    def gain_over(self, other: Weighed) -> tuple[float, float]:
        """(mean, standard error) of this candidate's points less `other`'s, world by world:
        the same worlds make the difference far less noisy than either mean."""
        return paired_gain(self.outcomes, other.outcomes)


def paired_gain(a: Sequence[float], b: Sequence[float], offset: float = 0.0) -> tuple[float, float]:
    """(mean, standard error) of a − b + offset, sample by sample (the same samples for both)."""
    diffs = [x - y + offset for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    if n < 2:
        return (diffs[0] if diffs else 0.0), float("inf")
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, (var / n) ** 0.5


def position_seed(seed: int, view: SeatView) -> int:
    """A seed for this decision: the AI's seed and where the hand stands (stable across runs
    and processes: no hash() of strings)."""
    played = sum(len(p) for p in view.discards)
    return (seed * 1_000_003 + view.hand_number * 10_007 + view.tiles_left * 101 + played * 7
            + view.seat) & 0xFFFFFFFF


def sample_worlds(view: SeatView, memory: TableMemory | None, count: int, seed: int,
                  reading: Reading | None = None) -> list[World]:
    rng = random.Random(position_seed(seed, view))
    reading = reading or Reading()
    reads = read_opponents(view, memory, reading)  # once per decision: the model is not cheap
    return [sample_world(view, memory, rng, reading, reads) for _ in range(count)]


def weigh(view: SeatView, candidates: Sequence[Action], worlds: Sequence[World]) -> list[Weighed]:
    """Each candidate played out in every world; this seat's mean points, best first."""
    me = view.seat
    declared = [i is not None for i in view.declare_index]
    out = []
    for action in candidates:
        total = wins = deal_ins = 0
        outcomes = []
        for world in worlds:
            play = Playout(world, view.rules, view.dealer, view.dealer_streak, declared)
            if action.kind is ActionKind.KONG:
                assert action.tile is not None
                deltas = play.kong(me, action.tile)
            else:
                assert action.tile is not None
                deltas = play.discard(me, action.tile, action.declare)
            mine = deltas[me]
            outcomes.append(mine)
            total += mine
            wins += mine > 0
            # this seat paid and nobody else did: a win on its discard
            deal_ins += mine < 0 and sum(1 for d in deltas if d < 0) == 1
        n = max(1, len(worlds))
        out.append(Weighed(action, total / n, wins / n, deal_ins / n, len(worlds), tuple(outcomes)))
    return sorted(out, key=lambda w: -w.points)


__all__ = ["Weighed", "paired_gain", "position_seed", "sample_worlds", "weigh"]
