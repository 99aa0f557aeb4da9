"""LAN play for the main window, from the start screen's 局域网 button to the table: find or host
a table, its lobby, and the match through a :class:`gui.lan.remote_table.RemoteTable`.

A table hosted here runs in this process (:class:`engine.net.host.Host`, its own threads), and the
player joins it like everyone else: a client to 127.0.0.1. Leaving (or closing the window) stops
that host, and every other player is told the host quit.

Coming back (docs/protocol.md, Drops and returns): a guest's seat is kept on disk
(gui.lan.kept_seat) and the start
screen's 回到局域网牌桌 connects with its token in one click (:meth:`LanController.come_back`); a
table hosted here is kept on disk at its start and after every hand (storage.lan_tables), and
重开我的局域网牌桌 opens it again on its port with its id, so every guest's token finds its seat.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QMessageBox, QProgressDialog

from engine.net import messages as m
from engine.net.client import Disconnected, JoinRefused
from engine.net.host import Host, TableConfig
from engine.net.table_save import SavedTable
from gui import message_box
from gui.i18n import TextKey, player_name, tr
from gui.lan.bridge import Background
from gui.lan.joining import Joined, failure_text, hello, join_in_background
from gui.lan.kept_seat import KeptSeat, SeatStore
from gui.lan.remote_table import RemoteTable, on_each
from gui.lan.words import end_text, refusal_text
from storage.lan_tables import LanFile, table_file

if TYPE_CHECKING:
    from pathlib import Path

    from PySide6.QtWidgets import QStackedWidget, QWidget

    from gui.lan.lobby import LobbyScreen
    from gui.session import ProfileSession
    from gui.settings import Settings

log = logging.getLogger(__name__)

LOOPBACK = "127.0.0.1"
RETURN_WAIT = 120.0  # seconds a reopened table waits for the guests before 托管 plays for them
# a one-click return that meets these is over for good: the kept seat is forgotten
GONE_REFUSALS: dict[str, TextKey] = {
    m.REFUSE_OVER: "lan.return.over", m.REFUSE_UNKNOWN_TOKEN: "lan.return.unknown",
}


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
    _host_changed = Signal()  # emitted by the host's network thread (on_change): queued to the GUI thread

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
        self._host_changed.connect(self._show_door)
        self.folder: Path | None = None  # where seats and tables are kept (None: the user data folder)
        self.return_wait = RETURN_WAIT

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
            lobby.lock_toggled.connect(self._lock)
            lobby.remove_requested.connect(self._remove)
            self.window.stack.addWidget(lobby)
            self._lobby = lobby
        return self._lobby

    # -- finding a table --------------------------------------------------------------------------
    def open(self) -> None:
        """The start screen's 局域网: the tables found, an address to type, or host one."""
        from gui.lan.join_dialog import JoinDialog

        profile = self.window.session.ensure_profile(tr("start.default_name"))
        kept = self._kept()
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
        dialog = HostDialog(tr("lan.host.default_name", name=player_name(profile.name)), self.widget,
                            settings.last_lan_host)
        if dialog.exec() != HostDialog.DialogCode.Accepted:
            return
        settings.last_lan_host = dialog.choices()
        self.window.save_settings()
        config = TableConfig(name=dialog.table_name(), rules=dialog.result_rules(), code=dialog.code(),
                             **self.table_options)
        host = Host(config, bind=self.bind, port=dialog.port(), discovery_port=self.discovery_port,
                    saver=self._table_file())
        try:
            host.start()
        except OSError as exc:
            log.warning("cannot host on port %d: %s", dialog.port(), exc)
            self._tell(tr("lan.host.port_taken", port=dialog.port(), reason=exc.strerror or str(exc)))
            return
        self._ai_level = dialog.ai_level()
        self._sit_at_own_table(host, hello(profile.name, profile.points, config.code))

    def _sit_at_own_table(self, host: Host, greeting: m.Hello) -> None:
        """The player joins the table hosted here, like everyone else (a client to 127.0.0.1)."""
        self.host = host
        host.on_change = self._host_changed.emit
        self._show_busy(tr("lan.host.opening"))
        self._task = task = join_in_background(LOOPBACK, host.address[1], greeting,
                                               lambda joined: self._own_table_joined(task, joined),
                                               lambda error: self._own_table_failed(task, error))

    def _own_table_joined(self, task: Background, joined: Joined) -> None:
        if self._task is not task:  # cancelled meanwhile
            joined.client.close()
            return
        if self.host is not None:
            self.host.own_seat = joined.welcome.seat  # kept with the table: the token to reopen it with
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

    def _lock(self, locked: bool) -> None:
        self._host_call(lambda host: host.set_locked(locked))
        if self.host is not None:
            self.lobby.set_locked(self.host.locked)

    def _remove(self, seat: int) -> None:
        self._host_call(lambda host: host.remove(seat))

    def _show_door(self) -> None:
        """The host's table changed: what its door saw, in its lobby."""
        if self.host is not None and self._lobby is not None:
            self._lobby.show_notices(self.host.door_notices())

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
        self.remote.seat_lost.connect(self._forget_seat)
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
    def _seats(self) -> SeatStore:
        return SeatStore(self.folder)

    def _table_file(self) -> LanFile:
        return table_file(self.folder)

    def _kept(self) -> KeptSeat | None:
        """The seat kept (moved out of an older version's settings if it is there)."""
        older = self.window.settings.lan_seat is not None
        kept = self._seats().read(self.window.settings)
        if older:
            self.window.save_settings()
        return kept

    def _keep_seat(self, joined: Joined) -> None:
        """A guest's seat, on disk: the window may close or crash mid-match (a table hosted here
        is kept by its host instead, with this player's seat in it)."""
        if self.hosting:
            return
        client = joined.client
        welcome = joined.welcome
        kept = KeptSeat(welcome.table.id, client.host, client.port, welcome.token, client.hello.code,
                        welcome.table.name)
        if self._seats().read() != kept:
            self._seats().keep(kept)

    def _forget_seat(self) -> None:
        self._seats().forget()

    # -- one click back -----------------------------------------------------------------------------
    def come_back(self) -> None:
        """回到局域网牌桌 / 重开我的局域网牌桌: the table hosted here opened again, or the seat
        kept at another's table taken up with its token — no browsing, no second click."""
        data = self._table_file().read()
        if data is not None:
            self.reopen(data)
            return
        kept = self._kept()
        if kept is None:  # gone meanwhile (another window of the program?)
            self.window.show_start()
            return
        profile = self.window.session.ensure_profile(tr("start.default_name"))
        self._show_busy(tr("lan.return.busy", name=kept.name or kept.address, address=kept.address))
        greeting = hello(profile.name, profile.points, kept.code, kept.token)
        self._task = task = join_in_background(kept.host, kept.port, greeting,
                                               lambda joined: self._returned(task, joined),
                                               lambda error: self._not_returned(task, kept, error))

    def _returned(self, task: Background, joined: Joined) -> None:
        if self._task is not task:  # the player cancelled meanwhile
            joined.client.close()
            return
        self._enter_lobby(joined)  # a match under way: its resync draws the table

    def _not_returned(self, task: Background, kept: KeptSeat, error: BaseException) -> None:
        if self._task is not task:
            return
        self._task = None
        self._hide_busy()
        text, gone = return_failure(kept, error)
        if gone:
            self._forget_seat()
        self.window.show_start()
        self._tell(text)

    def reopen(self, data: dict[str, Any]) -> None:
        """重开我的局域网牌桌: the table kept here, on its port with its id; the player sits down
        at their own seat with its token and the match goes on once the guests are back."""
        kept_file = self._table_file()
        try:
            saved = SavedTable.from_dict(data)
            if saved.own_seat is None:
                raise ValueError("the host's own seat is not in it")
        except ValueError as exc:
            log.warning("the kept table cannot be reopened: %s", exc)
            kept_file.damaged_aside()
            self.window.show_start()
            self._tell(tr("lan.reopen.damaged"))
            return
        answer = self.ask_reopen(saved)
        if answer != "reopen":
            if answer == "drop":
                kept_file.clear()
            self.window.show_start()
            return
        host = Host.reopen(saved, bind=self.bind, discovery_port=self.discovery_port, saver=kept_file,
                           return_wait=self.return_wait)
        try:
            host.start()
        except OSError as exc:
            log.warning("cannot reopen on port %d: %s", saved.port, exc)
            self._tell(tr("lan.reopen.port_taken", port=saved.port, reason=exc.strerror or str(exc)))
            return
        profile = self.window.session.ensure_profile(tr("start.default_name"))
        own = saved.seats[saved.own_seat]
        self._sit_at_own_table(host, hello(own.name or profile.name, profile.points, saved.config.code,
                                           own.token))

    def ask_reopen(self, saved: SavedTable) -> str:
        """"reopen", "drop" (the match is given up) or "cancel"; tests replace it."""
        scores = ", ".join(f"{seat.name} {score:+d}" for seat, score in zip(saved.seats, saved.scores,
                                                                             strict=True))
        question = tr("lan.reopen.question", name=saved.config.name, hand=saved.hands_played + 1,
                      scores=scores)
        box = message_box.box(self.widget, tr("lan.title"), question, QMessageBox.Icon.Question,
                              QMessageBox.StandardButton.NoButton)
        yes = box.addButton(tr("lan.reopen.yes"), QMessageBox.ButtonRole.AcceptRole)
        drop = box.addButton(tr("lan.reopen.drop"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(tr("button.cancel"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(yes)
        box.exec()
        clicked = box.clickedButton()
        return "reopen" if clicked is yes else "drop" if clicked is drop else "cancel"

    def _stop_host(self) -> None:
        host, self.host = self.host, None
        if host is not None:
            host.stop()  # says host_quit to everyone and joins its threads

    # -- words ---------------------------------------------------------------------------------------
    def _tell(self, text: str) -> None:
        message_box.tell(self.widget, tr("lan.title"), text)

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


def return_failure(kept: KeptSeat, error: BaseException) -> tuple[str, bool]:
    """Why a one-click return failed, in the player's words, and whether the seat is gone for
    good: the table's computer refuses connections or does not answer, the match is over, or
    the table no longer knows the token."""
    words = {"name": kept.name or kept.address, "address": kept.address}
    if isinstance(error, JoinRefused):
        if error.code in GONE_REFUSALS:
            return tr(GONE_REFUSALS[error.code], **words), True
        return tr("lan.return.refused", reason=refusal_text(error.code, error.message), **words), False
    if isinstance(error, ConnectionRefusedError):
        return tr("lan.return.gone", **words), True
    if isinstance(error, OSError):  # no answer (TimeoutError), no route …
        return tr("lan.return.no_answer", **words), True
    return failure_text(error, kept.address), False


__all__ = ["LanController", "return_failure"]
