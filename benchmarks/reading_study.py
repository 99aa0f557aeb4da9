"""Could a richer learnt reading of the table find the opponents' waits better than 大师's
danger model? Held-out log loss of three readings on the same rows.

    pip install numpy                                          # this study only (the `bench` extra)
    python benchmarks/reading_study.py --room open --hands 2000
    python benchmarks/reading_study.py --room baoting --hands 3000

Four hard AIs play seeded hands (the opponents 大师 meets). At every discard decision, for each
opponent that could win on a discard: the table as the discarder sees it, and the truth from
the host (which kinds that hand wins on now). Kinds that went by the opponent since its hand
last changed are left out (the danger model sets them apart). The first fifth of the hands is
held out, and the loss is taken over the kinds the discarder holds (the choices it has):

- the danger model's logistic regression on its features (engine/ai/danger_model.py);
- (报听) the same with the declared opponent's declaring discard and the discard before it:
  same suit, one, two or three ranks away;
- a small neural network (one hidden layer of `--hidden` units, numpy, Adam) over the raw table:
  each kind's count in the opponent's discards, early and late, the kinds thrown last, the
  kinds visible, the kinds that went by it, its readiness inputs (engine/ai/search/wait_model.py),
  plus the danger model's features per kind.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))  # train_danger's recorder

from train_danger import Recorder as DangerRecorder

from engine.ai import make_ai
from engine.ai.danger_model import features, opponent_discards
from engine.ai.memory import TableMemory
from engine.ai.search.wait_model import ready_row
from engine.game.analysis import waits_counts
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.tiles import NUM_KINDS, rank_of, suit_of
from engine.game.view import SeatView
from engine.game.wall import Wall
from engine.table.seat import HandRunner

Row = tuple[list[float], list[list[float]], list[list[float]], list[int], list[int], list[int], int]


def raw_table(view: SeatView, memory: TableMemory, opp: int) -> list[float]:
    pile = view.discards[opp]
    n = len(pile)
    count, early, late, last = ([0.0] * NUM_KINDS for _ in range(4))
    for i, k in enumerate(pile):
        count[k] += 1
        (early if i < n / 2 else late)[k] += 1
    for k in pile[-3:]:
        last[k] = 1.0
    visible = [v / 4 for v in view.visible_counts()]
    went_by = memory.passed_unchanged(opp)
    passed = [1.0 if t in went_by else 0.0 for t in range(NUM_KINDS)]
    return count + early + late + last + visible + passed + ready_row(view, memory, opp)


def declaring(view: SeatView, opp: int) -> list[list[float]]:
    """Per kind: same suit as the declaring discard (and the one before), one, two, three away."""
    pile, at = view.discards[opp], view.declare_index[opp]
    refs = [pile[at], pile[at - 1] if at else -1] if at is not None and at < len(pile) else [-1, -1]
    out = []
    for t in range(NUM_KINDS):
        row = []
        for ref in refs:
            same = ref >= 0 and suit_of(ref) == suit_of(t)
            gap = abs(rank_of(ref) - rank_of(t)) if same else -1
            row += [float(same), float(gap == 1), float(gap == 2), float(gap == 3)]
        out.append(row)
    return out


class Recorder(DangerRecorder):
    """train_danger's recorder (the seat wrapped, the table memory kept), noting the rows of
    every reading at once, with the hand's number for the held-out split."""

    def __init__(self, seat: Any, hand: Hand, number: int, rows: list[Row]) -> None:
        super().__init__(seat, hand, [])
        self.number, self.all_rows = number, rows

    def _record(self, view: SeatView) -> None:
        visible = view.visible_counts()
        mine = set(view.concealed)
        for opp in range(4):
            if opp == view.seat or (view.rules.room is Room.BAOTING and view.declare_index[opp] is None):
                continue
            truth = self.hand.seats[opp]
            waits = set(waits_counts(truth.counts(), truth.kongs))
            gone = self.memory.passed_unchanged(opp) | opponent_discards(self.memory.discards, opp)[0]
            self.all_rows.append((
                raw_table(view, self.memory, opp), features(view, self.memory, opp, visible),
                declaring(view, opp), [int(t in waits) for t in range(NUM_KINDS)],
                [int(t in gone) for t in range(NUM_KINDS)], [int(t in mine) for t in range(NUM_KINDS)],
                self.number))


def collect(args: tuple[str, int, int]) -> list[Row]:
    room, start, count = args
    rows: list[Row] = []
    for i in range(start, start + count):
        hand = Hand(Ruleset(room=Room(room)), dealer=i % 4, wall=Wall.shuffled(random.Random(f"reading:{i}")))
        seats = [Recorder(make_ai("hard", seed=i * 4 + s), hand, i, rows) for s in range(4)]
        HandRunner(hand, seats).run()
    return rows


