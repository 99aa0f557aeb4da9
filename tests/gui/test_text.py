"""Texts and sizes the player sees (pytest-qt, offscreen): Qt's own buttons in the UI's language,
the score table's two languages, tiles in words, stored codes shown in words, the end-of-hand
dialogs sized to their content, the start screen and the profile page down to 1024 × 700."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QLibraryInfo, QStandardPaths
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QApplication,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QTableWidget,
    QWidget,
)

from engine.ai import make_ai
from engine.game import events as ev
from engine.game.rules import Ruleset
from engine.table.match import Match
from engine.table.match_loop import MatchHooks, play_match
from engine.table.summary import HandSummary, track
from gui import i18n
from gui.fonts import ui_font
from gui.i18n import qt as qt_translations
from gui.main_window import MainWindow
from gui.profile.view import ProfileView
from gui.screens.new_game import NewGameDialog
from gui.screens.start import FULL_SHADOW_SCALE, SHADOW_ROOM, TIGHT_SHADOW_ROOM, StartScreen
from gui.settings import Settings
from gui.table.end_dialogs import EndOfHandDialog, StandingsDialog
from gui.tiles.art import get_art
from storage.model import BestHand, Profile
from storage.store import ProfileStore
from tests.gui.window_parts import cell, heading, profile_page
from tests.storage.test_stored_codes import legacy_history

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"
NAMES = ["小明", "", "", ""]  # the computer seats as the history stores them


@cache
def summaries() -> tuple[HandSummary, ...]:
    """A whole 1-圈 match of four AIs (seed 3 has wins and exhaustive draws), hand by hand."""
    done: list[HandSummary] = []
    box = [HandSummary()]

    def observe(event: ev.Event) -> None:
        box[0] = track(box[0], event)
        if isinstance(event, ev.HandEnded):
            done.append(box[0])

    play_match(Match(Ruleset(rounds=1), 3), [make_ai("normal", seed=i) for i in range(4)],
               MatchHooks(observer=observe))
    return tuple(done)


def a_win() -> HandSummary:
    return next(s for s in summaries() if s.ended is not None and not s.ended.exhaustive)


def a_draw() -> HandSummary:
    return next(s for s in summaries() if s.ended is not None and s.ended.exhaustive)


def texts(widget: QWidget) -> list[str]:
    return [label.text() for label in widget.findChildren(QLabel)]


def column(table: QTableWidget, c: int) -> list[str]:
    return [cell(table, r, c).text() for r in range(table.rowCount())]


# -- 1. Qt's own buttons ----------------------------------------------------------------------------


@pytest.fixture
def qt_language(qapp: QApplication) -> Iterator[None]:
    qt_translations.install()
    yield
    qt_translations.uninstall()


def _yes_no() -> list[str]:
    box = QMessageBox()
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
    return [box.button(yes).text(), box.button(no).text()]


def test_pyside_ships_qts_chinese_translation() -> None:
    folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    assert (folder / "qtbase_zh_CN.qm").is_file()


def test_qt_buttons_follow_the_language(qt_language: None) -> None:
    assert _yes_no() == ["是(&Y)", "否(&N)"]
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    assert sorted(b.text() for b in buttons.buttons()) == sorted(["确定", "取消"])
    i18n.set_language("en")  # what the main window does on a language switch
    assert _yes_no() == ["&Yes", "&No"]
    i18n.set_language("zh")
    assert _yes_no() == ["是(&Y)", "否(&N)"]


def test_qt_buttons_in_chinese_without_qts_file(qapp: QApplication, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(qt_translations, "translations_folder", lambda: str(tmp_path))
    try:
        assert qt_translations.install() is False  # no qtbase_zh_CN.qm there: our own texts
        assert _yes_no() == ["是(&Y)", "否(&N)"]
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        assert buttons.buttons()[0].text() == "取消"
    finally:
        qt_translations.uninstall()
    assert _yes_no() == ["&Yes", "&No"]


# -- 2. the score table ---------------------------------------------------------------------------------


def test_score_table_shows_each_language_in_its_own_column(qtbot) -> None:
    art = get_art("classic")
    summary = a_win()
    dialog = EndOfHandDialog(art, summary, NAMES)
    qtbot.addWidget(dialog)
    [table] = dialog.score_tables
    header = [heading(table, c).text() for c in range(3)]
    assert header == ["项目", "English", "分数"]
    assert column(table, 0)[0] == "胡牌基本分" and column(table, 1)[0] == "Base"
    assert "基础分" in column(table, 0) and "Base sum" in column(table, 1)
    assert "胡牌分" in column(table, 0) and "Hand value" in column(table, 1)
    assert not {"S", "V", "庄分"} & set(column(table, 1))  # no code letters, no Chinese in English
    i18n.set_language("en")
    dialog = EndOfHandDialog(art, summary, NAMES)
    qtbot.addWidget(dialog)
    [table] = dialog.score_tables
    assert [heading(table, c).text() for c in range(3)] == ["Item", "中文", "Points"]
    assert column(table, 0)[0] == "Base" and column(table, 1)[0] == "胡牌基本分"
    assert "Base sum" in column(table, 0) and "基础分" in column(table, 1)
    assert len(set(column(table, 0)) & set(column(table, 1))) == 0  # the two columns never repeat


def test_two_missing_suits_keeps_its_own_label() -> None:
    assert i18n.score_label("missing_suit", 2) == "缺两门"
    assert i18n.score_label("missing_suit", 2, "en") == "Two missing suits"
    assert i18n.score_label("missing_suit", 1, "en") == "Missing suit"


def test_best_hand_items_come_from_their_codes(qtbot) -> None:
    items = [{"code": "base", "points": 10, "factor": False},
             {"code": "luxury_multiplier", "points": 2, "zh": "旧", "en": "old", "factor": True}]
    view = ProfileView()
    qtbot.addWidget(view)
    view.set_profile(Profile(name="x", best_hand=BestHand(40, items, "234m", [], "2024-05-01T20:00", "open")))
    assert view.best_table.rows() == [
        ["胡牌基本分", "Base", "+10"], ["豪华七对 ×2", "Luxury seven pairs ×2", "×2"],
        ["胡牌分", "Hand value", "40"]]
    assert view.best_table.header() == ["项目", "English", "分数"]
    i18n.set_language("en")
    view.retranslate()
    assert view.best_table.rows()[1] == ["Luxury seven pairs ×2", "豪华七对 ×2", "×2"]
    assert view.best_table.header() == ["Item", "中文", "Points"]


# -- 3. stored codes shown in words ------------------------------------------------------------------


def test_nameless_seats_show_their_place_in_the_dialogs(qtbot) -> None:
    art = get_art("classic")
    dialog = EndOfHandDialog(art, a_win(), NAMES)
    qtbot.addWidget(dialog)
    assert {"下家", "对家", "上家", "小明"} <= set(texts(dialog))
    standings = StandingsDialog(list(summaries()), NAMES)
    qtbot.addWidget(standings)
    header = [heading(standings.table, c).text() for c in range(2, 6)]
    assert header == ["小明", "下家", "对家", "上家"]
    i18n.set_language("en")
    dialog = EndOfHandDialog(art, a_win(), NAMES, human=0)
    qtbot.addWidget(dialog)
    assert {"Right", "Opposite", "Left"} <= set(texts(dialog))
    # a hand of another player's seat 2 (an imported hand): the places are relative to it
    dialog = EndOfHandDialog(art, a_win(), ["", "", "Carol", ""], human=2)
    qtbot.addWidget(dialog)
    assert {"Opposite", "Left", "Carol", "Right"} <= set(texts(dialog))


def test_migrated_history_reads_in_english(qtbot, tmp_path: Path) -> None:
    legacy_history(tmp_path / "data")
    store = ProfileStore(tmp_path / "data")
    store.load()
    window = MainWindow(Settings(language="en"), confirm_quit=False, store=store)
    qtbot.addWidget(window)
    window.show_profile()
    page = profile_page(window)
    results = [cell(page.table, r, 2).text() for r in range(page.table.rowCount())]
    assert results == ["Self-draw", "—", "Won on discard", "Exhaustive draw"]
    window.close()


# -- 4. tiles in words; the dealer ----------------------------------------------------------------------


def test_tile_labels_in_both_languages() -> None:
    assert [i18n.tile_label(k) for k in (1, 10, 19)] == ["三万", "五饼", "七条"]
    assert i18n.tiles_label([2, 0, 1, 8, 8]) == "二三四万三三饼"
    assert i18n.notation_label("[2222m]") == "[二二二二万]" and i18n.notation_label("55p") == "五五饼"
    assert i18n.notation_label("not tiles") == "not tiles"
    i18n.set_language("en")
    assert [i18n.tile_label(k) for k in (1, 10, 19)] == ["3m", "5p", "7s"]
    assert i18n.tiles_label([2, 0, 1, 8, 8]) == "234m33p"


def test_the_table_writes_tiles_in_words(qtbot) -> None:
    from gui.table import info as table_info
    from gui.table.scene import TableScene

    scene = TableScene(get_art("classic"))
    assert scene._log_args({"tile": 1})["tile"] == "三万"
    hand = Match(Ruleset(), 11).next_hand()
    seat = hand.pending()[0]  # the dealer, 14 tiles, to discard
    view, legal = hand.view(seat), tuple(hand.legal_actions(seat))
    hints = " ".join(table_info.discard_hints(view, legal).values())
    assert "打" in hints and any(word in hints for word in ("万", "饼", "条"))
    assert not any(a.isdigit() and b in "mps" for a, b in pairwise(hints))  # no "3m" in Chinese
    i18n.set_language("en")
    assert scene._log_args({"tile": 1})["tile"] == "3m"
    english = " ".join(table_info.discard_hints(view, legal).values())
    assert any(a.isdigit() and b in "mps" for a, b in pairwise(english))


def test_standings_write_tiles_in_words_and_the_result_is_not_cut(qtbot) -> None:
    standings = StandingsDialog(list(summaries()), NAMES)
    qtbot.addWidget(standings)
    standings.show()
    results = column(standings.table, 1)[:-1]
    won = [text for text in results if text != "荒庄"]
    assert won and all(any(s in text for s in "万饼条") for text in won)
    for lang in ("zh", "en"):
        i18n.set_language(lang)
        standings = StandingsDialog(list(summaries()), NAMES)
        qtbot.addWidget(standings)
        standings.show()
        # as wide as its longest result needs (Qt elides "Exhaustive dr…" in a narrower one)
        assert standings.table.columnWidth(1) >= standings.table.sizeHintForColumn(1), lang


def test_the_dealer_is_marked_in_words(qtbot) -> None:
    dialog = EndOfHandDialog(get_art("classic"), a_win(), NAMES)
    qtbot.addWidget(dialog)
    assert "庄" in texts(dialog) and not any(t.endswith(" D") for t in texts(dialog))
    i18n.set_language("en")
    dialog = EndOfHandDialog(get_art("classic"), a_win(), NAMES)
    qtbot.addWidget(dialog)
    assert "Dealer" in texts(dialog) and not any(t.endswith(" D") or t == "D" for t in texts(dialog))


# -- 5. sizes -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(800, 560), (1024, 700), (1140, 700), (1920, 1200)])
@pytest.mark.parametrize("buttons", ["", "continue", "continue+lan"])
def test_start_screen_fits_without_overlap(qtbot, lang: str, size: tuple[int, int], buttons: str) -> None:
    """Down to the smallest window, with 继续 and 回到局域网牌桌 shown too (in English at 800×560
    the tagline used to be laid over the title's 合肥麻将 subtitle)."""
    i18n.set_language(lang)
    screen = StartScreen()
    qtbot.addWidget(screen)
    screen.retranslate()
    screen.set_player(i18n.tr("start.player", name="Player", title="待业 (Jobless) · 麻袋 (Sack)"))
    screen.resize(size[0], size[1] - 22)  # the menu bar takes the rest
    screen.show()
    screen.set_continue_enabled("continue" in buttons)
    screen.set_lan_return("return" if "lan" in buttons else None)
    QApplication.processEvents()
    card = screen.card.geometry()
    # room for the shadow above and below the card (its corners stay round); for a card smaller
    # than a window of 1024×700 shows with 继续, less of it
    room = SHADOW_ROOM if screen.scale >= FULL_SHADOW_SCALE else TIGHT_SHADOW_ROOM
    if size >= (1024, 700) and buttons != "continue+lan":
        assert room == SHADOW_ROOM
    assert card.top() >= room - 1 and screen.height() - card.bottom() >= room - 1
    banner, tagline = screen.banner.geometry(), screen.tagline.geometry()
    assert not banner.intersects(tagline) and banner.bottom() < tagline.top()  # nor its subtitle
    parts = (screen.banner, screen.tagline, screen.player, *screen._menu_buttons(), screen.footer)
    visible = [w for w in parts if not w.isHidden()]
    for upper, lower in pairwise(visible):
        assert upper.geometry().bottom() < lower.geometry().top(), (upper, lower)
    assert visible[-1].geometry().bottom() <= screen.card.height()
    assert screen.tagline.sizeHint().width() <= screen.tagline.width()


def test_start_screen_offers_lan_play() -> None:
    screen = StartScreen()
    try:
        for lang, word in (("zh", "局域网"), ("en", "LAN")):
            i18n.set_language(lang)
            screen.retranslate()
            assert word in screen.footer.text()
            assert screen.lan_button.text() == word and not screen.lan_button.isHidden()
    finally:
        i18n.set_language("zh")


def test_main_window_works_at_1024_by_700(qtbot, tmp_path: Path) -> None:
    store = ProfileStore(tmp_path / "data")
    store.load()
    window = MainWindow(Settings(animation_speed=0.0), confirm_quit=False, store=store)
    qtbot.addWidget(window)
    window.show()
    window.table  # noqa: B018 - every page built
    window.show_profile()
    window.resize(1024, 700)
    QApplication.processEvents()
    assert window.minimumSizeHint().width() <= 1024 and window.minimumSizeHint().height() <= 700
    assert (window.width(), window.height()) == (1024, 700)
    view = profile_page(window).view
    record = view.record_card.table
    assert record.geometry().right() <= view.scroll_area.viewport().width()  # no card cut at the right
    window.close()


def test_end_dialogs_fit_in_a_1024_by_700_window(qtbot) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    host.resize(1024, 700)
    host.show()
    art = get_art("classic")
    for lang in ("zh", "en"):
        i18n.set_language(lang)
        dialogs = (EndOfHandDialog(art, a_win(), NAMES, host), EndOfHandDialog(art, a_draw(), NAMES, host),
                   StandingsDialog(list(summaries()), NAMES, host))
        for dialog in dialogs:
            qtbot.addWidget(dialog)
            dialog.show()
            QApplication.processEvents()
            assert dialog.width() <= 1024 and dialog.height() <= 700, (lang, dialog.objectName())


# -- 6. small things -------------------------------------------------------------------------------------


def test_an_exhaustive_draw_has_a_compact_dialog(qtbot) -> None:
    summary = a_draw()
    host = QWidget()  # a window with room for each hand on one line (narrower: tests/gui/test_result_fit.py)
    qtbot.addWidget(host)
    host.resize(1280, 800)
    host.show()
    for lang in ("zh", "en"):
        i18n.set_language(lang)
        dialog = EndOfHandDialog(get_art("classic"), summary, NAMES, host)
        qtbot.addWidget(dialog)
        dialog.show()
        QApplication.processEvents()
        assert dialog.findChildren(QTableWidget) == []  # no empty score table
        pictures = [label for label in dialog.findChildren(QLabel) if label.pixmap() is not None
                    and not label.pixmap().isNull()]
        assert len(pictures) == 4  # every hand revealed
        assert dialog.heading.text() == i18n.tr("end.exhaustive")
        assert dialog.note is not None and i18n.tr("end.nobody_won") in dialog.note.text()
        assert dialog.height() < 420  # was 560, half of it empty
        heading = dialog.heading
        assert heading.width() >= heading.sizeHint().width()  # "Exhaustive draw", not "Exhaustive dr···"
        dialog.grab().save(str(SHOTS / f"exhaustive_draw_{lang}.png"))


def test_record_labels_are_not_cut(qtbot) -> None:
    i18n.set_language("en")
    view = ProfileView()
    qtbot.addWidget(view)
    view.resize(900, 800)
    view.show()
    QApplication.processEvents()
    table = view.record_card.table
    edges = table.column_edges(table.width())
    metrics = QFontMetrics(ui_font(13))
    widest = max(metrics.horizontalAdvance(row[0]) for row in table.rows())
    assert edges[1] - edges[0] >= widest + 2 * table.PAD  # "Exhaustive draws", "Wins on discard"


def test_best_hand_follows_the_tile_theme(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.screens import settings_dialog

    store = ProfileStore(tmp_path / "data")
    store.load()
    window = MainWindow(Settings(tile_theme="classic"), confirm_quit=False, store=store,
                        settings_path=str(tmp_path / "settings.json"))
    qtbot.addWidget(window)
    window.show_profile()
    strip = profile_page(window).view.best_card.tiles
    assert strip.art.theme_name == "classic"
    accepted = settings_dialog.SettingsDialog.DialogCode.Accepted
    monkeypatch.setattr(settings_dialog.SettingsDialog, "exec", lambda self: accepted)
    monkeypatch.setattr(settings_dialog.SettingsDialog, "result_settings",
                        lambda self: replace(window.settings, tile_theme="contrast"))
    window.show_settings()  # 设置 → 高对比, without a table ever made
    window.show_profile()
    assert profile_page(window).view.best_card.tiles.art.theme_name == "contrast"
    window.close()


def test_export_starts_in_the_documents_folder(qtbot, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    legacy_history(tmp_path / "data")
    store = ProfileStore(tmp_path / "data")
    store.load()
    window = MainWindow(Settings(), confirm_quit=False, store=store)
    qtbot.addWidget(window)
    window.show_profile()
    page = profile_page(window)
    page.table.selectRow(0)
    asked: list[str] = []

    def ask(*a: Any, **k: Any) -> tuple[str, str]:
        asked.append(a[2])
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", ask)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", ask)
    page._export()
    page._import()
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    assert documents
    assert Path(asked[0]).parent == Path(documents) and Path(asked[0]).name.startswith("hand-")
    assert Path(asked[1]) == Path(documents)
    window.close()


def wrapped_labels_cut(dialog: QWidget) -> list[str]:
    """The shown word-wrapped labels of `dialog` whose text needs more height than they have."""
    return [label.text() for label in dialog.findChildren(QLabel)
            if label.wordWrap() and label.isVisible() and label.text()
            and label.heightForWidth(label.width()) > label.height()]


def test_the_new_game_dialogs_hints_are_never_cut(qtbot, language: str) -> None:
    """The opponents hint wraps onto a third line in English in a narrow card: it gets the room
    (its last line used to be cut off)."""
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    QApplication.processEvents()
    assert dialog.opponents_hint.text() and dialog.opponents_hint.isVisible()
    assert wrapped_labels_cut(dialog) == []
