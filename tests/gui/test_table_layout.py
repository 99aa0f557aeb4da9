"""The layout check: whatever the table shows, in either language and at every window size, no
text lies on another text or on a tile, every text is inside the view, no text is smaller
than 11 pixels on screen, and the tiles (the player's at each tile size) fit the table without
lying on each other.

The scene has one fixed logical size that the view scales (aspect ratio kept), so where items
lie on each other does not depend on the window: that is checked after every event of many
hands. What depends on the window (the part of the scene in view, the pixel size of a text) is
checked at every size, from the smallest window to 1920×1200, at the moments that stretch the
layout most: mid-hand, the 海捞 phase and the ended hand, with each tile size.
"""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsSimpleTextItem, QGraphicsTextItem

from engine.game import events as ev
from gui.main_window import MainWindow
from gui.settings import Settings
from gui.table.layout import CALL_RING, CENTER, HOVER_ROOM, screen_side
from gui.table.scene import TableScene
from gui.table.tile_item import TileItem
from gui.table.widget import TableView
from tests.table_states import DEALS, Deal, new_scene, play

MIN_PIXELS = 11.0
MIN_WINDOW = (800, 560)  # the window keeps its own minimum if that is larger
# view sizes: the smallest window less its menu and a two-line action bar, the smallest window
# less a one-line bar, a 16:10 laptop, a wide 1280×720, a full HD and a 1920×1200 window
VIEW_SIZES = ((760, 496), (800, 476), (1024, 610), (1024, 643), (1280, 743), (1280, 663), (1600, 943),
              (1920, 1143))
TILE_SIZES = ("small", "medium", "large")


# -- what the check sees -------------------------------------------------------------------------
def _shown(item: QGraphicsItem) -> bool:
    return item.isVisible() and item.effectiveOpacity() > 0.01


def texts(scene: TableScene) -> list[QGraphicsSimpleTextItem | QGraphicsTextItem]:
    out: list[QGraphicsSimpleTextItem | QGraphicsTextItem] = []
    for item in scene.items():
        if isinstance(item, QGraphicsSimpleTextItem | QGraphicsTextItem) and _shown(item):
            text = item.text() if isinstance(item, QGraphicsSimpleTextItem) else item.toPlainText()
            if text.strip():
                out.append(item)
    return out


def _text_rect(item: QGraphicsItem) -> QRectF:
    return item.sceneBoundingRect()


def _tile_rect(tile: TileItem) -> QRectF:
    """The tile face as painted (without the bounding rect's margin for its outline)."""
    return tile.mapRectToScene(tile.face_rect())


def _label(item: QGraphicsSimpleTextItem | QGraphicsTextItem) -> str:
    text = item.text() if isinstance(item, QGraphicsSimpleTextItem) else item.toPlainText()
    return repr(text.replace("\n", " / ")[:40])


def overlaps(scene: TableScene) -> list[str]:
    found = []
    shown = texts(scene)
    rects = [_text_rect(t).adjusted(0.5, 0.5, -0.5, -0.5) for t in shown]
    for i, a in enumerate(rects):
        for j in range(i + 1, len(rects)):
            if a.intersects(rects[j]):
                found.append(f"text {_label(shown[i])} on text {_label(shown[j])}")
    tiles = [(t, _tile_rect(t)) for t in scene.tiles if _shown(t)]
    for text, rect in zip(shown, rects, strict=True):
        for tile, tile_rect in tiles:
            if rect.intersects(tile_rect):
                found.append(f"text {_label(text)} on tile {tile.item_id}")
                break
    return found


def tile_problems(scene: TableScene) -> list[str]:
    """Tiles out of the table, or on each other (a wall stack's two tiles excepted, and a tile
    of the player's hand counted as risen, as when the mouse is on it)."""
    found = []
    table = scene.sceneRect()
    wall = scene.model.in_wall if scene.model.wall is not None else set()
    own = set(scene.model.seats[scene.model.human].hand)
    rects = []
    for tile in scene.tiles:
        if not _shown(tile):
            continue
        rect = _tile_rect(tile)
        if not table.contains(rect):
            found.append(f"tile {tile.item_id} outside the table")
        if tile.item_id in own:
            rect = rect.adjusted(0, -HOVER_ROOM, 0, 0)
        if tile.item_id not in wall:
            rects.append((tile.item_id, rect.adjusted(0.5, 0.5, -0.5, -0.5)))
    for i, (a, ra) in enumerate(rects):
        for b, rb in rects[i + 1:]:
            if ra.intersects(rb):
                found.append(f"tile {a} on tile {b}")
    return found


