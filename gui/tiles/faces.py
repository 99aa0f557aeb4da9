"""What is printed on a tile's face, for :class:`gui.tiles.art.TileArt`: the 万 numerals and
萬, the dots (饼) and the bamboo sticks (条), and the corner index, in a :class:`TileTheme`.

Everything is drawn with QPainter in logical pixels; characters are turned into paths (so
they scale smoothly and can be thickened), never drawn as text.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
    QTransform,
)

from engine.game.tiles import rank_of, suit_of
from gui.tiles.themes import FONT_FAMILIES, TileTheme

CN_NUMERALS = {2: "二", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八"}

SUIT_M, SUIT_P, SUIT_S = 0, 1, 2

# Glyphs are turned into paths at this pixel size and then scaled, so sizes are not rounded
# to whole pixels (QFont.setPixelSize takes an int) and every size gets the same shapes.
_REF_PX = 100

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
    6: (0.17, [(u, v, 0.43, 0.0, c) for v, c in ((0.25, "g"), (0.75, "b")) for u in (0.18, 0.5, 0.82)]),
    # 7: one red stick on top, then two rows of three.
    7: (0.16, [(0.5, 0.145, 0.27, 0, "r")]
        + [(u, v, 0.27, 0.0, c) for v, c in ((0.5, "g"), (0.855, "b")) for u in (0.18, 0.5, 0.82)]),
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


# -- the face --------------------------------------------------------------------------------------

def paint_face(p: QPainter, t: TileTheme, face: QRectF, w: float, kind: int) -> None:
    """What is printed on the face of tile `kind`: the picture (萬 numeral, dots or bamboo)
    and the corner index, inside the `face` rectangle of a tile `w` wide."""
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
        _paint_wan(p, t, area, rank)
    elif suit == SUIT_P:
        _paint_dots(p, t, area, rank)
    else:
        _paint_sticks(p, t, area, rank)

    if suit != SUIT_M or t.index_band:
        _paint_index(p, t, face, rank, suit, index_px, w)


def _paint_index(p: QPainter, t: TileTheme, face: QRectF, rank: int, suit: int, px: float, w: float) -> None:
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


def _paint_wan(p: QPainter, t: TileTheme, area: QRectF, rank: int) -> None:
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


def _colour(t: TileTheme, key: str, stick: bool) -> QColor:
    if key == "r":
        return QColor(t.red)
    if key == "g":
        return QColor(t.stick_green if stick else t.dot_green)
    return QColor(t.stick_blue if stick else t.dot_blue)


def _paint_dots(p: QPainter, t: TileTheme, area: QRectF, rank: int) -> None:
    box, unit = _fit_box(area)
    r_frac, dots = _DOTS[rank]
    r = r_frac * unit
    for u, v, key in dots:
        c = QPointF(box.left() + u * box.width(), box.top() + v * box.height())
        _dot(p, t, c, r, _colour(t, key, stick=False))


def _dot(p: QPainter, t: TileTheme, c: QPointF, r: float, colour: QColor) -> None:
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
    p.setBrush(QColor(t.face_top))
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
    p.setBrush(QColor(t.face_top))
    p.drawEllipse(c, inner * 0.32, inner * 0.32)


def _paint_sticks(p: QPainter, t: TileTheme, area: QRectF, rank: int) -> None:
    box, unit = _fit_box(area)
    sw_frac, sticks = _STICKS[rank]
    sw = sw_frac * unit
    for u, v, length, angle, key in sticks:
        c = QPointF(box.left() + u * box.width(), box.top() + v * box.height())
        _stick(p, c, sw, length * box.height(), angle, _colour(t, key, stick=True))


def _stick(p: QPainter, c: QPointF, sw: float, length: float, angle: float, colour: QColor) -> None:
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


__all__ = ["CN_NUMERALS", "SUIT_M", "SUIT_P", "SUIT_S", "paint_face"]
