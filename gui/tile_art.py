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
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
    QTransform,
)

from engine.tiles import NUM_KINDS, rank_of, suit_of

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


# Tried in order; WenQuanYi ships on most Linux desktops, YaHei/PingFang on Windows/macOS.
FONT_FAMILIES = [
    "WenQuanYi Micro Hei",
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "Microsoft YaHei",
    "PingFang SC",
    "Heiti SC",
    "SimHei",
    "sans-serif",
]

CN_NUMERALS = {2: "二", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八"}

SUIT_M, SUIT_P, SUIT_S = 0, 1, 2

# Glyphs are turned into paths at this pixel size and then scaled, so sizes are not rounded
# to whole pixels (QFont.setPixelSize takes an int) and every size gets the same shapes.
_REF_PX = 100


def tile_height(width: int) -> int:
    """Height of a tile picture `width` logical pixels wide (tiles are about 3:4)."""
    return round(width * 4 / 3)


@dataclass(frozen=True)
class TileTheme:
    """Colours and layout switches of one look. Colours are '#rrggbb' strings so the
    dataclass stays hashable and cheap to compare."""

    name: str
    face_top: str  # face gradient, top (lit) to bottom
    face_bottom: str
    face_edge: str  # the ivory layer's visible edge below the face
    body: str  # the coloured back layer (also the back of the tile)
    body_dark: str
    back_pattern: str  # lattice and border drawn on backs
    outline: str
    ink: str  # 万 numerals
    red: str  # 萬 and red dots/sticks
    dot_blue: str
    dot_green: str
    stick_green: str
    stick_blue: str
    index_ink: tuple[str, str, str]  # corner rank numeral colour per suit m, p, s
    index_scale: float  # corner numeral height as a fraction of the tile width
    index_band: bool  # True: the index gets its own band and the picture shrinks below it
    wan_glyph: str  # "萬" (traditional, as on real tiles) or "万" (simpler at small sizes)
    outline_scale: float = 1.0


THEMES: dict[str, TileTheme] = {
    "classic": TileTheme(
        name="classic",
        face_top="#fffdf4",
        face_bottom="#efe6cc",
        face_edge="#d9cda8",
        body="#1f7a4a",
        body_dark="#0f4d2c",
        back_pattern="#3fa46c",
        outline="#4a4436",
        ink="#1a2550",
        red="#c8161d",
        dot_blue="#1f4fa8",
        dot_green="#1d8047",
        stick_green="#1e8a4a",
        stick_blue="#1c5a8c",
        index_ink=("#7a1418", "#1f3f88", "#17663a"),
        index_scale=0.27,
        index_band=False,
        wan_glyph="萬",
    ),
    # Pure white face, black outline and a big suit-coloured corner numeral that has its own
    # band, for small screens and weak eyesight; 万 is used because 萬 clogs up when small.
    "contrast": TileTheme(
        name="contrast",
        face_top="#ffffff",
        face_bottom="#f4f4f4",
        face_edge="#c9c9c9",
        body="#1b3f9c",
        body_dark="#0b1f5a",
        back_pattern="#ffcc33",
        outline="#000000",
        ink="#000000",
        red="#d40000",
        dot_blue="#0033cc",
        dot_green="#007a2e",
        stick_green="#00802b",
        stick_blue="#003d99",
        index_ink=("#b00000", "#0033cc", "#006b24"),
        index_scale=0.36,
        index_band=True,
        wan_glyph="万",
        outline_scale=1.6,
    ),
    # Classic faces on blue backs, for players who want to tell their set from a green felt.
    "blue": TileTheme(
        name="blue",
        face_top="#fffdf4",
        face_bottom="#efe6cc",
        face_edge="#d9cda8",
        body="#1d56a3",
        body_dark="#0e2f63",
        back_pattern="#4f86cf",
        outline="#4a4436",
        ink="#1a2550",
        red="#c8161d",
        dot_blue="#1f4fa8",
        dot_green="#1d8047",
        stick_green="#1e8a4a",
        stick_blue="#1c5a8c",
        index_ink=("#7a1418", "#1f3f88", "#17663a"),
        index_scale=0.27,
        index_band=False,
        wan_glyph="萬",
    ),
}

# Dot layouts in a 3:4 design box (u across, v down, both 0..1), as on real tiles:
# (u, v, colour key). Radii are fractions of the box width.
_DOTS: dict[int, tuple[float, list[tuple[float, float, str]]]] = {
    2: (0.27, [(0.5, 0.25, "g"), (0.5, 0.75, "b")]),
    3: (0.2, [(0.2, 0.15, "b"), (0.5, 0.5, "r"), (0.8, 0.85, "g")]),
    4: (0.215, [(0.26, 0.24, "b"), (0.74, 0.24, "g"), (0.26, 0.76, "g"), (0.74, 0.76, "b")]),
    5: (0.19, [(0.22, 0.17, "b"), (0.78, 0.17, "g"), (0.5, 0.5, "r"),
               (0.22, 0.83, "g"), (0.78, 0.83, "b")]),
    6: (0.18, [(0.27, 0.14, "g"), (0.73, 0.14, "g"),
               (0.27, 0.55, "r"), (0.73, 0.55, "r"), (0.27, 0.86, "r"), (0.73, 0.86, "r")]),
    # 7: three green dots running diagonally down across the top, four red in a square below.
    7: (0.15, [(0.19, 0.1, "g"), (0.5, 0.2, "g"), (0.81, 0.3, "g"),
               (0.27, 0.6, "r"), (0.73, 0.6, "r"), (0.27, 0.88, "r"), (0.73, 0.88, "r")]),
    8: (0.155, [(u, v, "b") for v in (0.115, 0.372, 0.628, 0.885) for u in (0.27, 0.73)]),
}

# Bamboo layouts: (stick width as a fraction of box width,
#   [(u, v, length as a fraction of box height, angle in degrees clockwise, colour key)]).
_STICKS: dict[int, tuple[float, list[tuple[float, float, float, float, str]]]] = {
    2: (0.23, [(0.5, 0.25, 0.43, 0, "g"), (0.5, 0.75, 0.43, 0, "b")]),
    3: (0.2, [(0.5, 0.25, 0.43, 0, "b"), (0.26, 0.75, 0.43, 0, "g"), (0.74, 0.75, 0.43, 0, "g")]),
    4: (0.2, [(0.27, 0.25, 0.43, 0, "b"), (0.73, 0.25, 0.43, 0, "g"),
               (0.27, 0.75, 0.43, 0, "g"), (0.73, 0.75, 0.43, 0, "b")]),
    5: (0.17, [(0.16, 0.25, 0.43, 0, "g"), (0.84, 0.25, 0.43, 0, "b"), (0.5, 0.5, 0.43, 0, "r"),
               (0.16, 0.75, 0.43, 0, "b"), (0.84, 0.75, 0.43, 0, "g")]),
    6: (0.17, [(u, v, 0.43, 0, c) for v, c in ((0.25, "g"), (0.75, "b")) for u in (0.18, 0.5, 0.82)]),
    # 7: one red stick on top, then two rows of three.
    7: (0.16, [(0.5, 0.145, 0.27, 0, "r")]
        + [(u, v, 0.27, 0, c) for v, c in ((0.5, "g"), (0.855, "b")) for u in (0.18, 0.5, 0.82)]),
    # 8: the traditional M over W: outer sticks upright, inner pairs leaning together on top
    # (/\) and apart below (\/).
    8: (0.13, [(0.08, 0.25, 0.43, 0, "g"), (0.375, 0.25, 0.45, 18, "g"), (0.625, 0.25, 0.45, -18, "g"),
               (0.92, 0.25, 0.43, 0, "g"),
               (0.08, 0.75, 0.43, 0, "b"), (0.375, 0.75, 0.45, -18, "b"), (0.625, 0.75, 0.45, 18, "b"),
               (0.92, 0.75, 0.43, 0, "b")]),
}


def _font() -> QFont:
    font = QFont()
    font.setFamilies(FONT_FAMILIES)
    font.setPixelSize(_REF_PX)
    # Paths ignore hinting anyway; antialiasing is done by the painter.
    font.setStyleStrategy(QFont.StyleStrategy.PreferAntialias)
    return font


def _glyph_path(text: str, px: float, font: QFont | None = None) -> QPainterPath:
    """`text` as a path `px` pixels tall (em size), origin at its baseline start."""
    path = QPainterPath()
    path.addText(QPointF(0, 0), font or _font(), text)
    scale = px / _REF_PX
    return QTransform.fromScale(scale, scale).map(path)


def _draw_glyph(p: QPainter, text: str, px: float, centre: QPointF, colour: QColor,
                weight: float = 0.0, max_size: tuple[float, float] | None = None,
                font: QFont | None = None) -> None:
    """Fill `text` centred on its ink (not its em box), so 二 and 八 sit in the middle of
    their area. `weight` thickens strokes by stroking the outline in the same colour, which
    stands in for a bold face (WenQuanYi has none). `max_size` shrinks the glyph if its ink
    would exceed (w, h)."""
    path = _glyph_path(text, px, font)
    box = path.boundingRect()
    if max_size is not None and box.width() > 0 and box.height() > 0:
        shrink = min(1.0, max_size[0] / box.width(), max_size[1] / box.height())
        if shrink < 1.0:
            path = QTransform.fromScale(shrink, shrink).map(path)
            weight *= shrink
            box = path.boundingRect()
    path.translate(centre - box.center())
    p.setBrush(colour)
    if weight > 0:
        pen = QPen(colour, weight)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        p.setPen(pen)
    else:
        p.setPen(Qt.PenStyle.NoPen)
    p.drawPath(path)


def _fit_box(area: QRectF, lo: float = 0.75, hi: float = 0.95) -> tuple[QRectF, float]:
    """The design box for dots and sticks: `area` itself if its width/height lies in [lo, hi],
    else the largest centred box clamped to that range. Layouts are given in 0..1 of the box,
    so a squatter box (the contrast theme's, below its index band) spreads them sideways
    instead of shrinking everything. Also returns the unit for sizes (radii, stick widths):
    the width a 3:4 box of this height would have, so shapes never outgrow their slots."""
    w, h = area.width(), area.height()
    aspect = w / h
    if aspect > hi:
        w = h * hi
    elif aspect < lo:
        h = w / lo
    box = QRectF(area.center().x() - w / 2, area.center().y() - h / 2, w, h)
    return box, min(w, h * 0.75)


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
        suit, rank = suit_of(kind), rank_of(kind)

        index_px = w * t.index_scale
        pad_x, pad_y = w * 0.1, w * 0.09
        area = face.adjusted(pad_x, pad_y, -pad_x, -pad_y)
        if t.index_band:
            # The picture moves below the index band and loses some height; widths stay.
            area = face.adjusted(w * 0.08, index_px * 0.85 + w * 0.1, -w * 0.08, -w * 0.06)
        elif suit != SUIT_M:
            # Leave the top-left corner to the small index: shrink the picture a little.
            area.adjust(w * 0.07, index_px * 0.45, 0, 0)

        if suit == SUIT_M:
            self._paint_wan(p, area, rank, w)
        elif suit == SUIT_P:
            self._paint_dots(p, area, rank)
        else:
            self._paint_sticks(p, area, rank)

        if suit != SUIT_M or t.index_band:
            self._paint_index(p, face, rank, suit, index_px, w)

    def _paint_index(self, p: QPainter, face: QRectF, rank: int, suit: int, px: float, w: float) -> None:
        t = self.theme
        colour = QColor(t.index_ink[suit])
        font = _font()
        if t.index_band:
            font.setBold(True)
        path = _glyph_path(str(rank), px, font)
        box = path.boundingRect()
        x = face.left() + w * (0.09 if t.index_band else 0.075)
        y = face.top() + w * (0.06 if t.index_band else 0.055)
        path.translate(QPointF(x, y) - box.topLeft())
        if not t.index_band:
            # A halo in the face colour keeps the numeral legible where it meets the picture.
            halo = QPen(QColor(t.face_top), max(1.0, w * 0.05))
            halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            p.setPen(halo)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
        p.setPen(QPen(colour, px * (0.06 if t.index_band else 0.05)))
        p.setBrush(colour)
        p.drawPath(path)
        if t.index_band:
            # Suit name beside the big numeral, in the same colour, as a second cue.
            suit_char = ("万", "饼", "条")[suit]
            spx = px * 0.5
            sp = _glyph_path(suit_char, spx, _font())
            sbox = sp.boundingRect()
            right = face.right() - w * 0.09
            sp.translate(QPointF(right - sbox.width(), y + box.height() - sbox.height()) - sbox.topLeft())
            p.setPen(QPen(colour, spx * 0.03))
            p.drawPath(sp)

    def _paint_wan(self, p: QPainter, area: QRectF, rank: int, w: float) -> None:
        t = self.theme
        split = 0.45  # numeral gets the top 45 %, 萬 the rest, as on printed tiles
        top = QRectF(area.x(), area.y(), area.width(), area.height() * split)
        bottom = QRectF(area.x(), area.y() + area.height() * split, area.width(), area.height() * (1 - split))
        num_px = min(top.width() * 1.1, top.height() * 1.35)
        # Centred a little above the middle of its band so it never touches 萬.
        centre = QPointF(top.center().x(), top.center().y() - top.height() * 0.04)
        _draw_glyph(p, CN_NUMERALS[rank], num_px, centre, QColor(t.ink), weight=num_px * 0.08,
                    max_size=(top.width() * 0.9, top.height() * 0.84))
        wan_px = min(bottom.width() * 1.08, bottom.height() * 1.05)
        _draw_glyph(p, t.wan_glyph, wan_px, bottom.center(), QColor(t.red), weight=wan_px * 0.03,
                    max_size=(bottom.width() * 1.0, bottom.height() * 0.98))

    def _colour(self, key: str, stick: bool) -> QColor:
        t = self.theme
        if key == "r":
            return QColor(t.red)
        if key == "g":
            return QColor(t.stick_green if stick else t.dot_green)
        return QColor(t.stick_blue if stick else t.dot_blue)

    def _paint_dots(self, p: QPainter, area: QRectF, rank: int) -> None:
        box, unit = _fit_box(area)
        r_frac, dots = _DOTS[rank]
        r = r_frac * unit
        for u, v, key in dots:
            c = QPointF(box.left() + u * box.width(), box.top() + v * box.height())
            self._dot(p, c, r, self._colour(key, stick=False))

    def _dot(self, p: QPainter, c: QPointF, r: float, colour: QColor) -> None:
        """A coin: coloured rim, ivory gap, coloured centre. Large coins (the 2 and 3 of dots)
        get a ring of petals between rim and centre like printed tiles; small ones stay simple
        so they do not turn to mush."""
        dark = colour.darker(135)
        light = colour.lighter(150)
        p.setPen(QPen(dark, max(0.5, r * 0.1)))
        grad = QRadialGradient(c + QPointF(-r * 0.3, -r * 0.3), r * 1.3)
        grad.setColorAt(0, light)
        grad.setColorAt(1, colour)
        p.setBrush(QBrush(grad))
        p.drawEllipse(c, r, r)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(self.theme.face_top))
        p.drawEllipse(c, r * 0.7, r * 0.7)
        if r >= 6:
            p.setBrush(light)
            petals = 8
            for i in range(petals):
                a = 2 * math.pi * i / petals
                pc = c + QPointF(math.cos(a) * r * 0.52, math.sin(a) * r * 0.52)
                p.drawEllipse(pc, r * 0.13, r * 0.13)
        p.setBrush(colour)
        p.setPen(QPen(dark, max(0.4, r * 0.06)))
        inner = r * (0.36 if r >= 6 else 0.42)
        p.drawEllipse(c, inner, inner)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(self.theme.face_top))
        p.drawEllipse(c, inner * 0.32, inner * 0.32)

    def _paint_sticks(self, p: QPainter, area: QRectF, rank: int) -> None:
        box, unit = _fit_box(area)
        sw_frac, sticks = _STICKS[rank]
        sw = sw_frac * unit
        for u, v, length, angle, key in sticks:
            c = QPointF(box.left() + u * box.width(), box.top() + v * box.height())
            self._stick(p, c, sw, length * box.height(), angle, self._colour(key, stick=True))

    def _stick(self, p: QPainter, c: QPointF, sw: float, length: float, angle: float,
               colour: QColor) -> None:
        """One bamboo stick: a rounded cane with swollen joints at both ends and the middle
        and a light streak, drawn upright around `c` and then turned by `angle`."""
        p.save()
        p.translate(c)
        p.rotate(angle)
        dark = colour.darker(150)
        light = colour.lighter(165)
        half = length / 2
        body = QRectF(-sw / 2, -half, sw, length)
        grad = QLinearGradient(-sw / 2, 0, sw / 2, 0)
        grad.setColorAt(0, colour.darker(115))
        grad.setColorAt(0.35, light)
        grad.setColorAt(1, colour.darker(125))
        p.setPen(QPen(dark, max(0.45, sw * 0.1)))
        p.setBrush(QBrush(grad))
        p.drawRoundedRect(body, sw * 0.45, sw * 0.45)
        # Joints: slightly wider dark bands.
        jw, jh = sw * 1.28, max(0.9, sw * 0.34)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(dark)
        for y in (-half + jh * 0.55, 0.0, half - jh * 0.55):
            p.drawRoundedRect(QRectF(-jw / 2, y - jh / 2, jw, jh), jh * 0.5, jh * 0.5)
        p.restore()


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
