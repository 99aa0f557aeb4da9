"""The start screen: green felt, a few painted tiles, the title and the main menu.

The menu card is drawn at its full size when the window has room, and scaled down as a whole
(the title, its tiles, the buttons' height, the spacing; never the text below 14 px) when it
does not, so nothing overlaps down to the smallest window (800 × 560, 继续 and the LAN button
shown too). Down to 1024 × 700 the card keeps room around it for its whole shadow; in a smaller
window the shadow gives way first (it is cut at the screen's edge), then the card shrinks further.
"""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal, SignalInstance
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QFrame, QPushButton, QVBoxLayout, QWidget

from gui import theme
from gui.i18n import tr
from gui.parts.felt import FeltBackdrop
from gui.parts.kept_picture import FORMAT, kept_image
from gui.parts.plain_label import PlainLabel
from gui.parts.tutorial_button import TutorialButton

TILE_THEME = "classic"  # the start screen's tiles, whatever the table's
_GUI = Path(__file__).resolve().parents[1]
# the code that draws the felt and the title (kept across starts: gui.parts.kept_picture)
DRAWN_BY = tuple(_GUI / name for name in ("screens/start.py", "parts/felt.py", "theme.py", "tiles/art.py",
                                          "tiles/faces.py", "tiles/themes.py"))

# -- tiles on the felt ----------------------------------------------------------------------------


def paint_tile(painter: QPainter, rect: QRectF, tile: str) -> None:
    """The tile ``tile`` (like "5p") face up in ``rect``, drawn by the game's tile painter, with
    its shadow on the felt."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 70))  # shadow on the felt
    radius = rect.width() * 0.14
    painter.drawRoundedRect(rect.translated(rect.width() * 0.05, rect.height() * 0.11), radius, radius)
    painter.restore()
    # imported here: a start whose felt and title are kept (gui.parts.kept_picture) draws no tile
    from engine.game.tiles import parse_tile
    from gui.tiles.art import get_art

    get_art(TILE_THEME).draw_face(painter, rect, parse_tile(tile))


# -- the title, painted ------------------------------------------------------------------------------

_FAN = ("2m", "5p", "8s", "6m", "3p")


BANNER_W, BANNER_H = 560, 262  # the title's natural size; it is painted in these coordinates


class TitleBanner(QWidget):
    """A fan of tiles over the big golden 合肥麻将 and its subtitle, at ``scale`` of its
    natural size (:meth:`set_scale`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = ""
        self.subtitle = ""
        self.scale = 1.0
        self._picture: QImage | None = None  # the banner as drawn for _picture_key
        self._picture_key = ""
        self.set_scale(1.0)

    def set_scale(self, scale: float) -> None:
        self.scale = scale
        self.setFixedHeight(round(BANNER_H * scale))
        self.setMinimumWidth(round((BANNER_W - 40) * scale))
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(round(BANNER_W * self.scale), round(BANNER_H * self.scale))

    def set_texts(self, title: str, subtitle: str) -> None:
        self.title, self.subtitle = title, subtitle
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        dpr = self.devicePixelRatioF()
        key = (f"{self.title}|{self.subtitle}|{QFont().toString()}|{TILE_THEME}|{self.scale:g}|"
               f"{self.width()}x{self.height()}@{dpr:g}")
        if self._picture is None or self._picture_key != key:
            # kept across starts: the tiles and the lettering are a good part of the first frame
            size = QSize(round(self.width() * dpr), round(self.height() * dpr))
            self._picture, self._picture_key = kept_image("start-title", key, self._draw, DRAWN_BY, size), key
        painter = QPainter(self)
        painter.drawImage(0, 0, self._picture)
        painter.end()

    def _draw(self) -> QImage:
        dpr = self.devicePixelRatioF()
        image = QImage(round(self.width() * dpr), round(self.height() * dpr), FORMAT)
        image.setDevicePixelRatio(dpr)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.scale(self.scale, self.scale)  # everything below is in natural coordinates
        w = self.width() / self.scale
        # the fan of tiles
        tile_w, tile_h = 54.0, 72.0  # 3:4, as the tile painter draws them
        for index, tile in enumerate(_FAN):
            offset = index - (len(_FAN) - 1) / 2
            painter.save()
            painter.translate(w / 2 + offset * 46, 112 + abs(offset) * 7)
            painter.rotate(offset * 9)
            paint_tile(painter, QRectF(-tile_w / 2, -tile_h, tile_w, tile_h), tile)
            painter.restore()
        # the title: dark shadow, then a gold gradient with a thin dark outline
        font = QFont()
        font.setPixelSize(84)
        font.setBold(True)
        font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 6)
        path = QPainterPath()
        path.addText(0, 0, font, self.title)
        box = path.boundingRect()
        if box.width() > w * 0.9:  # a long (English) title shrinks to fit
            font.setPixelSize(max(24, int(84 * w * 0.9 / box.width())))
            path = QPainterPath()
            path.addText(0, 0, font, self.title)
            box = path.boundingRect()
        path.translate(w / 2 - box.center().x(), 206 - box.bottom() + 4)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 110))
        painter.drawPath(path.translated(3, 4))
        box = path.boundingRect()
        painter.setPen(QPen(QColor(theme.GOLD_EDGE), 1.4))
        painter.setBrush(theme.gold_gradient(box.topLeft(), box.bottomLeft()))
        painter.drawPath(path)
        # the subtitle, letter-spaced, between two thin gold rules
        sub = QFont()
        sub.setPixelSize(19)
        sub.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 5)
        painter.setFont(sub)
        painter.setPen(QColor(theme.TEXT_GOLD))
        text_rect = QRectF(0, 218, w, 30)
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, self.subtitle.upper())
        width = painter.fontMetrics().horizontalAdvance(self.subtitle.upper())
        painter.setPen(QPen(theme.colour(theme.GOLD, 170), 1.2))
        y = text_rect.center().y()
        for sign in (-1, 1):
            inner_x = w / 2 + sign * (width / 2 + 16)
            painter.drawLine(QPointF(inner_x, y), QPointF(inner_x + sign * 60, y))
        painter.end()
        return image


