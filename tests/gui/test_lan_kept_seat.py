"""A guest's seat is kept in the settings, so that a player whose program died mid-match (a crash,
a restart: the session token was only in memory) can sit down at it again from a new window;
a seat the table no longer knows is forgotten and the player joins as anyone would."""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from engine.net import messages as m
from engine.net.discovery import Found
from engine.net.host import Host, TableConfig
from gui.lan.join_dialog import JoinDialog, table_line
from gui.lan.kept_seat import KeptSeat
from gui.lan.remote_table import RemoteTable
from gui.main_window import MainWindow
from gui.settings import Settings
from storage.store import ProfileStore
from tests.gui_driver import act
from tests.profile_helpers import new_store

CODE = "42"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _window(qtbot: Any, store: ProfileStore, name: str, settings: Settings) -> MainWindow:
    store.create(name)
    store.select(name)
    window = MainWindow(settings, confirm_quit=False, store=store)
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    window.lan.bind, window.lan.discovery_port, window.lan.browse = "127.0.0.1", None, False
    return window


@pytest.fixture
def table_host() -> Any:
    host = Host(TableConfig(name="老王的牌桌", code=CODE, claim_pause=0.2, seed=5), bind="127.0.0.1",
                port=_free_port(), discovery_port=None)
    host.start()
    yield host
    host.stop()


@pytest.fixture
def type_address(monkeypatch: pytest.MonkeyPatch, qtbot: Any) -> list[str]:
    """JoinDialog.exec types the host's address and connects; the code prompts it saw."""
    prompts: list[str] = []
    def ask_code(_dialog: JoinDialog, why: str) -> str:
        prompts.append(why)
        return CODE

    monkeypatch.setattr(JoinDialog, "ask_code", ask_code)

    def exec_(dialog: JoinDialog) -> int:
        dialog.show()
        dialog.address_box.setCurrentText(dialog.test_address)  # type: ignore[attr-defined]
        qtbot.mouseClick(dialog.connect_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.joined is not None or bool(dialog.status.property("error")),
                        timeout=30_000)
        return dialog.result()

    monkeypatch.setattr(JoinDialog, "exec", exec_)
    return prompts


def test_a_guest_whose_program_died_mid_match_returns_to_its_seat_from_a_new_window(
        qtbot: Any, tmp_path: Path, table_host: Host, type_address: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    port = table_host.address[1]
    monkeypatch.setattr(JoinDialog, "test_address", f"127.0.0.1:{port}", raising=False)
    store = new_store(tmp_path / "guest")
    first = _window(qtbot, store, "小李", Settings(ai_pause="off", animation_speed=0.0))
    qtbot.mouseClick(first.start_screen.lan_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: first.lan.lobby.lobby is not None, timeout=30_000)
    assert len(type_address) == 1  # the code was asked once
    kept = KeptSeat.from_dict(first.settings.lan_seat)
    assert kept is not None and kept.token and kept.code == CODE and kept.is_at("127.0.0.1", port)
    assert kept.table == table_host.info().id
    # the lobby tells the code with the address, for a friend to join too
    assert CODE in first.lan.lobby.addresses.text()

    table_host.fill_with_ai("easy")
    table_host.start_match()
    qtbot.waitUntil(lambda: first.stack.currentWidget() is first.table and first.table.pending is not None,
                    timeout=20_000)
    seat = first.lan.joined.welcome.seat  # type: ignore[union-attr]
    # the program dies: its connection closes without a word, and nothing of it runs again
    first.lan.joined.client.close()  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: not table_host.seat_states()[seat].connected, timeout=20_000)

    # a new run of the program reads the same settings file
    second = _window(qtbot, new_store(tmp_path / "guest-again"), "小李",
                     Settings(ai_pause="off", animation_speed=0.0, lan_seat=first.settings.lan_seat))
    assert second.start_screen.lan_button.text() == "回到局域网牌桌"  # the start screen says there is a seat
    qtbot.mouseClick(second.start_screen.lan_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: second.stack.currentWidget() is second.table, timeout=30_000)
    assert len(type_address) == 1  # a return asks for no code
    table = second.table
    assert isinstance(table.connection, RemoteTable)
    assert table.scene.names[0] == "小李"
    qtbot.waitUntil(lambda: table_host.seat_states()[seat].connected, timeout=30_000)
    # and plays on from where the table is
    end = time.monotonic() + 60
    turns = 0
    while turns < 2:
        assert time.monotonic() < end, "no decision came back to the returned seat"
        qtbot.wait(10)
        if table.pending is not None:
            act(qtbot, table, turns)
            turns += 1
    assert second.lan.playing
    second.leave_table()
    first.leave_table()


