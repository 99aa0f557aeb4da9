"""The profile page, its charts and the level-change banner (pytest-qt, offscreen)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import random
from pathlib import Path
from typing import cast

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from engine.game.ranks import RANKS, progress, rank_for
from engine.game.rules import Ruleset
from engine.game.scoring import WinContext, score_win
from engine.game.tiles import parse_tiles
from gui import i18n
from gui.profile.charts import BarChart, LineChart, format_number, nice_ticks
from gui.profile.view import LevelChangeBanner, ProfileView
from storage.model import BestHand, HandOutcome, Profile

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"


def distinct_colours(image: QImage) -> int:
    """How many different colours a grid of samples finds: a blank picture has one or two."""
    return len({
        image.pixel(x, y)
        for x in range(0, image.width(), max(1, image.width() // 60))
        for y in range(0, image.height(), max(1, image.height() // 60))
    })


def save(widget: QWidget, name: str) -> QImage:
    SHOTS.mkdir(exist_ok=True)
    image = widget.grab().toImage()
    assert image.save(str(SHOTS / name))
    return image


def best_hand() -> BestHand:
    ctx = WinContext(hand=tuple(parse_tiles("234345567888m5p")), kongs=(), win_tile=parse_tiles("5p")[0],
                     self_draw=True)
    score = score_win(ctx, Ruleset())
    data = score.to_json()
    items = data["items"]
    assert isinstance(items, list)
    return BestHand(value=score.value, items=list(items), tiles="234345567888m55p", kongs=[],
                    played_at="2025-03-14T21:37:05", room="open")


def seasoned_profile(hands: int = 340, seed: int = 9) -> Profile:
    """A player with a few hundred hands behind them: ups, downs and a slow climb."""
    rng = random.Random(seed)
    profile = Profile(name="雀圣小王", created="2024-11-02T19:20:00")
    match_net = 0
    room = "open"
    for n in range(1, hands + 1):
        roll = rng.random()
        if roll < 0.27:
            self_draw = rng.random() < 0.45
            delta = rng.randint(14, 40) * (3 if self_draw else 1)
            outcome = HandOutcome(room, delta, won=True, self_draw=self_draw)
        elif roll < 0.42:
            outcome = HandOutcome(room, -rng.randint(14, 45), deal_in=True)
        elif roll < 0.49:
            outcome = HandOutcome(room, 0, exhaustive=True)
        else:
            outcome = HandOutcome(room, -rng.randint(12, 38) if rng.random() < 0.6 else 0)
        profile.record_hand(outcome)
        match_net += outcome.delta
        if n % 16 == 0:
            profile.record_match(room, match_net)
            match_net = 0
            room = "baoting" if rng.random() < 0.4 else "open"
    profile.best_hand = best_hand()
    return profile


# -- charts ------------------------------------------------------------------------------------------

def test_nice_ticks_are_round_and_cover_the_range() -> None:
    assert nice_ticks(0, 2870, 4) == [0, 1000, 2000, 3000]
    ticks = nice_ticks(-137, 412, 4)
    assert ticks[0] <= -137 and ticks[-1] >= 412
    assert all(t % 100 == 0 for t in ticks)
    assert format_number(12800) == "12,800"
    assert format_number(-350) == "-350"
    assert format_number(838_860_800) == "839M"


def test_charts_draw_data_and_an_empty_state(qtbot: QtBot) -> None:
    line, bars = LineChart(), BarChart()
    for chart in (line, bars):
        qtbot.addWidget(chart)
        chart.resize(520, 260)
        chart.set_empty_text("nothing yet")
    assert line.is_empty() and bars.is_empty()
    empty = line.grab().toImage()
    line.set_data([0, 40, 25, 110, 160, 240, 215, 390])
    bars.set_data([120, -80, 0, 45, -200])
    assert not line.is_empty() and bars.labels() == ["1", "2", "3", "4", "5"]
    full = line.grab().toImage()
    assert full != empty
    assert distinct_colours(bars.grab().toImage()) > 10
    # a single point and a flat line do not divide by zero
    line.set_data([70])
    line.grab()
    bars.set_data([0, 0])
    bars.grab()
    # only the latest bars are kept, with their real numbers
    bars.set_data(list(range(-20, 25)))
    assert len(bars.values()) == bars.max_bars and bars.labels()[-1] == "45"


def test_chart_read_out_follows_the_mouse(qtbot: QtBot) -> None:
    line = LineChart()
    qtbot.addWidget(line)
    line.resize(500, 240)
    line.set_data(list(range(0, 500, 5)))
    line.grab()
    event = QMouseEvent(QMouseEvent.Type.MouseMove, QPointF(line.width() - 20, 100), QPointF(),
                        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(line, event)
    hovered = line.hovered_index()
    assert hovered is not None and hovered > 80


# -- the view ------------------------------------------------------------------------------------------

def test_profile_view_screenshot(qtbot: QtBot) -> None:
    profile = seasoned_profile()
    view = ProfileView()
    qtbot.addWidget(view)
    view.resize(1100, 800)
    view.set_profile(profile)
    view.show()
    qtbot.waitExposed(view)
    image = save(view, "profile_view.png")
    assert distinct_colours(image) > 200

    level = rank_for(profile.points)
    assert view.header.level == level
    assert view.record_table.cell(1, 1) == format_number(len(profile.points_history))  # hands, total
    assert view.record_table.cell(2, 1) == str(profile.totals().wins)
    assert view.line_chart.values() == profile.points_history
    assert view.bar_chart.values() == profile.match_results
    assert view.best_tiles.tiles()[0] == sorted(parse_tiles("234345567888m55p"))
    assert view.best_table.cell(0, 0) == "胡牌基本分" and view.best_table.cell(0, 2) == "+10"
    assert profile.best_hand is not None and view.best_table.cell(-1, 2) == str(profile.best_hand.value)
    start, end, _ = progress(profile.points)
    assert RANKS[level.number].dan_title in view.header.next_text()
    assert f"{end - profile.points:,}" in view.header.next_text() and start <= profile.points < end
    assert view.scroll_area.verticalScrollBar().maximum() == 0  # everything fits at 1100 x 800


def test_profile_view_with_recent_matches_and_top_level(qtbot: QtBot) -> None:
    profile = seasoned_profile(hands=96, seed=11)
    profile.points = RANKS[-1].next_at - 123_456_789  # 财神: the bar shows the end figure
    rows = [
        {"played_at": f"2025-03-{20 - i:02d}T20:{10 + i:02d}:00", "room": "open" if i % 3 else "baoting",
         "hands": 16, "net": net, "points": 3000 - 40 * i}
        for i, net in enumerate(reversed(profile.match_results))
    ]
    view = ProfileView()
    qtbot.addWidget(view)
    view.resize(1100, 800)
    view.set_profile(profile, rows)
    assert view.recent_card.isVisibleTo(view)
    assert view.header.next_text() == "已达最高级别"
    assert view.recent_table.header()[0] == "时间" and view.recent_table.cell(0, 1) in ("不报听", "报听")
    content = view.scroll_area.widget()
    assert content is not None
    view.resize(1100, content.sizeHint().height())
    save(view, "profile_view_top_level.png")


def test_empty_profile_renders(qtbot: QtBot) -> None:
    view = ProfileView()
    qtbot.addWidget(view)
    view.resize(1100, 800)
    view.set_profile(Profile(name="新玩家"))
    view.show()
    qtbot.waitExposed(view)
    assert view.line_chart.is_empty() and view.bar_chart.is_empty()
    assert view.best_empty.isVisibleTo(view) and not view.best_table.isVisibleTo(view)
    assert view.best_tiles.tiles() == ([], []) and view.best_tiles.placeholder == 14
    assert view.record_table.cell(7, 1) == "—"  # no win rate before the first hand
    assert view.header.level.number == 1
    image = save(view, "profile_view_empty.png")
    assert distinct_colours(image) > 50
    assert view.scroll_area.verticalScrollBar().maximum() == 0


def test_language_switch_retranslates(qtbot: QtBot) -> None:
    view = ProfileView()
    qtbot.addWidget(view)
    view.resize(1100, 800)
    view.set_profile(seasoned_profile())
    assert view.record_card.title.text() == "战绩"
    i18n.set_language("en")
    view.retranslate()
    assert view.record_card.title.text() == "Record"
    assert view.points_card.title.text() == "Points over time"
    assert view.record_table.header()[1:] == ["Total", "Open", "Declared"]  # a narrow column's words
    assert view.best_table.header()[2] == "Points"
    assert view.line_chart.empty_text().startswith("No points")
    save(view, "profile_view_en.png")
    i18n.set_language("zh")
    view.retranslate()
    assert view.results_card.title.text() == "每场成绩"


# -- the banner ----------------------------------------------------------------------------------------

def reveal(banner: LevelChangeBanner) -> float:
    """How far the banner has slid in (a Qt property: PySide6's stubs type it as the Property)."""
    return cast(float, banner.reveal)


def make_stage(qtbot: QtBot) -> tuple[QWidget, LevelChangeBanner]:
    stage = ProfileView()
    qtbot.addWidget(stage)
    stage.resize(900, 560)
    stage.set_profile(seasoned_profile())
    banner = LevelChangeBanner(stage)
    stage.show()
    qtbot.waitExposed(stage)
    return stage, banner


def test_banner_instant(qtbot: QtBot) -> None:
    _stage, banner = make_stage(qtbot)
    with qtbot.waitSignal(banner.finished, timeout=30_000):
        banner.show_change(RANKS[0], RANKS[1], speed=0)
    assert banner.message() == "升级！临时工 · 街头一段"
    assert not banner.isVisible() and not banner.is_running()
    with qtbot.waitSignal(banner.finished, timeout=30_000):
        banner.show_change(5, 5, speed=1.0)  # no change: nothing to show
    assert not banner.isVisible()


def test_banner_animates_and_finishes(qtbot: QtBot) -> None:
    stage, banner = make_stage(qtbot)
    seen: list[float] = []
    banner.show_change(2, 3, speed=0.25)
    assert banner.isVisible() and banner.is_running()
    assert banner.geometry() == stage.rect()
    def revealed() -> bool:
        seen.append(reveal(banner))
        return reveal(banner) >= 0.999

    qtbot.waitUntil(revealed, timeout=30_000)
    assert min(seen) < 0.9  # it slid in, it did not just appear
    save(stage, "level_banner_up.png")
    with qtbot.waitSignal(banner.finished, timeout=30_000):
        pass
    assert not banner.isVisible() and banner.fade == pytest.approx(0.0)

    banner.show_change(RANKS[4], RANKS[3], speed=0.25)
    assert banner.message() == "降级！正式工 · 街头三段"
    qtbot.waitUntil(lambda: reveal(banner) >= 0.999, timeout=30_000)
    save(stage, "level_banner_down.png")
    with qtbot.waitSignal(banner.finished, timeout=30_000):
        pass


def test_banner_small_speed_and_replacement(qtbot: QtBot) -> None:
    stage, banner = make_stage(qtbot)
    finished: list[int] = []
    banner.finished.connect(lambda: finished.append(1))
    banner.show_change(1, 2, speed=0.5)
    banner.show_change(2, 3, speed=0.02)  # replaces the first one
    qtbot.waitUntil(lambda: bool(finished), timeout=30_000)
    qtbot.wait(50)
    assert finished == [1] and banner.message().endswith("合同工 · 街头二段")
    stage.resize(700, 500)
    assert banner.geometry().size() == stage.size()
    i18n.set_language("en")
    banner.show_change(3, 4, speed=0)
    assert banner.message() == "Level up! 正式工 (Staff worker) · 街头三段 (Street 3rd dan)"
    assert banner.detail() == "Level 3 → 4"
    assert banner.mapTo(stage, QPoint(0, 0)) == QPoint(0, 0)


def test_every_levels_titles_fit_beside_the_points_at_the_narrowest_page(qtbot: QtBot, language: str) -> None:
    """The header at its narrowest (the profile page in a 990 px window): 级别 · 段位 shrink
    until they fit between the medallion and 积分; English titles are long (待业 (Jobless) • …)."""
    from PySide6.QtGui import QFontMetricsF

    from gui.profile.header import ProfileHeader
    from gui.theme import title_font

    header = ProfileHeader()
    qtbot.addWidget(header)
    header.resize(548, 150)  # the profile view at its minimum (600) less its margins and scroll bar
    room = header.titles_room()
    for number, level in enumerate(RANKS, start=1):
        header.set_profile("玩家", 0 if number == 1 else RANKS[number - 2].next_at)
        assert header.level is level
        size, two_lines, rank_text, dan_text = header.titles_layout(room)
        fm = QFontMetricsF(title_font(size))
        rank, dan = fm.horizontalAdvance(rank_text), fm.horizontalAdvance(dan_text)
        width = max(rank, dan) if two_lines else rank + dan + size * 1.1
        assert width <= room, (language, level.number, size)
        assert size >= 11 and (two_lines or size >= 16), (language, level.number, size)  # legible
        # the 级别 and the 段位's own words always show (an English gloss may be cut at its end)
        assert rank_text.startswith(level.rank_title) and dan_text.startswith(level.dan_title)
