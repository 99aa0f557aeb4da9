"""The tile tracker (记牌器) on the table: for each of the 21 kinds, a small tile and how many
copies I have not seen (in the wall or in the others' hands), updated with every event.

The counts are the engine's (:class:`engine.game.tracker.TileTracker`, fed with the events the scene
shows, which are this seat's own view): the panel never knows more than the seat. It sits in the
right-hand strip of the table, outside the right seat's hand, where nothing else ever lies
(:data:`gui.table.layout.TRACKER_RECT`); the player shows or hides it (a setting, the J key).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSimpleTextItem

from engine.game import events as ev
from engine.game.tiles import NUM_KINDS, RANKS_PER_SUIT
from engine.game.tracker import TileTracker
from gui import theme
from gui.table.layout import (
    TRACKER_CELL_H,
    TRACKER_PAD,
    TRACKER_RECT,
    TRACKER_TILE_W,
    TRACKER_TITLE_H,
    height_of,
)
from gui.table.scene_text import panel_back, set_elided, text_item
from gui.table.tile_item import TileItem

if TYPE_CHECKING:
    from gui.tiles.art import TileArt


class TrackerPanel:
    def __init__(self, scene: QGraphicsScene, art: TileArt, seat: int) -> None:
        x, y, w, h = TRACKER_RECT
        self.rect = QRectF(x, y, w, h)
        self.tracker = TileTracker(seat)
        self.back = panel_back(scene, self.rect)
        self.title = text_item(self.back, theme.LOG_PX, theme.TEXT_DIM, bold=True)
        self.title.setPos(TRACKER_PAD, TRACKER_PAD)
        self.tiles: list[TileItem] = []
        self.counts: list[QGraphicsSimpleTextItem] = []
        col_w = (w - 2 * TRACKER_PAD) / 3
        tile_h = height_of(TRACKER_TILE_W)
        for kind in range(NUM_KINDS):
            suit, rank = divmod(kind, RANKS_PER_SUIT)
            cx = TRACKER_PAD + suit * col_w
            cy = TRACKER_PAD + TRACKER_TITLE_H + rank * TRACKER_CELL_H
            tile = TileItem(-1, art)
            tile.setAcceptHoverEvents(False)
            tile.setParentItem(self.back)
            tile.set_look(kind, True, TRACKER_TILE_W)
            tile.setPos(cx + TRACKER_TILE_W / 2, cy + tile_h / 2)
            count = text_item(self.back, theme.LOG_PX, theme.TEXT, bold=True)
            count.setData(0, kind)
            self.tiles.append(tile)
            self.counts.append(count)
        self.set_visible(False)

    def set_art(self, art: TileArt) -> None:
        for tile in self.tiles:
            tile.art = art
            tile.update()

    def set_visible(self, on: bool) -> None:
        self.back.setVisible(on)

    @property
    def visible(self) -> bool:
        return self.back.isVisible()

    def apply(self, event: ev.Event) -> None:
        self.tracker.apply(event)

    def unseen(self) -> list[int]:
        """What the engine's tracker counts unseen now (the hints under the table use it too)."""
        return self.tracker.unseen()

    def reset(self, seat: int) -> None:
        self.tracker = TileTracker(seat)

    def show(self, title: str) -> None:
        """The counts as the tracker has them now, and the title in the current language."""
        w = self.rect.width()
        set_elided(self.title, title, w - 2 * TRACKER_PAD)
        col_w = (w - 2 * TRACKER_PAD) / 3
        tile_h = height_of(TRACKER_TILE_W)
        for kind, n in enumerate(self.unseen()):
            count = self.counts[kind]
            count.setText(str(n))
            colour = theme.TRACKER_NONE if n == 0 else theme.TRACKER_LAST if n == 1 else theme.TEXT
            count.setBrush(QBrush(colour))
            suit, rank = divmod(kind, RANKS_PER_SUIT)
            r = count.boundingRect()
            x = TRACKER_PAD + suit * col_w + TRACKER_TILE_W + 6
            y = TRACKER_PAD + TRACKER_TITLE_H + rank * TRACKER_CELL_H + (tile_h - r.height()) / 2
            count.setPos(x, y)
            self.tiles[kind].setOpacity(0.45 if n == 0 else 1.0)  # nothing left of it: faded
