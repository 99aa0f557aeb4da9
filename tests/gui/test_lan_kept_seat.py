"""A guest's seat is kept on disk (owner-only), so that a player whose program died mid-match (a
crash, a restart: the session token was only in memory) sits down at it again from a new window
with one click on the start screen's 回到局域网牌桌; a seat the table no longer knows, or a
table that is gone, is told in words and forgotten; the table browser takes a stale seat as a
newcomer."""

from __future__ import annotations

import stat
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from engine.net import messages as m
from engine.net.client import JoinRefused
from engine.net.discovery import Found
from engine.net.host import Host, TableConfig
from gui.lan.controller import return_failure
from gui.lan.join_dialog import JoinDialog, table_line
from gui.lan.kept_seat import KeptSeat, SeatStore
from gui.lan.remote_table import RemoteTable
from gui.main_window import MainWindow
from gui.settings import Settings
from storage.store import ProfileStore
from tests.gui.lan_windows import free_port, keep_told, lan_window
from tests.gui.window_parts import joined
from tests.gui_driver import act
from tests.profile_helpers import new_store

CODE = "42"


def _window(qtbot: QtBot, store: ProfileStore, name: str, settings: Settings) -> MainWindow:
    return lan_window(qtbot, store, name, settings)


@pytest.fixture
def table_host() -> Any:
    host = Host(TableConfig(name="老王的牌桌", code=CODE, claim_pause=0.2, seed=5), bind="127.0.0.1",
                port=free_port(), discovery_port=None)
    host.start()
    yield host
    host.stop()


@pytest.fixture
def type_address(monkeypatch: pytest.MonkeyPatch, qtbot: QtBot) -> list[str]:
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


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return keep_told(monkeypatch)


def test_a_guest_whose_program_died_mid_match_returns_to_its_seat_in_one_click(
        qtbot: QtBot, tmp_path: Path, table_host: Host, type_address: list[str],
        monkeypatch: pytest.MonkeyPatch, told: list[str]) -> None:
    port = table_host.address[1]
    monkeypatch.setattr(JoinDialog, "test_address", f"127.0.0.1:{port}", raising=False)
    store = new_store(tmp_path / "guest")
    first = _window(qtbot, store, "小李", Settings(ai_pause="off", animation_speed=0.0))
    assert first.start_screen.lan_return_button.isHidden()  # nothing to go back to yet
    qtbot.mouseClick(first.start_screen.lan_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: first.lan.lobby.lobby is not None, timeout=30_000)
    assert len(type_address) == 1  # the code was asked once
    kept = SeatStore().read()
    assert kept is not None and kept.token and kept.code == CODE and kept.is_at("127.0.0.1", port)
    assert kept.table == table_host.info().id and kept.name == "老王的牌桌"
    seat_path = SeatStore().file.path
    assert stat.S_IMODE(seat_path.stat().st_mode) == 0o600  # the token is a secret: the owner's only
    assert first.settings.lan_seat is None  # not in the settings any more
    # the lobby tells the code with the address, for a friend to join too
    assert CODE in first.lan.lobby.addresses.text()

    table_host.fill_with_ai("easy")
    table_host.start_match()
    qtbot.waitUntil(lambda: first.stack.currentWidget() is first.table and first.table.pending is not None,
                    timeout=20_000)
    seat = joined(first).welcome.seat
    # the program dies: its connection closes without a word, and nothing of it runs again
    joined(first).client.close()
    qtbot.waitUntil(lambda: not table_host.seat_states()[seat].connected, timeout=20_000)

    # a new run of the program finds the seat on disk
    dialogs: list[JoinDialog] = []
    def not_shown(dialog: JoinDialog) -> int:
        dialogs.append(dialog)
        return 0

    monkeypatch.setattr(JoinDialog, "exec", not_shown)
    second = _window(qtbot, new_store(tmp_path / "guest-again"), "小李",
                     Settings(ai_pause="off", animation_speed=0.0))
    button = second.start_screen.lan_return_button
    assert button.isVisible() and button.text() == "回到局域网牌桌"  # the start screen offers the way back
    assert second.start_screen.lan_button.text() == "局域网"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: second.stack.currentWidget() is second.table, timeout=30_000)
    assert dialogs == [] and len(type_address) == 1  # one click: no table browser, no code asked
    table = second.table
    assert isinstance(table.connection, RemoteTable)
    assert table.scene.names[0] == "小李"
    qtbot.waitUntil(lambda: table_host.seat_states()[seat].connected, timeout=30_000)
    # the same scores as the table's (the resync's hand start carries them)
    assert joined(second).welcome.seat == seat
    # and plays on from where the table is
    end = time.monotonic() + 60
    turns = 0
    while turns < 2:
        assert time.monotonic() < end, "no decision came back to the returned seat"
        qtbot.wait(10)
        if table.pending is not None:
            act(qtbot, table, turns)
            turns += 1
    assert second.lan.playing and told == []
    second.leave_table()
    first.leave_table()


