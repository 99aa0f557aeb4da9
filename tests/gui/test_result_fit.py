"""The result of a hand, readable whole at the smallest window (800×560) and at a large one
(1920×1200), in Chinese and in English (issue 23 §6): every label and every column of the score
table lies inside the part of the dialog that shows (the body scrolls up and down only, never
sideways), no text is wider than its label or its column, and the dialog stays inside its window."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QStyle, QTableWidget, QVBoxLayout, QWidget

from engine.ai import make_ai
from engine.game import events as ev
from engine.game.rules import Ruleset
from engine.table.match import Match
from engine.table.match_loop import MatchHooks, play_match
from engine.table.summary import HandSummary, track
from gui.i18n import set_language
from gui.table.end_dialogs import (
    MAX_TILE_W,
    MIN_TILE_W,
    SHORT_TILE_W,
    TILE_W,
    EndOfHandDialog,
    _score_heading,
    fitting_width,
    row_width,
)
from gui.table.layout import height_of
from gui.tiles.art import get_art, tile_height
from tests.gui import window_parts
from tests.gui.test_controls import _window
from tests.gui.test_text import NAMES, a_draw, a_win, summaries

SIZES = ((800, 560), (1920, 1200))
SEVERAL_WINNERS_SEED = 5  # a 1-圈 match of four AIs with a hand won by more than one seat (一炮多响)


@cache
def several_winners() -> HandSummary:
    """The first hand of that match won by several seats on one discard."""
    done: list[HandSummary] = []
    box = [HandSummary()]

    def observe(event: ev.Event) -> None:
        box[0] = track(box[0], event)
        if isinstance(event, ev.HandEnded) and len(box[0].wins) > 1:
            done.append(box[0])

    play_match(Match(Ruleset(rounds=1), SEVERAL_WINNERS_SEED), [make_ai("normal", seed=i) for i in range(4)],
               MatchHooks(observer=observe))
    return done[0]
HEADER_PADDING = 4  # the style sheet's padding of a header section, each side


@pytest.fixture
def host(qtbot) -> Iterator[QWidget]:
    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    yield window


def _shown(host: QWidget, summary: HandSummary, size: tuple[int, int]) -> EndOfHandDialog:
    host.resize(*size)
    QApplication.processEvents()
    dialog = EndOfHandDialog(get_art("classic"), summary, NAMES, host)
    dialog.show()
    QApplication.processEvents()
    return dialog


def _inside(outer: QRect, inner: QRect) -> bool:
    return outer.left() <= inner.left() and inner.right() <= outer.right()


def _text_width(font: QFont, text: str) -> int:
    return QFontMetrics(font).horizontalAdvance(text)


def _problems(dialog: EndOfHandDialog) -> list[str]:
    """Whatever is cut at the sides: a label or a table out of the visible body or the dialog, a
    text wider than its label, a cell's text wider than its column."""
    viewport = dialog.scroll_area.viewport()
    body = dialog.scroll_area.widget()
    assert body is not None
    seen = QRect(QPoint(0, 0), viewport.size())
    whole = QRect(QPoint(0, 0), dialog.size())
    out = []
    for widget in [*dialog.findChildren(QLabel), *dialog.findChildren(QTableWidget),
                   *dialog.findChildren(QPushButton)]:
        if not widget.isVisible() or widget.parent() is viewport:
            continue
        if body.isAncestorOf(widget):
            where = QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())
            if not _inside(seen, where):
                name = widget.objectName() or type(widget).__name__
                out.append(f"{name} {getattr(widget, 'text', str)()!r} at {where} out of {seen}")
        else:
            where = QRect(widget.mapTo(dialog, QPoint(0, 0)), widget.size())
            if not _inside(whole, where):
                out.append(f"{widget.objectName()} out of the dialog")
        if isinstance(widget, QLabel) and widget.text() and not widget.wordWrap() \
                and _text_width(widget.font(), widget.text()) > widget.contentsRect().width():
            out.append(f"{widget.text()!r} wider than its label")
        if isinstance(widget, QLabel) and widget.pixmap() is not None and not widget.pixmap().isNull():
            picture = widget.pixmap()
            if picture.width() / picture.devicePixelRatio() > widget.width() + 1:
                out.append("a revealed hand wider than its place")
    for table in dialog.score_tables:
        columns = sum(table.columnWidth(c) for c in range(table.columnCount()))
        if columns > table.viewport().width():
            out.append(f"the score table's columns ({columns}) wider than the table")
        for c in range(table.columnCount()):
            # a cell's text keeps the item view's margin each side, a header's its padding
            margin = table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1
            cells = [window_parts.cell(table, r, c) for r in range(table.rowCount())]
            texts = [(cell.font(), cell.text(), margin) for cell in cells]
            header = window_parts.heading(table, c).text()
            texts.append((table.horizontalHeader().font(), header, HEADER_PADDING))
            for font, text, pad in texts:
                if _text_width(font, text) + 2 * pad > table.columnWidth(c):
                    out.append(f"{text!r} cut in column {c} ({table.columnWidth(c)} px)")
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("kind", ["win", "draw", "several"])
def test_the_result_is_readable_whole_at_the_smallest_and_a_large_window(qtbot, host, language, size, kind):
    made: dict[str, Callable[[], HandSummary]] = {"win": a_win, "draw": a_draw, "several": several_winners}
    summary = made[kind]()
    dialog = _shown(host, summary, size)
    qtbot.addWidget(dialog)
    assert dialog.width() <= size[0] and dialog.height() <= size[1]
    assert _problems(dialog) == []
    # the tiles are never shrunk past reading (about 30 px high), and larger where there is room
    pictures = [label.pixmap() for label in dialog.findChildren(QLabel, "revealedHand")]
    assert len(pictures) == 4
    heights = {round(p.height() / p.devicePixelRatio()) for p in pictures}
    assert len(heights) == 1  # one size for all four hands
    [height] = heights
    assert height >= height_of(MIN_TILE_W)
    if size == (1920, 1200):  # a large window: tiles larger than beside the words at 1024 px
        assert height >= height_of(TILE_W) + 4


