"""One physical tile on the table: a QGraphicsObject so its position can be animated.

A tile of the player's hand rises while it can be discarded and the mouse moved onto it (or
the keyboard selected it). Hover events come only from the mouse moving, so when the table
moves tiles under a resting pointer (the hand closes up after a discard) the tile that slides
under it stays down until the mouse moves; a tile moved away (into the river, a kong) drops
its rise, its hover and its selection at once.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import Property, QRectF, Qt, Signal
from PySide6.QtGui import QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsObject,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gui import theme
from gui.table.device_blit import DevicePlace, KeptPlace, fill, on_device
from gui.table.layout import HOVER_ROOM, height_of

if TYPE_CHECKING:
    from gui.tiles.art import TileArt

HOVER_LIFT = float(HOVER_ROOM)


class TileItem(QGraphicsObject):
    clicked = Signal(int)  # item id
    hovered = Signal(int, bool)  # item id, entering

    def __init__(self, item_id: int, art: TileArt) -> None:
        super().__init__()
        self.item_id = item_id
        self.art = art
        self.kind: int | None = None
        self.face_up = False
        self.tile_width = 30
        self.latest = False  # the latest discard
        self.zone = False  # in the 海捞区
        self.selected_key = False  # keyboard selection
        self.clickable = False
        self.dimmed = False
        self.lower = False  # the bottom tile of a wall stack
        self.hovered_now = False  # between a hover enter and leave (the mouse moved onto it)
        self._lift = 0.0
        self._rect: QRectF | None = None
        self._kept = KeptPlace()  # where the picture went last frame, and which
        self.setAcceptHoverEvents(True)
        # no item cache: paint() is itself one copy of a picture made at the device size (an item
        # cache would be a second copy, and scene.render() makes it again on every frame)
        self.setCacheMode(QGraphicsObject.CacheMode.NoCache)

    # -- state ----------------------------------------------------------------------------
    def set_look(self, kind: int | None, face_up: bool, width: int) -> None:
        if (kind, face_up, width) != (self.kind, self.face_up, self.tile_width):
            self.prepareGeometryChange()
            self.kind, self.face_up, self.tile_width = kind, face_up, width
            self._rect = None
            self.update()

    def set_flags(self, *, latest: bool | None = None, zone: bool | None = None,
                  clickable: bool | None = None, dimmed: bool | None = None,
                  selected_key: bool | None = None, lower: bool | None = None) -> None:
        for name, value in (("latest", latest), ("zone", zone), ("clickable", clickable),
                            ("dimmed", dimmed), ("selected_key", selected_key), ("lower", lower)):
            if value is not None and getattr(self, name) != value:
                setattr(self, name, value)
                self.update()
        self.setCursor(Qt.CursorShape.PointingHandCursor if self.clickable else Qt.CursorShape.ArrowCursor)
        self._update_lift()

    def moved_away(self) -> None:
        """The table put this tile somewhere else (a discard, a kong, a new hand): whatever the
        mouse or the keyboard did to it no longer applies."""
        self.hovered_now = False
        self.set_flags(clickable=False, dimmed=False, selected_key=False)

    def _update_lift(self, pointer_known: bool = False) -> None:
        # hovered and still under the pointer: isUnderMouse() alone would also raise a tile
        # that slid under a resting pointer (the neighbour taking a discarded tile's place),
        # the hover alone a tile that moved away from it without a leave event
        hovered = self.hovered_now and (pointer_known or self.isUnderMouse())
        raised = self.clickable and (hovered or self.selected_key)
        self._set_lift(HOVER_LIFT if raised else 0.0)

    def _get_lift(self) -> float:
        return self._lift

    def _set_lift(self, value: float) -> None:
        if value == self._lift:
            return
        self.prepareGeometryChange()
        self._lift = value
        self._rect = None
        self.update()

    lift = Property(float, _get_lift, _set_lift)

    # -- painting -------------------------------------------------------------------------
    def face_rect(self) -> QRectF:
        """The tile as painted, in item coordinates (the bounding rect less its outline margin)."""
        w, h = self.tile_width, height_of(self.tile_width)
        return QRectF(-w / 2, -h / 2 - self._lift, w, h)

    def boundingRect(self) -> QRectF:
        # called hundreds of times a frame: computed when the look or the lift changes
        if self._rect is None:
            w, h = self.tile_width, height_of(self.tile_width)
            self._rect = QRectF(-w / 2 - 2, -h / 2 - 2 - self._lift, w + 4, h + 4)
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        w = self.tile_width
        target = self.face_rect()
        kept = self._kept
        if not kept.holds(painter, (self.kind, self.face_up, w, self._lift, self.art)):
            kept.keep(*self._picture(painter, target))
        place = kept.place
        if place is not None:  # made at the screen's size and turn, then copied pixel for pixel
            kept.copy(painter)
        else:  # sheared or turned part way: scaled from a picture of the right pixel width
            t = painter.worldTransform()
            scale = math.hypot(t.m11(), t.m12()) or 1.0
            dpr = painter.device().devicePixelRatioF() if painter.device() else 1.0
            pixel_w = max(8, round(w * scale * dpr))
            pix = self.art.face(self.kind, pixel_w, 1.0) if self.face_up and self.kind is not None \
                else self.art.back(pixel_w, 1.0)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            painter.drawPixmap(target, pix, QRectF(pix.rect()))
        # the part of a lower tile that shows under the top one is its shadowed side
        shades = ((self.dimmed, theme.TILE_DIM), (self.lower, theme.TILE_LOWER), (self.zone, theme.TILE_ZONE))
        for on, color in shades:
            if not on:
                continue
            if place is not None:
                fill(painter, place, color)
            else:
                painter.fillRect(target, color)
        pen_color = None
        if self.selected_key:
            pen_color = theme.TILE_SELECTED
        elif self.latest:
            pen_color = theme.TILE_LATEST
        if pen_color is not None:
            painter.setPen(QPen(pen_color, max(2.0, w / 14)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(target.adjusted(1, 1, -1, -1), w / 8, w / 8)

    def _picture(self, painter: QPainter, target: QRectF) -> tuple[DevicePlace | None, QPixmap | None]:
        """Where the tile lands on the device and its picture made at that size and turn, or
        (None, None) when the painter turns or shears."""
        place = on_device(painter, target)
        if place is None:
            return None, None
        logical_w = max(4, round(self.tile_width * place.scale))
        turns = place.quarter_turns
        if self.face_up and self.kind is not None:
            return place, self.art.face(self.kind, logical_w, place.dpr, turns)
        return place, self.art.back(logical_w, place.dpr, turns)

    # -- input ----------------------------------------------------------------------------
    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered_now = True
        self._update_lift(pointer_known=True)
        self.hovered.emit(self.item_id, True)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered_now = False
        self._update_lift(pointer_known=True)
        self.hovered.emit(self.item_id, False)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        # a dimmed tile of the hand is clicked too: the table says why it may not go
        if (self.clickable or self.dimmed) and event.button() == Qt.MouseButton.LeftButton:
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        left = event.button() == Qt.MouseButton.LeftButton
        if (self.clickable or self.dimmed) and left and self.boundingRect().contains(event.pos()):
            self.clicked.emit(self.item_id)
            return
        super().mouseReleaseEvent(event)
