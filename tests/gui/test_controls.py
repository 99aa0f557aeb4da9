"""The controls a player meets: nothing lost without asking, 托管 and 能胡就胡, the bar's words,
misclick protection, pacing and hints."""

from __future__ import annotations

import json
from typing import cast

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from engine.ai import NormalAI
from engine.game import analysis
from engine.game.actions import ActionKind
from engine.game.events import TileDrawn
from engine.game.hand import Hand
from engine.game.rules import Ruleset
from engine.game.tiles import tile_name
from engine.table.match import Match
from gui import message_box
from gui import settings as settings_store
from gui.screens.new_game import NewGameDialog
from gui.settings import Settings
from gui.table import info as table_info
from tests.gui.asking_windows import open_window, stop_quietly
from tests.gui.window_parts import hand_result, local_table, saved_match
from tests.gui_driver import click_tile

_window = open_window  # the name this module's tests and its neighbours use


class Answers:
    """The game's questions (gui.message_box.ask), answered by the test; the questions are kept."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, answer: QMessageBox.StandardButton) -> None:
        self.asked: list[str] = []
        self.answer = answer
        monkeypatch.setattr(message_box, "ask", lambda _parent, _title, text: self._ask(text))

    def _ask(self, text: str) -> bool:
        self.asked.append(text)
        return self.answer == QMessageBox.StandardButton.Yes


_stop_quietly = stop_quietly


def test_a_new_game_asks_before_it_replaces_a_saved_match(qtbot, tmp_path, monkeypatch):
    w = _window(qtbot, tmp_path)
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=31)
    qtbot.waitUntil(lambda: w.table.pending is not None, timeout=20000)
    answers = Answers(monkeypatch, QMessageBox.StandardButton.Yes)
    w.leave_table()  # 返回首页: the match is kept
    assert "已保存" in answers.asked[-1] and "继续" in answers.asked[-1]
    saved = w.session.saved_match()
    assert saved is not None and not w.match_running
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: NewGameDialog.DialogCode.Accepted)
    answers.answer = QMessageBox.StandardButton.No
    w.new_game()  # 新游戏 → 开始, then "no"
    assert "保存" in answers.asked[-1] and "放弃" in answers.asked[-1]
    assert w.session.saved_match() == saved and not w.match_running
    answers.answer = QMessageBox.StandardButton.Yes
    w.new_game()
    assert w.match_running
    assert w.session.saved_match()["match_id"] != saved["match_id"]
    _stop_quietly(w)


def test_leaving_mid_hand_keeps_the_match_and_deals_that_hand_afresh(qtbot, tmp_path, monkeypatch):
    w = _window(qtbot, tmp_path)
    Answers(monkeypatch, QMessageBox.StandardButton.Yes)
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=32)
    qtbot.waitUntil(lambda: w.table.pending is not None, timeout=20000)
    first_wall = Match.restore(saved_match(w)["match"]).hand_seed(0)
    w.leave_table()
    state = saved_match(w)["match"]
    assert state["played"] == 0 and state["redeals"] == 1
    assert Match.restore(state).hand_seed(0) != first_wall  # no peeking by leaving
    assert w.start_screen.continue_button.isVisible() or w.session.saved_match() is not None
    w.continue_match()
    assert w.match_running
    _stop_quietly(w)


def test_leaving_between_hands_redeals_nothing(qtbot, tmp_path, monkeypatch):
    w = _window(qtbot, tmp_path)
    Answers(monkeypatch, QMessageBox.StandardButton.Yes)
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=33)
    w.table.bar.autoplay.setChecked(True)
    qtbot.waitUntil(lambda: w.table.end_dialog is not None and w.table.end_dialog.isVisible(), timeout=60000)
    QApplication.processEvents()
    w.leave_table()
    state = saved_match(w)["match"]
    assert state["played"] == 1 and state["redeals"] == 0


def test_always_win_is_off_by_default_and_old_files_start_off(tmp_path):
    assert Settings().auto_win is False
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"schema": 1, "auto_win": True, "language": "en"}), encoding="utf-8")
    loaded = settings_store.load(old).settings
    assert loaded.auto_win is False and loaded.language == "en"
    chosen = tmp_path / "new.json"
    settings_store.save(Settings(auto_win=True), chosen)
    assert settings_store.load(chosen).settings.auto_win is True


def test_autoplay_banner_cancels_and_autoplay_ends_with_the_match(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    table = w.table
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=34)
    qtbot.waitUntil(lambda: table.pending is not None, timeout=20000)
    assert not table.banner.isVisible()
    qtbot.mouseClick(table.bar.autoplay, Qt.MouseButton.LeftButton)
    assert table.banner.isVisible() and "托管" in table.banner.label.text()
    assert table.pending is None  # the decision on screen went to the AI
    assert isinstance(local_table(table).human._ai, NormalAI)  # 托管 plays as the normal AI
    qtbot.mouseClick(table.banner.cancel, Qt.MouseButton.LeftButton)
    assert not table.bar.autoplay.isChecked() and not table.banner.isVisible()
    table.bar.autoplay.setChecked(True)
    w.confirm_quit = False
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=35)
    assert not table.bar.autoplay.isChecked() and not table.banner.isVisible()
    _stop_quietly(w)


def test_the_bar_keeps_its_height_and_never_takes_the_keyboard(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    table = w.table
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=36)
    qtbot.waitUntil(lambda: table.pending is not None and bool(table.clickable_items()), timeout=20000)
    view_height = table.view.height()
    table.bar.show_actions(win=True, kong=True, declare=True, pass_=True)
    QApplication.processEvents()
    assert table.view.height() == view_height
    table.bar.show_actions(win=False, kong=False, declare=False, pass_=False)
    qtbot.mouseClick(table.bar.autowin, Qt.MouseButton.LeftButton)
    table.bar.autowin.setChecked(False)
    qtbot.keyClick(QApplication.focusWidget() or table, Qt.Key.Key_Left)
    assert table.decisions.selected is not None  # ← still reached the table
    _stop_quietly(w)


def test_select_then_confirm_discards_on_the_second_click(qtbot, tmp_path):
    w = _window(qtbot, tmp_path, confirm_discard=True)
    table = w.table
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=37)
    qtbot.waitUntil(lambda: table.pending is not None and bool(table.clickable_items()), timeout=20000)
    item = table.clickable_items()[0]
    click_tile(qtbot, table, item)
    assert table.pending is not None and table.decisions.selected == item
    assert cast(float, table.scene.tiles[item].lift) > 0  # (a Qt property: its stub says Property)
    assert "再点" in table.bar.status.text()
    click_tile(qtbot, table, item)
    assert table.pending is None  # discarded
    _stop_quietly(w)


def test_opponents_pause_after_their_draw_scaled_by_speed(qtbot, tmp_path):
    w = _window(qtbot, tmp_path, speed=1.0, ai_pause="natural")
    table = w.table
    ai_draw = TileDrawn(seat=2, wall_index=60, tile=None, from_back=False, tiles_left=30, last_four=False)
    my_draw = TileDrawn(seat=0, wall_index=61, tile=3, from_back=False, tiles_left=29, last_four=False)
    assert table.pace.pause_ms(ai_draw) == settings_store.AI_PAUSES["natural"]
    assert table.pace.pause_ms(my_draw) == 0
    table.bar.autoplay.setChecked(True)
    assert table.pace.pause_ms(my_draw) > 0  # 托管's moves are paced too
    table.set_speed(0.5)
    assert table.pace.pause_ms(ai_draw) == settings_store.AI_PAUSES["natural"] // 2
    table.set_speed(0.0)
    assert table.pace.pause_ms(ai_draw) == 0
    table.pace.ai_pause = "off"
    table.set_speed(1.0)
    assert table.pace.pause_ms(ai_draw) == 0
    paced = table.scene.animator.then_pause(None, 120)
    assert paced.totalDuration() == 120 and paced.parent() is table.scene.animator


def _slow_useful(hand: list[int], kongs: list[int], tile: int, visible: list[int]) -> tuple[int, int]:
    """进张 by brute force: kinds whose draw lowers the shanten after discarding `tile`."""
    rest = list(hand)
    rest.remove(tile)
    base = analysis.shanten(rest, kongs)
    kinds = tiles = 0
    for k in range(21):
        left = 4 - rest.count(k) - 4 * kongs.count(k) - visible[k] - (1 if k == tile else 0)
        if left <= 0 and (rest.count(k) >= 4 or k in kongs):
            continue
        if analysis.shanten([*rest, k], kongs) < base:
            kinds += 1
            tiles += max(0, left)
    return kinds, tiles


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_hover_hints_count_the_useful_tiles(seed):
    hand = Hand(Ruleset(), dealer=0, seed=seed)
    view = hand.view(0)
    legal = tuple(hand.legal_actions(0))
    hints = table_info.discard_hints(view, legal)
    assert set(hints) == {a.tile for a in legal if a.kind is ActionKind.DISCARD}
    visible = view.visible_outside_hand()
    for tile, text in hints.items():
        kinds, tiles = _slow_useful(list(view.concealed), list(view.kongs), tile, visible)
        if kinds:
            assert f"进张 {kinds} 种 {tiles} 张" in text, (tile_name(tile), text)


def test_the_prompt_says_what_i_may_do(qtbot):
    hand = Hand(Ruleset(), dealer=0, seed=5)
    view = hand.view(0)
    legal = tuple(hand.legal_actions(0))
    assert "选一张牌" in table_info.decision_prompt(view, legal, None)
    kong_view = view
    from engine.game.actions import Action

    with_kong = (*legal, Action.kong(view.concealed[0]))
    kong, turn = table_info.decision_prompt(kong_view, with_kong, None).split(table_info.PROMPT_SEPARATOR)
    assert "暗杠" in kong and "选一张牌" in turn  # two things, told apart


def test_autoplay_can_be_cancelled_at_the_result_and_otherwise_goes_on(qtbot, tmp_path, monkeypatch):
    from gui.table import hand_end

    monkeypatch.setattr(hand_end, "AUTOPLAY_RESULT_MS", 300)
    w = _window(qtbot, tmp_path)
    table = w.table
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=33)
    table.bar.autoplay.setChecked(True)
    qtbot.waitUntil(lambda: table.end_dialog is not None and table.end_dialog.isVisible(), timeout=60000)
    first = table.end_dialog
    # left alone, 托管 goes on to the next hand by itself
    qtbot.waitUntil(lambda: table.end_dialog is not first and len(table.summaries) == 1
                    and table.scene.model.hand_number == 2, timeout=30_000)
    qtbot.waitUntil(lambda: table.end_dialog is not None and table.end_dialog.isVisible(), timeout=60000)
    from PySide6.QtWidgets import QPushButton

    take_over = hand_result(table).findChild(QPushButton, "takeOverButton")
    assert take_over is not None and take_over.isVisible()
    qtbot.mouseClick(take_over, Qt.MouseButton.LeftButton)  # the modal result is no trap
    assert not table.bar.autoplay.isChecked()
    qtbot.wait(600)
    assert table.end_dialog is not None and table.end_dialog.isVisible()  # now it waits for me


def test_a_late_second_accept_of_the_result_does_not_run_the_engine_ahead(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    table = w.table
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=33)
    table.bar.autoplay.setChecked(True)
    qtbot.waitUntil(lambda: table.end_dialog is not None and table.end_dialog.isVisible(), timeout=60000)
    finished: list[object] = []
    table.hand_finished.connect(finished.append)
    dialog = hand_result(table)
    dialog.accept()
    dialog.accept()  # e.g. the auto-play timer after the player's own click
    QApplication.processEvents()
    assert len(finished) == 1
    assert local_table(table).human.queued <= 1
