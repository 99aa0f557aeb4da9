"""How far 大师's appraisal rates a slow discard (off the efficient path) above the best efficient one.

    nice -n 19 python benchmarks/value_gap.py --room open --hands 40

大师 v1 plays one seat against three hard for `--hands` seeded hands; at each decision that has a
slow option, the best slow discard's offence (its notes' points, before danger) less the best
efficient discard's. A `plan.value_margin` above the largest gap changes no decision.
`HEFEI_MASTER_PARAMS` tries another parameter file (e.g. with `item_share`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import make_ai
from engine.ai.master import MasterV1, Option
from engine.game.actions import Action
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.view import SeatView
from engine.table.seat import HandRunner


class GapProbe(MasterV1):
    """大师 v1 noting, at each decision with a slow option, its best slow gap."""

    def __init__(self, seed: int, gaps: list[float]) -> None:
        super().__init__(seed=seed)
        self.gaps = gaps

    def appraise(self, view: SeatView, legal: Sequence[Action]) -> tuple[Option, ...]:
        self.notes = {}
        options = super().appraise(view, legal)
        fast = [n.points for n in self.notes.values() if not n.slow]
        slow = [n.points for n in self.notes.values() if n.slow]
        if fast and slow:
            self.gaps.append(max(slow) - max(fast))
        return options


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--room", choices=[r.value for r in Room], default="open")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args()
    gaps: list[float] = []
    for n in range(args.hands):
        seats = [GapProbe(n, gaps) if s == n % 4 else make_ai("hard", seed=n * 4 + s) for s in range(4)]
        HandRunner(Hand(Ruleset(room=Room(args.room)), dealer=n % 4, seed=args.seed + n), seats).run()
    gaps.sort()
    if not gaps:
        print("no decision had a slow option")
        return
    quantiles = {q: gaps[int(q * (len(gaps) - 1))] for q in (0.1, 0.5, 0.9, 0.99)}
    print(f"{len(gaps)} decisions with a slow option, room {args.room}: best slow − best efficient "
          + ", ".join(f"p{int(100 * q)} {v:+.2f}" for q, v in quantiles.items())
          + f", max {gaps[-1]:+.2f}; over 0: {sum(g > 0 for g in gaps)}, over 1: {sum(g > 1 for g in gaps)}")


if __name__ == "__main__":
    main()
