"""The game's dialogs and start screen, in one place for callers.

Each lives in its own module: ``new_game_dialog``, ``settings_dialog``, ``rules_dialog`` and
``start_screen``; they share their look through ``dialog_widgets``.
"""

from __future__ import annotations

from gui.new_game_dialog import AI_LEVELS, NewGameDialog
from gui.rules_dialog import RulesDialog
from gui.settings_dialog import SettingsDialog
from gui.start_screen import StartScreen

__all__ = ["AI_LEVELS", "NewGameDialog", "RulesDialog", "SettingsDialog", "StartScreen"]
