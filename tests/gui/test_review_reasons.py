"""The 复盘 that says why, in the GUI: the candidate table at a move, moves by
巡 with 托管's marked and not counted, the filter, the match's loss curve, and 练习 answered
through the real window (pytest-qt, offscreen, animations at the default speed)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from engine.ai import make_ai
from engine.game.rules import Room, Ruleset
from engine.records.practice import loss_of_answer, pick_puzzles
from engine.records.replay import auto_moves, mark_auto, record
from engine.records.replay import replay as replay_hand
from engine.records.review import review_hand
from engine.table.match import Match
from engine.table.seat import HandRunner
from gui import i18n
from gui.i18n import TextKey, tr
from gui.main_window import MainWindow
from gui.practice_window import CLOSE, LIMIT, PracticeWindow
from gui.settings import Settings
from gui.table.candidate_table import CandidateTable, move_text, move_words, row_move_text
from gui.table.replay import ReplayWidget
from gui.tiles.art import TileArt
from storage.store import ProfileStore
from tests.gui.test_review import _reviewed
from tests.gui.window_parts import profile_of, profile_page
from tests.gui_driver import act, pump_until
from tests.profile_helpers import outcome_for

SEEDS = (7, 21)  # hands where the player's seat (an easy AI) gives points away


@pytest.fixture(autouse=True, params=["zh", "en"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("zh")


@cache
def _record(seed: int, room: Room = Room.BAOTING) -> dict[str, Any]:
    hand = Match(Ruleset(room=room), seed).next_hand()
    HandRunner(hand, [make_ai("easy", seed=seed)] + [make_ai("master", seed=i) for i in range(1, 4)]).run()
    return record(hand, ("小明", "", "", ""), "2026-01-01T10:00:00")


def saved(seed: int, auto_after: int | None = None) -> dict[str, Any]:
    """The hand, with 托管 marked from the player's move number `auto_after` on."""
    data = dict(_record(seed))
    if auto_after is not None:
        moves = sum(1 for who, _ in data["actions"] if who == 0)
        assert mark_auto(data, 0, [None] * auto_after + ["autoplay"] * (moves - auto_after))
    return data


def test_the_candidates_at_a_move_and_moves_by_turn(qtbot: QtBot, replay: ReplayWidget) -> None:
    review = _reviewed(qtbot, replay, saved(21))
    panel = replay.review_panel
    assert not panel.candidates.isVisible()  # at the deal: no move of the player's
    worst = review.mistakes()[0]
    replay.go_to_decision(worst.step)
    assert panel.candidates.isVisible()
    rows = panel.candidates.rows()
    assert len(rows) == len(worst.candidates)
    assert rows[0][0] == move_text(worst.best)  # 大师's choice first
    made_row = next(r for r in rows if r[0] == row_move_text(worst.made_candidate))
    made = worst.made_candidate
    assert made_row[1] == (tr("explain.ready") if made.shanten == 0 else str(made.shanten))
    assert made_row[2] == tr("explain.ukeire", kinds=len(made.kinds), tiles=made.ukeire)
    assert made_row[3] == f"{round(100 * (made.win_chance or 0))}%"
    texts = [panel.list.item(i).text() for i in range(panel.list.count())]
    assert any(t.startswith(tr("explain.turn", n=worst.turn)) for t in texts)
    # a later move: the table follows
    other = next(d for d in review.decisions if d.step != worst.step)
    replay.go_to_decision(other.step)
    assert panel.candidates.rows()[0][0] == move_text(other.best)


def test_autoplay_moves_are_marked_in_the_list_and_not_counted(qtbot: QtBot, replay: ReplayWidget) -> None:
    review = _reviewed(qtbot, replay, saved(21, auto_after=3))
    panel = replay.review_panel
    auto = [d for d in review.decisions if d.auto == "autoplay"]
    assert auto and review.agreement is not None
    assert tr("explain.auto_left_out", n=len(auto)) in panel.figures.text()
    assert tr("review.agreement", pct=round(review.agreement * 100)) in panel.figures.text()
    marked = [panel.list.item(i).text() for i in range(panel.list.count())
              if tr("explain.by_autoplay") in panel.list.item(i).text()]
    assert len(marked) == len(auto)  # in the full list, not among the mistakes
    assert all(d.auto is None for d in review.mistakes())


def test_a_hand_autoplay_played_whole_says_so_and_judges_none_of_it(qtbot: QtBot,
                                                                     replay: ReplayWidget) -> None:
    """QA: a 托管 hand's review said "no mistake" and "you had no choice to make" while its list
    showed a move unlike 大师's. It now says that 托管 made every move, and no verdict on the player."""
    review = _reviewed(qtbot, replay, saved(21, auto_after=0))
    panel = replay.review_panel
    assert review.decisions and not review.own and review.agreement is None
    assert panel.figures.text() == tr("review.all_auto")
    texts = [panel.list.item(i).text() for i in range(panel.list.count())]
    assert tr("review.no_mistakes") not in texts and tr("review.mistakes") not in texts
    assert all(tr("explain.by_autoplay") in t for t in texts[1:])  # under the one heading: every move
    # a move as good as 大师's (a tie) reads as his, not as "Master: another tile"
    for decision, text in zip(review.losing(0.0), texts[1:], strict=True):
        assert (tr("review.agrees", made=move_words(decision.made)) in text) == decision.agrees


