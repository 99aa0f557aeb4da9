"""Data loss (docs/architecture.md, Files and saves): two windows on one data folder, a kill
between the two stores, damaged
files, saves the disk refuses. Each test reproduces what lost data before the fix."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from storage.store import ProfileStore
from tests.profile_helpers import add_hand, bad_files, current, new_store, refuse_saves

ROOT = Path(__file__).resolve().parents[2]


def counted_rows(folder: Path) -> dict[str, int]:
    """History hands counted for each profile (imported ones do not count), read raw."""
    db = sqlite3.connect(folder / "history.sqlite3")
    try:
        rows = db.execute(
            "SELECT profile, COUNT(*) FROM hands WHERE imported = 0 GROUP BY profile").fetchall()
    finally:
        db.close()
    return dict(rows)


def profile_hands(store: ProfileStore) -> dict[str, int]:
    return {p.name: p.totals().hands for p in store.profiles()}


# -- 1. two windows ------------------------------------------------------------------------------


def test_second_store_on_a_folder_does_not_erase_the_first_ones_hands(tmp_path: Path) -> None:
    first = new_store(tmp_path)
    first.create("p")
    second = ProfileStore(tmp_path)
    warnings = second.load()
    assert second.locked_elsewhere
    assert len(warnings) == 1 and "another window" in warnings[0].lower()
    first.save_match_in_progress("p", {"match_id": "first"})
    second.save_match_in_progress("p", {"match_id": "second"})
    for _ in range(50):
        add_hand(first, "p", 10)
        add_hand(second, "p", 1)
    assert second.unsaved == 51  # kept in memory, not written over the first one's file
    assert profile_hands(new_reader(tmp_path)) == {"p": 50}
    assert second.retry() is False  # the first window is still open
    first.close()
    assert second.retry() is True  # now it takes the folder over, on top of what is there
    # Its hands count; its match does not replace the one the first window saved.
    assert second.match_in_progress("p") == {"match_id": "first"}
    assert [w for w in second.take_warnings() if getattr(w, "code", "") == "rival_match"]
    second.close()
    again = new_store(tmp_path)
    assert profile_hands(again) == {"p": 100}
    assert current(again).points == 50 * 10 + 50 * 1
    assert counted_rows(tmp_path) == {"p": 100}


RECORDER = r"""
import sys, time
from tests.profile_helpers import add_hand
from storage.store import ProfileStore
store = ProfileStore(sys.argv[1])
store.load()
if store.current() is None:
    store.create("p")
print("locked" if store.locked_elsewhere else "holder", flush=True)
sys.stdin.readline()  # both processes are open before either records
for _ in range(50):
    add_hand(store, "p", int(sys.argv[2]))
deadline = time.monotonic() + 30
while not store.retry() and time.monotonic() < deadline:
    time.sleep(0.05)
