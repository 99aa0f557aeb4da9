"""The main window: start screen ⇄ table, menus, settings, clean shutdown."""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox, QStackedWidget

from engine.rules import Ruleset

from . import settings as settings_store
from .i18n import set_language, tr
from .settings import Settings

if TYPE_CHECKING:
    from .table_widget import TableWidget

log = logging.getLogger(__name__)

AI_NAMES = ("table.ai_right", "table.ai_opposite", "table.ai_left")


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings | None = None, settings_path: str | None = None,
                 confirm_quit: bool = True) -> None:
        super().__init__()
        self.settings_path = settings_path
        self.settings = settings or Settings()
        self.confirm_quit = confirm_quit
        set_language(self.settings.language)
        self.art: object | None = None  # tile faces, made with the table
        self._table: TableWidget | None = None  # built when the first game starts: a fast start-up
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        from .start_screen import StartScreen

        self.start_screen = StartScreen()
        self.stack.addWidget(self.start_screen)
        self.start_screen.new_game_requested.connect(self.new_game)
        self.start_screen.rules_requested.connect(self.show_rules)
        self.start_screen.settings_requested.connect(self.show_settings)
        self.start_screen.quit_requested.connect(self.close)
        self._build_menu()
        self.retranslate()
        self.resize(1280, 860)
        if self.settings.window_geometry:
            self.restoreGeometry(QByteArray.fromBase64(self.settings.window_geometry.encode()))

    @property
    def table(self) -> TableWidget:
        if self._table is None:
            from .table_widget import TableWidget
            from .tile_art import TileArt

            self.art = TileArt(self.settings.tile_theme)
            table = TableWidget(self.art, speed=self.settings.animation_speed,
                                auto_win=self.settings.auto_win, time_limit=self.settings.time_limit)
            table.match_finished.connect(lambda _s: self.show_start())
            table.engine_failed.connect(self.engine_failed)
            self.stack.addWidget(table)
            self._table = table
        return self._table

    @property
    def match_running(self) -> bool:
        return self._table is not None and self._table.running

    def _build_menu(self) -> None:
        self.menu_game = self.menuBar().addMenu("")
        self.act_new = QAction(self, shortcut=QKeySequence.StandardKey.New, triggered=self.new_game)
        self.act_home = QAction(self, triggered=self.leave_table)
        self.act_rules = QAction(self, shortcut=QKeySequence(Qt.Key.Key_F1), triggered=self.show_rules)
        self.act_settings = QAction(self, triggered=self.show_settings)
        self.act_quit = QAction(self, shortcut=QKeySequence.StandardKey.Quit, triggered=self.close)
        for act in (self.act_new, self.act_home, self.act_rules, self.act_settings, self.act_quit):
            self.menu_game.addAction(act)

    def retranslate(self) -> None:
        self.setWindowTitle(tr("app.title"))
        self.menu_game.setTitle(tr("menu.game"))
        self.act_new.setText(tr("start.new_game"))
        self.act_home.setText(tr("menu.home"))
        self.act_rules.setText(tr("start.rules"))
        self.act_settings.setText(tr("start.settings"))
        self.act_quit.setText(tr("start.quit"))
        self.start_screen.retranslate()
        if self._table is not None:
            self._table.bar.retranslate()
            self._table.scene.refresh_texts()

    # -- navigation ---------------------------------------------------------------------------
    def show_start(self) -> None:
        self.stack.setCurrentWidget(self.start_screen)

    def new_game(self) -> None:
        from .new_game_dialog import NewGameDialog

        if self.match_running and not self._confirm(tr("confirm.abandon")):
            return
        dialog = NewGameDialog(self)
        if self.settings.last_new_game:
            try:
                dialog.apply_choices(self.settings.last_new_game)
            except (KeyError, ValueError, TypeError):
                log.warning("ignoring stale new-game choices")
        if dialog.exec() != NewGameDialog.DialogCode.Accepted:
            return
        self.settings.last_new_game = dialog.choices()
        self._save_settings()
        self.start_match(dialog.result_rules(), dialog.ai_levels())

    def start_match(self, rules: Ruleset, levels: list[str], seed: int | None = None) -> None:
        from engine.ai import make_ai

        seed = random.SystemRandom().getrandbits(48) if seed is None else seed
        names = [tr("table.you"), *(tr(key) for key in AI_NAMES)]
        level_names = ["", *(tr(f"ai.{level}") for level in levels)]
        ais = [make_ai(level, seed=seed * 4 + i + 1, name=names[i + 1]) for i, level in enumerate(levels)]
        self.table.time_limit = rules.time_limit
        self.stack.setCurrentWidget(self.table)
        self.table.start_match(rules, seed, ais, names, level_names)

    def leave_table(self) -> None:
        if self.match_running and not self._confirm(tr("confirm.abandon")):
            return
        if self._table is not None:
            self._table.stop_match()
        self.show_start()

    def show_rules(self) -> None:
        from .rules_dialog import RulesDialog

        RulesDialog(self).exec()

    def show_settings(self) -> None:
        from .settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self)
        if dialog.exec() != SettingsDialog.DialogCode.Accepted:
            return
        new = dialog.result_settings()
        new.window_geometry = self.settings.window_geometry
        new.last_new_game = self.settings.last_new_game
        language_changed = new.language != self.settings.language
        theme_changed = new.tile_theme != self.settings.tile_theme
        self.settings = new
        set_language(new.language)
        if self._table is not None:
            self._apply_to_table(self._table, new, theme_changed)
        if language_changed:
            self.retranslate()
        self._save_settings()

    def _apply_to_table(self, table: TableWidget, new: Settings, theme_changed: bool) -> None:
        table.set_speed(new.animation_speed)
        table.bar.autowin.setChecked(new.auto_win)
        if theme_changed:
            from .tile_art import TileArt

            self.art = TileArt(new.tile_theme)
            table.scene.art = self.art
            for tile in table.scene.tiles:
                tile.art = self.art
                tile.update()

    def _confirm(self, text: str) -> bool:
        if not self.confirm_quit:
            return True
        answer = QMessageBox.question(self, tr("app.title"), text)
        return answer == QMessageBox.StandardButton.Yes

    def engine_failed(self, message: str) -> None:
        log.error("engine failure: %s", message)
        QMessageBox.warning(self, tr("app.title"), tr("error.engine", message=message))
        if self._table is not None:
            self._table.stop_match()
        self.show_start()

    def _save_settings(self) -> None:
        try:
            settings_store.save(self.settings, self.settings_path)
        except OSError as exc:
            log.warning("could not save settings: %s", exc)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.match_running and not self._confirm(tr("confirm.quit")):
            event.ignore()
            return
        if self._table is not None:
            self._table.stop_match()
        self.settings.window_geometry = bytes(self.saveGeometry().toBase64()).decode()
        self._save_settings()
        event.accept()
