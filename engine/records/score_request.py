"""The JSON contract of ``python main.py score``: one request object in, one result object out.

Requests come from outside the program, so every key, type and number is checked here; the
scoring itself trusts its ``WinContext``. The stream is read as bytes, not through the locale:
a line that is not UTF-8, too long, empty or not JSON gets its own ``{"error": ...}`` and the
lines after it are answered as if it had not been there (docs/score.md).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

from engine.game.rules import SCORING_OPTIONS, Room, Ruleset
from engine.game.scoring import WinContext, context_problem, score_win, win_refusal
from engine.game.tiles import parse_tile, parse_tile_list, parse_tiles
from engine.records import strict_json

BOOL_KEYS = (
    "self_draw",
    "declared",
    "dealer",
    "kong_replacement",
    "last_four",
    "first_draw",
    "discarder_is_dealer",
)
KEYS = frozenset({"hand", "kongs", "win_tile", "room", "dealer_streak", "options", *BOOL_KEYS})
MAX_DEALER_STREAK = 100
MAX_LINE_BYTES = 64 * 1024  # not counting the line's final \n
_SKIP_CHUNK = 64 * 1024
_JSON_SPACE = b" \t\r\n"
# A JSON integer of more digits is refused before int() reads it; the contract's largest is 3.
_MAX_INT_DIGITS = 18
MAX_DEPTH = 16  # a request nests 2 deep (its options)
_LIMITS = strict_json.JsonLimits(max_depth=MAX_DEPTH, max_int_digits=_MAX_INT_DIGITS)
# The contract's words for each refusal of the strict reader (docs/score.md)
_REFUSALS: dict[str, Callable[[str], str]] = {
    strict_json.BAD_UTF8: lambda detail: f"not UTF-8 (byte {int(detail) + 1} of the line)",
    strict_json.BAD_JSON: lambda detail: f"not JSON: {detail}",
    strict_json.BAD_NUMBER: lambda detail: f"the number {detail} is out of range",
    strict_json.NOT_A_NUMBER: lambda detail: f"not JSON: {detail} is not a JSON number",
    strict_json.TOO_DEEP: lambda detail: "not JSON: nested too deeply",
    strict_json.DUPLICATE_KEY: lambda detail: f"the key {detail!r} is given twice",
}


class RequestError(ValueError):
    """A request that is malformed or contradictory; its message is the contract's ``error``."""


def _string(obj: dict[str, Any], key: str) -> str:
    if key not in obj:
        raise RequestError(f"missing key '{key}'")
    value = obj[key]
    if not isinstance(value, str):
        raise RequestError(f"'{key}' must be a string")
    return value


def _flag(obj: dict[str, Any], key: str) -> bool:
    value = obj.get(key, False)
    # bool is checked by type: 0/1 or "true" would silently pass a truthiness test.
    if not isinstance(value, bool):
        raise RequestError(f"'{key}' must be true or false")
    return value


def _kongs(obj: dict[str, Any]) -> tuple[int, ...]:
    value = obj.get("kongs", [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise RequestError("'kongs' must be a list of tiles such as [\"2m\"]")
    return tuple(parse_tile_list(value))


def _streak(obj: dict[str, Any]) -> int:
    value = obj.get("dealer_streak", 1)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_DEALER_STREAK:
        raise RequestError(f"'dealer_streak' must be an integer from 1 to {MAX_DEALER_STREAK}")
    return value


def _rules(obj: dict[str, Any]) -> Ruleset:
    room = obj.get("room", Room.OPEN.value)
    if not isinstance(room, str) or room not in {r.value for r in Room}:
        raise RequestError(f"'room' must be one of {[r.value for r in Room]}")
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise RequestError("'options' must be an object")
    unknown = sorted(set(options) - set(SCORING_OPTIONS))
    if unknown:
        raise RequestError(f"unknown options: {', '.join(unknown)}")
    chosen: dict[str, Any] = {name: _flag(options, name) for name in SCORING_OPTIONS}
    return Ruleset(room=Room(room), **chosen)


def parse_request(obj: Any) -> tuple[WinContext, Ruleset]:
    """The win and rules a request describes; RequestError (or TileError) when it is not valid."""
    if not isinstance(obj, dict):
        raise RequestError("a request must be a JSON object")
    unknown = sorted(set(obj) - KEYS)
    if unknown:
        raise RequestError(f"unknown keys: {', '.join(unknown)}")
    flags = {key: _flag(obj, key) for key in BOOL_KEYS}
    rules = _rules(obj)
    ctx = WinContext(
        hand=tuple(parse_tiles(_string(obj, "hand"))),
        kongs=_kongs(obj),
        win_tile=parse_tile(_string(obj, "win_tile")),
        dealer_streak=_streak(obj),
        **flags,
    )
    problem = context_problem(ctx)
    if problem:
        raise RequestError(problem)
    return ctx, rules


def score_request(obj: Any) -> dict[str, Any]:
    """Answer one request of the ``score`` contract."""
    try:
        ctx, rules = parse_request(obj)
    except ValueError as exc:  # TileError is a ValueError too
        return {"error": str(exc)}
    refusal = win_refusal(ctx, rules)
    if refusal is not None:
        return {"legal": False, "reason": refusal}
    score = score_win(ctx, rules)
    return {
        "legal": True,
        "value": score.value,
        "items": score.as_items_dict(),
        "dealer_bonus": score.dealer_bonus,
    }


def _answer(raw: bytes) -> dict[str, Any]:
    if len(raw) > MAX_LINE_BYTES:
        return {"error": f"line longer than {MAX_LINE_BYTES} bytes"}
    if not raw.strip(_JSON_SPACE):
        return {"error": "empty line"}
    try:
        obj = strict_json.loads(raw, _LIMITS)
    except strict_json.JsonRefused as exc:
        return {"error": _REFUSALS[exc.code](exc.detail)}
    return score_request(obj)


def answer_line(raw: bytes) -> bytes:
    """The answer to one input line (given without its \\n): one JSON line, never an exception."""
    try:
        text = json.dumps(_answer(raw), ensure_ascii=False)
    except Exception as exc:  # a failure of one line stays in that line's answer
        text = json.dumps({"error": f"internal error: {type(exc).__name__}"})
    # A lone surrogate (from a \ud800 escape quoted back in an error) cannot be UTF-8; its
    # backslash form is the same JSON string.
    return text.encode("utf-8", "backslashreplace") + b"\n"


def read_lines(stream: BinaryIO) -> Iterator[bytes]:
    """Each line without its \\n; of a line over the limit only the first ``MAX_LINE_BYTES + 1``
    bytes, the rest skipped in chunks so that no line is ever held whole."""
    while line := stream.readline(MAX_LINE_BYTES + 1):
        if line.endswith(b"\n"):
            yield line[:-1]
            continue
        if len(line) > MAX_LINE_BYTES:
            while (rest := stream.readline(_SKIP_CHUNK)) and not rest.endswith(b"\n"):
                pass
        yield line


def score_stream(in_stream: BinaryIO, out_stream: BinaryIO) -> None:
    """One answer per input line, in order, each flushed so that a pipe sees it at once."""
    for raw in read_lines(in_stream):
        out_stream.write(answer_line(raw))
        out_stream.flush()
