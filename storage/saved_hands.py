"""Saved-hand files and the history's result codes (no Qt).

A saved hand is an ``engine.records.replay`` record plus ``"names"``, ``"profile"``, ``"human_seat"``
and ``"match_id"``. Export writes one from a history entry; import reads one back, replays it
and accepts it only if the replay reaches exactly its saved result.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.game.actions import shown
from engine.records.record_format import FORMAT, FORMAT_VERSION, version_shown

if TYPE_CHECKING:  # the engine's hand machinery loads only when a hand is replayed or imported
    from engine.game.hand import Hand, HandResult
from storage.checks import clean_name, now
from storage.codes import (
    RESULT_DEAL_IN,
    RESULT_DISCARD_WIN,
    RESULT_EXHAUSTIVE,
    RESULT_OTHER,
    RESULT_SELF_DRAW,
    coded_names,
)
from storage.imports import ImportRefused, folder_entries, read_json, read_limited

MAX_IMPORT_BYTES = 2_000_000  # a saved hand is a few KB; anything huge is not one


def result_text(won: bool, self_draw: bool, deal_in: bool, exhaustive: bool) -> str:
    """The result of a hand for the player, as the history's result column stores it: a code
    (storage.codes), put into words by gui.i18n.result_label when shown."""
    if won:
        return RESULT_SELF_DRAW if self_draw else RESULT_DISCARD_WIN
    if deal_in:
        return RESULT_DEAL_IN
    if exhaustive:
        return RESULT_EXHAUSTIVE
    return RESULT_OTHER


# Every number a saved hand holds, and the range it must lie in: a value outside would reach
# the history (SQLite holds 64-bit integers) or the table as an overflow, not a refusal.
_INT_RANGES = {
    "dealer": (0, 3), "dealer_streak": (1, 1000), "hand_number": (1, 100_000), "round_number": (1, 10_000),
    "seed": (-(2**63), 2**64 - 1),  # hand seeds are 64 random bits
}
MAX_SCORE = 10**9
MAX_RULE_NUMBER = 100_000  # rounds, seconds of time limit
MAX_ACTIONS = 1000  # a hand of 84 tiles takes a few hundred decisions at most
MAX_TEXT = 200  # names, times and ids longer than this are not the program's


def _whole(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _check_ranges(data: dict[str, Any], name: str) -> None:
    """Refuse a value no hand of this program has, naming its field, before the replay."""
    def refuse(field: str, value: Any) -> ImportRefused:
        return ImportRefused("out_of_range", name=name, field=field, value=shown(value))

    for field, (low, high) in _INT_RANGES.items():
        if not _whole(data.get(field), low, high):
            raise refuse(field, data.get(field))
    scores = data.get("scores_before")
    if not (isinstance(scores, list) and len(scores) == 4
            and all(_whole(x, -MAX_SCORE, MAX_SCORE) for x in scores)):
        raise refuse("scores_before", scores)
    rules = data.get("rules")  # Ruleset checks its options' meaning, not their size
    if not isinstance(rules, dict) or not all(
            _whole(v, -MAX_RULE_NUMBER, MAX_RULE_NUMBER) for v in rules.values() if type(v) is int):
        raise refuse("rules", rules)
    actions = data.get("actions")
    if not (isinstance(actions, list) and len(actions) <= MAX_ACTIONS and all(
            isinstance(a, list) and len(a) == 2 and _whole(a[0], 0, 3) and isinstance(a[1], dict)
            for a in actions)):
        raise refuse("actions", actions)


def _verify_saved_hand(data: Any, name: str) -> Hand:
    """Replay a saved hand and insist that it reaches exactly its saved result."""
    from engine.records.replay import ReplayError, replay

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused("not_saved_hand", name=name)
    saved = data.get("result")
    if not isinstance(saved, dict):
        # engine.records.replay only compares results it is given: without one, anything would pass.
        raise ImportRefused("no_result", name=name)
    version = data.get("format_version")
    if version != FORMAT_VERSION:
        raise ImportRefused("other_format", name=name, version=version_shown(version))
    _check_ranges(data, name)
    try:
        hand = replay(data)
    except ReplayError as exc:
        raise ImportRefused("refused", name=name, detail=str(exc)) from None
    except Exception as exc:  # garbage in any shape (IndexError, RecursionError...) is refused
        raise ImportRefused("refused", name=name, detail=f"damaged: {type(exc).__name__}") from None
    result = hand.result
    if result is None:
        raise ImportRefused("unfinished", name=name)
    if (saved.get("winners") != list(result.winners) or saved.get("exhaustive") is not result.exhaustive
            or saved.get("deltas") != list(result.deltas)):
        raise ImportRefused("mismatch", name=name)
    return hand


def _short_text(value: Any) -> str | None:
    return value if isinstance(value, str) and len(value) <= MAX_TEXT else None


def _shown_name(value: Any) -> bool:
    """A name a table could have shown: short text, no control or format characters (a NUL, a
    line break, a right-to-left override would garble the history row); "" is a seat's place."""
    return _short_text(value) is not None and (value == "" or _clean(value))


