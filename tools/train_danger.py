"""Fit 大师's danger model (engine/ai/danger_model.py) on self-play and write its weights.

    python tools/train_danger.py --hands 600 --seed 7          # 报听, writes engine/data/master.json
    python tools/train_danger.py --rooms open --dry-run        # the open room's, for a study only

Four hard AIs play seeded hands. At every discard decision, for each kind the discarder holds
and each opponent that could win on a discard, the tool records the features the discarder can
see and the truth from the host's side: does that opponent's hand win on the kind now? A
logistic regression (Adam, pure Python: the engine needs no numpy) is fitted per room, and the
weights go into the "danger" section of master.json, the rest of the file kept. Only the 报听
room's are shipped: the open room reads the table with hard's estimate (benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai import make_ai  # noqa: E402
from engine.ai.danger_model import FEATURES, features, opponent_discards  # noqa: E402
from engine.ai.memory import TableMemory  # noqa: E402
from engine.game.actions import Action, ActionKind  # noqa: E402
from engine.game.analysis import waits_counts  # noqa: E402
from engine.game.events import Event, HandStarted  # noqa: E402
from engine.game.hand import Hand  # noqa: E402
from engine.game.rules import Room, Ruleset  # noqa: E402
from engine.game.view import SeatView  # noqa: E402
from engine.game.wall import Wall  # noqa: E402
from engine.table.seat import HandRunner  # noqa: E402

PARAMS = ROOT / "engine" / "data" / "master.json"


class Recorder:
    """Wraps a seat: records (features, label) rows at each of its discard decisions."""

    def __init__(self, seat: Any, hand: Hand, rows: list[tuple[list[float], int]]) -> None:
        self.seat, self.hand, self.rows = seat, hand, rows
        self.name = seat.name
        self.memory = TableMemory()

    def on_event(self, event: Event) -> None:
        if isinstance(event, HandStarted):
            self.memory = TableMemory()
        else:
            self.memory.observe(event)
        self.seat.on_event(event)

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if any(a.kind is ActionKind.DISCARD for a in legal):
            self._record(view)
        return self.seat.decide(view, legal)

    def _record(self, view: SeatView) -> None:
        visible = view.visible_counts()
        mine = set(view.concealed)
        for opp in range(4):
            if opp == view.seat:
                continue
            if view.rules.room is Room.BAOTING and view.declare_index[opp] is None:
                continue  # it cannot win on a discard
            truth = self.hand.seats[opp]
            waits = set(waits_counts(truth.counts(), truth.kongs))
            rows = features(view, self.memory, opp, visible)
            gone = self.memory.passed_unchanged(opp) | opponent_discards(self.memory.discards, opp)[0]
            for t in mine:
                if t in gone:
                    continue  # it would have won: the model sets these apart, not the fit
                self.rows.append((rows[t], 1 if t in waits else 0))


def collect(args: tuple[str, int, int]) -> list[tuple[list[float], int]]:
    room, start, count = args
    rules = Ruleset(room=Room(room))
    rows: list[tuple[list[float], int]] = []
    for i in range(start, start + count):
        hand = Hand(rules, dealer=i % 4, wall=Wall.shuffled(random.Random(f"danger:{i}")))
        seats = [Recorder(make_ai("hard", seed=i * 4 + s), hand, rows) for s in range(4)]
        HandRunner(hand, seats).run()
    return rows


def fit(rows: list[tuple[list[float], int]], epochs: int, seed: int) -> list[float]:
    """Logistic regression by mini-batch Adam with a little L2: bounded by epochs, not time."""
    rng = random.Random(seed)
    k = len(rows[0][0])
    w = [0.0] * k
    m = [0.0] * k
    v = [0.0] * k
    lr, b1, b2, l2, batch = 0.05, 0.9, 0.999, 1e-4, 128
    step = 0
    order = list(range(len(rows)))
    for _ in range(epochs):
        rng.shuffle(order)
        for start in range(0, len(order), batch):
            g = [0.0] * k
            chunk = order[start : start + batch]
            for i in chunk:
                x, y = rows[i]
                z = sum(a * b for a, b in zip(w, x, strict=True))
                p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
                d = p - y
                for j in range(k):
                    g[j] += d * x[j]
            step += 1
            for j in range(k):
                gj = g[j] / len(chunk) + l2 * w[j]
                m[j] = b1 * m[j] + (1 - b1) * gj
                v[j] = b2 * v[j] + (1 - b2) * gj * gj
                w[j] -= lr * (m[j] / (1 - b1**step)) / (math.sqrt(v[j] / (1 - b2**step)) + 1e-8)
    return w


def log_loss(rows: list[tuple[list[float], int]], w: Sequence[float]) -> float:
    total = 0.0
    for x, y in rows:
        z = sum(a * b for a, b in zip(w, x, strict=True))
        p = min(1 - 1e-9, max(1e-9, 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))))
        total -= math.log(p) if y else math.log(1 - p)
    return total / max(1, len(rows))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=600, help="hands per room")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rooms", default="baoting", help="the rooms to fit (others keep theirs)")
    ap.add_argument("--dry-run", action="store_true", help="print the weights, do not write them")
    args = ap.parse_args(argv)
    params = json.loads(PARAMS.read_text(encoding="utf-8")) if PARAMS.exists() else {}
    danger: dict[str, Any] = dict(params.get("danger", {}))
    for room in args.rooms.split(","):
        share = -(-args.hands // args.jobs)
        work = [(room, j * share, min(share, args.hands - j * share)) for j in range(args.jobs)]
        with ProcessPoolExecutor(args.jobs) as pool:
            rows = [row for part in pool.map(collect, work) for row in part]
        held_out = rows[: len(rows) // 5]  # hands come in order: the first fifth is held out
        train = rows[len(rows) // 5 :]
        w = fit(train, args.epochs, args.seed)
        base = sum(y for _, y in train) / len(train)
        flat = [math.log(base / (1 - base))] + [0.0] * (len(FEATURES) - 1)
        print(f"{room}: {len(rows)} rows, positives {base:.4f}; held-out log loss "
              f"{log_loss(held_out, w):.4f} (constant rate {log_loss(held_out, flat):.4f})")
        danger[room] = {name: round(x, 4) for name, x in zip(FEATURES, w, strict=True)}
        print("  " + ", ".join(f"{n} {x:+.2f}" for n, x in danger[room].items()))
    if not args.dry_run:
        params["danger"] = danger
        PARAMS.write_text(json.dumps(params, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {PARAMS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
