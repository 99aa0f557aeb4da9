"""The game's look in one place: every colour, the shared fonts, the felts and the style sheets.

Colours are named once, as ``"#rrggbb"`` strings (style sheets take them as they are, painters
as ``QColor(theme.NAME)``); the table's scene colours are ``QColor`` constants further down.
There is one gold, :data:`GOLD`; the other gold tones are the stops of the gold gradient
(:func:`gold_gradient`) that big titles and bars are painted with. Tile colours are not here:
they are the tile painter's data (:mod:`gui.tiles.themes`).

Text sizes on the table are pixel sizes in scene units. The view scales the 1600×1000 scene to
the window with its aspect ratio kept; at the smallest window (about 800×560, less the menu and
the action bar) the scale is about 0.47, so no table text is smaller than :data:`MIN_TEXT_PX` =
24, which is 11 pixels or more on screen down to a view scale of 0.46.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QSize
from PySide6.QtGui import QColor, QFont

from gui import fonts
from gui.parts.felt import FeltLook

if TYPE_CHECKING:
    from PySide6.QtGui import QLinearGradient

# -- the palette ----------------------------------------------------------------------------------
# felt greens
FELT = "#17623d"  # titles, selections and the line chart on ivory
FELT_DEEP = "#0c3f26"  # the dark end of the dialog header and of the level medallion
FELT_BAND = "#1f7a4b"  # the light end of the dialog header
FELT_LIT = "#2f9a5d"  # the lit side of the level medallion
FELT_MID = "#1a6b41"  # the start screen's and the profile page's felt: middle …
FELT_EDGE = "#0a3520"  # … and edges
START_FELT_LIGHT = "#2c8f5a"
PROFILE_FELT_LIGHT = "#2a8a56"
BAR = "#0d3a26"  # the action bar and the replay bar
PANEL = "#0e3322"  # dark panels and their tables
PANEL_DEEP = "#0b2b1c"
DARK_DIALOG = "#123d2a"  # the end of a hand, the standings
PANEL_HEADER = "#1d5a3d"
PANEL_GRID = "#2c6a4c"
# ivory, cream and the texts on them
IVORY = "#fbf6e9"
CREAM = "#f4eddb"
PAPER = "#fffdf7"  # cards, fields and tabs
CARD_BORDER = "#e2d7bd"
RULE = "#cdbf9f"  # borders of fields and buttons, chart axes
GRID = "#ece3cc"
INK = "#2b2a26"
INK_SOFT = "#4a4536"
CELL_INK = "#5d5746"
HINT = "#7a705c"
MUTED = "#8a7f67"
# light texts on the felt
TEXT_LIGHT = "#f3ecd2"
TEXT_SOFT = "#cfe3d3"
TEXT_WARM = "#ffe6a0"  # table headers, the waits, a winner's score
TEXT_GOLD = "#e9d9a6"  # subtitles and small print on the felt
# reds, wins and losses
RED = "#b8322a"
ALERT = "#b3261e"  # the unsaved-games mark
WIN_GREEN = "#2e8b57"
WIN_LIGHT = "#4fb57c"
LOSS_RED = "#c0392b"
LOSS_LIGHT = "#e0685a"
GAIN = "#7dff9a"  # a hand's gain and loss on the dark end-of-hand dialog
LOSS = "#ff8a7a"
# gold: one gold; the gradient's stops for titles and bars
GOLD = "#ffd66e"
GOLD_PALE = "#fff1b8"
GOLD_SHINE = "#f0c84e"
GOLD_DEEP = "#b8862a"
GOLD_EDGE = "#5a3b08"
# the gold buttons on the felt
BUTTON = "#ffcf5a"
BUTTON_HOVER = "#ffe08a"
BUTTON_TEXT = "#3a1d00"
BUTTON_EDGE = "#8a4d00"


def colour(name: str, alpha: int = 255) -> QColor:
    """A palette colour as a QColor, with ``alpha`` (0–255)."""
    c = QColor(name)
    c.setAlpha(alpha)
    return c


def rgba(name: str, alpha: int) -> str:
    """A palette colour with ``alpha`` (0–255), for a style sheet."""
    c = QColor(name)
    return f"rgba({c.red()}, {c.green()}, {c.blue()}, {alpha})"


def gold_gradient(top: QPointF, bottom: QPointF) -> QLinearGradient:
    """The gold of big titles and bars: pale at ``top``, deep at ``bottom``."""
    # imported here: the gradient types bring PySide6's 169 gradient presets, which a start that
    # reads its kept title never draws (issue 22 §7)
    from PySide6.QtGui import QLinearGradient

    gold = QLinearGradient(top, bottom)
    gold.setColorAt(0.0, QColor(GOLD_PALE))
    gold.setColorAt(0.45, QColor(GOLD_SHINE))
    gold.setColorAt(1.0, QColor(GOLD_DEEP))
    return gold


def title_font(px: int) -> QFont:
    """A big display font for the gold titles (bold is fine at this size)."""
    font = QFont()
    font.setFamilies(fonts.CJK_FAMILIES)
    font.setPixelSize(px)
    font.setBold(True)
    return font


# -- the felts ------------------------------------------------------------------------------------
# The start screen: lit from just above the middle, with a coarser nap than the profile page's.
START_FELT = FeltLook(light_y=0.45, radius=0.75,
                      stops=((0.0, START_FELT_LIGHT), (0.55, FELT_MID), (1.0, FELT_EDGE)),
                      speck_alpha=(10, 16), speck_area=500, speck_width=2.2)
# The profile page: lit from a little higher, with a finer nap.
PROFILE_FELT = FeltLook(light_y=0.35, radius=0.8,
                        stops=((0.0, PROFILE_FELT_LIGHT), (0.55, FELT_MID), (1.0, FELT_EDGE)),
                        speck_alpha=(9, 14), speck_area=600, speck_width=2.0)

# The smallest window every page fits, menu bar included (the start screen, the table, the profile)
SMALLEST_WINDOW = QSize(800, 560)
MIN_TEXT_PX = 24

# -- text sizes (scene pixels) ------------------------------------------------------------------
PLATE_NAME_PX = 26
PLATE_DETAIL_PX = MIN_TEXT_PX
LOG_PX = MIN_TEXT_PX
CENTRE_TITLE_PX = MIN_TEXT_PX
CENTRE_TILES_LEFT_PX = 30
CENTRE_DETAIL_PX = MIN_TEXT_PX
DICE_PX = 40
WALL_MARK_PX = MIN_TEXT_PX
CALL_PX = 72  # 胡, 自摸, 杠, 报听
MOMENT_PX = 52  # 海捞, 杠尾补牌, 荒庄: a moment of the table, not a player's call
CALL_LINE_PX = 24  # who made the call, under it


def font(px: int, bold: bool = False) -> QFont:
    return fonts.ui_font(px, bold)


# -- felt -----------------------------------------------------------------------------------------
FELT_BASE = QColor(18, 60, 40)  # behind the scene, where the window is wider than the table
FELT_LIGHT = QColor(40, 120, 80)
FELT_DARK = QColor(18, 70, 45)
FELT_RIM = QColor(255, 255, 255, 25)
# the table: lit from its centre (800, 480 of 1600 × 1000), no nap
TABLE_FELT = FeltLook(light_y=0.48, radius=0.6, stops=((0.0, FELT_LIGHT.name()), (1.0, FELT_DARK.name())))
BOX_TOP = QColor(25, 85, 55)
BOX_BOTTOM = QColor(12, 52, 33)
BOX_RIM = QColor(255, 255, 255, 40)

# -- text -------------------------------------------------------------------------------------------
TEXT = QColor(245, 240, 220)
TEXT_DIM = QColor(200, 214, 196)
TEXT_SHADOW = QColor(0, 0, 0, 150)

# -- name plates --------------------------------------------------------------------------------------
PLATE_FILL = QColor(8, 40, 26, 200)
PLATE_RIM = QColor(255, 255, 255, 45)
PLATE_SCORE = QColor(GOLD)
PLATE_FILL_LIT = QColor(120, 84, 10, 230)  # the seat to act
PLATE_RIM_LIT = QColor(255, 210, 90)
TURN_GLOW = QColor(255, 210, 90, 210)  # the centre box's edge toward the seat to act
DEALER_BADGE = QColor(200, 48, 40)
READY_BADGE = QColor(230, 110, 30)
OFFLINE_BADGE = QColor(120, 120, 120)  # a LAN seat whose person dropped (掉线)
AUTOPLAY_BADGE = QColor(45, 105, 170)  # a LAN seat played by 托管
BADGE_TEXT = QColor(255, 248, 235)
COUNTDOWN_BADGE = QColor(30, 110, 150)  # my decision's seconds left, on my plate
COUNTDOWN_HURRY = QColor(200, 48, 40)  # … its last seconds

# -- the log panel --------------------------------------------------------------------------------------
PANEL_FILL = QColor(6, 32, 21, 170)
PANEL_RIM = QColor(255, 255, 255, 30)

# -- the tile tracker (记牌器): none left of a kind, the last one --------------------------------------
TRACKER_NONE = QColor(235, 110, 95)
TRACKER_LAST = QColor(255, 200, 90)

# -- wall marks: where the next draw and the next kong replacement come from ----------------------------
MARK_FRONT = QColor(GOLD)
MARK_BACK = QColor(140, 200, 255)
MARK_BREAK = QColor(235, 235, 235)

# -- calls shown on the table (胡, 自摸, 杠, 报听) --------------------------------------------------------
CALL_COLOURS = {
    "win": QColor(255, 92, 70),
    "self_draw": QColor(255, 200, 60),
    "kong": QColor(120, 220, 160),
    "ready": QColor(255, 150, 60),
    "last_four": QColor(120, 200, 255),
    "last_four_draw": QColor(120, 200, 255),
    "replacement": QColor(140, 200, 255),  # the wall mark's colour for the back of the wall
    "exhaustive": QColor(220, 220, 210),
}
CALL_CARD_FILL = QColor(6, 30, 20, 248)  # the card under a call: what it covers does not show through
CALL_OUTLINE = QColor(40, 14, 6, 230)

# -- tile highlights -------------------------------------------------------------------------------------
TILE_DIM = QColor(0, 0, 0, 90)
TILE_LOWER = QColor(0, 0, 0, 70)  # the bottom layer of the wall
TILE_ZONE = QColor(255, 200, 40, 70)  # the 海捞区
TILE_SELECTED = QColor(40, 140, 255)  # keyboard selection
TILE_LATEST = QColor(255, 120, 0)  # the latest discard: the tile that can be claimed now
# 复盘: the tile 大师 would play at a reviewed position of a replay, and the word over it
REVIEW_MARK = QColor(GOLD)
REVIEW_MARK_GLOW = QColor(255, 214, 110, 70)
REVIEW_LABEL_FILL = QColor(GOLD_EDGE)
REVIEW_LABEL_TEXT = QColor(GOLD_PALE)


# -- style sheets ---------------------------------------------------------------------------------

def dialog_style(dark: bool = False, arrow_icon: str = "", check_icon: str = "") -> str:
    """The dialogs' style sheet: ivory dialogs with cards, choices and fields (new game,
    settings, rules; ``arrow_icon`` and ``check_icon`` are the combo box's arrow and the check
    box's tick), or with ``dark`` the felt-green dialogs at the table (the end of a hand, the
    standings)."""
    if dark:
        return f"""