def tracker_problems(scene: TableScene) -> list[str]:
    """The tile tracker's panel: on no tile of the table and no text but its own, inside the table."""
    panel = scene.tracker.back
    if not _shown(panel):
        return []
    rect = panel.sceneBoundingRect()
    found = [] if scene.sceneRect().contains(rect) else ["the tracker outside the table"]
    found += [f"the tracker on tile {t.item_id}" for t in scene.tiles
              if _shown(t) and _tile_rect(t).intersects(rect)]
    mine = set(panel.childItems())
    found += [f"the tracker on text {_label(t)}" for t in texts(scene)
              if t not in mine and _text_rect(t).intersects(rect)]
    return found


def _pixel_size(item: QGraphicsSimpleTextItem | QGraphicsTextItem, view_scale: float) -> float:
    font = item.font()
    size = font.pixelSize() if font.pixelSize() > 0 else font.pointSizeF() * 96 / 72
    t = item.sceneTransform()
    return size * math.hypot(t.m11(), t.m12()) * view_scale


def view_problems(scene: TableScene, view: TableView) -> list[str]:
    found = []
    visible = view.mapToScene(view.viewport().rect()).boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)
    scale = view.transform().m11()
    size = f"{view.width()}×{view.height()}"
    for text in texts(scene):
        if not visible.contains(_text_rect(text)):
            found.append(f"{size}: text {_label(text)} outside the view")
        pixels = _pixel_size(text, scale)
        if pixels < MIN_PIXELS - 0.01:
            found.append(f"{size}: text {_label(text)} is {pixels:.1f} px")
    return found


def _view(scene: TableScene, size: tuple[int, int]) -> TableView:
    view = TableView(scene)
    view.resize(*size)
    view.show()
    QApplication.processEvents()
    return view


def _moment(event: ev.Event, scene: TableScene) -> str | None:
    """The moments checked at every window size and tile size."""
    if isinstance(event, ev.LastFourStarted):
        return "海捞"
    if isinstance(event, ev.HandEnded):
        return "ended"
    if isinstance(event, ev.TileDrawn) and event.seat == 0 and 8 < event.tiles_left <= 20:
        return "mid-hand"
    if isinstance(event, ev.KongDeclared):
        return "kong"
    if isinstance(event, ev.TilesDealt) and len(scene.model.seats[event.seat].hand) == 4:
        return "dealing"
    return None


# -- the checks ------------------------------------------------------------------------------------
@pytest.mark.parametrize("deal", DEALS, ids=lambda d: d.name)
def test_no_text_overlaps_and_all_text_is_readable_in_view(qtbot, art, language, deal: Deal):
    scene = new_scene(art, deal.rules, long_name=deal.seed == 8 or deal.rigged is not None)
    scene.set_tracker_visible(True)  # the tile tracker (记牌器) shown: it must find its room too
    views = [_view(scene, size) for size in VIEW_SIZES]
    problems: list[str] = []
    moments: set[str] = set()
    marked = ai_turns = 0
    for n, event in enumerate(play(scene, deal)):
        where = f"{deal.name} [{language}] event {n} {type(event).__name__}"
        # as at a real table: the AI to act marked 思考中 (its word where the plate has room)
        ai = scene.turn_seat() not in (None, 0)
        scene.set_thinking(scene.turn_seat() if ai else None)
        scene.set_countdown(88 if scene.turn_seat() == 0 else None)  # my time, on my plate
        marked += ai and [p.thinking.isVisible() for p in scene.plates].count(True) == 1
        ai_turns += ai
        problems += [f"{where}: {p}" for p in overlaps(scene)]
        moment = _moment(event, scene)
        if moment is None:
            continue
        moments.add(moment)
        for size in TILE_SIZES:
            scene.set_tile_size(size)
            found = overlaps(scene) + tile_problems(scene) + tracker_problems(scene)
            for view in views:
                found += view_problems(scene, view)
            problems += [f"{where} ({moment}, {size} tiles): {p}" for p in found]
        scene.set_tile_size("medium")
    for view in views:
        view.deleteLater()
    assert "ended" in moments and (deal.rigged is not None or "mid-hand" in moments)
    assert marked == ai_turns, "an AI to act was not marked 思考中"
    assert not problems, f"{len(problems)} layout problems:\n" + "\n".join(dict.fromkeys(problems))


