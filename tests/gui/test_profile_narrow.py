"""The profile page in the smallest window (800 px wide, the history beside it): the cards one
under the other, 积分 under the titles, and every level's 级别 and 段位 shown whole and legible
(beside 积分 a header this narrow left the titles no room; the page used to need 990 px)."""

from __future__ import annotations

from PySide6.QtGui import QFontMetricsF
from pytestqt.qtbot import QtBot

from engine.game.ranks import RANKS
from gui.i18n.titles import title_words
from gui.main_window import MainWindow
from gui.profile.header import NARROW_H, POINTS_TOP, ProfileHeader
from gui.theme import SMALLEST_WINDOW, title_font


def test_the_profile_page_fits_the_smallest_window_with_its_header_whole(
        window: MainWindow, qtbot: QtBot, language: str) -> None:
    window.retranslate()
    window.show_profile()
    window.resize(SMALLEST_WINDOW)
    qtbot.waitUntil(lambda: window.size() == SMALLEST_WINDOW, timeout=10_000)
    page = window.pages.profile_page
    assert page is not None
    view = page.view
    qtbot.waitUntil(lambda: view.header.narrow() and view.header.height() == NARROW_H, timeout=10_000)
    viewport = view.scroll_area.viewport()
    content = view.scroll_area.widget()
    assert content is not None
    assert content.width() <= viewport.width()  # nothing of the cards is cut at the right
    for card in (view.header, view.record_card, view.best_card, view.points_card, view.results_card):
        right = card.mapTo(content, card.rect().topRight()).x()
        assert 0 < right < viewport.width(), type(card).__name__
    assert page.table.isVisible() and page.table.width() > 300


def test_every_levels_titles_show_whole_above_the_points_in_a_narrow_header(
        qtbot: QtBot, language: str) -> None:
    header = ProfileHeader()
    qtbot.addWidget(header)
    header.resize(372, 150)  # the view's narrowest in the smallest window, less margins and bar
    header.show()
    qtbot.waitUntil(lambda: header.minimumHeight() == NARROW_H, timeout=10_000)
    header.resize(372, NARROW_H)
    assert header.narrow()
    room = header.titles_room()
    for number, level in enumerate(RANKS, start=1):
        header.set_profile("玩家", 0 if number == 1 else RANKS[number - 2].next_at)
        size, two_lines, rank_text, dan_text = header.titles_layout(room)
        # whole: neither is cut at its end, in either language
        assert (rank_text, dan_text) == (title_words(level.rank_title), title_words(level.dan_title))
        fm = QFontMetricsF(title_font(size))
        width = (max(fm.horizontalAdvance(rank_text), fm.horizontalAdvance(dan_text)) if two_lines
                 else fm.horizontalAdvance(rank_text) + fm.horizontalAdvance(dan_text) + size * 1.1)
        assert width <= room and size >= 11, (language, level.number, size)  # legible
        lowest = 78.0 + size * 1.25 + fm.descent() if two_lines else 96.0 + fm.descent()
        assert lowest < POINTS_TOP  # the titles end above 积分
