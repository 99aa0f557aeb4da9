"""Hostile input to the headless commands, fed the way a user's shell feeds it: `python main.py ...`
in a subprocess, bytes on stdin, under the locales people actually run with."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.signals import as_at_a_terminal

ROOT = Path(__file__).resolve().parents[2]
MAIN = str(ROOT / "main.py")
GOOD = json.dumps({"hand": "234345567888m5p", "win_tile": "5p", "self_draw": True}).encode()
GOOD_ANSWER = {"legal": True, "value": 17, "dealer_bonus": 2,
               "items": {"base": 10, "zhi": 4, "missing_suit": 1, "kan": 1, "ka": 1}}
MAX_LINE_BYTES = 64 * 1024  # the documented limit; a literal so that the test checks the documentation

# A locale the machine has, one it may lack (Python then falls back to C), plain C, and a UTF-8 locale
# whose stdin decodes strictly, as under an installed en_US.UTF-8 on a desktop.
LOCALES = {
    "C.UTF-8": {"LC_ALL": "C.UTF-8"},
    "en_US.UTF-8": {"LC_ALL": "en_US.UTF-8"},
    "LANG=C": {"LANG": "C"},
    "strict-utf-8": {"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict"},
}


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("LC_ALL", "LANG", "LC_CTYPE", "PYTHONIOENCODING", "PYTHONUTF8", "PYTHONUNBUFFERED")}
    env.update(extra or {})
    return env


def run(*args: str, stdin: bytes = b"", env: dict[str, str] | None = None,
        timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, MAIN, *args], input=stdin, capture_output=True, cwd=ROOT,
                          env=_env(env), timeout=timeout)


def answers(proc: subprocess.CompletedProcess[bytes]) -> list[dict]:
    assert b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]


# -- point 5: bytes that are not UTF-8 ---------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_score_answers_a_line_of_invalid_utf8_and_goes_on(locale: str) -> None:
    stdin = GOOD + b"\n\xff\xfe{\n" + GOOD + b"\n" + b'{"hand": "\xe4\xb8"}\n' + GOOD + b"\n"
    got = answers(run("score", stdin=stdin, env=LOCALES[locale]))
    assert got[0] == got[2] == got[4] == GOOD_ANSWER
    assert "UTF-8" in got[1]["error"] and "UTF-8" in got[3]["error"]
    assert len(got) == 5


@pytest.mark.parametrize("locale", LOCALES)
def test_score_answers_a_lone_surrogate_escape(locale: str) -> None:
    stdin = b'{"hand": "234345567888m5p", "win_tile": "5p\\ud800"}\n' + GOOD + b"\n"
    got = answers(run("score", stdin=stdin, env=LOCALES[locale]))
    assert "error" in got[0] and got[1] == GOOD_ANSWER


# -- point 6: numbers ---------------------------------------------------------------------------------


def _streak_line(streak: str) -> bytes:
    return (b'{"hand": "234345567888m5p", "win_tile": "5p", "self_draw": true, "dealer": true, '
            b'"dealer_streak": ' + streak.encode() + b"}\n")


def test_score_bounds_dealer_streak_and_keeps_going() -> None:
    streaks = ["9" * 4300, "9" * 4301, "1" + "0" * 100, "101", "0", "100", "1e2", "NaN", "-Infinity"]
    got = answers(run("score", stdin=b"".join(_streak_line(s) + GOOD + b"\n" for s in streaks)))
    assert len(got) == 2 * len(streaks)
    for streak, answer, after in zip(streaks, got[::2], got[1::2], strict=True):
        assert after == GOOD_ANSWER
        if streak == "100":
            assert answer["legal"] is True and answer["dealer_bonus"] == 200
        else:
            assert "error" in answer and "internal" not in answer["error"], (streak, answer)


# -- point 7: long lines, empty lines, digits that are not ASCII ----------------------------------------


def test_score_refuses_a_line_over_the_limit_and_answers_the_one_at_the_limit() -> None:
    at_limit = GOOD + b" " * (MAX_LINE_BYTES - len(GOOD))
    stdin = at_limit + b"\n" + at_limit + b" \n" + GOOD  # the last line has no line ending
    got = answers(run("score", stdin=stdin))
    assert got[0] == got[2] == GOOD_ANSWER
    assert "longer than 65536 bytes" in got[1]["error"]


# The child's CPU seconds, not the wall clock's: another program on the machine does not add to them.
_MEASURE = """
import resource, subprocess, sys
with open(sys.argv[1], "rb") as stdin:
    out = subprocess.run([sys.executable, sys.argv[2], "score"], stdin=stdin, capture_output=True).stdout
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(used.ru_utime + used.ru_stime, used.ru_maxrss, out.count(b"\\n"), out.splitlines()[-1].decode())
"""


def _measure(tmp_path: Path, content: bytes) -> tuple[float, int, int, str]:
    path = tmp_path / "in.jsonl"
    path.write_bytes(content)
    proc = subprocess.run([sys.executable, "-c", _MEASURE, str(path), MAIN], capture_output=True, text=True,
                          cwd=ROOT, env=_env(), timeout=120)
    seconds, rss_kib, lines, last = proc.stdout.split(" ", 3)
    return float(seconds), int(rss_kib), int(lines), last


def test_score_a_10_mb_line_costs_neither_time_nor_memory(tmp_path: Path) -> None:
    small_s, small_rss, _, _ = _measure(tmp_path, GOOD + b"\n")
    ten_mb = b'{"hand": "' + b"2" * 10_000_000 + b'"}\n'
    big_s, big_rss, lines, last = _measure(tmp_path, ten_mb + GOOD + b"\n")
    assert lines == 2 and json.loads(last) == GOOD_ANSWER
    assert big_rss - small_rss < 8 * 1024, (small_rss, big_rss)  # KiB: the line is never held whole
    assert big_s < small_s + 2.0, (small_s, big_s)  # CPU seconds
    print(f"10 MB line: {big_s:.2f} CPU s, {big_rss} KiB peak RSS; "
          f"small line: {small_s:.2f} CPU s, {small_rss} KiB")


def test_score_answers_every_line_even_an_empty_one() -> None:
    got = answers(run("score", stdin=b"\n" + GOOD + b"\n \t\r\n" + GOOD + b"\r\n"))
    assert got == [{"error": "empty line"}, GOOD_ANSWER, {"error": "empty line"}, GOOD_ANSWER]


NON_ASCII_DIGITS = ["٣", "３", "５", "²", "৫", "߅", "𝟓"]


@pytest.mark.parametrize("digit", NON_ASCII_DIGITS)
def test_score_refuses_non_ascii_digits_in_every_tile_field(digit: str) -> None:
    requests = [
        {"hand": "234345567888m5p", "win_tile": f"{digit}p"},
        {"hand": f"234345567888m{digit}p", "win_tile": "5p"},
        {"hand": "4555678s", "kongs": ["2s", f"{digit}s"], "win_tile": "6s", "self_draw": True},
    ]
    stdin = b"".join(json.dumps(r, ensure_ascii=False).encode() + b"\n" for r in requests)
    for answer in answers(run("score", stdin=stdin)):
        assert "bad tile" in answer["error"], answer


@pytest.mark.parametrize(
    "args",
    [("analyze", "234345567888m٣p"), ("analyze", "234345567888m", "--kongs", "２m"),
     ("analyze", "2343455678m", "--kongs", "²m"), ("analyze", "2343455678m", "--kongs", "²m", "--json"),
     ("analyze", "5" * 100_000 + "m"), ("analyze", "\udcff5m"), ("analyze", "\udcff5m", "--json")],
)
def test_analyze_refuses_hostile_tiles_in_one_line(args: tuple[str, ...]) -> None:
    argv = [os.fsencode(a) for a in args]  # \udcff: a byte of the command line that is not UTF-8
    proc = subprocess.run([sys.executable.encode(), MAIN.encode(), *argv], capture_output=True, cwd=ROOT,
                          env=_env({"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict"}), timeout=60)
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr, proc.stderr
    text = proc.stdout if "--json" in args else proc.stderr
    assert b"error" in text and text.count(b"\n") == 1 and len(text) < 300, text


# -- point 8: arguments, Ctrl-C, a closed stdout ---------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [("selfplay", "--hands", "x"), ("selfplay", "--hands", "0"), ("selfplay", "--hands", "٣"),
     ("selfplay", "--hands", "1" + "0" * 100), ("selfplay", "--seed", "9" * 5000),
     ("selfplay", "--seed", "1e3"),
     ("selfplay", "--walls", "1_000"), ("selfplay", "--room", "closed"), ("selfplay", "--players", "a,b"),
     ("selfplay", "--bogus"), ("score", "--bogus"), ("score", "extra"), ("analyze",),
     ("analyze", "234m", "567p"), ("analyze", "234345567888m5p", "--kongs"), ("nonsense",),
     ("x" * 100_000,), ("selfplay", "--room", "x" * 100_000), ("selfplay", "--players", "x" * 100_000)],
)
def test_a_bad_argument_is_one_line_on_stderr_and_exit_2(args: tuple[str, ...]) -> None:
    proc = run(*args)
    assert proc.returncode == 2, proc
    assert proc.stdout == b""
    line = proc.stderr.decode()
    assert line.count("\n") == 1 and "error" in line and "usage" not in line, line
    assert len(line) < 300


def _interrupted(proc: subprocess.Popen[bytes]) -> tuple[int, bytes]:
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    return proc.returncode, err


def test_ctrl_c_ends_score_quietly_with_130() -> None:
    proc = subprocess.Popen([sys.executable, MAIN, "score"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT, env=_env(), preexec_fn=as_at_a_terminal)
    assert proc.stdin and proc.stdout
    proc.stdin.write(GOOD + b"\n")
    proc.stdin.flush()
    assert json.loads(proc.stdout.readline()) == GOOD_ANSWER  # it is waiting for the next line now
    assert _interrupted(proc) == (130, b"")


_MARKING_BOT = """
import runpy, sys, tempfile
tempfile.NamedTemporaryFile(dir=sys.argv[1], delete=False).close()  # this bot has started
sys.argv = sys.argv[2:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def _marking_bot(tmp_path: Path) -> tuple[str, Path]:
    """An ext player (the example bot) that leaves a file in a folder as it starts: a selfplay
    that has started one is past its start-up, playing hands."""
    script, marks = tmp_path / "marking_bot.py", tmp_path / "started"
    script.write_text(_MARKING_BOT, encoding="utf-8")
    marks.mkdir()
    return f"{sys.executable} {script} {marks} {ROOT / 'examples' / 'simple_bot.py'}", marks


def _wait_for_marks(marks: Path, count: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while len(list(marks.iterdir())) < count and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(list(marks.iterdir())) >= count and proc.poll() is None


def test_ctrl_c_ends_selfplay_quietly_with_130(tmp_path: Path) -> None:
    bot, marks = _marking_bot(tmp_path)
    args = ["selfplay", "--hands", "1000000", "--players", "ext,normal,normal,normal", "--ext", bot]
    proc = subprocess.Popen([sys.executable, MAIN, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT, env=_env(), preexec_fn=as_at_a_terminal)
    _wait_for_marks(marks, 1, proc)  # past start-up: playing hands
    assert _interrupted(proc) == (130, b"")


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as listing:
        return [int(child) for child in listing.read().split()]


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process tree in /proc")
def test_ctrl_c_ends_duplicate_selfplay_and_its_worker_processes_quietly_with_130(tmp_path: Path) -> None:
    # its own process group, the one a terminal's Ctrl-C signals: the workers are told too
    bot, marks = _marking_bot(tmp_path)
    args = ["selfplay", "--duplicate", "--walls", "1000000", "--jobs", "2",
            "--players", "ext,normal,normal,normal", "--ext", bot]
    proc = subprocess.Popen([sys.executable, MAIN, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=ROOT, env=_env(), preexec_fn=as_at_a_terminal, process_group=0)
    _wait_for_marks(marks, 2, proc)  # both workers past their start-up, playing walls with a bot each
    children = _children(proc.pid)
    assert len(children) >= 3  # two workers and multiprocessing's resource tracker
    os.killpg(proc.pid, signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert (proc.returncode, err) == (130, b"")
    deadline = time.monotonic() + 30
    while any(_running(child) for child in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [child for child in children if _running(child)]


@pytest.mark.parametrize(
    "args, stdin",
    [(("score",), (GOOD + b"\n") * 20_000), (("selfplay", "--hands", "5"), b""),
     (("analyze", "23445m45677s8888m"), b"")],
)
def test_a_closed_stdout_ends_a_command_quietly(args: tuple[str, ...], stdin: bytes) -> None:
    read, write = os.pipe()
    os.close(read)  # like `| head -0`: nobody will ever read
    with open(write, "wb") as out:
        proc = subprocess.run([sys.executable, MAIN, *args], input=stdin, stdout=out, stderr=subprocess.PIPE,
                              cwd=ROOT, env=_env(), timeout=60)
    assert proc.stderr == b"" and proc.returncode == 0, proc


def test_head_1_gets_the_first_answer_and_score_stops_quietly(tmp_path: Path) -> None:
    stdin = (GOOD + b"\n") * 20_000
    err_path = tmp_path / "err.txt"
    command = f"'{sys.executable}' '{MAIN}' score 2>'{err_path}' | head -1"
    proc = subprocess.run(command, input=stdin, shell=True, capture_output=True, env=_env(), timeout=60)
    err = err_path.read_bytes()
    assert json.loads(proc.stdout) == GOOD_ANSWER and err == b""


@pytest.mark.parametrize("command", ["score <&-", "score >&- <<< '{}'", "analyze 234345567888m5p >&-",
                                     "selfplay --hands 2 >&-"])
def test_a_command_started_with_stdin_or_stdout_closed_runs_quietly(command: str) -> None:
    proc = subprocess.run(["bash", "-c", f"'{sys.executable}' '{MAIN}' {command}"], capture_output=True,
                          cwd=ROOT, env=_env(), timeout=60)
    assert proc.returncode == 0 and proc.stderr == b"", proc


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize(("args", "line"), [
    (["score"], "hefei-mahjong score: error: the output cannot be written (No space left on device)"),
    (["analyze", "234m234p234s55678m"],
     "hefei-mahjong analyze: error: the output cannot be written (No space left on device)"),
    (["--help"], "hefei-mahjong: error: the help cannot be written (No space left on device)"),
    (["score", "--help"], "hefei-mahjong score: error: the help cannot be written (No space left on device)"),
])
def test_output_into_a_full_disk_is_one_line_and_exit_1(args: list[str], line: str) -> None:
    """`> /dev/full` used to end a command in a traceback, and --help in exit 0 with the help lost."""
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, MAIN, *args], input=GOOD + b"\n", stdout=full,
                              stderr=subprocess.PIPE, env=_env({"LC_ALL": "C.UTF-8"}), timeout=120)
    assert (done.returncode, done.stderr.decode().splitlines()) == (1, [line])


def test_a_bot_whose_every_answer_is_refused_does_not_pass_for_a_player(tmp_path: Path) -> None:
    """A program that echoes each request back (``--ext cat``) used to end the run with exit 0,
    its seat's figures all auto-play's."""
    echo = tmp_path / "echo_bot.py"
    echo.write_text("import sys\nfor line in sys.stdin:\n"
                    "    sys.stdout.write(line)\n    sys.stdout.flush()\n", "utf-8")
    args = ["selfplay", "--hands", "1", "--players", "ext,normal,normal,normal",
            "--ext", f"{sys.executable} {echo}"]
    done = subprocess.run([sys.executable, MAIN, *args], capture_output=True, cwd=ROOT, env=_env(),
                          timeout=300)
    last = done.stderr.decode().splitlines()[-1]
    assert done.returncode == 1
    assert last.startswith("error: bot ext0 made none of its ") and last.endswith(
        "decisions (every answer was refused: see the lines above); its results are auto-play's, "
        "not the bot's")
