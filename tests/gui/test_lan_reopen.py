"""A table hosted by a window whose program quit or crashed mid-match
(docs/protocol.md, The host comes back): the start
screen offers 重开我的局域网牌桌; one click (and a yes) opens it again on its port with its id,
the host player sits at their own seat, a guest comes back with its token, and the match goes on
from the hand it had reached, with its scores."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from engine.game.rules import Ruleset
from engine.game.wall_key import new_key
from engine.net.table_config import TableConfig
from engine.net.table_save import SavedSeat, SavedTable
from engine.table.match import Match
from gui.i18n import set_language
from gui.lan.controller import LanController
from gui.lan.remote_table import RemoteTable
from gui.main_window import MainWindow
from gui.settings import Settings
from storage.lan_tables import table_file
from tests.gui.lan_windows import free_port, keep_told, lan_window
from tests.net.lan_helpers import BotThread
from tests.profile_helpers import new_store

TABLE_ID = "5a5a5a5a5a5a5a5a"
NAMES = ("老王", "AI 2", "小李", "AI 4")


def _kept_table(port: int) -> SavedTable:
    """A match cut off after two hands: 老王 hosts (seat 0), 小李 is a guest (seat 2)."""
    rules = Ruleset.hefei(rounds=1)
    match = Match(rules, 77, NAMES, new_key())
    match.played, match.passes, match.dealer, match.dealer_streak = 2, 1, 1, 1
    match.scores = [30, -10, -5, -15]
    seats = (SavedSeat("person", "老王", "新手·一段", token="a" * 32),
             SavedSeat("ai", "AI 2", "easy", level="easy"),
             SavedSeat("person", "小李", "新手·一段", token="b" * 32),
             SavedSeat("ai", "AI 4", "easy", level="easy"))
    config = TableConfig(name="老王的牌桌", rules=rules, claim_pause=0.1)
    return SavedTable(TABLE_ID, port, config, match.state(), seats, own_seat=0)


def _window(qtbot: QtBot, tmp_path: Path, language: str = "zh") -> MainWindow:
    return lan_window(qtbot, new_store(tmp_path / "host"), "老王",
                      Settings(ai_pause="off", animation_speed=0.0, language=language))


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return keep_told(monkeypatch)


def test_the_host_reopens_its_table_and_the_match_goes_on_with_its_guest(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, told: list[str]) -> None:
    port = free_port()
    saved = _kept_table(port)
    table_file().write(saved.to_dict())
    asked: list[SavedTable] = []
    def reopen(_self: LanController, table: SavedTable) -> str:
        asked.append(table)
        return "reopen"

    monkeypatch.setattr(LanController, "ask_reopen", reopen)
    window = _window(qtbot, tmp_path)
    button = window.start_screen.lan_return_button
    assert button.isVisible() and button.text() == "重开我的局域网牌桌"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert [t.table_id for t in asked] == [TABLE_ID]
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.table, timeout=15_000)
    host = window.lan.host
    assert host is not None and host.address[1] == port and host.info().id == TABLE_ID
    assert host.waiting_for() == (2,)  # its own seat is back; it waits for the guest
    qtbot.waitUntil(lambda: "等其他玩家回来" in window.table.bar.status.text(), timeout=10_000)
    guest = BotThread(port, "小李", seed=3, token="b" * 32)
    remote = window.table.connection
    assert isinstance(remote, RemoteTable) and remote.seat == 0
    qtbot.waitUntil(lambda: remote._hand_start is not None, timeout=30_000)
    start = remote._hand_start
    assert start is not None
    assert start.hand_number == 3 and start.dealer == 1 and list(start.scores) == [30, -10, -5, -15]
    assert all(state.connected for state in host.seat_states())
    qtbot.waitUntil(lambda: "等其他玩家回来" not in window.table.bar.status.text(), timeout=10_000)
    assert guest.player.result.seat == 2
    assert told == []
    window.leave_table()  # the host leaves mid-match: the table stays kept to reopen again
    guest.join(30)
    assert table_file().read() is not None
    window.show_start()
    assert window.start_screen.lan_return_button.text() == "重开我的局域网牌桌"


@pytest.mark.parametrize("language", ["zh", "en"])
def test_dropping_the_kept_table_forgets_it_and_a_taken_port_is_told(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, told: list[str],
        language: str) -> None:
    try:
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            port = int(taken.getsockname()[1])
            table_file().write(_kept_table(port).to_dict())
            monkeypatch.setattr(LanController, "ask_reopen", lambda _self, _table: "reopen")
            window = _window(qtbot, tmp_path, language)
            assert window.start_screen.lan_return_button.text() == (
                "重开我的局域网牌桌" if language == "zh" else "Reopen my LAN table")
            qtbot.mouseClick(window.start_screen.lan_return_button, Qt.MouseButton.LeftButton)
            assert len(told) == 1 and str(port) in told[0]
            assert ("无法在端口" in told[0]) == (language == "zh")
            assert window.lan.host is None and table_file().read() is not None  # kept: try again later
        monkeypatch.setattr(LanController, "ask_reopen", lambda _self, _table: "drop")
        qtbot.mouseClick(window.start_screen.lan_return_button, Qt.MouseButton.LeftButton)
        assert table_file().read() is None and window.start_screen.lan_return_button.isHidden()
    finally:
        set_language("zh")


def test_the_question_names_the_table_its_hand_and_scores(qtbot: QtBot, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    seen: list[str] = []

    def exec_(box: QMessageBox) -> int:
        seen.append(box.text())
        seen.extend(b.text() for b in box.buttons())
        return 0

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    window = _window(qtbot, tmp_path)
    answer = window.lan.ask_reopen(_kept_table(47321))
    assert answer == "cancel"
    assert "老王的牌桌" in seen[0] and "第 3 局" in seen[0] and "老王 +30" in seen[0] and "小李 -5" in seen[0]
    assert {"重开牌桌", "放弃这一局"} <= set(seen[1:])