def test_the_states_cover_kongs_declared_seats_and_the_last_four(qtbot, art):
    seen = {"kong": 0, "declared": 0, "last_four": 0, "exhaustive": 0, "long_river": 0}
    for deal in DEALS:
        scene = new_scene(art, deal.rules)
        for event in play(scene, deal):
            seen["kong"] += isinstance(event, ev.KongDeclared)
            seen["declared"] += isinstance(event, ev.ReadyDeclared)
            seen["last_four"] += isinstance(event, ev.LastFourStarted)
            if isinstance(event, ev.HandEnded):
                seen["exhaustive"] += event.exhaustive
                seen["long_river"] += max(len(s.discards) for s in scene.model.seats) >= 7
    assert seen["kong"] >= 6 and seen["declared"] >= 3 and seen["last_four"] >= 2
    assert seen["exhaustive"] >= 1 and seen["long_river"] >= 2


def test_the_smallest_window_keeps_table_text_readable(qtbot, art, language):
    """The real window at its smallest size, whatever the menu and the action bar take."""
    w = MainWindow(Settings(animation_speed=0.0), confirm_quit=False)
    qtbot.addWidget(w)
    w.resize(*MIN_WINDOW)
    w.show()
    table = w.table
    w.stack.setCurrentWidget(table)
    QApplication.processEvents()
    scene = table.scene
    deal = DEALS[0]
    for event in play(scene, deal):
        if isinstance(event, ev.TileDrawn) and len(scene.model.seats[0].discards) == 4:
            break
    problems = view_problems(scene, table.view) + overlaps(scene)
    assert table.view.width() <= MIN_WINDOW[0]
    assert not problems, "\n".join(problems)


def call_problems(scene: TableScene) -> list[str]:
    """The call card shown now: inside the square the rivers ring, on no river or hand tile and
    on no text but the centre box's and the wall marks' (inside that square, hidden by the card
    while it is shown)."""
    card = scene.calls.card
    rect = card.sceneBoundingRect()
    ring = QRectF(CENTER[0] - CALL_RING, CENTER[1] - CALL_RING, 2 * CALL_RING, 2 * CALL_RING)
    found = [] if ring.contains(rect) else [f"call card {rect} outside the rivers' ring"]
    wall = scene.model.in_wall if scene.model.wall is not None else set()
    for tile in scene.tiles:
        if _shown(tile) and tile.item_id not in wall and _tile_rect(tile).intersects(rect):
            found.append(f"call card on tile {tile.item_id}")
    mine = {card, *card.childItems()}
    for text in texts(scene):
        if text not in mine and _text_rect(text).intersects(rect) and not ring.contains(_text_rect(text)):
            found.append(f"call card on text {_label(text)}")
    return found


@pytest.mark.parametrize("deal", DEALS[7:], ids=lambda d: d.name)
def test_calls_and_moments_lie_on_no_river_hand_plate_or_log(qtbot, art, language, deal: Deal):
    scene = new_scene(art, deal.rules, long_name=True)
    views = [_view(scene, size) for size in VIEW_SIZES]
    problems: list[str] = []
    shown = 0
    for n, event in enumerate(play(scene, deal)):
        seen = event.for_seat(0)
        call = scene.call_of(seen)
        if call is None:
            continue
        seat = getattr(seen, "seat", None)
        scene.calls.place(screen_side(scene.model, seat) if isinstance(seat, int) else None, call)
        scene.calls.card.setScale(1.1)  # the most it grows while coming in
        shown += 1
        found = call_problems(scene)
        for view in views:
            found += [p for p in view_problems(scene, view) if "outside the view" in p or " px" in p]
        problems += [f"{deal.name} [{language}] event {n} {call.kind}: {p}" for p in found]
        scene.calls.hide()
    for view in views:
        view.deleteLater()
    assert shown >= 3
    assert not problems, f"{len(problems)} call problems:\n" + "\n".join(dict.fromkeys(problems))