def test_the_tiles_take_the_width_there_is() -> None:
    rows = [(18, 2), (15, 2)]  # a hand with a kong; a winning hand with its tile apart
    assert fitting_width(rows, 10_000) == TILE_W
    narrow = fitting_width(rows, 500)
    assert MIN_TILE_W <= narrow < TILE_W
    assert all(row_width(narrow, *row) <= 500 for row in rows)
    assert any(row_width(narrow + 1, *row) > 500 for row in rows)  # the largest that fits
    assert fitting_width(rows, 10) == MIN_TILE_W  # never smaller than readable


def test_the_tables_own_result_with_its_buttons_fits_the_smallest_window(qtbot, tmp_path, language) -> None:
    """The dialog as the table opens it after a 荒庄 under 托管 (复盘, 取消托管 and the countdown
    on its buttons), in the real window at 800×560: whole, once laid out."""
    w = _window(qtbot, tmp_path, language=language)
    w.resize(800, 560)
    table = w.table
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=5)  # 荒庄 under 托管 (tests/gui/test_log_steady.py)
    table.bar.autoplay.setChecked(True)
    qtbot.waitUntil(lambda: isinstance(table.end_dialog, EndOfHandDialog) and table.end_dialog.isVisible(),
                    timeout=60_000)
    dialog = table.end_dialog
    assert isinstance(dialog, EndOfHandDialog)
    take_over = dialog.findChild(QPushButton, "takeOverButton")
    assert take_over is not None
    take_over.click()  # 取消托管: the result stays open while it is read
    assert dialog.width() <= w.width() and dialog.height() <= w.height()
    qtbot.waitUntil(lambda: _problems(dialog) == [], timeout=10_000)
    assert dialog.isVisible() and dialog.findChild(QPushButton, "reviewButton") is not None
    w.confirm_quit = False
    table.stop_match()


def _centred_over(dialog: QWidget, window: QWidget) -> bool:
    here, there = dialog.geometry().center(), window.geometry().center()
    return abs(here.x() - there.x()) <= 2 and abs(here.y() - there.y()) <= 2


@pytest.mark.parametrize("kind", ["win", "several"])
def test_the_result_follows_its_window_when_it_is_resized(qtbot, host, language, kind):
    """A player who shrinks or enlarges the window behind an open result: the result fits the
    new window (whole, its tiles as large as there is room for) and stays over its middle."""
    made: dict[str, Callable[[], HandSummary]] = {"win": a_win, "several": several_winners}
    summary = made[kind]()
    dialog = _shown(host, summary, (1920, 1200))
    qtbot.addWidget(dialog)

    def tiles_high() -> int:
        [height] = {round(p.height() / p.devicePixelRatio())
                    for p in (label.pixmap() for label in dialog.findChildren(QLabel, "revealedHand"))}
        return height

    large = tiles_high()
    host.resize(800, 560)
    qtbot.waitUntil(lambda: dialog.width() <= 800 and dialog.height() <= 560 and _centred_over(dialog, host),
                    timeout=10_000)
    assert _problems(dialog) == []
    assert height_of(MIN_TILE_W) <= tiles_high() < large
    host.resize(1920, 1200)
    qtbot.waitUntil(lambda: tiles_high() == large and _centred_over(dialog, host), timeout=10_000)
    assert _problems(dialog) == []
    host.move(host.x() + 40, host.y() + 30)  # moved: the result goes along
    qtbot.waitUntil(lambda: _centred_over(dialog, host), timeout=10_000)


def a_self_draw() -> HandSummary:
    """A hand won by self-draw: three payments to show beside (or above) the buttons."""
    return next(s for s in summaries() if s.wins and s.wins[0].self_draw)


