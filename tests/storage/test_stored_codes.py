"""Stored data holds codes, not display text: what is written, and how files of older versions (that
stored Chinese words) are migrated. (The words each code stands for, in both languages, and the
GUI's side: tests/gui/test_store_words.py.)"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from engine.game.rules import Ruleset
from engine.records.replay import record
from engine.table.setup import local_match
from storage.codes import coded_names, result_code
from storage.history import DB_SCHEMA_VERSION, _db_v1, insert_hand
from storage.model import BestHand
from storage.profile_file import SCHEMA_VERSION
from storage.store import ProfileStore
from tests.profile_helpers import fake_record, new_store, outcome_for, played

# -- the codes -----------------------------------------------------------------------


def test_seats_named_by_their_place_become_codes_relative_to_the_player() -> None:
    assert coded_names(["小明", "下家", "对家", "上家"], 0) == ["小明", "", "", ""]
    assert coded_names(["Bob", "Right", "Opposite", "Left"], 0) == ["Bob", "", "", ""]
    # the player in seat 2: seat 3 is to the right, seat 0 opposite, seat 1 to the left
    assert coded_names(["对家", "上家", "me", "下家"], 2) == ["", "", "me", ""]
    # a real name stays, and so does a place word in the wrong place or the player's own name
    assert coded_names(["下家", "Alice", "对家", "下家"], 0) == ["下家", "Alice", "", "下家"]


def test_result_codes() -> None:
    legacy = {"自摸": "self_draw", "点炮胡": "win_discard", "点炮": "deal_in", "荒庄": "exhaustive",
              "—": "other"}
    for text, code in legacy.items():
        assert result_code(text) == code == result_code(code)
    assert result_code("future_code") == "future_code"


# -- what is written now -------------------------------------------------------------------------------


def test_a_recorded_hand_stores_codes(store: ProfileStore) -> None:
    store.create("小明")
    hand = played(2)
    seat = 0
    best = BestHand(12, [{"code": "base", "points": 10, "zh": "胡牌基本分", "en": "Base", "factor": False},
                         {"code": "tong", "points": 2, "zh": "同", "en": "Same rank", "factor": False}],
                    "234m", [], "2024-05-01T20:00:00+08:00", "open")
    outcome = outcome_for(hand, seat)
    outcome.best = best
    outcome.won = True
    # the engine names the computers by code ("": their place); the store keeps the names as given
    table = list(local_match(Ruleset(), 1, ["easy", "normal", "hard"], "小明").names)
    assert table == ["小明", "", "", ""]
    store.record_hand("小明", outcome, record(hand, tuple(table)), "m", table, seat)
    with sqlite3.connect(store.history_path) as db:
        names, stored = db.execute("SELECT names, record FROM hands").fetchone()
    assert json.loads(names) == ["小明", "", "", ""]
    assert json.loads(stored)["names"] == ["小明", "", "", ""]
    assert store.hand_record(store.history("小明")[0].id)["human_seat"] == seat
    saved = json.loads(store.profiles_path.read_text("utf-8"))
    items = saved["profiles"][0]["best_hand"]["items"]
    assert items == [{"code": "base", "points": 10, "factor": False},
                     {"code": "tong", "points": 2, "factor": False}]


# -- files of older versions ----------------------------------------------------------------------------


def _v1_history(path: Path, rows: list[tuple[str, Any, Any, int]]) -> None:
    """A history database as the first releases wrote it (schema 1, words in it): rows of
    (result, names, record names, human seat); names and record names are JSON-able or raw text."""
    db = sqlite3.connect(path)
    _db_v1(db)
    for n, (result, names, record_names, seat) in enumerate(rows):
        data = fake_record([0, 0, 0, 0], exhaustive=True)
        data["names"] = record_names
        insert_hand(db, "小明", f"2024-05-0{n + 1}T20:00:00+08:00", "open", 0, result, {}, data,
                    names if isinstance(names, list) else [], seat, "m1", imported=False)
        if not isinstance(names, list):
            db.execute("UPDATE hands SET names = ? WHERE id = last_insert_rowid()", (names,))
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()


def legacy_history(folder: Path) -> None:
    """A version-1 history of four hands for the profile 小明 (and its profile file)."""
    folder.mkdir(parents=True, exist_ok=True)
    zh = ["小明", "下家", "对家", "上家"]
    _v1_history(folder / "history.sqlite3", [
        ("荒庄", zh, zh, 0),
        ("点炮胡", ["小明", "Right", "Opposite", "Left"], ["小明", "Right", "Opposite", "Left"], 0),
        ("—", ["对家", "上家", "小明", "下家"], ["对家", "上家", "小明", "下家"], 2),
        ("自摸", "not JSON at all", zh, 0),  # damaged names: the row is kept as it is
    ])
    store = ProfileStore(folder)
    assert store.load() == []
    store.create("小明")
    store.close()


def test_history_of_version_1_is_migrated_to_codes(tmp_path: Path) -> None:
    legacy_history(tmp_path)
    store = new_store(tmp_path)
    rows = store.history("小明")
    assert [row.result for row in rows] == ["self_draw", "other", "win_discard", "exhaustive"]
    with sqlite3.connect(store.history_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == DB_SCHEMA_VERSION == 4
        stored = db.execute("SELECT names, record FROM hands ORDER BY id").fetchall()
    assert [json.loads(names) for names, _ in stored[:3]] == [
        ["小明", "", "", ""], ["小明", "", "", ""], ["", "", "小明", ""]]
    assert [json.loads(data)["names"] for _, data in stored[:3]] == [
        ["小明", "", "", ""], ["小明", "", "", ""], ["", "", "小明", ""]]
    assert stored[3][0] == "not JSON at all"  # never lose a row, even one we cannot read
    third = store.hand_record(rows[1].id)
    assert third["human_seat"] == 2 and third["names"] == ["", "", "小明", ""]
    store.close()


V2_PROFILES: dict[str, Any] = {
    "schema": 2, "current": "小明",
    "profiles": [{
        "name": "小明", "points": 12, "created": "2024-05-01T20:00:00+08:00",
        "rooms": {"open": {"matches": 0, "hands": 1, "wins": 1, "self_draws": 0, "discard_wins": 1,
                           "deal_ins": 0, "exhaustive": 0, "net": 12}},
        "best_hand": {"value": 12, "items": [
            {"code": "base", "points": 10, "zh": "胡牌基本分", "en": "Base", "factor": False},
            {"code": "missing_suit", "points": 2, "zh": "缺两门", "en": "Two missing suits", "factor": False},
        ], "tiles": "345m345p33344567s", "kongs": [], "played_at": "2024-05-01T20:00:00+08:00",
            "room": "open"},
        "points_history": [12], "match_results": [],
    }],
    "matches_in_progress": {"小明": {
        "match": {"rules": {}, "seed": 5, "names": ["小明", "下家", "对家", "上家"], "dealer": 1,
                  "dealer_streak": 1, "passes": 1, "scores": [12, -12, 0, 0], "played": 1},
        "levels": ["normal", "normal", "normal"], "match_id": "abc"}},
}


def test_profiles_of_version_2_are_migrated_to_codes(tmp_path: Path) -> None:
    original = json.dumps(V2_PROFILES, ensure_ascii=False).encode()
    (tmp_path / "profiles.json").write_bytes(original)
    store = new_store(tmp_path)
    profile = store.current()
    assert profile is not None and profile.points == 12 and profile.totals().wins == 1
    assert profile.best_hand is not None
    assert profile.best_hand.items == [{"code": "base", "points": 10, "factor": False},
                                       {"code": "missing_suit", "points": 2, "factor": False}]
    saved = store.match_in_progress("小明")
    assert saved is not None and saved["match"]["names"] == ["小明", "", "", ""]
    assert saved["match"]["scores"] == [12, -12, 0, 0] and saved["match_id"] == "abc"
    on_disk = json.loads(store.profiles_path.read_text("utf-8"))
    assert on_disk["schema"] == SCHEMA_VERSION == 3
    assert "zh" not in json.dumps(on_disk["profiles"][0]["best_hand"])
    assert (tmp_path / "profiles.json.bak").read_bytes() == original  # the old file is kept
    store.close()


def test_an_imported_file_naming_seats_in_words_is_stored_with_codes(store: ProfileStore,
                                                                    tmp_path: Path) -> None:
    store.create("me")
    hand = played(1)
    data = record(hand, ("对家", "上家", "me", "下家"))
    data["human_seat"] = 2
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    hand_id = store.import_hand(path, "me")
    stored = store.hand_record(hand_id)
    assert stored["names"] == ["", "", "me", ""] and stored["human_seat"] == 2
    [row] = store.history("me")
    assert row.result in ("self_draw", "win_discard", "deal_in", "exhaustive", "other")


def test_a_name_is_stored_as_given_a_place_word_too(store: ProfileStore) -> None:
    """Words become codes only when an old file is read: a LAN player who calls themselves 下家
    keeps that name (only the GUI puts a place in words, and it does so for "" alone)."""
    store.create("小明")
    hand = played(2)
    table = ["小明", "下家", "Opposite", "A friend"]
    store.record_hand("小明", outcome_for(hand, 0), record(hand, tuple(table)), "m", table, 0)
    with sqlite3.connect(store.history_path) as db:
        names, stored = db.execute("SELECT names, record FROM hands").fetchone()
    assert json.loads(names) == table == json.loads(stored)["names"]
