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
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots import bot_process
from engine.bots.bot_protocol import MAX_LINE, ExternalBot
from engine.game.hand import Hand
from engine.game.rules import Ruleset

ROOT = Path(__file__).resolve().parents[2]
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
    # (the match's time is printed above, not bounded: a busy machine stretches it; a bot that
    # could stall the table would run into the probe's 60 s)
    if kind in DIES:
        assert r["died_after"] is not None
        assert r["requests"] <= 1  # nothing is asked of a bot known to be dead
    else:
        assert r["fallbacks"] == r["requests"] > 0


# -- in-process: the reader, the line cap, the process watch ----------------------------------


def _first_decision() -> tuple[Any, Any]:
    hand = Hand(Ruleset(), dealer=0, dealer_streak=1, seed=1)
    return hand.view(0), hand.legal_actions(0)


class _FailingOutput:
    """A bot's stdout whose reading fails, as it does under a memory cap."""

    def readline(self, size: int = -1) -> bytes:
        raise MemoryError

    def close(self) -> None:
        pass


def test_a_reader_that_fails_marks_the_bot_dead(monkeypatch: pytest.MonkeyPatch) -> None:
    real_start = bot_process.start

    def start(*args: Any, **kwargs: Any) -> Any:
        process: Any = real_start(*args, **kwargs)
        process.stdout.close()
        process.stdout = _FailingOutput()
        return process

    monkeypatch.setattr(bot_process, "start", start)
    with ExternalBot([sys.executable, "-c", "import sys; sys.stdin.read()"], timeout=120) as bot:
        view, legal = _first_decision()
        began = time.monotonic()
        assert bot.decide(view, legal) in legal
        assert time.monotonic() - began < 60  # not the 120 s timeout, however busy the machine
        assert bot.dead and bot.death == "reading from the bot failed: MemoryError"


def _pids_alive(pids: list[int]) -> list[int]:
    from tests.hostile_probe import alive

    return [p for p in pids if alive(p)]


CHATTER_BOT = """
import json, sys
def chatter(n):  # a JSON object of exactly n bytes, ignored by the engine (no id)
    return '{"pad": "' + "x" * (n - 11) + '"}' if n >= 11 else " " * n
lengths = json.loads(sys.argv[1])
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "request":
        for n in lengths:
            sys.stdout.write(chatter(n) + "\\n")
        sys.stdout.write(json.dumps({"id": msg["id"], "action": msg["legal"][0]}) + "\\n")
        sys.stdout.flush()
"""


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from([0, 11, 4000, MAX_LINE - 1, MAX_LINE, MAX_LINE + 1, 3 * MAX_LINE])
                | st.integers(11, 2 * MAX_LINE), max_size=4))
def test_a_line_is_read_whole_up_to_the_cap_and_kills_the_bot_beyond(tmp_path: Path,
                                                                     lengths: list[int]) -> None:
    # Chatter lines of the given lengths, then the answer: it counts exactly when no line went
    # past MAX_LINE bytes (the newline not counted).
    script = tmp_path / "chatter.py"
    script.write_text(CHATTER_BOT, encoding="utf-8")
    view, legal = _first_decision()
    with ExternalBot([sys.executable, str(script), json.dumps(lengths)], seat=0, rules=Ruleset(),
                     timeout=5) as bot:
        assert bot.decide(view, legal) in legal
    too_long = any(n > MAX_LINE for n in lengths)
    assert bot.dead is too_long, bot.problems
    assert bot.fallbacks == int(too_long)
    before = lengths[:next((i for i, n in enumerate(lengths) if n > MAX_LINE), len(lengths))]
    ignored = sum(n > 0 for n in before)  # a blank line is skipped without a word
    # Once the bot is dead, lines it wrote before its last one may go unread.
    assert bot.ignored_lines <= ignored if too_long else bot.ignored_lines == ignored


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(children=st.integers(0, 2), code=st.integers(0, 3), after_request=st.booleans())
def test_a_bot_is_dead_when_its_process_exits_whoever_holds_its_pipes(
        tmp_path: Path, children: int, code: int, after_request: bool) -> None:
    pid_file = tmp_path / f"pids-{children}-{code}-{after_request}"
    pid_file.unlink(missing_ok=True)
    script = tmp_path / "leaver.py"
    script.write_text(textwrap.dedent(f"""
        import json, subprocess, sys
        for line in sys.stdin:
            if not {after_request} or json.loads(line)["type"] == "request":
                break
        kids = [subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
                for _ in range({children})]
        with open({str(pid_file)!r}, "w") as f:
            f.write(" ".join(str(k.pid) for k in kids))
        sys.exit({code})
    """), encoding="utf-8")
    view, legal = _first_decision()
    began = time.monotonic()
    with ExternalBot([sys.executable, str(script)], seat=0, rules=Ruleset(), timeout=120) as bot:
        assert bot.decide(view, legal) in legal
        assert bot.dead and bot.death == f"the bot exited (exit code {code})"
        assert bot.died_at is not None and bot.died_at - began < 60  # not the 120 s timeout
    assert time.monotonic() - began < 60  # nor did close() wait for the children's 60 s
    pids = [int(p) for p in pid_file.read_text(encoding="ascii").split()]
    assert len(pids) == children and _pids_alive(pids) == []
