"""The headless commands, run as a user runs them: `python main.py ...` in a subprocess."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "tests" / "fixtures" / "score-examples.jsonl"  # a copy of the rules' examples


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], input=stdin, capture_output=True, text=True,
        cwd=ROOT, timeout=300,
    )


def _matches(got: dict, want: dict) -> bool:
    if "error" in want:
        return "error" in got
    if not want["legal"]:
        return got == {"legal": False, "reason": want["reason"]}
    allowed = [want["items"], *want.get("tied_items", [])]
    return (
        got["legal"] is True and got["value"] == want["value"]
        and got["dealer_bonus"] == want["dealer_bonus"] and got["items"] in allowed
    )


def test_score_command_on_every_acceptance_example():
    lines = EXAMPLES.read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines if line.strip()]
    stdin = "\n".join(json.dumps(c["in"], ensure_ascii=False) for c in cases) + "\n"
    proc = run("score", stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == len(cases)
    for case, got in zip(cases, out, strict=True):
        assert _matches(got, case["want"]), (case, got)


def test_score_command_survives_malformed_lines():
    good = json.dumps({"hand": "234345567888m5p", "win_tile": "5p", "self_draw": True})
    proc = run("score", stdin=f"not json\n[1, 2]\n{{\"hand\": 5}}\n{good}\n")
    assert proc.returncode == 0
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [("error" in o) for o in out] == [True, True, True, False]
    assert out[3]["value"] == 17


def test_score_refuses_a_key_given_twice():
    """{"self_draw": true, "self_draw": false} used to be scored as a discard win (the last one)."""
    line = '{"hand": "234345567888m5p", "win_tile": "5p", "self_draw": true, "self_draw": false}'
    proc = run("score", stdin=line + "\n")
    assert json.loads(proc.stdout) == {"error": "the key 'self_draw' is given twice"}


def test_selfplay_json_is_zero_sum_and_deterministic():
    a = json.loads(run("selfplay", "--hands", "60", "--seed", "5", "--json").stdout)
    b = json.loads(run("selfplay", "--hands", "60", "--seed", "5", "--json").stdout)
    assert a["hands"] == 60
    assert sum(s["net_score"] for s in a["seats"]) == 0 and a["zero_sum"] is True
    for key in ("seconds", "hands_per_second"):
        a.pop(key)
        b.pop(key)
    assert a == b
    wins = sum(s["hands_won"] for s in a["seats"])
    assert wins == sum(s["self_draws"] + s["discard_wins"] for s in a["seats"])
    assert a["exhaustive_draws"] <= 60


def test_selfplay_baoting_room_text_table():
    proc = run("selfplay", "--hands", "20", "--seed", "2", "--room", "baoting")
    assert proc.returncode == 0, proc.stderr
    assert "exhaustive draws" in proc.stdout and "hands/s" in proc.stdout


def test_analyze_13_and_14_tile_hands():
    data = json.loads(run("analyze", "234345567888m5p", "--json").stdout)
    assert data["shanten"] == 0
    assert data["waits"] == [{"tile": "5p", "unseen": 3}]
    data = json.loads(run("analyze", "4555678s", "--kongs", "2s,3s", "--json").stdout)
    assert [w["tile"] for w in data["waits"]] == ["4s", "6s"]
    data = json.loads(run("analyze", "23445m45677s8888m", "--json").stdout)
    assert data["discards"][0]["discard"] == "8m"
    assert data["discards"][0]["waits"] == [{"tile": "3m", "unseen": 3}, {"tile": "6m", "unseen": 4}]


@pytest.mark.parametrize(
    "args",
    [("analyze", "19m"), ("analyze", "234m"), ("analyze", "22222m33334444p"), ("selfplay", "--hands", "x"),
     ("selfplay", "--hands", "0"), ("selfplay", "--room", "closed"), ("nonsense",)],
)
def test_bad_arguments_give_a_clear_error_not_a_traceback(args):
    proc = run(*args)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "error" in proc.stderr.lower()


@pytest.mark.parametrize(("hand", "kongs"), [("345678m5s", "2m,2m"), ("2345678m555s", "2m")])
def test_analyze_refuses_a_fifth_copy_held_in_a_kong(hand: str, kongs: str) -> None:
    """A kong holds all four copies: the same kong twice, or a kong beside a copy in the hand, is a
    hand no wall has (``score`` refuses it too)."""
    proc = run("analyze", hand, "--kongs", kongs)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("hefei-mahjong analyze: error: more than four copies of a tile")


@pytest.mark.parametrize(("args", "line"), [
    # a stray word after a subcommand was said by the top parser, without the command's name
    (["score", "extra"], "hefei-mahjong score: error: unrecognized arguments: extra (see --help)"),
    (["analyze", "234m", "--nope", "2m"], "hefei-mahjong analyze: error: unrecognized arguments: --nope 2m "
                                          "(see --help)"),
    # --jobs 1 without --duplicate was let through (the default was 1)
    (["selfplay", "--hands", "1", "--jobs", "1"],
     "hefei-mahjong selfplay: error: --jobs needs --duplicate (plain self-play runs in one process) "
     "(see --help)"),
    # "each kong holds all four" where there is no kong
    (["analyze", "22222m34567888m"],
     "hefei-mahjong analyze: error: more than four copies of a tile (see --help)"),
    (["analyze", "2x"], "hefei-mahjong analyze: error: bad tile '2x' (see --help)"),
])
def test_a_refusal_names_its_command(args: list[str], line: str) -> None:
    proc = run(*args)
    assert (proc.returncode, proc.stderr.splitlines(), proc.stdout) == (2, [line], "")


def test_a_wall_key_the_player_gave_is_not_called_a_secret() -> None:
    key = "ab" * 32
    proc = run("selfplay", "--hands", "1", "--wall-key", key)
    assert proc.returncode == 0
    assert f"wall key: {key} (as given by --wall-key)" in proc.stdout.splitlines()


@pytest.mark.parametrize(("args", "line"), [
    # an empty command crashed in subprocess (IndexError), before anything was said
    (["join", "127.0.0.1:1", "--ext", ""],
     "hefei-mahjong join: error: argument --ext: a command that runs the bot, not an empty one (see --help)"),
    (["selfplay", "--players", "ext,normal,normal,normal", "--ext", "  "],
     "hefei-mahjong selfplay: error: argument --ext: a command that runs the bot, not an empty one "
     "(see --help)"),
    # the host refused these after connecting; now said before
    (["join", "127.0.0.1:1", "--bot", "easy", "--name", "x" * 30],
     "hefei-mahjong join: error: argument --name: 1 to 24 characters, not 'xxxxxxxxxxxxxxxxxxxx…' "
     "(see --help)"),
    (["join", "127.0.0.1:1", "--bot", "easy", "--name", "\u202e"],
     "hefei-mahjong join: error: argument --name: 1 to 24 characters, not '\\u202e' (see --help)"),
])
def test_a_seat_that_could_never_play_is_refused_before_connecting(args: list[str], line: str) -> None:
    proc = run(*args)
    assert (proc.returncode, proc.stderr.splitlines()) == (2, [line])
