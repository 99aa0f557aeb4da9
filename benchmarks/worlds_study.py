"""How well the search's worlds read the opponents' hands, against the truth the host knows.

    nice -n 19 python benchmarks/worlds_study.py --hands 40 --seed 31 --worlds 32

Four hard AIs play seeded hands (seeds apart from tools/train_waits.py's). At each discard
decision of seat 0 with fewer than 24 tiles left, worlds are sampled from its view with each
reading (hard's chance and any wait; the learnt model of engine/data/waits.json), and for each
opponent holding 13 tiles the figures compare the worlds with its real hand: how often a ready
hand is sampled ready, how often an unready one is, and how often a ready hand's sampled waits
hit one of its real waits.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import make_ai
from engine.ai.memory import TableMemory
from engine.ai.search import sample_worlds
from engine.ai.search.wait_model import wait_model_for
from engine.ai.search.worlds import Reading
from engine.game.actions import ActionKind
from engine.game.analysis import waits_counts
from engine.game.events import HandStarted
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.tiles import NUM_KINDS


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--room", choices=[r.value for r in Room], default="open")
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--worlds", type=int, default=32)
    args = ap.parse_args()
    room = Room(args.room)
    readings = {"hard's chance, any wait": Reading(),
                "learnt model": Reading(model=wait_model_for(room), choices=4)}
    tally: dict[str, dict[str, list[float]]] = {name: defaultdict(list) for name in readings}
    for i in range(args.hands):
        hand = Hand(Ruleset(room=room), seed=args.seed * 100_003 + i)
        ais = [make_ai("hard", seed=args.seed * 1000 + i * 4 + s) for s in range(4)]
        memory = TableMemory()
        shown = 0
        while not hand.ended:
            for event in hand.events[shown:]:
                for s, ai in enumerate(ais):
                    ai.on_event(event.for_seat(s))
                if not isinstance(event, HandStarted):
                    memory.observe(event.for_seat(0))
            shown = len(hand.events)
            seat = hand.pending()[0]
            view, legal = hand.view(seat), hand.legal_actions(seat)
            if seat == 0 and view.tiles_left < 24 and any(a.kind is ActionKind.DISCARD for a in legal):
                for name, reading in readings.items():
                    worlds = sample_worlds(view, memory, args.worlds, i, reading)
                    for opp in range(1, 4):
                        if view.hand_sizes[opp] + 3 * view.kong_counts[opp] != 13:
                            continue
                        truth = hand.seats[opp]
                        real = set(waits_counts(truth.counts(), truth.kongs))
                        sampled = []
                        for w in worlds:
                            counts = [0] * NUM_KINDS
                            for t in w.hands[opp]:
                                counts[t] += 1
                            sampled.append(set(waits_counts(counts, w.kongs[opp])))
                        ready = [bool(s) for s in sampled]
                        key = "ready" if real else "not ready"
                        tally[name][f"{key}: sampled ready"].append(sum(ready) / len(ready))
                        if real:
                            hits = [bool(s & real) for s in sampled if s]
                            hit = "ready: sampled waits hit a real wait"
                            if hits:
                                tally[name][hit].append(sum(hits) / len(hits))
            hand.apply(seat, ais[seat].decide(view, legal))
    for name, rows in tally.items():
        print(name)
        for key in sorted(rows):
            values = rows[key]
            print(f"  {key:40s} {sum(values) / len(values):.3f}  (n {len(values)})")


if __name__ == "__main__":
    main()
