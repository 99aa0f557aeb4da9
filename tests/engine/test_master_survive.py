"""报听: a declared opponent ends the hand sooner, and 大师's prospects count fewer rounds for
it (``plan.baoting.survive_declared``, benchmarks/survive_study.py and benchmarks/README.md)."""

from __future__ import annotations

import dataclasses

import pytest

import engine.ai.master as master
from engine.ai import MasterAI
from engine.ai.master import MasterV1, plan_for
from engine.game.actions import Action
from engine.game.rules import Room
from engine.game.tiles import parse_tiles

from .test_ai import _view

# one step from ready whatever it throws of the 5p and 5s; seat 1 has thrown no 饼
CONCEALED = "23456778m5p22588s"
PILES = ["", "2345m6m2s3s4s7s", "2s6m", "8m3p"]
FIVE_S = Action.discard(parse_tiles("5s")[0])


def _notes(ai: MasterAI, declared: list[int | None]) -> dict[Action, master.Note]:
    view = _view(CONCEALED, PILES, [None, *declared], Room.BAOTING)
    ai.notes = {}
    ai.decide(view, [Action.discard(t) for t in sorted(set(view.concealed))])
    assert ai.notes is not None
    return ai.notes


def test_the_shipped_table_counts_fewer_rounds_the_more_opponents_have_declared():
    table = plan_for(Room.BAOTING).survive_declared
    assert len(table) == 4 and all(0 < s <= 1 for s in table)
    assert list(table) == sorted(table, reverse=True) and table[0] > table[-1]
    # the open room, where nobody declares, keeps 大师 v1's rounds
    assert plan_for(Room.OPEN).survive_declared == () and plan_for(Room.OPEN).survive == 1.0


@pytest.mark.parametrize("declared", [[None, None, None], [5, None, None], [5, 2, None], [5, 2, 3]])
def test_each_declared_opponent_takes_the_rounds_the_table_gives(declared):
    ai = MasterAI()
    _notes(ai, declared)
    table = plan_for(Room.BAOTING).survive_declared
    assert ai._survival == table[sum(i is not None for i in declared)]


def test_the_same_discard_is_worth_less_to_the_hand_facing_more_declared_players():
    tables = ([None, None, None], [5, None, None], [5, 2, None])
    points = [_notes(MasterAI(), d)[FIVE_S].points for d in tables]
    assert points[0] > points[1] > points[2] > 0
    # without the table (大师 v1's rounds) the hand's own prospects do not see the declarations
    v1 = [_notes(MasterV1(), d)[FIVE_S].points for d in ([None, None, None], [5, None, None])]
    assert v1[0] == pytest.approx(v1[1])
    assert v1[0] > points[0]  # and the others' chance to end the hand before any declares


def test_master_v1_reads_no_table_and_the_table_is_read_from_the_parameters(monkeypatch):
    shipped = master.plan_for
    monkeypatch.setattr(master, "plan_for", lambda room: dataclasses.replace(
        shipped(room), survive_declared=(0.9, 0.5)))
    ai = MasterAI()
    _notes(ai, [5, 2, 3])
    assert ai._survival == 0.5  # the last entry for more declared opponents
    ai = MasterAI()
    _notes(ai, [None, None, None])
    assert ai._survival == 0.9
