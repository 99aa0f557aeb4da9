"""局域网: the tables found on the network (refreshed by themselves), a host:port typed in or
taken from the recent ones, the room code when a table asks for it, watching a table (观战: the
selected one, or the address typed) and the way to host a table of one's own. Joining runs in a
thread; the dialog says what it is doing and, in words, why a table would not take the player."""

from __future__ import annotations

import logging
import math

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QInputDialog,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QWidget,
)

from engine.net import messages as m
from engine.net.addresses import parse_address
from engine.net.client import JoinRefused
from engine.net.discovery import Browser, Found
from engine.net.recent import remember
from gui import theme
from gui.i18n import room_label, tr
from gui.lan.bridge import Background
from gui.lan.joining import Joined, failure_text, hello, join_in_background
from gui.lan.kept_seat import KeptSeat
from gui.lan.words import lock_mark, refusal_text
from gui.parts.dialog_parts import DIALOG_STYLE, DialogHeader, FormCard, hint_label, lay_out_dialog
from gui.parts.match_form import dialog_buttons
from gui.parts.plain_label import PlainLabel

log = logging.getLogger(__name__)

CODE_REFUSALS = (m.REFUSE_CODE_NEEDED, m.REFUSE_WRONG_CODE)
# A code typed within the wait that wrong codes cost (1 s, then 2, 4 …) is not read but refused
# (`wait`): up to this many seconds, the dialog waits them out and sends the same code again
# rather than leave the player to type it anew (QA).
CODE_WAIT_RETRY = 8.0
RETRY_SLACK_MS = 200  # past the wait, so that the host's clock has surely passed it too
RETURN_REFUSALS = (m.REFUSE_UNKNOWN_TOKEN, m.REFUSE_STARTED, m.REFUSE_OVER)  # a kept seat that is no more


def table_line(found: Found, mine: bool = False) -> str:
    """One table of the list: its name, room, length, free seats, and what stands in the way;
    `mine`: this player holds a seat there (a return needs no code)."""
    table = found.table
    room = room_label(table.room)
    parts = [table.name or found.host, room,
             tr("new_game.rounds_n", n=table.rounds),
             tr("lan.join.free", n=table.seats_free)]
    if table.started:
        parts.append(tr("lan.join.playing"))
    if mine:
        parts.append(tr("lan.join.your_seat"))
    elif table.code:
        parts.append(tr("lan.join.locked"))
    if table.protocol != m.PROTOCOL_VERSION:
        parts.append(tr("lan.join.version_differs"))
    line = "  ·  ".join(parts)
    return lock_mark() + line if table.code else line


