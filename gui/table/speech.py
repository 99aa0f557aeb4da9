"""快捷语 on the table: a speech bubble by the speaker's name plate for a few seconds, with the
phrase in this player's own language, or a reaction drawn as a small face (the fonts of the
players' systems do not all have the emoji, so none is used).

Each bubble sits on the far side of its plate from the middle of the table, where no tile of
the player's own hand lies (the bottom seat's above its plate, the right seat's below it, the
others' above theirs); :data:`BUBBLE_W` bounds it. A code this client does not know is ignored
(a newer host may relay phrases this program has no words for).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from engine.net.talk import REACTIONS, known
from gui.i18n import codes, tr
from gui.table.scene_text import TEXT_Z, set_elided, text_item

BUBBLE_MS = 4000  # how long a bubble stays
BUBBLE_W = 300.0  # the widest a bubble grows (a longer phrase is elided)
BUBBLE_PX = 22
PAD_X, PAD_Y, GAP, TAIL = 14.0, 8.0, 10.0, 9.0
GLYPH = 34.0  # a reaction's face, in scene pixels
FILL = QColor(255, 251, 236, 240)
RIM = QColor(120, 84, 10)
INK = QColor(40, 30, 20)
FACE = QColor(255, 206, 70)
SEATS = 4
# per screen side: the bubble above (True) or below its plate, and its edge in line with the
# plate's left edge (False) or its right edge (True)
ABOVE = (True, False, True, True)
RIGHT_ALIGNED = (True, False, False, True)


def draw_reaction(painter: QPainter, code: str, s: float) -> None:
    """A reaction as a small drawn face in a square of side `s`: 👍 a raised thumb, 😂 laughing,
    😮 surprised."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(INK, max(1.0, s / 17)))
    painter.setBrush(QBrush(FACE))
    if code == "thumbs_up":
        r = s * 0.16
        painter.drawRoundedRect(QRectF(s * 0.30, s * 0.45, s * 0.55, s * 0.45), r, r)  # the fist
        painter.drawRoundedRect(QRectF(s * 0.32, s * 0.08, s * 0.20, s * 0.45), r, r)  # the thumb
        painter.drawRect(QRectF(s * 0.10, s * 0.48, s * 0.16, s * 0.42))  # the cuff
        return
    painter.drawEllipse(QRectF(s * 0.06, s * 0.06, s * 0.88, s * 0.88))
    painter.setBrush(QBrush(INK))
    if code == "laugh":  # eyes shut tight, a wide open grin
        for x in (0.32, 0.68):
            eye = QPainterPath(QPointF(s * (x - 0.09), s * 0.42))
            eye.quadTo(QPointF(s * x, s * 0.26), QPointF(s * (x + 0.09), s * 0.42))
            painter.strokePath(eye, painter.pen())
        mouth = QPainterPath(QPointF(s * 0.25, s * 0.55))
        mouth.quadTo(QPointF(s * 0.5, s * 0.98), QPointF(s * 0.75, s * 0.55))
        mouth.closeSubpath()
        painter.drawPath(mouth)
    else:  # wow: round eyes, a round mouth
        for x in (0.34, 0.66):
            painter.drawEllipse(QPointF(s * x, s * 0.38), s * 0.05, s * 0.07)
        painter.drawEllipse(QPointF(s * 0.5, s * 0.70), s * 0.09, s * 0.12)


def reaction_icon(code: str, size: int = 32) -> QIcon:
    """The reaction's face as an icon (for the menu)."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    draw_reaction(painter, code, float(size))
    painter.end()
    return QIcon(pixmap)


class ReactionGlyph(QGraphicsItem):
    """A reaction's face inside a bubble."""

    def __init__(self, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self.code = ""

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, GLYPH, GLYPH)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        draw_reaction(painter, self.code, GLYPH)


