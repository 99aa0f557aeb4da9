"""Profiles in the store (storage.store): create, select, rename and delete, names,
what survives a restart, and where the files live.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import storage.store
from engine.records.replay import record, replay
from storage.store import ProfileStore
from tests.profile_helpers import add_hand, current, new_store, outcome_for, played

# -- profiles ------------------------------------------------------------------------------------


def test_create_select_rename_delete(store: ProfileStore) -> None:
    assert store.current() is None
    a = store.create("  阿明 ")
    assert a.name == "阿明" and a.created
    assert store.current() == a  # the first profile becomes current
    store.create("Bob")
    assert current(store).name == "阿明"
    store.select("Bob")
    assert current(store).name == "Bob"
    store.rename("Bob", "Robert")
    assert [p.name for p in store.profiles()] == ["阿明", "Robert"]
    assert current(store).name == "Robert"
    store.delete("Robert")
    assert store.current() is None
    assert [p.name for p in store.profiles()] == ["阿明"]
    store.close()
    again = new_store(store.base_dir)
    assert [p.name for p in again.profiles()] == ["阿明"] and again.current() is None


@pytest.mark.parametrize("bad", ["", "   ", "x" * 41, "a\nb", "tab\there", None, 5])
def test_bad_names_refused(store: ProfileStore, bad: Any) -> None:
    with pytest.raises(ValueError):
        store.create(bad)
    assert store.profiles() == []


def test_names_are_unique(store: ProfileStore) -> None:
    store.create("Bob")
    store.create("Ann")
    for name in ("Bob", "bob", " BOB "):
        with pytest.raises(ValueError, match="already exists"):
            store.create(name)
    with pytest.raises(ValueError, match="already exists"):
        store.rename("Ann", "bob")
    store.rename("Bob", "BOB")  # a new spelling of the same player is fine
    assert [p.name for p in store.profiles()] == ["BOB", "Ann"]


def test_unknown_profile_is_a_value_error(store: ProfileStore) -> None:
    for call in (
        lambda: store.select("nobody"), lambda: store.rename("nobody", "x"), lambda: store.delete("nobody"),
        lambda: store.history("nobody"), lambda: store.match_in_progress("nobody"),
        lambda: add_hand(store, "nobody", 5),
    ):
        with pytest.raises(ValueError, match="no profile named"):
            call()


def test_returned_profiles_are_copies(store: ProfileStore) -> None:
    store.create("p")
    profile = store.current()
    assert profile is not None
    profile.points = 999_999
    store.profiles()[0].points = 5
    assert current(store).points == 0


def test_profile_and_history_survive_a_restart(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.create("p")
    store.create("q")
    hand = played(1)
    seat = hand.result.winners[0] if hand.result and hand.result.winners else 0
    store.record_hand("p", outcome_for(hand, seat), record(hand), "match-1", ["p", "b", "c", "d"], seat)
    add_hand(store, "p", -7, deal_in=True)
    store.save_match_in_progress("p", {"seed": 42, "scores": [1, 2, 3, -6], "nested": {"宝": [True, None]}})
    store.record_match("q", "match-0", "baoting", 25, {"scores": [25, -25, 0, 0]})
    store.select("q")
    profiles, rows = store.profiles(), store.history("p")
    store.close()

    again = new_store(tmp_path)
    assert again.profiles() == profiles
    assert current(again).name == "q"
    assert again.history("p") == rows and len(rows) == 2
    assert again.match_in_progress("p") == {
        "seed": 42, "scores": [1, 2, 3, -6], "nested": {"宝": [True, None]},
    }
    assert again.match_in_progress("q") is None
    q = again.current()
    assert q is not None and q.rooms["baoting"].matches == 1 and q.match_results == [25]
    assert replay(again.hand_record(rows[-1].id)).events == hand.events
    again.close()


def test_default_and_overridden_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(storage.store.ENV_DATA_DIR, raising=False)
    default = storage.store.data_dir()
    assert "hefei-mahjong" in str(default)
    assert str(default).startswith(os.environ["XDG_DATA_HOME"])  # conftest keeps it in a temp dir
    monkeypatch.setenv(storage.store.ENV_DATA_DIR, str(tmp_path / "elsewhere"))
    store = ProfileStore()
    assert store.load() == []
    store.create("p")
    assert (tmp_path / "elsewhere" / "profiles.json").is_file()
    assert (tmp_path / "elsewhere" / "history.sqlite3").is_file()
    store.close()
    assert ProfileStore(tmp_path / "given").base_dir == tmp_path / "given"  # the argument wins
