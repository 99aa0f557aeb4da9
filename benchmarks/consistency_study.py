"""Does a declared player's own declaring discard tell its waits? Sampled ready hands weighed by
how well that discard fits them, against the danger model, held-out log loss on the same rows.

    pip install numpy                                          # this study only (the `bench` extra)
    python benchmarks/consistency_study.py --hands 400 --samples 96

The 报听 room, four hard AIs (the opponents 大师 meets). At every discard decision, for each
declared opponent: the truth (the kinds its hand wins on), the shipped danger model's chance
per kind, and two sampled readings. Both build `--samples` ready hands for the opponent the way
大师's worlds do (engine/ai/search/worlds.py: a winning shape in the suits it keeps, less one
tile, waiting on no kind that went by it since it declared) and count how often each kind is a
wait. The second weighs each hand by its declaring discard: the hand before that discard held
the ready hand and the tile thrown, and a hard AI declares with the discard that leaves it the
most winning tiles it cannot see (its value is nearly proportional to them); a hand where
another discard would have left more winning tiles is one it would not have declared with.
A hand's weight is ``exp(-beta * shortfall)``, the shortfall in unseen winning tiles (counted
from what is visible now). Sampled worlds read worse than the model in stop 28 ("how a hard AI
comes to be ready is not how the sampler builds a ready hand"): this asks whether the one
discard the declarer chose narrows them to the right hands.

The loss is over the kinds the discarder holds, the kinds that went by the opponent set apart
(as in reading_study.py); each sampled reading is calibrated by a logistic fit of the model's
logit and the reading's on the first four fifths of the hands and judged on the last fifth.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))  # train_danger's recorder

from train_danger import Recorder as DangerRecorder

from engine.ai import make_ai
from engine.ai.danger_model import model_for, opponent_discards
from engine.ai.search.worlds import Reading, _built_ready, _suit_weights, unseen_pool
from engine.game.analysis import TileCounts, waits_counts
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.tiles import NUM_KINDS, to_counts
from engine.game.view import SeatView
from engine.game.wall import Wall
from engine.table.seat import HandRunner

BETAS = (0.0, 0.3, 1.0, 3.0)  # 0: the plain sampled frequency
Row = tuple[list[float], list[list[float]], list[int], list[int], list[int], int]


def shortfall(hand: list[int], kongs: tuple[int, ...], thrown: int, unseen: list[int]) -> int:
    """How many fewer unseen winning tiles the declaring discard left than the best ready
    discard of the same 14 tiles (0: it was the best)."""
    counts = to_counts(hand)
    counts[thrown] += 1

    def live(kinds: list[int], held: list[int]) -> int:
        return sum(max(0, unseen[k] - held[k]) for k in kinds)

    best, chosen = 0, 0
    for x in range(NUM_KINDS):
        if not counts[x]:
            continue
        counts[x] -= 1
        waits = waits_counts(counts, kongs) if TileCounts(counts, kongs).missing() == 1 else []
        value = live(waits, counts) if waits else 0
        best = max(best, value)
        if x == thrown:
            chosen = value
        counts[x] += 1
    return best - chosen


class Recorder(DangerRecorder):
    def __init__(self, seat: Any, hand: Hand, number: int, rows: list[Row], samples: int) -> None:
        super().__init__(seat, hand, [])
        self.number, self.all_rows, self.samples = number, rows, samples

    def _record(self, view: SeatView) -> None:
        visible = view.visible_counts()
        mine = set(view.concealed)
        rng = random.Random(f"consistency:{self.number}:{len(self.memory.discards)}:{view.seat}")
        for opp in range(4):
            at = view.declare_index[opp]
            if opp == view.seat or at is None or at >= len(view.discards[opp]):
                continue
            truth = self.hand.seats[opp]
            waits = set(waits_counts(truth.counts(), truth.kongs))
            gone = self.memory.passed_unchanged(opp) | opponent_discards(self.memory.discards, opp)[0]
            chances = model_for(Room.BAOTING).wait_chances(view, self.memory, opp, visible)
            readings = self._sampled(view, opp, view.discards[opp][at], rng)
            self.all_rows.append((
                chances, readings, [int(t in waits) for t in range(NUM_KINDS)],
                [int(t in gone) for t in range(NUM_KINDS)], [int(t in mine) for t in range(NUM_KINDS)],
                self.number))

    def _sampled(self, view: SeatView, opp: int, thrown: int, rng: random.Random) -> list[list[float]]:
        """Per beta, per kind: the weighted share of sampled ready hands that wait on it."""
        pool = unseen_pool(view)
        # the opponent's kongs are unknown kinds: leave the hand its size (kongs count three)
        kongs: tuple[int, ...] = ()
        full = [k for k in range(NUM_KINDS) if pool[k] == 4]
        for _ in range(view.kong_counts[opp]):
            if full:
                kind = full.pop(rng.randrange(len(full)))
                pool[kind] = 0
                kongs += (kind,)
        banned = self.memory.passed_since_declaring(opp)
        weights = _suit_weights(view, opp, pool, Reading())
        # what the declarer could not see (its own tiles are taken off per hand): the discards
        # are those of now, a few more than when it declared
        unseen = [4 - v for v in view.visible_outside_hand()]
        sums = [[0.0] * NUM_KINDS for _ in BETAS]
        totals = [0.0] * len(BETAS)
        for _ in range(self.samples):
            local = list(pool)
            tiles = _built_ready(local, kongs, weights, banned, rng)
            if tiles is None:
                continue
            kinds = waits_counts(to_counts(tiles), kongs)
            short = shortfall(tiles, kongs, thrown, unseen)
            for b, beta in enumerate(BETAS):
                w = math.exp(-beta * short)
                totals[b] += w
                for k in kinds:
                    sums[b][k] += w
        return [[s / totals[b] if totals[b] else 0.0 for s in sums[b]] for b in range(len(BETAS))]


def collect(args: tuple[int, int, int]) -> list[Row]:
    start, count, samples = args
    rows: list[Row] = []
    for i in range(start, start + count):
        wall = Wall.shuffled(random.Random(f"reading:{i}"))
        hand = Hand(Ruleset(room=Room.BAOTING), dealer=i % 4, wall=wall)
        seats = [Recorder(make_ai("hard", seed=i * 4 + s), hand, i, rows, samples) for s in range(4)]
        HandRunner(hand, seats).run()
    return rows


def _logit(p: Any) -> Any:
    p = np.clip(p, 1e-4, 1 - 1e-4)
    return np.log(p / (1 - p))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--samples", type=int, default=96)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    share = -(-args.hands // args.jobs)
    work = [(j * share, min(share, args.hands - j * share), args.samples) for j in range(args.jobs)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [row for part in pool.map(collect, work) for row in part]
    model = np.array([r[0] for r in rows])
    sampled = np.array([r[1] for r in rows])  # rows × betas × kinds
    y = np.array([r[2] for r in rows], dtype=float)
    judged = np.array([r[4] for r in rows], dtype=float) * (1 - np.array([r[3] for r in rows], dtype=float))
    hand = np.array([r[5] for r in rows])
    held = hand >= np.quantile(hand, 0.8)
    m = judged.astype(bool)
    train, test = m & ~held[:, None], m & held[:, None]

    def loss(p: Any, where: Any) -> float:
        p = np.clip(p, 1e-9, 1 - 1e-9)
        return float(-(y[where] * np.log(p[where]) + (1 - y[where]) * np.log(1 - p[where])).mean())

    def fitted(columns: list[Any]) -> Any:
        x = np.stack([np.ones_like(model), *columns], axis=-1)
        w = np.zeros(x.shape[-1])
        xs, ys = x[train], y[train]
        for _ in range(300):  # Newton's method: a handful of columns
            p = 1 / (1 + np.exp(-(xs @ w)))
            g = xs.T @ (p - ys) + 1e-3 * w
            h = (xs * (p * (1 - p))[:, None]).T @ xs + 1e-3 * np.eye(len(w))
            w -= np.linalg.solve(h, g)
        return 1 / (1 + np.exp(-(x @ w)))

    base = y[train].mean()
    print(f"报听: {len(rows)} rows ({args.hands} hands, {args.samples} samples), {int(test.sum())} judged "
          f"held-out kinds, a kind is a wait {base:.4f} of the time")
    print(f"  constant rate                       {loss(np.full(y.shape, base), test):.4f}")
    print(f"  the danger model as shipped         {loss(model, test):.4f}")
    print(f"  the danger model, recalibrated      {loss(fitted([_logit(model)]), test):.4f}")
    for b, beta in enumerate(BETAS):
        alone = loss(fitted([_logit(sampled[:, b])]), test)
        both = loss(fitted([_logit(model), _logit(sampled[:, b])]), test)
        print(f"  sampled, beta {beta:<4g} alone {alone:.4f}   with the model {both:.4f}")


if __name__ == "__main__":
    main()