class JoinDialog(QDialog):
    """Accepted with :attr:`joined` set (a seat taken), or with :attr:`host_requested` (the
    player wants to host a table); :attr:`recent` is the list of recent hosts to keep.

    `kept`: a seat this player held (after a crash, say): picking that table again returns to it
    with its token; :attr:`kept` is None afterwards when the table no longer knows it."""

    tables_found = Signal(object)  # list[Found], queued from the browser's thread

    def __init__(self, name: str, points: int, recent: list[str], parent: QWidget | None = None,
                 browse: bool = True, kept: KeptSeat | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("joinDialog")
        self.setStyleSheet(DIALOG_STYLE + theme.LAN_STYLE)
        self.setModal(True)
        self.name, self.points = name, points
        self.recent = list(recent)
        self.joined: Joined | None = None
        self.host_requested = False
        self._task: Background | None = None
        self._address = ""  # the host:port being joined
        self._found: list[Found] = []
        self.kept = kept
        self._token: str | None = None  # the token of the join under way, if it is a return
        self._watch = False  # the join under way is a watcher's (观战)
        self._code: str | None = None  # the room code of the join under way
        # the same code sent again once the wait for wrong codes is over (CODE_WAIT_RETRY)
        self._retry = QTimer(self)
        self._retry.setSingleShot(True)
        self._retry.timeout.connect(self._send_code_again)
        self._retry_to: tuple[str, int, str] | None = None

        self.header = DialogHeader(self)
        # -- tables found -----------------------------------------------------------------------
        self.found_card = FormCard(self)
        self.table_list = QListWidget()
        self.table_list.setObjectName("tableList")
        self.table_list.setMinimumHeight(150)
        self.table_list.itemDoubleClicked.connect(lambda _item: self.join_selected())
        self.table_list.currentRowChanged.connect(lambda _row: self._update_buttons())
        self.found_hint = hint_label(wrap=True)
        self.found_card.grid.addWidget(self.table_list, 0, 0)
        self.found_card.grid.addWidget(self.found_hint, 1, 0)
        # -- an address typed in ----------------------------------------------------------------
        self.manual_card = FormCard(self)
        self.address_box = QComboBox()
        self.address_box.setEditable(True)
        self.address_box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.address_box.addItems(self.recent)
        self.address_box.setCurrentText("")
        line = self.address_box.lineEdit()
        assert line is not None
        line.returnPressed.connect(self.join_typed)
        self.connect_button = QPushButton()
        self.connect_button.setObjectName("secondary")
        self.connect_button.setAutoDefault(False)
        self.connect_button.clicked.connect(self.join_typed)
        row = QHBoxLayout()
        row.addWidget(self.address_box, 1)
        row.addWidget(self.connect_button)
        self.manual_hint = hint_label(wrap=True)
        self.manual_card.grid.addLayout(row, 0, 0)
        self.manual_card.grid.addWidget(self.manual_hint, 1, 0)
        # -- what is happening --------------------------------------------------------------------
        self.status = PlainLabel()
        self.status.setObjectName("lanStatus")
        self.status.setWordWrap(True)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)  # busy: no end known
        self.busy.setMaximumHeight(6)
        self.busy.setTextVisible(False)
        self.busy.hide()
        # -- buttons ----------------------------------------------------------------------------
        self.host_button = QPushButton()
        self.host_button.setObjectName("secondary")
        self.host_button.setAutoDefault(False)
        self.host_button.clicked.connect(self._host_instead)
        self.cancel_button, self.join_button = dialog_buttons(self, self.join_selected)
        self.join_button.setDefault(False)
        self.join_button.setAutoDefault(False)
        self.watch_button = QPushButton()  # 观战, beside 加入
        self.watch_button.setObjectName("secondary")
        self.watch_button.setAutoDefault(False)
        self.watch_button.clicked.connect(self.watch_selected)

        lay_out_dialog(self, self.header, [self.found_card, self.manual_card, self.busy, self.status],
                       [self.host_button], [self.cancel_button, self.watch_button, self.join_button],
                       spacing=12)
        self.found_card.setMinimumWidth(600)

        self.tables_found.connect(self.show_tables)
        self._browser: Browser | None = None
        if browse:
            self._start_browsing()
        self.retranslate()
        self._update_buttons()

    # -- finding tables ---------------------------------------------------------------------------
    def _start_browsing(self) -> None:
        try:
            browser = Browser(self.tables_found.emit)
            browser.start()
        except OSError as exc:  # no network, or the port is taken: typing an address still works
            log.warning("cannot look for tables: %s", exc)
            self.found_hint.setText(tr("lan.join.no_search", reason=exc.strerror or str(exc)))
            return
        self._browser = browser

    def _stop_browsing(self) -> None:
        if self._browser is not None:
            self._browser.stop()
            self._browser = None

    def show_tables(self, found: list[Found]) -> None:
        """The tables on the network now; the one selected stays selected."""
        current = self.table_list.currentRow()
        key = self._found[current].table.id if 0 <= current < len(self._found) else None
        self._found = sorted(found, key=lambda f: (not self._is_kept(f), f.table.started,
                                                    -f.table.seats_free, f.table.name))
        self.table_list.clear()
        for index, item in enumerate(self._found):
            entry = QListWidgetItem(table_line(item, self._is_kept(item)))
            entry.setToolTip(f"{item.host}:{item.table.port}")
            self.table_list.addItem(entry)
            if item.table.id == key:
                self.table_list.setCurrentRow(index)
        # 加入 works at once for the only table, or the player's own (first in the list)
        lone_or_mine = len(self._found) == 1 or (self._found and self._is_kept(self._found[0]))
        if self.table_list.currentRow() < 0 and lone_or_mine:
            self.table_list.setCurrentRow(0)
        self.found_hint.setText(tr("lan.join.searching") if not found else tr("lan.join.found_hint"))
        self._update_buttons()

    # -- joining ----------------------------------------------------------------------------------
    def join_selected(self) -> None:
        row = self.table_list.currentRow()
        if not 0 <= row < len(self._found) or self._task is not None:
            return
        found = self._found[row]
        if found.table.protocol != m.PROTOCOL_VERSION:
            self.say(tr("lan.refused.protocol"), error=True)
            return
        if self.kept is not None and self._is_kept(found):
            self._join(found.host, found.table.port, self.kept.code, self.kept.token)
            return
        if found.table.started:  # no seat for a newcomer: say so before asking for a code
            self.say(f"{refusal_text(m.REFUSE_STARTED)} {tr('watch.instead')}", error=True)
            return
        code: str | None = None
        if found.table.code:
            code = self.ask_code(tr("lan.refused.code_needed"))
            if code is None:
                return
        self._join(found.host, found.table.port, code)

    def join_typed(self) -> None:
        if self._task is not None or (address := self._typed_address()) is None:
            return
        host, port = address
        if self.kept is not None and self.kept.is_at(host, port):
            self._join(host, port, self.kept.code, self.kept.token)
        else:
            self._join(host, port, None)

    def watch_selected(self) -> None:
        """观战: watch the table selected (a running one too), or the one at the address typed."""
        if self._task is not None:
            return
        row = self.table_list.currentRow()
        if 0 <= row < len(self._found):
            found = self._found[row]
            if found.table.protocol != m.PROTOCOL_VERSION:
                self.say(tr("lan.refused.protocol"), error=True)
                return
            code: str | None = None
            if found.table.code:
                code = self.ask_code(tr("lan.refused.code_needed"))
                if code is None:
                    return
            self._join(found.host, found.table.port, code, watch=True)
        elif (address := self._typed_address()) is not None:
            self._join(*address, None, watch=True)

    def _typed_address(self) -> tuple[str, int] | None:
        """The host and port typed in; None (and why, said) when there is none."""
        text = self.address_box.currentText()
        if not text.strip():
            self.say(tr("lan.join.no_address"), error=True)
            return None
        try:
            return parse_address(text)
        except ValueError as exc:
            self.say(tr("lan.join.bad_address", reason=str(exc)), error=True)
            return None

    def _is_kept(self, found: Found) -> bool:
        return self.kept is not None and self.kept.table == found.table.id

    def _join(self, host: str, port: int, code: str | None, token: str | None = None,
              watch: bool = False) -> None:
        self._retry.stop()  # (a join of the player's own comes first)
        self._address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        self._code = code
        self._token = None if watch else token
        self._watch = watch
        self.say(tr("lan.join.connecting", address=self._address))
        greeting = hello(self.name, self.points, code, self._token, watch=watch)
        self._task = join_in_background(host, port, greeting, self._joined,
                                        lambda error: self._not_joined(error, host, port))
        self._set_busy(True)

    def _joined(self, joined: Joined) -> None:
        self._task = None
        self._set_busy(False)
        if not self.isVisible():  # the player gave up meanwhile
            joined.client.close()
            return
        if self._watch and not joined.welcome.watching:  # an older host seated us instead
            joined.client.send(m.Leave())
            joined.client.close()
            self.say(tr("watch.not_supported"), error=True)
            return
        self.joined = joined
        self.recent = remember(self.recent, joined.address)
        self._stop_browsing()
        self.accept()

    def _not_joined(self, error: BaseException, host: str, port: int) -> None:
        self._task = None
        self._set_busy(False)
        if not self.isVisible():
            return
        if self._token is not None and isinstance(error, JoinRefused) and error.code in RETURN_REFUSALS:
            self.kept = None  # that seat is gone (a new table at the address, or the match is over)
            self._refresh_lines()
            if error.code == m.REFUSE_UNKNOWN_TOKEN:
                self._join(host, port, None)  # as a newcomer, then
                return
        code = self._code
        if isinstance(error, JoinRefused) and error.code == m.REFUSE_WAIT and code is not None \
                and error.retry_after is not None and error.retry_after <= CODE_WAIT_RETRY:
            self.say(tr("lan.join.code_wait", n=math.ceil(error.retry_after)))
            self._set_busy(True)  # (until it is sent again)
            self._retry.start(round(error.retry_after * 1000) + RETRY_SLACK_MS)
            self._retry_to = (host, port, code)
            return
        if isinstance(error, JoinRefused) and error.code in CODE_REFUSALS:
            code = self.ask_code(failure_text(error, self._address))
            if code is not None:
                self._join(host, port, code, watch=self._watch)
                return
        self.say(failure_text(error, self._address), error=True)

    def _send_code_again(self) -> None:
        if self._retry_to is not None and self._task is None and self.isVisible():
            host, port, code = self._retry_to
            self._join(host, port, code, watch=self._watch)

    def ask_code(self, why: str) -> str | None:
        """The room code, asked of the player (None: they cancelled)."""
        code, ok = QInputDialog.getText(self, tr("lan.code.title"), f"{why}\n{tr('lan.code.prompt')}",
                                        QLineEdit.EchoMode.Normal)
        return code.strip() if ok and code.strip() else None

    def _host_instead(self) -> None:
        self.host_requested = True
        self._stop_browsing()
        self.accept()

    # -- the state on screen ------------------------------------------------------------------------
    def _refresh_lines(self) -> None:
        for index, found in enumerate(self._found):
            item = self.table_list.item(index)
            if item is not None:
                item.setText(table_line(found, self._is_kept(found)))

    def say(self, text: str, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setProperty("error", error)
        self.status.style().unpolish(self.status)
        self.status.style().polish(self.status)

    def _set_busy(self, busy: bool) -> None:
        self.busy.setVisible(busy)
        self._update_buttons()

    def _update_buttons(self) -> None:
        idle = self._task is None
        self.join_button.setEnabled(idle and 0 <= self.table_list.currentRow() < len(self._found))
        self.connect_button.setEnabled(idle)
        self.watch_button.setEnabled(idle)
        self.host_button.setEnabled(idle)

    def done(self, result: int) -> None:
        self._stop_browsing()
        super().done(result)

    def retranslate(self) -> None:
        self.setWindowTitle(tr("lan.title"))
        self.header.set_texts(tr("lan.title"), tr("lan.join.heading"))
        self.found_card.title.setText(tr("lan.join.found"))
        self.found_hint.setText(tr("lan.join.searching") if not self._found else tr("lan.join.found_hint"))
        self.manual_card.title.setText(tr("lan.join.manual"))
        line = self.address_box.lineEdit()
        if line is not None:
            line.setPlaceholderText(tr("lan.join.placeholder"))
        self.manual_hint.setText(tr("lan.join.manual_hint", port=m.DEFAULT_PORT))
        self.connect_button.setText(tr("lan.join.connect"))
        self.host_button.setText(tr("lan.join.host"))
        self.cancel_button.setText(tr("button.cancel"))
        self.join_button.setText(tr("lan.join.join"))
        self.watch_button.setText(tr("watch.button"))


__all__ = ["JoinDialog", "table_line"]
