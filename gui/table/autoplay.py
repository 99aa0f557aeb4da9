"""托管 and 能胡就胡, the table widget's side: the bar's two toggles told to the table, whose AI
plays the seat (托管: every decision, the one on screen too; 能胡就胡: every win, also one on
screen); the banner says 托管 is on and turns it off in one click. A watcher has neither, nor
has the 新手教学 (the AI would play off its script)."""

from __future__ import annotations

from collections.abc import Callable

from engine.game.actions import WIN
from gui.parts.connection import TableConnection
from gui.table.action_bar import ActionBar
from gui.table.autoplay_banner import AutoplayBanner
from gui.table.decision_controls import DecisionControls


class AutoplayToggles:
    def __init__(self, bar: ActionBar, banner: AutoplayBanner, decisions: DecisionControls,
                 connection: Callable[[], TableConnection | None]) -> None:
        """`connection`: the table the toggles are told to (None: no table)."""
        self._bar = bar
        self._banner = banner
        self._decisions = decisions
        self._connection = connection
        self._offered = True
        self._following = False  # the toggle set to the host's word: not told back
        bar.autoplay_toggled.connect(self._set_autoplay)
        bar.autowin_toggled.connect(self._set_autowin)
        banner.cancel_clicked.connect(lambda: bar.autoplay.setChecked(False))

    def tell(self, connection: TableConnection) -> None:
        """A new table is told how the toggles stand."""
        connection.set_auto_win(self._bar.autowin.isChecked())
        connection.set_autoplay(self._bar.autoplay.isChecked())

    def set_watching(self, watching: bool) -> None:
        self._show(self._offered and not watching)

    def withhold(self) -> None:
        """Neither toggle at this table, whoever sits at it."""
        self._offered = False
        self._show(False)

    def _show(self, shown: bool) -> None:
        for control in (self._bar.autoplay, self._bar.autowin):
            control.setVisible(shown)

    def follow(self, on: bool) -> None:
        """The table's word on this seat's 托管 (it switched it on, or says how it stands): the
        toggle and the banner show it, and it is not told back. Told back, a word of the host's
        that crossed the player's click on the wire flipped the toggle, which told the host, whose
        answer flipped it again: a loop of messages until the host dropped them (QA, LAN)."""
        self._following = True
        try:
            self._bar.autoplay.setChecked(on)
        finally:
            self._following = False

    def _set_autoplay(self, on: bool) -> None:
        self._banner.setVisible(on)
        connection = self._connection()
        if connection is None:
            return
        if self._following:
            if on:
                self._decisions.clear()  # the table's AI plays the decision on screen
            return
        connection.set_autoplay(on)
        if on:
            self._decisions.choose(None)  # a decision on screen goes to the AI as well

    def _set_autowin(self, on: bool) -> None:
        connection = self._connection()
        if connection is None:
            return
        connection.set_auto_win(on)
        pending = self._decisions.pending
        if on and pending is not None and WIN in pending.legal:
            self._decisions.choose(WIN)


__all__ = ["AutoplayToggles"]