# -- the screen ----------------------------------------------------------------------------------------

# Tiles lying on the felt around the card: (x, y as fractions of the screen, angle, tile).
_SCATTER: tuple[tuple[float, float, float, str], ...] = (
    (0.08, 0.2, -14, "7s"), (0.15, 0.3, 9, "4m"), (0.1, 0.78, 18, "6p"), (0.19, 0.86, -6, "3s"),
    (0.9, 0.16, 12, "8m"), (0.84, 0.26, -10, "2p"), (0.88, 0.74, -16, "5s"), (0.8, 0.86, 7, "7m"),
)


LAN_PLAY = True  # the footer may promise friends on the LAN (i18n "start.footer_lan")

BUTTON_W, BUTTON_H = 260, 46
SHADOW_ROOM = 40  # kept free above and below the card: its shadow spreads 31 px, 10 px lower
SCALES = tuple(round(1 - 0.05 * i, 2) for i in range(15))  # 1.0 … 0.3: the card's sizes to try
FULL_SHADOW_SCALE = 0.6  # the smallest card that keeps SHADOW_ROOM (a window of 1024 × 700 or more)
TIGHT_SHADOW_ROOM = 6  # a smaller card's: the shadow gives way before the card's contents squeeze
# The screen's smallest size: the smallest window (theme.SMALLEST_WINDOW) less a menu bar of up
# to 40 px; the smallest card (every button shown) and its tight shadow room fit in it.
MIN_SIZE = QSize(760, 520)