store.close()
print("saved" if store.unsaved == 0 else "unsaved", flush=True)
"""


def test_two_processes_recording_50_hands_each_keep_all_100(tmp_path: Path) -> None:
    """The issue's case: two windows, 50 hands each. Before: 55 in 积分, 105 in the history."""
    new_store(tmp_path).close()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs = []
    for delta in (10, 1):
        proc = subprocess.Popen([sys.executable, "-c", RECORDER, str(tmp_path), str(delta)], cwd=ROOT,
                                env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        procs.append((proc, proc.stdout.readline().strip()))
    assert sorted(role for _proc, role in procs) == ["holder", "locked"]
    for proc, _role in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.close()
    for proc, _role in procs:
        assert proc.wait(60) == 0
        assert proc.stdout is not None and proc.stdout.read().strip() == "saved"
    store = new_store(tmp_path)
    assert profile_hands(store) == {"p": 100} and counted_rows(tmp_path) == {"p": 100}
    assert current(store).points == 550
    store.close()


def new_reader(folder: Path) -> ProfileStore:
    """A store that only reads (it does not hold the folder)."""
    store = ProfileStore(folder)
    store.load()
    return store


def test_lock_is_released_when_its_process_is_killed(tmp_path: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", (
            "import sys, time; from storage.store import ProfileStore;"
            "s = ProfileStore(sys.argv[1]); s.load(); s.create('p');"
            "print('ready', flush=True); time.sleep(60)"
        ), str(tmp_path)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        blocked = ProfileStore(tmp_path)
        blocked.load()
        assert blocked.locked_elsewhere
        assert blocked.lock_holder == str(holder.pid)
        blocked.close()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(10)
    after = ProfileStore(tmp_path)
    assert after.load() == []
    assert not after.locked_elsewhere
    after.close()


# -- 2. a kill at any point ----------------------------------------------------------------------

CHILD = r"""
import os, sys
from tests.profile_helpers import add_hand
from storage.store import ProfileStore
store = ProfileStore(sys.argv[1])
store.load()
if store.current() is None:
    store.create("p")
os.write(1, b"go\n")
n = 0
while True:
    n += 1
    add_hand(store, "p", 3 if n % 3 else -2, won=n % 3 != 0)
    if n % 7 == 0:
        store.record_match("p", f"m{os.getpid()}-{n}", "open", 1, {})
"""


def check_consistent(folder: Path) -> tuple[int, int]:
    store = ProfileStore(folder)
    store.load()
    try:
        hands = profile_hands(store).get("p", 0)
        rows = counted_rows(folder).get("p", 0) if (folder / "history.sqlite3").exists() else 0
        assert hands == rows, f"{hands} hands counted in 积分, {rows} in the history"
        profile = store.current()
        matches = profile.totals().matches if profile else 0
        db = sqlite3.connect(folder / "history.sqlite3")
        try:
            match_rows = db.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
        finally:
            db.close()
        assert matches == match_rows, f"{matches} matches counted, {match_rows} in the history"
        return hands, matches
    finally:
        store.close()


@pytest.mark.slow
def test_random_kills_never_split_the_profile_from_its_history(tmp_path: Path) -> None:
    """≥ 200 kill -9 at random moments of recording; every reopen finds both stores agreeing."""
    import random

    rng = random.Random(9)
    kills, last = 0, 0
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    while kills < 200:
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)], cwd=ROOT, env=env,
                                 stdout=subprocess.PIPE)
        assert child.stdout is not None and child.stdout.readline() == b"go\n"
        time.sleep(rng.uniform(0.0, 0.05))
        child.send_signal(signal.SIGKILL)
        child.wait(10)
        kills += 1
        hands, _matches = check_consistent(tmp_path)
        assert hands >= last  # nothing counted is ever taken back
        last = hands
    assert last > 100  # the kills did land while hands were being recorded


# -- 3. damaged files ----------------------------------------------------------------------------


def two_saves(folder: Path) -> bytes:
    """A profile saved twice, so profiles.json.bak holds the first (good) version."""
    store = new_store(folder)
    store.create("p")
    add_hand(store, "p", 30)
    good = store.profiles_path.read_bytes()
    add_hand(store, "p", 40)
    store.close()
    return good


@pytest.mark.parametrize("damage", [
    lambda d: d["profiles"][0].__setitem__("points", "1e400"),
    lambda d: d["profiles"][0].__setitem__("points", "Infinity"),
    lambda d: d["profiles"][0].__setitem__("points_history", ["NaN"]),
    lambda d: d["profiles"][0]["rooms"]["open"].__setitem__("net", "-Infinity"),
    lambda d: d["profiles"][0].__setitem__("points", 10 ** 30),
    # numbers of the wrong type used to be turned into numbers without a word (QA, stop 33)
    lambda d: d["profiles"][0].__setitem__("points", "144"),
    lambda d: d["profiles"][0].__setitem__("points", 12.7),
    lambda d: d["profiles"][0].__setitem__("points", True),
    lambda d: d["profiles"][0].__setitem__("match_results", [3.5]),
    lambda d: d["profiles"][0].__setitem__("name", 7),
])
def test_unreadable_numbers_fall_back_to_the_backup(tmp_path: Path, damage: Any) -> None:
    two_saves(tmp_path)
    data = json.loads((tmp_path / "profiles.json").read_text("utf-8"))
    damage(data)
    text = json.dumps(data).replace('"1e400"', "1e400").replace('"Infinity"', "Infinity")
    text = text.replace('"-Infinity"', "-Infinity").replace('"NaN"', "NaN")
    (tmp_path / "profiles.json").write_text(text, "utf-8")
    store = ProfileStore(tmp_path)
    warnings = store.load()
    assert len(warnings) == 1 and "backup" in warnings[0]
    # The backup holds the first hand; the history's journal gives back the second one.
    assert current(store).points == 70
    assert current(store).points_history == [30, 70]
    assert len(bad_files(tmp_path, "profiles.json")) == 1
    add_hand(store, "p", 5)  # and saving works again
    store.close()
    assert current(new_store(tmp_path)).points == 75


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = {"x": value}
    return value


