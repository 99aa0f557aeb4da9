"""How often 大师 chooses between ready discards with different waits, and how often plan.bait
changes its choice (the game follows 大师 v1's play).

    HEFEI_MASTER_PARAMS=variant.json python benchmarks/bait_gap.py --room open --hands 200
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import make_ai
from engine.ai.evaluate import candidates, own_hand, split_legal
from engine.ai.master import MasterAI
from engine.game.actions import Action
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.view import SeatView
from engine.table.seat import HandRunner


class BaitProbe(MasterAI):
    searching = False

    def __init__(self, seed: int, counts: Counter) -> None:
        super().__init__(seed=seed)
        self.counts = counts

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        self.baiting = False
        v1 = self.appraise(view, legal)
        self.baiting = True
        bait = self.appraise(view, legal)
        self.baiting = False
        self.counts["decisions"] += 1
        discards, declaring, _ = split_legal(legal)
        tiles = sorted(set(discards) | set(declaring))
        if tiles:
            ready = [c for c in candidates(own_hand(view), view.unseen_counts(), tiles, full=True)
                     if c.shanten == 0]
            if ready:
                self.counts["ready choice"] += 1
                if len({tuple(sorted(c.waits)) for c in ready}) >= 2:
                    self.counts["ready, different waits"] += 1
        if v1[0].action != bait[0].action:
            self.counts["bait changes choice"] += 1
            if v1[0].action.declare != bait[0].action.declare:
                self.counts["… declare or not"] += 1
        return v1[0].action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--room", choices=[r.value for r in Room], default="open")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7000)
    args = parser.parse_args()
    counts: Counter = Counter()
    for n in range(args.hands):
        before = counts["bait changes choice"]
        seats = [BaitProbe(n, counts) if s == n % 4 else make_ai("hard", seed=n * 4 + s) for s in range(4)]
        HandRunner(Hand(Ruleset(room=Room(args.room)), dealer=n % 4, seed=args.seed + n), seats).run()
        counts["hands changed"] += counts["bait changes choice"] > before
    print(f"room {args.room}, {args.hands} hands: " + ", ".join(f"{k} {v}" for k, v in counts.items()))


if __name__ == "__main__":
    main()
