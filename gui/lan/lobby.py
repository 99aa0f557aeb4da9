"""The lobby of a LAN table: the four seats as this player sees them (you, 下家, 对家, 上家) with
names and 级别·段位, who is ready, the countdown that makes the last player ready (RULES §3),
the host's addresses for friends to type in, who watches (观战), and — for the host — filling the
empty seats with the computer and starting, locking the lobby, sending a seated player away (请离)
and what the door saw (wrong room codes, engine.net.door). Everything shown comes from the host's
``lobby`` messages. A watcher sees the seats from seat 0's side and has no 准备."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QPaintEvent, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from engine.net import messages as m
from engine.net.door import WRONG_CODES, DoorNotice
from gui import message_box, theme
from gui.i18n import TextKey, codes, player_name, seat_label, tr
from gui.i18n.texts.levels import AI_LEVELS
from gui.i18n.titles import peer_title
from gui.lan.words import lock_mark
from gui.parts.dialog_parts import DIALOG_STYLE, DialogHeader, field_label
from gui.parts.felt import FeltBackdrop
from gui.parts.match_form import ai_level_combo, retranslate_levels
from gui.parts.plain_label import PlainLabel

SEATS = 4
PANEL_W = 940  # the lobby's card at most; narrower windows get all of their width less a margin


def rules_line(lobby: m.Lobby) -> str:
    rules = lobby.rules
    parts = [tr(codes.ROOM[rules.room.value]),
             tr("new_game.rounds_n", n=rules.rounds),
             tr(codes.PRESET[rules.preset.value]),
             tr("time.seconds", n=rules.time_limit) if rules.time_limit else tr("time.off")]
    if lobby.table.code:
        parts.append(lock_mark() + tr("lan.lobby.with_code"))
    return " · ".join(parts)


def notice_text(notice: DoorNotice) -> str:
    if notice.kind == WRONG_CODES:
        key: TextKey = "lan.lobby.wrong_codes_then_right" if notice.then_right else "lan.lobby.wrong_codes"
        return tr(key, n=notice.count, address=notice.address)
    return tr("lan.lobby.codes_paused", n=math.ceil(notice.seconds))


class SeatCard(QFrame):
    """One seat: its place at the table as I see it, who sits there, and whether they are ready;
    the host may send a seated player away (``remove_button``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seatCard")
        self.place = PlainLabel()
        self.place.setObjectName("seatPlace")
        self.remove_button = QPushButton(self)  # in the top right corner, over the layout: a card
        self.remove_button.setObjectName("secondary")  # with it is as high as one without
        self.remove_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.remove_button.hide()
        self.name = PlainLabel()
        self.name.setObjectName("seatName")
        self.title = PlainLabel()
        self.title.setObjectName("seatTitle")
        self.state = PlainLabel()
        self.state.setObjectName("seatState")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 12)
        layout.setSpacing(3)
        for label in (self.place, self.name, self.title, self.state):
            layout.addWidget(label)
        layout.addStretch(1)
        self.setMinimumHeight(118)

    def place_remove_button(self) -> None:
        self.remove_button.adjustSize()
        self.remove_button.move(self.width() - self.remove_button.width() - 10, 10)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.place_remove_button()
        super().resizeEvent(event)

    def show_seat(self, place: int, seat: m.LobbySeat, watching: bool = False) -> None:
        """`watching`: a watcher's lobby, where no seat is mine (seats by number, not 你/下家…)."""
        self.setProperty("mine", place == 0 and not watching)
        self.place.setText(tr("watch.seat", n=place + 1) if watching else seat_label(place))
        if seat.kind == "empty":
            self.name.setText(tr("lan.lobby.empty"))
            self.title.setText("")
            state, ready = tr("lan.lobby.waiting"), False
        elif seat.kind == "ai":
            self.name.setText(seat.name or tr("lan.lobby.computer"))
            level = tr(codes.LEVEL[seat.level]) if seat.level in AI_LEVELS else seat.title
            self.title.setText(tr("lan.lobby.ai_title", level=level))
            state, ready = tr("lan.lobby.ready"), True
        else:
            self.name.setText(player_name(seat.name))
            self.title.setText(peer_title(seat.title))
            if not seat.connected:
                state, ready = tr("lan.plate_offline"), False
            else:
                state = tr("lan.lobby.ready") if seat.ready else tr("lan.lobby.not_ready")
                ready = seat.ready
        self.state.setText(state)
        self.state.setProperty("ready", ready)
        for widget in (self, self.state):
            widget.style().unpolish(widget)
            widget.style().polish(widget)


