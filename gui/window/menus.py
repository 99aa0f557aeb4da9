"""The window's menu bar: 游戏 and its entries, their shortcuts and their words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from gui import theme
from gui.i18n import tr

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QMainWindow


class WindowMenus:
    def __init__(self, window: QMainWindow, *, new_game: Callable[[], object],
                 home: Callable[[], object], rules: Callable[[], object],
                 settings: Callable[[], object], quit: Callable[[], object]) -> None:
        self._window = window
        window.menuBar().setStyleSheet(theme.MENU_BAR_STYLE)  # the bar and its menus (children of it)
        self.game = window.menuBar().addMenu("")
        self.act_new = self._action(new_game, QKeySequence(QKeySequence.StandardKey.New))
        self.act_home = self._action(home)
        self.act_rules = self._action(rules, QKeySequence(Qt.Key.Key_F1))
        self.act_settings = self._action(settings)
        self.act_quit = self._action(quit, QKeySequence(QKeySequence.StandardKey.Quit))
        for act in (self.act_new, self.act_home, self.act_rules, self.act_settings, self.act_quit):
            self.game.addAction(act)

    def _action(self, slot: Callable[[], object], shortcut: QKeySequence | None = None) -> QAction:
        """A menu entry of the window (its text comes with :meth:`retranslate`)."""
        window = self._window
        action = QAction(window) if shortcut is None else QAction(window, shortcut=shortcut)
        action.triggered.connect(slot)
        return action

    def retranslate(self) -> None:
        self.game.setTitle(tr("menu.game"))
        self.act_new.setText(tr("start.new_game"))
        self.act_home.setText(tr("menu.home"))
        self.act_rules.setText(tr("start.rules"))
        self.act_settings.setText(tr("start.settings"))
        self.act_quit.setText(tr("start.quit"))
