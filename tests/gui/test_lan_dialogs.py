"""The LAN dialogs: the join dialog checks a typed address before connecting, asks for the room
code when a table wants one (and again after a wrong one), says every refusal in the player's
language, and lists the tables found with a lock and a version warning; the host dialog gives
the table's rules, name, code and port. A small fake host on 127.0.0.1 answers the hellos."""

from __future__ import annotations

import socket
import threading
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from engine.game.rules import Preset, Room
from engine.net import frames
from engine.net import messages as m
from engine.net.discovery import Found
from gui.i18n import set_language, tr
from gui.lan.host_dialog import HostDialog
from gui.lan.join_dialog import JoinDialog, table_line
from gui.lan.words import ENDS, REFUSALS, end_text, refusal_text
from tests.clocks import FakeClock

TIMEOUT = 5.0


class RefusingHost:
    """Answers each hello with the next refusal of `codes` (a code, or a code and its
    ``retry_after``); keeps the hellos it read."""

    def __init__(self, codes: list[str | tuple[str, float]]) -> None:
        self.codes = list(codes)
        self.hellos: list[m.Hello] = []
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(TIMEOUT)
        self.port = self.server.getsockname()[1]
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        for refusal in self.codes:
            code, retry_after = refusal if isinstance(refusal, tuple) else (refusal, None)
            try:
                conn, _peer = self.server.accept()
            except OSError:
                return
            with conn:
                conn.settimeout(TIMEOUT)
                reader = frames.FrameReader()
                got: list[dict[str, Any]] = []
                while not got:
                    data = conn.recv(65536)
                    if not data:
                        break
                    got = reader.feed(data)
                if got:
                    hello = m.parse(got[0], "client")
                    assert isinstance(hello, m.Hello)
                    self.hellos.append(hello)
                conn.sendall(frames.encode(m.to_wire(m.Refused(code, f"refused: {code}",
                                                               retry_after=retry_after))))

    def close(self) -> None:
        self.server.close()
        self.thread.join(TIMEOUT)
        assert not self.thread.is_alive()


def _dialog(qtbot: QtBot) -> JoinDialog:
    dialog = JoinDialog("小明", 120, ["10.0.0.9:47321"], browse=False)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_every_refusal_and_end_has_words_in_both_languages() -> None:
    try:
        for lang in ("zh", "en"):
            set_language(lang)
            texts = [refusal_text(code) for code in REFUSALS] + [end_text(reason) for reason in ENDS]
            assert len(set(texts)) == len(texts)  # each its own words
            assert not any(text.startswith("lan.") for text in texts)
            assert "future_code" in refusal_text("future_code", "")  # a newer host's code, shown as it is
        set_language("zh")
        assert refusal_text(m.REFUSE_WRONG_CODE) == "房间密码不对。"
    finally:
        set_language("zh")


def test_a_typed_address_is_checked_before_any_connection(qtbot: QtBot, language: str) -> None:
    dialog = _dialog(qtbot)
    assert dialog.address_box.count() == 1  # the recent host is offered
    dialog.address_box.setCurrentText("   ")
    dialog.join_typed()
    assert dialog.status.text() == tr("lan.join.no_address") and dialog._task is None
    dialog.address_box.setCurrentText("192.168.1.5:99999")
    dialog.join_typed()
    assert dialog.status.text().startswith(tr("lan.join.bad_address", reason="")) and dialog._task is None
    assert dialog.status.property("error") is True
    dialog.address_box.setCurrentText("http://192.168.1.5")
    dialog.join_typed()
    assert dialog._task is None
    assert dialog.connect_button.isEnabled()


OTHER_REFUSALS = [c for c in REFUSALS if c not in (m.REFUSE_CODE_NEEDED, m.REFUSE_WRONG_CODE)]


@pytest.mark.parametrize("code", OTHER_REFUSALS)
def test_a_refusal_is_told_in_words(qtbot: QtBot, code: str) -> None:
    for lang in ("zh", "en"):
        set_language(lang)
        try:
            host = RefusingHost([code])
            dialog = _dialog(qtbot)
            dialog.address_box.setCurrentText(f"127.0.0.1:{host.port}")
            dialog.join_typed()
            assert not dialog.connect_button.isEnabled() and dialog.busy.isVisible()  # busy meanwhile
            def answered(d: JoinDialog = dialog) -> bool:
                return d._task is None

            qtbot.waitUntil(answered, timeout=30_000)
            assert dialog.status.text() == refusal_text(code)
            assert dialog.joined is None and dialog.isVisible()
            assert host.hellos[0].name == "小明" and host.hellos[0].shows
            host.close()
        finally:
            set_language("zh")


