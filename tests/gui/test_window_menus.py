"""The window's 游戏 menu: its title on the first frame, its entries and their shortcuts right
after it (gui.window.menus), or as soon as the menu is opened, whichever comes first."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeySequence
from pytestqt.qtbot import QtBot

from gui.i18n import tr
from gui.main_window import MainWindow
from gui.settings import Settings


def test_the_entries_and_their_shortcuts_follow_the_first_frame(qtbot: QtBot, language: str) -> None:
    window = MainWindow(Settings(), confirm_quit=False)  # default speed, as a player starts it
    qtbot.addWidget(window)
    assert window.menus.game.title() == tr("menu.game") and window.menus.entries == ()
    with qtbot.waitSignal(window.start_screen.first_painted, timeout=30_000):
        window.show()
    qtbot.waitUntil(lambda: len(window.menus.game.actions()) == 5, timeout=30_000)
    menus = window.menus
    assert [a.text() for a in menus.game.actions()] == [
        tr("start.new_game"), tr("menu.home"), tr("start.rules"), tr("start.settings"), tr("start.quit")]
    assert menus.act_new.shortcut() == QKeySequence(QKeySequence.StandardKey.New)
    assert menus.act_rules.shortcut() == QKeySequence(Qt.Key.Key_F1)
    assert menus.act_quit.shortcut() == QKeySequence(QKeySequence.StandardKey.Quit)
    rules: list[bool] = []
    menus.act_rules.triggered.disconnect()
    menus.act_rules.triggered.connect(lambda: rules.append(True))
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: rules == [True], timeout=10_000)


def test_a_menu_opened_before_the_first_frame_has_its_entries(qtbot: QtBot) -> None:
    window = MainWindow(Settings(), confirm_quit=False)
    qtbot.addWidget(window)
    menu = window.menus.game
    menu.popup(QPoint(0, 0))  # before the window has painted
    qtbot.waitUntil(menu.isVisible, timeout=10_000)
    assert tr("start.new_game") in [a.text() for a in menu.actions()]
    menu.close()
    window.menus.complete()  # a second time: nothing more
    assert len(menu.actions()) == 5


def test_a_window_that_never_paints_its_start_screen_still_gets_its_entries_and_icon(qtbot: QtBot) -> None:
    window = MainWindow(Settings(), confirm_quit=False)  # never shown: no first frame
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: len(window.menus.game.actions()) == 5, timeout=30_000)
    qtbot.waitUntil(lambda: window.testAttribute(Qt.WidgetAttribute.WA_SetWindowIcon), timeout=30_000)
