"""复盘 in the GUI: the replay's review panel, the 复盘 button on a hand's result, the background
review thread, the agreement kept for the profile and its chart (pytest-qt, offscreen)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import engine.records.review
from engine.ai import make_ai
from engine.game import events as ev
from engine.game.rules import Ruleset
from engine.records.replay import record
from engine.records.review import HandReview, review_hand
from engine.table.match import Match
from engine.table.seat import HandRunner
from gui import i18n
from gui.i18n import codes, tr
from gui.main_window import MainWindow
from gui.profile.agreement_chart import WINDOW, AgreementChart
from gui.profile.view import ProfileView
from gui.review_worker import ReviewWorker
from gui.settings import Settings
from gui.table.hand_end import AUTOPLAY_TICK_MS, autoplay_countdown
from gui.table.replay import ReplayWidget
from gui.table.review_panel import move_words
from gui.table.review_window import ReviewWindow
from gui.tiles.art import TileArt
from storage.model import Profile
from storage.store import ProfileStore
from tests.gui.window_parts import cell, hand_result, profile_of, profile_page, replay_of
from tests.gui_driver import pump_until
from tests.profile_helpers import outcome_for

SEED = 7  # a hand where the player's seat (an easy AI) makes several moves 大师 would not


@cache
def _hand() -> Any:
    match = Match(Ruleset(), SEED)
    hand = match.next_hand()
    seats = [make_ai("easy", seed=SEED)] + [make_ai("normal", seed=i) for i in range(1, 4)]
    HandRunner(hand, seats).run()
    return hand


def saved_hand() -> dict[str, Any]:
    return record(_hand(), ("小明", "", "", ""), "2026-01-01T10:00:00")


@pytest.fixture
def replay(qtbot: QtBot) -> Iterator[ReplayWidget]:
    widget = ReplayWidget(TileArt("classic"))
    widget.show_end_dialog = False
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    yield widget
    widget.shut_down()


def _reviewed(qtbot: QtBot, widget: ReplayWidget, data: dict[str, Any], seat: int = 0) -> HandReview:
    widget.load(data, seat)
    qtbot.waitUntil(lambda: widget.review is not None, timeout=30000)
    assert widget.review is not None
    return widget.review


def _click_entry(qtbot: QtBot, widget: ReplayWidget, row: int) -> None:
    view = widget.review_panel.list
    item = view.item(row)
    view.scrollToItem(item)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualItemRect(item).center())


def test_the_panel_lists_moves_biggest_mistakes_first_and_goes_to_one(qtbot: QtBot,
                                                                      replay: ReplayWidget) -> None:
    data = saved_hand()
    review = _reviewed(qtbot, replay, data)
    mistakes = review.mistakes()
    assert mistakes and len(review.decisions) > len(mistakes)
    assert [d.loss for d in mistakes] == sorted((d.loss for d in mistakes), reverse=True)
    panel = replay.review_panel
    # a heading, the biggest mistakes, a heading, then every move in order
    assert panel.entries() == [None, *(d.step for d in mistakes), None, *(d.step for d in review.decisions)]
    texts = [panel.list.item(row).text() for row in range(panel.list.count())]
    worst = mistakes[0]
    assert move_words(worst.made) in texts[1] and "大师：" + move_words(worst.best) in texts[1]
    assert f"−{worst.loss:.1f} 分" in texts[1]
    assert texts[0] == "最大失误" and texts[len(mistakes) + 1] == "每一步（按顺序）"
    assert review.agreement is not None
    assert panel.figures.text().startswith(f"与大师一致 {round(review.agreement * 100)}%")
    assert f"共失 {review.total_loss:.1f} 分" in panel.figures.text()

    _click_entry(qtbot, replay, 1)
    position = replay.position
    assert position == replay.position_of(worst.step) > 0
    assert replay.slider.value() == position
    # the table stands just before the move: the next thing to happen is the player's discard
    following = replay.events[position:]
    move = next(e for e in following if isinstance(e, ev.TileDiscarded | ev.KongDeclared | ev.HandWon))
    assert isinstance(move, ev.TileDiscarded) and move.seat == 0 and move.tile == worst.made.tile
    assert replay.decision_here() == worst
    # the tile 大师 would play is framed in the player's hand
    assert replay.mark.item is not None and replay.mark.frame.isVisible()
    assert replay.mark.item in replay.scene.model.seats[0].hand
    assert replay.scene.model.kinds[replay.mark.item] == worst.best.tile
    assert panel.status.text() == "此处大师：" + move_words(worst.best)
    # the columns' words said under them, not only on hover (QA: "Sh." went unexplained)
    assert panel.candidates.isVisible() and panel.legend.isVisible()
    for name in ("shanten", "ukeire", "chance", "points"):
        assert tr(codes.EXPLAIN_COLUMN[name]) in panel.legend.text(), name
    # stepping on leaves the move: no frame, and a step back finds it again
    replay.step_forward()
    assert replay.decision_here() is None and not replay.mark.frame.isVisible()
    assert not panel.candidates.isVisible() and not panel.legend.isVisible()
    replay.step_back()
    assert replay.decision_here() == worst and replay.mark.frame.isVisible()
    # 复盘 put away: the panel and the frame go; back again, both return
    qtbot.mouseClick(replay.review_button, Qt.MouseButton.LeftButton)
    assert not replay.review_panel.isVisible() and not replay.mark.frame.isVisible()
    qtbot.mouseClick(replay.review_button, Qt.MouseButton.LeftButton)
    assert replay.review_panel.isVisible() and replay.mark.frame.isVisible()


def test_the_panel_in_english_and_after_a_language_switch(qtbot: QtBot, replay: ReplayWidget) -> None:
    i18n.set_language("en")
    review = _reviewed(qtbot, replay, saved_hand())
    panel = replay.review_panel
    worst = review.mistakes()[0]
    assert panel.title.text() == "Review" and "in line with the Master" in panel.figures.text()
    assert panel.list.item(0).text() == "Biggest mistakes"
    line = panel.list.item(1).text()
    assert line.startswith(f"Turn {worst.turn} · −{worst.loss:.1f} pts")  # numbered by 巡, not step
    assert worst.made.tile is not None
    assert f"discard {i18n.tile_label(worst.made.tile)} · Master: discard" in line
    i18n.set_language("zh")
    replay.retranslate()
    assert panel.title.text() == "复盘" and panel.list.item(0).text() == "最大失误"
    assert replay.review_button.text() == "复盘"


def test_another_seat_a_hand_without_a_choice_and_a_review_that_fails(qtbot: QtBot, replay: ReplayWidget,
                                                                      monkeypatch) -> None:
    review = _reviewed(qtbot, replay, saved_hand(), seat=2)  # a seat of the computer's: reviewed as well
    assert review.seat == 2 and replay.review_panel.entries()[0] is None
    replay.review_panel.show_review(HandReview(0, ()), {})
    assert replay.review_panel.figures.text() == "这一局你没有需要选择的时候"
    assert replay.review_panel.entries() == []

    def broken(data: Any, seat: int, should_stop: Callable[[], bool] | None = None) -> HandReview:
        raise ValueError("大师 is out")

    monkeypatch.setattr(engine.records.review, "review_hand", broken)
    replay.load(saved_hand(), 1)  # a seat not reviewed yet
    assert replay.review_panel.figures.text() == tr("review.running")
    qtbot.waitUntil(lambda: "失败" in replay.review_panel.figures.text(), timeout=30000)
    assert replay.review_panel.figures.text() == "复盘失败：ValueError: 大师 is out"
    assert replay.review is None and not replay.mark.frame.isVisible()


def test_reviews_run_off_the_gui_thread_and_the_gui_stays_free(qtbot: QtBot, monkeypatch) -> None:
    threads: list[threading.Thread] = []
    gui_went_on = threading.Event()  # set by the GUI thread's timer, while the review waits for it
    waited: list[bool] = []

    def slow_review(data: Any, seat: int, should_stop: Callable[[], bool] | None = None) -> HandReview:
        threads.append(threading.current_thread())
        waited.append(gui_went_on.wait(30))  # on the GUI thread this would block the timer: False
        return review_hand(data, seat, should_stop)

    monkeypatch.setattr(engine.records.review, "review_hand", slow_review)
    worker = ReviewWorker()
    got: list[tuple[str, HandReview]] = []
    worker.reviewed.connect(lambda key, review: got.append((key, review)))
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: gui_went_on.set() if len(ticks) >= 3 else ticks.append(1))
    timer.start(20)
    data = saved_hand()
    key = worker.request(data, 0)
    assert worker.request(data, 0, urgent=True) == key  # asked twice, reviewed once
    assert worker.busy and worker.pending(key)
    qtbot.waitUntil(lambda: bool(got), timeout=30000)
    timer.stop()
    assert threads and threads[0] is not threading.main_thread()
    assert len(threads) == 1 and got[0][0] == key and worker.result(key) is got[0][1]
    assert waited == [True]  # the GUI thread went on while 大师 worked
    assert worker.request(data, 0) == key and len(threads) == 1  # kept: not reviewed again
    assert worker.stop()
    thread = worker.review_thread
    assert thread is not None and not thread.isRunning()


def test_stopping_stops_the_review_under_way_and_delivers_no_half_of_it(qtbot: QtBot, monkeypatch) -> None:
    steps: list[float] = []

    def crawling_review(data: Any, seat: int, should_stop: Callable[[], bool] | None = None) -> HandReview:
        assert should_stop is not None

        def slowly() -> bool:  # 大师 at a crawl: a whole review would take minutes
            steps.append(time.monotonic())
            time.sleep(0.2)
            return should_stop()

        return review_hand(data, seat, slowly)

    monkeypatch.setattr(engine.records.review, "review_hand", crawling_review)
    worker = ReviewWorker()
    told: list[object] = []
    worker.reviewed.connect(lambda key, review: told.append(review))
    worker.failed.connect(lambda key, why: told.append(why))
    data = saved_hand()
    key = worker.request(data, 0)
    worker.request(data, 1)  # queued behind it: dropped
    qtbot.waitUntil(lambda: len(steps) >= 2, timeout=30000)
    before = len(steps)
    assert worker.stop()
    assert len(steps) <= before + 1  # the next step saw the stop (not the minutes of the whole review)
    thread = worker.review_thread
    assert thread is not None and thread.isFinished()
    assert len(steps) < len(data["actions"])
    QApplication.processEvents()
    assert told == [] and worker.result(key) is None and not worker.busy
    assert worker.request(data, 0) == key and not worker.pending(key)  # stopped for good
    assert worker.stop()  # once more (the application's quit after the window's close): nothing left


def _window(qtbot: QtBot, data_dir: Path, speed: float) -> MainWindow:
    store = ProfileStore(data_dir)
    store.load()
    w = MainWindow(Settings(animation_speed=speed), confirm_quit=False, store=store)
    qtbot.addWidget(w)
    w.resize(1280, 860)
    w.show()
    return w


def test_closing_the_window_mid_review_does_not_crash(qtbot: QtBot, tmp_path, monkeypatch) -> None:
    started = threading.Event()

    def slow_review(data: Any, seat: int, should_stop: Callable[[], bool] | None = None) -> HandReview:
        started.set()
        time.sleep(1.0)
        return review_hand(data, seat, should_stop)

    monkeypatch.setattr(engine.records.review, "review_hand", slow_review)
    w = _window(qtbot, tmp_path, speed=Settings().animation_speed)  # the default speed
    name = profile_of(w).name
    data = saved_hand()
    w.store.record_hand(name, outcome_for(_hand(), 0), data, "m1", [name, "", "", ""], 0)
    w.show_profile()
    w.show_replay(profile_page(w).rows[0].id)
    replay = replay_of(w)
    assert replay.review_panel.running and replay.review_panel.figures.text() == tr("review.running")
    replay.toggle_play()  # and the replay playing, at the default speed
    qtbot.waitUntil(started.is_set, timeout=30_000)
    w.close()
    thread = w.reviews.review_thread
    assert thread is not None and thread.isFinished()
    QApplication.processEvents()


def test_a_finished_hand_is_reviewed_for_the_profile_and_its_result_offers_it(qtbot: QtBot, tmp_path) -> None:
    w = _window(qtbot, tmp_path, speed=0.0)
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=21)
    table = w.table
    pump_until(qtbot, table, lambda: table.end_dialog is not None and table.end_dialog.isVisible(),
               on_dialog=lambda _dialog: False)
    name = profile_of(w).name
    qtbot.waitUntil(lambda: w.store.history(name)[0].agreement is not None, timeout=30000)
    agreement = w.store.history(name)[0].agreement
    assert w.store.agreement_history(name) == [agreement]

    dialog = hand_result(table)
    button = dialog.findChild(type(dialog.next_button), "reviewButton")
    assert button is not None and button.text() == "复盘"
    label = dialog.next_button.text()
    autoplay_countdown(dialog, table.bar.autoplay)  # as 托管 leaves the result
    assert dialog.next_button.text() != label  # "continue in 4 s"

    def counting() -> list[QTimer]:
        return [t for t in dialog.findChildren(QTimer) if t.isActive() and t.interval() == AUTOPLAY_TICK_MS]

    assert counting()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    # reading the review, it does not go on, and its button no longer counts (QA: frozen at 4 s)
    assert not counting() and dialog.next_button.text() == label
    window = dialog.review_window
    assert isinstance(window, ReviewWindow) and window.isVisible()
    replay = window.replay
    assert replay.review is not None  # the profile's review of the same hand: not made twice
    assert replay.review.agreement == pytest.approx(agreement, abs=1e-4)
    assert replay.review_panel.entries()[0] is None and replay.events
    window.close()
    assert dialog.isVisible()  # back at the result; 下一局 goes on
    table.stop_match()

    w.show_profile()
    page = profile_page(w)
    assert agreement is not None and cell(page.table, 0, 4).text() == f"{round(agreement * 100)}%"
    assert page.view.agreement_chart.figures == [agreement]
    w.close()


def test_hands_whose_review_was_dropped_are_reviewed_after_the_next_hand(qtbot: QtBot, tmp_path) -> None:
    """QA: a hand left the moment it ended (the game closed, its review dropped) stayed without
    its figure for good. After the next hand, the recent hands without a review are reviewed too."""
    w = _window(qtbot, tmp_path, speed=0.0)
    name = profile_of(w).name
    for n, seed in enumerate((3, 5)):  # two hands counted earlier, their reviews never made
        hand = Match(Ruleset(), seed).next_hand()
        seats = [make_ai("easy", seed=seed)] + [make_ai("normal", seed=i) for i in range(1, 4)]
        HandRunner(hand, seats).run()
        saved = record(hand, (name, "", "", ""), f"2026-01-0{n + 1}T10:00:00")
        w.store.record_hand(name, outcome_for(hand, 0), saved, f"old{n}", [name, "", "", ""], 0)
    assert len(w.store.unreviewed(name, 10)) == 2
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=21)
    table = w.table
    pump_until(qtbot, table, lambda: table.end_dialog is not None and table.end_dialog.isVisible(),
               on_dialog=lambda _dialog: False)
    qtbot.waitUntil(lambda: not w.store.unreviewed(name, 10), timeout=60_000)
    assert all(row.agreement is not None for row in w.store.history(name))
    table.stop_match()
    w.close()


def test_the_agreement_chart_with_and_without_figures(qtbot: QtBot) -> None:
    view = ProfileView()
    qtbot.addWidget(view)
    view.resize(1000, 900)
    view.show()
    view.set_profile(Profile(name="p"))
    chart = view.agreement_chart
    assert chart.is_empty() and chart.empty_text() == tr("chart.empty_agreement")
    assert not view.agreement_card.note.text()
    empty = chart.grab().toImage()
    figures = [0.5] * WINDOW + [1.0] * WINDOW
    view.set_profile(Profile(name="p", points_history=[10, 20]), agreements=figures)
    assert chart.values()[0] == 50 and chart.values()[-1] == 100 and chart.values()[WINDOW + 9] == 75
    assert view.agreement_card.note.text() == f"近 {WINDOW} 局均值"
    assert view.agreement_card.note.toolTip() == f"已复盘 {2 * WINDOW} 局"
    drawn = chart.grab().toImage()
    assert drawn != empty
    assert chart.format_value(83.4) == "83%"
    ticks, low, high = chart.value_range()
    assert high == 100 and low <= 50 and ticks[-1] == 100
    i18n.set_language("en")
    view.retranslate()
    assert view.agreement_card.title.text() == "Master agreement"


def test_a_lone_chart_of_one_hand(qtbot: QtBot) -> None:
    chart = AgreementChart()
    qtbot.addWidget(chart)
    chart.resize(400, 220)
    chart.set_agreements([0.0])
    assert chart.values() == [0] and chart.value_range()[1] == 0
    chart.show()
    chart.grab()


@pytest.mark.parametrize("language", ["zh", "en"])
def test_three_charts_fit_beside_the_history_in_a_1280_window(qtbot: QtBot, language: str) -> None:
    i18n.set_language(language)
    view = ProfileView()
    qtbot.addWidget(view)
    view.resize(1280 - 390, 780)  # the page's view beside its history panel
    view.show()
    results = [(-1) ** n * (n * 37 % 500) for n in range(45)]  # more matches than the bars: a long note
    view.set_profile(Profile(name="p", points_history=list(range(0, 3000, 10)), match_results=results),
                     agreements=[0.7] * 50)
    QApplication.processEvents()
    content = view.scroll_area.widget()
    assert content is not None
    assert content.minimumSizeHint().width() <= view.scroll_area.viewport().width()
    for card in (view.points_card, view.agreement_card, view.results_card):
        assert card.geometry().right() <= content.width()


def test_the_review_of_a_result_opens_at_the_biggest_mistake(qtbot: QtBot) -> None:
    data = saved_hand()
    worker = ReviewWorker()
    try:
        window = ReviewWindow(TileArt("classic"), data, 0, worker, speed=1.0)  # the default speed
        qtbot.addWidget(window)
        window.show()
        replay = window.replay
        qtbot.waitUntil(lambda: replay.review is not None, timeout=30000)
        worst = review_hand(data, 0).mistakes(1)[0]
        qtbot.waitUntil(lambda: replay.position == replay.position_of(worst.step), timeout=30_000)
        assert replay.position > 0  # the dealt table, not the felt before the deal
        here = replay.decision_here()
        assert here is not None and here.step == worst.step
        assert replay.mark.frame.isVisible()  # 大师's tile is framed there
        assert replay.mark.item is not None
        assert replay.scene.model.kinds[replay.mark.item] == worst.best.tile
        replay.step_forward()  # the player moves on: the review coming again does not pull it back
        moved = replay.position
        window._open_at_first_mistake()
        assert replay.position == moved
        window.close()
    finally:
        worker.stop()


def test_the_review_is_stepped_with_the_keyboard_as_the_table_is_played(qtbot: QtBot) -> None:
    """QA: → did nothing in the review (the focus sat in the filter's spin box). The replay
    keeps the focus: ←/→ step, Home/End go to the hand's start and end, Space plays and pauses;
    the filter takes the keys only once clicked."""
    data = saved_hand()
    worker = ReviewWorker()
    try:
        window = ReviewWindow(TileArt("classic"), data, 0, worker, speed=1.0)
        qtbot.addWidget(window)
        window.show()
        replay = window.replay
        qtbot.waitUntil(lambda: replay.review is not None, timeout=30_000)
        qtbot.waitUntil(lambda: replay.position > 0, timeout=30_000)  # (at the biggest mistake)
        focused = window.focusWidget()
        assert focused is replay, focused
        at = replay.position
        qtbot.keyClick(focused, Qt.Key.Key_Right)
        assert replay.position == at + 1
        qtbot.keyClick(focused, Qt.Key.Key_Left)
        qtbot.keyClick(focused, Qt.Key.Key_Left)
        assert replay.position == at - 1
        qtbot.keyClick(focused, Qt.Key.Key_End)
        assert replay.position == len(replay.events)
        qtbot.keyClick(focused, Qt.Key.Key_Home)
        assert replay.position == 0
        qtbot.keyClick(focused, Qt.Key.Key_Space)
        assert replay.playing
        qtbot.keyClick(focused, Qt.Key.Key_Space)
        assert not replay.playing
        buttons = [replay.back_button, replay.prev_button, replay.play_button, replay.next_button]
        assert all(b.focusPolicy() == Qt.FocusPolicy.NoFocus for b in buttons)  # Space never "clicks" Back
        assert replay.review_panel.filter.focusPolicy() == Qt.FocusPolicy.ClickFocus
        window.close()
    finally:
        worker.stop()
