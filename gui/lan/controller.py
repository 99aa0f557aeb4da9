"""LAN play for the main window, from the start screen's 局域网 button to the table: find or host
a table, its lobby, and the match through a :class:`gui.lan.remote_table.RemoteTable`.

A table hosted here runs in this process (:class:`engine.net.host.Host`, its own threads), and the
player joins it like everyone else: a client to 127.0.0.1. Leaving (or closing the window) stops
that host, and every other player is told the host quit.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QMessageBox, QProgressDialog

from engine.net import messages as m
from engine.net.client import Disconnected
from engine.net.host import Host, TableConfig
from gui.i18n import tr
from gui.lan.bridge import Background
from gui.lan.joining import Joined, failure_text, hello, join_in_background
from gui.lan.kept_seat import KeptSeat
from gui.lan.remote_table import RemoteTable, on_each
from gui.lan.words import end_text

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStackedWidget, QWidget

    from gui.lan.lobby import LobbyScreen
    from gui.session import ProfileSession
    from gui.settings import Settings

log = logging.getLogger(__name__)

LOOPBACK = "127.0.0.1"


class LanWindow(Protocol):
    """What LAN play needs of the main window (gui.main_window.MainWindow)."""

    stack: QStackedWidget
    settings: Settings

    @property
    def session(self) -> ProfileSession: ...
    def show_start(self) -> None: ...
    def play_lan(self, remote: RemoteTable, started: m.Started) -> None: ...
    def save_settings(self) -> None: ...


class LanController(QObject):
    def __init__(self, window: LanWindow, widget: QWidget) -> None:
        """`widget`: the window itself, the parent of the dialogs."""
        super().__init__(widget)
        self.window = window
        self.widget = widget
        self.host: Host | None = None
        self.joined: Joined | None = None
        self.remote: RemoteTable | None = None
        self._lobby: LobbyScreen | None = None
        self._ai_level = "normal"
        self._busy: QProgressDialog | None = None
        self._task: Background | None = None
        # where a table hosted here listens, and any other TableConfig fields (tests: loopback,
        # no discovery, a short claim pause)
        self.bind = "0.0.0.0"
        self.discovery_port: int | None = m.DISCOVERY_PORT
        self.table_options: dict[str, Any] = {}
        self.browse = True  # look for tables on the network (tests: loopback only, no broadcasts)

    # -- state ------------------------------------------------------------------------------------
    @property
    def hosting(self) -> bool:
        return self.host is not None

    @property
    def active(self) -> bool:
        """At a LAN table: in its lobby or playing."""
        return self.joined is not None

    @property
    def playing(self) -> bool:
        return self.remote is not None

    @property
    def lobby(self) -> LobbyScreen:
        if self._lobby is None:
            from gui.lan.lobby import LobbyScreen

            lobby = LobbyScreen()
            lobby.ready_toggled.connect(lambda on: self._send(m.Ready(on)))
            lobby.leave_requested.connect(self.leave_lobby)
            lobby.fill_requested.connect(self._fill)
            lobby.start_requested.connect(self._start)
            self.window.stack.addWidget(lobby)
            self._lobby = lobby
        return self._lobby

    # -- finding a table --------------------------------------------------------------------------
    def open(self) -> None:
        """The start screen's 局域网: the tables found, an address to type, or host one."""
        from gui.lan.join_dialog import JoinDialog

        profile = self.window.session.ensure_profile(tr("start.default_name"))
        kept = KeptSeat.from_dict(self.window.settings.lan_seat)
        dialog = JoinDialog(profile.name, profile.points, self.window.settings.recent_hosts, self.widget,
                            browse=self.browse, kept=kept)
        accepted = dialog.exec() == JoinDialog.DialogCode.Accepted
        if dialog.recent != self.window.settings.recent_hosts:
            self.window.settings.recent_hosts = dialog.recent
            self.window.save_settings()
        if kept is not None and dialog.kept is None:
            self._forget_seat()
        if not accepted:
            return
        if dialog.host_requested:
            self.host_table()
        elif dialog.joined is not None:
            self._enter_lobby(dialog.joined)

    def host_table(self) -> None:
        """开一桌: the table's choices, then the host in this process, then this player joins it."""
        from gui.lan.host_dialog import HostDialog

        settings = self.window.settings
        profile = self.window.session.ensure_profile(tr("start.default_name"))
        dialog = HostDialog(tr("lan.host.default_name", name=profile.name), self.widget,
                            settings.last_lan_host)
        if dialog.exec() != HostDialog.DialogCode.Accepted:
            return
        settings.last_lan_host = dialog.choices()
        self.window.save_settings()
        config = TableConfig(name=dialog.table_name(), rules=dialog.result_rules(), code=dialog.code(),
                             **self.table_options)
        host = Host(config, bind=self.bind, port=dialog.port(), discovery_port=self.discovery_port)
        try:
            host.start()
        except OSError as exc:
            log.warning("cannot host on port %d: %s", dialog.port(), exc)
            self._tell(tr("lan.host.port_taken", port=dialog.port(), reason=exc.strerror or str(exc)))
            return
        self.host = host
        self._ai_level = dialog.ai_level()
        self._show_busy(tr("lan.host.opening"))
        port = host.address[1]
        greeting = hello(profile.name, profile.points, config.code)
        self._task = task = join_in_background(LOOPBACK, port, greeting,
                                               lambda joined: self._own_table_joined(task, joined),
                                               lambda error: self._own_table_failed(task, error))

    def _own_table_joined(self, task: Background, joined: Joined) -> None:
        if self._task is not task:  # cancelled meanwhile
            joined.client.close()
            return
        self._enter_lobby(joined)

    def _own_table_failed(self, task: Background, error: BaseException) -> None:
        if self._task is not task:
            return
        self._task = None
        self._hide_busy()
        self._stop_host()
        self._tell(failure_text(error, LOOPBACK))

    # -- the lobby --------------------------------------------------------------------------------
    def _enter_lobby(self, joined: Joined) -> None:
        self._task = None
        self._hide_busy()
        self.joined = joined
        if not joined.welcome.watching:  # a watcher has no seat to come back to
            self._keep_seat(joined)
        lobby = self.lobby
        lobby.set_table(joined.welcome.seat, self.hosting, self._ai_level, joined.client.hello.code,
                        watching=joined.welcome.watching)
        if not joined.welcome.resumed:  # a return to a match: the resync next draws the table
            self.window.stack.setCurrentWidget(lobby)
        joined.bridge.arrived.connect(self._lobby_messages)
        self._lobby_messages()

    def _lobby_messages(self) -> None:
        if self.joined is not None and self.remote is None:
            on_each(self.joined.bridge, self._lobby_message)

    def _lobby_message(self, at: float, message: object) -> bool:
        """One message in the lobby; False after the last one it takes (the table takes the rest)."""
        if isinstance(message, m.Lobby):
            self.lobby.show_lobby(message)
        elif isinstance(message, m.Started):
            self._play(message)
            return False
        elif isinstance(message, m.Resync):  # back at a seat kept from an earlier run
            self._play(message.started, (at, message))
            return False
        elif isinstance(message, m.Ended):
            self._ended(end_text(message.reason, message.message))
            return False
        elif isinstance(message, Disconnected):
            self._ended(tr("lan.lobby.lost"))
            return False
        elif isinstance(message, m.Error):
            log.warning("the host refused a message: %s %s", message.code, message.message)
        return True

    def _send(self, message: m.Message) -> None:
        if self.joined is not None:
            self.joined.client.send(message)

    def _fill(self, level: str) -> None:
        if self.host is not None:
            self._host_call(lambda host: host.fill_with_ai(level))

    def _start(self, level: str) -> None:
        if self.host is None or self.lobby.lobby is None:
            return
        if any(seat.kind == "empty" for seat in self.lobby.lobby.seats):
            self._host_call(lambda host: host.fill_with_ai(level))
        self._host_call(lambda host: host.start_match())

    def _host_call(self, call: Callable[[Host], object]) -> None:
        if self.host is None:
            return
        try:
            call(self.host)
        except (RuntimeError, ValueError) as exc:  # the host says why it cannot (now)
            self._tell(str(exc))

    def leave_lobby(self) -> None:
        """离开 in the lobby: give the seat up (and close the table when it is ours)."""
        self._send(m.Leave())
        self._forget_seat()
        self.leave()
        self.window.show_start()

    def _ended(self, text: str) -> None:
        self._forget_seat()
        self.leave()
        self.window.show_start()
        self._tell(text)

    # -- the match ----------------------------------------------------------------------------------
    def _play(self, started: m.Started, resync: tuple[float, m.Resync] | None = None) -> None:
        joined = self.joined
        assert joined is not None
        joined.bridge.arrived.disconnect(self._lobby_messages)
        self.remote = RemoteTable(joined.client, joined.bridge, started, watching=joined.welcome.watching)
        if resync is not None:
            self.remote.resume(*resync)
        # a seat is forgotten at the match's end; a table that broke may take the player back
        # (a stale seat is harmless: the table it names is no longer found, a refusal forgets it)
        self.remote.finished.connect(self._forget_seat)
        self.window.play_lan(self.remote, started)

    def leave(self) -> None:
        """Let go of the table: the connection closes, a host here stops (everyone is told)."""
        if self._task is not None:
            self._task = None  # a join still running: its result finds nobody
        self._hide_busy()
        in_lobby = self.remote is None  # (the table has the messages once the match starts)
        joined, self.joined, self.remote = self.joined, None, None
        if joined is not None:
            if in_lobby:
                joined.bridge.arrived.disconnect(self._lobby_messages)
            joined.client.close()
        self._stop_host()

    # -- the seat kept for a return after a restart -------------------------------------------------
    def _keep_seat(self, joined: Joined) -> None:
        """A guest's seat, in the settings: the window may close or crash mid-match (a table
        hosted here ends with this process, so there is nothing to keep)."""
        if self.hosting:
            return
        client = joined.client
        kept = KeptSeat(joined.welcome.table.id, client.host, client.port, joined.welcome.token,
                        client.hello.code)
        if self.window.settings.lan_seat != kept.to_dict():
            self.window.settings.lan_seat = kept.to_dict()
            self.window.save_settings()

    def _forget_seat(self) -> None:
        if self.window.settings.lan_seat is not None:
            self.window.settings.lan_seat = None
            self.window.save_settings()

    def _stop_host(self) -> None:
        host, self.host = self.host, None
        if host is not None:
            host.stop()  # says host_quit to everyone and joins its threads

    # -- words ---------------------------------------------------------------------------------------
    def _tell(self, text: str) -> None:
        QMessageBox.information(self.widget, tr("lan.title"), text)

    def _show_busy(self, text: str) -> None:
        busy = QProgressDialog(text, tr("button.cancel"), 0, 0, self.widget)
        busy.setWindowTitle(tr("lan.title"))
        busy.setWindowModality(Qt.WindowModality.WindowModal)
        busy.setMinimumDuration(0)
        busy.canceled.connect(self._cancel_busy)
        busy.show()
        self._busy = busy

    def _hide_busy(self) -> None:
        busy, self._busy = self._busy, None
        if busy is not None:
            busy.canceled.disconnect(self._cancel_busy)
            busy.close()
            busy.deleteLater()

    def _cancel_busy(self) -> None:
        self.leave()

    def retranslate(self) -> None:
        if self._lobby is not None:
            self._lobby.retranslate()


__all__ = ["LanController"]
