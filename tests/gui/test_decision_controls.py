"""My decision on the table (gui.table.decision_controls), driven directly: the moves a request
allows become tiles to click and keys; a guide (the tutorial's script) narrows them to one move
and refuses any other; a choice reaches the table once."""

from __future__ import annotations

from typing import cast

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from engine.game.actions import Action, ActionKind
from engine.game.hand import Hand
from engine.game.rules import Ruleset
from engine.table.decision import DecisionRequest
from gui.parts.connection import TableConnection
from gui.table.widget import TableWidget
from gui.tiles.art import TileArt


class Recorder:
    """The table's side of a choice: what reached it."""

    def __init__(self) -> None:
        self.choices: list[tuple[int, Action | None]] = []

    def choose(self, request: int, action: Action | None) -> None:
        self.choices.append((request, action))


@pytest.fixture(scope="module")
def art() -> TileArt:
    return TileArt()


def _deciding(qtbot: QtBot, art: TileArt) -> tuple[TableWidget, DecisionRequest, Recorder]:
    """A table showing the dealer's first hand (seat 0, 14 tiles, to discard), not yet asked."""
    table = TableWidget(art, speed=0.0)
    qtbot.addWidget(table)
    table.resize(1280, 800)
    table.show()
    hand = Hand(Ruleset(), dealer=0, seed=5)
    for event in hand.events:
        table.scene.show_event(event.for_seat(0))
    QApplication.processEvents()
    recorder = Recorder()
    table.connection = cast(TableConnection, recorder)  # only its choose() is used
    return table, DecisionRequest(7, hand.view(0), tuple(hand.legal_actions(0)), time_limit=None), recorder


def _discards(request: DecisionRequest) -> list[Action]:
    return [a for a in request.legal if a.kind is ActionKind.DISCARD and not a.declare]


def _kind(table: TableWidget, item: int) -> int | None:
    return table.scene.model.kinds.get(item)


def test_every_legal_discard_is_a_tile_to_click_and_the_keys_walk_them(qtbot: QtBot, art: TileArt):
    table, request, recorder = _deciding(qtbot, art)
    decisions = table.decisions
    decisions.open(request)
    items = decisions.clickable_items()
    assert {_kind(table, i) for i in items} == {a.tile for a in _discards(request)}
    hand = table.scene.human_hand_items()
    assert not any(table.scene.tiles[i].dimmed for i in hand)  # nothing dimmed outside 报听 mode
    assert decisions.press(Qt.Key.Key_Left) and decisions.selected == items[-1]
    assert decisions.press(Qt.Key.Key_Right) and decisions.selected == items[0]  # round the hand
    assert table.scene.tiles[items[0]].selected_key
    assert not decisions.press(Qt.Key.Key_J)  # the table's key, not the decision's
    absent = next(k for k in range(21) if k not in request.view.concealed)
    assert not decisions.choose(Action.discard(absent)) and decisions.pending is request
    assert decisions.press(Qt.Key.Key_Return)  # the picked tile goes
    assert recorder.choices == [(7, Action.discard(cast(int, _kind(table, items[0]))))]
    assert decisions.pending is None and decisions.clickable_items() == []
    assert not decisions.choose(Action.discard(cast(int, _kind(table, items[0]))))  # once only
    assert len(recorder.choices) == 1


def test_a_guide_lets_only_its_move_through_and_refuses_the_others(qtbot: QtBot, art: TileArt):
    table, request, recorder = _deciding(qtbot, art)
    decisions = table.decisions
    discards = _discards(request)
    guided, other = discards[0], next(a for a in discards if a.tile != discards[0].tile)
    decisions.guide = lambda _request: guided
    refused: list[tuple[Action | None, Action]] = []
    chosen: list[Action | None] = []
    decisions.refused.connect(lambda action, expected: refused.append((action, expected)))
    decisions.chosen.connect(chosen.append)
    decisions.open(request)
    items = decisions.clickable_items()
    assert items and {_kind(table, i) for i in items} == {guided.tile}
    assert decisions.selected == items[-1] and table.scene.tiles[items[-1]].selected_key  # raised at once
    for item in table.scene.human_hand_items():
        tile = table.scene.tiles[item]
        assert tile.dimmed == (item not in items) and tile.clickable == (item in items)
    assert not decisions.choose(other)  # legal, but not the guided move
    assert refused == [(other, guided)] and recorder.choices == [] and decisions.pending is request
    assert decisions.press(Qt.Key.Key_Return)
    assert recorder.choices == [(7, guided)] and chosen == [guided]
    assert decisions.guided is None and decisions.pending is None
    assert not any(table.scene.tiles[i].dimmed for i in table.scene.human_hand_items())
