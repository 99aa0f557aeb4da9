"""The store's files on disk: atomic writes with a backup, damaged or missing files, and
schema migrations of ``profiles.json`` and the history database.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from storage.store import DB_SCHEMA_VERSION, SCHEMA_VERSION, ProfileStore
from tests.profile_helpers import add_hand, bad_files, current, new_store

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


# -- atomic writes -----------------------------------------------------------------------------


def test_write_keeps_the_previous_good_file_as_backup(store: ProfileStore) -> None:
    store.create("a")
    first = store.profiles_path.read_bytes()
    assert not store.backup_path.exists()  # nothing to back up on the first write
    store.create("b")
    assert store.backup_path.read_bytes() == first
    assert json.loads(store.profiles_path.read_text("utf-8"))["schema"] == SCHEMA_VERSION
    assert not list(store.base_dir.glob(".*.tmp"))


@pytest.mark.parametrize("fail_on", ["every replace", "the final replace"])
def test_interrupted_write_leaves_previous_profile(store: ProfileStore, monkeypatch: pytest.MonkeyPatch,
                                                   fail_on: str) -> None:
    store.create("a")
    add_hand(store, "a", 120)
    before_bytes = store.profiles_path.read_bytes()
    before_rows = store.history("a")
    real_replace = os.replace

    def crash(src: Any, dst: Any) -> None:
        # The temp file is complete and fsynced; the "power cut" comes before the rename.
        if fail_on == "every replace" or Path(dst) == store.profiles_path:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", crash)
    store.create("b")  # the disk refuses: no exception, the game goes on...
    add_hand(store, "a", 500)
    store.save_match_in_progress("a", {"x": 1})
    monkeypatch.setattr(os, "replace", real_replace)

    # ...profiles.json is untouched, the player is told, the changes are kept in memory.
    assert store.profiles_path.read_bytes() == before_bytes
    assert store.unsaved == 3 and current(store).points == 620
    assert [w for w in store.take_warnings() if "not saved" in w and "No space left" in w]
    assert not list(store.base_dir.glob(".*.tmp"))
    # The history and its journal took the changes (their replace is not os.replace): a
    # restart now would catch profiles.json up with them; a retry does it at once.
    assert [r.delta for r in store.history("a")] == [500, *[r.delta for r in before_rows]]
    assert store.retry() and store.unsaved == 0
    store.close()
    again = new_store(store.base_dir)
    assert [(p.name, p.points) for p in again.profiles()] == [("a", 620), ("b", 0)]
    assert again.match_in_progress("a") == {"x": 1}
    again.close()


def test_kill_before_profiles_json_is_written_loses_nothing(store: ProfileStore,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The history's journal is committed first; profiles.json catches up at the next start."""
    store.create("a")
    add_hand(store, "a", 120)
    monkeypatch.setattr(os, "replace", lambda src, dst: (_ for _ in ()).throw(OSError(5, "I/O error")))
    add_hand(store, "a", 30)
    monkeypatch.undo()
    store.close()  # as if the process died here: profiles.json still says 120
    assert json.loads(store.profiles_path.read_text("utf-8"))["profiles"][0]["points"] == 120
    again = new_store(store.base_dir)
    assert current(again).points == 150
    assert [r.delta for r in again.history("a")] == [30, 120]
    again.close()


