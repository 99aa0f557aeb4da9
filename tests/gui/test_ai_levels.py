"""The AI levels everywhere a player picks one (大师 master the strongest), and 思考中 on the name
plate of an AI that takes its time over a decision."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QThread
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from engine.ai import LEVELS, MasterAI, SimpleAI
from engine.game import events as ev
from engine.game.actions import ActionKind
from engine.game.rules import Ruleset
from engine.net import messages as m
from gui import i18n
from gui.i18n.texts.levels import AI_LEVELS
from gui.lan.host_dialog import HostDialog
from gui.lan.lobby import SeatCard
from gui.main_window import MainWindow
from gui.screens.new_game import NewGameDialog
from gui.settings import Settings
from gui.table.thinking import THINK_DELAY_MS, ThinkingWatch
from gui.table.widget import TableWidget
from gui.tiles.art import TileArt
from storage.store import ProfileStore
from tests.gui.built_keys import as_key
from tests.gui.window_parts import hand_result, local_table
from tests.gui_driver import pump_until

NAMES = {"zh": ["简单", "普通", "困难", "大师"], "en": ["Easy", "Normal", "Hard", "Master"]}
THINKING = {"zh": "思考中", "en": "thinking"}


def _texts(combo: Any) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def _window(qtbot: QtBot, tmp_path: Path, speed: float) -> MainWindow:
    store = ProfileStore(tmp_path / "data")
    store.load()
    w = MainWindow(Settings(animation_speed=speed), confirm_quit=False, store=store)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    return w


def _plate_levels(table: TableWidget) -> list[str]:
    return [plate.level.text() for plate in table.scene.plates[1:]]


# -- the levels offered -----------------------------------------------------------------------------

def test_the_gui_offers_the_engines_levels_weakest_first_with_their_names() -> None:
    assert AI_LEVELS == LEVELS == ("easy", "normal", "hard", "master")
    for lang, names in NAMES.items():
        assert [i18n.tr_in(lang, as_key(f"level.{key}")) for key in AI_LEVELS] == names
        assert [i18n.tr_in(lang, as_key(f"ai.{key}")) for key in AI_LEVELS] == names


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_new_game_dialog_offers_master_for_every_opponent(qtbot: QtBot, lang: str) -> None:
    i18n.set_language(lang)
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    for combo in dialog.level_combos:
        assert _texts(combo) == NAMES[lang]
        assert combo.currentData() == "normal"
    dialog.level_combos[0].setCurrentIndex(dialog.level_combos[0].findText(NAMES[lang][3]))
    dialog.level_combos[2].setCurrentIndex(3)
    assert dialog.ai_levels() == ["master", "normal", "master"]
    again = NewGameDialog(last=dialog.choices())  # remembered for the next new game
    qtbot.addWidget(again)
    assert again.ai_levels() == ["master", "normal", "master"]
    i18n.set_language("en" if lang == "zh" else "zh")  # a language switch renames them in place
    again.retranslate()
    assert _texts(again.level_combos[1])[3] == ("Master" if lang == "zh" else "大师")


def test_a_lan_host_may_fill_seats_with_masters_and_the_lobby_names_them(qtbot: QtBot) -> None:
    dialog = HostDialog("小明的牌桌")
    qtbot.addWidget(dialog)
    assert _texts(dialog.ai_combo) == NAMES["zh"]
    dialog.ai_combo.setCurrentIndex(3)
    assert dialog.ai_level() == "master"
    again = HostDialog("x", last=dialog.choices())
    qtbot.addWidget(again)
    assert again.ai_level() == "master"

    card = SeatCard()
    qtbot.addWidget(card)
    seat = m.LobbySeat("ai", name="AI 2", title="master", ready=True, connected=True, level="master")
    card.show_seat(1, seat)
    assert card.title.text() == "电脑 · 大师"
    i18n.set_language("en")
    card.show_seat(1, seat)
    assert card.title.text() == "Computer · Master"


def test_a_game_against_three_masters_plays_a_hand(qtbot: QtBot, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    def accept_with_masters(dialog: NewGameDialog) -> int:
        for combo in dialog.level_combos:
            combo.setCurrentIndex(AI_LEVELS.index("master"))
        dialog.rounds_choice.set_value(1)
        return NewGameDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept_with_masters)
    w = _window(qtbot, tmp_path, speed=0.0)
    table = w.table
    try:
        w.new_game()  # 新游戏 → 大师 ×3 → 开始
        assert w.match_running and w.session.levels == ["master"] * 3
        chosen = w.settings.last_new_game
        assert chosen is not None and chosen["ai_levels"] == ["master"] * 3
        assert all(isinstance(seat, MasterAI) for seat in local_table(table).worker.seats[1:])
        assert _plate_levels(table) == ["大师"] * 3

        def end_of_hand() -> bool:
            d = table.end_dialog
            return d is not None and d.isVisible() and d.objectName() == "endOfHandDialog"

        pump_until(qtbot, table, end_of_hand, on_dialog=lambda d: False)
        summary = hand_result(table).summary
        assert summary.ended is not None and sum(summary.ended.deltas) == 0
        i18n.set_language("en")  # what the window does on a language switch
        w.retranslate()
        assert _plate_levels(table) == ["Master"] * 3
    finally:
        table.stop_match()


# -- 思考中 --------------------------------------------------------------------------------------------

class SlowThinker(SimpleAI):
    """Takes 0.4 s over each turn (a discard to choose); claims are answered at once."""

    def decide(self, view: Any, legal: Any) -> Any:
        if any(a.kind is ActionKind.DISCARD for a in legal):
            time.sleep(0.4)
        return super().decide(view, legal)


def _marks(table: TableWidget) -> list[tuple[float, int | None]]:
    """Every change of the marked seat, with when it happened."""
    changes: list[tuple[float, int | None]] = []
    scene = table.scene
    real = scene.set_thinking

    def spy(seat: int | None) -> None:
        changes.append((time.monotonic(), seat))
        real(seat)

    scene.set_thinking = spy  # type: ignore[method-assign]
    return changes


def _shown(table: TableWidget) -> list[int]:
    return [seat for seat, plate in enumerate(table.scene.plates) if plate.thinking.isVisible()]


def test_a_slow_ai_is_marked_thinking_until_its_discard(qtbot: QtBot, art: TileArt) -> None:
    table = TableWidget(art, speed=1.0)  # the default animation speed
    qtbot.addWidget(table)
    table.resize(1280, 800)
    table.show()
    table.bar.autoplay.setChecked(True)  # 托管 plays the person's seat
    marks = _marks(table)
    asked: list[tuple[float, int]] = []
    events: list[ev.Event] = []
    threads: set[QThread] = set()
    deciding = table.thinking.deciding

    def in_which_thread(seat: int) -> None:  # the engine's thread emits: Qt must queue it to ours
        threads.add(QThread.currentThread())
        deciding(seat)

    table.thinking.deciding = in_which_thread  # type: ignore[method-assign]
    table.start_match(Ruleset(rounds=1), 11, [SlowThinker() for _ in range(3)],
                      ["你", "下家", "对家", "上家"], ["", "困难", "大师", "大师"])
    local_table(table).seat_deciding.connect(lambda seat: asked.append((time.monotonic(), seat)))
    local_table(table).event_ready.connect(events.append)
    try:
        for _round in range(2):
            qtbot.waitUntil(lambda: bool(_shown(table)), timeout=20_000)
            seat = _shown(table)[0]
            assert seat != 0 and table.scene.thinking == seat
            plate = table.scene.plates[seat]
            assert plate.thinking.word == "思考中"
            assert plate.thinking.sceneBoundingRect().right() <= plate.rect().right()  # on its plate
            marked_at = marks[-1][0]
            since = [t for t, s in asked if s == seat][-1]
            assert marked_at - since >= (THINK_DELAY_MS - 20) / 1000  # not at once: after the delay
            seen = len(events)
            qtbot.waitUntil(lambda: not _shown(table), timeout=20_000)
            QApplication.processEvents()
            after = events[seen]  # what cleared the mark: the seat's own move
            assert isinstance(after, ev.TileDiscarded | ev.KongDeclared | ev.HandWon) and after.seat == seat
            assert table.scene.thinking is None and not table.thinking.active
        app = QApplication.instance()
        assert app is not None and threads == {app.thread()}
        # a window closed in the middle of a slow decision leaves no mark and no timer running
        qtbot.waitUntil(lambda: bool(_shown(table)), timeout=20_000)
        table.stop_match()
        assert not _shown(table) and table.scene.thinking is None and not table.thinking.active
    finally:
        table.stop_match()


def test_fast_ais_are_never_marked(qtbot: QtBot, art: TileArt) -> None:
    table = TableWidget(art, speed=0.0)
    qtbot.addWidget(table)
    table.results.show_dialogs = False
    table.bar.autoplay.setChecked(True)
    marks = _marks(table)
    asked: list[int] = []
    table.start_match(Ruleset(rounds=1), 12, [SimpleAI() for _ in range(3)], ["你", "下家", "对家", "上家"],
                      ["", "简单", "简单", "简单"])
    local_table(table).seat_deciding.connect(asked.append)
    try:
        with qtbot.waitSignal(table.hand_finished, timeout=30_000):
            pass
        assert sum(1 for seat in asked if seat != 0) > 10  # the AIs were asked, over and over
        assert [seat for _t, seat in marks if seat is not None] == []  # and never marked
    finally:
        table.stop_match()


def test_the_mark_waits_its_delay_and_never_marks_the_player(qtbot: QtBot, art: TileArt) -> None:
    table = TableWidget(art)
    qtbot.addWidget(table)
    watch = ThinkingWatch(table.scene, human=0)
    watch.deciding(2)
    qtbot.wait(THINK_DELAY_MS // 3)
    watch.clear()  # decided quickly: nothing shown
    qtbot.wait(THINK_DELAY_MS * 2)
    assert table.scene.thinking is None and not _shown(table)
    watch.deciding(0)  # the player's own decision: the bar says it
    qtbot.wait(THINK_DELAY_MS * 2)
    assert table.scene.thinking is None and not watch.active
    watch.deciding(3)
    qtbot.waitUntil(lambda: _shown(table) == [3], timeout=20_000)
    phase = table.scene.plates[3].thinking.phase
    qtbot.waitUntil(lambda: table.scene.plates[3].thinking.phase != phase, timeout=20_000)  # the dots move
    watch.deciding(1)  # the next seat asked: seat 3's decision is over
    assert not _shown(table)
    qtbot.waitUntil(lambda: _shown(table) == [1], timeout=20_000)
    i18n.set_language("en")
    table.retranslate()
    assert table.scene.plates[1].thinking.word == THINKING["en"]
    watch.clear()
    assert not _shown(table)