class LobbyScreen(QWidget):
    ready_toggled = Signal(bool)
    leave_requested = Signal()
    fill_requested = Signal(str)  # the AI level for the empty seats
    start_requested = Signal(str)  # the same: a start fills what is still empty
    lock_toggled = Signal(bool)  # the host locks the lobby (True) or opens it
    remove_requested = Signal(int)  # the host sends the player of this seat (the host's number) away

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lobbyScreen")
        self._felt = FeltBackdrop(self, theme.PROFILE_FELT)
        self.my_seat = 0
        self.hosting = False
        self.code: str | None = None
        self.lobby: m.Lobby | None = None
        self.clock: Callable[[], float] = time.monotonic  # the countdown's and the double click's
        self._deadline: float | None = None  # when the countdown ends (on `clock`)

        self.panel = QFrame(self)
        self.panel.setObjectName("lobbyPanel")
        self.panel.setStyleSheet(DIALOG_STYLE + theme.LAN_STYLE)
        self.header = DialogHeader(self.panel)
        self.cards = [SeatCard() for _ in range(SEATS)]
        for place, card in enumerate(self.cards):
            card.remove_button.clicked.connect(lambda _on=False, place=place: self._remove_clicked(place))
        seats = QGridLayout()
        seats.setSpacing(12)
        for index, card in enumerate(self.cards):  # you and 下家 above, 对家 and 上家 below
            seats.addWidget(card, index // 2, index % 2)
        self.countdown = PlainLabel()
        self.countdown.setObjectName("countdown")
        self.countdown.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.addresses = PlainLabel()
        self.addresses.setObjectName("addresses")
        self.addresses.setWordWrap(True)
        self.addresses.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.addresses.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.notice = PlainLabel()  # the host's: what the door saw
        self.notice.setObjectName("doorNotice")
        self.notice.setWordWrap(True)
        self.notice.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.notice.hide()
        self.notices: tuple[DoorNotice, ...] = ()
        self.watchers = PlainLabel()  # 观战：names
        self.watchers.setObjectName("watchers")
        self.watchers.setWordWrap(True)
        self.watchers.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.watching = False
        # the host's own controls
        self.host_row = QWidget()
        self.ai_label = field_label()
        self.ai_combo = ai_level_combo()
        self.fill_button = QPushButton()
        self.fill_button.setObjectName("secondary")
        self.fill_button.clicked.connect(lambda: self.fill_requested.emit(self.ai_level()))
        self.start_button = QPushButton()
        self.start_button.setObjectName("secondary")
        self.start_button.clicked.connect(lambda: self.start_requested.emit(self.ai_level()))
        self.lock_button = QPushButton()
        self.lock_button.setObjectName("secondary")
        self.lock_button.setCheckable(True)
        self.lock_button.toggled.connect(self._lock_toggled)
        host = QHBoxLayout(self.host_row)
        host.setContentsMargins(0, 0, 0, 0)
        host.addWidget(self.ai_label)
        host.addWidget(self.ai_combo)
        host.addWidget(self.fill_button)
        host.addStretch(1)
        host.addWidget(self.lock_button)
        host.addWidget(self.start_button)
        # everyone's
        self.leave_button = QPushButton()
        self.leave_button.setObjectName("secondary")
        self.leave_button.clicked.connect(self.leave_requested.emit)
        self.ready_button = QPushButton()
        self.ready_button.setObjectName("primary")
        self.ready_button.setCheckable(True)
        self.ready_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.ready_button.clicked.connect(self._ready_clicked)
        self._ready_clicked_at = -math.inf
        self.ready_button.toggled.connect(lambda _on: self._ready_text())
        bottom = QHBoxLayout()
        bottom.addWidget(self.leave_button)
        bottom.addStretch(1)
        bottom.addWidget(self.ready_button)

        body = QVBoxLayout()
        body.setContentsMargins(22, 16, 22, 18)
        body.setSpacing(12)
        body.addLayout(seats)
        body.addWidget(self.countdown)
        body.addWidget(self.addresses)
        body.addWidget(self.notice)
        body.addWidget(self.watchers)
        body.addWidget(self.host_row)
        body.addLayout(bottom)
        outer = QVBoxLayout(self.panel)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        outer.addWidget(self.header)
        outer.addLayout(body)

        self._timer = QTimer(self)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self._show_countdown)
        self.retranslate()

    # -- the table -----------------------------------------------------------------------------
    def set_table(self, my_seat: int, hosting: bool, ai_level: str = "normal",
                  code: str | None = None, watching: bool = False) -> None:
        """A new table: I sit at the host's seat `my_seat`; `hosting` shows the host's controls;
        `code`, the room code, goes beside the addresses (the friends need both); `watching`:
        I only watch (观战), from `my_seat`'s side, with nothing to get ready."""
        self.my_seat = my_seat
        self.hosting = hosting
        self.watching = watching
        self.ready_button.setVisible(not watching)
        self.code = code
        self.lobby = None
        self._deadline = None
        self.ready_button.setChecked(False)
        self.host_row.setVisible(hosting)
        self.set_locked(False)
        self.show_notices(())
        index = self.ai_combo.findData(ai_level)
        if index >= 0:
            self.ai_combo.setCurrentIndex(index)
        self.retranslate()

    def ai_level(self) -> str:
        return str(self.ai_combo.currentData())

    def set_locked(self, locked: bool) -> None:
        """The host's lock as the table has it (no signal)."""
        self.lock_button.blockSignals(True)
        self.lock_button.setChecked(locked)
        self.lock_button.blockSignals(False)
        self._lock_text()
        self._show_countdown()

    def show_notices(self, notices: Sequence[DoorNotice]) -> None:
        """What the door saw, the latest first (the host's lobby only)."""
        self.notices = tuple(notices)
        self._notice_text()

    def _notice_text(self) -> None:
        shown = self.notices[-2:]
        lines = [notice_text(n) for n in reversed(shown)]
        self.notice.setText("\n".join(lines))
        # a wrong code followed by the right one (a friend's typo) is told, not raised as an alarm
        settled = all(n.kind == WRONG_CODES and n.then_right for n in shown)
        if self.notice.property("settled") != settled:
            self.notice.setProperty("settled", settled)
            self.notice.style().unpolish(self.notice)
            self.notice.style().polish(self.notice)
        self.notice.setVisible(self.hosting and bool(lines))

    def _lock_toggled(self, locked: bool) -> None:
        self._lock_text()
        self._show_countdown()
        self.lock_toggled.emit(locked)

    def _lock_text(self) -> None:
        locked = self.lock_button.isChecked()
        self.lock_button.setText(tr("lan.lobby.unlock") if locked else tr("lan.lobby.lock"))
        self.lock_button.setToolTip(tr("lan.lobby.lock_hint"))

    def _remove_clicked(self, place: int) -> None:
        if self.lobby is None:
            return
        seat = (self.my_seat + place) % SEATS
        slot = self.lobby.seats[seat]
        if slot.kind == "person" and self.confirm_remove(slot.name):
            self.remove_requested.emit(seat)

    def confirm_remove(self, name: str) -> bool:
        """Asked before a player is sent away (tests answer it themselves)."""
        return message_box.ask(self, tr("lan.title"), tr("lan.lobby.confirm_remove", name=name))

    def show_lobby(self, lobby: m.Lobby) -> None:
        self.lobby = lobby
        mine = lobby.seats[self.my_seat]
        self.ready_button.setChecked(mine.ready and not self.watching)
        self._deadline = None if lobby.countdown is None else self.clock() + lobby.countdown
        if self._deadline is None:
            self._timer.stop()
        else:
            self._timer.start()
        self.retranslate()

    def _show_countdown(self) -> None:
        running = self._deadline is not None
        if self.countdown.property("running") != running:
            self.countdown.setProperty("running", running)
            self.countdown.style().unpolish(self.countdown)
            self.countdown.style().polish(self.countdown)
        if self._deadline is None:
            self.countdown.setText(self._waiting_line())
            return
        left = max(0, math.ceil(self._deadline - self.clock()))
        lobby = self.lobby
        mine = lobby is not None and not self.watching and not lobby.seats[self.my_seat].ready
        self.countdown.setText(tr("lan.lobby.countdown_me" if mine else "lan.lobby.countdown", n=left))
        if left <= 0:
            self._timer.stop()

    def _waiting_line(self) -> str:
        lobby = self.lobby
        if lobby is None:
            return ""
        empty = sum(s.kind == "empty" for s in lobby.seats)
        if empty and self.hosting and self.lock_button.isChecked():
            return tr("lan.lobby.locked_waiting")
        if empty:
            return tr("lan.lobby.waiting_for_host" if self.hosting else "lan.lobby.waiting_for", n=empty)
        return tr("lan.lobby.all_seated")

    # -- texts ---------------------------------------------------------------------------------
    def retranslate(self) -> None:
        lobby = self.lobby
        if lobby is not None:
            self.header.set_texts(lobby.table.name, rules_line(lobby))
            for place, card in enumerate(self.cards):
                seat = lobby.seats[(self.my_seat + place) % SEATS]
                card.show_seat(place, seat, self.watching)
                card.remove_button.setVisible(self.hosting and not self.watching and place != 0
                                              and seat.kind == "person")
            shown = ", ".join(lobby.addresses[:3])
            key: TextKey = "lan.lobby.addresses_code" if self.code else "lan.lobby.addresses"
            self.addresses.setText(tr(key, addresses=shown, code=self.code or "") if shown else "")
            self.addresses.setVisible(bool(shown))
            names = tr("watch.watchers", names=" · ".join(lobby.watchers)) if lobby.watchers else ""
            self.watchers.setText(tr("watch.lobby_hint") + ("\n" + names if names else "") if self.watching
                                  else names)
            self.watchers.setVisible(bool(self.watchers.text()))
            has_empty = any(s.kind == "empty" for s in lobby.seats)
            self.fill_button.setEnabled(has_empty)
        else:
            self.header.set_texts(tr("lan.title"), "")
        self.ai_label.setText(tr("lan.lobby.fill_level"))
        retranslate_levels(self.ai_combo)
        self.fill_button.setText(tr("lan.lobby.fill"))
        self.start_button.setText(tr("lan.lobby.start"))
        self.leave_button.setText(tr("lan.lobby.leave"))
        for card in self.cards:
            card.remove_button.setText(tr("lan.lobby.remove"))
            card.remove_button.setToolTip(tr("lan.lobby.remove_hint"))
            card.place_remove_button()
        self._lock_text()
        self._notice_text()
        self._ready_text()
        self._show_countdown()
        self._place_panel()

    def _ready_clicked(self) -> None:
        """A double click on 准备 is one click (it toggled twice: the player ended up not ready)."""
        now = self.clock()
        if now - self._ready_clicked_at < QApplication.doubleClickInterval() / 1000:
            self.ready_button.setChecked(not self.ready_button.isChecked())
            return
        self._ready_clicked_at = now
        self.ready_toggled.emit(self.ready_button.isChecked())

    def _ready_text(self) -> None:
        self.ready_button.setText(tr("lan.lobby.cancel_ready") if self.ready_button.isChecked()
                                  else tr("lan.lobby.get_ready"))

    # -- layout and felt -------------------------------------------------------------------------
    def _place_panel(self) -> None:
        """The card in the middle of the felt, as wide as fits (up to PANEL_W), as high as it needs."""
        self.panel.setFixedWidth(max(480, min(PANEL_W, self.width() - 40)))
        self.panel.adjustSize()
        self.panel.move((self.width() - self.panel.width()) // 2,
                        max(10, (self.height() - self.panel.height()) // 2))

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._felt.invalidate()
        self._place_panel()
        super().resizeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        self._felt.draw()


__all__ = ["LobbyScreen", "SeatCard", "notice_text", "rules_line"]
