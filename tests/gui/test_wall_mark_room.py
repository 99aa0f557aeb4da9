"""The wall's marks keep clear of the wall: 杠尾 ("Kong replacement", the longest word) at every
stack of every side, the kong end at a corner too, leaves a visible gap to every wall tile in
the smallest window (it used to end exactly on the corner stack's edge, and read as lying on
the wall at 800 px in English)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from pytestqt.qtbot import QtBot

from engine.game import events as ev
from engine.game.hand import Hand
from engine.game.rules import Ruleset
from gui.i18n import tr
from gui.table.layout import SCENE_H, SCENE_W, WALL_W
from gui.table.scene import TableScene
from gui.table.wall_marks import MarkSpot
from gui.tiles.art import TileArt
from tests.table_states import new_scene

SMALLEST_VIEW = (760, 496)  # the view in the smallest window (800×560 less the menu and a two-line bar)
GAP_PX = 2.0  # free pixels on screen between a word and a wall tile, at the smallest view
STACKS = 11  # the longest side of the wall


def _whole_wall(art: TileArt) -> TableScene:
    """A table whose wall stands whole (the dice thrown, nothing dealt yet)."""
    scene = new_scene(art, Ruleset())
    for event in Hand(Ruleset(), dealer=0, seed=5).events:
        scene.show_event(event.for_seat(0))
        if isinstance(event, ev.DiceRolled):
            break
    return scene


def _wall_rects(scene: TableScene) -> list[QRectF]:
    wall = scene.model.in_wall
    rects = [t.mapRectToScene(t.face_rect()) for t in scene.tiles if t.isVisible() and t.item_id in wall]
    assert len(rects) == 84
    return rects


@pytest.mark.parametrize("side", range(4))
def test_the_kong_end_word_leaves_a_gap_to_the_wall_at_every_stack(
        qtbot: QtBot, art: TileArt, language: str, side: int) -> None:
    scene = _whole_wall(art)
    tiles = _wall_rects(scene)
    scale = min(SMALLEST_VIEW[0] / SCENE_W, SMALLEST_VIEW[1] / SCENE_H)
    room = GAP_PX / scale  # in scene units
    marks = scene.wall_marks
    for stack in range(STACKS):
        a = (STACKS - 1) / 2 * WALL_W - stack * WALL_W
        spots = [MarkSpot("front", tr("table.mark_front"), (side + 2) % 4, 0.0),
                 MarkSpot("back", tr("table.mark_back"), side, a)]
        marks.show(spots)
        back = marks.texts["back"]
        assert back.isVisible(), (side, stack)  # moved aside, never dropped
        for key in ("front", "back"):
            word = marks.texts[key].sceneBoundingRect().adjusted(-room, -room, room, room)
            hits = [t for t in tiles if word.intersects(t)]
            assert not hits, (key, marks.texts[key].text(), side, stack, word, hits[:2])


@pytest.mark.parametrize("side", range(4))
def test_two_marks_in_one_lane_both_show_clear_of_the_wall_and_of_each_other(
        qtbot: QtBot, art: TileArt, language: str, side: int) -> None:
    """The draw front and the kong end on the same side of the wall (late in a hand): the kong
    end's word has room beside the draw's, whole ("Kong draws"), and is never dropped — the kong
    replacement draw is one of the table's key moments."""
    scene = _whole_wall(art)
    tiles = _wall_rects(scene)
    scale = min(SMALLEST_VIEW[0] / SCENE_W, SMALLEST_VIEW[1] / SCENE_H)
    room = GAP_PX / scale
    marks = scene.wall_marks
    end = (STACKS - 1) / 2 * WALL_W
    far: list[float] = []  # how far the kong end's word lies from its pointer, along its lane
    for front_a in (end, -end, 0.0):
        for stack in range(STACKS):
            a = end - stack * WALL_W
            marks.show([MarkSpot("front", tr("table.mark_front"), side, front_a),
                        MarkSpot("back", tr("table.mark_back"), side, a)])
            front, back = marks.texts["front"], marks.texts["back"]
            assert front.isVisible() and back.isVisible(), (side, front_a, stack)
            assert back.text() == tr("table.mark_back")  # whole, in every lane
            tip = marks.pointers["back"].sceneBoundingRect().center()
            centre = back.sceneBoundingRect().center()
            far.append(max(abs(centre.x() - tip.x()), abs(centre.y() - tip.y())))
            assert not front.sceneBoundingRect().intersects(back.sceneBoundingRect())
            for word in (front, back):
                rect = word.sceneBoundingRect().adjusted(-room, -room, room, room)
                assert not [t for t in tiles if rect.intersects(t)], (word.text(), side, front_a, stack)
    # near its pointer: within four stacks along the wall (the old whole English word
    # moved up to 4.8 stacks away beside "Draw", where it read as another stack's)
    assert max(far) <= 4 * WALL_W, (side, max(far))