QDialog {{ background: {DARK_DIALOG}; }}
QLabel {{ color: {TEXT_LIGHT}; }}
QLabel#dealerBadge {{ background: {RED}; color: {GOLD_PALE}; border-radius: 4px; padding: 1px 6px; }}
QScrollArea, QScrollArea > QWidget > QWidget {{ background: transparent; }}
{_dark_table(PANEL)}
QPushButton {{ background: #e9a62a; color: {BUTTON_TEXT}; border: 2px solid {BUTTON_EDGE}; border-radius: 8px;
  padding: 6px 22px; font-weight: bold; }}
QPushButton:hover {{ background: {GOLD}; }}
"""
    return f"""
QDialog {{ background: {CREAM}; }}
QDialog QLabel {{ color: {INK}; font-size: 14px; }}
QDialog QLabel:disabled {{ color: {MUTED}; }}
QLabel#hint {{ color: {HINT}; font-size: 12px; }}
QLabel#fieldLabel {{ color: {INK_SOFT}; font-size: 14px; font-weight: bold; }}
QFrame#card {{
    background: {PAPER}; border: 1px solid {CARD_BORDER}; border-radius: 12px;
}}
QLabel#cardTitle {{ color: {FELT}; font-size: 15px; font-weight: bold; }}
QPushButton#segment {{
    background: {PAPER}; color: {FELT}; border: 1px solid #b9c9b8; padding: 6px 14px;
    min-height: 20px; font-size: 14px; border-radius: 0px;
}}
QPushButton#segment[first="true"] {{ border-top-left-radius: 8px; border-bottom-left-radius: 8px; }}
QPushButton#segment[last="true"] {{ border-top-right-radius: 8px; border-bottom-right-radius: 8px; }}
QPushButton#segment:hover {{ background: #eef5ec; }}
QPushButton#segment:checked {{ background: {FELT}; color: white; border-color: {FELT}; }}
QPushButton#primary {{
    background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #d2463c, stop:1 {RED});
    color: white; border: 1px solid #8e231d; border-radius: 8px;
    padding: 8px 34px; font-size: 16px; font-weight: bold;
}}
QPushButton#primary:hover {{ background: #d9483d; }}
QPushButton#primary:pressed {{ background: #96271f; }}
QPushButton#primary:disabled {{ background: {GRID}; color: {MUTED}; border-color: {RULE}; }}
QPushButton#secondary {{
    background: {PAPER}; color: {INK}; border: 1px solid {RULE}; border-radius: 8px;
    padding: 8px 22px; font-size: 14px;
}}
QPushButton#secondary:hover {{ background: #f3ead3; }}
QPushButton#secondary:disabled {{ background: {GRID}; color: {MUTED}; border-color: {GRID}; }}
QComboBox {{
    background: {PAPER}; border: 1px solid {RULE}; border-radius: 6px; padding: 4px 10px;
    min-height: 22px; font-size: 14px; color: {INK};
}}
QComboBox:hover {{ border-color: {FELT}; }}
QComboBox::drop-down {{
    subcontrol-origin: padding; subcontrol-position: center right; width: 26px; border: none;
}}
QComboBox::down-arrow {{ image: url("{arrow_icon}"); width: 12px; height: 8px; }}
QComboBox QAbstractItemView {{
    background: {PAPER}; selection-background-color: {FELT}; selection-color: white;
}}
QLineEdit {{
    background: {PAPER}; border: 1px solid {RULE}; border-radius: 6px; padding: 4px 8px;
    min-height: 22px; font-size: 14px; color: {INK};
    selection-background-color: {FELT}; selection-color: white;
}}
QLineEdit:focus {{ border-color: {FELT}; }}
QCheckBox {{ font-size: 14px; color: {INK}; spacing: 8px; }}
QCheckBox::indicator {{
    width: 18px; height: 18px; border: 1px solid #b9ad8f; border-radius: 4px; background: white;
}}
QCheckBox::indicator:checked {{ background: {FELT}; border-color: {FELT}; image: url("{check_icon}"); }}
QCheckBox::indicator:hover {{ border-color: {FELT}; }}
QSlider:horizontal {{ min-height: 22px; }}
QSlider::groove:horizontal {{ height: 6px; border-radius: 3px; background: {GRID}; }}
QSlider::sub-page:horizontal {{ border-radius: 3px; background: {FELT}; }}
QSlider::handle:horizontal {{
    width: 16px; margin: -6px 0; border-radius: 9px; background: white; border: 1px solid {FELT};
}}
QSlider::sub-page:horizontal:disabled {{ background: {RULE}; }}
QSlider::handle:horizontal:disabled {{ border-color: {RULE}; }}
QTabWidget::pane {{ border: 1px solid {CARD_BORDER}; border-radius: 8px; background: {PAPER}; top: -1px; }}
QTabBar::tab {{
    background: #efe6cf; color: {INK}; padding: 7px 22px; font-size: 14px;
    border: 1px solid {CARD_BORDER}; border-bottom: none;
    border-top-left-radius: 8px; border-top-right-radius: 8px; margin-right: 3px;
}}
QTabBar::tab:selected {{ background: {PAPER}; color: {FELT}; font-weight: bold; }}
QTextBrowser {{ background: {PAPER}; border: none; }}
QScrollBar:vertical {{ background: transparent; width: 10px; margin: 4px 2px 4px 0; }}
QScrollBar::handle:vertical {{ background: {RULE}; border-radius: 4px; min-height: 36px; }}
QScrollBar::handle:vertical:hover {{ background: {FELT}; }}
QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical {{ height: 0; }}
QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical {{ background: none; }}
QToolTip {{ background: {IVORY}; color: {INK}; border: 1px solid {RULE}; padding: 4px; }}
"""


# the title and the subtitle on the dialogs' header band
HEADER_TITLE_STYLE = f"color: {IVORY}; font-size: 24px; font-weight: bold; background: none;"
HEADER_SUBTITLE_STYLE = f"color: {GOLD}; font-size: 13px; background: none;"


def _dark_table(background: str) -> str:
    """A read-only table on a dark panel."""
    return f"""
