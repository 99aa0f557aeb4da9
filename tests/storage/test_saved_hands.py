"""Saved hands: replaying a stored record, exporting a hand to a file and importing it,
and the files an import refuses.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

import storage.store
from engine.records.replay import FORMAT, record, replay
from storage.imports import ImportRefused
from storage.store import ProfileStore
from tests.profile_helpers import current, new_store, outcome_for, played

# -- saved hands: export, import, replay ------------------------------------------------------------


def _one_hand(store: ProfileStore) -> int:
    store.create("a")
    hand = played(2)
    store.record_hand("a", outcome_for(hand, 0), record(hand), "m", ["a", "b", "c", "d"], 0)
    return store.history("a")[0].id


def test_export_through_a_link_writes_the_file_it_names_and_keeps_the_link(store: ProfileStore,
                                                                          tmp_path: Path) -> None:
    hand_id = _one_hand(store)
    real, link = tmp_path / "real.json", tmp_path / "link.json"
    real.write_text("old", "utf-8")
    link.symlink_to(real)
    assert store.export_hand(hand_id, link) == real
    assert link.is_symlink() and json.loads(real.read_text("utf-8"))["format"] == FORMAT


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_export_never_writes_over_a_pipe_or_a_folder(store: ProfileStore, tmp_path: Path) -> None:
    """As root, exporting to /dev/full put a plain file in the device's place."""
    hand_id = _one_hand(store)
    pipe, folder = tmp_path / "pipe", tmp_path / "folder.json"
    os.mkfifo(pipe)
    folder.mkdir()
    for target in (pipe, folder):
        with pytest.raises(OSError, match="not a regular file"):
            store.export_hand(hand_id, target)
    assert stat.S_ISFIFO(pipe.lstat().st_mode) and folder.is_dir() and not any(folder.iterdir())


def test_replay_of_stored_record_reproduces_the_live_hand(store: ProfileStore) -> None:
    store.create("a")
    for seed in range(4):
        hand = played(seed)
        store.record_hand("a", outcome_for(hand, 0), record(hand), f"m{seed}", ["a", "b", "c", "d"], 0)
        stored = store.hand_record(store.history("a", limit=1)[0].id)
        again = replay(stored)
        assert again.events == hand.events
        assert again.result == hand.result
        assert again.result is not None and hand.result is not None
        final = [s + d for s, d in zip(again.scores_before, again.result.deltas, strict=True)]
        live = [s + d for s, d in zip(hand.scores_before, hand.result.deltas, strict=True)]
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
    assert current(store).name == "winner"
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
    with pytest.raises(ImportRefused) as refused:  # a ValueError
        store.import_hand(tmp_path / "nowhere.json", "a")
    assert refused.value.code == "unreadable" and refused.value.values["name"] == "nowhere.json"
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (storage.store.MAX_IMPORT_BYTES + 1))
    with pytest.raises(ImportRefused) as refused:
        store.import_hand(huge, "a")
    assert refused.value.code == "too_large"
    with pytest.raises(ValueError, match="no profile named"):
        store.import_hand(huge, "nobody")
    assert store.history("a") == []


def test_unknown_hand_id(store: ProfileStore, tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        store.hand_record(12345)
    with pytest.raises(ValueError):
        store.export_hand(12345, tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()


@pytest.mark.parametrize(("version", "shown_as"), [(99, "99"), ("1", '"1"'), (None, "null")])
def test_a_hand_of_another_format_is_refused_saying_which(store: ProfileStore, tmp_path: Path,
                                                          version: Any, shown_as: str) -> None:
    """A quoted "1" used to be refused as "saved hand format 1 is not supported"."""
    hand_id = _one_hand(store)
    path = tmp_path / "hand.json"
    store.export_hand(hand_id, path)
    data = json.loads(path.read_text("utf-8"))
    data["format_version"] = version
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(ImportRefused) as refused:
        store.import_hand(path, "a")
    assert (refused.value.code, refused.value.values["version"]) == ("other_format", shown_as)
