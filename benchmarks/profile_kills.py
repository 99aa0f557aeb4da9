"""kill -9 at random moments while hands are being recorded; after each kill the data folder
is opened again and the profile (profiles.json) checked against the history (its database).

    python benchmarks/profile_kills.py [--kills 300] [--seed 9]

Prints how many hands were counted in 积分, and how many of them the history lacks (must be 0),
and the same for matches. The child process and the check are those of
tests/storage/test_profile_hardening.py (which runs 200 kills).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.storage.test_profile_hardening import CHILD, check_consistent  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    failures = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        hands = matches = 0
        for _ in range(args.kills):
            child = subprocess.Popen([sys.executable, "-c", CHILD, folder], cwd=ROOT, env=env,
                                     stdout=subprocess.PIPE)
            assert child.stdout is not None and child.stdout.readline() == b"go\n"
            time.sleep(rng.uniform(0.0, 0.05))
            child.send_signal(signal.SIGKILL)
            child.wait(10)
            try:
                now_hands, matches = check_consistent(Path(folder))
            except AssertionError as exc:
                failures += 1
                print("inconsistent:", exc)
                continue
            if now_hands < hands:
                failures += 1
                print(f"hands went back from {hands} to {now_hands}")
            hands = now_hands
    seconds = time.perf_counter() - started
    print(f"{args.kills} kills: {hands} hands and {matches} matches counted; "
          f"{failures} reopen(s) where profile and history disagreed or lost a hand ({seconds:.0f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