QTableWidget {{ background: {background}; color: {TEXT_LIGHT}; gridline-color: {PANEL_GRID}; border: none; }}
QHeaderView::section {{ background: {PANEL_HEADER}; color: {TEXT_WARM}; padding: 4px; border: none; }}
"""


def bar_style(name: str) -> str:
    """A dark bar of buttons under the table (``name`` is its object name)."""
    return f"#{name} {{ background: {BAR}; }} QLabel {{ color: {TEXT_LIGHT}; }}" + BUTTON_STYLE


# the gold buttons on the felt (胡 in red)
BUTTON_STYLE = f"""
QPushButton {{
  background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 {BUTTON}, stop:1 #e79a1c);
  color: {BUTTON_TEXT}; border: 2px solid {BUTTON_EDGE}; border-radius: 10px;
  padding: 6px 18px; font-weight: bold;
}}
QPushButton:hover {{ background: {BUTTON_HOVER}; }}
QPushButton:pressed {{ background: #d88a10; }}
QPushButton#win {{ background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #ff7a5a, stop:1 #d8321c);
  color: white; border-color: #7a1000; }}
"""

# the action bar's 托管 toggle and its check boxes
TOGGLE_STYLE = f"""
QPushButton#autoplay {{ background: #1d5a3e; color: {TEXT_LIGHT}; border: 2px solid #6fa386;
  border-radius: 8px; padding: 4px 12px; font-weight: bold; }}
