"""The JSON contract of ``python main.py score``: one request object in, one result object out.

Requests come from outside the program, so every key and type is checked here; the scoring
itself trusts its ``WinContext``.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from engine.rules import SCORING_OPTIONS, Room, Ruleset
from engine.scoring import WinContext, context_problem, score_win, win_refusal
from engine.tiles import parse_tile, parse_tile_list, parse_tiles

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
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RequestError("'dealer_streak' must be an integer of at least 1")
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
    return Ruleset(room=Room(room), **{name: _flag(options, name) for name in SCORING_OPTIONS})


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


def score_lines(in_stream: TextIO, out_stream: TextIO) -> None:
    """One request per input line, one result per output line, flushed so a pipe sees it at once."""
    for line in in_stream:
        if not line.strip():
            continue
        try:
            result = score_request(json.loads(line))
        except json.JSONDecodeError as exc:
            result = {"error": f"not JSON: {exc.msg}"}
        except Exception as exc:  # one bad line must not end the whole stream
            result = {"error": f"internal error: {exc!r}"}
        out_stream.write(json.dumps(result, ensure_ascii=False) + "\n")
        out_stream.flush()
