"""Two small chart widgets painted with QPainter (no QtCharts): 积分 over time and match results.

* :class:`LineChart` — 积分 after each hand as a smooth line over a soft area fill, with nice
  axis ticks, the level thresholds of :mod:`engine.game.ranks` as faint dashed lines labelled with
  their 段位 title, and the last value in a pill.
* :class:`BarChart` — one bar per match: wins green above the zero line, losses red below.

Both show a message instead of an empty plot when there is no data, follow the mouse with a
small read-out, and draw their hairlines on the pixel grid so they stay sharp at any device
pixel ratio. They paint no background of their own: put them on a card.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QWidget

from engine.game.ranks import RANKS
from gui import theme
from gui.fonts import ui_font
from gui.i18n.titles import title_words

INK = QColor(theme.INK)
MUTED = QColor(theme.MUTED)
GRID = QColor(theme.GRID)
AXIS = QColor(theme.RULE)
FELT = QColor(theme.FELT)
GOLD = QColor(theme.GOLD_DEEP)  # the levels' lines: the deep end of the gold, to stand out on ivory
WIN = QColor(theme.WIN_GREEN)
WIN_LIGHT = QColor(theme.WIN_LIGHT)
LOSS = QColor(theme.LOSS_RED)
LOSS_LIGHT = QColor(theme.LOSS_LIGHT)
MIN_W = 200  # three charts side by side fit the profile page beside the history at 1280 px


# -- numbers ----------------------------------------------------------------------------------------

def nice_step(span: float, target: int = 5) -> float:
    """A round step (1, 2, 2.5 or 5 × 10^k) that cuts ``span`` into about ``target`` parts."""
    if span <= 0:
        return 1.0
    rough = span / max(1, target)
    magnitude = 10 ** math.floor(math.log10(rough))
    for factor in (1.0, 2.0, 2.5, 5.0, 10.0):
        if rough <= factor * magnitude:
            return factor * magnitude
    return 10.0 * magnitude  # pragma: no cover - the loop always returns


def nice_ticks(lo: float, hi: float, target: int = 5, integer: bool = True) -> list[float]:
    """Round tick values covering [lo, hi]: the first ≤ lo, the last ≥ hi."""
    if hi < lo:
        lo, hi = hi, lo
    if hi == lo:
        hi = lo + 1
    step = nice_step(hi - lo, target)
    if integer:
        step = max(1.0, round(step)) if step >= 1 else 1.0
    first = math.floor(lo / step + 1e-9) * step
    last = math.ceil(hi / step - 1e-9) * step
    count = round((last - first) / step)
    return [first + i * step for i in range(count + 1)]


def format_number(value: float) -> str:
    """12,800 · -350 · 1.6M — short enough for an axis label."""
    n = round(value)
    if abs(n) >= 10_000_000:
        return f"{n / 1_000_000:.0f}M"
    if abs(n) >= 1_000_000:
        return f"{n / 1_000_000:.1f}M".replace(".0M", "M")
    return f"{n:,}"


def _smooth_path(points: Sequence[QPointF]) -> QPainterPath:
    """A monotone cubic through ``points`` (x increasing): no overshoot above or below the data."""
    path = QPainterPath(points[0])
    n = len(points)
    if n == 1:
        return path
    dx = [points[i + 1].x() - points[i].x() for i in range(n - 1)]
    slope = [(points[i + 1].y() - points[i].y()) / dx[i] if dx[i] else 0.0 for i in range(n - 1)]
    tangent = [slope[0]] + [0.0] * (n - 2) + [slope[-1]]
    for i in range(1, n - 1):
        a, b = slope[i - 1], slope[i]
        tangent[i] = 0.0 if a * b <= 0 else 2 * a * b / (a + b)
    for i in range(n - 1):
        h = dx[i] / 3
        p, q = points[i], points[i + 1]
        path.cubicTo(QPointF(p.x() + h, p.y() + tangent[i] * h),
                     QPointF(q.x() - h, q.y() - tangent[i + 1] * h), q)
    return path


def _crisp(value: float) -> float:
    """The centre of the pixel row (or column) at ``value``: a 1 px line there stays sharp."""
    return math.floor(value) + 0.5


# -- the shared frame ----------------------------------------------------------------------------------

class _Chart(QWidget):
    """Axes, fonts, the empty state and mouse tracking shared by both charts."""

    def __init__(self, hover_label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._empty_text = ""
        self._values: list[int] = []
        self._hover_label = hover_label
        self._hover: int | None = None
        self.setMouseTracking(True)
        self.setMinimumSize(MIN_W, 150)
        self.tick_font = ui_font(11)
        self.label_font = ui_font(12)
        self.empty_font = ui_font(14)

    def sizeHint(self) -> QSize:
        return QSize(520, 200)

    def minimumSizeHint(self) -> QSize:
        return QSize(MIN_W, 150)

    def set_empty_text(self, text: str) -> None:
        """The message shown while there is no data."""
        self._empty_text = text
        self.update()

    def empty_text(self) -> str:
        return self._empty_text

    def set_hover_label(self, template: str) -> None:
        """How the read-out names a point or bar, e.g. "第 {n} 局" (line: {n}, the hand number)
        or "第 {label} 场" (bars: {label}, the bar's label)."""
        self._hover_label = template
        self.update()

    def values(self) -> list[int]:
        return list(self._values)

    def is_empty(self) -> bool:
        return not self._values

    def hovered_index(self) -> int | None:
        """The data index under the mouse, if any."""
        return self._hover

    # -- painting helpers --------------------------------------------------------------------------
    def _begin(self) -> QPainter:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        return painter

    def _paint_empty(self, painter: QPainter) -> None:
        box = QRectF(self.rect()).adjusted(12, 10, -12, -10)
        pen = QPen(AXIS, 1.2, Qt.PenStyle.DashLine)
        pen.setDashPattern([5, 4])
        painter.setPen(pen)
        painter.setBrush(QColor(255, 255, 255, 90))
        painter.drawRoundedRect(box.adjusted(0.5, 0.5, -0.5, -0.5), 10, 10)
        # a tiny sketch of a chart above the words
        centre = box.center()
        sketch = QPainterPath(QPointF(centre.x() - 34, centre.y() - 14))
        for dx, dy in ((-20, -22), (-6, -18), (6, -30), (20, -26), (34, -40)):
            sketch.lineTo(centre.x() + dx, centre.y() + dy)
        stroke = QPen(QColor(AXIS.red(), AXIS.green(), AXIS.blue(), 200), 2.2)
        stroke.setCapStyle(Qt.PenCapStyle.RoundCap)
        stroke.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(stroke)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(sketch)
        painter.setFont(self.empty_font)
        painter.setPen(MUTED)
        text_box = QRectF(box.left() + 16, centre.y() - 4, box.width() - 32, box.bottom() - centre.y())
        painter.drawText(text_box, int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
                                       | Qt.TextFlag.TextWordWrap), self._empty_text)

    def _paint_y_axis(self, painter: QPainter, plot: QRectF, ticks: Sequence[float],
                      to_y: Callable[[float], float], zero_strong: bool = False) -> None:
        metrics = QFontMetricsF(self.tick_font)
        painter.setFont(self.tick_font)
        for value in ticks:
            y = to_y(value)
            strong = zero_strong and value == 0
            painter.setPen(QPen(QColor(INK.red(), INK.green(), INK.blue(), 120) if strong else GRID, 1.0))
            painter.drawLine(QPointF(plot.left(), _crisp(y)), QPointF(plot.right(), _crisp(y)))
            painter.setPen(MUTED)
            text = self.format_value(value)
            width = metrics.horizontalAdvance(text)
            painter.drawText(QPointF(plot.left() - 8 - width, y + metrics.capHeight() / 2), text)

    def _y_label_width(self, ticks: Sequence[float]) -> float:
        metrics = QFontMetricsF(self.tick_font)
        return max(metrics.horizontalAdvance(self.format_value(v)) for v in ticks)

    def format_value(self, value: float) -> str:
        """A value as the axis and the read-outs write it (a subclass may add its unit)."""
        return format_number(value)

    def _paint_pill(self, painter: QPainter, anchor: QPointF, text: str, fill: QColor,
                    above: bool = True, bounds: QRectF | None = None) -> QRectF:
        """A rounded label with ``text`` centred over (or under) ``anchor``, kept in ``bounds``."""
        metrics = QFontMetricsF(self.label_font)
        w = metrics.horizontalAdvance(text) + 14
        h = metrics.height() + 4
        rect = QRectF(anchor.x() - w / 2, anchor.y() - h - 8 if above else anchor.y() + 8, w, h)
        limit = bounds if bounds is not None else QRectF(self.rect())
        if rect.right() > limit.right():
            rect.moveRight(limit.right())
        if rect.left() < limit.left():
            rect.moveLeft(limit.left())
        if rect.top() < limit.top():
            rect.moveTop(limit.top())
        if rect.bottom() > limit.bottom():
            rect.moveBottom(limit.bottom())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 40))
        painter.drawRoundedRect(rect.translated(0, 1.5), h / 2, h / 2)
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, h / 2, h / 2)
        painter.setFont(self.label_font)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), text)
        return rect

    def leaveEvent(self, event: QEvent) -> None:
        if self._hover is not None:
            self._hover = None
            self.update()
        super().leaveEvent(event)


