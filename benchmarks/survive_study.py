"""How soon the others end a hand, seen from 大师's decisions: the figures behind the
``survive_declared`` table tried in benchmarks/README.md (not shipped: 大师 counts ``plan.survive``).

    python benchmarks/survive_study.py --room baoting --walls 300 --seed 93

大师 v1 plays one seat against three hard AIs (duplicate: each wall four times, the players
rotated). From each of its discard decisions to the hand's end, each own draw still to come is
a round the others may end the hand in (a win by another seat, on anyone's discard or by
self-draw); a hand that 大师 wins itself, or that is drawn, stops being watched there. The
per-round hazard is the number of hands the others ended over the rounds watched (the maximum
likelihood of a constant hazard with those stops), by the declared opponents at the decision
(报听) or by the tiles left (both rooms); ``1 - hazard`` is the chance a round leaves the hand
going, the ``survive`` of the appraisal (:func:`engine.ai.outlook.win_chances`).
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
from engine.ai.master import MasterV1
from engine.game.actions import Action, ActionKind
from engine.game.events import Event, HandEnded, TileDrawn
from engine.game.rules import Room, Ruleset
from engine.game.view import SeatView

SEATS = 4


class Watched(MasterV1):
    """大师 v1, noting at each discard the tiles left and how many opponents have declared, and
    at the hand's end the rounds watched from each and whether the others ended the hand."""

    def __init__(self, seed: int, out: list[tuple[int, int, float, int]]) -> None:
        super().__init__(seed=seed)
        self.out = out
        self.rows: list[tuple[int, int]] = []
        self.seat: int | None = None
        self.tiles_left = 0

    def on_event(self, event: Event) -> None:
        super().on_event(event)
        if isinstance(event, TileDrawn):
            self.tiles_left = event.tiles_left
        elif isinstance(event, HandEnded) and self.seat is not None:
            ended = int(bool(event.winners) and self.seat not in event.winners)
            for tiles_left, declared in self.rows:
                rounds = max(1.0, (tiles_left - self.tiles_left) / SEATS)  # own draws from here to the end
                self.out.append((tiles_left, declared, rounds, ended))

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        self.seat = view.seat
        action = super().decide(view, legal)
        if action.kind is ActionKind.DISCARD:
            declared = sum(1 for n, i in enumerate(view.declare_index) if n != view.seat and i is not None)
            self.rows.append((view.tiles_left, declared))
        return action


def watch(room: Room, walls: int, seed: int) -> list[tuple[int, int, float, int]]:
    """(tiles left, declared opponents, rounds watched, 1 if the others ended the hand) per decision."""
    out: list[tuple[int, int, float, int]] = []

    def factory(level: str, ai_seed: int, player: int) -> Any:
        return Watched(ai_seed, out) if level == "watched" else default_factory(level, ai_seed, player)

    run_duplicate(["watched", "hard", "hard", "hard"], walls, seed, Ruleset(room=room), factory)
    return out


def _table(title: str, rows: list[tuple[int, int, float, int]], key: Any, label: Any = str) -> None:
    events: dict[Any, int] = defaultdict(int)
    rounds: dict[Any, float] = defaultdict(float)
    decisions: dict[Any, int] = defaultdict(int)
    for row in rows:
        k = key(row)
        events[k] += row[3]
        rounds[k] += row[2]
        decisions[k] += 1
    print(title)
    print(f"  {'':10s} {'decisions':>9s} {'rounds':>8s} {'ended':>6s} {'hazard':>7s} {'survive':>8s}")
    for k in sorted(rounds):
        hazard = events[k] / rounds[k]
        print(f"  {label(k):10s} {decisions[k]:9d} {rounds[k]:8.0f} {events[k]:6d} {hazard:7.3f}"
              f" {1 - hazard:8.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--room", choices=[r.value for r in Room], default="baoting")
    parser.add_argument("--walls", type=int, default=300)
    parser.add_argument("--seed", type=int, default=93)
    args = parser.parse_args()
    rows = watch(Room(args.room), args.walls, args.seed)
    print(f"{args.room}, {args.walls} walls × 4 seatings, seed {args.seed}: "
          f"per-round hazard that another seat ends the hand")
    if args.room == Room.BAOTING.value:
        _table("by declared opponents at the decision", rows, lambda r: min(r[1], 3))
    _table("by tiles left at the decision", rows, lambda r: (r[0] - 1) // 8 * 8 + 1, lambda k: f"{k}-{k + 7}")


if __name__ == "__main__":
    main()
