"""The 复盘's figures over a match: each hand's loss kept for the review's curve,
older figures (which counted a move off 大师's path as 100) not read as losses, the 托管 marks
kept through an import, and a hand 托管 played all of left out of the agreement chart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.records.replay import auto_moves, mark_auto, record
from engine.records.review import REVIEW_VERSION, review_hand
from storage.reviews import loss_of
from storage.store import ProfileStore
from tests.profile_helpers import outcome_for, played


def _play_into(store: ProfileStore, name: str, seed: int, match_id: str, auto: bool = False) -> dict:
    hand = played(seed)
    data = record(hand, (name, "", "", ""), "2026-01-01T10:00:00")
    if auto:  # 托管 made every move of seat 0
        assert mark_auto(data, 0, ["autoplay"] * sum(1 for who, _ in data["actions"] if who == 0))
    store.record_hand(name, outcome_for(hand, 0), data, match_id, [name, "", "", ""], 0)
    return data


def test_each_hands_loss_over_the_match_in_order(store: ProfileStore) -> None:
    store.create("p")
    hands = [_play_into(store, "p", seed, "m1") for seed in (3, 5, 8)]
    _play_into(store, "p", 9, "other")
    assert store.match_losses("p", "m1") == [None, None, None]  # none reviewed yet
    reviews = [review_hand(data, 0) for data in hands]
    store.record_review("p", "m1", hands[2], reviews[2].summary())
    store.record_review("p", "m1", hands[0], reviews[0].summary())
    expected = [round(reviews[0].total_loss, 2), None, round(reviews[2].total_loss, 2)]
    assert store.match_losses("p", "m1") == expected
    ids = [row.id for row in reversed(store.history("p"))]  # oldest first
    assert store.hand_match_losses(ids[1]) == (expected, 1)
    assert store.hand_match_losses(ids[3]) == ([None], 0)  # the other match: one hand
    with pytest.raises(ValueError):
        store.hand_match_losses(10_000)


def test_an_older_reviews_loss_is_not_read_as_one() -> None:
    old = json.dumps({"review_version": 1, "decisions": 5, "agreement": 0.4, "loss": 333.5})
    assert loss_of(old) is None
    new = json.dumps({"review_version": REVIEW_VERSION, "decisions": 5, "agreement": 0.4, "loss": 3.5})
    assert loss_of(new) == 3.5
    for bad in (None, "", "[]", "{", json.dumps({"review_version": "2", "loss": 1}),
                json.dumps({"review_version": 2, "loss": -1}), json.dumps({"review_version": 2})):
        assert loss_of(bad) is None


def test_a_hand_autoplay_played_has_no_agreement_for_the_chart(store: ProfileStore) -> None:
    store.create("p")
    mine = _play_into(store, "p", 3, "m1")
    auto = _play_into(store, "p", 5, "m1", auto=True)
    for data in (mine, auto):
        store.record_review("p", "m1", data, review_hand(data, 0).summary())
    summary = review_hand(auto, 0).summary()
    assert summary["decisions"] == 0 and summary["agreement"] is None
    assert len(store.agreement_history("p")) == 1  # 托管's hand is not the player's play
    # nor a hand the player gave nothing away in: no dot on the review's curve (QA: drawn at 0)
    losses = store.match_losses("p", "m1")
    assert losses[0] is not None and losses[1] is None


def test_an_imported_hand_keeps_its_autoplay_marks(store: ProfileStore, tmp_path: Path) -> None:
    store.create("p")
    data = _play_into(store, "p", 5, "m1", auto=True)
    hand_id = store.history("p")[0].id
    file = store.export_hand(hand_id, tmp_path / "hand.json")
    exported = json.loads(file.read_text("utf-8"))
    assert auto_moves(exported) == auto_moves(data) != {}
    others = next(step for step, (who, _) in enumerate(data["actions"]) if who != 0)
    exported["auto"].append([others, "autoplay"])  # not the player's move
    exported["auto"].append([99_999, "timeout"])  # no such move
    file.write_text(json.dumps(exported), "utf-8")
    imported = store.import_hand(file, "p")
    assert auto_moves(store.hand_record(imported)) == auto_moves(data)
