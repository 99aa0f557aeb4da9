"""A tile of the hand rises under the mouse; a discarded tile never stays risen, and the tile
that slides into its place under a resting pointer stays down until the mouse moves."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QCursor, QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from engine.game.actions import Action, ActionKind
from engine.game.hand import Hand
from engine.game.rules import Ruleset
from gui.table.scene import TableScene
from gui.table.tile_item import HOVER_LIFT, TileItem
from gui.table.widget import TableView
from gui.tiles.art import TileArt


def _offer(scene: TableScene) -> None:
    """What the table widget does when the player is to discard: the hand's tiles clickable."""
    own = set(scene.model.seats[0].hand)
    for tile in scene.tiles:
        tile.set_flags(clickable=tile.item_id in own)


def _move_mouse(view: TableView, point: QPoint) -> None:
    """The pointer moved over the view: the cursor is put there (what isUnderMouse() asks) and
    the move is sent to the view directly (with windows left over from earlier tests, the
    platform's routing of a synthetic move is not to be relied on)."""
    where = view.viewport().mapToGlobal(point)
    QCursor.setPos(where)
    event = QMouseEvent(QEvent.Type.MouseMove, QPointF(point), QPointF(where),
                        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), event)
    QApplication.processEvents()


def _hand_tile_at(scene: TableScene, point: QPointF) -> TileItem | None:
    own = set(scene.model.seats[0].hand)
    for item in scene.items(point):
        if isinstance(item, TileItem) and item.item_id in own:
            return item
    return None


def test_a_discarded_tile_drops_its_rise_and_its_neighbour_does_not_rise_unbidden(qtbot: QtBot):
    scene = TableScene(TileArt())
    scene.speed = 0
    view = TableView(scene)
    qtbot.addWidget(view)
    view.resize(1280, 743)
    view.show()
    QApplication.processEvents()
    hand = Hand(Ruleset(), dealer=0, seed=5)
    for event in hand.events:
        scene.show_event(event.for_seat(0))
    _offer(scene)
    # the mouse moves onto the sixth tile of the hand: it rises
    target = scene.tiles[scene.human_hand_items()[5]]
    spot = view.mapFromScene(target.scenePos())
    _move_mouse(view, QPoint(5, 5))
    _move_mouse(view, spot)
    assert target.lift == HOVER_LIFT
    # keyboard selection on another tile too, then that one is discarded (as Enter does)
    chosen = scene.tiles[scene.human_hand_items()[7]]
    chosen.set_flags(selected_key=True)
    assert chosen.lift == HOVER_LIFT
    sent = len(hand.events)
    hand.apply(0, Action.discard(scene.model.kinds[target.item_id]))
    for event in hand.events[sent:]:
        scene.show_event(event.for_seat(0))
    assert target.item_id in scene.model.seats[0].discards
    # the discarded tile lies flat in the river: no rise, no click, no selection
    assert target.lift == 0 and not target.clickable and not target.selected_key
    # the next decision: the tile now under the resting pointer stays down ...
    sent = len(hand.events)
    while hand.pending() and hand.pending()[0] != 0:
        seat = hand.pending()[0]
        legal = hand.legal_actions(seat)
        hand.apply(seat, next(a for a in legal if a.kind in (ActionKind.PASS, ActionKind.DISCARD)))
        for event in hand.events[sent:]:
            scene.show_event(event.for_seat(0))
        sent = len(hand.events)
    for tile in scene.tiles:
        tile.set_flags(selected_key=False)
    _offer(scene)
    under = _hand_tile_at(scene, view.mapToScene(spot))
    assert under is not None and under is not target
    assert under.lift == 0
    assert all(t.lift == 0 for t in scene.tiles)
    # ... until the mouse moves on it
    _move_mouse(view, spot + QPoint(1, 0))
    assert under.lift == HOVER_LIFT
    assert [t.item_id for t in scene.tiles if t.lift] == [under.item_id]


def test_a_tile_that_leaves_the_hand_by_a_kong_drops_its_selection(qtbot: QtBot):
    from tests.rigging import rigged_hand
    from tests.table_states import THREE_KONGS_AND_WIN

    scene = TableScene(TileArt())
    scene.speed = 0
    hand = rigged_hand(Ruleset(), THREE_KONGS_AND_WIN)
    for event in hand.events:
        scene.show_event(event.for_seat(0))
    _offer(scene)
    kong = next(a for a in hand.legal_actions(0) if a.kind is ActionKind.KONG)
    selected = next(scene.tiles[i] for i in scene.model.seats[0].hand if scene.model.kinds[i] == kong.tile)
    selected.set_flags(selected_key=True)
    assert selected.lift == HOVER_LIFT
    sent = len(hand.events)
    hand.apply(0, kong)
    for event in hand.events[sent:]:
        scene.show_event(event.for_seat(0))
    assert any(selected.item_id in k for k in scene.model.seats[0].kongs)
    assert selected.lift == 0 and not selected.selected_key and not selected.clickable
