"""One physical tile on the table: a QGraphicsObject so its position can be animated."""

from __future__ import annotations

import math

from PySide6.QtCore import Property, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QGraphicsSceneHoverEvent, QGraphicsSceneMouseEvent

from .layout import height_of

HOVER_LIFT = 10.0


class TileItem(QGraphicsObject):
    clicked = Signal(int)  # item id
    hovered = Signal(int, bool)  # item id, entering

    def __init__(self, item_id: int, art: object) -> None:
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
        self._lift = 0.0
        self._rect: QRectF | None = None
        self.setAcceptHoverEvents(True)
        self.setCacheMode(QGraphicsObject.CacheMode.DeviceCoordinateCache)

    # -- state ----------------------------------------------------------------------------
    def set_look(self, kind: int | None, face_up: bool, width: int) -> None:
        if (kind, face_up, width) != (self.kind, self.face_up, self.tile_width):
            self.prepareGeometryChange()
            self.kind, self.face_up, self.tile_width = kind, face_up, width
            self._rect = None
            self.update()

    def set_flags(self, *, latest: bool | None = None, zone: bool | None = None,
                  clickable: bool | None = None, dimmed: bool | None = None,
                  selected_key: bool | None = None) -> None:
        for name, value in (("latest", latest), ("zone", zone), ("clickable", clickable),
                            ("dimmed", dimmed), ("selected_key", selected_key)):
            if value is not None and getattr(self, name) != value:
                setattr(self, name, value)
                self.update()
        self.setCursor(Qt.CursorShape.PointingHandCursor if self.clickable else Qt.CursorShape.ArrowCursor)
        target = HOVER_LIFT if (self.clickable and (self.isUnderMouse() or self.selected_key)) else 0.0
        self.lift = target

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
    def boundingRect(self) -> QRectF:
        # called hundreds of times a frame: computed when the look or the lift changes
        if self._rect is None:
            w, h = self.tile_width, height_of(self.tile_width)
            self._rect = QRectF(-w / 2 - 2, -h / 2 - 2 - self._lift, w + 4, h + 4)
        return self._rect

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        w, h = self.tile_width, height_of(self.tile_width)
        t = painter.worldTransform()
        scale = math.hypot(t.m11(), t.m12()) or 1.0
        dpr = painter.device().devicePixelRatioF() if painter.device() else 1.0
        pixel_w = max(8, round(w * scale * dpr))
        if self.face_up and self.kind is not None:
            pix = self.art.face(self.kind, pixel_w, 1.0)  # type: ignore[attr-defined]
        else:
            pix = self.art.back(pixel_w, 1.0)  # type: ignore[attr-defined]
        target = QRectF(-w / 2, -h / 2 - self._lift, w, h)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawPixmap(target, pix, QRectF(pix.rect()))
        if self.dimmed:
            painter.fillRect(target, QColor(0, 0, 0, 90))
        if self.zone:
            painter.fillRect(target, QColor(255, 200, 40, 70))
        pen_color = None
        if self.selected_key:
            pen_color = QColor(40, 140, 255)
        elif self.latest:
            pen_color = QColor(255, 120, 0)
        if pen_color is not None:
            painter.setPen(QPen(pen_color, max(2.0, w / 14)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(target.adjusted(1, 1, -1, -1), w / 8, w / 8)

    # -- input ----------------------------------------------------------------------------
    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        if self.clickable:
            self.lift = HOVER_LIFT
        self.hovered.emit(self.item_id, True)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        if not self.selected_key:
            self.lift = 0.0
        self.hovered.emit(self.item_id, False)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.clickable and event.button() == Qt.MouseButton.LeftButton:
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.clickable and event.button() == Qt.MouseButton.LeftButton and self.boundingRect().contains(
            event.pos()
        ):
            self.clicked.emit(self.item_id)
            return
        super().mouseReleaseEvent(event)
