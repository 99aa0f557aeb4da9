"""复盘 on the table: at a reviewed position of a replay, a frame around the tile 大师 would play
(in the hand of the seat under review) and the word 大师 over it, in the theme's gold."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene, QGraphicsSimpleTextItem

from engine.game.actions import Action, ActionKind
from gui import theme
from gui.i18n import tr
from gui.table.scene import TableScene
from gui.table.scene_text import rounded, text_item

MARK_Z = 500  # over the tiles (a tile's z stays below 100, moving ones below 200)
LABEL_PX = theme.MIN_TEXT_PX + 3  # read at a glance, also in a small window


class MasterMark:
    def __init__(self, scene: QGraphicsScene) -> None:
        self.frame = QGraphicsPathItem()
        self.frame.setPen(QPen(theme.REVIEW_MARK, 4))
        self.frame.setBrush(QBrush(theme.REVIEW_MARK_GLOW))
        self.frame.setZValue(MARK_Z)
        scene.addItem(self.frame)
        self.pill = QGraphicsPathItem()
        self.pill.setPen(QPen(theme.REVIEW_MARK, 1.5))
        self.pill.setBrush(QBrush(theme.REVIEW_LABEL_FILL))
        self.pill.setZValue(MARK_Z)
        scene.addItem(self.pill)
        self.label: QGraphicsSimpleTextItem = text_item(scene, LABEL_PX, theme.REVIEW_LABEL_TEXT)
        self.label.setZValue(MARK_Z + 1)
        self.item: int | None = None  # the tile marked
        self.hide()

    def hide(self) -> None:
        self.item = None
        for part in (self.frame, self.pill, self.label):
            part.setVisible(False)

    def show(self, scene: TableScene, seat: int, action: Action) -> bool:
        """Mark the tile of `action` (a discard or a kong) in `seat`'s hand as it is shown now;
        False, and nothing shown, for a move without a tile or a tile that is not face up there."""
        self.hide()
        if action.kind not in (ActionKind.DISCARD, ActionKind.KONG) or action.tile is None:
            return False
        model = scene.model
        candidates = [i for i in model.seats[seat].hand
                      if model.kinds.get(i) == action.tile and scene.placement(i) is not None
                      and scene.tiles[i].isVisible() and scene.tiles[i].face_up]
        if not candidates:
            return False
        # the rightmost of them: the tile just drawn when it is one
        item = max(candidates, key=lambda i: (scene.tiles[i].sceneBoundingRect().x(), i))
        tile = scene.tiles[item]
        box = tile.mapRectToScene(tile.face_rect()).adjusted(-3, -3, 3, 3)
        self.frame.setPath(rounded(box, 7))
        self.label.setText(tr("review.mark"))
        text = self.label.boundingRect()
        pill = QRectF(0, 0, text.width() + 14, text.height() + 2)
        pill.moveCenter(box.center())
        pill.moveBottom(box.top() - 4)
        self.pill.setPath(rounded(pill, pill.height() / 2))
        self.label.setPos(pill.left() + 7, pill.top() + 1)
        for part in (self.frame, self.pill, self.label):
            part.setVisible(True)
        self.item = item
        return True


__all__ = ["MasterMark"]