def _sigmoid(z: Any) -> Any:
    return 1 / (1 + np.exp(-np.clip(z, -30, 30)))


def adam(params: list[Any], grad: Callable[[list[Any], Any], list[Any]], train: Any, steps: int, lr: float,
         seed: int) -> list[Any]:
    """Mini-batches of 512 rows, bounded by steps."""
    rng = np.random.default_rng(seed)
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    for t in range(1, steps + 1):
        for i, g in enumerate(grad(params, rng.choice(train, 512))):
            m[i] = 0.9 * m[i] + 0.1 * g
            v[i] = 0.999 * v[i] + 0.001 * g * g
            params[i] -= lr * (m[i] / (1 - 0.9**t)) / (np.sqrt(v[i] / (1 - 0.999**t)) + 1e-8)
    return params


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--room", choices=[r.value for r in Room], default="open")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    share = -(-args.hands // args.jobs)
    work = [(args.room, j * share, min(share, args.hands - j * share)) for j in range(args.jobs)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [row for part in pool.map(collect, work) for row in part]
    raw = np.array([r[0] for r in rows])
    feats = np.array([r[1] for r in rows])
    decl = np.array([r[2] for r in rows])
    y = np.array([r[3] for r in rows], dtype=float)
    open_kinds = 1 - np.array([r[4] for r in rows], dtype=float)
    judged = np.array([r[5] for r in rows], dtype=float) * open_kinds
    hand = np.array([r[6] for r in rows])
    held = hand < np.quantile(hand, 0.2)
    train = np.where(~held)[0]

    def loss(p: Any) -> float:
        p = np.clip(p, 1e-9, 1 - 1e-9)
        m = judged[held]
        return float(-((y[held] * np.log(p) + (1 - y[held]) * np.log(1 - p)) * m).sum() / m.sum())

    base = (y[train] * open_kinds[train]).sum() / open_kinds[train].sum()
    print(f"{args.room}: {len(rows)} rows ({args.hands} hands), a kind is a wait {base:.4f} of the time")
    print(f"  constant rate                      {loss(np.full(y[held].shape, base)):.4f}")

    def logistic(x: Any) -> Any:
        def grad(params: list[Any], b: Any) -> list[Any]:
            (w,) = params
            d = (_sigmoid(x[b] @ w) - y[b]) * open_kinds[b]
            return [np.einsum("nk,nkf->f", d, x[b]) / open_kinds[b].sum() + 1e-4 * w]
        (w,) = adam([np.zeros(x.shape[2])], grad, train, 2 * args.steps, 0.02, 0)
        return w

    w = logistic(feats)
    print(f"  danger model's features (logistic) {loss(_sigmoid(feats[held] @ w)):.4f}")
    if args.room == Room.BAOTING.value:
        both = np.concatenate([feats, decl], axis=2)
        print(f"  + the declaring discard            {loss(_sigmoid(both[held] @ logistic(both))):.4f}")
    scale = raw[train].std(0) + 1e-6
    norm = (raw - raw[train].mean(0)) / scale
    rng = np.random.default_rng(1)
    params = [rng.normal(0, 1 / np.sqrt(raw.shape[1]), (raw.shape[1], args.hidden)), np.zeros(args.hidden),
              rng.normal(0, 0.01, (args.hidden, NUM_KINDS)), np.zeros(NUM_KINDS), w.copy()]

    def forward(params: list[Any], b: Any) -> tuple[Any, Any, Any]:
        w1, b1, u, c, v = params
        a = norm[b] @ w1 + b1
        h = np.maximum(a, 0)
        return a, h, h @ u + c + feats[b] @ v

    def grad(params: list[Any], b: Any) -> list[Any]:
        w1, _, u, _, _ = params
        a, h, z = forward(params, b)
        dz = (_sigmoid(z) - y[b]) * open_kinds[b] / open_kinds[b].sum()
        da = (dz @ u.T) * (a > 0)
        return [norm[b].T @ da + 1e-4 * w1, da.sum(0), h.T @ dz + 1e-4 * u, dz.sum(0),
                np.einsum("nk,nkf->f", dz, feats[b])]

    params = adam(params, grad, train, args.steps, 0.003, 5)
    z = forward(params, np.where(held)[0])[2]
    print(f"  network over the raw table ({args.hidden:3d})   {loss(_sigmoid(z)):.4f}")


if __name__ == "__main__":
    main()
