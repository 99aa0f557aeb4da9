"""With 托管 on, a hand's result goes on by itself after a moment: its 下一局 button
counts the seconds down ("4 秒后继续"), 取消托管 stops the countdown and keeps the result open,
and left alone it closes when the count reaches 0. The countdown reads the widget's clock, which
the test moves: no assertion depends on how fast the machine is.

Also the words of a LAN table's wait between hands (gui.table.readiness), in both languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from engine.game.rules import Ruleset
from gui.i18n import set_language, tr
from gui.parts.connection import TurnAsked
from gui.table import hand_end
from gui.table.end_dialogs import EndOfHandDialog
from gui.table.readiness import BetweenHandsWait, Readiness, ReadinessPanel
from tests.gui.test_controls import _window
from tests.gui.test_lan_between import _shot

WORDS = {
    "zh": {"in4": "4 秒后继续", "in2": "2 秒后继续", "next": "下一局"},
    "en": {"in4": "Continue in 4 s", "in2": "Continue in 2 s", "next": "Next hand"},
}


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def fake_time(monkeypatch: pytest.MonkeyPatch) -> FakeTime:
    fake = FakeTime()
    monkeypatch.setattr(hand_end, "time", fake)
    return fake


def _result_under_autoplay(qtbot: QtBot, tmp_path: Path, language: str = "zh") -> tuple[Any, EndOfHandDialog]:
    w = _window(qtbot, tmp_path, language=language)
    table = w.table
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=33)
    table.bar.autoplay.setChecked(True)
    qtbot.waitUntil(lambda: isinstance(table.end_dialog, EndOfHandDialog) and table.end_dialog.isVisible(),
                    timeout=60_000)
    dialog = table.end_dialog
    assert isinstance(dialog, EndOfHandDialog)
    return table, dialog


@pytest.mark.parametrize("language", ["zh", "en"])
def test_autoplay_counts_the_result_down_on_its_button_and_take_over_stops_it(
        qtbot: QtBot, tmp_path: Path, fake_time: FakeTime, language: str) -> None:
    words = WORDS[language]
    set_language(language)
    try:
        table, dialog = _result_under_autoplay(qtbot, tmp_path, language)
        button = dialog.next_button
        assert button.text() == words["in4"]
        _shot(dialog, f"autoplay_result_countdown_{language}.png")
        fake_time.now += 2.5
        qtbot.waitUntil(lambda: button.text() == words["in2"], timeout=10_000)
        take_over = dialog.findChild(QPushButton, "takeOverButton")
        assert take_over is not None and take_over.isVisible()
        qtbot.mouseClick(take_over, Qt.MouseButton.LeftButton)
        assert button.text() == words["next"] and not take_over.isVisible()
        assert not table.bar.autoplay.isChecked()
        fake_time.now += 60  # long past the count: stopped, it closes nothing
        qtbot.wait(3 * hand_end.AUTOPLAY_TICK_MS)
        assert table.end_dialog is dialog and dialog.isVisible()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # now the player goes on
        qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=10_000)
    finally:
        set_language("zh")


def test_left_alone_the_result_closes_when_the_count_reaches_zero(qtbot: QtBot, tmp_path: Path,
                                                                  fake_time: FakeTime) -> None:
    table, dialog = _result_under_autoplay(qtbot, tmp_path)
    qtbot.wait(3 * hand_end.AUTOPLAY_TICK_MS)
    assert dialog.isVisible()  # the clock has not moved: it waits
    fake_time.now += 4.01
    qtbot.waitUntil(lambda: table.end_dialog is not dialog, timeout=10_000)
    assert len(table.summaries) >= 1


@pytest.mark.parametrize(("language", "waiting", "countdown", "started"), [
    ("zh", "等待 乙、丁", "12 秒后开始", "下一局已经开始"),
    ("en", "Waiting for 乙, 丁", "Starting in 12 s", "The next hand has started"),
])
def test_the_readiness_panel_says_who_is_ready_whom_it_waits_for_and_the_countdown(
        qtbot: QtBot, language: str, waiting: str, countdown: str, started: str) -> None:
    set_language(language)
    try:
        panel = ReadinessPanel(["甲", "乙", "丙", "丁"])
        qtbot.addWidget(panel)
        state = Readiness(3, (True, False, True, False), 12.0, at=50.0)
        panel.show_state(state, pressed=True, now=50.4)
        assert panel.line.text() == f"{waiting}  ·  {countdown}"
        assert ["✓" in p.text() for p in panel.plates] == [True, False, True, False]
        panel.show_state(state, pressed=False, now=50.4)  # not pressed yet: the countdown alone
        assert panel.line.text() == countdown
        assert state.left(70.0) == 0
        done = Readiness(3, (True,) * 4, 0.0, at=51.0)
        panel.show_state(done, pressed=False, now=52.0)  # the table went on without me
        assert panel.line.text().startswith(started)
        assert ["✓" in p.text() for p in panel.plates] == [False, True, True, True]  # not by my 下一局
        assert panel.plates[0].text() == "甲"  # nor waited for: no "…" (QA)
        panel.show_state(done, pressed=True, now=52.0)
        assert all("✓" in p.text() for p in panel.plates)
    finally:
        set_language("zh")


@pytest.mark.parametrize(("language", "held", "running", "over", "untimed", "started_untimed"), [
    ("zh", "轮到你了：60 秒后开始计时，你一回到牌桌就开始",
     "轮到你了，正在计时，还剩 14 秒：回到牌桌出牌", "这一步超时，已由电脑代打：回到牌桌接着打",
     "轮到你了（这桌不限时）：回到牌桌出牌", "下一局已经开始，回到牌桌接着打（这桌不限时"),
    ("en", "Your turn has come: its clock starts in 60 s, or when you go back to the table",
     "Your turn's clock is running, 14 s left: go back to the table to play",
     "Your turn timed out and the computer played it: go back to the table to play on",
     "Your turn has come (this table has no clock): go back to the table to play",
     "The next hand has started: go back to the table to play on (this table has no clock"),
])
def test_a_result_left_open_counts_down_to_the_turn_that_waits_behind_it(
        qtbot: QtBot, language: str, held: str, running: str, over: str, untimed: str,
        started_untimed: str) -> None:
    """The table went on without the player (their result still open) and their turn came: the
    result says so and counts down the minute the host holds the turn's clock, then the clock."""
    set_language(language)
    try:
        panel = ReadinessPanel(["甲", "乙", "丙", "丁"])
        qtbot.addWidget(panel)
        done = Readiness(3, (True,) * 4, 0.0, at=51.0)
        turn = TurnAsked(at=60.0, held=60.0, time_left=15.0)
        panel.show_state(done, pressed=False, now=60.2, turn=turn)
        assert panel.line.text() == held
        panel.show_state(done, pressed=False, now=121.0, turn=turn)  # held no longer: it runs
        assert panel.line.text() == running
        panel.show_state(done, pressed=False, now=136.0, turn=turn)
        assert panel.line.text() == over
        asked_running = TurnAsked(at=200.0, held=None, time_left=15.0)  # a later turn: no hold
        panel.show_state(done, pressed=False, now=201.0, turn=asked_running)
        assert panel.line.text() == running
        panel.show_state(done, pressed=False, now=60.2, turn=TurnAsked(60.0, None, None))
        assert panel.line.text() == untimed
        panel.show_state(done, pressed=False, now=60.2, turn=None, timed=False)
        assert panel.line.text().startswith(started_untimed)
        panel.show_state(done, pressed=True, now=60.2, turn=turn)  # (pressed: it closes with the deal)
        assert panel.line.text() != held
        panel.show_state(done, pressed=False, now=60.2, turn=turn, last=True)  # no deal after the last hand
        assert panel.line.text() == tr("between.match_over")
    finally:
        set_language("zh")


