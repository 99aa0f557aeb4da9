"""Profiles and history on disk (gui.profile_store) and the 积分 levels of RULES §6."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.ai import make_ai
from engine.hand import Hand
from engine.levels import LEVELS, apply_hand, level_for, progress
from engine.match import Match
from engine.replay import FORMAT, record, replay
from engine.rules import Ruleset
from engine.seat import HandRunner
from gui import profile_store
from gui.profile_model import HandOutcome, Profile
from gui.profile_store import DB_SCHEMA_VERSION, SCHEMA_VERSION, HistoryRow, ProfileStore

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"

# RULES §6, copied from the table (not computed), so a wrong formula in engine.levels shows up:
# (级, 级别, 段位, next level at).
RULES_TABLE = [
    (1, "待业", "麻袋", 100), (2, "临时工", "街头一段", 200), (3, "合同工", "街头二段", 400),
    (4, "正式工", "街头三段", 800), (5, "助理主管", "街头霸王", 1600), (6, "副主管", "茶室一段", 3200),
    (7, "主管", "茶室二段", 6400), (8, "助理经理", "茶室三段", 12800), (9, "副经理", "茶室不败", 25600),
    (10, "经理", "酒店一段", 51200), (11, "助理总裁", "酒店二段", 102400), (12, "副总裁", "酒店三段", 204800),
    (13, "总裁", "酒店至尊", 409600), (14, "董事", "县级大师", 819200), (15, "副董事长", "市级大师", 1638400),
    (16, "董事长", "省级大师", 3276800), (17, "赌王", "国家大师", 6553600),
    (18, "赌圣", "国际大师", 13107200),
    (19, "赌神", "特级大师", 26214400), (20, "边锋首富", "麻将部长", 52428800),
    (21, "中国首富", "麻将总理", 104857600), (22, "亚洲首富", "麻将总统", 209715200),
    (23, "世界首富", "麻将皇帝", 419430400), (24, "财神", "麻将无敌", 838860800),
]
PROMOTIONS = RULES_TABLE[:-1]  # 23: level 24 is the top


# -- helpers ------------------------------------------------------------------------------------


@cache
def played(seed: int) -> Hand:
    """A real hand, played by four AIs (cached: several tests read the same hands)."""
    match = Match(Ruleset(), seed)
    hand = match.next_hand()
    HandRunner(hand, [make_ai("normal", seed=i) for i in range(4)]).run()
    assert hand.result is not None
    return hand


def outcome_for(hand: Hand, seat: int) -> HandOutcome:
    result = hand.result
    assert result is not None
    won = seat in result.winners
    return HandOutcome(
        room=hand.rules.room.value, delta=result.deltas[seat], won=won, self_draw=won and result.self_draw,
        deal_in=result.discarder == seat and not won, exhaustive=result.exhaustive,
    )


def fake_record(deltas: list[int], winners: list[int] | None = None,
                exhaustive: bool = False) -> dict[str, Any]:
    """Enough of an engine.replay record for record_hand (which does not replay it)."""
    return {
        "format": FORMAT, "format_version": 1, "rules": Ruleset().to_dict(), "seed": 1, "actions": [],
        "result": {"winners": winners or [], "deltas": deltas, "exhaustive": exhaustive},
    }


def add_hand(store: ProfileStore, name: str, delta: int, **flags: bool) -> tuple[Any, Any]:
    outcome = HandOutcome(room="open", delta=delta, **flags)
    return store.record_hand(name, outcome, fake_record([delta, -delta, 0, 0]), "m", [name, "b", "c", "d"], 0)


def new_store(path: Path) -> ProfileStore:
    store = ProfileStore(path)
    assert store.load() == []
    return store


@pytest.fixture
def store(tmp_path: Path) -> ProfileStore:
    s = new_store(tmp_path)
    yield s
    s.close()


def bad_files(directory: Path, name: str) -> list[Path]:
    return sorted(directory.glob(f"{name}.bad-*"))


# -- RULES §6: levels ----------------------------------------------------------------------------


def test_level_table_matches_rules() -> None:
    assert [(lv.number, lv.rank_title, lv.dan_title, lv.next_at) for lv in LEVELS] == RULES_TABLE
    assert len(PROMOTIONS) == 23


@pytest.mark.parametrize(("number", "rank", "dan", "threshold"), PROMOTIONS)
def test_level_boundary_engine(number: int, rank: str, dan: str, threshold: int) -> None:
    below, at, above = level_for(threshold - 1), level_for(threshold), level_for(threshold + 1)
    assert (below.number, below.rank_title, below.dan_title) == (number, rank, dan)
    assert at.number == above.number == number + 1
    assert (at.rank_title, at.dan_title) == RULES_TABLE[number][1:3]
    start, _end, fraction = progress(threshold)
    assert (start, fraction) == (threshold, 0.0)
    assert progress(threshold - 1)[1] == threshold


@pytest.mark.parametrize(("number", "rank", "dan", "threshold"), PROMOTIONS)
def test_level_boundary_profile(number: int, rank: str, dan: str, threshold: int) -> None:
    profile = Profile(name="p", points=threshold - 2)
    before, after = profile.record_hand(HandOutcome(room="open", delta=1))  # reaches just below
    assert (before.number, after.number, profile.points) == (number, number, threshold - 1)
    before, after = profile.record_hand(HandOutcome(room="open", delta=1))  # reaches the figure
    assert (before.number, after.number, profile.points) == (number, number + 1, threshold)
    before, after = profile.record_hand(HandOutcome(room="baoting", delta=1))  # just above
    assert (before.number, after.number) == (number + 1, number + 1)
    assert profile.points_history == [threshold - 1, threshold, threshold + 1]


def test_every_promotion_through_the_store(store: ProfileStore) -> None:
    """Walk the whole ladder with saved hands: each boundary announces exactly one promotion."""
    store.create("p")
    points = 0
    for number, _rank, _dan, threshold in PROMOTIONS:
        before, after = add_hand(store, "p", threshold - 1 - points)
        assert before.number <= after.number == number
        before, after = add_hand(store, "p", 1)
        assert (before.number, after.number) == (number, number + 1)
        before, after = add_hand(store, "p", 1)
        assert (before.number, after.number) == (number + 1, number + 1)
        points = threshold + 1
    profile = store.current()
    assert profile is not None
    assert profile.points == 838860800 // 2 + 1
    assert profile.level.number == 24 and profile.level.rank_title == "财神"
    assert new_store(store.base_dir).current() == profile  # and all of it was saved


def test_points_floor_at_zero_and_level_down(store: ProfileStore) -> None:
    assert apply_hand(30, -80) == 0
    assert apply_hand(0, -5) == 0
    store.create("p")
    add_hand(store, "p", 100)  # level 2
    before, after = add_hand(store, "p", -1)  # 99: back down
    assert (before.number, after.number) == (2, 1)
    before, after = add_hand(store, "p", 450)  # 549: level 4
    assert after.number == 4
    before, after = add_hand(store, "p", -10_000)  # floored at 0, down three levels at once
    assert (before.number, after.number) == (4, 1)
    profile = store.current()
    assert profile is not None
    assert profile.points == 0
    assert profile.points_history == [100, 99, 549, 0]
    assert profile.rooms["open"].net == 100 - 1 + 450 - 10_000  # the net is kept before the floor
    add_hand(store, "p", -3)  # at 0, a loss keeps 0
    assert store.current().points == 0  # type: ignore[union-attr]
    add_hand(store, "p", 100)  # and climbing starts again from 0
    assert store.current().level.number == 2  # type: ignore[union-attr]


# -- profiles ------------------------------------------------------------------------------------


def test_create_select_rename_delete(store: ProfileStore) -> None:
    assert store.current() is None
    a = store.create("  阿明 ")
    assert a.name == "阿明" and a.created
    assert store.current() == a  # the first profile becomes current
    store.create("Bob")
    assert store.current().name == "阿明"  # type: ignore[union-attr]
    store.select("Bob")
    assert store.current().name == "Bob"  # type: ignore[union-attr]
    store.rename("Bob", "Robert")
    assert [p.name for p in store.profiles()] == ["阿明", "Robert"]
    assert store.current().name == "Robert"  # type: ignore[union-attr]
    store.delete("Robert")
    assert store.current() is None
    assert [p.name for p in store.profiles()] == ["阿明"]
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
    assert store.current().points == 0  # type: ignore[union-attr]


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
    assert again.current().name == "q"  # type: ignore[union-attr]
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
    monkeypatch.delenv(profile_store.ENV_DATA_DIR, raising=False)
    default = profile_store.data_dir()
    assert "hefei-mahjong" in str(default)
    assert str(default).startswith(os.environ["XDG_DATA_HOME"])  # conftest keeps it in a temp dir
    monkeypatch.setenv(profile_store.ENV_DATA_DIR, str(tmp_path / "elsewhere"))
    store = ProfileStore()
    assert store.load() == []
    store.create("p")
    assert (tmp_path / "elsewhere" / "profiles.json").is_file()
    assert (tmp_path / "elsewhere" / "history.sqlite3").is_file()
    store.close()
    assert ProfileStore(tmp_path / "given").base_dir == tmp_path / "given"  # the argument wins


def test_store_module_does_not_import_qt() -> None:
    code = "import sys, gui.profile_store; sys.exit(any(m.startswith('PySide6') for m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


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
    before_profiles, before_rows = store.profiles(), store.history("a")
    real_replace = os.replace

    def crash(src: Any, dst: Any) -> None:
        # The temp file is complete and fsynced; the "power cut" comes before the rename.
        if fail_on == "every replace" or Path(dst) == store.profiles_path:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        store.create("b")
    with pytest.raises(OSError):
        add_hand(store, "a", 500)
    with pytest.raises(OSError):
        store.save_match_in_progress("a", {"x": 1})
    monkeypatch.setattr(os, "replace", real_replace)

    # Nothing changed: not the file, not the store in memory, not the history.
    assert store.profiles_path.read_bytes() == before_bytes
    assert store.profiles() == before_profiles
    assert store.history("a") == before_rows
    assert store.match_in_progress("a") is None
    assert not list(store.base_dir.glob(".*.tmp"))
    store.close()
    again = new_store(store.base_dir)
    assert again.profiles() == before_profiles and again.profiles()[0].points == 120
    assert again.history("a") == before_rows
    again.create("b")  # and it works again afterwards
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
    assert [(p.name, p.points) for p in again.profiles()] == [("a", 300)]
    assert again.current().name == "a"  # type: ignore[union-attr]
    assert again.history("a")[0].delta == 300  # the history did not care
    again.close()
    third = new_store(tmp_path)  # the restored file was written back: a clean start now
    assert [p.name for p in third.profiles()] == ["a"]
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
    assert [p.name for p in again.profiles()] == ["a"]
    again.close()


def test_profiles_from_a_newer_program_are_never_overwritten(tmp_path: Path) -> None:
    newer = b'{"schema": 99, "profiles": [], "hologram": true}'
    (tmp_path / "profiles.json").write_bytes(newer)
    store = ProfileStore(tmp_path)
    warnings = store.load()
    assert len(warnings) == 1 and "newer version" in warnings[0]
    with pytest.raises(OSError):
        store.create("a")
    assert (tmp_path / "profiles.json").read_bytes() == newer
    assert store.profiles() == []
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
    assert again.current().totals().hands == 2  # type: ignore[union-attr]
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
    assert store.current().points == 15  # type: ignore[union-attr]
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
    assert store.current().points == 40  # type: ignore[union-attr]
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
    assert saved["schema"] == SCHEMA_VERSION == 2  # the upgrade is written at once
    assert (tmp_path / "profiles.json.bak").read_bytes() == fixture.read_bytes()  # the original is kept
    assert store.match_in_progress("小明") is None
    add_hand(store, "小明", 250)  # 1600: the next level
    assert store.current().level.number == 6  # type: ignore[union-attr]
    store.close()
    again = new_store(tmp_path)
    assert again.current().points == 1600  # type: ignore[union-attr]
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
        assert db.execute("PRAGMA user_version").fetchone()[0] == DB_SCHEMA_VERSION == 1
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
    assert store.current().points == 10  # type: ignore[union-attr]
    store.close()
    assert (tmp_path / "history.sqlite3").read_bytes() == before


# -- history -----------------------------------------------------------------------------------


def test_history_rows_newest_first_with_result_texts(store: ProfileStore) -> None:
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
    assert [row.result for row in rows] == ["—", "荒庄", "点炮", "点炮胡", "自摸"]
    assert [row.delta for row in rows] == [-10, 0, -14, 12, 30]
    assert [row.match_id for row in rows] == ["m2", "m2", "m1", "m1", "m1"]
    assert rows[2].room == "baoting" and not any(row.imported for row in rows)
    assert rows[0].played_at[:4].isdigit() and "T" in rows[0].played_at
    assert [row.id for row in store.history("a", limit=2)] == [rows[0].id, rows[1].id]
    assert store.history("a", limit=0) == []
    assert len(store.history("other")) == 1
    totals = store.current().totals()  # type: ignore[union-attr]
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
    assert summary["deltas"] == list(hand.result.deltas)  # type: ignore[union-attr]
    assert summary["winners"] == list(hand.result.winners)  # type: ignore[union-attr]
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
    assert store.current().points_history == []  # type: ignore[union-attr]


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
    assert store.current().points == 0  # type: ignore[union-attr]


# -- saved hands: export, import, replay ------------------------------------------------------------


def test_replay_of_stored_record_reproduces_the_live_hand(store: ProfileStore) -> None:
    store.create("a")
    for seed in range(4):
        hand = played(seed)
        store.record_hand("a", outcome_for(hand, 0), record(hand), f"m{seed}", ["a", "b", "c", "d"], 0)
        stored = store.hand_record(store.history("a", limit=1)[0].id)
        again = replay(stored)
        assert again.events == hand.events
        assert again.result == hand.result
        final = [s + d for s, d in zip(again.scores_before, again.result.deltas, strict=True)]  # type: ignore[union-attr]
        live = [s + d for s, d in zip(hand.scores_before, hand.result.deltas, strict=True)]  # type: ignore[union-attr]
        assert final == live


def test_export_import_round_trip(store: ProfileStore, tmp_path: Path) -> None:
    store.create("winner")
    store.create("friend")
    hand = played(1)
    assert hand.result is not None and hand.result.winners
    seat = hand.result.winners[0]
    names = ["东家", "南家", "西家", "北家"]
    names[seat] = "winner"
    store.record_hand("winner", outcome_for(hand, seat), record(hand), "match-x", names, seat)
    [row] = store.history("winner")
    path = tmp_path / "saved hand.json"
    assert store.export_hand(row.id, path) == path
    exported = json.loads(path.read_text("utf-8"))
    assert exported["format"] == FORMAT
    assert exported["names"] == names and exported["profile"] == "winner" and exported["human_seat"] == seat
    assert replay(exported).events == hand.events

    new_id = store.import_hand(path, "friend")
    [imported] = store.history("friend")
    assert imported.id == new_id and imported.imported
    assert (imported.delta, imported.result, imported.room, imported.match_id) == (
        row.delta, row.result, row.room, "match-x")
    assert store.current().name == "winner"  # type: ignore[union-attr]
    friend = next(p for p in store.profiles() if p.name == "friend")
    assert friend.points == 0 and friend.totals().hands == 0  # an import is not a hand played
    again = replay(store.hand_record(new_id))
    assert again.events == hand.events and again.result == hand.result
    assert store.hand_record(new_id)["names"] == names

    # And across a restart, the import is still there.
    store.close()
    reopened = new_store(store.base_dir)
    assert reopened.history("friend") == [imported]
    reopened.close()


def _tampered(data: dict[str, Any], how: str) -> Any:
    data = json.loads(json.dumps(data))
    if how == "delta":
        data["result"]["deltas"][0] += 1
        data["result"]["deltas"][1] -= 1
    elif how == "winners":
        data["result"]["winners"] = [(data["result"]["winners"] or [0])[0] ^ 1]
    elif how == "no result":
        del data["result"]
    elif how == "action dropped":
        del data["actions"][len(data["actions"]) // 2]
    elif how == "actions cut":
        data["actions"] = data["actions"][:5]
    elif how == "seed":
        data["seed"] += 1
    elif how == "scores":
        data["scores_before"] = [1, 2, 3]
    elif how == "rules":
        data["rules"]["cheat"] = True
    elif how == "format":
        data["format"] = "chess"
    elif how == "version":
        data["format_version"] = 99
    elif how == "action garbage":
        data["actions"][3] = [0, {"type": "teleport"}]
    elif how == "action shape":
        data["actions"][3] = 17
    return data


TAMPERING = ["delta", "winners", "no result", "action dropped", "actions cut", "seed", "scores", "rules",
             "format", "version", "action garbage", "action shape"]


@pytest.mark.parametrize("how", TAMPERING)
def test_import_of_tampered_hand_is_refused(store: ProfileStore, tmp_path: Path, how: str) -> None:
    store.create("a")
    hand = played(1)
    store.record_hand("a", outcome_for(hand, 0), record(hand), "m", ["a", "b", "c", "d"], 0)
    path = tmp_path / "hand.json"
    store.export_hand(store.history("a")[0].id, path)
    path.write_text(json.dumps(_tampered(json.loads(path.read_text("utf-8")), how)), "utf-8")
    with pytest.raises(ValueError) as refused:
        store.import_hand(path, "a")
    assert str(refused.value)  # a message the GUI can show
    assert len(store.history("a")) == 1  # nothing stored


@pytest.mark.parametrize("content", [
    b"", b"\x00\x01\x02 garbage", b"\xff\xfe\xfd", b"[]", b"42", b'"text"', b"{}", b"[" * 100_000,
    b'{"format": "hefei-mahjong-hand"}',
    b'{"format": "hefei-mahjong-hand", "format_version": 1, "result": {}}',
])
def test_import_of_garbage_is_refused(store: ProfileStore, tmp_path: Path, content: bytes) -> None:
    store.create("a")
    path = tmp_path / "junk.json"
    path.write_bytes(content)
    with pytest.raises(ValueError):
        store.import_hand(path, "a")
    assert store.history("a") == []


def test_import_of_missing_or_huge_file_is_refused(store: ProfileStore, tmp_path: Path) -> None:
    store.create("a")
    with pytest.raises(ValueError, match="cannot be read"):
        store.import_hand(tmp_path / "nowhere.json", "a")
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (profile_store.MAX_IMPORT_BYTES + 1))
    with pytest.raises(ValueError, match="too large"):
        store.import_hand(huge, "a")
    with pytest.raises(ValueError, match="no profile named"):
        store.import_hand(huge, "nobody")
    assert store.history("a") == []


def test_unknown_hand_id(store: ProfileStore, tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        store.hand_record(12345)
    with pytest.raises(ValueError):
        store.export_hand(12345, tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()
