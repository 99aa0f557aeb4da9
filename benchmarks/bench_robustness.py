"""Bad input never crashes anything: malformed actions and garbage seats, hostile files to import.

    python benchmarks/bench_robustness.py

Prints how 2000 arbitrary actions at arbitrary points of seeded hands were refused (and
whether a refusal changed the hand), how 200 hands of four seats answering garbage ended, and
how long the import takes to refuse a /dev/zero link and a FIFO (POSIX) and at what peak memory.
"""

from __future__ import annotations

import collections
import logging
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.game.actions import Action, ActionKind
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.table.seat import HandRunner
from tests.rigging import state_snapshot

JUNK: list[Any] = [None, True, -1, 21, 99, 10**30, -(2**70), 3.0, "5m", "win", [0], {"a": 1}, float("nan")]


def arbitrary_actions(rng: random.Random, count: int = 2000) -> None:
    outcomes: collections.Counter[str] = collections.Counter()
    changed = 0
    start = time.perf_counter()
    for i in range(count):
        hand = Hand(Ruleset(room=rng.choice(list(Room))), seed=i % 50)
        for _ in range(rng.randrange(80)):
            if hand.ended:
                break
            seat = hand.pending()[0]
            hand.apply(seat, rng.choice(hand.legal_actions(seat)))
        before = (state_snapshot(hand), tuple(hand.events), tuple(hand.actions))
        try:
            hand.apply(rng.choice([0, 1, 2, 3, *JUNK]), Action(
                rng.choice([*ActionKind, *JUNK]), rng.choice([None, *range(21), *JUNK]),
                rng.choice([False, True, *JUNK])))
            outcomes["applied"] += 1
        except Exception as exc:
            outcomes[type(exc).__name__] += 1
            changed += before != (state_snapshot(hand), tuple(hand.events), tuple(hand.actions))
    print(f"{count} arbitrary actions in {time.perf_counter() - start:.1f} s: {dict(outcomes)}; "
          f"hands changed by a refusal: {changed}")


class Garbage:
    name = "garbage"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def on_event(self, event: object) -> None:
        if self.rng.random() < 0.05:
            raise RuntimeError("event")

    def decide(self, view: object, legal: Any) -> Any:
        roll = self.rng.random()
        if roll < 0.2:
            raise ValueError("boom")
        if roll < 0.4:
            return self.rng.choice(JUNK)
        if roll < 0.5:
            return Action.discard(self.rng.choice([-1, 21, 99]))
        return self.rng.choice(list(legal))


def garbage_seats(hands: int = 200) -> None:
    ended = zero_sum = fallbacks = 0
    start = time.perf_counter()
    for seed in range(hands):
        hand = Hand(Ruleset(room=Room.BAOTING if seed % 2 else Room.OPEN), seed=seed)
        runner = HandRunner(hand, [Garbage(random.Random(seed * 4 + k)) for k in range(4)])
        try:
            runner.run()
        except Exception:
            continue
        ended += hand.ended
        zero_sum += hand.result is not None and sum(hand.result.deltas) == 0
        fallbacks += runner.fallbacks
    print(f"{hands} hands of four garbage seats in {time.perf_counter() - start:.1f} s: {ended} ended, "
          f"{zero_sum} zero-sum, {fallbacks} decisions auto-played")


def hostile_files() -> None:
    from storage.saved_hands import read_saved_hand

    folder = Path(tempfile.mkdtemp())
    (folder / "zero.json").symlink_to("/dev/zero")
    os.mkfifo(folder / "fifo.json")
    for name in ("zero.json", "fifo.json"):
        start = time.perf_counter()
        try:
            read_saved_hand(folder / name)
            outcome = "imported"
        except ValueError as exc:
            outcome = f"refused ({exc})"
        print(f"{name}: {outcome} in {(time.perf_counter() - start) * 1000:.2f} ms")
    status = Path("/proc/self/status")
    if status.exists():
        peak = int(status.read_text().split("VmHWM:")[1].split()[0]) / 1024
        print(f"peak RSS of this whole process: {peak:.0f} MB")


if __name__ == "__main__":
    logging.disable(logging.CRITICAL)  # the failures are the point: not their tracebacks
    arbitrary_actions(random.Random(9))
    garbage_seats()
    if os.name == "posix":
        hostile_files()