def _clean(name: str) -> bool:
    try:
        return clean_name(name) == name
    except ValueError:
        return False


def _moment(value: Any) -> str | None:
    """An ISO 8601 time as the stores write it, or None ("not a date" is not one)."""
    text = _short_text(value)
    if text is None:
        return None
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return None
    return text


def _outcome_of(result: HandResult, seat: int) -> tuple[bool, bool, bool, bool]:
    """(won, self_draw, deal_in, exhaustive) for `seat`."""
    won = seat in result.winners
    return won, won and result.self_draw, result.discarder == seat and not won, result.exhaustive


class SavedHand(NamedTuple):
    """A checked saved-hand file, as the history stores it."""

    played_at: str
    room: str
    delta: int  # the player's net score in that hand
    result: str  # one of the RESULT_* codes
    summary: dict[str, Any]
    record: dict[str, Any]
    names: list[str]
    seat: int
    match_id: str


def read_saved_hand(file: Path) -> SavedHand:
    """Read, replay and check a saved-hand file; ImportRefused (a ValueError) if refused."""
    return _saved_hand(read_limited(file, MAX_IMPORT_BYTES), file.name)


def read_saved_hand_folder(folder: Path) -> list[tuple[str, SavedHand | ImportRefused]]:
    """Every ``*.json`` file directly in `folder`, by name: the checked hand, or why it is refused.

    Links out of the folder are not followed, special files are refused without waiting
    (storage.imports.folder_entries); ImportRefused if the folder itself cannot be read.
    """
    out: list[tuple[str, SavedHand | ImportRefused]] = []
    for name, entry in folder_entries(folder, ".json"):
        try:
            if isinstance(entry, ImportRefused):
                raise entry
            out.append((name, _saved_hand(read_limited(entry, MAX_IMPORT_BYTES, follow_links=False), name)))
        except ImportRefused as refused:
            out.append((name, refused))
    return out


def _saved_hand(raw: bytes, name: str) -> SavedHand:
    from engine.records.replay import auto_moves, record

    data = read_json(raw, name)
    hand = _verify_saved_hand(data, name)
    result = hand.result
    assert result is not None  # _verify_saved_hand insists on a finished hand
    names = data.get("names")
    names = list(names) if isinstance(names, list) and len(names) == 4 and all(
        _shown_name(n) for n in names) else ["", "", "", ""]
    seat = data.get("human_seat")
    if not _whole(seat, 0, 3):
        owner = data.get("profile")
        seat = names.index(owner) if isinstance(owner, str) and owner in names else 0
    match_id = _short_text(data.get("match_id")) or ""
    played_at = _moment(data.get("played_at")) or now()
    names = coded_names(names, seat)  # a file from an older program may name seats 对家 / "Left"
    # Store the record as the engine writes it from the replayed hand, not the file as given:
    # no foreign keys or values in it, wherever they were put.
    stored = record(hand, tuple(names), played_at)
    stored["program_version"] = _short_text(data.get("program_version")) or stored["program_version"]
    auto = {step: why for step, why in auto_moves(data).items()
            if step < len(stored["actions"]) and stored["actions"][step][0] == seat}
    if auto:  # the moves 托管 made for the player, checked against the hand's own
        stored["auto"] = [[step, why] for step, why in sorted(auto.items())]
    won, self_draw, deal_in, exhaustive = _outcome_of(result, seat)
    summary = {
        "winners": list(result.winners), "exhaustive": exhaustive, "deltas": list(result.deltas),
        "won": won, "self_draw": self_draw, "deal_in": deal_in,
    }
    return SavedHand(played_at, hand.rules.room.value, result.deltas[seat],
                     result_text(won, self_draw, deal_in, exhaustive), summary, stored, names, seat, match_id)


def saved_hand_data(record_json: str, profile: str, names_json: str, seat: int,
                    match_id: str) -> dict[str, Any]:
    """The content of a saved-hand file for a history entry (its stored JSON columns)."""
    data: dict[str, Any] = json.loads(record_json)
    data["names"] = json.loads(names_json)
    data["profile"] = profile
    data["human_seat"] = seat
    data["match_id"] = match_id
    return data


__all__ = [
    "MAX_IMPORT_BYTES", "RESULT_DEAL_IN", "RESULT_DISCARD_WIN", "RESULT_EXHAUSTIVE", "RESULT_OTHER",
    "RESULT_SELF_DRAW", "ImportRefused", "SavedHand", "read_saved_hand", "read_saved_hand_folder",
    "result_text", "saved_hand_data",
]
