"""Coming back to a LAN table after a program died, with real processes killed by SIGKILL
(docs/protocol.md, Drops and returns): a guest (`main.py join --seat-file`) returns to its
seat with the token it
kept; a host (`main.py serve`) is reopened with `serve --resume` and every guest finds its seat
again; either way the match finishes, zero-sum, with the scores it had."""

from __future__ import annotations

import json
import re
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.net.processes import ROOT, Proc


@pytest.fixture
def procs() -> Iterator[Callable[..., Proc]]:
    started: list[Proc] = []

    def start(*args: str) -> Proc:
        proc = Proc(*args)
        started.append(proc)
        return proc

    yield start
    for proc in started:
        proc.kill()


def _serve(procs: Callable[..., Proc], state: Path, *more: str) -> Proc:
    return procs("serve", "--bind", "127.0.0.1", "--no-discovery", "--state", str(state), *more)


def _join(procs: Callable[..., Proc], port: int, name: str, seat_file: Path, seed: int) -> Proc:
    return procs("join", f"127.0.0.1:{port}", "--bot", "normal", "--name", name, "--seed", str(seed),
                 "--code", "246810", "--seat-file", str(seat_file))


def _scores(line: str) -> list[int]:
    return [int(x) for x in re.findall(r"[+-]\d+", line)]


@pytest.mark.slow
def test_a_guest_killed_mid_match_comes_back_to_its_seat_with_its_scores(
        procs: Callable[..., Proc], tmp_path: Path) -> None:
    host = _serve(procs, tmp_path / "table.json", "--port", "0", "--ai", "2", "--rounds", "1",
                  "--claim-pause", "0.05", "--seed", "11", "--code", "246810")
    port = int(host.wait_for(r"on port (\d+)").group(1))
    seat_file = tmp_path / "seat-a.json"
    guest = _join(procs, port, "阿强", seat_file, 1)
    other = _join(procs, port, "阿珍", tmp_path / "seat-b.json", 2)
    seat = int(guest.wait_for(r"joined .* at seat (\d)").group(1))
    kept = json.loads(seat_file.read_text("utf-8"))
    assert kept["port"] == port and kept["host"] == "127.0.0.1" and len(kept["token"]) == 32
    assert stat.S_IMODE(seat_file.stat().st_mode) == 0o600  # the token is a secret
    guest.wait_for(r"^hand 1: ")
    guest.kill()
    host.wait_for(rf"seat {seat}: 阿强 dropped; 托管 plays")
    before = len(host.lines)

    again = _join(procs, port, "阿强", seat_file, 1)  # the same command, run again
    assert int(again.wait_for(r"back at .* at seat (\d)").group(1)) == seat
    host.wait_for(rf"seat {seat}: 阿强 is back", start=before)
    end = host.wait_for(r"the match is over: (.*)")
    codes = [again.finish(), other.finish(), host.finish()]
    assert codes == [0, 0, 0], (host.lines, again.lines, again.errors)
    final = _scores(end.group(1))
    assert sum(final) == 0
    assert _scores(again.wait_for(r"the match is over: (.*)").group(1)) == final
    assert _scores(other.wait_for(r"the match is over: (.*)").group(1)) == final
    # its hands before the kill and after the return add up to the host's standings for its seat
    assert not seat_file.exists()  # the match is over: nothing to come back to


@pytest.mark.slow
def test_a_host_killed_mid_match_is_reopened_and_every_guest_is_back_in_place(
        procs: Callable[..., Proc], tmp_path: Path) -> None:
    state = tmp_path / "table.json"
    host = _serve(procs, state, "--port", "0", "--ai", "2", "--rounds", "1", "--claim-pause", "0.05",
                  "--seed", "12", "--code", "246810")
    port = int(host.wait_for(r"on port (\d+)").group(1))
    guests = [_join(procs, port, name, tmp_path / f"seat-{i}.json", i + 1)
              for i, name in enumerate(("甲", "乙"))]
    seats = [int(g.wait_for(r"joined .* at seat (\d)").group(1)) for g in guests]
    first = host.wait_for(r"^hand 1 .*totals (.*)$")
    totals = _scores(first.group(1))
    kept = json.loads(state.read_text("utf-8"))
    assert stat.S_IMODE(state.stat().st_mode) == 0o600  # tokens and the wall's seed are in it
    assert kept["match"]["played"] >= 1 and kept["port"] == port
    host.kill()  # mid-match (hand 2 at least has been dealt), without a word to anyone
    played = json.loads(state.read_text("utf-8"))["match"]["played"]
    after = host.wait_for(rf"^hand {played} .*totals (.*)$")  # the last hand the file counts

    again = _serve(procs, state, "--resume", "--return-wait", "60")
    assert int(again.wait_for(r"on port (\d+)").group(1)) == port  # same address, same table
    back = again.wait_for(r"after (\d+) hands: (.*)")
    assert int(back.group(1)) == played and _scores(back.group(2)) == _scores(after.group(1))
    for seat, name in zip(seats, ("甲", "乙"), strict=True):
        again.wait_for(rf"seat {seat}: {name} is back")
    for guest in guests:
        guest.wait_for(r"back at the table")
    end = again.wait_for(r"the match is over: (.*)")
    codes = [again.finish(), *(g.finish() for g in guests)]
    assert codes == [0, 0, 0], again.errors + guests[0].errors + guests[1].errors
    final = _scores(end.group(1))
    assert sum(final) == 0 and sum(totals) == 0
    for guest in guests:
        assert _scores(guest.wait_for(r"the match is over: (.*)").group(1)) == final
    assert not state.exists()  # the match is over: no table to reopen


def test_serve_resume_without_a_kept_table_is_a_one_line_error(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "serve", "--resume", "--state",
                          str(tmp_path / "none.json"), "--no-discovery"], capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert out.returncode == 1 and out.stderr.startswith("error: no table to reopen")
    (tmp_path / "bad.json").write_text('{"format": 1, "table_id": "x"}', "utf-8")
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "serve", "--resume", "--state",
                          str(tmp_path / "bad.json"), "--no-discovery"], capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert out.returncode == 1 and "cannot be reopened" in out.stderr and "Traceback" not in out.stderr