def test_more_buttons_and_a_note_keep_the_result_inside_the_smallest_window(qtbot, host, language):
    """What the table adds to a result — 复盘, 取消托管 and a countdown on the buttons (the longest
    in English), the tutorial's note between the heading and the hands — never takes the dialog
    past an 800×560 window: the payments go above the buttons when the row is full, and the hands
    and the score scroll by as much more as the note takes (QA: 816 px wide; 668 px tall)."""
    dialog = _shown(host, a_self_draw(), (800, 560))
    qtbot.addWidget(dialog)
    assert dialog.payments is not None
    for text in ("Review the hand", "Take over from auto-play", "Continue in 4 s"):
        dialog.add_button(QPushButton(text))
    note = QLabel("a tutorial's note")
    note.setFixedHeight(150)
    layout = dialog.layout()
    assert isinstance(layout, QVBoxLayout)
    layout.insertWidget(1, note)
    note.show()  # as the tutorial shows its note
    dialog.fit_to_window()
    dialog.centre_over_window()
    qtbot.waitUntil(lambda: dialog.height() <= 560 - 40 and host.geometry().contains(dialog.geometry()),
                    timeout=10_000)
    assert dialog.width() <= 800 and dialog.height() <= 560 - 40
    assert host.geometry().contains(dialog.geometry())
    assert _problems(dialog) == []
    assert dialog.scroll_area.verticalScrollBar().maximum() > 0  # the hands and the score scroll
    buttons = [b for b in dialog.findChildren(QPushButton) if b.isVisible()]
    assert all(QRect(QPoint(0, 0), dialog.size()).contains(QRect(b.mapTo(dialog, QPoint(0, 0)), b.size()))
               for b in buttons)
    # the payments stay whole, on a line of their own once the buttons fill the row
    payments = dialog.payments
    assert payments is not None and payments.isVisible()
    assert payments.width() >= min(payments.sizeHint().width(), 500)


def test_a_short_window_takes_smaller_tiles_before_the_score_scrolls(qtbot, host, language):
    """The tutorial's result at 1366×768: its note above the hands left the score table's last
    rows behind a scroll bar (QA). Where smaller tiles let the whole body show, the hands take
    them (never under SHORT_TILE_W); where even those would not do, the body scrolls; and in a
    taller window the tiles grow back."""
    dialog = _shown(host, a_self_draw(), (1366, 768))
    qtbot.addWidget(dialog)

    def tiles_high() -> int:
        [height] = {round(p.height() / p.devicePixelRatio())
                    for p in (label.pixmap() for label in dialog.findChildren(QLabel, "revealedHand"))}
        return height

    bar = dialog.scroll_area.verticalScrollBar()
    assert bar.maximum() == 0
    large = tiles_high()
    body = dialog.scroll_area.widget()
    assert body is not None
    spare = dialog.scroll_area.viewport().height() - body.sizeHint().height()  # (0 when it fits exactly)
    note = QLabel("a tutorial's note")
    layout = dialog.layout()
    assert isinstance(layout, QVBoxLayout)
    layout.insertWidget(1, note)
    note.show()
    shrink = 4 * (tile_height(MAX_TILE_W) - tile_height(TILE_W))  # four hands at TILE_W instead
    assert large == tile_height(MAX_TILE_W) + 4 and shrink > 30
    room = max(0, 768 - 40 - dialog.height()) + spare  # what the window still has
    note.setFixedHeight(room + shrink - 10)  # too tall for the large tiles, not for TILE_W's
    dialog.fit_to_window()
    qtbot.waitUntil(lambda: tiles_high() < large, timeout=10_000)
    assert bar.maximum() == 0 and tiles_high() >= tile_height(TILE_W) + 4  # all of it shows
    assert dialog.height() <= 768 - 40 and _problems(dialog) == []
    note.setFixedHeight(room + 4 * shrink)  # more than any tiles can give back: it scrolls
    dialog.fit_to_window()
    qtbot.waitUntil(lambda: tiles_high() == tile_height(SHORT_TILE_W) + 4, timeout=10_000)
    assert bar.maximum() > 0 and dialog.height() <= 768 - 40
    host.resize(1920, 1200)  # a taller window: the tiles as large as before
    qtbot.waitUntil(lambda: tiles_high() == large, timeout=10_000)
    assert _problems(dialog) == []


@pytest.mark.parametrize(("self_draw", "winner", "discarder", "heading"), [
    (False, 1, 2, "{who}: {v} points"),  # no dealer in the payment: no 庄分
    (False, 1, 0, "{who}: {v} points, {p} with the dealer bonus"),  # the dealer deals in
    (True, 0, None, "{who}: {v} points, {p} with the dealer bonus"),  # the dealer self-draws
    (True, 1, None, "{who}: {v} points, the dealer pays {p}"),  # only the dealer's payment carries it
])
def test_the_score_heading_says_what_is_paid_with_the_dealer_bonus(
        self_draw: bool, winner: int, discarder: int | None, heading: str) -> None:
    """QA: "Right: 11 points" stood over "Left pays Right 14", nothing adding them up."""
    base = a_win()
    win = replace(base.wins[0], seat=winner, self_draw=self_draw, discarder=discarder,
                  score=replace(base.wins[0].score, dealer_bonus=3))
    summary = replace(base, dealer=0, dealer_streak=3, wins=[win])
    set_language("en")
    try:
        value = win.score.value
        assert _score_heading(win, summary, "Right") == heading.format(who="Right", v=value, p=value + 3)
    finally:
        set_language("zh")