QPushButton#autoplay:hover {{ background: #26704d; }}
QPushButton#autoplay:checked {{ background: #2f7fd8; border-color: #bfe0ff; color: white; }}
QCheckBox {{ color: {TEXT_LIGHT}; spacing: 6px; }}
QCheckBox::indicator {{ width: 18px; height: 18px; border: 2px solid #cfe8d8; border-radius: 4px;
  background: {BAR}; }}
QCheckBox::indicator:checked {{ background: {BUTTON}; border-color: {TEXT_WARM}; }}
"""
WAITS_STYLE = f"color: {TEXT_WARM};"

# the banner over the table while the computer plays for the player
AUTOPLAY_BANNER_STYLE = f"""
#autoplayBanner {{ background: rgba(20, 60, 120, 235); border-top: 2px solid #bfe0ff; }}
#autoplayBanner QLabel {{ color: white; }}
#autoplayBanner QPushButton {{ background: {BUTTON}; color: {BUTTON_TEXT}; border: 2px solid {BUTTON_EDGE};
  border-radius: 8px; padding: 4px 14px; font-weight: bold; }}
#autoplayBanner QPushButton:hover {{ background: {BUTTON_HOVER}; }}
"""

# the start screen's menu card
MENU_STYLE = f"""
QFrame#menuCard {{
    background: rgba(7, 38, 23, 175); border: 1px solid {rgba(GOLD, 140)}; border-radius: 22px;
}}
QLabel#tagline {{ color: {TEXT_SOFT}; font-size: 14px; background: none; }}
QLabel#footer {{ color: rgba(235, 230, 210, 150); font-size: 12px; background: none; }}
QPushButton {{
    font-size: 18px; border-radius: 10px;
    color: {IVORY}; background: rgba(255, 255, 255, 22); border: 1px solid {rgba(IVORY, 70)};
}}
QPushButton:hover {{ background: rgba(255, 255, 255, 45); border-color: {GOLD}; }}
QPushButton:pressed {{ background: rgba(0, 0, 0, 60); }}
QPushButton:focus {{ border-color: {GOLD}; }}
QPushButton#newGame {{
    color: white; font-weight: bold; border: 1px solid {GOLD_SHINE};
    background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #d9473c, stop:1 #a82a22);
}}
QPushButton#newGame:hover {{
    background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #e55a4e, stop:1 {RED});
}}
QPushButton#continueGame, QPushButton#lanReturn {{
    color: {INK}; background: {GOLD_SHINE}; border: 1px solid {GOLD_PALE};
}}
QPushButton#continueGame:hover, QPushButton#lanReturn:hover {{ background: #f6d66e; }}
"""

# the profile page's ivory cards
PROFILE_CARD_STYLE = f"""
QFrame#profileCard {{ background: {PAPER}; border: 1px solid {CARD_BORDER}; border-radius: 14px; }}
QLabel#profileCardTitle {{
    color: {FELT}; background: none; border: none; border-left: 3px solid {GOLD}; padding-left: 8px;
}}
QLabel#profileCardNote {{ color: {MUTED}; background: none; border: none; }}
QLabel#profileBadge {{
    color: #4a2f05; background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #f6dc82, stop:1 #dcae45);
    border: 1px solid {GOLD_DEEP}; border-radius: 10px; padding: 0px 12px; min-height: 20px; max-height: 20px;
}}
QLabel#profileHint {{ color: {MUTED}; background: none; border: none; }}
QScrollArea, QScrollArea > QWidget > QWidget#profileContent {{ background: transparent; border: none; }}
QScrollBar:vertical {{ background: transparent; width: 10px; margin: 6px 2px 6px 0; }}
QScrollBar::handle:vertical {{ background: {rgba(IVORY, 110)}; border-radius: 4px; min-height: 40px; }}
QScrollBar::handle:vertical:hover {{ background: {GOLD}; }}
QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical {{ height: 0; }}
QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical {{ background: none; }}
"""

# the profile page's history panel: the hands played, with replay and import buttons
HISTORY_PANEL_STYLE = f"""
#historyPanel {{ background: {PANEL}; }}
QLabel {{ color: {TEXT_LIGHT}; }}
{_dark_table(PANEL_DEEP)}
QComboBox {{ padding: 4px 8px; }}
""" + BUTTON_STYLE

# the replay's 复盘 panel: the player's moves beside 大师's, the biggest mistakes first
REVIEW_PANEL_STYLE = f"""
#reviewPanel {{ background: {PANEL}; border-left: 1px solid {PANEL_GRID}; }}
QLabel {{ color: {TEXT_LIGHT}; background: none; }}
QLabel#reviewTitle {{ color: {GOLD}; }}
QLabel#reviewFigure {{ color: {TEXT_WARM}; }}
QLabel#reviewHint {{ color: {TEXT_SOFT}; }}
QListWidget {{ background: {PANEL_DEEP}; color: {TEXT_LIGHT}; border: 1px solid {PANEL_GRID};
  border-radius: 6px; outline: none; }}
