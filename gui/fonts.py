"""Fonts with Chinese glyphs on every system: the first installed CJK family wins."""

from __future__ import annotations

from PySide6.QtGui import QFont

CJK_FAMILIES = [
    "WenQuanYi Micro Hei", "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC",
    "Microsoft YaHei", "PingFang SC", "Hiragino Sans GB", "SimHei", "Sans Serif",
]


def ui_font(point_size: int, bold: bool = False) -> QFont:
    font = QFont()
    font.setFamilies(CJK_FAMILIES)
    font.setPixelSize(point_size)
    font.setBold(bold)
    return font
