"""Marks on the wall: where the next tile is drawn (摸牌), where the next kong replacement comes
from (杠尾), and where the wall was broken (开门, until the deal starts).

Each mark is a small pointer at the wall's inner edge, exactly at its stack, and a word in the
lane between the wall and the centre box, as near the pointer as it fits. On the left and
right walls the words stand upright when the lane is wide enough for them (摸牌, 杠尾);
longer words (English) run along the lane, turned toward that seat, all three alike. Marks that would lie
on each other (the draw front meeting the kong end, two marks meeting at a corner) are moved
aside along their lane, the more important one staying put; a word with no room left beside
them is shortened where it has a shorter form (none of today's words needs one), else left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPolygonItem, QGraphicsScene, QGraphicsSimpleTextItem

from gui import theme
from gui.table.layout import BOX_HALF, WALL_LIFT, WALL_R, WALL_W, height_of, to_scene
from gui.table.scene_text import TEXT_Z, text_item

KEYS = ("front", "back", "break")  # by importance
COLOURS = {"front": theme.MARK_FRONT, "back": theme.MARK_BACK, "break": theme.MARK_BREAK}
WALL_INNER = WALL_R - height_of(WALL_W) / 2  # the wall's inner edge, from the centre
POINTER = 9.0
STEP = 6.0  # how far a mark moves aside per try
GAP = 10.0  # kept between two marks: two words side by side still read as two
# how far a word may move from its pointer before a shorter form is tried: further, the whole word
# read as another stack's (English "Kong replacement" beside "Draw", late in a hand)
NEAR = 3 * WALL_W
TURN = (0, -90, 0, 90)  # per screen side: how a side wall's marks turn when they must
# kept free between a word and the wall's tiles: a word that ended on a tile's edge (English
# "Kong replacement" at a corner) read as lying on the wall at the smallest window
WALL_CLEAR = 6.0
SIDE_ROOM = 2 * WALL_CLEAR  # an upright word in a side lane leaves this much of the lane free


@dataclass(frozen=True)
class MarkSpot:
    key: str
    text: str
    side: int  # screen side of the wall the stack is in
    a: float  # the stack's place along that side
    short: str = ""  # a shorter word, where the whole one has no room left in its lane


def _inside_wall() -> QRectF:
    x0, y0 = to_scene(0, -WALL_INNER, -WALL_INNER)
    x1, y1 = to_scene(0, WALL_INNER, WALL_INNER - WALL_LIFT)
    return QRectF(x0, y0, x1 - x0, y1 - y0)


INSIDE_WALL = _inside_wall()  # the square the wall encloses (the bottom wall's top layer rises)
WORDS_ROOM = INSIDE_WALL.adjusted(WALL_CLEAR, WALL_CLEAR, -WALL_CLEAR, -WALL_CLEAR)  # where a word may lie


def lane_middle(side: int) -> float:
    """Distance from the centre to the middle of the lane inside the wall on `side`."""
    inner = WALL_INNER - (WALL_LIFT if side == 0 else 0)  # the bottom wall's top layer rises toward it
    return (BOX_HALF + inner) / 2


class WallMarks:
    def __init__(self, scene: QGraphicsScene) -> None:
        self.texts: dict[str, QGraphicsSimpleTextItem] = {}
        self.pointers: dict[str, QGraphicsPolygonItem] = {}
        for key in KEYS:
            self.texts[key] = text_item(scene, theme.WALL_MARK_PX, COLOURS[key], bold=True)
            pointer = QGraphicsPolygonItem()
            pointer.setBrush(QBrush(COLOURS[key]))
            pointer.setPen(QPen(QColor(0, 0, 0, 120), 1))
            pointer.setZValue(TEXT_Z)
            scene.addItem(pointer)
            self.pointers[key] = pointer
        self.turned = False  # the side walls' words run along their lanes
        self.hide()

    def hide(self) -> None:
        for key in KEYS:
            self.texts[key].setVisible(False)
            self.pointers[key].setVisible(False)

    def show(self, spots: list[MarkSpot]) -> None:
        self.hide()
        lane = WALL_INNER - BOX_HALF - SIDE_ROOM
        for spot in spots:
            self.texts[spot.key].setText(spot.text)
        widest = max((self.texts[s.key].boundingRect().width() for s in spots), default=0.0)
        self.turned = widest > lane
        placed: list[QRectF] = []
        for spot in sorted(spots, key=lambda s: KEYS.index(s.key)):
            text = self.texts[spot.key]
            text.setText(spot.text)
            rect = None
            # near its pointer, whole or else short; then as near as it goes, short or else whole
            for reach, word in ((NEAR, spot.text), (NEAR, spot.short), (None, spot.short), (None, spot.text)):
                if rect is None and word:
                    text.setText(word)
                    rect = self._fit(spot, text, placed, reach)
            if rect is None:
                continue  # no room left in the lane: the more important marks keep theirs
            placed.append(rect)
            r = text.boundingRect()
            text.setTransformOriginPoint(r.center())
            text.setRotation(self._turn(spot.side))
            text.setPos(rect.center().x() - r.width() / 2, rect.center().y() - r.height() / 2)
            text.setVisible(True)
            self._point(self.pointers[spot.key], spot)

    def _turn(self, side: int) -> int:
        return TURN[side] if self.turned else 0

    def _fit(self, spot: MarkSpot, text: QGraphicsSimpleTextItem, placed: list[QRectF],
             reach: float | None = None) -> QRectF | None:
        """Where `text` lies in its lane nearest its stack (its centre no further than `reach`
        from it, if given), clear of the wall and of the marks `placed`; None if nowhere."""
        r = text.boundingRect()
        w, h = (r.width(), r.height()) if self._turn(spot.side) == 0 else (r.height(), r.width())
        b = lane_middle(spot.side)
        tries = [spot.a]
        for n in range(1, int(2 * WALL_INNER / STEP) + 2):
            if reach is not None and n * STEP > reach:
                break
            tries += [spot.a + n * STEP, spot.a - n * STEP]
        for a in tries:
            x, y = to_scene(spot.side, a, b)
            rect = QRectF(x - w / 2, y - h / 2, w, h)
            if not WORDS_ROOM.contains(rect):
                continue
            if not any(rect.adjusted(-GAP, -GAP, GAP, GAP).intersects(other) for other in placed):
                return rect
        return None

    def _point(self, pointer: QGraphicsPolygonItem, spot: MarkSpot) -> None:
        inner = WALL_INNER - (WALL_LIFT if spot.side == 0 else 0)
        tip = to_scene(spot.side, spot.a, inner - 1)
        left = to_scene(spot.side, spot.a - POINTER / 2, inner - 1 - POINTER)
        right = to_scene(spot.side, spot.a + POINTER / 2, inner - 1 - POINTER)
        pointer.setPolygon(QPolygonF([QPointF(*tip), QPointF(*left), QPointF(*right)]))
        pointer.setVisible(True)
