"""新手教学 played through the real window, at the default speed, as a person does: the moments
in order, only the scripted moves let through, skip at any step, and the profile untouched."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect, QSize, QSizeF, Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from engine.game.actions import ActionKind
from engine.game.scoring import WinRefusal
from engine.game.tiles import parse_tile
from engine.table.tutorial import MOMENTS, PLAYER_MOVES
from gui import i18n
from gui.i18n import tile_label, tr
from gui.main_window import MainWindow
from gui.parts.callout import (
    BAND_COST,
    BAND_WIDTH,
    GROW_COST,
    MARGIN,
    MAX_SCALE,
    MAX_WIDTH,
    band_fit,
    band_width,
    text_scale,
)
from gui.screens.start import StartScreen
from gui.settings import Settings
from gui.table.end_dialogs import EndOfHandDialog
from gui.table.layout import SCENE_H, SCENE_W
from gui.table.tutorial import TutorialTable
from storage.store import ProfileStore
from tests.gui.built_keys import as_key
from tests.gui.window_parts import profile_of
from tests.gui_driver import click_tile

WAIT_MS = 30_000  # a generous deadline for the next moment on a busy machine (never a window)
KEYS = [m.key for m in MOMENTS]


@pytest.fixture(autouse=True)
def _chinese_after() -> Any:
    yield
    i18n.set_language("zh")


def _window(qtbot: QtBot, tmp_path: Path, language: str, size: tuple[int, int] = (1280, 800)) -> MainWindow:
    store = ProfileStore(tmp_path / "data")
    store.load()
    # the default animation speed: the tutorial's animations are the game's
    window = MainWindow(Settings(language=language), confirm_quit=False, store=store)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


def _open_tutorial(qtbot: QtBot, window: MainWindow) -> TutorialTable:
    qtbot.mouseClick(window.start_screen.tutorial_button, Qt.MouseButton.LeftButton)
    tutorial = window.pages.tutorial
    assert isinstance(tutorial, TutorialTable) and window.stack.currentWidget() is tutorial
    return tutorial


def _wait_moment(qtbot: QtBot, tutorial: TutorialTable, key: str) -> None:
    def shown() -> bool:
        if key == "score":  # in the result dialog
            return tutorial.score_note is not None and tutorial.score_note.isVisible()
        return tutorial.moment == key and tutorial.callout.isVisible()

    qtbot.waitUntil(shown, timeout=WAIT_MS)


def _click(qtbot: QtBot, button: Any) -> None:
    assert button.isVisible() and button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _target_items(tutorial: TutorialTable) -> list[int]:
    return tutorial.clickable_items()


def _hand_rects(tutorial: TutorialTable) -> list[QRect]:
    """Where the player's own tiles are on screen, in the view's coordinates."""
    view = tutorial.view
    return [view.mapFromScene(tutorial.scene.tiles[i].sceneBoundingRect()).boundingRect()
            for i in tutorial.scene.human_hand_items()]


def _table_rect(tutorial: TutorialTable) -> QRect:
    """The whole table (its felt), on the view."""
    view = tutorial.view
    return view.mapFromScene(tutorial.scene.sceneRect()).boundingRect().translated(view.viewport().pos())


def _check_callout_beside_the_table(tutorial: TutorialTable) -> None:
    """In its band: inside the view, clear of every part of the table."""
    box = tutorial.callout.geometry()
    assert not box.intersects(_table_rect(tutorial)), (box, _table_rect(tutorial))
    assert tutorial.view.rect().contains(box), box


def _check_callout_shows_its_text(tutorial: TutorialTable) -> None:
    """Every line of the callout's words is inside it (sized for a width tried before at
    other fonts, it cut its last line)."""
    callout = tutorial.callout
    for label in (callout.title, callout.text, callout.task):
        if label.isVisible():
            assert label.height() >= label.heightForWidth(label.width()), (label.text(), label.height())
            assert callout.rect().contains(label.geometry()), (label.text(), label.geometry())


def _check_callout_clear_of_hand(tutorial: TutorialTable) -> None:
    box = tutorial.callout.geometry()
    for rect in _hand_rects(tutorial):
        assert not box.intersects(rect), (box, rect)


def play_tutorial(qtbot: QtBot, window: MainWindow, at_moment: Callable[[str], None] = lambda _key: None,
                  stop_at: str | None = None, score_by_enter: bool = False) -> TutorialTable:
    """Play the tutorial through the window's widgets: each moment is awaited, looked at
    (`at_moment`), read on with 下一步 (the score's with Enter, `score_by_enter`), and the move it
    asks for made with the mouse; at `stop_at` the tutorial is skipped instead."""
    tutorial = _open_tutorial(qtbot, window)
    for key in KEYS:
        _wait_moment(qtbot, tutorial, key)
        at_moment(key)
        if key == stop_at:
            # 跳过教学: the result's note has its own; on the table, the bar's
            note = tutorial.score_note if key == "score" else None
            skip = note.skip if note is not None else tutorial.skip_button
            _click(qtbot, skip)
            return tutorial
        if key == "score":
            assert tutorial.score_note is not None
            if score_by_enter:
                dialog = tutorial.end_dialog
                assert dialog is not None
                qtbot.keyClick(dialog, Qt.Key.Key_Return)
            else:
                _click(qtbot, tutorial.score_note.next)
            continue
        _check_callout_clear_of_hand(tutorial)
        _check_callout_shows_its_text(tutorial)
        _click(qtbot, tutorial.callout.next)
        if key in ("eight", "kong", "declare", "haulao_win"):
            expected = tutorial.expected
            assert expected is not None and tutorial.pending is not None
            # the callout collapses to the task: it never covers the player's tiles
            assert tutorial.callout.task.isVisible() and not tutorial.callout.text.isVisible()
            _check_callout_clear_of_hand(tutorial)
            _make(qtbot, tutorial, expected.kind, expected.declare)
    return tutorial


def _make(qtbot: QtBot, tutorial: TutorialTable, kind: ActionKind, declare: bool) -> None:
    if kind is ActionKind.KONG:
        _click(qtbot, tutorial.bar.kong)
    elif kind is ActionKind.WIN:
        _click(qtbot, tutorial.bar.win)
    else:
        if declare:
            _click(qtbot, tutorial.bar.declare)
        items = _target_items(tutorial)
        assert items, "the tile to discard is offered"
        click_tile(qtbot, tutorial, items[-1])
    qtbot.waitUntil(lambda: tutorial.pending is None, timeout=WAIT_MS)


# the longer English texts at the smallest window, the Chinese at the largest: the callout never
# covers the player's tiles at either end
@pytest.mark.parametrize(("language", "size"), [("en", (800, 560)), ("zh", (1920, 1200))])
def test_the_tutorial_is_played_to_its_end_through_the_window(qtbot: QtBot, tmp_path: Path, language: str,
                                                              size: tuple[int, int]) -> None:
    window = _window(qtbot, tmp_path, language, size)
    profile = window.session.profile
    assert profile is not None
    store = window.store
    def counted() -> tuple[object, ...]:
        assert profile is not None
        name = profile.name
        return asdict(profile_of(window)), store.history(name), store.match_in_progress(name)

    before = counted()
    seen: list[str] = []
    texts: dict[str, str] = {}
    scales: set[float] = set()

    def at_moment(key: str) -> None:
        table = window.pages.tutorial
        assert table is not None
        seen.append(key)
        note = table.score_note if key == "score" else table.callout
        assert note is not None
        texts[key] = note.title.text() + note.text.text()
        assert note.next.isVisible()
        # one 跳过教学, not two (QA): the bar's on the table, the note's in the result dialog
        assert note.skip.isVisible() == (key == "score")
        assert table.skip_button.isVisible() != (key == "done")
        if key != "score":
            scales.add(note.scale)
        if key == "score":  # one 下一步 in the result, not the note's and the dialog's both (QA)
            dialog = table.end_dialog
            assert dialog is not None
            shown = [b.text() for b in dialog.findChildren(QPushButton) if b.isVisible()]
            assert shown.count(tr("tutorial.next")) == 1, shown
        if key == "eight":
            # the 8-tile rule: a complete hand, no 胡 offered, and the bar says why
            assert table.pending is not None and table.pending.refusal is WinRefusal.EIGHT
            assert not table.bar.win.isVisible()
            why = tr("info.cannot_win_now", reason=i18n.refusal_reason(WinRefusal.EIGHT))
            assert why in table.bar.status.text()
            # another tile, or 胡 by its key, is refused with a hint, and the decision stays open
            wrong = next(i for i in table.scene.human_hand_items() if i not in table.clickable_items())
            click_tile(qtbot, table, wrong)  # a dimmed tile: it used to do nothing at all (QA)
            assert tr("tutorial.refused", what=tr("tutorial.do.discard", tile=tile_label(parse_tile("5s")))) \
                in table.bar.status.text()
            table.status_line.show()
            qtbot.keyClick(table, Qt.Key.Key_H)
            assert table.pending is not None and table.expected == PLAYER_MOVES[0]
            assert tr("tutorial.do.discard", tile=tile_label(parse_tile("5s"))) in table.bar.status.text()
        if key != "score" and size == (1920, 1200):  # room for it: it covers nothing of the table (QA)
            _check_callout_beside_the_table(table)
        if key == "kong_back":
            model = table.scene.model
            assert len(model.seats[0].kongs) == 1  # the kong is on the table, its replacement drawn
            # laid face down, as the words say; its owner sees the middle two (QA: all four face up)
            places = [table.scene.placement(i) for i in model.seats[0].kongs[0]]
            assert [p is not None and p.face_up for p in places] == [False, True, True, False]
        if key == "eight":  # the tile the words name is lit, not every copy of its kind (QA)
            lit = [i for i in table.scene.human_hand_items() if not table.scene.tiles[i].dimmed]
            assert lit == table.clickable_items() == [table.scene.model.seats[0].drawn]
        if key == "declare":
            items = table.clickable_items()
            click_tile(qtbot, table, items[-1])  # without 报听 first: refused, nothing discarded
            assert table.pending is not None and table.expected == PLAYER_MOVES[2]
        if key == "score":
            dialog = table.end_dialog
            assert isinstance(dialog, EndOfHandDialog) and dialog.isVisible()
            assert dialog.score_tables and dialog.score_tables[0].rowCount() >= 5  # the itemised score
            assert i18n.score_label("last_four") in note.text.text()
            assert table.last_saved is None  # the engine saved nothing of the hand: nothing to count
            # the dialog, its note and buttons inside the window (it ran 76 px past an 800×560 one)
            frame = window.frameGeometry() if window.isWindow() else window.geometry()
            placed = dialog.frameGeometry()
            assert frame.contains(placed), (placed, frame, dialog.sizeHint())

    # the score read on with Enter in one language, with the mouse in the other
    tutorial = play_tutorial(qtbot, window, at_moment, score_by_enter=language == "en")
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.start_screen, timeout=WAIT_MS)
    assert seen == KEYS and tutorial.finished_playing
    assert len(scales) == 1  # its words the same size at every moment (QA: they jumped)
    assert window.pages.tutorial is None and not tutorial.running
    # every explanation is in the window's language
    for key in KEYS:
        assert texts[key].startswith(i18n.tr_in(language, as_key(f"tutorial.{key}.title")))
    # counted nowhere: the profile, its history and any saved match are as before
    assert counted() == before


@pytest.mark.parametrize("step", KEYS[:-1])
def test_skip_at_any_step_returns_to_the_start_screen_and_counts_nothing(qtbot: QtBot, tmp_path: Path,
                                                                         step: str) -> None:
    window = _window(qtbot, tmp_path, "zh")
    profile = window.session.profile
    assert profile is not None
    before = (asdict(profile), window.store.history(profile.name))
    tutorial = play_tutorial(qtbot, window, stop_at=step)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.start_screen, timeout=WAIT_MS)
    assert not tutorial.running and window.pages.tutorial is None and not tutorial.finished_playing
    assert tutorial.end_dialog is None  # the result dialog went with it
    assert (asdict(profile_of(window)), window.store.history(profile.name)) == before


@pytest.mark.parametrize("language", ["zh", "en"])
def test_where_the_window_has_room_the_callout_stands_beside_the_table(qtbot: QtBot, tmp_path: Path,
                                                                       language: str) -> None:
    """QA: over the table, the callout covered the opposite seat's name plate, the log and the
    opposite's latest discard, and let the rules line show through. Where the window has room
    it now stands in a band beside the table (the table fitted to the rest) and covers nothing of
    it, also after resizes; in a small window, at the top of the table at its smallest size."""
    window = _window(qtbot, tmp_path, language, (1920, 1200))
    tutorial = _open_tutorial(qtbot, window)
    _wait_moment(qtbot, tutorial, KEYS[0])
    callout = tutorial.callout
    _check_callout_beside_the_table(tutorial)
    _check_callout_shows_its_text(tutorial)
    assert callout.scale > 1.0  # grown with the window
    table = _table_rect(tutorial)
    # the table gives up at most a fifth of its size for the band
    assert table.height() >= 0.8 * min(tutorial.view.height(), tutorial.view.width() * 10 / 16)

    window.resize(1280, 800)
    qtbot.waitUntil(lambda: tutorial.view.rect().contains(callout.geometry()))  # placed for the new size
    _check_callout_beside_the_table(tutorial)
    _check_callout_shows_its_text(tutorial)
    window.resize(800, 560)  # no room: on the table, at the top, clear of the player's tiles
    qtbot.waitUntil(lambda: callout.scale == 1.0 and callout.geometry().top() == MARGIN
                    and callout.geometry().intersects(_table_rect(tutorial)))
    _check_callout_clear_of_hand(tutorial)
    _check_callout_shows_its_text(tutorial)
    window.resize(1920, 1200)
    qtbot.waitUntil(lambda: callout.scale > 1.0 and not callout.geometry().intersects(_table_rect(tutorial)))
    _check_callout_beside_the_table(tutorial)
    _check_callout_shows_its_text(tutorial)

    # the band stays while the callout is hidden: the table does not move between moments
    before = _table_rect(tutorial)
    _click(qtbot, callout.next)
    _wait_moment(qtbot, tutorial, "eight")
    _click(qtbot, callout.next)
    _make(qtbot, tutorial, ActionKind.DISCARD, False)
    assert not callout.isVisible() and _table_rect(tutorial) == before


def test_the_band_is_taken_only_where_the_table_keeps_most_of_its_size() -> None:
    table = QSizeF(SCENE_W, SCENE_H)
    for width, height in [(800, 470), (1024, 610), (1280, 700), (1366, 670), (1920, 960), (1920, 1100),
                          (2560, 1500), (1000, 1100), (3000, 600)]:
        band = band_width(QSize(width, height), table)
        whole = min(width / SCENE_W, height / SCENE_H)
        beside = min((width - band) / SCENE_W, height / SCENE_H)
        if band:
            assert beside >= BAND_COST * whole
            assert band >= BAND_WIDTH
        else:  # the narrowest band would cost the table more than that
            narrowest = min((width - BAND_WIDTH * text_scale(height)) / SCENE_W, height / SCENE_H)
            assert narrowest < BAND_COST * whole
    assert band_width(QSize(800, 470), table) == 0 and band_width(QSize(1024, 610), table) == 0
    assert band_width(QSize(1280, 700), table) > 0
    # a wide window: the room beside the table is used, no wider than a readable line
    assert band_width(QSize(3000, 600), table) == round(MAX_WIDTH * text_scale(600) + 2 * MARGIN)
    # a large screen: the words grow on beyond the largest size where the table keeps 90% (QA:
    # small beside the table's at 2560×1440); at 1920×1200 they would cost it more
    band, scale = band_fit(QSize(2560, 1340), table)
    assert scale > MAX_SCALE and (2560 - band) / SCENE_W >= GROW_COST * 1340 / SCENE_H
    assert band_fit(QSize(1920, 1100), table)[1] == MAX_SCALE


@pytest.mark.parametrize(("language", "size"), [("en", (1280, 800)), ("zh", (1024, 700))])
def test_a_callout_on_or_beside_the_table_shows_all_its_words(
        qtbot: QtBot, tmp_path: Path, language: str, size: tuple[int, int]) -> None:
    """Sized after trying wider and smaller fits, the callout once kept a height found at other
    fonts and cut its last line (English, 1280×800)."""
    window = _window(qtbot, tmp_path, language, size)
    tutorial = _open_tutorial(qtbot, window)
    _wait_moment(qtbot, tutorial, KEYS[0])
    _check_callout_shows_its_text(tutorial)
    _check_callout_clear_of_hand(tutorial)


def _at_the_eight_tile_rule(qtbot: QtBot, window: MainWindow) -> TutorialTable:
    tutorial = _open_tutorial(qtbot, window)
    _wait_moment(qtbot, tutorial, "intro")
    # no 托管 nor 能胡就胡 (off the script), also once the table is sat at
    assert not tutorial.bar.autoplay.isVisible() and not tutorial.bar.autowin.isVisible()
    _click(qtbot, tutorial.callout.next)
    _wait_moment(qtbot, tutorial, "eight")
    return tutorial


def test_the_bar_s_skip_button_leaves_while_the_table_plays(qtbot: QtBot, tmp_path: Path) -> None:
    """Between the moments (no callout on screen) the tutorial can be left as well."""
    window = _window(qtbot, tmp_path, "en")
    tutorial = _at_the_eight_tile_rule(qtbot, window)
    _click(qtbot, tutorial.callout.next)
    _make(qtbot, tutorial, ActionKind.DISCARD, False)
    assert not tutorial.callout.isVisible() and tutorial.running  # the others play: no callout
    _click(qtbot, tutorial.skip_button)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.start_screen, timeout=WAIT_MS)
    assert not tutorial.running and window.pages.tutorial is None


def test_a_language_switch_says_the_moment_again_in_the_new_language(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path, "zh")
    tutorial = _at_the_eight_tile_rule(qtbot, window)
    assert tutorial.callout.title.text() == i18n.tr_in("zh", "tutorial.eight.title")
    i18n.set_language("en")  # what the settings dialog does, then the window's retranslate
    window.retranslate()
    assert tutorial.callout.title.text() == i18n.tr_in("en", "tutorial.eight.title")
    assert tutorial.callout.task.text() == i18n.tr_in("en", "tutorial.do.discard", tile="5s")
    assert [plate.name.text() for plate in tutorial.scene.plates[1:]] == ["Right", "Opposite", "Left"]
    _click(qtbot, tutorial.callout.next)  # 下一步 still leads on: to the task
    assert tutorial.callout.task.isVisible() and not tutorial.callout.text.isVisible()
    _click(qtbot, tutorial.skip_button)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.start_screen, timeout=WAIT_MS)


@pytest.mark.parametrize("language", ["zh", "en"])
@pytest.mark.parametrize("size", [(800, 538), (1920, 1178)])
def test_the_start_screen_s_tutorial_button_sits_clear_of_the_menu(qtbot: QtBot, language: str,
                                                                   size: tuple[int, int]) -> None:
    i18n.set_language(language)
    screen = StartScreen()
    qtbot.addWidget(screen)
    screen.set_continue_enabled(True)  # the fullest card
    screen.resize(*size)
    screen.show()
    qtbot.waitExposed(screen)
    button = screen.tutorial_button
    assert button.isVisible() and button.text() == i18n.tr_in(language, "start.tutorial")
    assert screen.card.rect().contains(button.geometry())
    for other in (screen.tagline, screen.player, *screen._menu_buttons(), screen.footer):
        assert other.isHidden() or not button.geometry().intersects(other.geometry()), other
    with qtbot.waitSignal(screen.tutorial_requested, timeout=WAIT_MS):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
