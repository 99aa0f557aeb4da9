"""Duplicate self-play over several processes (--jobs): the figures are those of one process,
a worker's failure ends the run with a clear error, and a bad --jobs is refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import main
from commands.selfplay import default_factory, ext_factory, run_duplicate
from commands.selfplay_jobs import SelfplayError, chunks
from engine.game.rules import Room, Ruleset

from .test_selfplay_bots import leaver

ROOT = Path(__file__).resolve().parents[2]
FAST = ["normal", "easy", "easy", "easy"]
TIMING = ("seconds", "hands_per_second", "jobs", "decision_ms_mean", "decision_ms_p99")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", "selfplay", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def untimed(data: Any) -> Any:
    """A report without its timing figures (and without how many processes made it)."""
    if isinstance(data, dict):
        return {k: untimed(v) for k, v in data.items() if k not in TIMING}
    if isinstance(data, list):
        return [untimed(v) for v in data]
    return data


def test_chunks_are_contiguous_in_order_and_near_equal() -> None:
    assert chunks(list(range(10)), 4) == [[0, 1, 2], [3, 4, 5], [6, 7], [8, 9]]
    assert chunks([1, 2], 8) == [[1], [2]]  # never an empty chunk
    assert chunks(list(range(7)), 1) == [list(range(7))]


def test_three_processes_give_every_wall_the_points_of_one_process() -> None:
    rules = Ruleset(room=Room.BAOTING)
    one = run_duplicate(FAST, 7, 11, rules)
    three = run_duplicate(FAST, 7, 11, rules, jobs=3)
    assert (one.jobs, three.jobs) == (1, 3)
    for a, b in zip(one.players, three.players, strict=True):
        assert a.points == b.points  # wall by wall, in wall order
        assert (a.hands, a.wins, a.self_draws, a.deal_ins, a.deal_ins_declared) == \
            (b.hands, b.wins, b.self_draws, b.deal_ins, b.deal_ins_declared)
        assert len(a.times) == len(b.times) > 0  # every decision's time came back from the workers
    # the table too, but for the decision times (its last two columns) and the speed line
    rows_one, rows_three = one.to_text().splitlines(), three.to_text().splitlines()
    assert rows_one[:2] == rows_three[:2]
    assert [r.split()[:-2] for r in rows_one[2:6]] == [r.split()[:-2] for r in rows_three[2:6]]
    assert rows_three[6].endswith(", 3 processes)") and "processes" not in rows_one[6]
    assert run_duplicate(FAST, 2, 11, rules, jobs=5).jobs == 2  # no more processes than walls


def test_cli_jobs_2_prints_what_jobs_1_prints_timing_apart() -> None:
    common = ("--players", ",".join(FAST), "--walls", "6", "--seed", "4", "--duplicate", "--json")
    one, two = cli(*common), cli(*common, "--jobs", "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    a, b = json.loads(one.stdout), json.loads(two.stdout)
    assert (a["jobs"], b["jobs"]) == (1, 2)
    assert untimed(a) == untimed(b)
    points = [[p["mean_points_per_hand"] for p in report["players"]] for report in (a, b)]
    assert points[0] == points[1]


def test_external_bots_start_in_each_worker_and_their_deaths_merge_in_wall_order(tmp_path: Path) -> None:
    players = ["ext", "easy", "easy", "easy"]
    key = bytes(range(32))
    factory = ext_factory(leaver(tmp_path, 2), 2.0)
    one = run_duplicate(players, 2, 5, Ruleset(), factory, key).to_json()
    two = run_duplicate(players, 2, 5, Ruleset(), factory, key, jobs=2).to_json()
    for report in (one, two):
        for death in report["bots"][0]["deaths"]:
            death.pop("seconds")
    assert untimed(one) == untimed(two)
    hands = [d["hand"] for d in two["bots"][0]["deaths"]]
    assert hands == sorted(hands) and len(hands) == 8  # it died in every hand of both walls


class FailsOnWall:
    """Seats, except at one wall, where making one raises (or the process ends: `exit_code`)."""

    def __init__(self, wall: int, exit_code: int | None = None) -> None:
        self.wall = wall
        self.exit_code = exit_code

    def __call__(self, level: str, seed: int, player: int) -> Any:
        if seed // 16 == self.wall:  # the run's seed is 0: an AI's seed is wall × 16 + player
            if self.exit_code is not None:
                os._exit(self.exit_code)
            raise RuntimeError("no seat for this wall")
        return default_factory(level, seed, player)


def test_a_worker_that_fails_ends_the_run_with_the_wall_and_the_reason() -> None:
    with pytest.raises(SelfplayError, match=r"failed on wall 5: RuntimeError: no seat for this wall"):
        run_duplicate(FAST, 6, 0, Ruleset(), FailsOnWall(4), jobs=2)


def test_a_worker_that_dies_ends_the_run_instead_of_hanging() -> None:
    with pytest.raises(SelfplayError, match="ended abruptly"):
        run_duplicate(FAST, 6, 0, Ruleset(), FailsOnWall(1, exit_code=3), jobs=2)


def test_a_factory_that_cannot_reach_a_worker_is_refused_before_any_starts() -> None:
    with pytest.raises(SelfplayError, match="cannot be sent to a worker process"):
        run_duplicate(FAST, 6, 0, Ruleset(), lambda level, seed, player: None, jobs=2)


@pytest.mark.parametrize("value", ["-1", "x", "257", "1.5", "٢", "99999999999999999999"])
def test_a_bad_jobs_value_is_a_clear_argument_error(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main.main(["selfplay", "--duplicate", "--walls", "1", "--jobs", value])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and "argument --jobs: a whole number from 0 to 256" in err


def test_jobs_is_for_duplicate_play_only(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:  # refused as the parser refuses a bad option
        main.main(["selfplay", "--hands", "1", "--jobs", "2"])
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == ""
    assert err == "hefei-mahjong selfplay: error: --jobs needs --duplicate (plain self-play runs in one " \
        "process) (see --help)\n"


def test_a_failed_worker_is_one_error_line_and_exit_status_1(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    def fails(*args: Any, **kwargs: Any) -> Any:
        raise SelfplayError("a self-play worker failed on wall 3: RuntimeError: boom")

    monkeypatch.setattr("commands.cli.run_duplicate", fails)
    assert main.main(["selfplay", "--duplicate", "--walls", "4", "--jobs", "2"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == "error: a self-play worker failed on wall 3: RuntimeError: boom\n"
