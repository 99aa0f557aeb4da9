"""Every kong on the table framed (QA: another seat's four backs read as four more hand tiles),
each frame around its own four tiles only, at every event of hands with kongs at every seat."""

from __future__ import annotations

from engine.game.rules import Ruleset
from gui.table.kong_frames import tile_rect
from gui.tiles.art import TileArt
from tests.table_states import KONGS_EVERYWHERE, THREE_KONGS_AND_WIN, Deal, new_scene, play


def test_every_kong_is_framed_around_its_own_four_tiles(qtbot, art: TileArt) -> None:
    others_framed = 0
    for rigged in (KONGS_EVERYWHERE, THREE_KONGS_AND_WIN):
        scene = new_scene(art, Ruleset())
        for _event in play(scene, Deal("kongs", Ruleset(), rigged=rigged)):
            model = scene.model
            groups = [(seat, group) for seat, s in enumerate(model.seats) for group in s.kongs]
            rects = scene.kong_frames.rects()
            assert len(rects) == len(groups)
            shown = {t.item_id for t in scene.tiles if t.isVisible()}
            for rect, (seat, group) in zip(rects, groups, strict=True):
                inside = set()
                for item in shown:
                    place = scene.placement(item)
                    if place is not None and rect.intersects(tile_rect(place)):
                        inside.add(item)
                assert inside == set(group)  # its four, and none of the hand beside it
                if seat != model.human and not model.ended:
                    others_framed += 1
                    assert not any(p.face_up for p in map(scene.placement, group) if p is not None)
        scene.reset()
        assert scene.kong_frames.rects() == []  # a new hand: no frame left over
    assert others_framed  # another seat's face-down kong was on the table, framed