@pytest.mark.parametrize(("language", "listening", "words"), [
    ("zh", True, "牌桌「老王的牌桌」不认得你的座位了（它可能是新开的一桌）。你的座位已清除。"),
    ("en", True, "The table “老王的牌桌” no longer knows your seat (it may be a new table). Your seat "
                 "has been cleared."),
    ("zh", False, "牌桌「老王的牌桌」（127.0.0.1:{port}）已经不在了：房主的程序没有在运行。你的座位已清除。"),
    ("en", False, "The table “老王的牌桌” (127.0.0.1:{port}) is gone: the host's program is not "
                  "running. Your seat has been cleared."),
])
def test_a_seat_that_is_no_more_is_told_in_words_and_forgotten(
        qtbot: QtBot, tmp_path: Path, language: str, listening: bool, words: str, told: list[str]) -> None:
    from gui.i18n import set_language

    host = None
    if listening:
        host = Host(TableConfig(name="老王的牌桌", code=CODE, seed=5), bind="127.0.0.1", port=free_port(),
                    discovery_port=None)
        host.start()
    port = host.address[1] if host is not None else free_port()
    try:
        SeatStore().keep(KeptSeat("0123456789abcdef", "127.0.0.1", port, "f" * 32, CODE, "老王的牌桌"))
        window = _window(qtbot, new_store(tmp_path / "p"), "小张",
                         Settings(ai_pause="off", animation_speed=0.0, language=language))
        button = window.start_screen.lan_return_button
        assert button.text() == ("回到局域网牌桌" if language == "zh" else "Back to the LAN table")
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: bool(told), timeout=15_000)
        assert told == [words.format(port=port)]
        assert SeatStore().read() is None and window.start_screen.lan_return_button.isHidden()
        assert window.stack.currentWidget() is window.start_screen
    finally:
        set_language("zh")
        if host is not None:
            host.stop()


def test_the_table_browser_still_takes_a_stale_seat_as_a_newcomer(
        qtbot: QtBot, tmp_path: Path, table_host: Host, type_address: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    port = table_host.address[1]
    monkeypatch.setattr(JoinDialog, "test_address", f"127.0.0.1:{port}", raising=False)
    SeatStore().keep(KeptSeat("0123456789abcdef", "127.0.0.1", port, "f" * 32, CODE))
    window = _window(qtbot, new_store(tmp_path / "p"), "小张", Settings(ai_pause="off", animation_speed=0.0))
    qtbot.mouseClick(window.start_screen.lan_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.lan.lobby.lobby is not None, timeout=30_000)
    kept = SeatStore().read()
    assert kept is not None and kept.token != "f" * 32 and kept.table == table_host.info().id
    # leaving the lobby gives the seat up: nothing left to return to
    qtbot.mouseClick(window.lan.lobby.leave_button, Qt.MouseButton.LeftButton)
    assert SeatStore().read() is None and window.start_screen.lan_return_button.isHidden()


def test_the_list_puts_the_players_own_table_first_and_says_so(qtbot: QtBot) -> None:
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
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
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


def test_a_seat_an_older_version_kept_in_the_settings_moves_to_its_own_file(tmp_path: Path) -> None:
    from gui.settings import load, save

    seat = KeptSeat("d" * 16, "192.0.2.9", 47321, "e" * 32, None, "桌")
    save(Settings(lan_seat=seat.to_dict()), tmp_path)
    settings = load(tmp_path).settings
    assert SeatStore(tmp_path).read(settings) == seat
    assert settings.lan_seat is None and SeatStore(tmp_path).read() == seat
    assert stat.S_IMODE((tmp_path / "lan_seat.json").stat().st_mode) == 0o600


def test_a_damaged_seat_file_is_kept_aside_and_read_as_none(tmp_path: Path) -> None:
    (tmp_path / "lan_seat.json").write_text('{"table": 7}', "utf-8")
    assert SeatStore(tmp_path).read() is None
    assert not (tmp_path / "lan_seat.json").exists() and list(tmp_path.glob("lan_seat.json.bad-*"))


@pytest.mark.parametrize(("error", "words", "gone"), [
    (JoinRefused(m.REFUSE_OVER, "over"), "牌桌「B 桌」的这一局已经打完了。你的座位已清除。", True),
    (TimeoutError("timed out"),
     "牌桌「B 桌」（192.0.2.9:47321）没有回应。你的座位已清除；可以在“局域网”里重新找这桌。", True),
    (JoinRefused(m.REFUSE_BUSY, "busy"), "回不到牌桌「B 桌」：牌桌正忙，请稍后再试。", False),
])
def test_why_a_return_failed_and_whether_the_seat_is_gone(qtbot: QtBot, error: BaseException, words: str,
                                                         gone: bool) -> None:
    kept = KeptSeat("d" * 16, "192.0.2.9", 47321, "e" * 32, None, "B 桌")
    assert return_failure(kept, error) == (words, gone)
