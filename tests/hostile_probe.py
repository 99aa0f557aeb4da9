"""Plays one short match against an external bot in a fresh process and prints what happened.

Run by tests/engine/test_bot_hostile.py as ``python -m tests.hostile_probe BOT_SCRIPT TIMEOUT HANDS CAP_MB``:
a separate process so that its memory can be measured (and capped) without the test runner's
own allocations in the figures. Prints one JSON object on stdout.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import threading
import time
from pathlib import Path

from engine.ai import SimpleAI
from engine.bots.bot_protocol import ExternalBot
from engine.game.rules import Ruleset
from engine.table.match import Match
from engine.table.match_loop import play_match

PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def rss_mb() -> float:
    """Resident memory now; where /proc is missing (macOS) the peak so far stands in."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * PAGE / 2**20
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def virtual_bytes() -> int:
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[0]) * PAGE


def alive(pid: int) -> bool:
    """A process that still runs (a zombie waiting to be reaped has stopped running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    except OSError:
        return True  # no /proc (macOS): a signal reached it, so it exists
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def main() -> None:
    script, timeout, hands, cap_mb = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    pid_file = Path(os.environ["HOSTILE_PIDS"])
    if cap_mb and sys.platform.startswith("linux"):
        # A memory cap as a server would have: an engine that grows without bound fails here.
        limit = virtual_bytes() + cap_mb * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    baseline = rss_mb()
    peak = [baseline]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.005):
            peak[0] = max(peak[0], rss_mb())

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    start = time.monotonic()
    bot = ExternalBot([sys.executable, script], name="hostile", timeout=timeout)
    match = Match(Ruleset(rounds=1), 5)
    with bot:
        play_match(match, [bot, SimpleAI(), SimpleAI(), SimpleAI()], max_hands=hands)
    elapsed = time.monotonic() - start
    done.set()
    sampler.join()
    time.sleep(0.1)  # a killed process needs a moment to be gone
    pids = [int(p) for p in pid_file.read_text(encoding="ascii").split()] if pid_file.exists() else []
    died_at = getattr(bot, "died_at", None)
    print(json.dumps({
        "elapsed": elapsed,
        "baseline_mb": baseline,
        "peak_mb": peak[0],
        "dead": bot.dead,
        "died_after": None if died_at is None else died_at - start,
        "requests": bot.requests,
        "fallbacks": bot.fallbacks,
        "hands": len(match.history),
        "zero_sum": sum(match.scores) == 0 and all(sum(r.result.deltas) == 0 for r in match.history),
        "pids": pids,
        "survivors": [p for p in pids if alive(p)],
        "problems": bot.problems[:3],
    }))


if __name__ == "__main__":
    main()