def test_the_filter_keeps_losses_above_n(qtbot: QtBot, replay: ReplayWidget) -> None:
    review = _reviewed(qtbot, replay, saved(21))
    panel = replay.review_panel
    every = [s for s in panel.entries() if s is not None]
    assert len(every) == len(review.mistakes()) + len(review.decisions)
    above = 2
    panel.filter.setValue(above)
    kept = [s for s in panel.entries() if s is not None]
    steps = {d.step: d for d in review.decisions}
    assert kept and all(steps[s].loss > above for s in kept)
    assert len(kept) < len(every)
    panel.filter.setValue(0)
    assert [s for s in panel.entries() if s is not None] == every


def test_the_loss_curve_of_the_match(qtbot: QtBot, replay: ReplayWidget) -> None:
    review = _reviewed(qtbot, replay, saved(21))
    panel = replay.review_panel
    assert not panel.curve.isVisible()  # one hand alone: no curve
    replay.set_match_losses([4.0, None, 0.0], 2)
    assert panel.curve.isVisible()
    assert panel.curve.losses == [4.0, None, pytest.approx(review.total_loss)]  # this hand's own
    assert panel.curve.point(1) is None and panel.curve.point(0) is not None
    replay.load(saved(7), 0)  # another hand: its match's curve is given again
    assert not panel.curve.isVisible()


@pytest.fixture
def replay(qtbot: QtBot) -> Iterator[ReplayWidget]:
    """A replay with its panel in a small window: the panel at its narrow width."""
    widget = ReplayWidget(TileArt("classic"))
    qtbot.addWidget(widget)
    widget.show_end_dialog = False
    widget.resize(1024, 700)
    widget.show()
    try:
        yield widget
    finally:
        widget.shut_down()


def _window(qtbot: QtBot, data_dir: Path, settings: Settings | None = None) -> MainWindow:
    store = ProfileStore(data_dir)
    store.load()
    w = MainWindow(settings or Settings(), confirm_quit=False, store=store)  # the default animation speed
    qtbot.addWidget(w)
    w.resize(1280, 860)
    w.show()
    return w


def test_practice_answers_a_puzzle_through_the_real_window(qtbot: QtBot, tmp_path: Path,
                                                           language: str) -> None:
    w = _window(qtbot, tmp_path)
    name = profile_of(w).name
    hands = [saved(seed) for seed in SEEDS]
    for data in hands:
        w.store.record_hand(name, outcome_for(replay_hand(data), 0), data, "m1", [name, "", "", ""], 0)
    w.show_profile()
    page = profile_page(w)
    assert page.practice_button.text() == tr("practice.button")
    qtbot.mouseClick(page.practice_button, Qt.MouseButton.LeftButton)
    window = w.practice_window
    assert isinstance(window, PracticeWindow) and window.isVisible()
    qtbot.waitUntil(lambda: window.puzzle is not None, timeout=60000)
    newest_first = list(reversed(hands))
    expected = pick_puzzles([(d, review_hand(d, 0)) for d in newest_first], LIMIT)
    puzzle = window.puzzle
    assert puzzle is not None and len(window.puzzles) == len(expected)
    first = expected[0].decision
    assert (puzzle.decision.step, puzzle.decision.loss) == (first.step, first.loss)
    assert window.prompt.text() == tr("practice.prompt", turn=puzzle.decision.turn)
    # the seat's view: its own hand face up as it was, the others' hidden
    model = window.scene.model
    shown = sorted(model.kinds[i] for i in model.seats[0].hand if model.kinds.get(i) is not None)
    assert shown == sorted(puzzle.decision.view.concealed)
    assert all(model.kinds.get(i) is None for s in (1, 2, 3) for i in model.seats[s].hand)
    assert not window.candidates.isVisible() and window.mark.item is None  # no answer shown yet
    # answer as the player did then: 大师's answer and its reasons come
    made = puzzle.decision.made.tile
    button = next(b for b in window.tile_buttons if b.property("kind") == made)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.chosen is not None and window.chosen.action.tile == made
    assert window.candidates.isVisible()
    assert window.candidates.rows()[0][0] == move_text(puzzle.decision.best)
    loss = loss_of_answer(puzzle, window.chosen)
    key: TextKey = "practice.close_enough" if loss <= CLOSE else "practice.wrong"
    assert window.verdict.text() == tr(key, best=move_words(puzzle.decision.best), loss=f"{loss:.1f}")
    assert window.then.text() == tr("practice.then", made=move_words(puzzle.decision.made),
                                    loss=f"{puzzle.decision.loss:.1f}")
    assert window.mark.item is not None  # 大师's tile framed on the table
    assert not any(b.isEnabled() for b in window.tile_buttons)  # one answer per puzzle
    qtbot.mouseClick(window.next_button, Qt.MouseButton.LeftButton)
    assert window.index == 1 and window.chosen is None and window.mark.item is None
    # the second, answered as 大师 would: right
    best = window.puzzle.decision.best.tile
    button = next(b for b in window.tile_buttons if b.property("kind") == best)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.verdict.text() == tr("practice.right", best=move_words(window.puzzle.decision.best))
    assert window.right == 1 + (loss <= CLOSE)
    window.close()
    w.close()


