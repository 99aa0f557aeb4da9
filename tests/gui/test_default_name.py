"""A profile first named by default (玩家 in Chinese, Player in English) reads in the language of
now wherever the player sees it: the start screen, the profile page and its switcher, the seat's
name plate, the result; a name the player chose reads as it is. The stored name never changes
(it keys the history)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from engine.game.rules import Ruleset
from gui import i18n
from gui.i18n.store import display_names
from gui.main_window import MainWindow
from gui.settings import Settings
from storage.store import ProfileStore
from tests.gui.window_parts import profile_page
from tests.profile_helpers import current

SHOWN = {"zh": "玩家", "en": "Player"}


@pytest.fixture
def restore_language():
    yield
    i18n.set_language("zh")  # (a window sets the language of its settings)


@pytest.mark.parametrize("stored", ["玩家", "Player"])
def test_a_default_name_reads_in_the_language_of_now_and_a_chosen_one_as_it_is(restore_language, stored):
    for language in ("zh", "en"):
        i18n.set_language(language)
        assert i18n.player_name(stored) == SHOWN[language]
        assert i18n.player_name("小明") == "小明"
        assert i18n.player_name("Players") == "Players"
        assert display_names([stored, "", "小明", ""], 0)[0::2] == [SHOWN[language], "小明"]


def _window(qtbot: QtBot, store: ProfileStore, language: str) -> MainWindow:
    window = MainWindow(Settings(animation_speed=0.0, language=language), confirm_quit=False, store=store)
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    return window


def test_a_profile_named_in_chinese_reads_player_in_english_everywhere(qtbot: QtBot, tmp_path,
                                                                      restore_language):
    store = ProfileStore(tmp_path / "data")
    store.load()
    store.create("玩家")  # the default of a first start in Chinese
    store.create("小明")
    store.select("玩家")

    window = _window(qtbot, store, "en")
    qtbot.waitUntil(lambda: "Player" in window.start_screen.player.text())
    assert "玩家" not in window.start_screen.player.text()

    window.show_profile()
    page = profile_page(window)
    assert page.switcher.currentText() == "Player"
    assert [page.switcher.itemText(i) for i in range(page.switcher.count())] == ["Player", "小明"]
    assert page.view.header.name == "Player"
    # switching by the list still finds the profile by its stored name
    page.switcher.setCurrentIndex(1)
    page.switcher.activated.emit(1)
    assert current(window.store).name == "小明"
    page.switcher.setCurrentIndex(0)
    page.switcher.activated.emit(0)
    assert current(window.store).name == "玩家"  # stored as it was: the history stays its own

    i18n.set_language("zh")
    window.retranslate()
    assert page.switcher.currentText() == "玩家" and page.view.header.name == "玩家"
    i18n.set_language("en")
    window.retranslate()

    window.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=11)
    scene = window.table.scene
    assert scene.names[0] == "玩家"  # the match keeps the stored name
    qtbot.waitUntil(lambda: scene.plates[0].name.text() == "Player")  # the seat's own plate
    i18n.set_language("zh")
    window.retranslate()
    qtbot.waitUntil(lambda: scene.plates[0].name.text() == "玩家")