# -- 积分 over time -----------------------------------------------------------------------------------

class LineChart(_Chart):
    """积分 after each hand: ``set_data(points_history)``."""

    MAX_POINTS = 600  # more hands than this are thinned out (the last one always stays)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("{n}", parent)
        self._thresholds = True
        self._plot = QRectF()
        self._xs: list[float] = []

    def set_data(self, points: Sequence[int], thresholds: bool = True) -> None:
        """积分 after each hand, oldest first; ``thresholds`` draws the level lines."""
        self._values = [int(v) for v in points]
        self._thresholds = thresholds
        self._hover = None
        self.update()

    # -- geometry ------------------------------------------------------------------------------------
    def value_range(self) -> tuple[list[float], float, float]:
        """(y ticks, bottom, top) of the plot: the data, and the next level if it is close."""
        lo, hi = min(self._values), max(self._values)
        span = max(hi - lo, 1)
        if self._thresholds:
            upcoming = [lv.next_at for lv in RANKS[:-1] if lv.next_at > hi]
            if upcoming and upcoming[0] <= hi + 0.35 * span + 10:
                hi = upcoming[0]
        if lo <= 0.3 * hi or lo < 0:
            lo = min(lo, 0)
        if hi == lo:
            hi = lo + 10
        ticks = nice_ticks(lo, hi, 4)
        return ticks, ticks[0], ticks[-1]

    def _samples(self, width: float) -> list[tuple[int, int]]:
        """(hand index, 积分) pairs to draw: all of them, or an even thinning keeping the ends."""
        n = len(self._values)
        limit = max(2, min(self.MAX_POINTS, int(width)))
        if n <= limit:
            return list(enumerate(self._values))
        step = (n - 1) / (limit - 1)
        picked = sorted({round(i * step) for i in range(limit)} | {n - 1})
        return [(i, self._values[i]) for i in picked]

    # -- painting ------------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = self._begin()
        if not self._values:
            self._paint_empty(painter)
            painter.end()
            return
        ticks, lo, hi = self.value_range()
        metrics = QFontMetricsF(self.tick_font)
        left = 10 + self._y_label_width(ticks) + 8
        plot = QRectF(left, 14, max(10.0, self.width() - left - 18), max(10.0, self.height() - 14 - 28))
        self._plot = plot
        n = len(self._values)

        def to_x(index: float) -> float:
            return plot.left() + (index / (n - 1) if n > 1 else 0.5) * plot.width()

        def to_y(value: float) -> float:
            return plot.bottom() - (value - lo) / (hi - lo) * plot.height()

        self._paint_y_axis(painter, plot, ticks, to_y)
        if self._thresholds:
            self._paint_thresholds(painter, plot, lo, hi, to_y)

        # x axis: hand numbers
        painter.setPen(QPen(AXIS, 1.0))
        axis_y = _crisp(plot.bottom())
        painter.drawLine(QPointF(plot.left(), axis_y), QPointF(plot.right(), axis_y))
        painter.setFont(self.tick_font)
        painter.setPen(MUTED)
        if n > 1:
            x_ticks = [t for t in nice_ticks(1, n, max(2, int(plot.width() // 90))) if 1 <= t <= n]
            if not x_ticks or x_ticks[0] != 1:
                x_ticks.insert(0, 1)
            last_right = -1e9
            for t in x_ticks:
                text = format_number(t)
                w = metrics.horizontalAdvance(text)
                x = to_x(t - 1)
                if x - w / 2 < last_right + 10:
                    continue
                painter.setPen(QPen(AXIS, 1.0))
                painter.drawLine(QPointF(_crisp(x), plot.bottom()), QPointF(_crisp(x), plot.bottom() + 4))
                painter.setPen(MUTED)
                x_text = min(max(x - w / 2, plot.left() - 4), self.width() - w - 2)
                painter.drawText(QPointF(x_text, plot.bottom() + 6 + metrics.ascent()), text)
                last_right = x_text + w

        # the line and the area under it
        samples = self._samples(plot.width())
        self._xs = [to_x(i) for i, _ in samples]
        points = [QPointF(to_x(i), to_y(v)) for i, v in samples]
        line = _smooth_path(points) if len(points) > 1 else QPainterPath(points[0])
        if len(points) > 1:
            area = QPainterPath(line)
            area.lineTo(points[-1].x(), plot.bottom())
            area.lineTo(points[0].x(), plot.bottom())
            area.closeSubpath()
            fill = QLinearGradient(0, plot.top(), 0, plot.bottom())
            fill.setColorAt(0.0, QColor(46, 139, 87, 110))
            fill.setColorAt(1.0, QColor(46, 139, 87, 8))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(fill)
            painter.save()
            painter.setClipRect(plot.adjusted(0, -2, 0, 0))
            painter.drawPath(area)
            painter.restore()
            pen = QPen(FELT, 2.2)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(line)

        # the last value
        last = points[-1]
        self._paint_dot(painter, last, FELT)
        bounds = QRectF(plot.left(), 0, self.width() - plot.left(), plot.bottom())
        self._paint_pill(painter, last, self.format_value(self._values[-1]), FELT, above=True, bounds=bounds)

        # the read-out under the mouse
        if self._hover is not None and 0 <= self._hover < n:
            index = self._hover
            x, y = to_x(index), to_y(self._values[index])
            painter.setPen(QPen(QColor(INK.red(), INK.green(), INK.blue(), 90), 1.0, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(_crisp(x), plot.top()), QPointF(_crisp(x), plot.bottom()))
            self._paint_dot(painter, QPointF(x, y), GOLD)
            text = f"{self._hover_label.format(n=index + 1)} · {self.format_value(self._values[index])}"
            self._paint_pill(painter, QPointF(x, plot.top() + 28), text, QColor(43, 42, 38, 225),
                             above=True, bounds=bounds)
        painter.end()

    def _paint_dot(self, painter: QPainter, centre: QPointF, colour: QColor) -> None:
        painter.setPen(QPen(QColor("#ffffff"), 2.0))
        painter.setBrush(colour)
        painter.drawEllipse(centre, 4.5, 4.5)

    def _paint_thresholds(self, painter: QPainter, plot: QRectF, lo: float, hi: float,
                          to_y: Callable[[float], float]) -> None:
        """Dashed lines at the promotions inside the range, from the top down, never crowded."""
        metrics = QFontMetricsF(self.tick_font)
        painter.setFont(self.tick_font)
        last_y = -1e9
        for level in reversed(RANKS[:-1]):
            figure = level.next_at
            if not lo < figure < hi:
                continue
            y = to_y(figure)
            if y - last_y < metrics.height() + 6:
                continue
            last_y = y
            pen = QPen(QColor(GOLD.red(), GOLD.green(), GOLD.blue(), 150), 1.0, Qt.PenStyle.CustomDashLine)
            pen.setDashPattern([4, 4])
            painter.setPen(pen)
            painter.drawLine(QPointF(plot.left(), _crisp(y)), QPointF(plot.right(), _crisp(y)))
            title = title_words(RANKS[level.number].dan_title)  # the level this figure reaches
            w = metrics.horizontalAdvance(title)
            box = QRectF(plot.left() + 6, y - metrics.height() - 1, w + 8, metrics.height())
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 253, 247, 200))
            painter.drawRoundedRect(box, 3, 3)
            painter.setPen(GOLD)
            painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), title)

    # -- the mouse -------------------------------------------------------------------------------------
    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        hover = None
        n = len(self._values)
        if n and self._plot.width() > 0:
            x = event.position().x()
            if self._plot.left() - 6 <= x <= self._plot.right() + 6:
                fraction = (x - self._plot.left()) / self._plot.width()
                hover = min(n - 1, max(0, round(fraction * (n - 1)))) if n > 1 else 0
        if hover != self._hover:
            self._hover = hover
            self.update()
        super().mouseMoveEvent(event)


# -- results per match ----------------------------------------------------------------------------------

class BarChart(_Chart):
    """One bar per match: ``set_data(match_results)``; the last ``max_bars`` are shown."""

    def __init__(self, parent: QWidget | None = None, max_bars: int = 30) -> None:
        super().__init__("{label}", parent)
        self.max_bars = max_bars
        self._labels: list[str] = []
        self._slots: list[QRectF] = []

    def set_data(self, values: Sequence[int], labels: Sequence[str] | None = None) -> None:
        """Net result of each match, oldest first; ``labels`` under the bars (default 1, 2, 3…)."""
        values = [int(v) for v in values]
        names = [str(x) for x in labels] if labels is not None else [str(i + 1) for i in range(len(values))]
        if len(names) != len(values):
            raise ValueError("one label per value")
        self._values = values[-self.max_bars:] if self.max_bars > 0 else values
        self._labels = names[len(names) - len(self._values):]
        self._hover = None
        self.update()

    def labels(self) -> list[str]:
        return list(self._labels)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = self._begin()
        if not self._values:
            self._paint_empty(painter)
            painter.end()
            return
        lo, hi = min(0, *self._values), max(0, *self._values)
        if lo == hi:
            hi = 10
        room = 0.14 * (hi - lo)  # headroom for the value labels at the bars' ends
        ticks = nice_ticks(lo - room if lo < 0 else lo, hi + room if hi > 0 else hi, 4)
        bottom, top = ticks[0], ticks[-1]
        metrics = QFontMetricsF(self.tick_font)
        left = 10 + self._y_label_width(ticks) + 8
        plot = QRectF(left, 16, max(10.0, self.width() - left - 10), max(10.0, self.height() - 16 - 26))

        def to_y(value: float) -> float:
            return plot.bottom() - (value - bottom) / (top - bottom) * plot.height()

        self._paint_y_axis(painter, plot, [t for t in ticks if t != 0], to_y)
        zero = to_y(0)
        n = len(self._values)
        slot = plot.width() / n
        bar_w = max(2.0, min(30.0, slot * 0.64))
        self._slots = []
        label_metrics = QFontMetricsF(self.label_font)
        show_values = all(label_metrics.horizontalAdvance(f"{v:+d}") + 4 <= slot for v in self._values)
        extremes = set()  # when not every bar can be labelled, the best and the worst still are
        if max(self._values) > 0:
            extremes.add(self._values.index(max(self._values)))
        if min(self._values) < 0:
            extremes.add(self._values.index(min(self._values)))
        for index, value in enumerate(self._values):
            cx = plot.left() + slot * (index + 0.5)
            self._slots.append(QRectF(plot.left() + slot * index, plot.top(), slot, plot.height()))
            hovered = index == self._hover
            if value == 0:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(MUTED)
                painter.drawRoundedRect(QRectF(cx - bar_w / 2, zero - 1.5, bar_w, 3), 1.5, 1.5)
                continue
            y = to_y(value)
            rect = QRectF(cx - bar_w / 2, min(y, zero), bar_w, max(1.0, abs(zero - y)))
            dark, light = (WIN, WIN_LIGHT) if value > 0 else (LOSS, LOSS_LIGHT)
            if hovered:
                dark, light = dark.darker(115), light.darker(110)
            gradient = QLinearGradient(rect.topLeft(), rect.topRight())
            gradient.setColorAt(0.0, light)
            gradient.setColorAt(1.0, dark)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(gradient)
            painter.drawPath(self._bar_path(rect, up=value > 0))
            if show_values or hovered or index in extremes:
                text = f"{value:+d}"
                painter.setFont(self.label_font)
                painter.setPen(dark.darker(120))
                w = label_metrics.horizontalAdvance(text)
                base = rect.top() - 4 if value > 0 else rect.bottom() + 3 + label_metrics.ascent()
                painter.drawText(QPointF(cx - w / 2, base), text)
        # the zero line over the bars' feet
        painter.setPen(QPen(QColor(INK.red(), INK.green(), INK.blue(), 140), 1.0))
        painter.drawLine(QPointF(plot.left(), _crisp(zero)), QPointF(plot.right(), _crisp(zero)))
        painter.setFont(self.tick_font)
        painter.setPen(MUTED)
        zero_x = plot.left() - 8 - metrics.horizontalAdvance("0")
        painter.drawText(QPointF(zero_x, zero + metrics.capHeight() / 2), "0")
        # labels under the plot, thinned out to fit
        widest = max(metrics.horizontalAdvance(label) for label in self._labels) + 8
        every = max(1, math.ceil(widest / slot))
        for index, label in enumerate(self._labels):
            if (n - 1 - index) % every:
                continue  # keep the latest match labelled
            cx = plot.left() + slot * (index + 0.5)
            w = metrics.horizontalAdvance(label)
            painter.drawText(QPointF(cx - w / 2, plot.bottom() + 6 + metrics.ascent()), label)
        if self._hover is not None and 0 <= self._hover < n:
            cx = plot.left() + slot * (self._hover + 0.5)
            value = self._values[self._hover]
            text = f"{self._hover_label.format(label=self._labels[self._hover])} · {value:+d}"
            self._paint_pill(painter, QPointF(cx, plot.top() + 26), text, QColor(43, 42, 38, 225),
                             bounds=QRectF(0, 0, self.width(), plot.bottom()))
        painter.end()

    @staticmethod
    def _bar_path(rect: QRectF, up: bool) -> QPainterPath:
        """A bar rounded at its far end, square where it stands on the zero line."""
        r = min(4.0, rect.width() / 2, rect.height())
        path = QPainterPath()
        if up:
            path.moveTo(rect.bottomLeft())
            path.lineTo(rect.left(), rect.top() + r)
            path.quadTo(rect.topLeft(), QPointF(rect.left() + r, rect.top()))
            path.lineTo(rect.right() - r, rect.top())
            path.quadTo(rect.topRight(), QPointF(rect.right(), rect.top() + r))
            path.lineTo(rect.bottomRight())
        else:
            path.moveTo(rect.topLeft())
            path.lineTo(rect.left(), rect.bottom() - r)
            path.quadTo(rect.bottomLeft(), QPointF(rect.left() + r, rect.bottom()))
            path.lineTo(rect.right() - r, rect.bottom())
            path.quadTo(rect.bottomRight(), QPointF(rect.right(), rect.bottom() - r))
            path.lineTo(rect.topRight())
        path.closeSubpath()
        return path

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        hover = None
        for index, slot in enumerate(self._slots):
            if slot.left() <= event.position().x() < slot.right():
                hover = index
                break
        if hover != self._hover:
            self._hover = hover
            self.update()
        super().mouseMoveEvent(event)