def _join_typing(dialog: JoinDialog, host: RefusingHost, codes: list[str | None]) -> list[str]:
    """Join `host` by its typed address, the player typing `codes` in turn when asked (None:
    cancel); the reasons they were asked, as they come."""
    asked: list[str] = []
    answers = iter(codes)

    def ask(why: str) -> str | None:
        asked.append(why)
        return next(answers)

    dialog.ask_code = ask  # type: ignore[method-assign]
    dialog.address_box.setCurrentText(f"127.0.0.1:{host.port}")
    dialog.join_typed()
    return asked


def test_the_room_code_is_asked_and_asked_again_after_a_wrong_one(qtbot: QtBot, language: str) -> None:
    host = RefusingHost([m.REFUSE_CODE_NEEDED, m.REFUSE_WRONG_CODE])
    dialog = _dialog(qtbot)
    asked = _join_typing(dialog, host, ["8848", None])
    qtbot.waitUntil(lambda: len(asked) == 2 and dialog._task is None, timeout=30_000)
    assert asked == [tr("lan.refused.code_needed"), tr("lan.refused.wrong_code")]
    assert [h.code for h in host.hellos] == [None, "8848"]  # the code typed went with the second hello
    assert dialog.status.text() == tr("lan.refused.wrong_code")  # the player gave up: said why
    host.close()


def test_a_code_typed_within_the_wait_for_a_wrong_one_is_sent_again_by_itself(
        qtbot: QtBot, language: str) -> None:
    """QA: the right code typed within the second a wrong one costs was refused unread, and the
    player was left to press Connect and type it again. The dialog now says it waits, and sends
    the same code once the wait is over."""
    host = RefusingHost([m.REFUSE_CODE_NEEDED, m.REFUSE_WRONG_CODE, (m.REFUSE_WAIT, 0.3), m.REFUSE_FULL])
    dialog = _dialog(qtbot)
    asked = _join_typing(dialog, host, ["1111", "8848"])
    qtbot.waitUntil(lambda: dialog.status.text() == tr("lan.join.code_wait", n=1), timeout=30_000)
    assert dialog.busy.isVisible()
    qtbot.waitUntil(lambda: len(host.hellos) == 4 and dialog._task is None, timeout=30_000)
    assert len(asked) == 2  # not asked a third time: the code typed is sent again
    assert [h.code for h in host.hellos] == [None, "1111", "8848", "8848"]
    assert dialog.status.text() == refusal_text(m.REFUSE_FULL)
    host.close()


