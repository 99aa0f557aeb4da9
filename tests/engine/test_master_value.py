"""大师 gives up speed for value when its plan says so (``value_margin``, ``item_share``): a
discard off the efficient path stands when its offence is clearly more; off, 大师 v1's play."""

from __future__ import annotations

import dataclasses
import math

import pytest

import engine.ai.master as master
from engine.ai import MasterAI
from engine.ai.held_items import held_items
from engine.game.actions import Action
from engine.game.analysis import TileCounts
from engine.game.rules import Room
from engine.game.tiles import parse_tiles

from .test_ai import _view

# 22444m333366p666s, early: throwing a 4m keeps the most improving tiles (22 of them); throwing
# the 2m keeps the 坎 444m, 同 of the 6s and 6p, for 12 (off the efficient path)
HAND = "22444m333366p666s"
TWO_M, FOUR_M = (Action.discard(parse_tiles(t)[0]) for t in ("2m", "4m"))


def _tile(text: str) -> int:
    return parse_tiles(text)[0]


def _held(text: str, discard: str, kongs: str = "") -> int:
    hand = TileCounts.of(parse_tiles(text))
    return held_items(hand.counts, parse_tiles(kongs) if kongs else (), _tile(discard))


def test_held_items_reads_tong_kan_huo_and_twin_sequences_as_the_rules_count_them():
    # 同: three 4m, two 4s and three 4p are eight of rank 4 (+4), and each triplet a 坎
    assert _held("444m44s444p2367m", "2m") == 4 + 2
    assert _held("444m44s444p2367m", "4s") == 3 + 2  # seven of rank 4 now
    # 555666777m: three 坎 (+3) or 567m three times, 双铺子 2 × (3 − 1) = +4: the better
    assert _held("555666777m2345p", "2p") == 4
    # four identical concealed tiles: a 活 (+4), not also a 坎; a kong's tiles count for 同
    assert _held("3333m27p88s", "2p") == 4
    assert _held("5m5p27s", "2s", kongs="5s") == 6 - 4  # kong 5555s, 5m and 5p: six of rank 5
    assert _held("2345678m", "2m") == 0  # a plain run holds nothing yet


def _with(monkeypatch: pytest.MonkeyPatch, item_share: float, value_margin: float = math.inf) -> None:
    shipped = master.plan_for
    monkeypatch.setattr(master, "plan_for", lambda room: dataclasses.replace(
        shipped(room), item_share=item_share, value_margin=value_margin))


def test_the_shipped_plans_keep_the_efficient_path_as_master_v1_did():
    for room in Room:
        plan = master.plan_for(room)
        assert plan.value_margin == math.inf and plan.item_share == 0.0


def test_a_value_margin_lets_a_clearly_more_valuable_slow_discard_stand(monkeypatch):
    view = _view(HAND, ["", "", "", ""], [None] * 4, Room.OPEN, tiles_left=50)
    legal = [Action.discard(t) for t in sorted(set(view.concealed))]
    _with(monkeypatch, item_share=1.0)
    off = MasterAI()
    off.notes = {}
    assert off.decide(view, legal) == FOUR_M
    kept, fast = off.notes[TWO_M], off.notes[FOUR_M]
    assert kept.slow and not fast.slow
    assert kept.candidate.shanten == fast.candidate.shanten
    assert kept.candidate.ukeire < fast.candidate.ukeire
    assert kept.points > fast.points + 2  # clearly more valuable, yet never chosen
    assert dict((o.action, o.value) for o in off.appraise(view, legal))[TWO_M] < -50

    _with(monkeypatch, item_share=1.0, value_margin=2.0)
    on = MasterAI()
    on.notes = {}
    assert on.decide(view, legal) == TWO_M
    assert not on.notes[TWO_M].slow
    assert [MasterAI().decide(view, legal) for _ in range(3)] == [TWO_M] * 3  # deterministic
    # a margin above the slow discard's gain keeps the efficient path
    _with(monkeypatch, item_share=1.0, value_margin=kept.points - fast.points + 0.5)
    assert MasterAI().decide(view, legal) == FOUR_M


@pytest.mark.parametrize("room", list(Room))
def test_master_giving_up_speed_for_value_plays_legally_and_deterministically(monkeypatch, room):
    from .test_master import _table

    _with(monkeypatch, item_share=1.0, value_margin=0.0)
    # Recorder asserts every action is one of the legal ones; the table checks the points add up
    first = [_table(room, 2000 + n, n % 4, others="hard")[1][n % 4].decisions for n in range(30)]
    again = [_table(room, 2000 + n, n % 4, others="hard")[1][n % 4].decisions for n in range(0, 30, 5)]
    assert again == first[::5]
