"""The table's look in one place: colours, text sizes and the pens of the tile highlights.

Text sizes are pixel sizes in scene units. The view scales the 1600×1000 scene to the window
with its aspect ratio kept; at the smallest window (1024×700, less the menu and the action bar)
the scale is about 0.6, so no table text is smaller than :data:`MIN_TEXT_PX` = 19, which is
11 pixels or more on screen down to a view scale of 0.58.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont

from . import fonts

MIN_TEXT_PX = 19

# -- text sizes (scene pixels) ------------------------------------------------------------------
PLATE_NAME_PX = 21
PLATE_DETAIL_PX = MIN_TEXT_PX
LOG_PX = MIN_TEXT_PX
CENTRE_TITLE_PX = 20
CENTRE_TILES_LEFT_PX = 28
CENTRE_DETAIL_PX = MIN_TEXT_PX
DICE_PX = 40
WALL_MARK_PX = MIN_TEXT_PX
CALL_PX = 72


def font(px: int, bold: bool = False) -> QFont:
    return fonts.ui_font(px, bold)


# -- felt -----------------------------------------------------------------------------------------
FELT_BASE = QColor(18, 60, 40)  # behind the scene, where the window is wider than the table
FELT_LIGHT = QColor(40, 120, 80)
FELT_DARK = QColor(18, 70, 45)
FELT_RIM = QColor(255, 255, 255, 25)
BOX_TOP = QColor(25, 85, 55)
BOX_BOTTOM = QColor(12, 52, 33)
BOX_RIM = QColor(255, 255, 255, 40)

# -- text -------------------------------------------------------------------------------------------
TEXT = QColor(245, 240, 220)
TEXT_DIM = QColor(200, 214, 196)
TEXT_SHADOW = QColor(0, 0, 0, 150)
GOLD = QColor(255, 214, 110)

# -- name plates --------------------------------------------------------------------------------------
PLATE_FILL = QColor(8, 40, 26, 200)
PLATE_RIM = QColor(255, 255, 255, 45)
PLATE_FILL_LIT = QColor(120, 84, 10, 230)  # the seat to act
PLATE_RIM_LIT = QColor(255, 210, 90)
TURN_GLOW = QColor(255, 210, 90, 210)  # the centre box's edge toward the seat to act
DEALER_BADGE = QColor(200, 48, 40)
READY_BADGE = QColor(230, 110, 30)
BADGE_TEXT = QColor(255, 248, 235)

# -- the log panel --------------------------------------------------------------------------------------
PANEL_FILL = QColor(6, 32, 21, 170)
PANEL_RIM = QColor(255, 255, 255, 30)

# -- wall marks: where the next draw and the next kong replacement come from ----------------------------
MARK_FRONT = QColor(255, 214, 110)
MARK_BACK = QColor(140, 200, 255)
MARK_BREAK = QColor(235, 235, 235)

# -- calls shown on the table (胡, 自摸, 杠, 报听) --------------------------------------------------------
CALL_COLOURS = {
    "win": QColor(255, 92, 70),
    "self_draw": QColor(255, 200, 60),
    "kong": QColor(120, 220, 160),
    "ready": QColor(255, 150, 60),
}
CALL_OUTLINE = QColor(40, 14, 6, 230)

# -- tile highlights -------------------------------------------------------------------------------------
TILE_DIM = QColor(0, 0, 0, 90)
TILE_LOWER = QColor(0, 0, 0, 70)  # the bottom layer of the wall
TILE_ZONE = QColor(255, 200, 40, 70)  # the 海捞区
TILE_SELECTED = QColor(40, 140, 255)  # keyboard selection
TILE_LATEST = QColor(255, 120, 0)  # the latest discard: the tile that can be claimed now
