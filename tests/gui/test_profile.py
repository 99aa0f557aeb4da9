"""The profile in play: the first start asks the player's name (in the game's own dialog), hands
count for 积分 and history, a match continues after a restart, and a saved hand replays in the
table scene."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt, QTimer
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from engine.game.rules import Ruleset
from gui import i18n, theme
from gui.main_window import MainWindow
from gui.parts.connection import HandSaved
from gui.parts.dialog_parts import DIALOG_STYLE, DialogHeader
from gui.screens.name_dialog import NameDialog
from gui.settings import Settings
from storage.store import ProfileStore
from tests.gui.test_table import _not_blank
from tests.gui.window_parts import replay_of
from tests.gui_driver import pump_until
from tests.profile_helpers import current

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"


def _window(qtbot: QtBot, data_dir: Path) -> MainWindow:
    store = ProfileStore(data_dir)
    store.load()
    w = MainWindow(Settings(animation_speed=0.0), confirm_quit=False, store=store)
    qtbot.addWidget(w)
    w.resize(1280, 860)
    w.show()
    return w


def _answer_name_box(qtbot: QtBot, answer: Callable[[NameDialog], None]) -> list[NameDialog]:
    """Once the name box is open: `answer` it (as the player would, with the keyboard)."""
    seen: list[NameDialog] = []

    def at_the_box() -> None:
        box = QApplication.activeModalWidget()
        try:
            assert isinstance(box, NameDialog), box
            seen.append(box)
            answer(box)
        finally:
            if box is not None and box.isVisible():  # never left waiting for a player
                box.close()

    QTimer.singleShot(0, at_the_box)
    return seen


def _first_start(qtbot: QtBot, data_dir: Path, answer: Callable[[NameDialog], None],
                 language: str = "zh") -> tuple[MainWindow, list[NameDialog]]:
    store = ProfileStore(data_dir)
    assert store.load() == [] and not store.profiles()  # a fresh data folder: the first start
    seen = _answer_name_box(qtbot, answer)
    window = MainWindow(Settings(animation_speed=0.0, language=language), confirm_quit=False, store=store,
                        ask_name=True)
    qtbot.addWidget(window)
    assert len(seen) == 1
    return window, seen


@pytest.mark.parametrize("language", ["zh", "en"])
def test_the_first_start_asks_the_name_in_the_games_dialog_and_enter_takes_it(qtbot: QtBot, tmp_path,
                                                                              language):
    try:
        def type_a_name(box: NameDialog) -> None:
            assert box.focusWidget() is box.name_edit
            assert box.name_edit.selectedText() == i18n.tr("start.default_name")
            box.name_edit.insert("  小明 ")  # what typing does (QTest types ASCII only): it replaces 玩家
            qtbot.keyClick(box.name_edit, Qt.Key.Key_Return)

        window, (box,) = _first_start(qtbot, tmp_path / "data", type_a_name, language)
        # the look of the other dialogs: their style sheet, the felt header, their buttons
        assert box.styleSheet() == DIALOG_STYLE and "QLineEdit" in DIALOG_STYLE
        assert isinstance(box.findChild(DialogHeader), DialogHeader)
        assert (box.ok_button.objectName(), box.skip_button.objectName()) == ("primary", "secondary")
        texts = {"zh": ("欢迎来到合肥麻将", "请输入你的名字", "跳过", "确定"),
                 "en": ("Welcome to Hefei Mahjong", "Please enter your name", "Skip", "OK")}[language]
        assert (box.header.title.text(), box.header.subtitle.text(), box.skip_button.text(),
                box.ok_button.text()) == texts
        line = box.findChild(QLineEdit)
        assert line is not None and line.maxLength() == 40  # a profile name's longest (storage.checks)
        assert [p.name for p in window.store.profiles()] == ["小明"]
        assert "小明" in window.start_screen.player.text()
    finally:
        i18n.set_language("zh")  # (the window set the language of its settings)


@pytest.mark.parametrize("key", [Qt.Key.Key_Escape, None], ids=["esc", "empty"])
def test_esc_or_an_empty_name_keeps_the_default_one(qtbot: QtBot, tmp_path, key):
    def answer(box: NameDialog) -> None:
        qtbot.keyClicks(box.name_edit, "Ming")
        if key is None:  # an empty name, entered
            box.name_edit.clear()
        qtbot.keyClick(box.name_edit, key or Qt.Key.Key_Return)
        assert not box.isVisible()

    window, _ = _first_start(qtbot, tmp_path / "data", answer)
    assert [p.name for p in window.store.profiles()] == ["玩家"]


def test_the_name_box_is_styled_not_the_platforms(qtbot: QtBot):
    box = NameDialog("玩家")
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    shot = box.grab().toImage()
    header = box.header.geometry()
    assert shot.pixelColor(header.left() + 4, header.bottom() - 1).name() == theme.GOLD  # the band's rule
    card = QRect(box.card.mapTo(box, QPoint(0, 0)), box.card.size())  # (the card is in the dialog's body)
    assert shot.pixelColor(card.left() + 20, card.top() + 6).name() == theme.PAPER
    assert shot.pixelColor(2, box.height() - 2).name() == theme.CREAM


def test_hands_count_the_match_continues_after_a_restart_and_a_hand_replays(qtbot: QtBot, tmp_path):
    data = tmp_path / "data"
    w = _window(qtbot, data)
    profile = w.session.profile
    assert profile is not None and profile.points == 0
    w.table.bar.autoplay.setChecked(True)
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=4242)
    table = w.table

    hands_saved: list[HandSaved] = []
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
    assert current(again.store).totals().hands == 2  # the profile survived the restart
    qtbot.mouseClick(again.start_screen.continue_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: again.table.scene.model.hand_number >= 3, timeout=20000)
    again.table.stop_match()

    again.show_profile()
    page = again.pages.profile_page
    assert page is not None and page.table.rowCount() == 2
    SHOTS.mkdir(exist_ok=True)
    again.grab().save(str(SHOTS / "profile_page.png"))
    _not_blank(SHOTS / "profile_page.png")
    page.table.selectRow(0)
    qtbot.mouseClick(page.replay_button, Qt.MouseButton.LeftButton)
    replay = replay_of(again)
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
    qtbot.waitUntil(lambda: replay.end_dialog is not None, timeout=30_000)
    # the replay ends with the same result the history recorded
    ended = replay.summary().ended
    assert ended is not None and ended.deltas[0] == page.rows[0].delta
    assert replay.end_dialog is not None
    replay.end_dialog.close()
    again.close()




def test_the_player_hears_what_happened_to_the_profiles_before_being_asked_a_name(qtbot: QtBot, tmp_path,
                                                                                 monkeypatch):
    """Both profile files damaged: the name box used to come first, with no word of why."""
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "profiles.json").write_bytes(b"{broken")
    (folder / "profiles.json.bak").write_bytes(b"{broken too")
    order: list[str] = []
    monkeypatch.setattr("gui.message_box.tell", lambda _parent, _title, text: order.append(text))

    def answer(box: NameDialog) -> None:
        order.append("name box")
        box.reject()

    seen = _answer_name_box(qtbot, answer)
    monkeypatch.setenv("HEFEI_MAHJONG_DATA_DIR", str(folder))
    window = MainWindow(Settings(animation_speed=0.0), confirm_quit=False, ask_name=True)
    qtbot.addWidget(window)
    window._load_profiles()  # what the window does once its first frame is painted
    assert len(seen) == 1 and len(order) == 2
    assert order[0].startswith("存档提示：档案文件 profiles.json 已损坏") and order[1] == "name box"
