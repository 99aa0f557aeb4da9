"""Saves in the window: a save that fails is shown in true words and retried; a second window
on the same data folder brings the first forward and never writes over it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from engine.game.rules import Ruleset
from gui import message_box
from gui.main_window import MainWindow
from gui.settings import Settings
from gui.window import saves
from gui.window.saves import SaveWatch
from storage.store import ProfileStore
from tests.gui_driver import pump_until
from tests.profile_helpers import add_hand, refuse_saves


def _window(qtbot: QtBot, folder: Path, speed: float = 0.2) -> MainWindow:
    store = ProfileStore(folder)
    store.load()
    w = MainWindow(Settings(animation_speed=speed, ai_pause="off"), confirm_quit=False, store=store)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    QApplication.processEvents()  # the window takes the folder (or finds it taken)
    return w


@pytest.mark.slow
def test_a_failed_save_is_shown_truly_kept_and_saved_when_the_disk_allows(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves, "RETRY_MS", 100)
    folder = tmp_path / "data"
    w = _window(qtbot, folder)
    name = w.session.profile.name  # type: ignore[union-attr]
    with monkeypatch.context() as refusing:  # undone alone: the test's other patches stay
        refuse_saves(refusing)
        w.table.bar.autoplay.setChecked(True)
        w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=77)
        saved: list[object] = []
        w.table.hand_saved.connect(saved.append)
        pump_until(qtbot, w.table, lambda: bool(saved), timeout=120)
        QApplication.processEvents()

        message = w.statusBar().currentMessage()
        assert "没有保存" in message and "已保存" not in message, message
        mark = w.saves.unsaved_mark
        assert mark is not None and mark.isVisible() and "未保存" in mark.text()
        assert w.store.unsaved >= 1 and w.store.current().totals().hands == 1  # type: ignore[union-attr]
        told: list[str] = []
        refusing.setattr(message_box, "tell", lambda _p, _t, text: told.append(text))
        mark.click()  # the mark says why, whenever the player asks
        assert told and "没有保存" in told[0] and "readonly database" in told[0]

        w.table.stop_match()
    # the disk takes writes again (the player's folders stay out of reach: tests/home_guard.py)
    qtbot.waitUntil(lambda: not mark.isVisible(), timeout=30_000)
    assert "已经保存好了" in w.statusBar().currentMessage()
    w.close()
    again = ProfileStore(folder)
    again.load()
    assert again.current().totals().hands == 1  # type: ignore[union-attr]
    assert len(again.history(name)) == 1
    again.close()


def test_a_second_window_brings_the_first_forward_and_saves_only_after_it(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "data"
    first = _window(qtbot, folder)
    name = first.session.profile.name  # type: ignore[union-attr]
    add_hand(first.store, name, 100)
    assert first.saves.instance is not None
    asked: list[tuple[str, bool]] = []
    def ask_other_window(self: SaveWatch, pid: str, raised: bool) -> bool:
        asked.append((pid, raised))
        return False

    monkeypatch.setattr(SaveWatch, "_ask_other_window", ask_other_window)
    with qtbot.waitSignal(first.saves.instance.activate_requested, timeout=30_000):
        second = _window(qtbot, folder)
    assert asked == [(str(os.getpid()), True)]
    assert second.store.locked_elsewhere
    second.saves.retry_timer.setInterval(100)
    mark = second.saves.unsaved_mark
    assert mark is not None and mark.isVisible()

    add_hand(second.store, name, 10)  # this window's hand: kept, not written over the first's
    add_hand(first.store, name, 1)
    assert second.store.unsaved == 1
    first.close()  # the first window lets go of the folder...
    qtbot.waitUntil(lambda: not mark.isVisible(), timeout=30_000)  # ...and the second saves on top
    second.close()
    reader = ProfileStore(folder)
    reader.load()
    assert reader.current().points == 111  # type: ignore[union-attr]
    assert len(reader.history(name)) == 3
    reader.close()


def test_choosing_the_other_window_closes_this_one(qtbot: QtBot, tmp_path, monkeypatch):
    folder = tmp_path / "data"
    first = _window(qtbot, folder)
    monkeypatch.setattr(SaveWatch, "_ask_other_window", lambda self, pid, raised: True)
    second = _window(qtbot, folder)
    qtbot.waitUntil(lambda: not second.isVisible(), timeout=30_000)
    assert first.isVisible() and not first.store.locked_elsewhere
    first.close()


def _old_profiles(names: list[str]) -> dict[str, object]:
    """A profiles file of schema 2, when a match in progress kept its computers' names in words."""
    return {
        "schema": 2, "current": "小明",
        "profiles": [{"name": "小明", "points": 0, "created": "2024-05-01T20:00:00+08:00", "rooms": {},
                      "best_hand": None, "points_history": [], "match_results": []}],
        "matches_in_progress": {"小明": {
            "match": {"rules": Ruleset(rounds=1).to_dict(), "seed": 5, "names": names, "dealer": 1,
                      "dealer_streak": 1, "passes": 1, "scores": [12, -12, 0, 0], "played": 1},
            "levels": ["normal", "normal", "normal"], "match_id": "abc"}},
    }


@pytest.mark.parametrize("words", [["小明", "下家", "对家", "上家"], ["小明", "Right", "Opposite", "Left"]])
def test_an_old_match_naming_its_computers_in_words_goes_on_in_either_language(
        qtbot: QtBot, tmp_path: Path, words: list[str]) -> None:
    """The names are codes from the engine to the disk; words of an old file are read as codes,
    and the table shows them in the language the player reads, switched during the match too."""
    import json

    from gui import i18n

    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "profiles.json").write_text(json.dumps(_old_profiles(words), ensure_ascii=False), "utf-8")
    w = _window(qtbot, folder)
    saved = w.session.saved_match()
    assert saved is not None and saved["match"]["names"] == ["小明", "", "", ""]
    try:
        w.continue_match()
        plates = w.table.scene.plates
        qtbot.waitUntil(lambda: plates[1].name.text() == "下家", timeout=20_000)
        assert [p.name.text() for p in plates] == ["小明", "下家", "对家", "上家"]
        i18n.set_language("en")
        w.retranslate()
        qtbot.waitUntil(lambda: plates[1].name.text() == "Right", timeout=20_000)
        assert [p.name.text() for p in plates] == ["小明", "Right", "Opposite", "Left"]
        i18n.set_language("zh")
        w.retranslate()
        assert [p.name.text() for p in plates] == ["小明", "下家", "对家", "上家"]
    finally:
        w.table.stop_match()
    on_disk = json.loads((folder / "profiles.json").read_text("utf-8"))
    assert on_disk["matches_in_progress"]["小明"]["match"]["names"] == ["小明", "", "", ""]


def test_a_new_match_is_saved_with_its_computers_as_codes(qtbot: QtBot, tmp_path: Path) -> None:
    import json

    folder = tmp_path / "data"
    w = _window(qtbot, folder)
    try:
        w.start_match(Ruleset(rounds=1), ["easy", "normal", "hard"], seed=78)
        name = w.session.profile.name  # type: ignore[union-attr]
        saved = w.session.saved_match()
        assert saved is not None and saved["match"]["names"] == [name, "", "", ""]
        assert saved["match"]["seed"] == 78
    finally:
        w.table.stop_match()
    on_disk = json.loads((folder / "profiles.json").read_text("utf-8"))
    assert on_disk["matches_in_progress"][name]["match"]["names"] == [name, "", "", ""]
