"""Where 大师's points come from against three hard AIs, and how far defence could take it.

    python benchmarks/master_study.py breakdown --room open --walls 400 [--out walls.json]
    python benchmarks/master_study.py calibrate --room open --walls 300
    python benchmarks/master_study.py oracle --room open --walls 400 --knows waits [--out o.json]
    python benchmarks/master_study.py paired a.json b.json

Every run is duplicate play (each wall four times, the players rotated; the same walls as
`main.py selfplay --duplicate --seed 1`), in two processes. `HEFEI_MASTER_PARAMS` tries
another parameter file. `--out` keeps 大师's points per wall, and `paired` compares two such
files wall by wall: a change is judged on the walls where it changed a decision, far less noisy
than two means. `oracle` is 大师 told by the host which kinds each opponent would win on
(`--knows waits`) or only who is ready (`--knows ready`): the ceiling of what reading the
table could give, never a player.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
from collections import defaultdict
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from commands.selfplay import default_factory, wall_seeds
from engine.ai.evaluate import own_hand
from engine.ai.hard import _readiness
from engine.ai.master import MasterAI
from engine.game.analysis import TileCounts, waits_counts
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.tiles import NUM_KINDS, kind_of
from engine.game.wall import Wall
from engine.table.seat import HandRunner

SEED = 1


class Oracle(MasterAI):
    """大师 with the host's knowledge of the opponents' hands in place of its reading."""

    hand: Hand
    knows = "waits"
    cost = 15.0

    def risk(self, view: Any, plan: Any) -> list[float]:
        risk = [0.0] * NUM_KINDS
        left = view.unseen_counts()
        for opp in range(4):
            seat = self.hand.seats[opp]
            if opp == view.seat or (view.rules.room is Room.BAOTING and not seat.declared):
                continue
            counts = [0] * NUM_KINDS
            for t in seat.concealed:
                counts[kind_of(t)] += 1
            if self.knows == "waits":
                for w in waits_counts(counts, tuple(seat.kongs)):
                    risk[w] += self.cost
            elif TileCounts(counts, tuple(seat.kongs)).missing() == 1:  # ready: on what, unknown
                threat = max(1e-9, _readiness(len(view.discards[opp]), view.tiles_left))
                gone = self.memory.passed_unchanged(opp)
                for t, d in enumerate(self._opponent_danger(view, left, opp)):
                    risk[t] += 2.5 * d / threat * (0.02 if t in gone else 1.0)
        return risk


class Calibrated(MasterAI):
    """大师 as shipped, noting at each discard what it predicted (offence, risk)."""

    notes: list[tuple[float, float, int]]

    def offence(self, view: Any, hand: Any, left: Any, c: Any, declare: bool, plan: Any,
                ) -> tuple[float, bool]:
        value = super().offence(view, hand, left, c, declare, plan)
        self._predicted[(c.tile, declare)] = value[0]
        return value

    def risk(self, view: Any, plan: Any) -> list[float]:
        self._risks = super().risk(view, plan)
        return self._risks

    def decide(self, view: Any, legal: Any) -> Any:
        self._predicted: dict[tuple[int, bool], float] = {}
        self._risks: list[float] = []
        action = super().decide(view, legal)
        if action.kind.value == "discard" and self._risks:
            hand = own_hand(view)
            hand.remove(action.tile)
            shanten = hand.missing() - 1
            self.notes.append((self._predicted.get((action.tile, action.declare), 0.0),
                               self._risks[action.tile], shanten))
        return action


def _play(args: tuple[str, str, list[tuple[int, int]]]) -> dict[str, Any]:
    mode, room, walls = args
    rules = Ruleset(room=Room(room))
    totals: dict[str, float] = defaultdict(float)
    per_wall: dict[int, float] = {}
    rows: list[tuple[float, float, int, float, float]] = []
    for w, wall_seed in walls:
        points = 0.0
        for rotation in range(4):
            me = rotation  # the studied player sits in seat `rotation` (dealer: seat 0)
            hand = Hand(rules, dealer=0, dealer_streak=1, wall=Wall.shuffled(random.Random(wall_seed)))
            seats: list[Any] = []
            for s in range(4):
                player = (s - rotation) % 4
                ai_seed = SEED * 1_000_003 + w * 16 + player
                seats.append(_studied(mode, hand, ai_seed) if s == me
                             else default_factory("hard", ai_seed, player))
            HandRunner(hand, seats, reveal_seed=False).run()
            result = hand.result
            assert result is not None
            delta = result.deltas[me]
            points += delta
            _count(totals, result, me, delta)
            if mode == "calibrate":
                gain = max(0, delta) if me in result.winners else 0
                notes = seats[me].notes
                for i, (offence, risk, shanten) in enumerate(notes):
                    paid = -delta if i == len(notes) - 1 and result.discarder == me else 0
                    rows.append((offence, risk, shanten, gain, paid))
        per_wall[w] = points / 4
    return {"totals": dict(totals), "walls": per_wall, "rows": rows}


def _studied(mode: str, hand: Hand, seed: int) -> Any:
    if mode == "calibrate":
        ai = Calibrated(seed=seed)
        ai.notes = []
        return ai
    if mode.startswith("oracle-"):
        oracle = Oracle(seed=seed)
        oracle.hand, oracle.knows = hand, mode.removeprefix("oracle-")
        return oracle
    return default_factory("master", seed, 0)


def _count(totals: dict[str, float], result: Any, me: int, delta: int) -> None:
    totals["hands"] += 1
    totals["points"] += delta
    if me in result.winners:
        kind = "self-draw" if result.self_draw else "discard win"
        totals[kind] += 1
        totals[f"points from {kind}s"] += delta
        record = next(r for r in result.wins if r.seat == me)
        for code, value in record.score.as_items_dict().items():
            totals[f"item {code}"] += value
    elif result.discarder == me:
        totals["deal-in"] += 1
        totals["points paid dealing in"] += delta
    elif result.winners:
        totals["points paid to others"] += delta


def _run(mode: str, room: str, walls: int) -> dict[str, Any]:
    seeds = wall_seeds(SEED, walls, None)
    with Pool(2) as pool:
        parts = pool.map(_play, [(mode, room, seeds[0::2]), (mode, room, seeds[1::2])])
    totals: dict[str, float] = defaultdict(float)
    out: dict[str, Any] = {"walls": {}, "rows": []}
    for part in parts:
        for key, value in part["totals"].items():
            totals[key] += value
        out["walls"].update(part["walls"])
        out["rows"] += part["rows"]
    out["totals"] = totals
    return out


def _print_totals(totals: dict[str, float]) -> None:
    hands = totals["hands"]
    print(f"{int(hands)} hands; per hand:")
    for key in sorted(totals):
        if key != "hands":
            print(f"  {key:28s} {totals[key] / hands:8.4f}")


def _calibration(rows: list[tuple[float, float, int, float, float]]) -> None:
    def table(title: str, index: int, real: int, edges: list[float]) -> None:
        print(title)
        for lo, hi in itertools.pairwise(edges):
            chosen = [r for r in rows if lo <= r[index] < hi]
            if chosen:
                mean: Callable[[int], float] = lambda i: sum(r[i] for r in chosen) / len(chosen)  # noqa: E731, B023
                print(f"  [{lo:6.2f}, {hi:6.2f})  n {len(chosen):5d}  predicted {mean(index):7.3f}"
                      f"  happened {mean(real):7.3f}")
    table("offence: points from wins predicted / won", 0, 3, [-1, 0.5, 1, 2, 4, 7, 10, 15, 25, 1000])
    table("risk of the discard made: predicted / paid dealing in", 1, 4,
          [0, 0.1, 0.2, 0.4, 0.7, 1, 1.5, 2.5, 100])


def _paired(a_path: str, b_path: str) -> None:
    a = json.loads(Path(a_path).read_text())
    b = json.loads(Path(b_path).read_text())
    keys = sorted(set(a) & set(b), key=int)
    diffs = [b[k] - a[k] for k in keys]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    changed = sum(1 for d in diffs if abs(d) > 1e-9)
    print(f"{b_path} − {a_path}: {mean:+.3f} ± {1.96 * sd / math.sqrt(n):.3f} points/hand "
          f"(95%), {n} walls, {changed} changed")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    for name in ("breakdown", "calibrate", "oracle"):
        p = sub.add_parser(name)
        p.add_argument("--room", choices=[r.value for r in Room], default="open")
        p.add_argument("--walls", type=int, default=400)
        p.add_argument("--out", help="write 大师's points per wall (JSON) for `paired`")
        if name == "oracle":
            p.add_argument("--knows", choices=["waits", "ready"], default="waits")
    p = sub.add_parser("paired")
    p.add_argument("a")
    p.add_argument("b")
    args = ap.parse_args(argv)
    if args.command == "paired":
        _paired(args.a, args.b)
        return 0
    mode = f"oracle-{args.knows}" if args.command == "oracle" else args.command
    out = _run(mode, args.room, args.walls)
    _print_totals(out["totals"])
    if args.command == "calibrate":
        _calibration(out["rows"])
    if args.out:
        Path(args.out).write_text(json.dumps(out["walls"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