QListWidget::item {{ padding: 5px 6px; border-bottom: 1px solid {PANEL_HEADER}; }}
QListWidget::item:selected {{ background: {PANEL_HEADER}; color: {GOLD_PALE};
  border-left: 3px solid {GOLD}; }}
QScrollBar:vertical {{ background: transparent; width: 9px; margin: 2px; }}
QScrollBar::handle:vertical {{ background: {PANEL_GRID}; border-radius: 4px; min-height: 30px; }}
QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical {{ height: 0; }}
QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical {{ background: none; }}
"""
REVIEW_SECTION = TEXT_WARM  # the headings in the list: 最大失误 / 每一步
REVIEW_MISTAKE = LOSS  # a move that gives points away
REVIEW_AGREES = TEXT_SOFT  # a move 大师 would make too
REVIEW_SET_ASIDE = "#93a89b"  # a candidate 大师 sets aside whatever its 期望 (it gives up speed)

# LAN play: the join and host dialogs' extra fields and lists, and the lobby (on top of the
# dialogs' style)
LAN_STYLE = f"""
QLabel#lanStatus {{ color: {INK_SOFT}; font-size: 13px; }}
QLabel#lanStatus[error="true"] {{ color: {ALERT}; font-weight: bold; }}
QListWidget#tableList {{
    background: {PAPER}; border: 1px solid {RULE}; border-radius: 8px; font-size: 14px; color: {INK};
}}
QListWidget#tableList::item {{ padding: 8px 10px; border-bottom: 1px solid {GRID}; }}
QListWidget#tableList::item:selected {{ background: {FELT}; color: white; }}
QSpinBox {{ font-size: 14px; color: {INK}; min-height: 26px; }}
QProgressBar {{ background: {GRID}; border: none; border-radius: 3px; }}
QProgressBar::chunk {{ background: {FELT}; border-radius: 3px; }}
QFrame#lobbyPanel {{
    background: {CREAM}; border: 1px solid {GOLD_DEEP}; border-radius: 0px;
    border-bottom-left-radius: 16px; border-bottom-right-radius: 16px;
}}
QFrame#lobbyPanel QLabel {{ color: {INK}; font-size: 14px; }}
QFrame#seatCard {{ background: {PAPER}; border: 1px solid {CARD_BORDER}; border-radius: 12px; }}
QFrame#seatCard[mine="true"] {{ border: 2px solid {FELT}; }}
QFrame#lobbyPanel QLabel#seatPlace {{ color: {FELT}; font-size: 13px; font-weight: bold; }}
QFrame#lobbyPanel QLabel#seatName {{ font-size: 19px; font-weight: bold; }}
QFrame#lobbyPanel QLabel#seatTitle {{ color: {HINT}; font-size: 12px; }}
QFrame#lobbyPanel QLabel#seatState {{ color: {MUTED}; font-size: 14px; }}
QFrame#lobbyPanel QLabel#seatState[ready="true"] {{ color: {WIN_GREEN}; font-weight: bold; }}
QFrame#lobbyPanel QLabel#countdown {{ color: {INK_SOFT}; font-size: 15px; }}
QFrame#lobbyPanel QLabel#countdown[running="true"] {{ color: {RED}; font-size: 16px; font-weight: bold; }}
QFrame#lobbyPanel QLabel#addresses {{ color: {FELT}; font-size: 15px; font-weight: bold; }}
QFrame#lobbyPanel QLabel#doorNotice {{ color: {RED}; font-size: 14px; }}
QFrame#lobbyPanel QLabel#doorNotice[settled="true"] {{ color: {TEXT_SOFT}; }}
QPushButton#primary:checked {{ background: {WIN_GREEN}; border-color: {FELT}; }}
QPushButton:disabled {{ color: {MUTED}; }}
"""

# the status bar's mark for games not saved
UNSAVED_MARK_STYLE = (f"color: white; background: {ALERT}; border: none; border-radius: 4px;"
                      " font-weight: bold; padding: 2px 10px;")


# the LAN table's 重新连接中 banner (gui.table.reconnect_banner)
RECONNECT_BANNER_STYLE = f"""
#reconnectBanner {{ background: rgba(110, 40, 20, 230); border: 2px solid #ffc48a; border-radius: 12px; }}
#reconnectBanner QLabel {{ color: white; }}
#reconnectBanner QPushButton {{ background: {BUTTON}; color: {BUTTON_TEXT};
  border: 2px solid {BUTTON_EDGE}; border-radius: 8px; padding: 4px 14px; font-weight: bold; }}
