"""LAN play from the window, end to end over loopback: the player hosts a table from the GUI
(the host in this process), a headless bot joins it, the computer fills the two seats left, the
match starts, and the table widget plays a hand at the normal animation speed — the game people
get — with clicks and keys, to the hand's end and its result; the profile counts it. Leaving
closes the table, and the bot is told the host quit."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from engine.ai import NormalAI
from engine.net import messages as m
from engine.net.bot_client import BotPlayer, BotResult
from gui.lan.host_dialog import HostDialog
from gui.lan.join_dialog import JoinDialog
from gui.lan.remote_table import RemoteTable
from gui.main_window import MainWindow
from gui.settings import Settings
from gui.table.end_dialogs import EndOfHandDialog
from storage.store import ProfileStore
from tests.gui.window_parts import joined
from tests.gui_driver import act, pump_until
from tests.profile_helpers import current, new_store

RUN_FOR = 150.0  # seconds: the bound on the whole match for the bot's thread


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    for where in ("gui.message_box.warn", "gui.message_box.tell"):
        monkeypatch.setattr(where, lambda _parent, _title, message: shown.append(message))
    return shown


def host_here_join_there(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> int:
    """The host dialog opens a 1-圈 table on a free port; the join dialog types its address and
    connects. Returns the port."""
    port = _free_port()

    def host_choices(dialog: HostDialog) -> int:
        dialog.table_card.rounds_choice.set_value(1)
        dialog.port_box.setValue(port)
        return HostDialog.DialogCode.Accepted.value

    def type_and_join(dialog: JoinDialog) -> int:
        dialog.show()
        dialog.address_box.setCurrentText(f"127.0.0.1:{port}")
        qtbot.mouseClick(dialog.connect_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.joined is not None or bool(dialog.status.property("error")),
                        timeout=30_000)
        return dialog.result()

    monkeypatch.setattr(HostDialog, "exec", host_choices)
    monkeypatch.setattr(JoinDialog, "exec", type_and_join)
    return port


def _window(qtbot: QtBot, store: ProfileStore, name: str) -> MainWindow:
    store.create(name)
    store.select(name)
    window = MainWindow(Settings(ai_pause="off"), confirm_quit=False, store=store)  # speed 1.0
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    lan = window.lan
    lan.bind, lan.discovery_port, lan.browse = "127.0.0.1", None, False  # loopback only
    lan.table_options = {"claim_pause": 0.2, "seed": 11}
    return window


@pytest.mark.slow
def test_a_table_hosted_from_the_window_plays_a_hand_with_a_bot_and_the_computer(
        qtbot: QtBot, store: ProfileStore, monkeypatch: pytest.MonkeyPatch, warnings: list[str]) -> None:
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
    qtbot.waitUntil(lambda: window.stack.currentWidget() is lobby and lobby.lobby is not None, timeout=30_000)
    assert lan.hosting and lobby.host_row.isVisibleTo(lobby)
    assert lobby.lobby is not None and lobby.lobby.table.code  # the room code is on

    # a headless bot takes a seat (with the code), and says it is ready
    result: list[BotResult] = []
    bot = BotPlayer("127.0.0.1", port, "机器人", lambda: NormalAI(name="机器人"), code="8848", return_for=0)
    runner = threading.Thread(target=lambda: result.append(bot.run(time.monotonic() + RUN_FOR)), daemon=True)
    runner.start()
    try:
        qtbot.waitUntil(lambda: lobby.lobby is not None
                        and sum(s.kind == "person" for s in lobby.lobby.seats) == 2, timeout=30_000)
        bot_card = next(c for c in lobby.cards if c.name.text() == "机器人")
        qtbot.waitUntil(lambda: bot_card.state.property("ready") is True, timeout=30_000)
        # the host fills the two empty seats with the computer and starts
        lobby.ai_combo.setCurrentIndex(0)
        qtbot.mouseClick(lobby.start_button, Qt.MouseButton.LeftButton)
        table = window.table
        qtbot.waitUntil(lambda: window.stack.currentWidget() is table, timeout=30_000)
        assert isinstance(table.connection, RemoteTable)
        assert table.scene.names[0] == current(store).name  # me at the bottom, by my name
        assert "机器人" in table.scene.names
        assert table.scene.speed == 1.0

        profile_hands = current(store).totals().hands
        turns = pump_until(qtbot, table, lambda: bool(table.summaries) and table.end_dialog is None
                           and current(store).totals().hands > profile_hands, timeout=240.0)
        assert warnings == []
        summary = table.summaries[0]
        assert summary.ended is not None and sum(summary.ended.deltas) == 0
        # the profile counted the hand, with my seat's result
        profile = current(store)
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


def test_two_windows_host_join_play_drop_and_come_back(qtbot: QtBot, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      warnings: list[str]) -> None:
    """Two people: one hosts, the other types the address in the join dialog; ready, start; the
    guest's connection breaks mid-hand, the host's table marks the seat, the guest's window comes
    back by itself and plays on."""
    port = host_here_join_there(qtbot, monkeypatch)
    host_store, guest_store = new_store(tmp_path / "host"), new_store(tmp_path / "guest")
    host = _window(qtbot, host_store, "房主")
    guest = _window(qtbot, guest_store, "客人")
    try:
        host.lan.host_table()
        qtbot.waitUntil(lambda: host.lan.lobby.lobby is not None, timeout=30_000)
        qtbot.mouseClick(guest.start_screen.lan_button, Qt.MouseButton.LeftButton)
        glob = guest.lan.lobby
        qtbot.waitUntil(lambda: guest.stack.currentWidget() is glob and glob.lobby is not None,
                        timeout=30_000)
        assert guest.settings.recent_hosts == [f"127.0.0.1:{port}"]  # remembered for next time
        assert not glob.host_row.isVisibleTo(glob)  # no host controls for a guest
        assert glob.cards[0].name.text() == "客人"
        # each sees the other, in its place around the table
        hlob = host.lan.lobby
        qtbot.waitUntil(lambda: any(c.name.text() == "客人" for c in hlob.cards), timeout=30_000)
        qtbot.mouseClick(glob.ready_button, Qt.MouseButton.LeftButton)
        guest_card = next(c for c in hlob.cards if c.name.text() == "客人")
        qtbot.waitUntil(lambda: guest_card.state.property("ready") is True, timeout=30_000)
        qtbot.mouseClick(hlob.start_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: host.stack.currentWidget() is host.table
                        and guest.stack.currentWidget() is guest.table, timeout=30_000)
        gtable, htable = guest.table, host.table
        assert gtable.scene.names[0] == "客人" and htable.scene.names[0] == "房主"
        guest_place = htable.scene.names.index("客人")  # where the host sees the guest
        assert gtable.scene.names[(4 - guest_place) % 4] == "房主"

        # play a little from both windows, then the guest's line breaks
        def both(until: Any) -> None:
            end = time.monotonic() + 60
            turns = 0
            while not until():
                assert time.monotonic() < end, "the table did not get there in time"
                qtbot.wait(5)
                for table in (gtable, htable):
                    if table.pending is not None:
                        act(qtbot, table, turns)
                        turns += 1
                    dialog = table.end_dialog
                    if dialog is not None and dialog.isVisible():
                        assert isinstance(dialog, EndOfHandDialog), dialog
                        qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)

        both(lambda: gtable.scene.model.tiles_left < 30)
        client = joined(guest).client
        sock = client._sock
        assert sock is not None
        states: list[tuple[int, bool, bool]] = []
        assert htable.connection is not None and gtable.connection is not None
        htable.connection.seat_state.connect(lambda *state: states.append(state))
        plate_words: list[str] = []
        htable.connection.seat_state.connect(
            lambda *_s: plate_words.append(htable.scene.plates[guest_place].status.text.text()))
        resyncs: list[bool] = []
        gtable.connection.resyncing.connect(resyncs.append)
        sock.shutdown(socket.SHUT_RDWR)  # the network drops
        # the host's table marks the seat, and unmarks it when the guest's window is back by itself
        qtbot.waitUntil(lambda: (guest_place, False, True) in states, timeout=20_000)
        assert "掉线" in plate_words
        qtbot.waitUntil(lambda: states[-1] == (guest_place, True, False) and resyncs == [True, False],
                        timeout=30_000)
        assert htable.scene.plates[guest_place].status.text.text() == ""
        # back: the guest's table was drawn again and plays on
        assert guest.lan.playing and gtable.running and gtable.scene.speed == 1.0
        assert "重新连接" not in gtable.bar.status.text()
        tiles_then = gtable.scene.model.tiles_left
        both(lambda: gtable.scene.model.tiles_left < tiles_then - 4 or bool(gtable.summaries))
        assert warnings == []
    finally:
        guest.leave_table()
        host.leave_table()
    assert not host.lan.hosting and not guest.lan.active
