"""The 复盘 figures kept per hand: stored in the hand's history row after the hand, read back for
the profile's chart, absent (None) for hands of older histories, never lost to a refused save."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from engine.records.replay import record
from engine.records.review import review_hand
from storage.history import _db_v1, _db_v2, _db_v3, insert_hand
from storage.reviews import check_review, hand_digest, rolling_mean
from storage.store import ProfileStore
from tests.profile_helpers import fake_record, new_store, outcome_for, played, refuse_saves


def figures(decisions: int, agreement: float | None, loss: float) -> dict:
    return {"review_version": 1, "decisions": decisions, "agreement": agreement, "loss": loss}


def _play_into(store: ProfileStore, name: str, seed: int, match_id: str = "m1") -> dict:
    hand = played(seed)
    data = record(hand, ("a", "b", "c", "d"), "2026-01-01T10:00:00")
    store.record_hand(name, outcome_for(hand, 0), data, match_id, [name, "", "", ""], 0)
    return data


def test_a_review_is_kept_with_its_hand_and_read_back(store: ProfileStore) -> None:
    store.create("p")
    first = _play_into(store, "p", 3)
    second = _play_into(store, "p", 5)
    review = review_hand(second, 0)
    assert review.agreement is not None
    store.record_review("p", "m1", second, review.summary())
    rows = store.history("p")  # newest first
    assert rows[0].agreement == pytest.approx(review.agreement, abs=1e-4)
    assert rows[1].agreement is None  # the first hand was not reviewed
    assert store.agreement_history("p") == [pytest.approx(review.agreement, abs=1e-4)]
    store.record_review("p", "m1", first, figures(4, 0.25, 3.5))
    # in the order of the hands, not of the reviews
    assert store.agreement_history("p") == [0.25, pytest.approx(review.agreement, abs=1e-4)]
    with sqlite3.connect(store.history_path) as db:
        stored = [json.loads(r[0]) for r in db.execute("SELECT review FROM hands ORDER BY id")]
    assert stored[0] == {"review_version": 1, "decisions": 4, "agreement": 0.25, "loss": 3.5}
    assert stored[1] == review.summary()


def test_a_hand_with_no_choice_is_kept_without_a_figure(store: ProfileStore) -> None:
    store.create("p")
    data = _play_into(store, "p", 3)
    store.record_review("p", "m1", data, figures(0, None, 0.0))
    assert store.history("p")[0].agreement is None
    assert store.agreement_history("p") == []


@pytest.mark.parametrize("summary", [
    None, [], {"review_version": 1, "decisions": 2, "agreement": 1.5, "loss": 0},
    {"review_version": 1, "decisions": 2, "agreement": float("nan"), "loss": 0},
    {"review_version": 1, "decisions": 0, "agreement": 0.5, "loss": 0},
    {"review_version": 1, "decisions": 2, "agreement": 0.5, "loss": -1},
    {"review_version": "1", "decisions": 2, "agreement": 0.5, "loss": 0},
    {"review_version": 1, "decisions": True, "agreement": 0.5, "loss": 0},
])
def test_bad_figures_are_refused(store: ProfileStore, summary: object) -> None:
    store.create("p")
    data = _play_into(store, "p", 3)
    with pytest.raises(ValueError):
        store.record_review("p", "m1", data, summary)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        check_review(summary)
    assert store.history("p")[0].agreement is None
    assert store.unsaved == 0


def test_a_review_of_a_hand_the_history_lacks_is_logged_not_raised(store: ProfileStore, caplog) -> None:
    store.create("p")
    data = _play_into(store, "p", 3)
    store.record_review("p", "another match", data,
                        figures(2, 0.5, 1.0))
    assert "no hand" in caplog.text
    assert store.agreement_history("p") == [] and store.unsaved == 0
    with pytest.raises(ValueError):
        store.record_review("nobody", "m1", data, {"review_version": 1, "decisions": 0, "agreement": None,
                                                   "loss": 0})


def test_a_refused_review_is_kept_and_written_after_its_hand(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    store = new_store(tmp_path)
    store.create("p")
    real_replace = os.replace
    refuse_saves(monkeypatch)
    data = _play_into(store, "p", 3)  # the hand itself is not saved yet either
    store.record_review("p", "m1", data, figures(5, 0.8, 2.0))
    assert store.unsaved == 2
    monkeypatch.setattr(os, "replace", real_replace)
    monkeypatch.undo()
    assert store.retry() is True
    store.close()
    again = new_store(tmp_path)
    assert again.agreement_history("p") == [0.8]
    again.close()


def _v3_history(folder: Path) -> None:
    """A history as the program wrote it before reviews (schema 3: no review column)."""
    folder.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(folder / "history.sqlite3")
    for step in (_db_v1, _db_v2, _db_v3):
        step(db)
    insert_hand(db, "p", "2025-05-01T20:00:00+08:00", "open", 10, "self_draw", {},
                fake_record([10, -10, 0, 0]), ["p", "", "", ""], 0, "old", imported=False)
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()
    (folder / "profiles.json").write_text(json.dumps({
        "schema": 3, "current": "p", "in_progress": {},
        "profiles": [{"name": "p", "points": 10, "created": "2025-05-01", "points_history": [10]}],
    }), "utf-8")


def test_an_old_history_reads_with_no_figures_and_takes_new_ones(tmp_path: Path) -> None:
    _v3_history(tmp_path)
    store = new_store(tmp_path)
    [old] = store.history("p")
    assert old.agreement is None and old.delta == 10
    assert store.agreement_history("p") == []
    data = _play_into(store, "p", 3)
    store.record_review("p", "m1", data, figures(3, 2 / 3, 1.0))
    assert store.agreement_history("p") == [pytest.approx(2 / 3)]
    store.close()
    with sqlite3.connect(tmp_path / "history.sqlite3") as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 4


def test_the_digest_finds_the_hand_whatever_its_names_and_time() -> None:
    data = record(played(3), ("a", "b", "c", "d"), "2026-01-01T10:00:00")
    kept = json.loads(json.dumps(dict(data, names=["a", "", "", ""], played_at="later", human_seat=0)))
    assert hand_digest(kept) == hand_digest(data)
    assert hand_digest(record(played(5))) != hand_digest(data)


def test_rolling_mean() -> None:
    assert rolling_mean([]) == []
    assert rolling_mean([1.0, 0.0, 0.5], window=2) == [1.0, 0.5, 0.25]
    assert rolling_mean([1.0] * 30 + [0.0] * 10, window=20)[-1] == 0.5


def test_the_hands_with_no_review_yet_newest_first(store: ProfileStore) -> None:
    """What the session asks to be reviewed again after a hand: a review dropped as the game
    closed is not lost for good (a hand reviewed with no choice to make is not one of them)."""
    store.create("p")
    _play_into(store, "p", 3)
    second = _play_into(store, "p", 5)
    _play_into(store, "p", 7, match_id="m2")
    ids = [row.id for row in store.history("p")]  # newest first
    store.record_review("p", "m1", second, figures(0, None, 0.0))
    assert store.unreviewed("p", 10) == [(ids[0], "m2"), (ids[2], "m1")]
    assert store.unreviewed("p", 1) == [(ids[0], "m2")]
    assert store.unreviewed("p", 0) == []
    with pytest.raises(ValueError):
        store.unreviewed("nobody", 5)
