"""Calls and key moments shown on the table: 胡, 自摸, 杠, 报听 (with the declaring tile), the start
of the 海捞 (the last four tiles), each 海捞 draw, the kong's replacement from the back of the wall
(杠尾补牌) and 荒庄 appear as one card in large letters, grow in, hold, and fade out.

The card lies inside the ring of the rivers (over the wall and the centre box, pushed toward the
seat that made the call as far as that ring allows): a call never covers a river, a hand, a name
plate, the log or the tile tracker (``tests/gui/test_table_layout.py`` checks it).

Hidden information: a tile is shown face up on the card only when the event that made the moment
names it for this seat (a discard, the player's own draw); another seat's 海捞 draw or
replacement tile is shown as its back, as the engine's event for this seat carries no kind.

The animation is part of the animation of the event that made the call (the scene adds it to
the group :meth:`TableScene.show_event` returns), so the engine waits for it; it follows the
animation ownership rule of :mod:`gui.table.animation`: it is born a child of that group, and its
slots hold only the card's items (which the scene owns), never the scene (see the dice roll). At
speed 0 there is no animation and no card (an instant table shows the moment in the log).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractAnimation, QAnimationGroup, QEasingCurve, QRectF, QVariantAnimation
from PySide6.QtGui import QBrush, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from gui import theme
from gui.table.layout import CALL_RING, to_scene
from gui.table.scene_text import TEXT_Z, rounded, set_elided, text_item
from gui.table.tile_item import TileItem

if TYPE_CHECKING:
    from gui.tiles.art import TileArt

# at speed 1.0: long enough to read (the card is fully shown for half of it), scaled by the speed
CALL_MS = 900
CALLS = ("win", "self_draw", "kong", "ready", "last_four", "last_four_draw", "replacement", "exhaustive")
BIG = ("win", "self_draw", "kong", "ready")  # the calls a player makes: all as large as 自摸
CARD_PAD_X, CARD_PAD_Y, CARD_GAP = 26.0, 12.0, 16.0
CARD_TILE_W = 54  # the tile shown with a call
CARD_MARGIN = 6.0  # between the card and the rivers' ring
OVERSHOOT = 1.1  # the card grows in to this scale before it settles
MAX_W = (2 * (CALL_RING - CARD_MARGIN)) / OVERSHOOT  # the widest card that stays inside the ring


@dataclass(frozen=True)
class Call:
    """One call or moment: its kind (a key of theme.CALL_COLOURS), its words, and a tile shown
    with it: `tile` face up, or its back when `back` (a tile this seat may not see)."""

    kind: str
    title: str
    line: str = ""  # who, or what happens, under the title
    tile: int | None = None
    back: bool = False


class CallMarks:
    def __init__(self, scene: QGraphicsScene, art: TileArt) -> None:
        self.card = QGraphicsPathItem()
        self.card.setBrush(QBrush(theme.CALL_CARD_FILL))
        self.card.setZValue(TEXT_Z + 10)  # over the tiles and texts of the centre while it is shown
        self.card.setVisible(False)
        scene.addItem(self.card)
        self.title = text_item(self.card, theme.CALL_PX, bold=True)
        self.line = text_item(self.card, theme.CALL_LINE_PX, theme.TEXT)
        self.tile = TileItem(-1, art)
        self.tile.setAcceptHoverEvents(False)
        self.tile.setParentItem(self.card)
        self.last: tuple[int | None, Call] | None = None  # (screen side, call): for tests

    def set_art(self, art: TileArt) -> None:
        self.tile.art = art
        self.tile.update()

    def hide(self) -> None:
        self.card.setVisible(False)

    def place(self, side: int | None, call: Call) -> None:
        """Lay the card out for `call` and put it by screen `side` (None: in the middle), inside
        the rivers' ring (shown, at full size: :meth:`animate` then grows it in)."""
        colour = theme.CALL_COLOURS[call.kind]
        self.title.setFont(theme.font(theme.CALL_PX if call.kind in BIG else theme.MOMENT_PX, bold=True))
        self.title.setText(call.title)
        self.title.setBrush(QBrush(colour))
        self.title.setPen(QPen(theme.CALL_OUTLINE, 3))
        set_elided(self.line, call.line, MAX_W - 2 * CARD_PAD_X)  # a long name is cut, not the card
        self.line.setVisible(bool(call.line))
        shows_tile = call.tile is not None or call.back
        self.tile.setVisible(shows_tile)
        tr_, lr = self.title.boundingRect(), self.line.boundingRect()
        tile_w = CARD_TILE_W if shows_tile else 0
        tile_h = tile_w * 4 / 3
        top_w = tr_.width() + (CARD_GAP + tile_w if shows_tile else 0)
        top_h = max(tr_.height(), tile_h)
        line_h = lr.height() if call.line else 0.0
        w = max(top_w, lr.width() if call.line else 0.0) + 2 * CARD_PAD_X
        h = top_h + line_h + 2 * CARD_PAD_Y
        self.card.setPath(rounded(QRectF(0, 0, w, h), 18))
        self.card.setPen(QPen(colour, 3))
        x0 = (w - top_w) / 2
        self.title.setPos(x0, CARD_PAD_Y + (top_h - tr_.height()) / 2)
        if shows_tile:
            self.tile.set_look(call.tile, not call.back and call.tile is not None, CARD_TILE_W)
            self.tile.setPos(x0 + tr_.width() + CARD_GAP + tile_w / 2, CARD_PAD_Y + top_h / 2)
        self.line.setPos((w - lr.width()) / 2, CARD_PAD_Y + top_h)
        # toward the caller: as far from the centre as the ring allows (the card's depth along
        # the caller's direction is its height at the top and bottom, its width at the sides)
        depth = (h if side is None or side % 2 == 0 else w) * OVERSHOOT
        b = 0.0 if side is None else max(0.0, CALL_RING - CARD_MARGIN - depth / 2)
        cx, cy = to_scene(side or 0, 0.0, b)
        self.card.setTransformOriginPoint(w / 2, h / 2)
        self.card.setPos(cx - w / 2, cy - h / 2)
        self.card.setScale(1.0)
        self.card.setOpacity(1.0)
        self.card.setVisible(True)
        self.last = (side, call)

    def animate(self, side: int | None, call: Call, group: QAnimationGroup,
                duration: int) -> QAbstractAnimation:
        """Add the call's animation to `group` (its parent) and return it."""
        self.place(side, call)
        card = self.card
        card.setScale(0.5)
        card.setOpacity(0.0)
        anim = QVariantAnimation(group)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(duration)
        anim.setEasingCurve(QEasingCurve.Type.Linear)

        def step(value: float) -> None:  # the animation runs from 0.0 to 1.0
            t = float(value)
            # grow in with a little overshoot (first quarter), hold, fade out (last quarter)
            if t < 0.25:
                k = t / 0.25
                card.setScale(0.5 + 0.75 * k - 0.15 * k * k)
                card.setOpacity(min(1.0, k * 1.5))
            elif t < 0.75:
                card.setScale(1.1 - 0.1 * (t - 0.25) / 0.5)
                card.setOpacity(1.0)
            else:
                card.setScale(1.0)
                card.setOpacity(max(0.0, 1.0 - (t - 0.75) / 0.25))

        anim.valueChanged.connect(step)
        anim.finished.connect(lambda: card.setVisible(False))
        group.addAnimation(anim)
        return anim
