"""The window's menu bar: 游戏 and its entries, their shortcuts and their words.

The bar and its menu's title are on the window's first frame; the entries and their shortcuts
are made right after it (:meth:`WindowMenus.complete`, or when the menu first opens): their Qt
types bring some 80 enum members that a start would otherwise build before its first frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gui import theme
from gui.i18n import tr

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtGui import QAction, QKeySequence
    from PySide6.QtWidgets import QMainWindow


class WindowMenus:
    def __init__(self, window: QMainWindow, *, new_game: Callable[[], object],
                 home: Callable[[], object], rules: Callable[[], object],
                 settings: Callable[[], object], quit: Callable[[], object]) -> None:
        self._window = window
        self._slots = (new_game, home, rules, settings, quit)
        window.menuBar().setStyleSheet(theme.MENU_BAR_STYLE)  # the bar and its menus (children of it)
        self.game = window.menuBar().addMenu("")
        self.game.aboutToShow.connect(self.complete)
        self.entries: tuple[QAction, ...] = ()

    def complete(self) -> None:
        """The menu's entries with their shortcuts (once)."""
        if self.entries:
            return
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QKeySequence

        new_game, home, rules, settings, quit = self._slots
        self.act_new = self._action(new_game, QKeySequence(QKeySequence.StandardKey.New))
        self.act_home = self._action(home)
        self.act_rules = self._action(rules, QKeySequence(Qt.Key.Key_F1))
        self.act_settings = self._action(settings)
        self.act_quit = self._action(quit, QKeySequence(QKeySequence.StandardKey.Quit))
        self.entries = (self.act_new, self.act_home, self.act_rules, self.act_settings, self.act_quit)
        for act in self.entries:
            self.game.addAction(act)
        self.retranslate()

    def _action(self, slot: Callable[[], object], shortcut: QKeySequence | None = None) -> QAction:
        """A menu entry of the window (its text comes with :meth:`retranslate`)."""
        from PySide6.QtGui import QAction

        window = self._window
        action = QAction(window) if shortcut is None else QAction(window, shortcut=shortcut)
        action.triggered.connect(slot)
        return action

    def retranslate(self) -> None:
        self.game.setTitle(tr("menu.game"))
        if not self.entries:
            return
        self.act_new.setText(tr("start.new_game"))
        self.act_home.setText(tr("menu.home"))
        self.act_rules.setText(tr("start.rules"))
        self.act_settings.setText(tr("start.settings"))
        self.act_quit.setText(tr("start.quit"))
