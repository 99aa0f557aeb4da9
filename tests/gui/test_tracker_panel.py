"""The tile tracker (记牌器) on the table: the engine's counts for my seat, live, shown or hidden
by a setting and the J key, in both languages and every tile theme."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from engine.game.rules import Ruleset
from engine.table.seat import HandRunner
from gui import i18n
from gui.main_window import MainWindow
from gui.settings import TILE_THEMES, Settings
from gui.table.widget import TableWidget
from gui.tiles.art import TileArt
from tests.table_states import DEALS, new_scene


@pytest.fixture(scope="module")
def art() -> TileArt:
    return TileArt()


@pytest.mark.parametrize("deal", [DEALS[0], DEALS[5], DEALS[9]], ids=lambda d: d.name)
def test_the_panel_shows_what_my_seat_may_know_after_every_event(qtbot: QtBot, art, deal):
    scene = new_scene(art, deal.rules)
    scene.set_tracker_visible(True)
    hand = deal.hand()
    runner = HandRunner(hand, deal.seats())
    sent = checks = 0
    while not hand.ended:
        for event in hand.events[sent:]:
            scene.show_event(event.for_seat(0))  # as the table gets them: my seat's view only
        sent = len(hand.events)
        shown = [int(count.text()) for count in scene.tracker.counts]
        assert shown == hand.view(0).unseen_counts()
        checks += 1
        runner.step()
    assert checks > 20


def test_the_j_key_shows_and_hides_the_tracker_and_says_so(qtbot: QtBot, art):
    table = TableWidget(art, speed=0.0)
    qtbot.addWidget(table)
    assert not table.scene.tracker.visible
    with qtbot.waitSignal(table.tracker_toggled, timeout=10000) as shown:
        qtbot.keyClick(table, Qt.Key.Key_J)
    assert shown.args == [True] and table.scene.tracker.visible
    qtbot.keyClick(table, Qt.Key.Key_J)
    assert not table.scene.tracker.visible


def test_the_setting_shows_the_tracker_and_the_key_is_remembered(qtbot: QtBot):
    w = MainWindow(Settings(animation_speed=0.0, show_tracker=True), confirm_quit=False)
    qtbot.addWidget(w)
    assert w.table.scene.tracker.visible
    w.table.toggle_tracker()
    assert w.settings.show_tracker is False
    assert Settings.from_dict({"show_tracker": "yes"})[1] == ["show_tracker"]  # a bad value is refused


@pytest.mark.parametrize("language", ["zh", "en"])
def test_the_tracker_in_every_tile_theme_and_both_languages(qtbot: QtBot, language):
    i18n.set_language(language)
    try:
        for name in TILE_THEMES:
            theme_art = TileArt(name)
            scene = new_scene(theme_art, Ruleset())
            scene.set_tracker_visible(True)
            assert scene.tracker.title.text() == i18n.tr("table.tracker_title")
            assert all(tile.art is theme_art for tile in scene.tracker.tiles)
            other = TileArt(TILE_THEMES[0] if name != TILE_THEMES[0] else TILE_THEMES[-1])
            scene.set_art(other)
            assert all(tile.art is other for tile in scene.tracker.tiles)
    finally:
        i18n.set_language("zh")


def test_the_waits_under_the_table_count_the_copies_the_tracker_counts(qtbot, art):
    """The line under the table asks the engine (the tracker) how many of each wait are left;
    it counts nothing itself."""
    from engine.game import analysis
    from gui.i18n import tile_label
    from gui.table import info

    shown_waits = dealing = 0
    for deal in DEALS:
        scene = new_scene(art, deal.rules)
        hand = deal.hand()
        runner = HandRunner(hand, deal.seats())
        sent = 0
        while not hand.ended:
            for event in hand.events[sent:]:
                scene.show_event(event.for_seat(0))
                model = scene.model
                if len(model.human_kinds()) + 3 * len(model.seats[0].kongs) < 13:  # the deal: no counts (QA)
                    assert info.hand_line(scene.model, scene.tracker.unseen()) == ""
                    dealing += 1
            sent = len(hand.events)
            view = hand.view(0)
            if len(view.concealed) + 3 * len(view.kongs) == 13:
                waits = analysis.waits_counts(analysis.hand_counts(view.concealed), view.kongs)
                line = info.hand_line(scene.model, scene.tracker.unseen())
                left = view.unseen_counts()
                for w in waits:
                    assert f"{tile_label(w)}×{left[w]}" in line
                shown_waits += bool(waits)
            runner.step()
    assert shown_waits > 0 and dealing > 0
