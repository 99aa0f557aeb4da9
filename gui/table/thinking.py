"""An AI that takes its time: "思考中" and three moving dots on its name plate.

The table says when a seat is asked for a decision (``TableConnection.seat_deciding``); the
seat's next event ends it. :class:`ThinkingWatch` (in the GUI thread, owned by the table widget)
waits :data:`THINK_DELAY_MS` before it marks the seat, so a fast AI, whose discard follows at
once, never makes the mark blink; the mark goes with the next event, a decision of the player's,
and when the table stops. The dots move on :data:`DOT_MS`, whatever the animation speed: the
wait is the AI's, not an animation's.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem, QStyleOptionGraphicsItem, QWidget

from gui import theme

THINK_DELAY_MS = 150  # a decision shorter than this is never marked
DOT_MS = 320  # one step of the dots
DOTS = 3
DIM_DOT_ALPHA = 80  # the dots not lit, out of 255


class ThinkingMark(QGraphicsSimpleTextItem):
    """The word (a text of the table like any other, for the layout check) and three dots
    after it, one of them lit (:attr:`phase`); hidden until shown."""

    def __init__(self, parent: QGraphicsItem, px: int) -> None:
        super().__init__(parent)
        self.setFont(theme.font(px))
        self.setBrush(QBrush(theme.TEXT_DIM))
        self._metrics = QFontMetricsF(self.font())
        self._radius = px * 0.15
        self._gap = px * 0.2  # between two dots
        self.phase = 0
        self.setVisible(False)

    @property
    def word(self) -> str:
        return self.text()

    def set_word(self, word: str) -> None:
        if word != self.text():
            self.setText(word)

    def set_phase(self, phase: int) -> None:
        self.phase = phase % DOTS
        self.update()

    def _word_width(self) -> float:
        return super().boundingRect().width() + self._gap if self.text() else 0.0

    def width(self) -> float:
        return self._word_width() + DOTS * 2 * self._radius + (DOTS - 1) * self._gap

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.width(), max(super().boundingRect().height(), self._metrics.height()))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        super().paint(painter, option, widget)  # type: ignore[arg-type]  # Qt's own None, passed back
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        y = self._metrics.ascent() - self._radius  # on the text's baseline, like an ellipsis
        x = self._word_width() + self._radius
        for dot in range(DOTS):
            colour = QColor(theme.GOLD)
            if dot != self.phase:
                colour.setAlpha(DIM_DOT_ALPHA)
            painter.setBrush(colour)
            painter.drawEllipse(QPointF(x, y), self._radius, self._radius)
            x += 2 * self._radius + self._gap
        painter.restore()


class MarksThinking(Protocol):
    """What the watch needs of the table's scene (gui.table.scene.TableScene)."""

    thinking: int | None

    def set_thinking(self, seat: int | None) -> None: ...
    def step_thinking(self) -> None: ...


class ThinkingWatch(QObject):
    """Marks the seat that has been deciding for :data:`THINK_DELAY_MS` (GUI thread only)."""

    def __init__(self, scene: MarksThinking, human: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scene = scene
        self.human = human  # the player's own decisions are not marked: the bar says them
        self._seat: int | None = None  # the seat deciding now, marked or not yet
        self._delay = QTimer(self)
        self._delay.setSingleShot(True)
        self._delay.setInterval(THINK_DELAY_MS)
        self._delay.timeout.connect(self._mark)
        self._dots = QTimer(self)
        self._dots.setInterval(DOT_MS)
        self._dots.timeout.connect(self._step)

    @property
    def active(self) -> bool:
        """A seat is deciding, marked or about to be."""
        return self._seat is not None

    def deciding(self, seat: int) -> None:
        """`seat` is asked for a decision now: marked if it is still deciding after the delay.
        Any earlier seat's decision is over (the table asks one seat at a time)."""
        self.clear()
        if seat == self.human:
            return
        self._seat = seat
        self._delay.start()

    def clear(self) -> None:
        """The decision is over (an event, the player's turn, the table stopped)."""
        self._seat = None
        self._delay.stop()
        self._dots.stop()
        if self.scene.thinking is not None:
            self.scene.set_thinking(None)

    def _mark(self) -> None:
        if self._seat is not None:
            self.scene.set_thinking(self._seat)
            self._dots.start()

    def _step(self) -> None:
        self.scene.step_thinking()


__all__ = ["DOT_MS", "THINK_DELAY_MS", "ThinkingMark", "ThinkingWatch"]
