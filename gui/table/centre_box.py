"""The centre of the table, inside the wall: round and hand, the dice, the tiles left and the
dealer's streak, one under the other; the 庄 badge on the dealer's side of the box, turned to
face that seat; and a lit edge toward the seat to act (as the centre display of the tables
players know does)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QLinearGradient, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QGraphicsScene

from gui import theme
from gui.table.layout import BOX_RECT
from gui.table.scene_text import TEXT_Z, Badge, SharpPath, rounded, set_elided, text_item

GLOW = 7.0  # thickness of the lit edge
EDGE = 5.0  # the badges' distance from the box's edge
SIDE_BAND = 36.0  # the widest badge that stands upright at the box's left or right edge
# the middle of each line, from the box's top
ROUND_Y, DICE_Y, LEFT_Y, STREAK_Y = 54.0, 104.0, 155.0, 197.0


@dataclass(frozen=True)
class CentreText:
    round_line: str
    tiles_left: str
    streak: str
    dealer: str  # the badge's word
    dealer_side: int | None  # screen side of the dealer; None before a hand
    turn_side: int | None  # screen side of the seat to act


class CentreBox:
    def __init__(self, scene: QGraphicsScene) -> None:
        x, y, w, h = BOX_RECT
        self.rect = QRectF(x, y, w, h)
        self.back = SharpPath(rounded(QRectF(0, 0, w, h), 16))
        grad = QLinearGradient(0, 0, w, h)
        grad.setColorAt(0, theme.BOX_TOP)
        grad.setColorAt(1, theme.BOX_BOTTOM)
        self.back.setBrush(QBrush(grad))
        self.back.setPen(QPen(theme.BOX_RIM, 1.5))
        self.back.setPos(x, y)
        self.back.setZValue(0.5)  # under the tiles (the wall starts at z 1)
        scene.addItem(self.back)
        self.glow = QGraphicsRectItem(self.back)
        self.glow.setBrush(QBrush(theme.TURN_GLOW))
        self.glow.setPen(QPen(theme.TURN_GLOW.darker(130), 1))
        self.round_line = text_item(scene, theme.CENTRE_TITLE_PX, theme.TEXT_DIM)
        self.dice = text_item(scene, theme.DICE_PX)
        self.tiles_left = text_item(scene, theme.CENTRE_TILES_LEFT_PX, theme.TEXT, bold=True)
        self.streak = text_item(scene, theme.CENTRE_DETAIL_PX, theme.TEXT_DIM)
        self.badge = Badge(scene, theme.CENTRE_DETAIL_PX, theme.DEALER_BADGE)
        self.badge.pill.setZValue(TEXT_Z)

    def show(self, text: CentreText) -> None:
        inner = self.rect.width() - 16
        for item, words, mid in ((self.round_line, text.round_line, ROUND_Y),
                                 (self.tiles_left, text.tiles_left, LEFT_Y),
                                 (self.streak, text.streak, STREAK_Y)):
            set_elided(item, words, inner)
            self._centre(item, mid)
        self.place_dice()
        self._show_badge(text.dealer if text.dealer_side is not None else "", text.dealer_side)
        self._show_glow(text.turn_side)

    def set_dice(self, text: str) -> None:
        self.dice.setText(text)
        self.place_dice()

    def place_dice(self) -> None:
        self._centre(self.dice, DICE_Y)

    def _centre(self, item: QGraphicsItem, mid: float) -> None:
        r = item.boundingRect()
        item.setPos(self.rect.center().x() - r.width() / 2, self.rect.top() + mid - r.height() / 2)

    def _show_badge(self, word: str, side: int | None) -> None:
        self.badge.set_text(word)
        if not word or side is None:
            return
        w, h = self.badge.size()
        box = self.rect
        pill = self.badge.pill
        pill.setTransformOriginPoint(w / 2, h / 2)
        # a word too long for the box's side band (English) turns to face its seat; 庄 stands
        turn = side in (1, 3) and w > SIDE_BAND
        pill.setRotation((-90 if side == 1 else 90) if turn else 0)
        half = (h if turn else w) / 2  # half the badge's extent across the left or right edge
        cx, cy = {
            0: (box.center().x(), box.bottom() - EDGE - h / 2),
            1: (box.right() - EDGE - half, box.center().y()),
            2: (box.center().x(), box.top() + EDGE + h / 2),
            3: (box.left() + EDGE + half, box.center().y()),
        }[side]
        pill.setPos(cx - w / 2, cy - h / 2)

    def _show_glow(self, side: int | None) -> None:
        self.glow.setVisible(side is not None)
        w, h = self.rect.width(), self.rect.height()
        inset = 18.0
        rects = {
            0: QRectF(inset, h - GLOW, w - 2 * inset, GLOW),
            1: QRectF(w - GLOW, inset, GLOW, h - 2 * inset),
            2: QRectF(inset, 0, w - 2 * inset, GLOW),
            3: QRectF(0, inset, GLOW, h - 2 * inset),
        }
        if side is not None:
            self.glow.setRect(rects[side])