def test_nobody_at_an_address_is_told(qtbot: QtBot, language: str) -> None:
    probe = socket.create_server(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()  # a port nobody listens on
    dialog = _dialog(qtbot)
    dialog.address_box.setCurrentText(f"127.0.0.1:{port}")
    dialog.join_typed()
    qtbot.waitUntil(lambda: dialog._task is None, timeout=30_000)
    assert dialog.status.text() == tr("lan.join.nobody", address=f"127.0.0.1:{port}")


def _found(name: str, code: bool = False, protocol: int = m.PROTOCOL_VERSION, free: int = 2) -> Found:
    table = m.TableInfo(id=name.encode().hex()[:16].ljust(16, "0"), name=name, port=47321,
                        room="baoting", rounds=2, seats_free=free, code=code, started=False,
                        version="0.1.0", protocol=protocol)
    return Found(table, "192.168.1.7")


def test_tables_found_show_room_seats_lock_and_version(qtbot: QtBot) -> None:
    set_language("zh")
    dialog = _dialog(qtbot)
    dialog.show_tables([_found("老王的牌桌", code=True), _found("新版本", protocol=m.PROTOCOL_VERSION + 1),
                        _found("满了", free=0)])
    rows = [dialog.table_list.item(i).text() for i in range(dialog.table_list.count())]
    wang = next(r for r in rows if "老王的牌桌" in r)
    assert "需密码" in wang and wang.endswith("老王的牌桌  ·  报听  ·  2 圈  ·  空位 2  ·  需密码")
    assert "报听" in wang and "2 圈" in wang and "空位 2" in wang
    assert "版本不同" in next(r for r in rows if "新版本" in r)
    assert "空位 0" in rows[-1]  # the full table last
    assert not dialog.join_button.isEnabled()
    dialog.table_list.setCurrentRow(1)
    assert dialog.join_button.isEnabled()
    newer = next(i for i, f in enumerate(dialog._found) if f.table.name == "新版本")
    dialog.table_list.setCurrentRow(newer)
    dialog.join_selected()
    assert dialog.status.text() == tr("lan.refused.protocol") and dialog._task is None
    # the list refreshes by itself: the selected table stays selected
    wang_row = next(i for i, f in enumerate(dialog._found) if f.table.name == "老王的牌桌")
    dialog.table_list.setCurrentRow(wang_row)
    dialog.show_tables([_found("满了", free=0), _found("老王的牌桌", code=True)])
    assert dialog._found[dialog.table_list.currentRow()].table.name == "老王的牌桌"
    set_language("en")
    try:
        assert "version differs" in table_line(_found("x", protocol=99))
    finally:
        set_language("zh")


def test_the_host_dialog_gives_the_table(qtbot: QtBot) -> None:
    dialog = HostDialog("小明的牌桌")
    qtbot.addWidget(dialog)
    assert dialog.table_name() == "小明的牌桌" and dialog.code() is None and dialog.port() == m.DEFAULT_PORT
    assert dialog.result_rules().time_limit == 15  # the default
    dialog.table_card.room_choice.set_value(Room.BAOTING)
    dialog.table_card.rounds_choice.set_value(1)
    dialog.rules_card.set_preset(Preset.BIANFENG)
    dialog.code_edit.setText("  8848 ")
    dialog.port_box.setValue(50000)
    dialog.ai_combo.setCurrentIndex(2)
    rules = dialog.result_rules()
    assert (rules.room, rules.rounds, rules.preset) == (Room.BAOTING, 1, Preset.BIANFENG)
    assert dialog.code() == "8848" and dialog.port() == 50000 and dialog.ai_level() == "hard"
    again = HostDialog("x", last=dialog.choices())
    qtbot.addWidget(again)
    assert again.result_rules() == rules and again.port() == 50000 and again.ai_level() == "hard"
    assert again.table_name() == "小明的牌桌" and again.code() is None  # a code is never kept
    stale = HostDialog("x", last={"port": "nope", "rounds": 99, "ai_level": 3, "name": 5})
    qtbot.addWidget(stale)
    assert stale.port() == m.DEFAULT_PORT and stale.table_name() == "x"


def test_recent_hosts_are_kept_and_old_settings_still_load(tmp_path: Any) -> None:
    from gui import settings as store

    old = tmp_path / "settings.json"
    old.write_text('{"schema": 2, "language": "en", "animation_speed": 1.0}', encoding="utf-8")
    loaded = store.load(old)
    assert loaded.warning is None and loaded.settings.recent_hosts == [] and loaded.settings.language == "en"
    loaded.settings.recent_hosts = ["192.168.1.5:47321", "[::1]:50000"]
    store.save(loaded.settings, old)
    assert store.load(old).settings.recent_hosts == ["192.168.1.5:47321", "[::1]:50000"]
    for bad in ('"nope"', "[1, 2]", '["' + "x" * 200 + '"]', "[" + ",".join(['"a:1"'] * 20) + "]"):
        old.write_text('{"schema": 2, "recent_hosts": ' + bad + "}", encoding="utf-8")
        assert store.load(old).settings.recent_hosts == []  # a bad value falls back, nothing breaks


def test_a_double_click_on_ready_is_one_click(qtbot: QtBot) -> None:
    from gui.lan.lobby import LobbyScreen

    lobby = LobbyScreen()
    qtbot.addWidget(lobby)
    lobby.show()
    lobby.clock = clock = FakeClock(100.0)  # the clicks' times, however slowly the machine clicks
    sent: list[bool] = []
    lobby.ready_toggled.connect(sent.append)
    qtbot.mouseClick(lobby.ready_button, Qt.MouseButton.LeftButton)
    clock.now += 0.05
    qtbot.mouseClick(lobby.ready_button, Qt.MouseButton.LeftButton)  # the second click of a double click
    assert sent == [True] and lobby.ready_button.isChecked()
    clock.now += (QApplication.doubleClickInterval() + 50) / 1000
    qtbot.mouseClick(lobby.ready_button, Qt.MouseButton.LeftButton)  # later: a click of its own
    assert sent == [True, False] and not lobby.ready_button.isChecked()
