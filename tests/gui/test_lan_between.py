"""Between hands at a LAN table, as two friends play it (docs/protocol.md, Between hands): two real windows
(one hosts, the other joins by typing the address), a bot client and the computer, over
loopback, at the normal animation speed.

The first hand is rigged to end at once: the host's player deals himself a winning hand and
wins it. Then the guest presses 下一局 and sees the countdown and whom the table waits for; the
host leaves his result open for 30 s of the table's time (the host's clock is the test's: it
stands still until moved). The countdown deals hand 2 to everyone at once; the host deals it,
and his clock only starts once his window has shown the deal: no move of his is made by 托管."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from engine.game.rules import Ruleset
from gui.table.end_dialogs import EndOfHandDialog
from gui.table.widget import TableWidget
from tests.gui.test_lan_play import _window, host_here_join_there
from tests.gui.test_lan_play import warnings as warnings  # a fixture this test uses
from tests.gui_driver import act
from tests.hand_helpers import make_hand
from tests.net.lan_helpers import BotThread
from tests.net.table_log import StepClock, TableLog, rig_first_hand
from tests.profile_helpers import new_store

WINNING_DEAL = "234m345m567m888m5p5p"  # the dealer's 14 tiles: 天胡 at once


def _result(table: TableWidget) -> EndOfHandDialog | None:
    dialog = table.end_dialog
    return dialog if isinstance(dialog, EndOfHandDialog) and dialog.isVisible() else None


def _shot(widget: QWidget, name: str) -> None:
    """Saved where BETWEEN_SHOTS says (a person looks at them), else nowhere."""
    where = os.environ.get("BETWEEN_SHOTS")
    if where:
        widget.grab().save(str(Path(where) / name))


def test_a_result_left_open_for_30_seconds_costs_no_move_and_both_get_the_next_deal(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, warnings: list[str]) -> None:
    rig_first_hand(monkeypatch, lambda: make_hand(Ruleset.hefei(rounds=1), {0: WINNING_DEAL}))
    log = TableLog(monkeypatch)
    clock = StepClock()
    port = host_here_join_there(qtbot, monkeypatch)
    host, guest = (_window(qtbot, new_store(tmp_path / "host"), "房主"),
                   _window(qtbot, new_store(tmp_path / "guest"), "客人"))
    host.lan.table_options = {"claim_pause": 0.0, "seed": 11, "clock": clock}
    bot: BotThread | None = None
    try:
        host.lan.host_table()
        lobby = host.lan.lobby
        qtbot.waitUntil(lambda: lobby.lobby is not None, timeout=15_000)
        qtbot.mouseClick(guest.start_screen.lan_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: guest.lan.lobby.lobby is not None, timeout=15_000)
        bot = BotThread(port, "机器人", return_for=0, run_for=300)
        qtbot.waitUntil(lambda: lobby.lobby is not None
                        and sum(s.kind == "person" for s in lobby.lobby.seats) == 3, timeout=15_000)
        qtbot.mouseClick(guest.lan.lobby.ready_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: lobby.lobby is not None and sum(s.ready for s in lobby.lobby.seats) == 2,
                        timeout=15_000)
        qtbot.mouseClick(lobby.start_button, Qt.MouseButton.LeftButton)  # the computer takes seat 3
        htable, gtable = host.table, guest.table
        qtbot.waitUntil(lambda: host.stack.currentWidget() is htable
                        and guest.stack.currentWidget() is gtable, timeout=15_000)
        assert htable.scene.speed == gtable.scene.speed == 1.0
        hosted = host.lan.host
        assert hosted is not None

        # hand 1: the host's player wins at once
        qtbot.waitUntil(lambda: htable.pending is not None, timeout=30_000)
        act(qtbot, htable, 0)
        qtbot.waitUntil(lambda: _result(htable) is not None and _result(gtable) is not None, timeout=30_000)
        hdialog, gdialog = _result(htable), _result(gtable)
        assert hdialog is not None and gdialog is not None
        gwait, host_wait = gtable.results.between_wait, htable.results.between_wait
        assert gwait is not None and host_wait is not None
        qtbot.waitUntil(lambda: gwait.state is not None, timeout=10_000)
        me, bot_seat = 0, gtable.scene.names.index("机器人")
        assert gwait.state is not None
        assert gwait.state.ready[me] is False and gwait.state.ready[bot_seat] is True  # a bot: at once

        # the guest presses 下一局: ready, and the dialog says whom the table waits for
        qtbot.mouseClick(gdialog.next_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: gwait.state is not None and gwait.state.ready[me], timeout=10_000)
        line = gwait.panel.line.text()
        assert re.fullmatch(r"等待 房主  ·  1?\d 秒后开始", line), line  # counted down from 15 s here
        assert gwait.state.seconds == 15.0  # the host's clock stands still
        plates = gwait.panel.plates
        assert "✓" in plates[me].text() and "…" in plates[gtable.scene.names.index("房主")].text()
        assert not gdialog.next_button.isEnabled() and gdialog.next_button.text() == "已准备"
        assert gdialog.isVisible()  # it stays until everyone is ready
        assert re.fullmatch(r"1?\d 秒后开始", host_wait.panel.line.text())  # the host sees it too
        _shot(gdialog, "between_guest_waiting.png")

        # nothing is dealt while the host reads; then the countdown runs out (15 s of its clock)
        assert gtable.scene.model.hand_number == 1 and not log.find("out", "event", where=_deal(2))
        clock.advance(15.5)
        qtbot.waitUntil(lambda: _result(gtable) is None and gtable.scene.model.hand_number == 2,
                        timeout=20_000)
        assert _result(htable) is hdialog  # the host's result is still open
        hwait = htable.results.between_wait
        assert hwait is not None
        qtbot.waitUntil(lambda: "下一局已经开始" in hwait.panel.line.text(), timeout=10_000)
        _shot(hdialog, "between_host_started.png")
        dealt = log.find("out", "event", where=_deal(2))
        assert len(dealt) == 3 and {e.seat for e in dealt} == {0, 1, 2}  # both windows and the bot, at once:
        between = [e for e in log.find("out", "between") if all(e.body["ready"])]
        assert between and all(e.seq > between[-1].seq for e in dealt)
        first_out_after = [e for e in log.entries if e.way == "out" and e.seq > between[-1].seq
                           and e.type == "event"][:3]
        assert first_out_after == sorted(dealt, key=lambda e: e.seq)

        # the host deals hand 2: his first decision is asked, but its clock waits for his window
        seat0 = hosted._people[0]
        qtbot.waitUntil(lambda: seat0.waiting is not None and seat0.waiting.pending is not None,
                        timeout=20_000)
        waiting = seat0.waiting
        assert waiting is not None
        pending = waiting.pending
        assert pending is not None and pending.show_by is not None and pending.deadline is None
        # his result says his turn has come, and counts down to when its clock starts
        qtbot.waitUntil(lambda: hwait.turn is not None, timeout=10_000)
        assert hwait.turn is not None and hwait.turn.held == hosted.config.show_wait
        assert re.fullmatch(r"轮到你了：\d+ 秒后开始计时，你一回到牌桌就开始",
                            hwait.panel.line.text()), hwait.panel.line.text()
        assert hdialog.next_button.text() == "回到牌桌"
        _shot(hdialog, "between_host_turn_held.png")
        clock.advance(14.5)  # 30 s of the table's time since the guest's 下一局
        qtbot.wait(800)  # the seat looks at its clock a few times (it polls every 0.25 s)
        assert waiting.pending is pending and waiting.timeouts == 0

        # the host closes his result: the deal is shown, acknowledged, and only then his time runs
        opened = clock()
        qtbot.mouseClick(hdialog.next_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: htable.pending is not None, timeout=30_000)
        qtbot.waitUntil(lambda: waiting.pending is not None and waiting.pending.show_by is None,
                        timeout=10_000)  # the host's seat takes in the acknowledgement
        started = waiting.pending
        assert started is not None and started.request.id == pending.request.id
        assert started.show_by is None and started.deadline == opened + 15
        assert htable.scene.model.hand_number == 2 and htable.clock.seconds_left >= 14
        act(qtbot, htable, 1)
        qtbot.waitUntil(lambda: waiting.pending is None or waiting.pending is not started,
                        timeout=10_000)
        assert waiting.timeouts == 0  # no move of his was made by 托管
        assert not log.find("out", "closed", 0)
        assert warnings == []
    finally:
        guest.leave_table()
        host.leave_table()
        if bot is not None:
            bot.join(30)


def _deal(number: int) -> Any:
    def hand_started(body: dict[str, Any]) -> bool:
        event = body["event"]
        return bool(event["event"] == "HandStarted" and event["hand_number"] == number)

    return hand_started
