"""Property tests of the `score` stream and of tile text: arbitrary bytes, JSON values and mutated
requests never raise, get exactly one answer per line, and leave the answers to the lines around
them as they would be alone. Mostly in-process; a few runs of main.py."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from commands.cli import CliError, analyze_hand
from engine.game.tiles import TileError, parse_tile, parse_tile_list, parse_tiles
from engine.records.score_request import MAX_LINE_BYTES, score_request, score_stream

ROOT = Path(__file__).resolve().parents[2]
REQUESTS = [json.loads(line)["in"] for line in
            (ROOT / "tests" / "fixtures" / "score-examples.jsonl").read_text(encoding="utf-8").splitlines()
            if line.strip()]
KEYS = ["hand", "win_tile", "kongs", "room", "dealer_streak", "options", "self_draw", "dealer", "bogus"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _encode(value: Any, ascii_only: bool) -> bytes:
    return json.dumps(value, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


@st.composite
def mutated_requests(draw: st.DrawFn) -> dict[str, Any]:
    request = dict(draw(st.sampled_from(REQUESTS)))
    request[draw(st.sampled_from(KEYS))] = draw(json_values)
    return request


valid_lines = st.builds(_encode, st.sampled_from(REQUESTS), st.booleans())
lines = st.one_of(
    valid_lines,
    st.builds(_encode, mutated_requests(), st.booleans()),
    st.builds(_encode, json_values, st.booleans()),
    st.binary(max_size=120).map(lambda b: b.replace(b"\n", b"")),
    st.sampled_from([b"", b" ", b"\t\r", b"\r", b"\xef\xbb\xbf{}", b"[" * 5000,
                     b'{"dealer_streak": ' + b"9" * 5000 + b"}", b'{"hand": "\\ud800"}']),
    st.integers(1, 300).map(lambda extra: b"{" + b" " * (MAX_LINE_BYTES + extra) + b"}"),
    st.builds(lambda line, junk: line[: len(line) // 2] + junk + line[len(line) // 2 :], valid_lines,
              st.binary(min_size=1, max_size=4).map(lambda b: b.replace(b"\n", b"\xff"))),
)


def stream_of(parts: list[bytes], crlf: bool, final_newline: bool) -> bytes:
    ending = b"\r\n" if crlf else b"\n"
    data = b"".join(part + ending for part in parts)
    if not final_newline and parts and parts[-1] and not (crlf and parts[-1].endswith(b"\r")):
        data = data[: -len(ending)]
    return data


def answer_all(data: bytes) -> list[bytes]:
    out = io.BytesIO()
    score_stream(io.BytesIO(data), out)
    return out.getvalue().splitlines()


def alone(part: bytes, crlf: bool) -> bytes:
    (answer,) = answer_all(part + (b"\r\n" if crlf else b"\n"))
    return answer


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines, max_size=8), st.booleans(), st.booleans())
def test_every_line_gets_its_own_answer_whatever_surrounds_it(
    parts: list[bytes], crlf: bool, final: bool
) -> None:
    answers = answer_all(stream_of(parts, crlf, final))
    assert len(answers) == len(parts)
    for part, answer in zip(parts, answers, strict=True):
        result = json.loads(answer.decode("utf-8"))  # strict UTF-8, one JSON object
        assert isinstance(result, dict) and (set(result) == {"error"} or "legal" in result), result
        assert "internal error" not in result.get("error", "")
        assert answer == alone(part, crlf)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(REQUESTS), st.booleans(), st.lists(lines, max_size=3), st.lists(lines, max_size=3))
def test_a_valid_request_is_answered_as_score_request_answers_it(
    request: dict[str, Any], ascii_only: bool, before: list[bytes], after: list[bytes]
) -> None:
    answers = answer_all(stream_of([*before, _encode(request, ascii_only), *after], False, True))
    assert json.loads(answers[len(before)]) == score_request(request)


@settings(max_examples=100, deadline=None)
@given(st.one_of(st.integers(), st.integers(10**15, 10**40), st.integers(-(10**40), 0)))
def test_dealer_streak_is_legal_from_1_to_100_and_an_error_elsewhere(streak: int) -> None:
    line = _encode({"hand": "234345567888m5p", "win_tile": "5p", "self_draw": True, "dealer": True,
                    "dealer_streak": streak}, True)
    (answer,) = answer_all(line + b"\n")
    result = json.loads(answer)
    if 1 <= streak <= 100:
        assert result["legal"] is True and result["dealer_bonus"] == 2 * streak
    else:
        assert "error" in result and "internal" not in result["error"], result


# -- tile text ------------------------------------------------------------------------------------------

non_ascii_digits = st.characters(categories=["Nd", "No", "Nl"]).filter(lambda c: not c.isascii())


@settings(max_examples=150, deadline=None)
@given(non_ascii_digits, st.sampled_from("mps"), st.sampled_from(["", "234m", "55p"]))
def test_a_digit_that_is_not_ascii_is_never_a_rank(digit: str, suit: str, before: str) -> None:
    for parse, text in ((parse_tile, digit + suit), (parse_tiles, before + digit + suit),
                        (parse_tile_list, f"2m,{digit}{suit}")):
        try:
            parse(text)
        except TileError:
            continue
        raise AssertionError(f"{parse.__name__} read {text!r}")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30) | st.text(alphabet="0123456789mps ,٣２²\u3000", max_size=30))
def test_tile_text_is_read_or_refused_with_tile_error_only(text: str) -> None:
    for parse in (parse_tile, parse_tiles, parse_tile_list):
        try:
            parse(text)
        except TileError as exc:
            assert len(str(exc)) < 80
            continue
        assert text.isascii() or not text.strip(), text


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="2345678mps٣２²x,", max_size=20),
       st.lists(st.sampled_from(["2m", "5p", " 8s", "²m", "٣s", "２p", "m", ""]), max_size=3).map(",".join))
def test_analyze_reads_a_hand_or_says_why_not(hand: str, kongs: str) -> None:
    try:
        data = analyze_hand(hand, kongs)
    except CliError:
        return
    assert hand.isascii() and kongs.isascii() and data["tiles"] in (13, 14)


# -- the real entry point -------------------------------------------------------------------------------


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines, min_size=20, max_size=40))
def test_main_py_score_answers_as_the_stream_function_does(parts: list[bytes]) -> None:
    data = stream_of(parts, False, True)
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "score"], input=data, capture_output=True,
                          cwd=ROOT, env={"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8",
                                         "PYTHONIOENCODING": "utf-8:strict"}, timeout=60)
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
    assert proc.stdout.splitlines() == answer_all(data)