class SpeechBubbles(QObject):
    """One bubble per screen side (0 is the player, at the bottom)."""

    def __init__(self, scene: QGraphicsScene) -> None:
        super().__init__(scene)
        self.codes: list[str | None] = [None] * SEATS  # what each side's bubble says now
        self.backs: list[QGraphicsPathItem] = []
        self._texts: list[QGraphicsSimpleTextItem] = []
        self._glyphs: list[ReactionGlyph] = []
        self._timers: list[QTimer] = []
        self._anchor: list[QRectF] = [QRectF()] * SEATS
        for side in range(SEATS):
            back = QGraphicsPathItem()
            back.setZValue(TEXT_Z + 5)  # over the tiles and the other texts, while it lasts
            back.setBrush(QBrush(FILL))
            back.setPen(QPen(RIM, 2))
            back.setVisible(False)
            scene.addItem(back)
            self.backs.append(back)
            self._texts.append(text_item(back, BUBBLE_PX, INK, bold=True))
            self._glyphs.append(ReactionGlyph(back))
            timer = QTimer(self)
            timer.setSingleShot(True)
            timer.setInterval(BUBBLE_MS)
            timer.timeout.connect(lambda side=side: self.hide(side))
            self._timers.append(timer)

    def say(self, side: int, code: str, plate: QRectF) -> bool:
        """Show `code` by the plate at `plate` (scene rectangle) on screen side `side`; False
        (nothing shown) for a code this client does not know."""
        if not known(code) or not 0 <= side < SEATS:
            return False
        self.codes[side] = code
        self._anchor[side] = QRectF(plate)
        self._lay_out(side)
        self._timers[side].start()
        return True

    def follow(self, side: int, plate: QRectF) -> None:
        """The plate moved or changed its size: the bubble goes with it (its time runs on)."""
        if self.codes[side] is not None and plate != self._anchor[side]:
            self._anchor[side] = QRectF(plate)
            self._lay_out(side)

    def hide(self, side: int) -> None:
        self.codes[side] = None
        self.backs[side].setVisible(False)
        self._timers[side].stop()

    def hide_all(self) -> None:
        for side in range(SEATS):
            self.hide(side)

    def text(self, side: int) -> str:
        """The words of the bubble at `side` ("" for none or a reaction)."""
        if self.codes[side] is None or not self._texts[side].isVisible():
            return ""
        return self._texts[side].text()

    def rect(self, side: int) -> QRectF:
        return self.backs[side].sceneBoundingRect()

    def retranslate(self) -> None:
        for side, code in enumerate(self.codes):
            if code is not None:
                self._lay_out(side)

    def _lay_out(self, side: int) -> None:
        code = self.codes[side]
        assert code is not None
        text, glyph = self._texts[side], self._glyphs[side]
        reaction = code in REACTIONS
        text.setVisible(not reaction)
        glyph.setVisible(reaction)
        if reaction:
            glyph.code = code
            glyph.update()
            glyph.setPos(PAD_X, PAD_Y)
            w, h = GLYPH + 2 * PAD_X, GLYPH + 2 * PAD_Y
        else:
            set_elided(text, tr(codes.TALK[code]), BUBBLE_W - 2 * PAD_X)
            text.setPos(PAD_X, PAD_Y)
            r = text.boundingRect()
            w, h = r.width() + 2 * PAD_X, r.height() + 2 * PAD_Y
        plate = self._anchor[side]
        above = ABOVE[side]
        x = plate.right() - w if RIGHT_ALIGNED[side] else plate.left()
        y = plate.top() - GAP - TAIL - h if above else plate.bottom() + GAP + TAIL
        back = self.backs[side]
        back.setPath(_bubble(w, h, above, w - 30.0 if RIGHT_ALIGNED[side] else 30.0))
        back.setPos(x, y)
        back.setVisible(True)


def _bubble(w: float, h: float, tail_down: bool, tail_x: float) -> QPainterPath:
    """A rounded box with a small tail toward the plate (down when the bubble is above it)."""
    path = QPainterPath()
    path.addRoundedRect(QRectF(0, 0, w, h), 12, 12)
    tail = QPainterPath()
    if tail_down:
        tail.moveTo(tail_x - TAIL, h - 1)
        tail.lineTo(tail_x, h + TAIL)
        tail.lineTo(tail_x + TAIL, h - 1)
    else:
        tail.moveTo(tail_x - TAIL, 1)
        tail.lineTo(tail_x, -TAIL)
        tail.lineTo(tail_x + TAIL, 1)
    tail.closeSubpath()
    return path.united(tail)


__all__ = ["BUBBLE_MS", "SpeechBubbles", "draw_reaction", "reaction_icon"]
