"""A row of tile faces in one pixmap: a hand revealed at the end of a hand, the profile's best
hand."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPixmap

from gui import theme
from gui.tiles.art import TileArt, tile_height

TILE_W = 34  # px: the tiles of the revealed hands


def row_width(width: int, tiles: int, groups: int) -> int:
    """How wide :func:`tile_row` draws ``tiles`` faces in ``groups`` groups (the winning tile
    counts as a group of its own) at tile ``width``."""
    return tiles * (width + 1) + (width // 3) * groups


def tile_row(art: TileArt, kinds: Sequence[int], width: int = TILE_W, kongs: Sequence[int] = (),
             highlight: int | None = None, dpr: float = 2.0) -> QPixmap:
    """One pixmap showing a row of tile faces, then the kongs, the winning tile apart."""
    h = tile_height(width)
    groups: list[list[int]] = [list(kinds)] + [[k] * 4 for k in kongs]
    extra = 1 if highlight is not None else 0
    total = sum(len(g) for g in groups) + extra
    canvas = QPixmap(round(row_width(width, total, len(groups) + extra) * dpr), round((h + 4) * dpr))
    canvas.setDevicePixelRatio(dpr)
    canvas.fill(Qt.GlobalColor.transparent)
    painter = QPainter(canvas)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    x = 0.0
    sequence = [*groups, [highlight]] if highlight is not None else groups
    for n, group in enumerate(sequence):
        for kind in group:
            face = art.face(kind, round(width * dpr), 1.0)
            painter.drawPixmap(round(x), 2, width, h, face)
            if n == len(sequence) - 1 and highlight is not None:
                painter.setPen(theme.TILE_LATEST)
                painter.drawRoundedRect(round(x), 2, width - 1, h - 1, 4, 4)
            x += width + 1
        x += width // 3
    painter.end()
    return canvas


__all__ = ["TILE_W", "row_width", "tile_row"]
