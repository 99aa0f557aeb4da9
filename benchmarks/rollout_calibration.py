"""大师's offence estimate against its own-hand rollouts, at the decisions the rollouts would take.

    nice -n 19 python benchmarks/rollout_calibration.py --room open --walls 40 --seed 13

大师 plays three hard AIs (duplicate: each wall four times) with its appraisal alone; wherever the
rollouts would run (a discard, the best leaving the hand at most `--max-shanten` from ready),
the appraisal's best four discards are also rolled out (`--samples` sampled draws, the wait
choice on) with the hand surviving each round of the others with chance 1 and with `--survive`.
Printed per shanten the discard leaves: the mean offence the appraisal predicts (its Note's
points, before danger) and the rollouts' mean. Nothing changes a decision.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from commands.selfplay import default_factory, run_duplicate
from engine.ai import master
from engine.ai.evaluate import own_hand
from engine.ai.master import MasterAI, Option, plan_for
from engine.ai.search.rollout import Rollout, make_scorer, rollout_outcomes, sample_draws
from engine.game.actions import Action, ActionKind
from engine.game.rules import Room, Ruleset
from engine.game.view import SeatView

SUMS: dict[tuple[int, float], list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])


class Calibrating(MasterAI):
    """大师 v1's choices; at each decision the rollouts would take, both estimates are noted."""

    samples = 128
    survive = 0.92

    def appraise(self, view: SeatView, legal: Sequence[Action]) -> tuple[Option, ...]:
        self.notes = {}
        return super().appraise(view, legal)

    def _rolled(self, view: SeatView, options: Sequence[Option], rollout: Rollout) -> Action:
        plan = plan_for(view.rules.room)
        samples = sample_draws(view, self.samples, self.seed, plan.discard_hit)
        scorer = make_scorer(view, plan.win_bonus)
        hand, left = own_hand(view), view.unseen_counts()
        for option in options[:4]:
            action = option.action
            note = (self.notes or {}).get(action)
            if note is None or action.kind is not ActionKind.DISCARD or option.value < rollout.floor:
                continue
            assert action.tile is not None
            for survive in (1.0, self.survive):
                out = rollout_outcomes(view, hand, action.tile, action.declare, samples, scorer,
                                       survive, left)
                row = SUMS[(note.candidate.shanten, survive)]
                row[0] += note.points
                row[1] += sum(out) / len(out)
                row[2] += 1
        return options[0].action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--room", choices=[r.value for r in Room], default="open")
    parser.add_argument("--walls", type=int, default=40)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--samples", type=int, default=128)
    parser.add_argument("--survive", type=float, default=0.92)
    parser.add_argument("--max-shanten", type=int, default=1)
    args = parser.parse_args()
    Calibrating.samples, Calibrating.survive = args.samples, args.survive
    counts = Rollout(max_shanten=args.max_shanten)
    master.rollout_for = lambda room: counts  # on, whatever the file says

    run_duplicate(["calibrating", "hard", "hard", "hard"], args.walls, args.seed,
                  Ruleset(room=Room(args.room)), factory=_seat)
    print(f"{args.room}, {args.walls} walls × 4 seatings, seed {args.seed}, {args.samples} samples")
    for (shanten, survive), (predicted, rolled, n) in sorted(SUMS.items()):
        print(f"shanten {shanten}  survive {survive:.2f}  decisions {int(n):5d}  appraisal "
              f"{predicted / n:6.2f}  rollouts {rolled / n:6.2f}  ratio {rolled / predicted:.2f}")


def _seat(level: str, seed: int, player: int) -> Any:
    """The calibrating 大师 for its name, the usual AIs for the others (one process)."""
    return Calibrating(seed=seed) if level == "calibrating" else default_factory(level, seed, player)


if __name__ == "__main__":
    main()