def test_leftover_temp_files_are_cleaned(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.create("a")
    store.close()
    (tmp_path / ".profiles.json.abc123.tmp").write_text('{"half": ')
    again = new_store(tmp_path)
    assert [p.name for p in again.profiles()] == ["a"]
    assert not list(tmp_path.glob(".*.tmp"))
    again.close()


# -- damaged files -------------------------------------------------------------------------------


def test_corrupt_profiles_restored_from_backup(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.create("a")
    add_hand(store, "a", 300)
    store.create("b")  # the backup now holds "a" with 300 积分, without "b"
    store.close()
    garbage = b"\x00\xff\xfe garbage \x89PNG\r\n" * 20
    (tmp_path / "profiles.json").write_bytes(garbage)

    again = ProfileStore(tmp_path)
    warnings = again.load()
    assert len(warnings) == 1
    assert "damaged" in warnings[0] and "backup" in warnings[0]
    kept = bad_files(tmp_path, "profiles.json")
    assert len(kept) == 1 and kept[0].read_bytes() == garbage  # kept aside, not overwritten
    assert kept[0].name in warnings[0]
    # The backup lacks "b"; the history's journal gives it back.
    assert [(p.name, p.points) for p in again.profiles()] == [("a", 300), ("b", 0)]
    assert current(again).name == "a"
    assert again.history("a")[0].delta == 300  # the history did not care
    again.close()
    third = new_store(tmp_path)  # the restored file was written back: a clean start now
    assert [p.name for p in third.profiles()] == ["a", "b"]
    third.close()


@pytest.mark.parametrize("content", [
    b"", b"{", b"[1, 2, 3]", b'{"schema": "two"}', b'{"schema": 2, "profiles": "everyone"}',
    b'{"schema": 2, "profiles": [{"name": "a", "rooms": {"open": {"hands": "many"}}}]}',
    b'{"schema": 2, "profiles": [{"name": "a"}, {"name": "A"}]}', "小明".encode("utf-16"),
])
def test_corrupt_profiles_without_backup(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "profiles.json").write_bytes(content)
    store = ProfileStore(tmp_path)
    warnings = store.load()
    assert len(warnings) == 1 and "No usable backup" in warnings[0]
    assert store.profiles() == []
    kept = bad_files(tmp_path, "profiles.json")
    assert len(kept) == 1 and kept[0].read_bytes() == content
    store.create("fresh")  # the store is usable again
    store.close()


def test_missing_profiles_restored_from_backup(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.create("a")
    store.create("b")
    store.close()
    (tmp_path / "profiles.json").unlink()  # e.g. a crash between two renames of another program
    again = ProfileStore(tmp_path)
    warnings = again.load()
    assert len(warnings) == 1 and "missing" in warnings[0]
    assert [p.name for p in again.profiles()] == ["a", "b"]  # the backup, and the journal after it
    again.close()


def test_profiles_from_a_newer_program_are_never_overwritten(tmp_path: Path) -> None:
    newer = b'{"schema": 99, "profiles": [], "hologram": true}'
    (tmp_path / "profiles.json").write_bytes(newer)
    store = ProfileStore(tmp_path)
    warnings = store.load()
    assert len(warnings) == 1 and "newer version" in warnings[0]
    store.create("a")  # kept in memory only, and said so
    assert store.unsaved == 1 and "not saved" in store.take_warnings()[0]
    assert (tmp_path / "profiles.json").read_bytes() == newer
    assert store.history("a") == [] and store.history_available
    store.close()


def test_corrupt_history_database(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.create("a")
    add_hand(store, "a", 150, won=True)
    add_hand(store, "a", -20, deal_in=True)
    totals = store.current()
    store.close()
    garbage = os.urandom(4096)
    (tmp_path / "history.sqlite3").write_bytes(garbage)
    (tmp_path / "history.sqlite3-journal").write_bytes(b"stale journal of the damaged file")

    again = ProfileStore(tmp_path)
    warnings = again.load()
    assert len(warnings) == 1
    assert "history" in warnings[0] and "damaged" in warnings[0] and "积分" in warnings[0]
    kept = bad_files(tmp_path, "history.sqlite3")
    assert [p.read_bytes() for p in kept if not p.name.endswith("-journal")] == [garbage]
    assert not (tmp_path / "history.sqlite3-journal").exists()  # went aside with its database
    assert again.current() == totals  # 积分 and statistics are intact
    assert current(again).totals().hands == 2
    assert again.history("a") == []  # a new, empty history...
    add_hand(again, "a", 5)
    assert [row.delta for row in again.history("a")] == [5]  # ...that works
    again.close()
    assert new_store(tmp_path).history("a")[0].delta == 5


def test_history_damaged_during_a_session(store: ProfileStore) -> None:
    """Damage found mid-session: the database goes aside, a new one takes this very hand, the
    profile is saved, and the GUI learns of it through take_warnings()."""
    store.create("a")
    add_hand(store, "a", 10)
    store.history_path.write_bytes(os.urandom(8192))  # e.g. a disk error under the open database
    add_hand(store, "a", 5)
    warnings = store.take_warnings()
    assert len(warnings) == 1 and "damaged" in warnings[0]
    assert store.take_warnings() == []
    assert len(bad_files(store.base_dir, "history.sqlite3")) == 1
    assert current(store).points == 15
    assert [row.delta for row in store.history("a")] == [5]


def test_history_unavailable_is_not_damage(tmp_path: Path) -> None:
    """A history that cannot be opened (here: a folder in its place) is not put aside; the
    profile still saves."""
    (tmp_path / "history.sqlite3").mkdir()
    store = ProfileStore(tmp_path)
    warnings = store.load()
    assert len(warnings) == 1 and "cannot be opened" in warnings[0]
    assert not bad_files(tmp_path, "history.sqlite3")
    assert not store.history_available
    store.create("a")
    add_hand(store, "a", 40)
    assert current(store).points == 40
    assert store.history("a") == []
    store.close()


# -- schema migrations -----------------------------------------------------------------------------


def test_profiles_v1_fixture_is_migrated(tmp_path: Path) -> None:
    fixture = FIXTURES / "profiles_v1.json"
    v1 = json.loads(fixture.read_text("utf-8"))
    assert v1["schema"] == 1 and "rooms" not in v1
    shutil.copy(fixture, tmp_path / "profiles.json")

    store = new_store(tmp_path)
    profile = store.current()
    assert profile is not None
    assert profile.name == "小明" and profile.points == 1350 and profile.level.number == 5
    assert profile.created == v1["created"]
    open_room, baoting = profile.rooms["open"], profile.rooms["baoting"]
    assert (open_room.hands, open_room.wins, open_room.self_draws, open_room.discard_wins,
            open_room.deal_ins) == (42, 11, 4, 7, 7)
    assert baoting.hands == 0
    saved = json.loads((tmp_path / "profiles.json").read_text("utf-8"))
    assert saved["schema"] == SCHEMA_VERSION == 3  # the upgrade is written at once
    assert (tmp_path / "profiles.json.bak").read_bytes() == fixture.read_bytes()  # the original is kept
    assert store.match_in_progress("小明") is None
    add_hand(store, "小明", 250)  # 1600: the next level
    assert current(store).level.number == 6
    store.close()
    again = new_store(tmp_path)
    assert current(again).points == 1600
    again.close()


def test_bad_v1_file_is_damage(tmp_path: Path) -> None:
    (tmp_path / "profiles.json").write_text('{"schema": 1, "name": "x", "hands": 3, "wins": 9}')
    store = ProfileStore(tmp_path)
    warnings = store.load()
    assert len(warnings) == 1 and "damaged" in warnings[0]
    assert store.profiles() == []
    store.close()


def test_history_database_schema_version(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.close()
    with sqlite3.connect(tmp_path / "history.sqlite3") as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == DB_SCHEMA_VERSION == 4
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"hands", "matches"} <= tables


def test_history_from_a_newer_program_is_left_alone(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "history.sqlite3")
    db.execute("CREATE TABLE future (x)")
    db.execute("PRAGMA user_version = 7")
    db.commit()
    db.close()
    before = (tmp_path / "history.sqlite3").read_bytes()
    store = ProfileStore(tmp_path)
    warnings = store.load()
    assert len(warnings) == 1 and "newer version" in warnings[0]
    store.create("a")
    add_hand(store, "a", 10)
    assert current(store).points == 10
    store.close()
    assert (tmp_path / "history.sqlite3").read_bytes() == before
