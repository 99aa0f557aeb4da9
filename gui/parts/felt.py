"""The green felt: behind the table, the start screen and the profile page.

:func:`felt_pixmap` paints it: a radial gradient lit from above the middle, and the nap of the
cloth as faint light and dark specks, the same every time. Each screen gives its own
:class:`FeltLook` (where the light sits, its colours, how strong the nap is; the looks are in
:mod:`gui.theme`). :class:`FeltBackdrop` keeps a widget's felt painted once per size and blits
it on every paint event; the table's scene keeps its own pixmap, as it paints in scene units.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QWidget

_SPECK_SEED = 84


@dataclass(frozen=True)
class FeltLook:
    """How one screen's felt looks."""

    light_y: float  # the centre of the gradient, as a fraction of the height (centred across)
    radius: float  # the radius of the gradient, as a fraction of the longer side
    stops: tuple[tuple[float, str], ...]  # the gradient: (position, "#rrggbb"), lit centre first
    speck_alpha: tuple[int, int] = (0, 0)  # the opacity of the light specks and of the dark ones
    speck_area: int = 0  # one speck of each shade per this many square pixels (0: no nap)
    speck_width: float = 0.0


def felt_pixmap(width: int, height: int, look: FeltLook, dpr: float = 1.0,
                extras: Callable[[QPainter, int, int], None] | None = None) -> QPixmap:
    """The felt for a ``width`` × ``height`` widget at device pixel ratio ``dpr``; ``extras``
    (if given) paints more on it with the same painter, in logical pixels."""
    w, h = max(1, width), max(1, height)
    pixmap = QPixmap(round(w * dpr), round(h * dpr))
    pixmap.setDevicePixelRatio(dpr)
    painter = QPainter(pixmap)
    from PySide6.QtGui import QRadialGradient  # here: see theme.gold_gradient

    felt = QRadialGradient(QPointF(w / 2, h * look.light_y), max(w, h) * look.radius)
    for position, colour in look.stops:
        felt.setColorAt(position, QColor(colour))
    # the whole picture, edge to edge: antialiasing would change no pixel of it, only slow the
    # fill down (a quarter of its time on the start screen's first frame)
    painter.fillRect(QRectF(0, 0, w, h), felt)
    # the nap of the cloth: faint specks, the same every time; painted once on a small tile
    # and repeated, so the first paint (part of start-up) stays quick
    if look.speck_area > 0:
        painter.fillRect(QRectF(0, 0, w, h), QBrush(_speck_tile(look, dpr)))
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if extras is not None:
        extras(painter, w, h)
    painter.end()
    return pixmap


SPECK_TILE = 256  # logical pixels


@cache
def _speck_tile(look: FeltLook, dpr: float) -> QPixmap:
    size = round(SPECK_TILE * dpr)
    tile = QPixmap(size, size)
    tile.setDevicePixelRatio(dpr)
    tile.fill(Qt.GlobalColor.transparent)
    painter = QPainter(tile)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rng = random.Random(_SPECK_SEED)
    light_alpha, dark_alpha = look.speck_alpha
    count = SPECK_TILE * SPECK_TILE // look.speck_area
    for shade in (QColor(255, 255, 255, light_alpha), QColor(0, 0, 0, dark_alpha)):
        specks = QPolygonF([QPointF(rng.uniform(0, SPECK_TILE), rng.uniform(0, SPECK_TILE))
                            for _ in range(count)])
        pen = QPen(shade, look.speck_width)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawPoints(specks)
    painter.end()
    return tile


class FeltBackdrop:
    """A widget's felt background: painted once per size, blitted on every paint event.

    The widget calls :meth:`invalidate` from its ``resizeEvent`` and :meth:`draw` from its
    ``paintEvent``. With ``hidpi`` the felt is painted at the screen's device pixel ratio,
    otherwise at one pixel per logical pixel. With ``kept`` (a name) the felt is kept across
    starts (gui.parts.kept_picture); ``kept_key`` then names what ``extras`` depend on, and
    ``drawn_by`` the files of the code that draws them.
    """

    def __init__(self, widget: QWidget, look: FeltLook, *, hidpi: bool = True,
                 extras: Callable[[QPainter, int, int], None] | None = None,
                 kept: str | None = None, kept_key: str = "", drawn_by: Sequence[Path] = ()) -> None:
        self.widget = widget
        self.look = look
        self.hidpi = hidpi
        self.extras = extras
        self.kept, self.kept_key, self.drawn_by = kept, kept_key, drawn_by
        self.pixmap: QPixmap | QImage | None = None

    def invalidate(self) -> None:
        self.pixmap = None

    def draw(self) -> None:
        widget = self.widget
        dpr = widget.devicePixelRatioF() if self.hidpi else 1.0
        if self.pixmap is None or self.pixmap.size() != widget.size() * dpr:
            self.pixmap = self._paint(widget.width(), widget.height(), dpr)
        painter = QPainter(widget)
        if isinstance(self.pixmap, QImage):
            painter.drawImage(0, 0, self.pixmap)
        else:
            painter.drawPixmap(0, 0, self.pixmap)
        painter.end()

    def _paint(self, width: int, height: int, dpr: float) -> QPixmap | QImage:
        def paint() -> QPixmap:
            return felt_pixmap(width, height, self.look, dpr, self.extras)

        if self.kept is None:
            return paint()
        from gui.parts.kept_picture import kept_image

        key = f"{self.look!r}|{self.kept_key}|{width}x{height}@{dpr:g}"
        size = QSize(round(max(1, width) * dpr), round(max(1, height) * dpr))
        return kept_image(self.kept, key, lambda: paint().toImage(), self.drawn_by, size)


__all__ = ["FeltBackdrop", "FeltLook", "felt_pixmap"]
