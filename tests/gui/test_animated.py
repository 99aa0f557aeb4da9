"""Played as people play: animations on, through the real window.

Every test here runs at an animation speed above 0 (short durations keep the suite quick, the
code path is the one of the default speed): whole hands and a whole 1-圈 match, kongs with their
replacement draw from the back, 海捞 endings, the end-of-hand dialog and 下一局, a close in the
middle of an animation, and speed changes in the middle of a hand.
"""

from __future__ import annotations

import random
import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from engine.game import events as ev
from engine.game.rules import Ruleset
from gui.main_window import MainWindow
from gui.settings import Settings
from gui.table.widget import TableWidget
from tests.gui.window_parts import hand_result, local_table, standings
from tests.gui_driver import pump_until

# seed 25, 1 圈, normal AIs, 托管 for the human: 7 hands; hand 1 has a kong and ends in 海捞
MATCH_SEED = 25


def _window(qtbot: QtBot, speed: float) -> MainWindow:
    w = MainWindow(Settings(animation_speed=speed), confirm_quit=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    return w


class EventLog:
    """The events the table showed, and whether each one was animated."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: list[ev.Event] = []
        self.animated: list[type] = []
        original = TableWidget._on_event
        log = self

        def spy(table: TableWidget, event: ev.Event) -> None:
            original(table, event)
            log.shown.append(event)
            if table.scene.animator.busy:  # the event's animation is playing
                log.animated.append(type(event))

        monkeypatch.setattr(TableWidget, "_on_event", spy)

    def count(self, kind: type) -> int:
        return sum(1 for e in self.shown if isinstance(e, kind))


def _standings_open(table: TableWidget) -> bool:
    d = table.end_dialog
    return d is not None and d.isVisible() and d.objectName() == "standingsDialog"


@pytest.mark.slow
def test_a_whole_one_round_match_animated_with_kongs_and_haolao(qtbot: QtBot, monkeypatch):
    log = EventLog(monkeypatch)
    w = _window(qtbot, speed=0.05)
    table = w.table
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=MATCH_SEED)
    table.bar.autoplay.setChecked(True)
    pump_until(qtbot, table, lambda: _standings_open(table), timeout=240,
               on_dialog=lambda d: d.objectName() == "endOfHandDialog")
    assert log.count(ev.HandEnded) == 7
    assert log.count(ev.KongDeclared) >= 1
    assert any(isinstance(e, ev.TileDrawn) and e.from_back for e in log.shown)
    assert log.count(ev.LastFourStarted) >= 1
    # the deal, the dice, the draws (the replacement from the back too) were really animated
    assert {ev.DiceRolled, ev.TilesDealt, ev.TileDrawn, ev.TileDiscarded} <= set(log.animated)
    assert table.scene.animator.played > 7 * 40
    qtbot.mouseClick(standings(table).close_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not table.running, timeout=30_000)
    assert w.stack.currentWidget() is w.start_screen


def test_a_hand_played_by_hand_then_next_hand(qtbot: QtBot, monkeypatch):
    """The player clicks tiles and keys (no 托管) at an animated speed, reads the end-of-hand
    dialog, presses 下一局, and the next hand is dealt, animated."""
    log = EventLog(monkeypatch)
    w = _window(qtbot, speed=0.1)
    table = w.table
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=3)

    def end_dialog() -> bool:
        d = table.end_dialog
        return d is not None and d.isVisible() and d.objectName() == "endOfHandDialog"

    turns = pump_until(qtbot, table, end_dialog, timeout=120, on_dialog=lambda d: False)
    assert turns >= 5
    assert log.count(ev.HandEnded) == 1
    next_button = hand_result(table).next_button
    qtbot.mouseClick(next_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: log.count(ev.HandStarted) == 2 and log.count(ev.TilesDealt) >= 16,
                    timeout=30000)
    assert ev.TilesDealt in log.animated


@pytest.mark.parametrize("seed", [1, 2])
def test_closing_the_window_in_the_middle_of_animations(qtbot: QtBot, seed):
    """Closing at random moments of the deal and the play: no crash, the engine thread ends."""
    rng = random.Random(seed)
    for _ in range(3):
        w = _window(qtbot, speed=1.0)
        w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=rng.randrange(1000))
        w.table.bar.autoplay.setChecked(True)
        def animating(w: MainWindow = w) -> bool:
            return w.table.scene.animator.busy

        qtbot.waitUntil(animating, timeout=30_000)
        end = time.monotonic() + rng.uniform(0.0, 1.5)
        while time.monotonic() < end:
            QApplication.processEvents()
        thread = local_table(w.table).engine_thread
        w.close()
        assert not thread.isRunning()
        assert not w.table.scene.animator.busy
        QApplication.processEvents()  # the cancelled animations are deleted here


def test_changing_speed_in_the_middle_of_a_hand(qtbot: QtBot, monkeypatch):
    log = EventLog(monkeypatch)
    w = _window(qtbot, speed=0.1)
    table = w.table
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=11)
    table.bar.autoplay.setChecked(True)
    speeds = [1.0, 0.0, 0.05, 2.0, 0.0, 0.1]
    shown = 0
    while log.count(ev.HandEnded) == 0:
        if len(log.shown) >= shown + 10 and speeds:
            shown = len(log.shown)
            w.table.set_speed(speeds.pop(0))
            if table.scene.speed > 0.5:  # don't wait long at the slow speeds
                qtbot.wait(300)
                table.set_speed(0.05)
        QApplication.processEvents()
    assert not speeds, "the hand ended before every speed was tried"
    assert table.scene.animator.played > 20


def test_instant_speed_ends_the_running_animation_at_once(qtbot: QtBot):
    w = _window(qtbot, speed=2.0)
    table = w.table
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=4)
    table.bar.autoplay.setChecked(True)
    qtbot.waitUntil(lambda: table.scene.animator.busy, timeout=30_000)
    played = table.scene.animator.played
    table.set_speed(0.0)
    assert table.scene.animator.played == played + 1
    # at instant speed the hand goes on without animating anything
    qtbot.waitUntil(lambda: table.end_dialog is not None, timeout=30000)
    assert table.scene.animator.played == played + 1
