"""Hand analysis speed against other shanten calculators, on the same seeded random hands.

    pip install mahjong xiangting     # benchmark-only dependencies
    python benchmarks/bench_analysis.py [--hands 100000] [--seed 1]

Every contender gets the same random 14-tile hands (84-tile wall, ranks 2–8), each in its own
native form prepared before timing: ours as :class:`engine.game.analysis.TileCounts` (the engine's
hand type), `mahjong` and `xiangting` as 34-arrays (our ranks 2..8 at their 2..8). Ours
includes the 8-tile rule and seven pairs; theirs compute the standard shape only
(`mahjong`) or all Japanese shapes (`xiangting`, a Rust extension). Targets: our shanten ≥ 15×
faster than `mahjong`'s regular-hand shanten; our win check ≥ 5× faster than `Agari.is_agari`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.game import analysis
from engine.game.tiles import to_counts

WALL = [t for t in range(21) for _ in range(4)]


def random_hands(n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [to_counts(rng.sample(WALL, 14)) for _ in range(n)]


def to_34(counts: Sequence[int]) -> list[int]:
    out = [0] * 34
    for suit in range(3):
        for r in range(7):
            out[suit * 9 + r + 1] = counts[suit * 7 + r]
    return out


def time_per_call(fn: Callable[[object], object], items: Sequence[object]) -> float:
    """µs per call, best of three passes."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - start)
    return best / len(items) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = random_hands(args.hands, args.seed)
    ours = [analysis.TileCounts(c) for c in counts]
    rows: list[tuple[str, float]] = []
    ours_shanten = time_per_call(analysis.shanten, ours)
    ours_win = time_per_call(analysis.is_win, ours)
    rows += [("ours: shanten (8-tile rule, seven pairs)", ours_shanten), ("ours: win check", ours_win)]
    rows.append(("ours: shanten from a plain count list", time_per_call(analysis.shanten_counts, counts)))
    results: dict[str, float] = {}
    try:
        from mahjong.agari import Agari
        from mahjong.shanten import Shanten

        h34 = [to_34(c) for c in counts]
        shanten, agari = Shanten(), Agari()
        results["mahjong shanten"] = time_per_call(shanten.calculate_shanten_for_regular_hand, h34)
        results["mahjong agari"] = time_per_call(agari.is_agari, h34)
        rows += [("mahjong: calculate_shanten_for_regular_hand", results["mahjong shanten"]),
                 ("mahjong: Agari.is_agari", results["mahjong agari"])]
    except ImportError:
        print("(mahjong not installed: pip install mahjong)")
    try:
        import xiangting

        h34 = [to_34(c) for c in counts]
        four = xiangting.PlayerCount.FOUR
        results["xiangting"] = time_per_call(lambda h: xiangting.calculate_replacement_number(h, four), h34)
        rows.append(("xiangting: calculate_replacement_number (Rust)", results["xiangting"]))
    except ImportError:
        print("(xiangting not installed: pip install xiangting)")
    print(f"{args.hands} random 14-tile hands, seed {args.seed}")
    for name, us in rows:
        print(f"  {name:<50} {us:8.2f} µs/call")
    if "mahjong shanten" in results:
        ratio_s = results["mahjong shanten"] / ours_shanten
        ratio_w = results["mahjong agari"] / ours_win
        print(f"shanten: ours is {ratio_s:.1f}x faster than mahjong (target >= 15x)")
        print(f"win check: ours is {ratio_w:.1f}x faster than mahjong (target >= 5x)")
    if "xiangting" in results:
        print(f"shanten: ours / xiangting time ratio {ours_shanten / results['xiangting']:.2f}")


if __name__ == "__main__":
    main()
