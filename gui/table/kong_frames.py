"""A frame around each kong on the table. A kong is laid face down (暗杠): another seat's four
backs beside its standing hand read as four more hand tiles (QA), so each kong gets a thin gold
frame, the set apart for all to see while what it is stays hidden."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene

from gui import theme
from gui.table.layout import Placement, height_of

PAD = 3.0  # between the tiles and the frame
FRAME_Z = 4.5  # under the hand's tiles (z 5), over the felt


def tile_rect(place: Placement) -> QRectF:
    """The rectangle a tile covers at `place` (turned a quarter on the side seats)."""
    w, h = float(place.width), height_of(place.width)
    if round(place.rotation) % 180:
        w, h = h, w
    return QRectF(place.x - w / 2, place.y - h / 2, w, h)


def group_rect(places: Sequence[Placement]) -> QRectF:
    rect = QRectF()
    for place in places:
        rect = rect.united(tile_rect(place))
    return rect.adjusted(-PAD, -PAD, PAD, PAD)


class KongFrames:
    """The frames, made as needed and kept (hidden) for the next hand."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self._scene = scene
        self._frames: list[QGraphicsRectItem] = []

    def show(self, groups: Sequence[Sequence[Placement]]) -> None:
        """One frame around each group of placements, no other."""
        while len(self._frames) < len(groups):
            frame = QGraphicsRectItem()
            edge = QColor(theme.GOLD)
            edge.setAlpha(200)
            frame.setPen(QPen(edge, 2.0))
            frame.setBrush(QBrush(QColor(0, 0, 0, 40)))
            frame.setZValue(FRAME_Z)
            self._scene.addItem(frame)
            self._frames.append(frame)
        for n, frame in enumerate(self._frames):
            if n < len(groups):
                frame.setRect(group_rect(groups[n]))
                frame.show()
            else:
                frame.hide()

    def rects(self) -> list[QRectF]:
        """The frames shown, in the scene."""
        return [f.rect() for f in self._frames if f.isVisible()]


__all__ = ["KongFrames", "group_rect", "tile_rect"]
