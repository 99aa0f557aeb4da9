"""The 复盘 panel's curve of points given away to 大师, hand after hand over the match: where the
match went wrong at a glance. The hand under review is the gold dot; a hand with no figure (not
reviewed yet, or reviewed by an older program) leaves a gap."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QToolTip, QWidget

from gui import fonts, theme
from gui.i18n import tr

HEIGHT = 76
TEXT_PX = 12
PAD = 8


class LossCurve(QWidget):
    """``set_losses(losses, current)``: each hand's loss in points (None: no figure)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lossCurve")
        self.setFixedHeight(HEIGHT)
        self.setMouseTracking(True)
        self.losses: list[float | None] = []
        self.current = -1

    def sizeHint(self) -> QSize:
        return QSize(240, HEIGHT)

    def set_losses(self, losses: Sequence[float | None], current: int) -> None:
        self.losses = [None if x is None else max(0.0, float(x)) for x in losses]
        self.current = current
        self.setToolTip(tr("explain.curve_tip"))
        self.update()

    def _top(self) -> float:
        known = [x for x in self.losses if x is not None]
        return max(5.0, max(known, default=0.0))

    def _plot(self) -> QRectF:
        return QRectF(PAD + 26, PAD, max(1.0, self.width() - 2 * PAD - 26), HEIGHT - 2 * PAD - TEXT_PX - 2)

    def point(self, index: int) -> QPointF | None:
        """Where hand `index`'s dot is drawn (None: it has no figure)."""
        value = self.losses[index] if 0 <= index < len(self.losses) else None
        if value is None:
            return None
        plot = self._plot()
        n = len(self.losses)
        x = plot.center().x() if n == 1 else plot.left() + plot.width() * index / (n - 1)
        return QPointF(x, plot.bottom() - plot.height() * value / self._top())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        plot = self._plot()
        painter.fillRect(self.rect(), QColor(theme.PANEL_DEEP))
        painter.setPen(QPen(QColor(theme.PANEL_GRID), 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        painter.setFont(fonts.ui_font(TEXT_PX))
        painter.setPen(QColor(theme.TEXT_SOFT))
        painter.drawText(QRectF(0, plot.top() - 2, plot.left() - 4, TEXT_PX + 4),
                         int(Qt.AlignmentFlag.AlignRight), f"{self._top():.0f}")
        painter.drawText(QRectF(0, plot.bottom() - TEXT_PX, plot.left() - 4, TEXT_PX + 4),
                         int(Qt.AlignmentFlag.AlignRight), "0")
        if self.losses:
            painter.drawText(QRectF(plot.left(), plot.bottom() + 2, plot.width(), TEXT_PX + 4),
                             int(Qt.AlignmentFlag.AlignLeft), tr("explain.curve_first"))
            painter.drawText(QRectF(plot.left(), plot.bottom() + 2, plot.width(), TEXT_PX + 4),
                             int(Qt.AlignmentFlag.AlignRight), tr("explain.curve_last", n=len(self.losses)))
        path = QPainterPath()
        drawing = False
        for index in range(len(self.losses)):
            p = self.point(index)
            if p is None:
                drawing = False
                continue
            if drawing:
                path.lineTo(p)
            else:
                path.moveTo(p)
                drawing = True
        painter.setPen(QPen(QColor(theme.LOSS), 2))
        painter.drawPath(path)
        for index in range(len(self.losses)):
            p = self.point(index)
            if p is None:
                continue
            here = index == self.current
            painter.setPen(QPen(QColor(theme.GOLD if here else theme.LOSS), 1))
            painter.setBrush(QColor(theme.GOLD if here else theme.PANEL))
            radius = 5.0 if here else 3.0
            painter.drawEllipse(p, radius, radius)
        painter.end()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """The hand under the pointer, in words."""
        near = None
        for index in range(len(self.losses)):
            p = self.point(index)
            if p is not None and abs(p.x() - event.position().x()) < 8:
                near = index
        if near is not None:
            loss = self.losses[near]
            QToolTip.showText(event.globalPosition().toPoint(),
                              tr("explain.curve_point", n=near + 1, loss=f"{loss:.1f}"), self)
        super().mouseMoveEvent(event)


__all__ = ["LossCurve"]
