"""The profile in play: hands count for 积分 and history, a match continues after a restart,
and a saved hand replays in the table scene."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from engine.rules import Ruleset
from gui.main_window import MainWindow
from gui.settings import Settings
from storage.store import ProfileStore
from tests.gui.test_table import _not_blank
from tests.gui_driver import pump_until

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"


def _window(qtbot, data_dir: Path) -> MainWindow:
    store = ProfileStore(data_dir)
    store.load()
    w = MainWindow(Settings(animation_speed=0.0), confirm_quit=False, store=store)
    qtbot.addWidget(w)
    w.resize(1280, 860)
    w.show()
    return w


def test_hands_count_the_match_continues_after_a_restart_and_a_hand_replays(qtbot, tmp_path):
    data = tmp_path / "data"
    w = _window(qtbot, data)
    profile = w.session.profile
    assert profile is not None and profile.points == 0
    w.table.bar.autoplay.setChecked(True)
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=4242)
    table = w.table

    hands_saved = []
    table.hand_saved.connect(hands_saved.append)
    pump_until(qtbot, table, lambda: len(hands_saved) >= 2, timeout=120)
    QApplication.processEvents()
    history = w.store.history(profile.name)
    assert len(history) == 2
    expected = 0
    for row in reversed(history):  # oldest first; 积分 never goes below 0
        expected = max(0, expected + row.delta)
    after = w.store.current()
    assert after is not None and after.totals().hands == 2
    assert after.points == expected == after.points_history[-1]
    saved = w.store.match_in_progress(profile.name)
    assert saved is not None and saved["match"]["played"] >= 2
    # codes, not the words of the language the game was played in: 下家 / 对家 / 上家 are ""
    assert saved["match"]["names"] == [profile.name, "", "", ""]
    assert w.store.hand_record(history[0].id)["names"] == [profile.name, "", "", ""]
    assert {row.result for row in history} <= {"self_draw", "win_discard", "deal_in", "exhaustive", "other"}
    w.close()  # mid-match

    again = _window(qtbot, data)
    assert again.start_screen.continue_enabled()
    assert again.store.current().totals().hands == 2  # the profile survived the restart
    qtbot.mouseClick(again.start_screen.continue_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: again.table.scene.model.hand_number >= 3, timeout=20000)
    again.table.stop_match()

    again.show_profile()
    page = again._profile_page
    assert page is not None and page.table.rowCount() == 2
    SHOTS.mkdir(exist_ok=True)
    again.grab().save(str(SHOTS / "profile_page.png"))
    _not_blank(SHOTS / "profile_page.png")
    page.table.selectRow(0)
    qtbot.mouseClick(page.replay_button, Qt.MouseButton.LeftButton)
    replay = again._replay
    assert again.stack.currentWidget() is replay
    replay.show_end_dialog = True
    for _ in range(40):
        replay.step_forward()
    again.grab().save(str(SHOTS / "replay.png"))
    _not_blank(SHOTS / "replay.png")
    middle = replay.position
    replay.step_back()
    assert replay.position == middle - 1
    replay.to_end()
    assert replay.position == len(replay.events)
    qtbot.waitUntil(lambda: replay.end_dialog is not None, timeout=5000)
    # the replay ends with the same result the history recorded
    assert replay.summary().ended.deltas[0] == page.rows[0].delta
    replay.end_dialog.close()
    again.close()


