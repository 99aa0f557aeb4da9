"""The window's LAN side: the LAN controller (made the first time LAN play is opened), the
LAN table's seats as the player sees them, and leaving a LAN table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from gui.i18n import codes, tr
from gui.i18n.texts.levels import AI_LEVELS

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStackedWidget, QWidget

    from engine.net.messages import Started
    from gui.lan.controller import LanController, LanWindow
    from gui.lan.remote_table import RemoteTable
    from gui.session import ProfileSession
    from gui.table.widget import TableWidget

AI_LEVEL_KEYS = AI_LEVELS  # an AI seat's title at a LAN table


class LanSideWindow(Protocol):
    """What the LAN side needs of the main window (gui.main_window.MainWindow)."""

    stack: QStackedWidget

    @property
    def session(self) -> ProfileSession: ...
    @property
    def table(self) -> TableWidget: ...


class LanSide:
    def __init__(self, window: LanSideWindow, lan_window: LanWindow, widget: QWidget) -> None:
        """`lan_window`: the window as LAN play sees it; `widget`: the parent of its dialogs."""
        self.window = window
        self._lan_window = lan_window
        self._widget = widget
        self.made: LanController | None = None  # LAN play, from the first time it is opened
        self.at_table = False  # the table is a LAN one: its names are people's, not 下家 …

    @property
    def controller(self) -> LanController:
        if self.made is None:
            from gui.lan.controller import LanController

            self.made = LanController(self._lan_window, self._widget)
        return self.made

    def retranslate(self) -> None:
        if self.made is not None:
            self.made.retranslate()

    def play(self, remote: RemoteTable, started: Started) -> None:
        """The LAN match has started: the table, sat at `remote`, the player at the bottom."""
        import uuid

        from engine.net.relative import turned
        from gui.i18n.titles import peer_title

        names = list(turned(started.names, started.seat))  # me at the bottom, then 下家, 对家, 上家
        # a computer's title is its level ("normal"): in words; a person's is 级别·段位
        titles = [tr(codes.AI_TITLE[t]) if t in AI_LEVEL_KEYS else peer_title(t, short=True)
                  for t in turned(started.titles, started.seat)]
        window = self.window
        if not remote.watching:  # keeps a saved match (a watcher's table is not the player's match)
            window.session.begin_match(started.rules, [], match_id=f"lan-{uuid.uuid4().hex}")
        self.at_table = True
        window.table.bar.autoplay.setChecked(False)
        window.stack.setCurrentWidget(window.table)
        window.table.sit_at(remote, started.rules, names, titles)

    def match_over(self) -> None:
        if self.made is not None and self.at_table:
            self.made.leave()  # a table hosted here closes with its match

    def leave(self) -> None:
        if self.made is not None:
            self.made.leave()

    def leave_question(self, local: str) -> str:
        """What leaving means here: a LAN table goes on without the player (or ends, for its host)."""
        if self.made is None or not self.made.active:
            return local
        return tr("lan.confirm.close_table") if self.made.hosting else tr("lan.confirm.leave")
