"""Procedural mahjong tile art drawn with QPainter (no image files).

Every picture is drawn in *logical* pixels onto a pixmap whose devicePixelRatio is set, so the
same code gives crisp tiles on 1x and high-DPI screens. Pictures are cached per
(kind, width, dpr, quarter turns) inside a :class:`TileArt`, whose theme is fixed, because a
table repaints the same few dozen tiles many times a second and drawing paths is not free.

A ``QGuiApplication`` (or ``QApplication``) must exist before anything here is drawn: QPixmap and
the font database need it.

Tile geometry: a tile ``width`` wide is ``round(width * 4 / 3)`` tall. The picture is a tile
lying face up seen from slightly in front: an ivory face, below it a thin band of the ivory
layer's edge and then the coloured back layer, which is how real two-layer tiles look on the
table and gives the 3D cue without needing a transparent margin for a drop shadow.

This module draws the tile body (face up, face down, on its side) and caches the pictures;
what is printed on a face is drawn by :mod:`gui.tiles.faces`, and the looks (colours, fonts)
are defined in :mod:`gui.tiles.themes`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QTransform,
)

from engine.game.tiles import NUM_KINDS
from gui.tiles.faces import paint_face
from gui.tiles.themes import FONT_FAMILIES, THEMES, TileTheme

__all__ = [
    "FONT_FAMILIES",
    "THEMES",
    "TileArt",
    "TileTheme",
    "back",
    "clear_cache",
    "contact_sheet",
    "face",
    "get_art",
    "side",
    "tile_height",
]


def tile_height(width: int) -> int:
    """Height of a tile picture `width` logical pixels wide (tiles are about 3:4)."""
    return round(width * 4 / 3)


class TileArt:
    """Draws and caches tile pictures in one theme.

    >>> art = TileArt(theme="classic")
    >>> art.face(kind, 40, widget.devicePixelRatioF())   # QPixmap, 40 x 53 logical px
    """

    def __init__(self, theme: str = "classic") -> None:
        if theme not in THEMES:
            raise ValueError(f"unknown tile theme '{theme}' (have {', '.join(THEMES)})")
        self.theme_name = theme
        self.theme = THEMES[theme]
        self._cache: dict[tuple[str, int, int, float, int], QPixmap] = {}

    # -- public API ---------------------------------------------------------------------------

    def face(self, kind: int, width: int, dpr: float = 1.0, quarter_turns: int = 0) -> QPixmap:
        """The face-up tile `kind` (0..20), `width` logical px wide, for a screen of
        device pixel ratio `dpr`; `quarter_turns` rotates it clockwise (for the side seats)."""
        if not 0 <= kind < NUM_KINDS:
            raise ValueError(f"bad tile kind {kind}")
        return self._cached(("face", kind, width, dpr, quarter_turns),
                            lambda p, w, h: self._paint_face(p, w, h, kind))

    def back(self, width: int, dpr: float = 1.0, quarter_turns: int = 0) -> QPixmap:
        """A face-down tile (the coloured back), same size as a face."""
        return self._cached(("back", -1, width, dpr, quarter_turns), self._paint_back)

    def side(self, width: int, dpr: float = 1.0, quarter_turns: int = 0) -> QPixmap:
        """The long edge of a standing tile as a side seat's hand looks from across the table:
        `round(width * 0.6)` wide (the tile's thickness) by `tile_height(width)` tall, ivory on
        the left and the back colour on the right. Rotate with `quarter_turns`."""
        return self._cached(("side", -1, width, dpr, quarter_turns), self._paint_side,
                            logical_width=max(4, round(width * 0.6)), logical_height=tile_height(width))

    def draw_face(self, painter: QPainter, rect: QRectF, kind: int) -> None:
        """Paint the face-up tile ``kind`` straight into ``painter`` at ``rect`` (in the painter's
        coordinates, however turned or scaled; about 3:4), not through a cached picture."""
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.translate(rect.topLeft())
        self._paint_face(painter, rect.width(), rect.height(), kind)
        painter.restore()

    def clear_cache(self) -> None:
        self._cache.clear()

    def cache_size(self) -> int:
        return len(self._cache)

    # -- caching and pixmap set-up --------------------------------------------------------------

    def _cached(self, key: tuple[str, int, int, float, int], paint: Callable[[QPainter, float, float], None],
                logical_width: int | None = None, logical_height: int | None = None) -> QPixmap:
        kind_key = (key[0], key[1], key[2], float(key[3]), key[4] % 4)
        hit = self._cache.get(kind_key)
        if hit is not None:
            return hit
        _, _, width, dpr, turns = kind_key
        if width < 4 or dpr <= 0:
            raise ValueError(f"bad tile size {width} at dpr {dpr}")
        w = logical_width if logical_width is not None else width
        h = logical_height if logical_height is not None else tile_height(width)
        pix = QPixmap(max(1, round(w * dpr)), max(1, round(h * dpr)))
        pix.setDevicePixelRatio(dpr)
        pix.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pix)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        try:
            paint(painter, float(w), float(h))
        finally:
            painter.end()
        if turns:
            # Quarter turns move whole device pixels, so FastTransformation loses nothing.
            pix = pix.transformed(QTransform().rotate(90 * turns), Qt.TransformationMode.FastTransformation)
            pix.setDevicePixelRatio(dpr)
        self._cache[kind_key] = pix
        return pix

    # -- the tile body ----------------------------------------------------------------------------

    def _lw(self, w: float) -> float:
        return max(0.8, w * 0.028) * self.theme.outline_scale

    def _body(self, p: QPainter, w: float, h: float, top: str, bottom: str, edge: str,
              under: str, under_dark: str) -> QRectF:
        """Draw the two-layer tile body and return the face rectangle. `top`/`bottom` colour
        the face gradient, `edge` the visible edge of the face layer, `under` the lower layer."""
        t = self.theme
        lw = self._lw(w)
        outer = QRectF(lw / 2, lw / 2, w - lw, h - lw)
        radius = w * 0.13
        depth = max(2.0, h * 0.085)

        # Lower layer: the whole outline, so the band at the bottom shows its colour.
        grad = QLinearGradient(0, outer.bottom() - depth, 0, outer.bottom())
        grad.setColorAt(0, QColor(under))
        grad.setColorAt(1, QColor(under_dark))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(grad))
        p.drawRoundedRect(outer, radius, radius)

        # Upper layer's edge, then the face on top of it.
        upper = QRectF(outer.x(), outer.y(), outer.width(), outer.height() - depth * 0.5)
        p.setBrush(QColor(edge))
        p.drawRoundedRect(upper, radius, radius)
        face = QRectF(outer.x(), outer.y(), outer.width(), outer.height() - depth)
        grad = QLinearGradient(0, face.top(), 0, face.bottom())
        grad.setColorAt(0, QColor(top))
        grad.setColorAt(1, QColor(bottom))
        p.setBrush(QBrush(grad))
        p.drawRoundedRect(face, radius, radius)

        # A faint lit rim on the face's top-left reads as a bevel.
        rim = QColor("#ffffff")
        rim.setAlpha(150)
        p.setPen(QPen(rim, max(0.6, lw * 0.7)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        inset = lw * 0.9
        p.drawRoundedRect(face.adjusted(inset, inset, -inset, -inset), radius * 0.8, radius * 0.8)
        shade = QColor(t.outline)
        shade.setAlpha(70)
        p.setPen(QPen(shade, max(0.5, lw * 0.5)))
        p.drawLine(QPointF(face.left() + radius * 0.6, face.bottom()),
                   QPointF(face.right() - radius * 0.6, face.bottom()))

        p.setPen(QPen(QColor(t.outline), lw))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(outer, radius, radius)
        return face

    def _paint_back(self, p: QPainter, w: float, h: float) -> None:
        t = self.theme
        # Face down, the ivory half is underneath: the bottom bands show ivory, not green.
        face = self._body(p, w, h, t.back_pattern, t.body, t.face_edge, t.face_top, t.face_edge)
        # Re-fill the face with a flat back colour plus a light top so it reads as the same
        # material as the body; the gradient above was only a placeholder for the bevel.
        radius = w * 0.13
        grad = QLinearGradient(0, face.top(), 0, face.bottom())
        grad.setColorAt(0, QColor(t.body).lighter(118))
        grad.setColorAt(1, QColor(t.body))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(grad))
        lw = self._lw(w)
        inner = face.adjusted(lw * 0.5, lw * 0.5, -lw * 0.5, -lw * 0.5)
        p.drawRoundedRect(inner, radius * 0.9, radius * 0.9)

        # Diamond lattice clipped to an inset panel: a quiet pattern that still says "back".
        panel = inner.adjusted(w * 0.14, w * 0.14, -w * 0.14, -w * 0.14)
        pat = QColor(t.back_pattern)
        pat.setAlpha(110)
        p.save()
        clip = QPainterPath()
        clip.addRoundedRect(panel, radius * 0.5, radius * 0.5)
        p.setClipPath(clip)
        p.setPen(QPen(pat, max(0.6, w * 0.022)))
        step = max(4.0, w * 0.2)
        n = int((panel.width() + panel.height()) / step) + 2
        for i in range(-n, n + 1):
            x = panel.left() + i * step
            p.drawLine(QPointF(x, panel.top()), QPointF(x + panel.height(), panel.bottom()))
            p.drawLine(QPointF(x, panel.bottom()), QPointF(x + panel.height(), panel.top()))
        p.restore()
        border = QColor(t.back_pattern)
        border.setAlpha(230)
        p.setPen(QPen(border, max(0.8, w * 0.035)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(panel, radius * 0.5, radius * 0.5)
        # Outline again: the fills above painted over its inner half.
        outer_lw = lw
        p.setPen(QPen(QColor(t.outline), outer_lw))
        p.drawRoundedRect(QRectF(outer_lw / 2, outer_lw / 2, w - outer_lw, h - outer_lw), radius, radius)

    def _paint_side(self, p: QPainter, w: float, h: float) -> None:
        t = self.theme
        lw = self._lw(w / 0.6)
        outer = QRectF(lw / 2, lw / 2, w - lw, h - lw)
        radius = min(w, h) * 0.18
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(t.body))
        p.drawRoundedRect(outer, radius, radius)
        ivory = QRectF(outer.x(), outer.y(), outer.width() * 0.58, outer.height())
        grad = QLinearGradient(ivory.left(), 0, ivory.right(), 0)
        grad.setColorAt(0, QColor(t.face_top))
        grad.setColorAt(1, QColor(t.face_edge))
        p.setBrush(QBrush(grad))
        path = QPainterPath()
        path.addRoundedRect(outer, radius, radius)
        clip = QPainterPath()
        clip.addRect(ivory)
        p.drawPath(path.intersected(clip))
        p.setPen(QPen(QColor(t.body_dark), max(0.6, lw * 0.6)))
        p.drawLine(QPointF(ivory.right(), outer.top()), QPointF(ivory.right(), outer.bottom()))
        p.setPen(QPen(QColor(t.outline), lw))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(outer, radius, radius)

    # -- faces ------------------------------------------------------------------------------------

    def _paint_face(self, p: QPainter, w: float, h: float, kind: int) -> None:
        t = self.theme
        face = self._body(p, w, h, t.face_top, t.face_bottom, t.face_edge, t.body, t.body_dark)
        paint_face(p, t, face, w, kind)


# -- module-level conveniences ----------------------------------------------------------------------

_SHARED: dict[str, TileArt] = {}


def get_art(theme: str = "classic") -> TileArt:
    """The shared TileArt for `theme`, so every widget uses one cache."""
    art = _SHARED.get(theme)
    if art is None:
        art = _SHARED[theme] = TileArt(theme)
    return art


def face(kind: int, width: int, dpr: float = 1.0, theme: str = "classic") -> QPixmap:
    return get_art(theme).face(kind, width, dpr)


def back(width: int, dpr: float = 1.0, theme: str = "classic") -> QPixmap:
    return get_art(theme).back(width, dpr)


def side(width: int, dpr: float = 1.0, theme: str = "classic") -> QPixmap:
    return get_art(theme).side(width, dpr)


def clear_cache() -> None:
    """Drop every shared pixmap (e.g. after a screen or theme change)."""
    for art in _SHARED.values():
        art.clear_cache()


def contact_sheet(widths: tuple[int, ...] = (32, 64), themes: tuple[str, ...] = ("classic", "contrast"),
                  dpr: float = 1.0) -> QImage:
    """All 21 faces plus a back, a side and a turned face, for each theme and width, on a
    felt-green background: one block of three rows (万, 饼, 条) per (theme, width)."""
    gap = 6
    blocks = [(TileArt(th), wd) for th in themes for wd in widths]
    sheet_w = max(gap + 9 * (wd + gap) + tile_height(wd) + gap for _, wd in blocks)
    sheet_h = sum(3 * (tile_height(wd) + gap) + gap * 3 for _, wd in blocks) + gap
    img = QImage(round(sheet_w * dpr), round(sheet_h * dpr), QImage.Format.Format_ARGB32_Premultiplied)
    img.setDevicePixelRatio(dpr)
    img.fill(QColor("#2e6b4a"))
    p = QPainter(img)
    y = gap
    for art, wd in blocks:
        th = tile_height(wd)
        for suit in range(3):
            x = gap
            for rank in range(7):
                p.drawPixmap(QPointF(x, y), art.face(suit * 7 + rank, wd, dpr))
                x += wd + gap
            x += gap
            if suit == 0:
                p.drawPixmap(QPointF(x, y), art.back(wd, dpr))
                x += wd + gap
                p.drawPixmap(QPointF(x, y), art.side(wd, dpr))
            elif suit == 1:
                p.drawPixmap(QPointF(x, y), art.face(suit * 7 + 3, wd, dpr, quarter_turns=1))
            y += th + gap
        y += gap * 2
    p.end()
    return img