def test_deeply_nested_saved_match_is_refused(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.create("p")
    with pytest.raises(ValueError, match="nested"):
        store.save_match_in_progress("p", nested(600))
    store.save_match_in_progress("p", {"ok": 1})
    add_hand(store, "p", 30)
    store.close()
    data = json.loads((tmp_path / "profiles.json").read_text("utf-8"))
    data["matches_in_progress"]["p"] = nested(600)
    (tmp_path / "profiles.json").write_text(json.dumps(data), "utf-8")
    again = ProfileStore(tmp_path)
    warnings = again.load()
    assert len(warnings) == 1 and "damaged" in warnings[0]
    add_hand(again, "p", 5)  # every later save works
    again.close()


def test_both_files_damaged_keeps_both_aside(tmp_path: Path) -> None:
    two_saves(tmp_path)
    (tmp_path / "profiles.json").write_bytes(b"{broken")
    (tmp_path / "profiles.json.bak").write_bytes(b"{also broken")
    store = ProfileStore(tmp_path)
    warnings = store.load()
    # Both files are kept aside, and the profile comes back whole from the history's journal.
    assert len(warnings) == 2 and "kept aside too" in warnings[0]
    assert "start with no profiles" not in warnings[0]
    assert warnings[1].code == "profiles_rebuilt" and warnings[1].params["names"] == "p"  # type: ignore[attr-defined]
    assert current(store).points == 70 and current(store).totals().hands == 2
    store.create("q")
    store.create("r")  # two saves: the second would push a damaged .bak out
    store.close()
    kept = {p.read_bytes() for p in tmp_path.glob("profiles.json*.bad-*")}
    assert kept == {b"{broken", b"{also broken"}


def test_huge_profile_file_is_refused_without_reading_it_whole(tmp_path: Path) -> None:
    two_saves(tmp_path)
    with (tmp_path / "profiles.json").open("wb") as f:
        f.write(b'{"schema": 3, "profiles": [], "pad": "')
        f.truncate(64 * 1024 * 1024)
    store = ProfileStore(tmp_path)
    warnings = store.load()
    assert len(warnings) == 1 and "too large" in warnings[0]
    assert current(store).points == 70
    store.close()


# -- 4. a save the disk refuses ------------------------------------------------------------------


def test_refused_save_is_kept_in_memory_told_and_retried(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    store = new_store(tmp_path)
    store.create("p")
    add_hand(store, "p", 10)
    real_replace = os.replace
    refuse_saves(monkeypatch)
    add_hand(store, "p", 20)  # no exception: the game goes on
    add_hand(store, "p", 30)
    warnings = store.take_warnings()
    assert len(warnings) == 1  # told once, not at every hand
    assert "not saved" in warnings[0] and "readonly database" in warnings[0]
    assert "are saved" not in warnings[0]
    assert store.unsaved == 2 and current(store).points == 60
    assert store.retry() is False
    monkeypatch.setattr(os, "replace", real_replace)
    monkeypatch.undo()
    assert store.retry() is True and store.unsaved == 0
    assert any("saved" in w for w in store.take_warnings())  # and told that it is saved now
    store.close()
    again = new_store(tmp_path)
    assert current(again).points == 60
    assert counted_rows(tmp_path) == {"p": 3}


# -- 5. what QA found at stop 33 ------------------------------------------------------------------


@pytest.mark.parametrize("damage", [
    "DROP TABLE journal", "DROP TABLE hands", "DROP TABLE matches",
    "ALTER TABLE hands DROP COLUMN review",
])
def test_a_history_without_one_of_its_tables_is_damage_found_at_start(tmp_path: Path, damage: str) -> None:
    """A table gone with the version mark intact used to fail every hand of the session, so 积分
    were never saved and came back old at the next start. It is damage: kept aside at start."""
    two_saves(tmp_path)
    db = sqlite3.connect(tmp_path / "history.sqlite3")
    db.execute(damage)
    db.commit()
    db.close()
    store = ProfileStore(tmp_path)
    warnings = store.load()
    assert [w.code for w in warnings] == ["history_restarted"]  # type: ignore[attr-defined]
    assert bad_files(tmp_path, "history.sqlite3")
    add_hand(store, "p", 5)
    assert store.unsaved == 0 and current(store).points == 75
    store.close()
    again = ProfileStore(tmp_path)
    again.load()
    assert current(again).points == 75 and profile_hands(again) == {"p": 3}
    assert counted_rows(tmp_path) == {"p": 1}
    again.close()


def test_another_programs_database_in_the_historys_place_is_kept_aside(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    db = sqlite3.connect(tmp_path / "history.sqlite3")
    db.execute("CREATE TABLE notes (body TEXT)")
    db.execute("INSERT INTO notes VALUES ('not ours')")
    db.commit()
    db.close()
    store = ProfileStore(tmp_path)
    assert [w.code for w in store.load()] == ["history_restarted"]  # type: ignore[attr-defined]
    store.create("p")
    add_hand(store, "p", 5)
    store.close()
    assert counted_rows(tmp_path) == {"p": 1}
    kept = bad_files(tmp_path, "history.sqlite3")
    assert len(kept) == 1
    untouched = sqlite3.connect(kept[0])
    assert untouched.execute("SELECT name FROM sqlite_master").fetchall() == [("notes",)]
    untouched.close()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root writes into a read-only folder")
def test_a_read_only_folder_is_not_another_window_read_only(tmp_path: Path) -> None:
    two_saves(tmp_path)
    (tmp_path / "hefei-mahjong.lock").unlink()
    tmp_path.chmod(0o555)
    try:
        store = ProfileStore(tmp_path)
        warnings = store.load()
        assert not store.locked_elsewhere
        assert [w.code for w in warnings] == ["not_saved"]  # type: ignore[attr-defined]
    finally:
        tmp_path.chmod(0o755)
    store.close()


def test_a_lock_file_that_cannot_be_opened_is_not_another_window(tmp_path: Path) -> None:
    """A folder where the lock file goes (or a read-only folder, the same error) used to be told
    as "another window (process ?) is using this data folder", with a window to switch to that
    does not exist. It is told as what it is, and saving works once the folder is writable."""
    two_saves(tmp_path)
    lock = tmp_path / "hefei-mahjong.lock"
    lock.unlink()
    lock.mkdir()
    store = ProfileStore(tmp_path)
    warnings = store.load()
    assert not store.locked_elsewhere and store.lock_holder == ""
    assert [w.code for w in warnings] == ["not_saved"]  # type: ignore[attr-defined]
    assert "hefei-mahjong.lock cannot be opened" in warnings[0]
    assert current(store).points == 70  # what is there is read
    add_hand(store, "p", 5)
    assert store.unsaved == 1 and store.save_problem is not None
    lock.rmdir()
    assert store.retry() and store.unsaved == 0
    store.close()
    again = ProfileStore(tmp_path)
    again.load()
    assert current(again).points == 75
    again.close()


def test_profiles_lost_with_their_backup_come_back_from_the_journal(tmp_path: Path) -> None:
    """Both files deleted: the game used to start with no profile and no word, and a profile
    made again under the same name showed 0 积分 beside its old history."""
    two_saves(tmp_path)
    (tmp_path / "profiles.json").unlink()
    (tmp_path / "profiles.json.bak").unlink()
    store = ProfileStore(tmp_path)
    warnings = store.load()
    assert [w.code for w in warnings] == ["profiles_rebuilt"]  # type: ignore[attr-defined]
    assert current(store).points == 70 and profile_hands(store) == {"p": 2} == counted_rows(tmp_path)
    add_hand(store, "p", 5)
    store.close()
    again = ProfileStore(tmp_path)
    assert again.load() == [] and current(again).points == 75
    again.close()


def test_a_first_start_rebuilds_nothing_and_says_nothing(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path)
    assert store.load() == [] and store.profiles() == []
    store.close()


def test_a_history_deleted_under_kept_profiles_is_told(tmp_path: Path) -> None:
    two_saves(tmp_path)
    (tmp_path / "history.sqlite3").unlink()
    store = ProfileStore(tmp_path)
    assert [w.code for w in store.load()] == ["history_missing"]  # type: ignore[attr-defined]
    assert current(store).points == 70
    add_hand(store, "p", 5)
    store.close()
    assert counted_rows(tmp_path) == {"p": 1}
