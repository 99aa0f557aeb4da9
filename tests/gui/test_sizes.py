"""Sizes that follow the window and where the eye is: the player's bar grows with the
window, my decision's countdown is on my own name plate, the 托管 banner covers nothing of the
table."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from engine.game.hand import Hand
from engine.game.rules import Ruleset
from engine.table.decision import DecisionRequest
from gui import theme
from gui.table.action_bar import BAR_HEIGHT, bar_scale
from gui.table.widget import TableWidget
from gui.tiles.art import TileArt


@pytest.fixture(scope="module")
def art() -> TileArt:
    return TileArt()


def _table(qtbot: QtBot, art: TileArt, width: int, height: int) -> TableWidget:
    table = TableWidget(art, speed=0.0)
    qtbot.addWidget(table)
    table.resize(width, height)
    table.show()
    QApplication.processEvents()
    return table


def test_the_bar_grows_with_the_window(qtbot: QtBot, art):
    small, wide = _table(qtbot, art, 800, 520), _table(qtbot, art, 1920, 1140)
    assert bar_scale(800) < 1.0 < bar_scale(1920)
    assert small.bar.height() < BAR_HEIGHT < wide.bar.height()
    for a, b in ((small.bar.status, wide.bar.status), (small.bar.autoplay, wide.bar.autoplay)):
        assert a.font().pixelSize() < b.font().pixelSize()
    assert small.bar.status.font().pixelSize() >= 13  # still readable at the smallest window


def test_my_countdown_is_on_my_name_plate_and_goes_with_the_decision(qtbot: QtBot, art):
    table = _table(qtbot, art, 1280, 800)
    hand = Hand(Ruleset(), dealer=0, seed=5)
    for event in hand.events:
        table.scene.show_event(event.for_seat(0))
    request = DecisionRequest(1, hand.view(0), tuple(hand.legal_actions(0)), time_limit=15)
    table.decisions.open(request)
    plate = table.scene.plates[0]
    assert plate.countdown.text.text() == "15 秒" and plate.countdown.pill.isVisible()
    table.clock.tick()
    assert plate.countdown.text.text() == "14 秒"
    assert not any(p.countdown.pill.isVisible() for p in table.scene.plates[1:])
    assert plate.countdown.pill.brush().color() == theme.COUNTDOWN_BADGE
    for _ in range(9):
        table.clock.tick()
    assert plate.countdown.text.text() == "5 秒"
    assert plate.countdown.pill.brush().color() == theme.COUNTDOWN_HURRY  # the last seconds in red
    table.decisions.clear()
    assert not plate.countdown.pill.isVisible()


def test_the_autoplay_banner_is_a_strip_of_its_own_not_over_the_table(qtbot: QtBot, art):
    table = _table(qtbot, art, 1024, 700)
    view_height = table.view.height()
    table.bar.autoplay.setChecked(True)
    QApplication.processEvents()
    assert table.banner.isVisible()
    banner = table.banner.geometry()
    assert not banner.intersects(table.view.geometry()) and not banner.intersects(table.bar.geometry())
    assert table.view.height() < view_height  # the table made room for it
