"""大师's search against 大师 without it (``master_v1``), paired wall by wall.

    nice -n 19 python benchmarks/search_study.py --room open --walls 100 --seed 12 --jobs 1 --cache /tmp/study

Both lineups (A, then B, each against three of `--against`) play the same walls (duplicate:
each wall four times, the players rotated); the figure is the mean over walls of A's points
per hand less B's, with its 95% confidence interval — far less noisy than two separate means,
since the walls' luck is the same for both. Tune on seeds kept apart from the ladder's (the
published ladder uses seed 1; the search was tuned on seeds 11-19 and reported on seed 1001).
`HEFEI_MASTER_PARAMS` tries another parameter file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from commands.selfplay import mean_ci, run_duplicate
from engine.game.rules import Room, Ruleset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--room", choices=[r.value for r in Room], default="open")
    parser.add_argument("--walls", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--a", default="master", help="the player tried")
    parser.add_argument("--b", default="master_v1", help="the player it is paired against")
    parser.add_argument("--against", default="hard", help="the three others")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cache", type=Path, default=None,
                        help="keep B's points per wall here (B does not search: its run is the same)")
    args = parser.parse_args()
    rules = Ruleset(room=Room(args.room))
    points = {}
    for who in dict.fromkeys((args.a, args.b)):  # once when A is B: that run fills the cache
        cached = None
        if args.cache is not None and who == args.b:
            cached = args.cache / f"{who}-{args.against}-{args.room}-{args.walls}-{args.seed}.json"
            if cached.exists():
                points[who] = json.loads(cached.read_text())
                continue
        report = run_duplicate([who, args.against, args.against, args.against], args.walls, args.seed,
                               rules, jobs=args.jobs)
        points[who] = report.players[0].points
        print(report.to_text(), flush=True)
        times = sorted(report.players[0].times)
        if times:  # the worst matters too: a player waits for it (p99 ≤ 250 ms, worst ≤ 500 ms)
            p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
            print(f"{who}: {len(times)} decisions, ms mean {1000 * sum(times) / len(times):.2f}, "
                  f"p99 {1000 * p99:.2f}, worst {1000 * times[-1]:.2f}", flush=True)
        if cached is not None:
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_text(json.dumps(points[who]))
    a, b = points[args.a], points[args.b]
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean, half = mean_ci(diffs)
    changed = sum(1 for d in diffs if d)
    print(f"paired, {args.room}, {args.walls} walls, seed {args.seed}: {args.a} − {args.b} = "
          f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] points/hand; walls changed {changed}")


if __name__ == "__main__":
    main()
