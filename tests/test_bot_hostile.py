"""Hostile bots: whatever a bot program does, the match ends, zero-sum, in bounded time and memory,
and nothing it started outlives ``close()``.

Each match runs in its own process (tests/hostile_probe.py), so that the engine's memory can be
measured — and capped, as on a server — apart from the test runner's. ``-s`` prints the figures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 0.3  # seconds per decision
RSS_GROWTH_MB = 48  # the engine's own play needs a few MB; a growing buffer needs hundreds
CAP_MB = 400  # address space allowed beyond the probe's start (Linux only)

# Every bot first writes its process id (and its children's) to $HOSTILE_PIDS.
PREAMBLE = """
import json, os, subprocess, sys, time
def note(pid):
    with open(os.environ["HOSTILE_PIDS"], "a") as f:
        f.write(f"{pid}\\n")
note(os.getpid())
"""

BOTS: dict[str, str] = {
    "garbage": """
        for line in sys.stdin:
            print("}{ not json", flush=True)
    """,
    "illegal": """
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] == "request":
                action = {"type": "kong", "tile": "9s"} if msg["id"] % 2 else {"type": "fly"}
                print(json.dumps({"id": msg["id"], "action": action}), flush=True)
    """,
    "silent": """
        for line in sys.stdin:
            pass
    """,
    "huge_line": """
        for line in sys.stdin:
            if json.loads(line)["type"] == "request":
                sys.stdout.write("x" * (16 << 20) + "\\n")
                sys.stdout.flush()
    """,
    "no_newline": """
        chunk = b"x" * (1 << 20)
        while True:
            sys.stdout.buffer.write(chunk)
            sys.stdout.buffer.flush()
    """,
    "flood": """
        chunk = '{"note": "flood"}\\n' * 4096
        while True:
            sys.stdout.write(chunk)
    """,
    # The child inherits stdin and stdout: the pipes stay open after the bot itself has gone.
    "fork_and_exit": """
        sys.stdin.readline()
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        note(child.pid)
        sys.exit(0)
    """,
    "early_exit": """
        sys.exit(3)
    """,
}

DIES = {"huge_line", "no_newline", "fork_and_exit", "early_exit"}


def run_probe(tmp_path: Path, kind: str) -> dict[str, Any]:
    script = tmp_path / f"{kind}.py"
    script.write_text(PREAMBLE + textwrap.dedent(BOTS[kind]), encoding="utf-8")
    env = dict(os.environ, HOSTILE_PIDS=str(tmp_path / "pids"))
    done = subprocess.run(
        [sys.executable, "-m", "tests.hostile_probe", str(script), str(TIMEOUT), "1", str(CAP_MB)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.parametrize("kind", list(BOTS))
def test_a_hostile_bot_cannot_break_the_match(tmp_path: Path, kind: str) -> None:
    r = run_probe(tmp_path, kind)
    growth = r["peak_mb"] - r["baseline_mb"]
    print(f"\n{kind}: peak RSS {r['peak_mb']:.1f} MB (+{growth:.1f}), match {r['elapsed']:.2f} s, "
          f"{r['requests']} requests, {r['fallbacks']} auto-played, dead={r['dead']} "
          f"after {r['died_after']}, problems {r['problems'][:1]}")
    assert r["hands"] == 1 and r["zero_sum"]
    assert growth < RSS_GROWTH_MB, f"engine grew by {growth:.0f} MB"
    assert r["survivors"] == [], "a process of the bot outlived close()"
    assert r["pids"], "the bot never ran"
    assert r["dead"] is (kind in DIES), r["problems"]
    if kind in DIES:
        assert r["died_after"] is not None and r["died_after"] < 1.5
        assert r["requests"] <= 1  # nothing is asked of a bot known to be dead
        assert r["elapsed"] < 5
    else:
        assert r["fallbacks"] == r["requests"] > 0
        assert r["elapsed"] < TIMEOUT * r["requests"] + 5
