"""Checks of what callers (and files) hand to the profile store, shared by its parts (no Qt).

Each check returns the clean value or raises ``ValueError`` with a message in plain English.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import Any

from engine.records.record_format import FORMAT
from storage.atomic import json_copy

MAX_NAME_LENGTH = 40


def now() -> str:
    """The local time as the stores record it: ISO 8601, to the second, with the UTC offset."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


# No count or score of this game comes near this; a file holding more is damaged (and a number
# this size still prints, sums and charts without trouble).
MAX_WHOLE = 10**12


def whole_number(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{what} is not a whole number")
    if not -MAX_WHOLE <= value <= MAX_WHOLE:
        raise ValueError(f"{what} is out of range")
    return value


def clean_name(name: Any) -> str:
    """A profile name as stored: trimmed, non-empty, printable, at most MAX_NAME_LENGTH."""
    if not isinstance(name, str):
        raise ValueError("a profile name is text")
    clean = name.strip()
    if not clean:
        raise ValueError("a profile name cannot be empty")
    if len(clean) > MAX_NAME_LENGTH:
        raise ValueError(f"a profile name has at most {MAX_NAME_LENGTH} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in clean):
        raise ValueError("a profile name cannot contain control characters or line breaks")
    return clean


def check_record(hand_record: Any) -> dict[str, Any]:
    """A JSON copy of a finished hand's engine.records.replay record, or ValueError."""
    if not isinstance(hand_record, dict) or hand_record.get("format") != FORMAT:
        raise ValueError("the hand record is not an engine.records.replay record")
    record: dict[str, Any] = json_copy(hand_record, "the hand record")
    result = record.get("result")
    deltas = result.get("deltas") if isinstance(result, dict) else None
    if not isinstance(deltas, list) or len(deltas) != 4 or not all(isinstance(d, int) for d in deltas):
        raise ValueError("the hand record has no result: only finished hands are kept")
    if not isinstance(record.get("rules"), dict):
        raise ValueError("the hand record has no rules")
    return record


def check_names(names: Any) -> list[str]:
    if not isinstance(names, list | tuple) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise ValueError("names are the four players' names")
    return list(names)


def check_seat(seat: Any) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
        raise ValueError("a seat is 0..3")
    return seat


__all__ = [
    "MAX_NAME_LENGTH", "MAX_WHOLE", "check_names", "check_record", "check_seat", "clean_name", "now",
    "whole_number",
]
