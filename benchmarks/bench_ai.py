"""AI speed: hands per second with four AIs of one level, and decision times (mean, p99).

    python benchmarks/bench_ai.py [--walls 100] [--seed 1]

Targets (one core): four normal AIs ≥ 100 hands/s, four hard AIs ≥ 10 hands/s; a decision
takes at most 5 ms (normal), 50 ms (hard) and, at p99, 250 ms (大师 master). Duplicate walls,
so every level sees the same deals.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from commands.selfplay import run_duplicate
from engine.game.rules import Room, Ruleset


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--walls", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for room in Room:
        for level in ("easy", "normal", "hard", "master"):
            report = run_duplicate([level] * 4, args.walls, args.seed, Ruleset(room=room)).to_json()
            times = [p["decision_ms_mean"] for p in report["players"]]
            p99 = max(p["decision_ms_p99"] for p in report["players"])
            print(f"{room.value:<8} 4x {level:<7} {report['hands_per_second']:7.1f} hands/s   "
                  f"decision {sum(times) / len(times):6.2f} ms mean, {p99:6.2f} ms p99")


if __name__ == "__main__":
    main()
