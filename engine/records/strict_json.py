"""One strict reader for JSON that comes from outside the program: a LAN frame, a ``score``
request, a profile or settings file, a hand handed in for import.

Stricter than :func:`json.loads`, with each caller's own limits (:class:`JsonLimits`): the text
must be UTF-8; ``NaN``, ``Infinity`` and numbers too large for a float (``1e400``) are refused,
as are integers of more than ``max_int_digits`` digits (``int()`` of a huge number is slow and
no value of ours needs one) and nesting deeper than ``max_depth``. Every refusal is a
:class:`JsonRefused` (a ValueError) whose ``code`` names the reason, so each caller turns it into
its own error (a frame's error reply, an import's refusal, a damaged file kept aside).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

# JsonRefused.code: what was wrong
BAD_UTF8 = "bad_utf8"
BAD_JSON = "bad_json"
BAD_NUMBER = "bad_number"  # too many digits, or too large for a float
NOT_A_NUMBER = "not_a_number"  # NaN, Infinity, -Infinity: Python reads them, JSON has none
TOO_DEEP = "too_deep"
DUPLICATE_KEY = "duplicate_key"  # {"a": 1, "a": 2}: json.loads keeps the last, silently


@dataclass(frozen=True)
class JsonLimits:
    max_depth: int  # objects and arrays nested in each other; a bare value is depth 0
    max_int_digits: int | None = None  # None: any length (Python's own limit still applies)


class JsonRefused(ValueError):
    """Text that is not JSON within the limits; ``code`` is one of the constants above and
    ``detail`` says more (a byte position, the number, the parser's message)."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


def loads(raw: bytes | str, limits: JsonLimits) -> Any:
    """The JSON value in `raw` (bytes are read as UTF-8); JsonRefused if it is not one."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonRefused(BAD_UTF8, str(exc.start)) from None
    else:
        text = raw

    def whole(digits: str) -> int:
        if limits.max_int_digits is not None and len(digits.lstrip("-")) > limits.max_int_digits:
            raise JsonRefused(BAD_NUMBER, digits[:12] + "…")
        return int(digits)

    def finite(digits: str) -> float:
        value = float(digits)
        if math.isinf(value):  # 1e999: JSON has no infinity, Python's float() makes one
            raise JsonRefused(BAD_NUMBER, digits[:12])
        return value

    def constant(name: str) -> Any:
        raise JsonRefused(NOT_A_NUMBER, name)

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj: dict[str, Any] = {}
        for key, item in pairs:
            if key in obj:
                raise JsonRefused(DUPLICATE_KEY, key[:40])
            obj[key] = item
        return obj

    try:
        value = json.loads(text, parse_int=whole, parse_float=finite, parse_constant=constant,
                           object_pairs_hook=unique)
    except RecursionError:
        raise JsonRefused(TOO_DEEP, f"nested deeper than {limits.max_depth}") from None
    except json.JSONDecodeError as exc:
        raise JsonRefused(BAD_JSON, _where(exc)) from None
    except ValueError as exc:  # int() past Python's own digit limit
        if isinstance(exc, JsonRefused):
            raise
        raise JsonRefused(BAD_NUMBER, str(exc)[:80]) from None
    if nesting_depth(value, limits.max_depth + 1) > limits.max_depth:
        raise JsonRefused(TOO_DEEP, f"nested deeper than {limits.max_depth}")
    return value


def _where(exc: json.JSONDecodeError) -> str:
    """The parser's complaint with its place ("Invalid control character at" alone says neither)."""
    if exc.msg.startswith("Unexpected UTF-8 BOM"):
        return "the text starts with a byte order mark (BOM), which JSON does not allow"
    return f"{exc.msg.removesuffix(' at')} (character {exc.pos + 1})"


def nesting_depth(value: Any, stop_at: int | None = None) -> int:
    """How deeply lists and objects nest in ``value``, counted without recursion; the count
    stops at ``stop_at`` (a caller that only compares with a limit need not walk further)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        if stop_at is not None and deepest >= stop_at:
            return deepest
        stack.extend((child, depth + 1) for child in children)
    return deepest


__all__ = ["BAD_JSON", "BAD_NUMBER", "BAD_UTF8", "DUPLICATE_KEY", "NOT_A_NUMBER", "TOO_DEEP", "JsonLimits",
           "JsonRefused", "loads", "nesting_depth"]
