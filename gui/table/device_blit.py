"""Drawing a cached picture onto the screen's own pixels, one pixmap pixel to one device pixel.

The table is a fixed logical scene scaled to the window, and its side seats' tiles are turned a
quarter. Drawing a cached pixmap through such a transform makes Qt resample every pixel
(smooth scaling, or a rotation), which at 2560×1600 × 2 costs more than the whole rest of a
frame. When the painter only scales uniformly and turns by quarter turns, the picture can be
made at the device size and turn instead, and then blitted with no transform at all: as sharp
as the screen allows and as fast as a copy. :func:`on_device` tells whether that is possible and
where; :func:`blit` draws.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from typing import NamedTuple

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap, QTransform

_EPS = 1e-6


class DevicePlace(NamedTuple):
    """Where a rectangle lands on the device: its device-pixel rectangle, how many logical
    device pixels one unit of the item is (`scale`, without the pixel ratio), the device's pixel
    ratio and the clockwise quarter turns of the painter. (A tuple: one is made for every
    picture of every frame.)"""

    rect: QRectF
    scale: float
    dpr: float
    quarter_turns: int


def _quarter_turns(m11: float, m12: float, m21: float, m22: float) -> int | None:
    """0-3 for a uniform scale turned by quarter turns (Qt's y points down), else None."""
    if abs(m12) < _EPS and abs(m21) < _EPS and m11 > 0 and abs(m11 - m22) < _EPS * max(1.0, m11):
        return 0
    if abs(m11) < _EPS and abs(m22) < _EPS and m12 > 0 and abs(m12 + m21) < _EPS * max(1.0, m12):
        return 1
    if abs(m12) < _EPS and abs(m21) < _EPS and m11 < 0 and abs(m11 - m22) < _EPS * max(1.0, -m11):
        return 2
    if abs(m11) < _EPS and abs(m22) < _EPS and m12 < 0 and abs(m12 + m21) < _EPS * max(1.0, -m12):
        return 3
    return None


def on_device(painter: QPainter, rect: QRectF) -> DevicePlace | None:
    """Where `rect` (in the painter's current coordinates) lands on the device, or None when
    the painter shears, mirrors or turns by other than quarter turns (then draw as usual)."""
    # item units → device pixels. Not deviceTransform(): in a window that adds the
    # widget's offset in its window (a backing store's redirection), which the untransformed
    # drawing of blit() gets again from Qt: the table's view, under the menu bar, drew every
    # picture a menu bar's height too low.
    t = painter.combinedTransform()
    if not t.isAffine():
        return None
    m11, m12 = t.m11(), t.m12()
    turns = _quarter_turns(m11, m12, t.m21(), t.m22())
    if turns is None:
        return None
    device = painter.device()
    dpr = device.devicePixelRatioF() if device is not None else 1.0
    # the painter's window and viewport already scale by the pixel ratio: device pixels
    return DevicePlace(t.mapRect(rect), math.hypot(m11, m12) / dpr, dpr, turns)


_RESAMPLING = QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform


def _on_device_pixels(painter: QPainter, dpr: float) -> None:
    """Make the painter's units the device's own pixels (with no smoothing: nothing is resampled).

    Qt's raster engine copies a picture with its fast blend (one pass, in this thread) only when
    its transform is a translation and smooth pixmap transforms are off; with the view's render
    hints, or through the pixel ratio's scale, it goes through its general span filler, about
    twice the work at ratio 2 (and handed out to a thread pool in slices). The caller saves and
    restores the painter."""
    painter.setRenderHints(_RESAMPLING, False)
    painter.resetTransform()
    if dpr != 1.0:
        painter.setWorldTransform(_unscale(dpr))


@cache
def _unscale(dpr: float) -> QTransform:
    """The world transform that the pixel ratio's scale turns into no transform at all."""
    return QTransform.fromScale(1 / dpr, 1 / dpr)


def _blit_rect(place: DevicePlace, pixmap: QPixmap) -> QRect:
    """Where blit() puts `pixmap`: centred on `place.rect`, on whole device pixels."""
    w, h = pixmap.width(), pixmap.height()  # device pixels
    centre = place.rect.center()
    return QRect(round(centre.x() - w / 2), round(centre.y() - h / 2), w, h)


def blit(painter: QPainter, place: DevicePlace, pixmap: QPixmap) -> None:
    """Draw `pixmap` (made at `place.dpr`, about `place.rect`'s device size, already turned)
    centred on `place.rect`, on whole device pixels and untransformed."""
    target = _blit_rect(place, pixmap)
    painter.save()
    _on_device_pixels(painter, place.dpr)
    painter.drawPixmap(QRectF(target), pixmap, QRectF(pixmap.rect()))
    painter.restore()


def fill_around(painter: QPainter, place: DevicePlace, pixmap: QPixmap, area: QRectF, color: QColor) -> None:
    """Fill the part of `area` (in the painter's current coordinates) that blit() leaves
    outside `pixmap`, on whole device pixels: the window's margins around the table, each
    pixel written once (not the whole area under the picture too)."""
    outer = painter.combinedTransform().mapRect(area).toAlignedRect()
    inner = _blit_rect(place, pixmap)
    painter.save()
    _on_device_pixels(painter, place.dpr)
    for band in (QRect(outer.left(), outer.top(), outer.width(), inner.top() - outer.top()),
                 QRect(outer.left(), inner.bottom() + 1, outer.width(), outer.bottom() - inner.bottom()),
                 QRect(outer.left(), inner.top(), inner.left() - outer.left(), inner.height()),
                 QRect(inner.right() + 1, inner.top(), outer.right() - inner.right(), inner.height())):
        if band.width() > 0 and band.height() > 0:
            painter.fillRect(band, color)
    painter.restore()


def fill(painter: QPainter, place: DevicePlace, color: QColor) -> None:
    """Fill `place.rect` with `color` on whole device pixels (a span fill, not a turned shape)."""
    r = place.rect
    painter.save()
    _on_device_pixels(painter, place.dpr)
    painter.fillRect(QRectF(round(r.left()), round(r.top()), round(r.width()), round(r.height())), color)
    painter.restore()


class KeptPlace:
    """Where an item's picture was last copied, kept while the painter's transform and the
    item's look stay the same: a frame that moves nothing copies each picture without working
    out again where it goes and which it is (a dozen calls into Qt fewer per picture; a table
    frame copies a hundred).

    :meth:`holds` tells whether the kept place still applies; if not, the item works out the
    place and the picture and hands them to :meth:`keep`; :meth:`copy` draws the kept picture."""

    __slots__ = ("_key", "_source", "_target", "_transform", "pixmap", "place")

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._transform: QTransform | None = None
        self.place: DevicePlace | None = None
        self.pixmap: QPixmap | None = None
        self._source = QRectF()
        self._target = QRectF()

    def holds(self, painter: QPainter, key: tuple[object, ...]) -> bool:
        """Whether the kept place is where the item with look `key` goes on this painter (if
        not, what is kept is forgotten until :meth:`keep`)."""
        transform = painter.combinedTransform()
        device = painter.device()
        full_key = (key, device.devicePixelRatioF() if device is not None else 1.0)
        if full_key == self._key and transform == self._transform:
            return True
        self._key, self._transform = full_key, transform
        self.place = self.pixmap = None
        return False

    def keep(self, place: DevicePlace | None, pixmap: QPixmap | None) -> None:
        """The place (None: the painter turns or shears) and the picture worked out."""
        self.place, self.pixmap = place, pixmap
        if place is not None and pixmap is not None:
            self._target = QRectF(_blit_rect(place, pixmap))
            self._source = QRectF(pixmap.rect())

    def forget(self) -> None:
        """Nothing kept: the next paint works the place out again."""
        self._key = self._transform = self.place = self.pixmap = None

    def copy(self, painter: QPainter) -> None:
        """blit() the kept picture to the kept place."""
        if self.place is None or self.pixmap is None:
            return
        painter.save()
        _on_device_pixels(painter, self.place.dpr)
        painter.drawPixmap(self._target, self.pixmap, self._source)
        painter.restore()


class DevicePicture:
    """One item's look kept as a picture of the device's own pixels: drawn again only when the
    item's look (`key`) or the screen's scale changes, copied on every other frame. For the
    table's texts and panels, which Qt would otherwise draw from outlines on every frame
    (large glyphs, antialiased rounded shapes)."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._picture: QPixmap | None = None
        self._scale: tuple[float, float] | None = None  # the scale of the last paint
        self._kept = KeptPlace()  # where the picture was copied last frame

    def draw(self, painter: QPainter, rect: QRectF, key: tuple[object, ...],
             paint: Callable[[QPainter], None]) -> bool:
        """Copy the picture of `rect` (item coordinates) made by `paint`; False when the painter
        turns or shears (then the caller draws as usual)."""
        kept = self._kept
        if not kept.holds(painter, (key, rect)):
            place = self._placed_picture(painter, rect, key, paint)
            if place is None:
                kept.forget()
                return False
            kept.keep(place, self._picture)
        kept.copy(painter)
        return True

    def _placed_picture(self, painter: QPainter, rect: QRectF, key: tuple[object, ...],
                        paint: Callable[[QPainter], None]) -> DevicePlace | None:
        """Where the picture goes, made again if the look or the scale changed; None when it is
        not to be used (the painter turns or shears, or the item is still growing in)."""
        place = on_device(painter, rect)
        if place is None or place.quarter_turns or rect.isEmpty():
            return None
        scale = (round(place.scale, 6), place.dpr)
        growing, self._scale = self._scale is not None and scale != self._scale, scale
        if growing:  # scaled from one paint to the next (a call growing in): drawn as usual till it settles
            self._picture = None
            return None
        full_key = (key, *scale)
        if self._picture is None or self._key != full_key:
            picture = QPixmap(max(1, math.ceil(place.rect.width())), max(1, math.ceil(place.rect.height())))
            picture.setDevicePixelRatio(place.dpr)
            picture.fill(Qt.GlobalColor.transparent)
            inner = QPainter(picture)
            inner.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
            inner.scale(place.scale, place.scale)
            inner.translate(-rect.left(), -rect.top())
            paint(inner)
            inner.end()
            self._picture, self._key = picture, full_key
        return place


__all__ = ["DevicePicture", "DevicePlace", "KeptPlace", "blit", "fill", "fill_around", "on_device"]