def test_practice_with_no_hands_says_so(qtbot: QtBot) -> None:
    from gui.review_worker import ReviewWorker

    reviews = ReviewWorker()
    window = PracticeWindow(TileArt("classic"), reviews, [])
    qtbot.addWidget(window)
    window.show()
    assert window.puzzle is None and window.prompt.text() == tr("practice.empty")
    window.close()
    reviews.stop()


def test_the_table_marks_the_moves_autoplay_made_for_the_player(qtbot: QtBot, tmp_path: Path,
                                                                language: str) -> None:
    """A real match: the player makes the first move, then switches 托管 on; the hand kept in
    the history marks every later move of the player's seat as 托管's, and its review counts
    only the first."""
    if language == "en":
        pytest.skip("the record does not depend on the language")
    w = _window(qtbot, tmp_path, Settings(animation_speed=0.0))
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=21)
    table = w.table
    qtbot.waitUntil(lambda: table.pending is not None, timeout=30000)
    act(qtbot, table, 1)
    qtbot.waitUntil(lambda: table.pending is None, timeout=10000)
    qtbot.mouseClick(table.bar.autoplay, Qt.MouseButton.LeftButton)
    assert table.bar.autoplay.isChecked()
    pump_until(qtbot, table, lambda: table.end_dialog is not None and table.end_dialog.isVisible(),
               on_dialog=lambda _dialog: False)
    name = profile_of(w).name
    row = w.store.history(name)[0]
    data = w.store.hand_record(row.id)
    own = [step for step, (who, _) in enumerate(data["actions"]) if who == 0]
    assert len(own) > 1
    assert auto_moves(data) == dict.fromkeys(own[1:], "autoplay")
    review = review_hand(data, 0)
    assert len(review.own) <= 1 and all(d.auto == "autoplay" for d in review.decisions if d.step != own[0])
    table.bar.autoplay.setChecked(False)
    table.stop_match()
    w.close()


@pytest.mark.parametrize("size", [(800, 560), (1920, 1200)])
def test_the_candidate_table_fits_the_panel_and_reads(qtbot: QtBot, replay: ReplayWidget,
                                                      size: tuple[int, int]) -> None:
    """Every column in view without scrolling sideways, texts ≥ 11 px, larger in a large window."""
    replay.resize(*size)
    review = _reviewed(qtbot, replay, saved(21))
    worst = max(review.decisions, key=lambda d: max(c.danger for c in d.candidates))  # the danger shown
    replay.go_to_decision(worst.step)
    table = replay.review_panel.candidates
    qtbot.waitUntil(lambda: table.isVisible(), timeout=5000)
    assert not table.isColumnHidden(5)
    assert table.horizontalScrollBar().maximum() == 0
    assert table.font().pixelSize() >= 11
    assert table.visible_rows >= 3
    if size[1] >= 1200:
        assert table.font().pixelSize() > 12 and replay.review_panel.width() > 400


def test_a_slow_move_listed_below_the_choice_says_why_its_higher_ev_is_not_chosen(qtbot: QtBot) -> None:
    """Rows follow 大师's order; a move that gives up speed comes last whatever its 期望, so the
    row says 慢 and is greyed: a higher figure below the gold row is a choice, not a slip."""
    from engine.ai.explain import Weighed
    from engine.game.actions import Action
    from gui import theme

    chosen = Weighed(Action.discard(0), value=2.0, estimate=2.0, shanten=1, ukeire=12)
    plain = Weighed(Action.discard(9), value=1.5, estimate=1.5, shanten=1, ukeire=10)
    slow = Weighed(Action.discard(18), value=-100.0, estimate=3.1, shanten=2, ukeire=20, slow=True)
    table = CandidateTable()
    qtbot.addWidget(table)
    table.show_candidates([chosen, plain, slow], made=plain.action)
    rows = table.rows()
    assert [r[0] for r in rows] == [move_text(chosen.action), move_text(plain.action),
                                    tr("explain.slow_mark", move=move_text(slow.action))]
    assert rows[2][4] == "+3.1" and rows[0][4] == "+2.0"  # the figure as weighed, not hidden
    cells = [table.item(r, 0) for r in range(3)]
    assert all(cell is not None for cell in cells)
    colours = [cell.foreground().color().name() for cell in cells if cell is not None]
    assert colours == [theme.GOLD, theme.REVIEW_MISTAKE, theme.REVIEW_SET_ASIDE]
    tips = [cell.toolTip() for cell in cells if cell is not None]
    assert tr("explain.slow") in tips[2] and tr("explain.slow") not in tips[1]
