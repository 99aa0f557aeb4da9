"""Fit the search's reading of opponents' hands (engine/ai/search/wait_model.py) on self-play.

    python tools/train_waits.py --hands 300 --seed 24          # both rooms, writes engine/data/waits.json

Four hard AIs (the opponents 大师 meets) play seeded hands. At every discard decision, for each
opponent holding 13 tiles, the tool records what the discarder can see and the truth from the
host's side: is that hand ready (not asked of a declared hand: it is), and, if it is, which
kinds does it wait on (every kind, less those that went by it unchanged: the worlds never give
those). Two logistic regressions per room are fitted with tools/train_danger.py's fit (Adam,
pure Python, bounded by epochs), the first fifth of the hands held out; the weights, the seed
and this command go into engine/data/waits.json.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from train_danger import Recorder, fit, log_loss  # noqa: E402

from engine.ai import make_ai  # noqa: E402
from engine.ai.danger_model import FEATURES, features, opponent_discards  # noqa: E402
from engine.ai.search.wait_model import READY_FEATURES, WAITS_FILE, ready_row  # noqa: E402
from engine.game.analysis import waits_counts  # noqa: E402
from engine.game.hand import Hand  # noqa: E402
from engine.game.rules import Room, Ruleset  # noqa: E402
from engine.game.view import SeatView  # noqa: E402
from engine.game.wall import Wall  # noqa: E402
from engine.table.seat import HandRunner  # noqa: E402

Rows = list[tuple[list[float], int]]


class WaitRecorder(Recorder):
    """Records (ready row, is ready) and (kind row, waits on it) at each discard decision."""

    def __init__(self, seat: Any, hand: Hand, ready: Rows, waits: Rows) -> None:
        super().__init__(seat, hand, ready)
        self.waits = waits

    def _record(self, view: SeatView) -> None:
        visible = view.visible_counts()
        for opp in range(4):
            if opp == view.seat or view.hand_sizes[opp] + 3 * view.kong_counts[opp] != 13:
                continue
            truth = self.hand.seats[opp]
            waits = set(waits_counts(truth.counts(), truth.kongs))
            declared = view.declare_index[opp] is not None
            if not declared:
                self.rows.append((ready_row(view, self.memory, opp), 1 if waits else 0))
            if not waits:
                continue
            gone = self.memory.passed_unchanged(opp) | opponent_discards(self.memory.discards, opp)[0]
            if declared:
                gone |= self.memory.passed_since_declaring(opp)
            for t, row in enumerate(features(view, self.memory, opp, visible)):
                if t not in gone:
                    self.waits.append((row, 1 if t in waits else 0))


def collect(room: str, hands: int, seed: int) -> tuple[list[Rows], list[Rows]]:
    """Rows per hand (ready, waits), in the hands' order."""
    rules = Ruleset(room=Room(room))
    ready: list[Rows] = []
    waits: list[Rows] = []
    for i in range(hands):
        hand = Hand(rules, dealer=i % 4, wall=Wall.shuffled(random.Random(f"waits:{seed}:{i}")))
        r: Rows = []
        w: Rows = []
        seats = [WaitRecorder(make_ai("hard", seed=seed * 100_003 + i * 4 + s), hand, r, w) for s in range(4)]
        HandRunner(hand, seats).run()
        ready.append(r)
        waits.append(w)
    return ready, waits


def _fit(per_hand: list[Rows], names: Sequence[str], epochs: int, seed: int, what: str) -> dict[str, Any]:
    held = [row for rows in per_hand[: len(per_hand) // 5] for row in rows]
    train = [row for rows in per_hand[len(per_hand) // 5 :] for row in rows]
    base = min(1 - 1e-4, max(1e-4, sum(y for _, y in train) / len(train)))
    flat = [math.log(base / (1 - base))] + [0.0] * (len(names) - 1)
    # one class only (a hard AI in 报听 declares as soon as it is ready): the rate is the model
    w = fit(train, epochs, seed) if 0 < sum(y for _, y in train) < len(train) else flat
    extra = {}
    if what == "ready":  # hard's own chance (the feature "hard") as the answer, for comparison
        clipped = [min(1 - 1e-6, max(1e-6, x[1])) for x, _ in held]
        extra["hard_log_loss"] = round(-sum(math.log(p) if y else math.log(1 - p)
                                            for p, (_, y) in zip(clipped, held, strict=True)) / len(held), 4)
    print(f"  {what}: {len(train)} rows, positives {base:.4f}; held-out log loss "
          f"{log_loss(held, w):.4f} (constant rate {log_loss(held, flat):.4f}) {extra}")
    return {"weights": {n: round(x, 4) for n, x in zip(names, w, strict=True)}, "base": round(base, 5),
            "held_out_log_loss": round(log_loss(held, w), 4),
            "constant_log_loss": round(log_loss(held, flat), 4), **extra}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=300, help="hands per room")
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--rooms", default="open,baoting")
    ap.add_argument("--dry-run", action="store_true", help="print the weights, do not write them")
    args = ap.parse_args(argv)
    out: dict[str, Any] = {
        "command": "python tools/train_waits.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "seed": args.seed, "hands": args.hands, "epochs": args.epochs, "rooms": {}}
    for room in args.rooms.split(","):
        print(f"{room}:")
        ready, waits = collect(room, args.hands, args.seed)
        r = _fit(ready, READY_FEATURES, args.epochs, args.seed, "ready")
        w = _fit(waits, FEATURES, args.epochs, args.seed, "waits")
        out["rooms"][room] = {"ready": r["weights"], "waits": w["weights"], "base": w["base"],
                              "fit": {"ready": {k: r[k] for k in r if k != "weights"},
                                      "waits": {k: w[k] for k in w if k != "weights"}}}
    if not args.dry_run:
        WAITS_FILE.write_text(json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {WAITS_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
