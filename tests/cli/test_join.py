"""`python main.py join HOST:PORT --bot LEVEL / --ext CMD`, run as a user runs it against
`python main.py serve`: a whole match, a wrong room code, a bot program, bad arguments."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.cli.test_serve import ROOT, _port, _rest, _serve


def _join(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "join", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=90)


def _served(*args: str) -> tuple[subprocess.Popen[str], int]:
    proc = _serve("--port", "0", "--rounds", "1", "--seed", "8", "--claim-pause", "0", "--time-limit", "10",
                  *args)
    port, _lines = _port(proc)
    return proc, port


def _close(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.kill()
    _rest(proc)


def test_a_bot_joins_plays_the_match_and_exits_0() -> None:
    proc, port = _served("--ai", "3", "--level", "easy", "--code", "芝麻")
    try:
        done = _join(f"127.0.0.1:{port}", "--bot", "normal", "--code", "芝麻", "--name", "机器人",
                     "--seed", "3")
    finally:
        _close(proc)
    assert done.returncode == 0, done.stderr
    assert "at seat 3" in done.stdout
    assert "hand 1: " in done.stdout and "the match is over: " in done.stdout
    final = done.stdout.rsplit("the match is over: ", 1)[1].split()[0:4]
    assert sum(int(x.rstrip(",")) for x in final) == 0


def test_a_wrong_room_code_is_refused_in_words() -> None:
    proc, port = _served("--ai", "3", "--code", "right")
    try:
        missing = _join(f"127.0.0.1:{port}", "--bot", "easy")
        refused = _join(f"127.0.0.1:{port}", "--bot", "easy", "--code", "wrong")
        # a wrong code costs the address a wait: the next hello is told so, its code unread
        waiting = _join(f"127.0.0.1:{port}", "--bot", "easy", "--code", "right")
    finally:
        _close(proc)
    assert missing.returncode == 1 and "code_needed" in missing.stderr
    assert refused.returncode == 1 and "wrong_code" in refused.stderr and "Traceback" not in refused.stderr
    assert waiting.returncode == 1 and "(wait)" in waiting.stderr and "try again" in waiting.stderr


def test_a_bot_program_plays_a_lan_seat() -> None:
    proc, port = _served("--ai", "3", "--level", "easy")
    bot = f"{sys.executable} {ROOT / 'examples' / 'simple_bot.py'}"
    try:
        done = _join(f"127.0.0.1:{port}", "--ext", bot, "--name", "外部")
    finally:
        _close(proc)
    assert done.returncode == 0, done.stderr
    assert "the match is over: " in done.stdout


def test_a_bot_program_that_does_not_start_takes_no_seat_and_exits_1() -> None:
    proc, port = _served("--ai", "3", "--level", "easy")
    try:
        done = _join(f"127.0.0.1:{port}", "--ext", "/nonexistent/bot")
    finally:
        _close(proc)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    last = done.stderr.splitlines()[-1]
    assert last.startswith("error: the bot program: could not start ") and "/nonexistent/bot" in last
    assert "joined" not in done.stdout  # it never sat down: auto-play did not play in its name


def test_a_bot_program_that_dies_mid_match_exits_1_as_selfplay_does() -> None:
    proc, port = _served("--ai", "3", "--level", "easy")
    quits = f"{sys.executable} -c \"import sys; sys.stdin.readline()\""  # reads the hello, then exits
    try:
        done = _join(f"127.0.0.1:{port}", "--ext", quits)
    finally:
        _close(proc)
    assert done.returncode == 1, done.stderr
    assert "the match is over: " in done.stdout  # the table played on, its seat by auto-play
    assert "error: the bot program died (" in done.stderr and "auto-play's, not the bot's" in done.stderr


@pytest.mark.parametrize("args, words", [
    (["127.0.0.1:0", "--bot", "easy"], "port"),
    (["127.0.0.1:47321"], "--bot"),
    (["127.0.0.1:47321", "--bot", "genius"], "invalid choice"),
    (["127.0.0.1:47321", "--bot", "easy", "--ext", "x"], "not allowed"),
])
def test_bad_arguments_are_one_line_errors(args: list[str], words: str) -> None:
    done = _join(*args)
    assert done.returncode == 2 and words in done.stderr and len(done.stderr.splitlines()) == 1


def test_a_master_may_play_a_seat() -> None:
    from main import build_parser

    args = build_parser().parse_args(["join", "127.0.0.1:47321", "--bot", "master", "--name", "大师"])
    assert (args.bot, args.address, args.name) == ("master", ("127.0.0.1", 47321), "大师")
    usage = _join("--help")
    assert usage.returncode == 0 and "master" in usage.stdout


def test_nobody_there_is_a_clear_error() -> None:
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    done = _join(f"127.0.0.1:{port}", "--bot", "easy")
    assert done.returncode == 1 and "cannot reach a table" in done.stderr