class StartScreen(QWidget):
    """The title screen and main menu. 继续 shows only after ``set_continue_enabled(True)``."""

    new_game_requested = Signal()
    tutorial_requested = Signal()  # 新手教学 (gui.table.tutorial)
    continue_requested = Signal()
    rules_requested = Signal()
    settings_requested = Signal()
    profile_requested = Signal()
    lan_requested = Signal()
    lan_return_requested = Signal()  # back to the LAN seat kept, or reopen the table hosted here
    quit_requested = Signal()
    first_painted = Signal()  # once: the screen is up, slower work may start

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startScreen")
        self._lan_return: str | None = None  # "return" (a seat kept) or "reopen" (a table hosted here)
        self.scale = 1.0  # the card's size now (see _fit_card)
        self._felt = FeltBackdrop(self, theme.START_FELT, hidpi=False, extras=_paint_table,
                                  kept="start-felt", kept_key=f"{TILE_THEME}|{_SCATTER}",
                                  drawn_by=DRAWN_BY)
        self._shadow: QImage | None = None  # the card's shadow, for the card's size in _shadow_key
        self._shadow_key = (0, 0)
        self._painted = False

        self.card = QFrame(self)
        self.card.setObjectName("menuCard")
        self.card.setStyleSheet(theme.MENU_STYLE)

        self.banner = TitleBanner(self.card)
        self.tagline = PlainLabel(self.card)
        self.tagline.setObjectName("tagline")
        self.tagline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.new_game_button = self._button("newGame", self.new_game_requested)
        self.continue_button = self._button("continueGame", self.continue_requested)
        self.lan_button = self._button("lan", self.lan_requested)
        self.lan_return_button = self._button("lanReturn", self.lan_return_requested)
        self.profile_button = self._button("profile", self.profile_requested)
        self.rules_button = self._button("rules", self.rules_requested)
        self.settings_button = self._button("settings", self.settings_requested)
        self.quit_button = self._button("quit", self.quit_requested)
        self.continue_button.setVisible(False)
        self.lan_return_button.setVisible(False)
        self.footer = PlainLabel(self.card)
        self.footer.setObjectName("footer")
        self.footer.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self.card_layout = layout = QVBoxLayout(self.card)
        layout.addWidget(self.banner)
        layout.addWidget(self.tagline)
        self._gap = QWidget(self.card)  # between the tagline and the player's name
        layout.addWidget(self._gap)
        self.player = PlainLabel(self.card)
        self.player.setObjectName("tagline")
        self.player.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.player)
        for button in self._menu_buttons():
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.footer)

        # 新手教学 in the card's top left corner, beside the title's tiles: the menu keeps its size
        self.tutorial_button = TutorialButton(self.card)
        self.tutorial_button.clicked.connect(self.tutorial_requested.emit)

        outer = QVBoxLayout(self)
        outer.addStretch(1)
        outer.addWidget(self.card, 0, Qt.AlignmentFlag.AlignCenter)
        outer.addStretch(1)
        self._apply_scale(1.0)
        self.retranslate()

    def minimumSizeHint(self) -> QSize:
        # a hint, not setMinimumSize: a minimum set on a page would hold the window to it on the
        # other pages too (QStackedLayout counts it even for a page that is not shown)
        return MIN_SIZE

    def _menu_buttons(self) -> list[QPushButton]:
        return [self.lan_return_button, self.continue_button, self.new_game_button, self.lan_button,
                self.profile_button, self.rules_button, self.settings_button, self.quit_button]

    def _apply_scale(self, scale: float) -> None:
        """Draw the card at ``scale`` of its natural size (the texts keep their size)."""
        self.scale = scale
        self.banner.set_scale(scale)
        for button in self._menu_buttons():
            button.setFixedSize(BUTTON_W, max(36, round(BUTTON_H * scale)))
        self.card_layout.setContentsMargins(40, round(26 * scale), 40, round(22 * scale))
        self.card_layout.setSpacing(max(6, round(12 * scale)))
        self._gap.setFixedHeight(round(14 * scale))
        self.card_layout.invalidate()
        self.card.updateGeometry()  # the screen's layout must ask the card for its new size

    def _fit_card(self) -> None:
        """The largest card size that leaves room for the shadow above and below it (less room
        below FULL_SHADOW_SCALE). A card that did not fit would have its layout squeeze the
        title, the tagline and the buttons over each other."""
        for scale in SCALES:
            self._apply_scale(scale)
            shadow = SHADOW_ROOM if scale >= FULL_SHADOW_SCALE else TIGHT_SHADOW_ROOM
            if self.card_layout.sizeHint().height() <= self.height() - 2 * shadow:
                return

    def _button(self, name: str, signal: SignalInstance) -> QPushButton:
        button = QPushButton(self.card)
        button.setObjectName(name)
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        button.clicked.connect(signal.emit)
        return button

    def _paint_card_shadow(self) -> None:
        """A soft shadow under the menu card: layered rounded rectangles, as cheap as a blur
        effect is not (a QGraphicsDropShadowEffect repaints the whole card through a blur),
        drawn once per card size at a quarter of the resolution (soft, it loses nothing) and
        scaled up on every paint."""
        card = QRectF(self.card.geometry()).translated(0, 10)
        spread = SHADOW_LAYERS * SHADOW_STEP
        area = card.adjusted(-spread, -spread, spread, spread)
        key = (round(card.width()), round(card.height()))
        if self._shadow is None or self._shadow_key != key:
            width, height = card.width(), card.height()
            self._shadow = kept_image("start-card-shadow", f"{width:g}x{height:g}",
                                      lambda: _card_shadow(width, height), DRAWN_BY,
                                      _shadow_size(width, height))
            self._shadow_key = key
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        source = QRectF(0, 0, area.width() * SHADOW_SCALE, area.height() * SHADOW_SCALE)
        painter.drawImage(area, self._shadow, source)
        painter.end()

    def set_continue_enabled(self, enabled: bool) -> None:
        """Show 继续 (a saved or running game can be resumed) or hide it."""
        self.continue_button.setVisible(enabled)
        self._fit_card()  # one more button: the card may have to be smaller
        (self.continue_button if enabled else self.new_game_button).setFocus()

    def set_lan_return(self, what: str | None) -> None:
        """A LAN match this program was cut off from: "return" (a seat kept: 回到局域网牌桌) or
        "reopen" (the table it hosted: 重开我的局域网牌桌) shows a button on top, one click back;
        None hides it."""
        self._lan_return = what
        self.lan_return_button.setVisible(what is not None)
        self._retranslate_return()
        self._fit_card()
        if what is not None:
            self.lan_return_button.setFocus()

    def _retranslate_return(self) -> None:
        self.lan_return_button.setText(tr("start.lan_reopen" if self._lan_return == "reopen"
                                          else "start.lan_return"))

    def set_player(self, text: str) -> None:
        """The player whose profile counts the games: name and titles."""
        self.player.setText(text)

    def continue_enabled(self) -> bool:
        return not self.continue_button.isHidden()

    def retranslate(self) -> None:
        self.banner.set_texts(tr("app.title"), tr("app.subtitle"))
        self.tagline.setText(tr("app.tagline"))
        self.new_game_button.setText(tr("start.new_game"))
        self.continue_button.setText(tr("start.continue"))
        self.tutorial_button.retranslate()
        self.lan_button.setText(tr("start.lan"))
        self._retranslate_return()
        self.profile_button.setText(tr("start.profile"))
        self.rules_button.setText(tr("start.rules"))
        self.settings_button.setText(tr("start.settings"))
        self.quit_button.setText(tr("start.quit"))
        self.footer.setText(tr("start.footer_lan" if LAN_PLAY else "start.footer"))

    # -- the felt ------------------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        self._felt.invalidate()
        self._fit_card()
        super().resizeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        self._felt.draw()
        self._paint_card_shadow()
        if not self._painted:
            self._painted = True
            self.first_painted.emit()


