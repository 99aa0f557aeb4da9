"""LAN play from the window, end to end over loopback: the player hosts a table from the GUI
(the host in this process), a headless bot joins it, the computer fills the two seats left, the
match starts, and the table widget plays a hand at the normal animation speed — the game people
get — with clicks and keys, to the hand's end and its result; the profile counts it. Leaving
closes the table, and the bot is told the host quit."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any

import pytest
from PySide6.QtCore import Qt

from engine.ai import NormalAI
from engine.net import messages as m
from engine.net.bot_client import BotPlayer, BotResult
from gui.lan.host_dialog import HostDialog
from gui.lan.remote_table import RemoteTable
from gui.main_window import MainWindow
from gui.settings import Settings
from storage.store import ProfileStore
from tests.gui_driver import pump_until

RUN_FOR = 150.0  # seconds: the bound on the whole match for the bot's thread


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    for where in ("gui.main_window.QMessageBox.warning", "gui.lan.controller.QMessageBox.information"):
        monkeypatch.setattr(where, lambda _parent, _title, message: shown.append(message))
    return shown


@pytest.mark.slow
def test_a_table_hosted_from_the_window_plays_a_hand_with_a_bot_and_the_computer(
        qtbot: Any, store: ProfileStore, monkeypatch: pytest.MonkeyPatch, warnings: list[str]) -> None:
    port = _free_port()

    def choose_and_accept(dialog: HostDialog) -> int:
        dialog.table_card.rounds_choice.set_value(1)
        dialog.port_box.setValue(port)
        dialog.code_edit.setText("8848")
        return HostDialog.DialogCode.Accepted.value

    monkeypatch.setattr(HostDialog, "exec", choose_and_accept)
    window = MainWindow(Settings(ai_pause="off"), confirm_quit=False, store=store)  # speed 1.0
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    assert window.settings.animation_speed == 1.0
    lan = window.lan
    lan.bind, lan.discovery_port = "127.0.0.1", None  # loopback only, nothing on the LAN
    lan.table_options = {"claim_pause": 0.2, "seed": 11}
    lan.host_table()
    lobby = lan.lobby
    qtbot.waitUntil(lambda: window.stack.currentWidget() is lobby and lobby.lobby is not None, timeout=15_000)
    assert lan.hosting and lobby.host_row.isVisibleTo(lobby)
    assert lobby.lobby is not None and lobby.lobby.table.code  # the room code is on

    # a headless bot takes a seat (with the code), and says it is ready
    result: list[BotResult] = []
    bot = BotPlayer("127.0.0.1", port, "机器人", lambda: NormalAI(name="机器人"), code="8848", return_for=0)
    runner = threading.Thread(target=lambda: result.append(bot.run(time.monotonic() + RUN_FOR)), daemon=True)
    runner.start()
    try:
        qtbot.waitUntil(lambda: lobby.lobby is not None
                        and sum(s.kind == "person" for s in lobby.lobby.seats) == 2, timeout=15_000)
        bot_card = next(c for c in lobby.cards if c.name.text() == "机器人")
        qtbot.waitUntil(lambda: bot_card.state.property("ready") is True, timeout=10_000)
        # the host fills the two empty seats with the computer and starts
        lobby.ai_combo.setCurrentIndex(0)
        qtbot.mouseClick(lobby.start_button, Qt.MouseButton.LeftButton)
        table = window.table
        qtbot.waitUntil(lambda: window.stack.currentWidget() is table, timeout=15_000)
        assert isinstance(table.connection, RemoteTable)
        assert table.scene.names[0] == store.current().name  # me at the bottom, by my name
        assert "机器人" in table.scene.names
        assert table.scene.speed == 1.0

        profile_hands = store.current().totals().hands
        turns = pump_until(qtbot, table, lambda: bool(table.summaries) and table.end_dialog is None
                           and store.current().totals().hands > profile_hands, timeout=240.0)
        assert warnings == []
        summary = table.summaries[0]
        assert summary.ended is not None and sum(summary.ended.deltas) == 0
        # the profile counted the hand, with my seat's result
        profile = store.current()
        assert profile.totals().hands == profile_hands + 1
        assert profile.totals().net == summary.ended.deltas[0]
        assert turns > 0  # the person played through the widgets
    finally:
        window.leave_table()  # closes the table hosted here: everyone is told
        runner.join(30)
    assert not runner.is_alive()
    assert result and result[0].ended == m.END_HOST_QUIT
    assert not lan.hosting and not lan.active
    assert window.stack.currentWidget() is window.start_screen
