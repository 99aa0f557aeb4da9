"""The window keeps the player's size across pages: a page that needs more room grows it for as
long as it is shown, and a page that has been shown once no longer holds every page to its
minimum (the profile page used to keep the start screen at least 990 px wide until a restart)."""

from __future__ import annotations

from PySide6.QtCore import QSize
from pytestqt.qtbot import QtBot

from gui.main_window import MainWindow


def _small(window: MainWindow, qtbot: QtBot) -> QSize:
    window.resize(760, 560)  # the start screen's narrowest (the profile page needs a little more)
    qtbot.waitUntil(lambda: window.width() == 760, timeout=10_000)
    return window.size()


def test_a_wide_page_grows_the_window_while_shown_and_gives_the_players_size_back(
        window: MainWindow, qtbot: QtBot, language: str) -> None:
    own = _small(window, qtbot)
    window.show_profile()
    page = window.pages.profile_page
    assert page is not None
    needed = page.minimumSizeHint().width()
    assert needed > 760  # else this test shows nothing
    qtbot.waitUntil(lambda: window.width() >= needed, timeout=10_000)

    window.show_start()
    qtbot.waitUntil(lambda: window.size() == own, timeout=10_000)
    assert window.minimumWidth() <= 800
    window.resize(700, 500)  # and the player may make it smaller than that again
    qtbot.waitUntil(lambda: window.width() == window.minimumWidth() < 800, timeout=10_000)


def test_a_size_the_player_chose_on_the_wide_page_is_kept(window: MainWindow, qtbot: QtBot) -> None:
    _small(window, qtbot)
    window.show_profile()
    qtbot.waitUntil(lambda: window.width() > 760, timeout=10_000)
    window.resize(1300, 820)
    qtbot.waitUntil(lambda: window.width() == 1300, timeout=10_000)
    window.show_start()
    qtbot.wait(50)  # a wrong resize back would be posted at once
    assert window.size() == QSize(1300, 820)