def test_the_wait_counts_the_turn_down_on_its_own_clock_and_stops_when_nothing_runs(qtbot: QtBot) -> None:
    """BetweenHandsWait's timer redraws the count from its clock (the test's), and stops once
    the turn's time is out; a turn asked before the table went on is not one behind the dialog."""
    now = [50.0]
    dialog = QPushButton()  # (any widget: the wait's parent)
    qtbot.addWidget(dialog)
    button = QPushButton("下一局", dialog)
    closed: list[bool] = []
    wait = BetweenHandsWait(dialog, button, ["甲", "乙", "丙", "丁"], 3, lambda: None,
                            lambda: closed.append(True), clock=lambda: now[0])
    wait.turn_asked(TurnAsked(at=50.0, held=60.0, time_left=15.0))
    assert wait.turn is None  # the wait has not even begun: not this dialog's turn
    wait.update(Readiness(3, (True,) * 4, 0.0, at=51.0))
    assert wait.panel.line.text().startswith("下一局已经开始")
    # made ready by the countdown, not by the player: no tick of theirs, and the button says
    # where it leads (QA: "下一局" under "the next hand has started")
    assert wait.panel.plates[0].text() == "甲" and all("✓" in p.text() for p in wait.panel.plates[1:])
    assert button.text() == "回到牌桌" and button.isEnabled()
    wait.turn_asked(TurnAsked(at=50.0, held=60.0, time_left=15.0))
    assert "60 秒后开始计时" in wait.panel.line.text() and wait._timer.isActive()
    now[0] = 82.0
    qtbot.waitUntil(lambda: "28 秒后开始计时" in wait.panel.line.text(), timeout=10_000)
    now[0] = 120.0
    qtbot.waitUntil(lambda: "还剩 5 秒" in wait.panel.line.text(), timeout=10_000)
    now[0] = 200.0
    qtbot.waitUntil(lambda: "超时" in wait.panel.line.text(), timeout=10_000)
    assert not wait._timer.isActive() and closed == []  # it stays until the player closes it
