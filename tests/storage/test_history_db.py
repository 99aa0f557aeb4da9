"""The game history in the store: rows per hand, what each row keeps, refused input,
matches and the match in progress.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from engine.game.rules import Ruleset
from engine.records.replay import record
from storage.model import HandOutcome
from storage.store import HistoryRow, ProfileStore
from tests.profile_helpers import add_hand, current, fake_record, outcome_for, played

# -- history -----------------------------------------------------------------------------------


def test_history_rows_newest_first_with_result_codes(store: ProfileStore) -> None:
    store.create("a")
    store.create("other")
    a = ["a", "b", "c", "d"]
    store.record_hand("a", HandOutcome("open", 30, won=True, self_draw=True),
                      fake_record([30, -10, -10, -10], [0]), "m1", a, 0)
    store.record_hand("a", HandOutcome("open", 12, won=True), fake_record([12, -12, 0, 0], [0]), "m1", a, 0)
    store.record_hand("a", HandOutcome("baoting", -14, deal_in=True),
                      fake_record([-14, 14, 0, 0], [1]), "m1", a, 0)
    store.record_hand("a", HandOutcome("open", 0, exhaustive=True),
                      fake_record([0, 0, 0, 0], [], exhaustive=True), "m2", a, 0)
    store.record_hand("a", HandOutcome("open", -10), fake_record([-10, 30, -10, -10], [1]), "m2", a, 0)
    add_hand(store, "other", 1)
    rows = store.history("a")
    assert all(isinstance(row, HistoryRow) for row in rows)
    # codes, not words: the profile page says them in the player's language
    assert [row.result for row in rows] == ["other", "exhaustive", "deal_in", "win_discard", "self_draw"]
    assert [row.delta for row in rows] == [-10, 0, -14, 12, 30]
    assert [row.match_id for row in rows] == ["m2", "m2", "m1", "m1", "m1"]
    assert rows[2].room == "baoting" and not any(row.imported for row in rows)
    assert rows[0].played_at[:4].isdigit() and "T" in rows[0].played_at
    assert [row.id for row in store.history("a", limit=2)] == [rows[0].id, rows[1].id]
    assert store.history("a", limit=0) == []
    assert len(store.history("other")) == 1
    totals = current(store).totals()
    counts = (totals.hands, totals.wins, totals.self_draws, totals.deal_ins, totals.exhaustive)
    assert counts == (5, 2, 1, 1, 1)


def test_history_stores_rules_and_version(store: ProfileStore) -> None:
    store.create("a")
    hand = played(2)
    data = record(hand)
    store.record_hand("a", outcome_for(hand, 0), data, "m", ["a", "b", "c", "d"], 0)
    with sqlite3.connect(store.history_path) as db:
        row = db.execute(
            "SELECT rules, preset, program_version, summary, names, human_seat FROM hands"
        ).fetchone()
    assert json.loads(row[0]) == Ruleset().to_dict() and row[1] == "hefei"
    assert row[2] == data["program_version"]
    summary = json.loads(row[3])
    assert hand.result is not None
    assert summary["deltas"] == list(hand.result.deltas)
    assert summary["winners"] == list(hand.result.winners)
    assert json.loads(row[4]) == ["a", "b", "c", "d"] and row[5] == 0


def test_record_hand_refuses_bad_input(store: ProfileStore) -> None:
    store.create("a")
    before = store.profiles_path.read_bytes()
    names = ["a", "b", "c", "d"]
    good = fake_record([5, -5, 0, 0])
    cases = [
        (HandOutcome("open", 6), good, names, 0),  # the delta disagrees with the record
        (HandOutcome("open", 5), good, names, 4),  # no such seat
        (HandOutcome("open", 5), good, ["a", "b"], 0),
        (HandOutcome("open", 5), {"not": "a record"}, names, 0),
        (HandOutcome("open", 5), {**good, "result": None}, names, 0),  # an unfinished hand
        (HandOutcome("open", 5), {**good, "x": object()}, names, 0),  # not JSON
        ("a win", good, names, 0),
    ]
    for outcome, data, table, seat in cases:
        with pytest.raises(ValueError):
            store.record_hand("a", outcome, data, "m", table, seat)  # type: ignore[arg-type]
    assert store.profiles_path.read_bytes() == before
    assert store.history("a") == []
    assert current(store).points_history == []


def test_matches_and_match_in_progress(store: ProfileStore) -> None:
    store.create("a")
    store.create("b")
    assert store.match_in_progress("a") is None
    state = {"seed": 7, "hands": [[1, 2]], "names": ["a", "东", "南", "西"]}
    store.save_match_in_progress("a", state)
    state["seed"] = 8  # the caller's later edits are not the saved state
    assert store.match_in_progress("a") == {"seed": 7, "hands": [[1, 2]], "names": ["a", "东", "南", "西"]}
    with pytest.raises(ValueError):
        store.save_match_in_progress("a", {"bad": {1, 2}})  # a set is not JSON
    with pytest.raises(ValueError):
        store.save_match_in_progress("a", ["not", "a", "dict"])  # type: ignore[arg-type]
    store.rename("a", "aa")
    assert store.match_in_progress("aa") is not None
    store.record_match("aa", "m-1", "open", -30, {"scores": [-30, 10, 10, 10]})
    assert store.match_in_progress("aa") is None  # a finished match is no longer resumable
    with pytest.raises(ValueError, match="already recorded"):
        store.record_match("aa", "m-1", "open", -30, {})
    profile = store.current()
    assert profile is not None and profile.rooms["open"].matches == 1 and profile.match_results == [-30]
    store.save_match_in_progress("b", {"seed": 1})
    store.clear_match_in_progress("b")
    assert store.match_in_progress("b") is None
    store.save_match_in_progress("b", {"seed": 2})
    store.delete("b")
    store.create("b")
    assert store.match_in_progress("b") is None  # nothing inherited from the deleted "b"


def test_delete_removes_history(store: ProfileStore) -> None:
    store.create("a")
    add_hand(store, "a", 10)
    store.delete("a")
    store.create("a")
    assert store.history("a") == []
    assert current(store).points == 0
