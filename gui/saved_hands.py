"""Saved-hand files and the history's result codes (no Qt).

A saved hand is an ``engine.replay`` record plus ``"names"``, ``"profile"``, ``"human_seat"``
and ``"match_id"``. Export writes one from a history entry; import reads one back, replays it
and accepts it only if the replay reaches exactly its saved result.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.record_format import FORMAT

if TYPE_CHECKING:  # the engine's hand machinery loads only when a hand is replayed or imported
    from engine.hand import Hand, HandResult
from gui.atomic_json import os_reason, parse_json
from gui.store_checks import now
from gui.stored_codes import (
    RESULT_DEAL_IN,
    RESULT_DISCARD_WIN,
    RESULT_EXHAUSTIVE,
    RESULT_OTHER,
    RESULT_SELF_DRAW,
    coded_names,
)

MAX_IMPORT_BYTES = 2_000_000  # a saved hand is a few KB; anything huge is not one

# The keys of an engine.replay record: an imported file is stored as the engine writes it.
_RECORD_KEYS = (
    "format", "format_version", "program_version", "played_at", "rules", "seed", "dealer",
    "dealer_streak", "hand_number", "round_number", "scores_before", "names", "actions", "result",
)


def result_text(won: bool, self_draw: bool, deal_in: bool, exhaustive: bool) -> str:
    """The result of a hand for the player, as the history's result column stores it: a code
    (gui.stored_codes), put into words by gui.i18n.result_label when shown."""
    if won:
        return RESULT_SELF_DRAW if self_draw else RESULT_DISCARD_WIN
    if deal_in:
        return RESULT_DEAL_IN
    if exhaustive:
        return RESULT_EXHAUSTIVE
    return RESULT_OTHER


def _verify_saved_hand(data: Any) -> Hand:
    """Replay a saved hand and insist that it reaches exactly its saved result."""
    from engine.replay import ReplayError, replay

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("this is not a saved Hefei mahjong hand")
    saved = data.get("result")
    if not isinstance(saved, dict):
        # engine.replay only compares results it is given: without one, anything would pass.
        raise ValueError("the saved hand has no result, so it cannot be checked")
    try:
        hand = replay(data)
    except ReplayError as exc:
        raise ValueError(f"the saved hand was refused: {exc}") from None
    except Exception as exc:  # garbage in any shape (IndexError, RecursionError...) is refused
        raise ValueError(f"the saved hand is damaged ({type(exc).__name__})") from None
    result = hand.result
    if result is None:
        raise ValueError("the saved decisions stop before the end of the hand")
    if (saved.get("winners") != list(result.winners) or saved.get("exhaustive") != result.exhaustive
            or saved.get("deltas") != list(result.deltas)):
        raise ValueError("the saved hand was refused: the replay does not reach the saved result")
    return hand


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
    """Read, replay and check a saved-hand file; ValueError (in plain English) if refused."""
    try:
        if file.stat().st_size > MAX_IMPORT_BYTES:
            raise ValueError(f"{file.name} is too large to be a saved hand")
        raw = file.read_bytes()
    except OSError as exc:
        raise ValueError(f"{file.name} cannot be read ({os_reason(exc)})") from None
    try:
        data = parse_json(raw)
    except ValueError:
        raise ValueError(f"{file.name} is not a saved hand (it is not JSON text)") from None
    hand = _verify_saved_hand(data)
    result = hand.result
    assert result is not None  # _verify_saved_hand insists on a finished hand
    names = data.get("names")
    names = list(names) if isinstance(names, list) and len(names) == 4 and all(
        isinstance(n, str) for n in names) else ["", "", "", ""]
    seat = data.get("human_seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
        owner = data.get("profile")
        seat = names.index(owner) if isinstance(owner, str) and owner in names else 0
    match_id = data.get("match_id") if isinstance(data.get("match_id"), str) else ""
    played_at = data.get("played_at")
    if not isinstance(played_at, str) or not played_at:
        played_at = now()
    # Store the record as the engine writes it, not the file as given: no foreign keys in it.
    record = {key: data[key] for key in _RECORD_KEYS if key in data}
    names = coded_names(names, seat)  # a file from an older program may name seats 对家 / "Left"
    record["names"] = names
    record["played_at"] = played_at
    won, self_draw, deal_in, exhaustive = _outcome_of(result, seat)
    summary = {
        "winners": list(result.winners), "exhaustive": exhaustive, "deltas": list(result.deltas),
        "won": won, "self_draw": self_draw, "deal_in": deal_in,
    }
    return SavedHand(played_at, hand.rules.room.value, result.deltas[seat],
                     result_text(won, self_draw, deal_in, exhaustive), summary, record, names, seat, match_id)


def saved_hand_data(record_json: str, profile: str, names_json: str, seat: int,
                    match_id: str) -> dict[str, Any]:
    """The content of a saved-hand file for a history entry (its stored JSON columns)."""
    data = json.loads(record_json)
    data["names"] = json.loads(names_json)
    data["profile"] = profile
    data["human_seat"] = seat
    data["match_id"] = match_id
    return data


__all__ = [
    "MAX_IMPORT_BYTES", "RESULT_DEAL_IN", "RESULT_DISCARD_WIN", "RESULT_EXHAUSTIVE", "RESULT_OTHER",
    "RESULT_SELF_DRAW", "SavedHand", "read_saved_hand", "result_text", "saved_hand_data",
]
