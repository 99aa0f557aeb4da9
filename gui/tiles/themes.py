"""The looks of the tile art: :class:`TileTheme` (colours and layout switches) and the
:data:`THEMES` the player can choose from, plus the fonts the tiles' characters are drawn in."""

from __future__ import annotations

from dataclasses import dataclass, replace

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
}
# Classic faces on blue backs, for players who want to tell their set from a green felt.
THEMES["blue"] = replace(THEMES["classic"], name="blue", body="#1d56a3", body_dark="#0e2f63",
                         back_pattern="#4f86cf")

__all__ = ["FONT_FAMILIES", "THEMES", "TileTheme"]
