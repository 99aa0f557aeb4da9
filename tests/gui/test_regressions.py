"""GUI behaviours found wrong in a QA pass, kept right."""

from __future__ import annotations

import time

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from engine.ai import SimpleAI
from engine.game.rules import Ruleset
from gui.main_window import MainWindow
from gui.parts.connection import HandSaved
from gui.settings import Settings
from gui.table.widget import TableWidget
from storage.store import ProfileStore
from tests.gui.window_parts import profile_page, replay_of
from tests.gui_driver import pump_until


class SlowAI(SimpleAI):
    def decide(self, view, legal):
        time.sleep(0.2)
        return super().decide(view, legal)


def _window(qtbot: QtBot, tmp_path) -> MainWindow:
    store = ProfileStore(tmp_path / "data")
    store.load()
    w = MainWindow(Settings(animation_speed=0.0), confirm_quit=False, store=store)
    qtbot.addWidget(w)
    w.resize(1280, 860)
    w.show()
    return w


def test_a_stopped_match_cannot_feed_events_to_the_next_one(qtbot: QtBot, tmp_path, monkeypatch):
    w = _window(qtbot, tmp_path)
    table = w.table
    seen: list[tuple[str, bool]] = []
    original = TableWidget._on_event

    def spy(self, event):
        dialog = self.end_dialog
        seen.append((type(event).__name__, dialog is not None and dialog.isVisible()))
        return original(self, event)

    monkeypatch.setattr(TableWidget, "_on_event", spy)
    table.bar.autoplay.setChecked(True)
    table.start_match(Ruleset(rounds=1, time_limit=None), 9, [SlowAI() for _ in range(3)],
                      ["你", "a", "b", "c"], ["", "", "", ""])
    qtbot.waitUntil(lambda: len(table.scene.model.seats[1].discards) >= 1, timeout=20000)
    seen.clear()
    w.start_match(Ruleset(rounds=1, time_limit=None), ["normal"] * 3, seed=5)  # while an AI thinks
    assert not table.bar.autoplay.isChecked()  # 托管 does not carry over into a new match
    table.bar.autoplay.setChecked(True)
    qtbot.waitUntil(lambda: table.end_dialog is not None and table.end_dialog.isVisible(), timeout=60000)
    for _ in range(200):
        QApplication.processEvents()
        time.sleep(0.002)
    assert seen[0][0] == "MatchStarted"  # nothing of the old match
    assert not any(during_dialog for _, during_dialog in seen)  # the engine waits for the dialog
    table.stop_match()


def test_auto_play_during_a_timed_decision_stops_the_countdown(qtbot: QtBot, tmp_path):
    w = _window(qtbot, tmp_path)
    table = w.table
    w.start_match(Ruleset(rounds=1, time_limit=30), ["normal"] * 3, seed=3)
    qtbot.waitUntil(lambda: table.pending is not None, timeout=20000)
    assert table.scene.seconds_left and table.scene.plates[0].countdown.pill.isVisible()  # on my plate
    table.bar.autoplay.setChecked(True)
    assert table.pending is None
    assert not table.clock.timer.isActive() and table.scene.seconds_left is None
    assert not table.scene.plates[0].countdown.pill.isVisible()
    table.stop_match()


def test_a_new_match_replaces_the_saved_one(qtbot: QtBot, tmp_path):
    w = _window(qtbot, tmp_path)
    w.table.bar.autoplay.setChecked(True)
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=11)
    saved: list[HandSaved] = []
    w.table.hand_saved.connect(saved.append)
    pump_until(qtbot, w.table, lambda: len(saved) >= 1, timeout=60)
    QApplication.processEvents()
    first = w.session.saved_match()
    assert first is not None
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=12)  # abandon it
    now = w.session.saved_match()  # the new match, saved before its first hand
    assert now is not None and now["match_id"] != first["match_id"]
    assert now["match"]["played"] == 0 and now["match"]["seed"] == 12
    w.table.stop_match()


def _replay_of_a_played_hand(qtbot: QtBot, tmp_path):
    """Play one hand (seed 21) under 托管, then open its replay from the profile page."""
    w = _window(qtbot, tmp_path)
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=21)
    w.table.bar.autoplay.setChecked(True)
    saved: list[HandSaved] = []
    w.table.hand_saved.connect(saved.append)
    pump_until(qtbot, w.table, lambda: len(saved) >= 1, timeout=60)
    w.table.stop_match()
    QApplication.processEvents()
    w.show_profile()
    w.show_replay(profile_page(w).rows[0].id)
    replay = replay_of(w)
    replay.show_end_dialog = False
    return replay


def test_replay_back_at_the_start_shows_the_deal(qtbot: QtBot, tmp_path):
    replay = _replay_of_a_played_hand(qtbot, tmp_path)
    for _ in range(40):
        replay.step_forward()
    replay.to_start()
    assert replay.position == 0 and replay.scene.visible_tile_count() == 84
    # step 0 is the hand as it starts: its number (not "Hand 0"), the dice and every hand dealt
    model = replay.scene.model
    assert [key for key, _ in model.log] == ["hand_started", "dice"]
    assert model.hand_number == 1
    assert sorted(len(s.hand) for s in model.seats) == [13, 13, 13, 14]
    assert not any(s.discards for s in model.seats)
    replay.step_forward()  # the first step is the first move: it is logged
    assert len(replay.scene.model.log) >= 3


def test_a_replay_shows_every_hand_open_or_follows_one_seat(qtbot: QtBot, tmp_path):
    replay = _replay_of_a_played_hand(qtbot, tmp_path)
    for _ in range(20):  # mid-deal or just after
        replay.step_forward()
    model = replay.scene.model

    def face_up_in_hands(seat: int) -> int:
        now = replay.scene.model  # a step rebuilds the model
        return sum(1 for i in now.seats[seat].hand if i in now.face_up)

    assert all(face_up_in_hands(s) == len(model.seats[s].hand) > 0 for s in range(4))
    position = replay.position
    replay.set_follow(0)  # what I saw at the time
    assert replay.position == position
    assert face_up_in_hands(0) == len(replay.scene.model.seats[0].hand)
    assert all(face_up_in_hands(s) == 0 for s in (1, 2, 3))
    replay.set_follow(2)  # 对家's view: their tiles at the bottom, mine hidden
    model = replay.scene.model
    assert model.human == 2 and face_up_in_hands(2) > 0 and face_up_in_hands(0) == 0
    assert replay.view_choice.currentIndex() == 3
    replay.to_end()
    replay.show_end_dialog = True
    replay._show_end()
    assert replay.end_dialog.next_button.text() in ("关闭", "Close")
    replay.stop()
