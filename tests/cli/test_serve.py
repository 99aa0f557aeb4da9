"""`python main.py serve`: a headless LAN host, run as a user runs it, joined over loopback by a
raw client."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.net import messages as m
from tests.net.raw_client import RawClient, first_legal
from tests.signals import as_at_a_terminal

ROOT = Path(__file__).resolve().parents[2]


def _serve(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--bind", "127.0.0.1",
                             "--no-discovery", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            preexec_fn=None if sys.platform == "win32" else as_at_a_terminal)


def _port(proc: subprocess.Popen[str]) -> tuple[int, list[str]]:
    """The port from the first lines the host prints."""
    assert proc.stdout is not None
    lines = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        found = re.search(r"on port (\d+)", line)
        if found:
            return int(found.group(1)), lines
    raise AssertionError(f"no port printed: {lines!r}, {proc.stderr.read() if proc.stderr else ''}")


def _rest(proc: subprocess.Popen[str]) -> tuple[str, str]:
    """The rest of the output, once the process ends (communicate() would miss the lines that
    readline() buffered already)."""
    assert proc.stdout is not None and proc.stderr is not None
    proc.wait(120)
    return proc.stdout.read(), proc.stderr.read()


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "serve", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_a_port_in_use_is_a_one_line_error() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        proc = _run("--bind", "127.0.0.1", "--no-discovery", "--port", str(taken.getsockname()[1]))
    assert proc.returncode == 1  # a failure, not a bad argument (docs/commands.md)
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("error: cannot host a table on 127.0.0.1:")
    assert proc.stdout == ""


@pytest.mark.parametrize(("args", "words"), [
    (["--time-limit", "soon"], "whole seconds from 1 to 3600, or none"),
    (["--rounds", "3"], "invalid choice"),
    (["--port", "70000"], "a whole number from 0 to 65535"),
    (["--code", "\u200b"], "1 to 32 characters"),
    (["--claim-pause", "-1"], "seconds from 0 to 10"),
    (["--ai", "5"], "a whole number from 0 to 4"),
    (["--level", "god"], "invalid choice"),
    (["--bind", "notanip"], "argument --bind: an IP address such as 0.0.0.0"),
    (["--bind", "192.168.1.500"], "argument --bind: an IP address"),
    (["--return-wait", "5"], "--return-wait goes with --resume"),
    # a reopened table keeps its own: these were accepted and silently ignored (QA, stop 33)
    (["--resume", "--port", "47499", "--code", "1"],
     "--port --code: a reopened table keeps its own port, room code and options"),
    (["--resume", "--time-limit", "none"], "--time-limit: a reopened table keeps its own"),
])
def test_bad_options_are_one_line_errors(args: list[str], words: str) -> None:
    proc = _run(*args)
    assert proc.returncode == 2 and words in proc.stderr and proc.stderr.count("\n") == 1


def test_a_served_table_plays_a_match_with_a_joining_client_and_exits_0() -> None:
    proc = _serve("--port", "0", "--ai", "3", "--level", "easy", "--rounds", "1", "--seed", "4",
                  "--claim-pause", "0", "--time-limit", "5", "--name", "测试桌", "--code", "k")
    try:
        port, lines = _port(proc)
        client = RawClient(port)
        welcome = client.hello("人", code="k", title="一级")
        assert isinstance(welcome, m.Welcome) and welcome.seat == 3 and welcome.table.name == "测试桌"
        client.send(m.Ready(True))
        # the match's end is the event waited for; the deadline only stops a hung one (15 hands
        # took over 30 s with three copies of the suite on two cores, and a client that stopped
        # answering then was dropped by the table)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            message = client.read(60)
            if isinstance(message, m.RequestMessage):
                client.send(first_legal(message))
            elif isinstance(message, m.Ping):
                client.send(m.Pong(message.t))
            elif isinstance(message, m.Ended):
                assert message.reason == m.END_FINISHED
                break
        out, err = _rest(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    text = "".join(lines) + out
    assert "join at: 127.0.0.1:" in text and "(room code k)" in text
    for seat in range(3):
        assert f"seat {seat}: AI (easy)" in text
    assert "seat 3: 人 joined (一级)" in text, text
    assert "seat 3: 人 is ready" in text or "seat 3: 人 joined (一级), ready" in text
    assert "the match starts: AI 1, AI 2, AI 3, 人" in text
    assert re.search(r"^hand 1 \(圈 1\): .*; totals ", text, re.MULTILINE)
    final = re.search(r"^the match is over: AI 1 ([+-]\d+), AI 2 ([+-]\d+), AI 3 ([+-]\d+), 人 ([+-]\d+)$",
                      text, re.MULTILINE)
    assert final and sum(int(x) for x in final.groups()) == 0
    assert "dropped" not in text


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is a POSIX thing")
@pytest.mark.parametrize(("stop", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)],
                         ids=["int", "term"])
def test_ctrl_c_closes_the_table_for_everyone_and_exits_130(stop: signal.Signals, status: int) -> None:
    """SIGTERM (a service manager, a logout) as Ctrl-C: it used to drop every player unwarned."""
    proc = _serve("--port", "0")
    try:
        port, _ = _port(proc)
        client = RawClient(port)
        assert isinstance(client.hello("guest"), m.Welcome)
        client.read_until(m.Lobby)
        proc.send_signal(stop)
        ended = client.read_until(m.Ended, 30)
        assert ended.reason == m.END_HOST_QUIT
        assert client.closed(30)
        _out, err = _rest(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == status and "Traceback" not in err


def test_served_ai_seats_may_be_masters() -> None:
    from main import build_parser

    assert build_parser().parse_args(["serve", "--level", "master"]).level == "master"
    assert "master" in _run("--help").stdout
    proc = _serve("--port", "0", "--ai", "3", "--level", "master")
    try:
        port, _ = _port(proc)
        client = RawClient(port)
        assert isinstance(client.hello("guest"), m.Welcome)
        lobby = client.read_until(m.Lobby)
        client.close()
    finally:
        proc.kill()
        proc.communicate()
    seats = [(s.kind, s.level) for s in lobby.seats]
    assert seats == [("ai", "master")] * 3 + [("person", None)]


def test_a_new_code_has_six_digits_is_printed_and_is_needed() -> None:
    proc = _serve("--port", "0", "--new-code")
    try:
        port, lines = _port(proc)
        assert proc.stdout is not None
        lines.append(proc.stdout.readline())
        found = re.search(r"room code (\d+)\)", "".join(lines))
        assert found is not None and len(found.group(1)) >= 6, lines
        refused = RawClient(port).hello("guest")
        assert isinstance(refused, m.Refused) and refused.code == m.REFUSE_CODE_NEEDED
        welcome = RawClient(port).hello("guest", code=found.group(1))
        assert isinstance(welcome, m.Welcome)
        wrong = RawClient(port).hello("guesser", code="x" + found.group(1))
        assert isinstance(wrong, m.Refused) and wrong.code == m.REFUSE_WRONG_CODE
        for _ in range(20):  # the host's report says so (after the guest's join)
            line = proc.stdout.readline()
            if "wrong room code" in line:
                break
        assert line.strip() == "1 wrong room code from 127.0.0.1"
    finally:
        proc.send_signal(signal.SIGINT)
        _rest(proc)


def test_a_code_and_a_new_code_together_are_a_one_line_error() -> None:
    proc = _run("--code", "1234", "--new-code")
    assert proc.returncode == 2 and "not allowed with" in proc.stderr
