"""The 复盘 figures kept per hand in the history (no Qt): the summary of engine.records.review's
``HandReview.summary()`` — agreement with 大师, the points given away — in the ``review``
column of the hand's row (history schema 4; NULL for a hand not reviewed, as every hand played
before it was).

A review is made in the background after the hand has been saved, so it finds its row again by
the hand itself (:func:`hand_digest`: its seed, number and decisions), not by a row id that the
caller never saw (a change the disk refused is written later, when the id is given).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

from storage.atomic import json_copy

log = logging.getLogger(__name__)

REVIEW_KEYS = ("review_version", "decisions", "agreement", "loss")
MAX_DECISIONS = 1000  # a hand takes a few hundred decisions at most (storage.saved_hands.MAX_ACTIONS)
MAX_LOSS = 1e9


def hand_digest(record: Mapping[str, Any]) -> str:
    """A hand's identity in the history: the same for the record the table saved and the copy
    the history keeps (names and times may differ, the deal and the decisions do not)."""
    key = [record.get("seed"), record.get("hand_number"), record.get("actions")]
    text = json.dumps(key, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def check_review(summary: Any) -> dict[str, Any]:
    """A review summary as the history keeps it (its four figures, nothing else), or ValueError."""
    if not isinstance(summary, Mapping):
        raise ValueError("a review summary is a JSON object")
    clean = json_copy({key: summary.get(key) for key in REVIEW_KEYS}, "the review summary")
    version, decisions, agreement, loss = (clean[key] for key in REVIEW_KEYS)
    if type(version) is not int or version < 1:
        raise ValueError("a review summary has a version (a whole number from 1)")
    if type(decisions) is not int or not 0 <= decisions <= MAX_DECISIONS:
        raise ValueError("a review summary counts its decisions (0..1000)")
    if agreement is not None and not _fraction(agreement):
        raise ValueError("a review's agreement is a share from 0 to 1, or null")
    if (agreement is None) != (decisions == 0):
        raise ValueError("a review's agreement is null exactly when it had no decision")
    if not _number(loss) or not 0 <= loss <= MAX_LOSS:
        raise ValueError("a review's loss is a number of points, never below 0")
    return clean


def _number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _fraction(value: Any) -> bool:
    return _number(value) and 0 <= value <= 1


def _stored(text: Any) -> dict[str, Any]:
    """A stored review's JSON object ({} when there is none or it cannot be read)."""
    if not isinstance(text, str):
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def agreement_of(text: Any) -> float | None:
    """The agreement figure of a stored review (None: none kept, or unreadable)."""
    value = _stored(text).get("agreement")
    return float(value) if value is not None and _fraction(value) else None


LOSS_SINCE = 2  # review_version from which the loss counts the player's own moves, each by its estimate


def loss_of(text: Any) -> float | None:
    """The points a stored review says the player gave away in its hand (None: none kept, an
    older review whose losses counted a move off 大师's path as 100, a hand with no move of the
    player's to judge — 托管 played it all: not a hand given away nothing — or unreadable)."""
    data = _stored(text)
    version: Any = data.get("review_version")
    value: Any = data.get("loss")
    if type(version) is not int or version < LOSS_SINCE or not _number(value) or data.get("decisions") == 0:
        return None
    loss = float(value)
    return loss if 0 <= loss <= MAX_LOSS else None


def set_review(db: sqlite3.Connection, profile: str, match_id: str, digest: str,
               review: dict[str, Any]) -> bool:
    """Write `review` into the row of the hand `digest` (the newest such row of the profile's
    match). False, logged, when the history has no such hand (it was left out of a history that
    could not take it, or the history was started again since)."""
    rows = db.execute(
        "SELECT id, record FROM hands WHERE profile = ? AND match_id = ? AND imported = 0 ORDER BY id DESC",
        (profile, match_id),
    ).fetchall()
    for hand_id, text in rows:
        try:
            data = json.loads(text)
        except ValueError:
            continue
        if isinstance(data, dict) and hand_digest(data) == digest:
            db.execute("UPDATE hands SET review = ? WHERE id = ?",
                       (json.dumps(review, ensure_ascii=False, allow_nan=False), hand_id))
            return True
    log.warning("no hand of %r's match %r in the history to keep its review with", profile, match_id)
    return False


def rolling_mean(values: Sequence[float], window: int = 20) -> list[float]:
    """The mean of each value with the ones before it, at most `window` of them: a curve of
    progress that one lucky or unlucky hand does not throw about."""
    out: list[float] = []
    total = 0.0
    for index, value in enumerate(values):
        total += value
        if index >= window:
            total -= values[index - window]
        out.append(total / min(index + 1, window))
    return out


__all__ = ["LOSS_SINCE", "agreement_of", "check_review", "hand_digest", "loss_of", "rolling_mean",
           "set_review"]