SHADOW_LAYERS, SHADOW_STEP = 14, 2.2  # the card's shadow: its layers, each this much wider
SHADOW_SCALE = 0.25  # the shadow's picture, to its size on the screen


def _shadow_size(width: float, height: float) -> QSize:
    """The size of the shadow's picture for a card `width` × `height`."""
    spread = SHADOW_LAYERS * SHADOW_STEP
    return QSize(math.ceil((width + 2 * spread) * SHADOW_SCALE),
                 math.ceil((height + 2 * spread) * SHADOW_SCALE))


def _card_shadow(width: float, height: float) -> QImage:
    """The shadow of a card `width` × `height`, spreading SHADOW_LAYERS × SHADOW_STEP around
    it, as a picture at SHADOW_SCALE (transparent where there is no shadow; kept across starts,
    its fourteen soft layers are a few milliseconds of the first frame)."""
    spread = SHADOW_LAYERS * SHADOW_STEP
    picture = QImage(_shadow_size(width, height), FORMAT)
    picture.fill(Qt.GlobalColor.transparent)
    painter = QPainter(picture)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.scale(SHADOW_SCALE, SHADOW_SCALE)
    card = QRectF(spread, spread, width, height)
    for i in range(SHADOW_LAYERS, 0, -1):
        grow = i * SHADOW_STEP
        painter.setBrush(QColor(0, 0, 0, round(150 * (1 - i / (SHADOW_LAYERS + 1)) ** 2 / 6)))
        painter.drawRoundedRect(card.adjusted(-grow, -grow, grow, grow), 18 + grow, 18 + grow)
    painter.end()
    return picture


def _paint_table(painter: QPainter, w: int, h: int) -> None:
    """On the felt: a gold inlay line around the table, and tiles lying around the card."""
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(theme.colour(theme.GOLD, 60), 2))
    painter.drawRoundedRect(QRectF(18, 18, w - 36, h - 36), 26, 26)
    # tiles lying around the card
    scale = min(w / 1280, h / 800)
    tile_w = 50 * max(scale, 0.7)
    tile_h = tile_w * 4 / 3
    for fx, fy, angle, tile in _SCATTER:
        painter.save()
        painter.translate(fx * w, fy * h)
        painter.rotate(angle)
        painter.setOpacity(0.92)
        paint_tile(painter, QRectF(-tile_w / 2, -tile_h / 2, tile_w, tile_h), tile)
        painter.restore()
