"""A match played on this computer, from the window: a new game (asked, and never replacing a
match without the player's yes), a saved match continued, and the table set for it."""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Any, Protocol

from gui.i18n import codes, tr

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStackedWidget, QWidget

    from engine.game.rules import Ruleset
    from gui.session import ProfileSession
    from gui.settings import Settings
    from gui.table.widget import TableWidget

log = logging.getLogger(__name__)


class LocalMatchWindow(Protocol):
    """What a local match needs of the main window (gui.main_window.MainWindow)."""

    stack: QStackedWidget
    settings: Settings

    @property
    def session(self) -> ProfileSession: ...
    @property
    def table(self) -> TableWidget: ...
    @property
    def match_running(self) -> bool: ...
    def confirm(self, text: str) -> bool: ...
    def save_settings(self) -> None: ...
    def start_match(self, rules: Ruleset, levels: list[str], seed: int | None = None,
                    resume: dict[str, Any] | None = None, match_id: str | None = None) -> None: ...
    def leave_other_tables(self) -> None: ...


class LocalMatch:
    def __init__(self, window: LocalMatchWindow, widget: QWidget) -> None:
        """`widget`: the window itself, the parent of the dialogs."""
        self.window = window
        self.widget = widget
        self.level_keys: list[str] = []  # the opponents' levels, for texts after a language switch

    def level_names(self) -> list[str]:
        """The titles under the seats' names: none for the player, the computers' levels."""
        return ["", *(tr(codes.AI_TITLE[level]) for level in self.level_keys)]

    def start(self, rules: Ruleset, levels: list[str], seed: int | None = None,
              resume: dict[str, Any] | None = None, match_id: str | None = None) -> None:
        from engine.table.setup import local_match

        window = self.window
        seed = random.SystemRandom().getrandbits(48) if seed is None else seed
        profile = window.session.ensure_profile(tr("start.default_name"))
        window.session.begin_match(rules, levels, match_id)
        setup = local_match(rules, seed, levels, profile.name)  # the computers named by code
        if resume is None:
            window.session.save_start(setup.start_state())
        self.level_keys = list(levels)
        window.leave_other_tables()
        table = window.table
        # the player's time limit: a new game's own choice, the settings' for a match continued
        table.time_limit = rules.time_limit if resume is None else window.settings.time_limit
        table.bar.autoplay.setChecked(False)  # 托管 is for one match, never carried over
        window.stack.setCurrentWidget(table)
        table.start_match(rules, seed, setup.computers(), list(setup.names), self.level_names(), resume)

    def continue_saved(self) -> None:
        saved = self.window.session.saved_match()
        if saved is None:
            return
        try:
            state = saved["match"]
            from engine.game.rules import Ruleset

            rules = Ruleset.from_dict(state["rules"])
            self.window.start_match(rules, list(saved["levels"]), seed=int(state["seed"]), resume=state,
                                    match_id=str(saved["match_id"]))
        except (KeyError, TypeError, ValueError) as exc:
            from gui import message_box

            message_box.warn(self.widget, tr("app.title"), tr("error.engine", message=str(exc)))

    def new_game(self) -> None:
        from gui.screens.new_game import NewGameDialog

        settings = self.window.settings
        dialog = NewGameDialog(self.widget)
        if settings.last_new_game:
            try:
                dialog.apply_choices(settings.last_new_game)
            except (KeyError, ValueError, TypeError):
                log.warning("ignoring stale new-game choices")
        # one time limit: the settings' value, which the dialog may change for this match and after
        try:
            dialog.time_choice.set_value(settings.time_limit)
        except ValueError:
            log.warning("time limit %r is not offered", settings.time_limit)
        if dialog.exec() != NewGameDialog.DialogCode.Accepted:
            return
        if not self.may_replace():
            return
        settings.last_new_game = dialog.choices()
        settings.time_limit = dialog.result_rules().time_limit
        self.window.save_settings()
        self.window.start_match(dialog.result_rules(), dialog.ai_levels())

    def may_replace(self) -> bool:
        """Nothing lost without asking: a match in play, or a saved one, is only replaced by a
        new game once the player has said yes."""
        window = self.window
        if window.match_running:
            return window.confirm(tr("confirm.abandon_running"))
        saved = window.session.saved_match()
        if saved is None:
            return True
        try:
            hands = int(saved["match"]["played"])
            score = int(saved["match"]["scores"][0])
        except (KeyError, IndexError, TypeError, ValueError):
            hands, score = 0, 0
        return window.confirm(tr("confirm.replace_saved", hands=hands, score=f"{score:+d}"))
