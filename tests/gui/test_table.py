"""The game window: a hand and a match played through the real widgets, the scene's tile
items against the engine's state, the wall animations, screenshots, and a clean close."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from engine.ai import SimpleAI
from engine.game import events as ev
from engine.game.actions import Action
from engine.game.hand import Hand
from engine.game.rules import Ruleset
from engine.table.seat import HandRunner
from gui.main_window import MainWindow
from gui.settings import Settings
from gui.table.layout import HAND_WIDTHS, layout, wall_placement
from gui.table.scene import MoveRecord, TableScene
from gui.tiles.art import TileArt
from tests.gui.window_parts import local_table
from tests.gui_driver import pump_until
from tests.rigging import rigged_hand

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"


def _not_blank(path: Path) -> None:
    image = QImage(str(path))
    assert not image.isNull() and image.width() > 100
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 40, f"{path.name} looks blank ({len(colours)} colours)"


@pytest.mark.slow
def test_a_hand_then_a_one_round_match_through_the_real_window(qtbot: QtBot, window):
    SHOTS.mkdir(exist_ok=True)
    window.grab().save(str(SHOTS / "start_screen_window.png"))
    _not_blank(SHOTS / "start_screen_window.png")
    table = window.table
    window.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=2024)

    def mid_hand() -> bool:
        return len(table.scene.model.seats[0].discards) >= 3

    pump_until(qtbot, table, mid_hand)
    for size in ((1280, 860), (960, 640)):
        window.resize(*size)
        QApplication.processEvents()
        shot = SHOTS / f"table_{size[0]}x{size[1]}.png"
        window.grab().save(str(shot))
        _not_blank(shot)

    def end_of_hand_dialog() -> bool:
        d = table.end_dialog
        return d is not None and d.isVisible() and d.objectName() == "endOfHandDialog"

    turns = pump_until(qtbot, table, end_of_hand_dialog, on_dialog=lambda d: False)
    dialog = table.end_dialog
    assert dialog is not None
    dialog.grab().save(str(SHOTS / "end_of_hand.png"))
    _not_blank(SHOTS / "end_of_hand.png")
    summary = dialog.summary
    assert summary.ended is not None and sum(summary.ended.deltas) == 0
    assert turns >= 0

    def standings() -> bool:
        d = table.end_dialog
        return d is not None and d.isVisible() and d.objectName() == "standingsDialog"

    pump_until(qtbot, table, standings, timeout=180, on_dialog=lambda d: d.objectName() == "endOfHandDialog")
    standings_dialog = table.end_dialog
    standings_dialog.grab().save(str(SHOTS / "standings.png"))
    _not_blank(SHOTS / "standings.png")
    rows = standings_dialog.table.rowCount()
    assert rows == len(table.summaries) + 1 >= 5  # a round has at least four hands
    totals = table.summaries[-1].ended.scores
    assert sum(totals) == 0
    qtbot.mouseClick(standings_dialog.close_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.start_screen, timeout=30_000)


def _feed(scene: TableScene, hand: Hand, sent: int) -> int:
    for event in hand.events[sent:]:
        scene.show_event(event.for_seat(0))
        # every event, not only every decision: 84 tile items, all of them on the table
        assert scene.model.census() == 84
        if scene.model.wall is not None:
            assert scene.visible_tile_count() == 84
    return len(hand.events)


def _check_scene_matches_engine(scene: TableScene, hand: Hand) -> None:
    model = scene.model
    assert model.census() == 84
    assert scene.visible_tile_count() == 84
    assert model.in_wall == set(hand.wall.remaining_indices())
    for s in range(4):
        engine_seat, mine = hand.seats[s], model.seats[s]
        assert len(mine.hand) == len(engine_seat.concealed)
        assert len(mine.discards) == len(engine_seat.discards)
        assert len(mine.kongs) == len(engine_seat.kongs)
    assert model.human_kinds() == hand.seats[0].kinds()
    placements = layout(model)
    assert set(placements) == set(range(84))
    for item, place in placements.items():
        tile = scene.tiles[item]
        assert (tile.pos().x(), tile.pos().y()) == pytest.approx((place.x, place.y))
    # the wall stacks stand where the engine's own wall geometry puts them
    assert model.wall is not None
    for item in model.in_wall:
        engine_place = hand.wall.place(item)
        gui_place = model.wall.place(item)
        assert engine_place == gui_place


@pytest.mark.parametrize("seed", [3, 8])
def test_scene_holds_84_tiles_matching_the_engine_after_every_step(qtbot: QtBot, seed):
    scene = TableScene(TileArt(), names=("你", "下家", "对家", "上家"))
    scene.speed = 0
    hand = Hand(Ruleset(), dealer=seed % 4, seed=seed)
    runner = HandRunner(hand, [SimpleAI() for _ in range(4)])
    sent = _feed(scene, hand, 0)
    _check_scene_matches_engine(scene, hand)
    steps = 0
    while not hand.ended:
        runner.step()
        sent = _feed(scene, hand, sent)
        if not hand.ended:
            _check_scene_matches_engine(scene, hand)
        steps += 1
    assert steps > 5
    assert scene.model.ended
    # after the hand every tile is face up and known
    assert all(scene.tiles[i].kind is not None for i in range(84) if i not in scene.model.in_wall)


def test_kong_replacement_flies_from_the_back_and_dealing_starts_at_the_break(qtbot: QtBot):
    scene = TableScene(TileArt())
    scene.speed = 1.0
    hand = rigged_hand(
        Ruleset(),
        ["2222m345p34567s88s", "3334444m666p222s", "5556688m777p333s", "777m222p444s555s6s"],
        back="8p",
    )
    deal_moves: list[MoveRecord] = []
    for event in hand.events:
        scene.show_event(event.for_seat(0))
        if isinstance(event, ev.TilesDealt) and not deal_moves:
            deal_moves = list(scene.last_moves)
    # the first dealt tiles leave the first stack after the break (live index 0 and 1)
    assert [m.item for m in deal_moves] == [0, 1, 2, 3]
    first = hand.wall.place(0)
    counted = [hand.wall.place(i) for i in range(84) if i >= 82]
    assert (first.side, first.index) != (counted[0].side, counted[0].index)
    assert deal_moves[0].start == pytest.approx(_xy(scene, 0, hand))
    sent = len(hand.events)
    hand.apply(0, Action.kong(0))
    replacement = None
    for event in hand.events[sent:]:
        scene.show_event(event.for_seat(0))
        if isinstance(event, ev.TileDrawn) and event.from_back:
            replacement = [m for m in scene.last_moves if m.item == event.wall_index]
            assert event.wall_index == 82  # top of the last stack of the live wall
    assert replacement, "the replacement tile must be animated"
    assert replacement[0].start == pytest.approx(_xy(scene, 82, hand))
    # and it ends in the human's hand, at the bottom of the table
    assert replacement[0].end[1] > 800


def _xy(scene: TableScene, item: int, hand: Hand) -> tuple[float, float]:
    place = wall_placement(scene.model, item)
    return place.x, place.y


class SlowAI(SimpleAI):
    def decide(self, view, legal):
        time.sleep(0.15)
        return super().decide(view, legal)


def test_closing_mid_animation_exits_cleanly(qtbot: QtBot):
    w = MainWindow(Settings(animation_speed=1.0), confirm_quit=False)
    qtbot.addWidget(w)
    w.show()
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=5)
    qtbot.waitUntil(lambda: w.table.scene.animator.busy, timeout=30_000)
    thread = local_table(w.table).engine_thread
    w.close()
    assert not thread.isRunning()
    assert w.table.connection is None


def test_closing_mid_ai_turn_exits_cleanly(qtbot: QtBot):
    w = MainWindow(Settings(animation_speed=0.0), confirm_quit=False)
    qtbot.addWidget(w)
    w.show()
    w.table.bar.autoplay.setChecked(True)
    table = w.table
    table.start_match(Ruleset(rounds=1), 9, [SlowAI() for _ in range(3)], ["你", "下家", "对家", "上家"],
                      ["", "", "", ""])
    qtbot.waitUntil(lambda: len(table.scene.model.seats[1].discards) >= 1, timeout=20000)
    thread = local_table(table).engine_thread
    w.close()
    assert not thread.isRunning()  # stopped in the middle of an AI's turn, not left running


def test_human_cannot_make_an_illegal_choice(qtbot: QtBot, window):
    table = window.table
    window.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=77)
    qtbot.waitUntil(lambda: table.pending is not None, timeout=20000)
    request = table.pending
    absent = next(k for k in range(21) if k not in request.view.concealed)
    assert table.choose(Action.discard(absent)) is False
    assert table.pending is request
    hidden = next(i for i in range(84) if table.scene.model.seat_of_item(i) == 1)
    table.decisions.tile_clicked(hidden)  # another seat's tile: nothing happens
    assert table.pending is request


def test_tile_positions_scale_with_the_window(qtbot: QtBot, window):
    window.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=1)
    qtbot.waitUntil(lambda: window.table.pending is not None, timeout=20000)
    view = window.table.view
    window.resize(1600, 1000)
    QApplication.processEvents()
    big = view.transform().m11()
    window.resize(800, 560)
    QApplication.processEvents()
    small = view.transform().m11()
    assert big > small > 0
    assert view.mapToScene(view.viewport().rect().center()).x() == pytest.approx(800, abs=40)
    assert isinstance(view.mapFromScene(QPointF(0, 0)).x(), int)


def test_tile_size_setting_changes_the_players_tiles(qtbot: QtBot):
    scene = TableScene(TileArt())
    scene.speed = 0
    hand = Hand(Ruleset(), seed=5)
    _feed(scene, hand, 0)
    widths = {}
    for size in ("small", "medium", "large"):
        scene.set_tile_size(size)
        own = scene.model.seats[0].hand
        assert len(own) == 14
        widths[size] = {scene.tiles[i].tile_width for i in own}
        assert scene.visible_tile_count() == 84
        # the row stays inside the table, its bottom edges on one line whatever the size
        rects = [scene.tiles[i].sceneBoundingRect() for i in own]
        assert min(r.left() for r in rects) > 0 and max(r.right() for r in rects) < 1600
        assert max(r.bottom() for r in rects) - min(r.bottom() for r in rects) < 1
    # each size clearly larger than the one before (about a fifth), not a few pixels
    assert widths == {"small": {54}, "medium": {66}, "large": {78}}
    assert HAND_WIDTHS["large"] / HAND_WIDTHS["medium"] > 1.15 < HAND_WIDTHS["medium"] / HAND_WIDTHS["small"]


def test_the_rules_line_is_shown_whole_in_both_languages_and_both_rooms(qtbot: QtBot, language: str) -> None:
    """The top-right rules line: "Declared-ready room · 1 round(s) · Hefei (standard)" is too long
    for its place in English; it takes a second line rather than being cut (it used to end in
    "Hefei…" at every window size)."""
    from engine.game.rules import Room
    from gui.i18n import codes, tr
    from gui.table.scene import RULES_RIGHT, RULES_W

    scene = TableScene(TileArt())
    broken = False
    lines = [tr("tutorial.rules_line")]  # QA: "… declare-ready room" / "not counted" read as one phrase
    for room in Room:
        rules = Ruleset.hefei(room=room, rounds=1)
        lines.append(tr("table.rules_line", room=tr(codes.ROOM[rules.room.value]), n=rules.rounds,
                        preset=tr(codes.PRESET[rules.preset.value])))
    for line in lines:
        scene.rules_line = line
        scene.refresh_texts()
        shown = scene._rules.text()
        broken |= "\n" in shown
        assert "…" not in shown
        # every part, broken only between parts, the broken line ending with its "·"
        assert shown.replace("\n", " ") == line and all(row.endswith(" ·") for row in shown.split("\n")[:-1])
        box = scene._rules.sceneBoundingRect()
        assert box.width() <= RULES_W + 1 and abs(box.right() - RULES_RIGHT) < 1
    assert broken == (language == "en")  # the English lines are the ones too long for one line