#reconnectBanner QPushButton:hover {{ background: {BUTTON_HOVER}; }}
"""

# quiet beside the action buttons (胡, 杠 …): talk is not a move
TALK_STYLE = f"""
QPushButton#talk, QPushButton#talkMute {{ background: #1d5a3e; color: {TEXT_LIGHT};
  border: 2px solid #6fa386; border-radius: 8px; padding: 4px 10px; }}
QPushButton#talk:hover, QPushButton#talkMute:hover {{ background: #26704d; }}
QPushButton#talkMute:checked {{ background: #5a5a5a; border-color: #b0b0b0; }}
"""

# the menus: the window's menu bar and its menus, the table's pop-up menus (a kong's choice, 快捷语)
POPUP_MENU_STYLE = f"""
QMenu {{ background: {PANEL}; color: {TEXT_LIGHT}; border: 1px solid {GOLD_DEEP}; border-radius: 6px;
  padding: 4px; font-size: 14px; }}
QMenu::item {{ padding: 6px 28px 6px 22px; border-radius: 4px; background: transparent; }}
QMenu::item:selected {{ background: {FELT_BAND}; color: {GOLD_PALE}; }}
QMenu::item:disabled {{ color: {MUTED}; }}
QMenu::separator {{ height: 1px; background: {PANEL_GRID}; margin: 4px 8px; }}
"""
MENU_BAR_STYLE = f"""
QMenuBar {{ background: {BAR}; color: {TEXT_LIGHT}; border-bottom: 1px solid {GOLD_DEEP}; padding: 2px 4px;
  font-size: 14px; }}
QMenuBar::item {{ background: transparent; padding: 4px 12px; border-radius: 4px; }}
QMenuBar::item:selected, QMenuBar::item:pressed {{ background: {FELT_BAND}; color: {GOLD_PALE}; }}
""" + POPUP_MENU_STYLE

# a question or a notice (gui.message_box): the felt of the table's own dialogs, its gold buttons
MESSAGE_BOX_STYLE = f"""
QMessageBox {{ background: {DARK_DIALOG}; }}
QMessageBox QLabel {{ color: {TEXT_LIGHT}; font-size: 15px; background: transparent; }}
QMessageBox QPushButton {{ background: {BUTTON}; color: {BUTTON_TEXT}; border: 2px solid {BUTTON_EDGE};
  border-radius: 8px; padding: 5px 20px; min-width: 64px; font-weight: bold; }}
QMessageBox QPushButton:hover {{ background: {BUTTON_HOVER}; }}
QMessageBox QPushButton:pressed {{ background: #d88a10; }}
QMessageBox QPushButton:default {{ border-color: {GOLD_PALE}; }}
"""
