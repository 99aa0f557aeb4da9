"""The host's door in its window (docs/protocol.md, Limits): a wrong room code shows in the host's lobby,
the host locks the lobby and sends a seated stranger away with its buttons, and 随机生成 makes
up a six-digit code; in both languages."""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from engine.net import frames
from engine.net import messages as m
from gui.i18n import set_language, tr
from gui.lan.host_dialog import HostDialog
from gui.main_window import MainWindow
from gui.settings import Settings
from storage.store import ProfileStore

CODE = "482193"


@pytest.fixture(params=["zh", "en"])
def language(request: pytest.FixtureRequest) -> Any:
    set_language(request.param)
    yield request.param
    set_language("zh")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class _Guest:
    """A raw client from one loopback address: its hello and what the host says."""

    def __init__(self, port: int, address: str) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.settimeout(10)
        try:
            self.sock.bind((address, 0))
        except OSError:
            pytest.skip(f"no {address} on this system's loopback")
        self.sock.connect(("127.0.0.1", port))
        self.reader = frames.FrameReader()
        self.inbox: list[dict[str, Any]] = []

    def hello(self, name: str, code: str | None) -> m.Message:
        self.sock.sendall(frames.encode(m.to_wire(m.Hello(name=name, code=code))))
        return self.read()

    def read(self) -> m.Message:
        while not self.inbox:
            data = self.sock.recv(65536)
            assert data, "the host closed the connection"
            self.inbox.extend(self.reader.feed(data))
        return m.parse(self.inbox.pop(0), "host")

    def read_until(self, kind: type[m.Message]) -> m.Message:
        while not isinstance(message := self.read(), kind):
            pass
        return message


def test_the_host_sees_wrong_codes_locks_the_lobby_and_removes_a_stranger(
        qtbot: QtBot, store: ProfileStore, monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    port = _free_port()

    def choose_and_accept(dialog: HostDialog) -> int:
        dialog.port_box.setValue(port)
        qtbot.mouseClick(dialog.new_code_button, Qt.MouseButton.LeftButton)
        code = dialog.code()
        assert code is not None and len(code) >= 6 and code.isdigit()  # a made-up code: 6 digits
        dialog.code_edit.setText(CODE)
        return HostDialog.DialogCode.Accepted.value

    monkeypatch.setattr(HostDialog, "exec", choose_and_accept)
    told: list[str] = []
    monkeypatch.setattr("gui.message_box.tell", lambda _p, _t, text: told.append(text))
    window = MainWindow(Settings(ai_pause="off", language=language), confirm_quit=False, store=store)
    qtbot.addWidget(window)
    window.resize(1100, 760)
    window.show()
    lan = window.lan
    lan.bind, lan.discovery_port = "127.0.0.1", None
    lan.host_table()
    lobby = lan.lobby
    qtbot.waitUntil(lambda: window.stack.currentWidget() is lobby and lobby.lobby is not None, timeout=15_000)
    try:
        assert lobby.lock_button.isVisibleTo(lobby) and not lobby.notice.isVisibleTo(lobby)
        # a stranger with the code sits down; a guesser's wrong code shows in the host's lobby
        stranger = _Guest(port, "127.0.0.7")
        assert isinstance(stranger.hello("陌生人", CODE), m.Welcome)
        guesser = _Guest(port, "127.0.0.8")
        refused = guesser.hello("guesser", "000000")
        assert isinstance(refused, m.Refused) and refused.code == m.REFUSE_WRONG_CODE
        line = tr("lan.lobby.wrong_codes", n=1, address="127.0.0.8")
        qtbot.waitUntil(lambda: lobby.notice.isVisibleTo(lobby) and line in lobby.notice.text(),
                        timeout=10_000)
        card = next(c for c in lobby.cards if c.name.text() == "陌生人")
        qtbot.waitUntil(lambda: card.remove_button.isVisibleTo(lobby), timeout=10_000)
        assert not lobby.cards[0].remove_button.isVisibleTo(lobby)  # not the host's own seat
        assert card.remove_button.text() == tr("lan.lobby.remove")
        # locked: a new friend is refused, with words for it
        qtbot.mouseClick(lobby.lock_button, Qt.MouseButton.LeftButton)
        assert lan.host is not None and lan.host.locked
        assert lobby.lock_button.text() == tr("lan.lobby.unlock")
        late = _Guest(port, "127.0.0.9").hello("late", CODE)
        assert isinstance(late, m.Refused) and late.code == m.REFUSE_LOCKED
        if os.environ.get("DOOR_SHOTS"):  # the screenshot the closing note shows
            shots = Path(os.environ["DOOR_SHOTS"])
            shots.mkdir(parents=True, exist_ok=True)
            QApplication.processEvents()  # the layouts take the new texts' sizes
            window.grab().save(str(shots / f"door-lobby-{language}.png"))
        # 请离, confirmed: the stranger is told, and the seat is free
        monkeypatch.setattr(lobby, "confirm_remove", lambda name: name == "陌生人")
        qtbot.mouseClick(card.remove_button, Qt.MouseButton.LeftButton)
        ended = stranger.read_until(m.Ended)
        assert isinstance(ended, m.Ended) and ended.reason == m.END_REMOVED
        qtbot.waitUntil(lambda: lobby.lobby is not None
                        and sum(s.kind == "person" for s in lobby.lobby.seats) == 1, timeout=10_000)
        assert not card.remove_button.isVisibleTo(lobby)
        qtbot.mouseClick(lobby.lock_button, Qt.MouseButton.LeftButton)
        assert not lan.host.locked and lobby.lock_button.text() == tr("lan.lobby.lock")
        again = _Guest(port, "127.0.0.7").hello("陌生人", CODE)
        assert isinstance(again, m.Refused) and again.code == m.REFUSE_REMOVED
        assert told == []
    finally:
        window.leave_table()
