"""大师 lets a discard win pass when keeping the ready hand is worth more (``plan.pass_share``):
with no 过胡 the same kinds may still win later, and a self-draw is paid by three. Late in the
hand, or with few waits left, it takes the win; 大师 v1 takes every win."""

from __future__ import annotations

import dataclasses

import pytest

import engine.ai.master as master
from engine.ai import MasterAI
from engine.ai.explain import weigh
from engine.ai.master import MasterV1
from engine.game.actions import PASS, WIN, Action
from engine.game.rules import Room
from engine.game.tiles import parse_tiles
from engine.game.view import Phase, SeatView

from .test_ai import _view

# 23445678m555p33s: ready on 3m and 6m (four 万 kinds short of the wall's eight: the 8-tile rule
# holds with 万), a 13-point hand on a discard (base 10, 支 0, 坎 555p, the 卡 or not)
READY = "23445678m555p33s"
CLAIM = [WIN, PASS]


def _claim(room: Room, tiles_left: int, tile: str = "6m", hand: str = READY) -> SeatView:
    """Seat 2 has just thrown `tile`, a wait of seat 0's ready hand (declared in 报听)."""
    declared: list[int | None] = [0, None, None, None] if room is Room.BAOTING else [None] * 4
    view = _view(hand, ["", "", "", ""], declared, room, tiles_left=tiles_left)
    kind = parse_tiles(tile)[0]
    return dataclasses.replace(
        view, phase=Phase.CLAIM, current=2, drawn=None, last_discard=(2, kind),
        hand_sizes=(13, 13, 13, 13), discards=((), (), (kind,), ()))


def _share(monkeypatch: pytest.MonkeyPatch, share: float) -> None:
    shipped = master.plan_for
    monkeypatch.setattr(master, "plan_for", lambda room: dataclasses.replace(shipped(room), pass_share=share))


@pytest.mark.parametrize("room", list(Room))
def test_the_shipped_plan_lets_an_early_cheap_discard_win_pass_and_takes_it_late(room):
    early, late = _claim(room, 70), _claim(room, 10)
    assert MasterAI().decide(early, CLAIM) == PASS
    assert MasterAI().decide(late, CLAIM) == WIN
    # the figures behind it: taking pays the hand now, keeping it is worth more while the
    # wall is long, and less and less as it runs down
    plan = master.plan_for(room)
    ai = MasterAI()
    keeps = [ai._keep_value(_claim(room, n), plan) for n in (70, 50, 30, 10)]
    assert keeps == sorted(keeps, reverse=True)
    taken = ai._win_value(early)
    assert plan.pass_share * keeps[0] > taken + plan.win_bonus > plan.pass_share * keeps[-1]


@pytest.mark.parametrize("room", list(Room))
def test_master_v1_and_a_plan_without_a_share_take_every_win(room, monkeypatch):
    early = _claim(room, 70)
    assert MasterV1().decide(early, CLAIM) == WIN
    _share(monkeypatch, 0.0)
    assert MasterAI().decide(early, CLAIM) == WIN


def test_the_share_is_how_much_of_the_kept_hand_counts(monkeypatch):
    view = _claim(Room.OPEN, 50)
    _share(monkeypatch, 0.3)  # a third of its worth: the sure win is more
    assert MasterAI().decide(view, CLAIM) == WIN
    _share(monkeypatch, 2.0)
    assert MasterAI().decide(view, CLAIM) == PASS
    # a hand whose waits are all seen has nothing to keep: the last 6m is the one on offer
    three, six = parse_tiles("3m6m")
    dry = dataclasses.replace(view, discards=((), (three,) * 3, (six,) * 3, ()))
    assert MasterAI()._keep_value(dry, master.plan_for(Room.OPEN)) == 0.0
    assert MasterAI().decide(dry, CLAIM) == WIN


def test_a_self_drawn_win_is_always_taken():
    view = _view("23445678m555p33s6m", ["", "", "", ""], [None] * 4, Room.OPEN, tiles_left=70)
    assert MasterAI().decide(view, [WIN, *(Action.discard(t) for t in sorted(set(view.concealed)))]) == WIN


@pytest.mark.parametrize("room", list(Room))
def test_the_review_weighs_the_pass_as_master_plays_it(room):
    view = _claim(room, 70)
    weighed = weigh(view, CLAIM)
    assert weighed[0].action == PASS == MasterAI().decide(view, CLAIM)
    win = next(w for w in weighed if w.action == WIN)
    assert weighed[0].value > win.value > 0
    assert [MasterAI().decide(view, CLAIM) for _ in range(3)] == [PASS] * 3  # deterministic
