"""Self-play with external bots: a bot that died is reported (seat, hand, why, decisions auto-play
made for it), and the run fails when results were credited to a dead bot."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from commands.selfplay import credited_to_dead, ext_factory, run_duplicate, run_selfplay
from engine.game.rules import Ruleset

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["ext", "simple", "simple", "simple"]


def leaver(tmp_path: Path, answers: int, code: int = 4) -> str:
    """A bot that answers `answers` requests (with their first legal action), then exits."""
    path = tmp_path / f"leaver{answers}.py"
    path.write_text(textwrap.dedent(f"""
        import json, sys
        answered = 0
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] != "request":
                continue
            if answered == {answers}:
                sys.exit({code})
            print(json.dumps({{"id": msg["id"], "action": msg["legal"][0]}}), flush=True)
            answered += 1
    """), encoding="utf-8")
    return f'"{sys.executable}" "{path}"'


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", "selfplay", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def test_a_bot_that_cannot_start_fails_the_run_and_says_so(tmp_path: Path) -> None:
    # Before: exit status 0, and the report credited auto-play's results to the seat silently.
    proc = cli("--players", ",".join(PLAYERS), "--ext", str(tmp_path / "no-such-bot"), "--hands", "2",
               "--json")
    assert proc.returncode == 1, proc.stderr
    assert "error: bot ext0 died (could not start" in proc.stderr
    assert "results are auto-play's" in proc.stderr
    report = json.loads(proc.stdout)
    assert report["credited_to_dead_bots"] is True
    (bot,) = report["bots"]
    (death,) = bot["deaths"]
    assert death["seat"] == 0 and death["hand"] == 1 and death["why"].startswith("could not start")
    assert bot["requests"] == 0
    assert bot["dead_decisions"] == bot["fallbacks"] == death["autoplay_decisions"] > 0


def test_a_bot_that_dies_mid_run_is_reported_in_text_with_a_failing_status(tmp_path: Path) -> None:
    # Walls under a fixed key: with a new key each run, three short hands sometimes asked the bot
    # fewer than 13 times, and it never got to leave.
    proc = cli("--players", ",".join(PLAYERS), "--ext", leaver(tmp_path, 3), "--hands", "3",
               "--wall-key", "5" * 64)
    assert proc.returncode == 1, proc.stderr
    assert "DEAD in seat 0 from hand" in proc.stdout
    assert "the bot exited (exit code 4)" in proc.stdout
    assert "error: bot ext0 died (the bot exited (exit code 4))" in proc.stderr


def test_a_healthy_bot_passes_and_is_reported_alive() -> None:
    proc = cli("--players", ",".join(PLAYERS), "--ext", f'"{sys.executable}" examples/simple_bot.py',
               "--hands", "2", "--json")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["credited_to_dead_bots"] is False
    assert report["bots"][0]["deaths"] == [] and report["bots"][0]["requests"] > 0


def test_duplicate_play_reports_a_dead_bot_per_wall_and_seat(tmp_path: Path) -> None:
    report = run_duplicate(PLAYERS, 1, 3, Ruleset(), ext_factory(leaver(tmp_path, 2), 2.0))
    (bot,) = report.bots
    assert len(bot.deaths) <= 4 and credited_to_dead(report.bots) == [bot]
    assert {d["hand"] for d in bot.deaths} <= {1, 2, 3, 4}
    assert {d["seat"] for d in bot.deaths} <= {0, 1, 2, 3}
    assert report.to_json()["credited_to_dead_bots"] is True
    assert "DEAD in seat" in report.to_text()


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(answers=st.integers(0, 40), code=st.integers(0, 5))
def test_results_are_credited_to_a_dead_bot_exactly_when_auto_play_decided_after_its_death(
        tmp_path: Path, answers: int, code: int) -> None:
    report = run_selfplay(2, 7, Ruleset(), PLAYERS, ext_factory(leaver(tmp_path, answers, code), 2.0))
    (bot,) = report.bots
    decisions = bot.requests - bool(bot.deaths) + bot.dead_decisions  # the fatal request counts once
    assert bot.fallbacks == bot.dead_decisions  # it never answered badly: every fallback is a death's
    if answers < decisions:  # it was asked more often than it would answer
        assert bot.requests == answers + 1 and bot.dead_decisions == decisions - answers
        assert credited_to_dead(report.bots) == [bot]
        assert bot.deaths[0]["why"] == f"the bot exited (exit code {code})"
    else:
        assert bot.dead_decisions == 0 and credited_to_dead(report.bots) == []
    assert sum(s.net for s in report.seats) == 0
