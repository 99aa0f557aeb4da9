"""The banner that announces a level change at the table: an overlay ribbon for any widget.

``show_change(old, new, speed)`` slides a ribbon in ("升级！临时工 · 街头一段"), holds it, fades
it out and emits ``finished``.
"""

from __future__ import annotations

import math
import random

from PySide6.QtCore import (
    Property,
    QAbstractAnimation,
    QEasingCurve,
    QEvent,
    QObject,
    QPauseAnimation,
    QPointF,
    QPropertyAnimation,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QWidget

from engine.game.ranks import RANKS, Rank
from gui.fonts import ui_font
from gui.i18n import tr
from gui.i18n.titles import level_words
from gui.theme import GOLD_EDGE, gold_gradient, title_font


class LevelChangeBanner(QWidget):
    """An overlay ribbon announcing a new level: "升级！临时工 · 街头一段" (or 降级).

    Give it the widget to cover as parent. ``show_change(old, new, speed)`` slides the ribbon in
    (property ``reveal`` 0→1), holds it, fades it out (property ``fade`` 1→0), hides and emits
    ``finished``. Every duration is multiplied by ``speed``; at 0 nothing is shown and
    ``finished`` is emitted at once, before ``show_change`` returns (so too when the level did
    not change). A new call while one is showing replaces it (the first one's ``finished`` is
    not emitted). Mouse clicks go through to the widget below.
    """

    finished = Signal()

    IN_MS = 480
    HOLD_MS = 1700
    OUT_MS = 520

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("levelChangeBanner")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self._reveal = 0.0
        self._fade = 1.0
        self._up = True
        self._headline = ""
        self._titles = ""
        self._detail = ""
        self._group: QSequentialAnimationGroup | None = None
        if parent is not None:
            parent.installEventFilter(self)
            self.setGeometry(parent.rect())
        self.hide()

    # -- animated properties ---------------------------------------------------------------------------
    def _get_reveal(self) -> float:
        return self._reveal

    def _set_reveal(self, value: float) -> None:
        self._reveal = float(value)
        self.update()

    def _get_fade(self) -> float:
        return self._fade

    def _set_fade(self, value: float) -> None:
        self._fade = float(value)
        self.update()

    reveal = Property(float, _get_reveal, _set_reveal)
    fade = Property(float, _get_fade, _set_fade)

    # -- API -------------------------------------------------------------------------------------------------
    def show_change(self, old_level: Rank | int, new_level: Rank | int, speed: float = 1.0) -> None:
        """Announce the move from ``old_level`` to ``new_level`` (Rank objects or numbers 1..24)."""
        old = old_level if isinstance(old_level, Rank) else RANKS[int(old_level) - 1]
        new = new_level if isinstance(new_level, Rank) else RANKS[int(new_level) - 1]
        self._stop()
        if new.number == old.number:  # nothing to announce
            self.hide()
            self.finished.emit()
            return
        self._up = new.number > old.number
        self._headline = tr("banner.up" if self._up else "banner.down")
        self._titles = level_words(new)
        self._detail = tr("banner.levels", old=old.number, new=new.number)
        if speed <= 0:
            self._set_reveal(1.0)
            self._set_fade(0.0)
            self.hide()
            self.finished.emit()
            return
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self._set_reveal(0.0)
        self._set_fade(1.0)
        group = QSequentialAnimationGroup(self)
        self._tween(group, b"reveal", 0.0, 1.0, self.IN_MS * speed, QEasingCurve.Type.OutBack)
        group.addAnimation(QPauseAnimation(max(0, round(self.HOLD_MS * speed)), group))
        self._tween(group, b"fade", 1.0, 0.0, self.OUT_MS * speed, QEasingCurve.Type.InCubic)
        group.finished.connect(self._done)
        self._group = group
        self.show()
        self.raise_()
        group.start()

    def message(self) -> str:
        """The headline as one line, e.g. "升级！临时工 · 街头一段"."""
        return self._headline + self._titles

    def detail(self) -> str:
        return self._detail

    def is_running(self) -> bool:
        return self._group is not None and self._group.state() == QAbstractAnimation.State.Running

    def _stop(self) -> None:
        if self._group is not None:
            group, self._group = self._group, None
            group.finished.disconnect(self._done)
            group.stop()
            group.deleteLater()

    def _tween(self, group: QSequentialAnimationGroup, prop: bytes, start: float, end: float, ms: float,
               curve: QEasingCurve.Type) -> None:
        """Animate ``prop`` from ``start`` to ``end`` in ``ms``, as the next step of ``group``."""
        step = QPropertyAnimation(self, prop, group)
        step.setStartValue(start)
        step.setEndValue(end)
        step.setDuration(max(1, round(ms)))
        step.setEasingCurve(curve)
        group.addAnimation(step)

    def _done(self) -> None:
        if self._group is not None:
            self._group.deleteLater()
            self._group = None
        self.hide()
        self.finished.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        parent = self.parentWidget()
        if parent is not None and watched is parent and event.type() == QEvent.Type.Resize:
            self.setGeometry(parent.rect())
        return super().eventFilter(watched, event)

    # -- painting -----------------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        opacity = max(0.0, min(1.0, self._reveal)) * self._fade
        if opacity <= 0.001:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.setOpacity(opacity)
        w, h = self.width(), self.height()
        # a soft dimming of the table behind
        painter.fillRect(self.rect(), QColor(0, 0, 0, 70))
        band_h = 132.0
        offset = (1.0 - self._reveal) * -46.0  # slides down into place (OutBack overshoots a little)
        band = QRectF(0, h * 0.40 - band_h / 2 + offset, w, band_h)
        self._paint_ribbon(painter, band)
        # the headline: 升级！ + titles, gold (or silver when going down)
        size = 44
        while size > 20:
            font = title_font(size)
            if QFontMetricsF(font).horizontalAdvance(self.message()) <= w * 0.86:
                break
            size -= 2
        font = title_font(size)
        path = QPainterPath()
        path.addText(0, 0, font, self.message())
        box = path.boundingRect()
        path.translate(w / 2 - box.center().x(), band.center().y() - 12 - box.center().y())
        box = path.boundingRect()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 120))
        painter.drawPath(path.translated(2, 3))
        if self._up:
            shine = gold_gradient(box.topLeft(), box.bottomLeft())
            edge = QColor(GOLD_EDGE)
        else:  # silver, going down
            shine = QLinearGradient(box.topLeft(), box.bottomLeft())
            shine.setColorAt(0.0, QColor("#ffffff"))
            shine.setColorAt(0.5, QColor("#dfe6ea"))
            shine.setColorAt(1.0, QColor("#9aa7ae"))
            edge = QColor("#26323a")
        painter.setPen(QPen(edge, 1.0))
        painter.setBrush(shine)
        painter.drawPath(path)
        painter.setFont(ui_font(16))
        painter.setPen(QColor(251, 246, 233, 220))
        detail = QRectF(0, box.bottom() + 10, w, 24)
        painter.drawText(detail, int(Qt.AlignmentFlag.AlignHCenter), self._detail)
        painter.end()

    def _paint_ribbon(self, painter: QPainter, band: QRectF) -> None:
        """The ribbon, drawn apart and then faded out towards both ends."""
        dpr = self.devicePixelRatioF()
        image = QImage(max(1, round(band.width() * dpr)), max(1, round(band.height() * dpr)),
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(dpr)
        image.fill(Qt.GlobalColor.transparent)
        w, h = band.width(), band.height()
        if self._up:
            dark, mid, trim = QColor(112, 16, 12), QColor(186, 52, 42), QColor(240, 200, 78)
        else:
            dark, mid, trim = QColor(20, 32, 42), QColor(62, 82, 96), QColor(196, 210, 218)
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        body = QLinearGradient(0, 0, 0, h)
        body.setColorAt(0.0, mid)
        body.setColorAt(0.55, mid.darker(115))
        body.setColorAt(1.0, dark)
        p.fillRect(QRectF(0, 0, w, h), body)
        p.fillRect(QRectF(0, 0, w, h * 0.45), QColor(255, 255, 255, 18))
        for y in (5.5, h - 5.5):
            p.setPen(QPen(trim, 1.6))
            p.drawLine(QPointF(0, y), QPointF(w, y))
        p.setPen(QPen(QColor(0, 0, 0, 90), 1.0))
        p.drawLine(QPointF(0, 0.5), QPointF(w, 0.5))
        p.drawLine(QPointF(0, h - 0.5), QPointF(w, h - 0.5))
        if self._up:  # a few sparkles for a promotion
            rng = random.Random(7)
            p.setPen(Qt.PenStyle.NoPen)
            for _ in range(16):
                x = w * rng.uniform(0.14, 0.86)
                y = h * (rng.uniform(0.1, 0.24) if rng.random() < 0.5 else rng.uniform(0.78, 0.9))
                p.setBrush(QColor(255, 236, 160, rng.randint(120, 230)))
                self._star(p, QPointF(x, y), rng.uniform(1.0, 2.6))
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_DestinationIn)
        ends = QLinearGradient(0, 0, w, 0)
        for stop, alpha in ((0.0, 0), (0.2, 255), (0.8, 255), (1.0, 0)):
            ends.setColorAt(stop, QColor(0, 0, 0, alpha))
        p.fillRect(QRectF(0, 0, w, h), ends)
        p.end()
        painter.drawImage(band.topLeft(), image)

    @staticmethod
    def _star(painter: QPainter, centre: QPointF, r: float) -> None:
        points = []
        for i in range(8):
            angle = math.pi / 4 * i
            radius = r * 2.4 if i % 2 == 0 else r * 0.7
            points.append(centre + QPointF(radius * math.cos(angle), radius * math.sin(angle)))
        painter.drawPolygon(QPolygonF(points))


__all__ = ["LevelChangeBanner"]
