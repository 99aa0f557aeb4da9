"""The smallest window the game promises (theme.SMALLEST_WINDOW, 800×560 with the menu bar) is
reachable on every page a player can be on, and nothing of the page is cut at that size (the
start screen used to ask 560 px for itself, so the window could not go below 800×589; the
profile page needed 990 px of width)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from engine.game.rules import Ruleset
from gui.main_window import MainWindow
from gui.theme import SMALLEST_WINDOW


def _start(window: MainWindow, qtbot: QtBot) -> list[QWidget]:
    screen = window.start_screen
    return [screen.card, screen.banner, *[b for b in screen._menu_buttons() if not b.isHidden()]]


def _start_every_button(window: MainWindow, qtbot: QtBot) -> list[QWidget]:
    """With 继续 and 回到局域网牌桌 too: the tallest card."""
    window.start_screen.set_continue_enabled(True)
    window.start_screen.set_lan_return("return")
    return _start(window, qtbot)


def _table(window: MainWindow, qtbot: QtBot) -> list[QWidget]:
    window.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=3)
    qtbot.waitUntil(lambda: window.table.pending is not None, timeout=20_000)
    return [window.table.view, window.table.bar]


def _profile(window: MainWindow, qtbot: QtBot) -> list[QWidget]:
    window.show_profile()
    page = window.pages.profile_page
    assert page is not None
    return [page.view.header, page.view.scroll_area, page.table, page.back_button, page.practice_button]


PAGES: dict[str, Callable[[MainWindow, QtBot], list[QWidget]]] = {
    "start": _start, "start_every_button": _start_every_button, "table": _table, "profile": _profile}


def _inside(widget: QWidget, window: MainWindow) -> bool:
    corner = widget.mapTo(window, widget.rect().topLeft())
    return window.rect().contains(QRect(corner, widget.size()))


@pytest.mark.parametrize("page", PAGES)
def test_every_page_fits_the_smallest_window(window: MainWindow, qtbot: QtBot, language: str,
                                             page: str) -> None:
    window.retranslate()
    parts = PAGES[page](window, qtbot)
    window.resize(SMALLEST_WINDOW)
    qtbot.waitUntil(lambda: window.size() == SMALLEST_WINDOW, timeout=10_000)
    hint = window.minimumSizeHint()
    assert hint.width() <= SMALLEST_WINDOW.width() and hint.height() <= SMALLEST_WINDOW.height(), (page, hint)
    shown = window.stack.currentWidget()
    assert shown is not None and shown.size() == window.stack.size()  # the page takes the window
    assert shown.width() >= shown.minimumSizeHint().width()  # so nothing of it is cut
    assert shown.height() >= shown.minimumSizeHint().height()
    for part in parts:
        assert part.isVisible() and _inside(part, window), (page, part.objectName() or type(part).__name__)
    if page.startswith("start"):  # the card's buttons one under the other, none on another
        buttons = [b.geometry() for b in window.start_screen._menu_buttons() if not b.isHidden()]
        assert all(a.bottom() < b.top() for a, b in pairwise(buttons))