def test_a_seat_the_table_does_not_know_is_forgotten_and_the_player_joins_as_a_newcomer(
        qtbot: Any, tmp_path: Path, table_host: Host, type_address: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    port = table_host.address[1]
    monkeypatch.setattr(JoinDialog, "test_address", f"127.0.0.1:{port}", raising=False)
    stale = KeptSeat("0123456789abcdef", "127.0.0.1", port, "f" * 32, CODE).to_dict()
    window = _window(qtbot, new_store(tmp_path / "p"), "小张",
                     Settings(ai_pause="off", animation_speed=0.0, lan_seat=stale))
    qtbot.mouseClick(window.start_screen.lan_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.lan.lobby.lobby is not None, timeout=30_000)
    kept = KeptSeat.from_dict(window.settings.lan_seat)
    assert kept is not None and kept.token != "f" * 32 and kept.table == table_host.info().id
    # leaving the lobby gives the seat up: nothing left to return to
    qtbot.mouseClick(window.lan.lobby.leave_button, Qt.MouseButton.LeftButton)
    assert window.settings.lan_seat is None


def test_the_list_puts_the_players_own_table_first_and_says_so(qtbot: Any) -> None:
    def found(tid: str, name: str, started: bool) -> Found:
        info = m.TableInfo(id=tid, name=name, port=47321, seats_free=0 if started else 2, room="open",
                           rounds=1, code=True, started=started, version="1", protocol=m.PROTOCOL_VERSION)
        return Found(info, "127.0.0.1")

    mine = found("a" * 16, "B 桌", True)
    kept = KeptSeat(mine.table.id, "127.0.0.1", 47321, "t" * 32, CODE)
    dialog = JoinDialog("我", 0, [], browse=False, kept=kept)
    qtbot.addWidget(dialog)
    dialog.show_tables([found("b" * 16, "A 桌", False), mine])
    assert dialog.table_list.item(0).text() == table_line(mine, True)
    assert "你的座位" in dialog.table_list.item(0).text() and "需密码" not in dialog.table_list.item(0).text()
    assert dialog.table_list.currentRow() == 0 and dialog.join_button.isEnabled()  # ready to join at once


def test_a_started_table_that_is_not_ours_is_refused_before_any_code_is_asked(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(JoinDialog, "ask_code", lambda self, why: pytest.fail("asked for a code"))
    info = m.TableInfo(id="c" * 16, name="C 桌", port=47321, seats_free=0, room="open", rounds=1, code=True,
                       started=True, version="1", protocol=m.PROTOCOL_VERSION)
    dialog = JoinDialog("我", 0, [], browse=False)
    qtbot.addWidget(dialog)
    dialog.show_tables([Found(info, "127.0.0.1")])
    dialog.join_selected()
    assert dialog.status.property("error") is True and "开局" in dialog.status.text()


@pytest.mark.parametrize("bad", [None, 3, [], {"table": "x"},
                                 {"table": "x", "host": "h", "port": 0, "token": "t"},
                                 {"table": "x", "host": "h", "port": 5, "token": "t", "code": 7},
                                 {"table": "", "host": "h", "port": 5, "token": "t"},
                                 {"table": "x", "host": "h", "port": True, "token": "t"}])
def test_a_kept_seat_that_is_not_a_whole_one_is_none(bad: object) -> None:
    assert KeptSeat.from_dict(bad) is None


def test_a_kept_seat_survives_the_settings_file(tmp_path: Path) -> None:
    from gui.settings import load, save

    seat = KeptSeat("d" * 16, "192.0.2.9", 47321, "e" * 32, None)
    save(Settings(lan_seat=seat.to_dict()), tmp_path)
    assert KeptSeat.from_dict(load(tmp_path).settings.lan_seat) == seat
