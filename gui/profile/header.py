"""The profile page's header card: the level medallion, the name, the 级别 and 段位 titles in
gold, and 积分 with its progress bar to the next level."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QRadialGradient,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from engine.game.ranks import RANKS, TOP, Rank, progress, rank_for
from gui import theme
from gui.fonts import ui_font
from gui.i18n import tr
from gui.i18n.titles import title_words
from gui.profile.style import gold_text
from gui.theme import GOLD, title_font

WIDE_H = 150
# Narrower than this (the profile page in an 800 px window) 积分 and its bar go under the titles,
# across the card: beside them they left the titles no room at all
NARROW_BELOW = 560
NARROW_H = 256
POINTS_TOP = 138  # where 积分 starts in a narrow header


class ProfileHeader(QWidget):
    """Dark felt card: the level medallion, the name, the titles in gold, 积分 and its bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(WIDE_H)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.name = ""
        self.points = 0
        self.level: Rank = RANKS[0]
        self.created = ""

    def sizeHint(self) -> QSize:
        return QSize(900, self.minimumHeight())

    def narrow(self) -> bool:
        return self.width() < NARROW_BELOW

    def resizeEvent(self, event: QResizeEvent) -> None:
        height = NARROW_H if event.size().width() < NARROW_BELOW else WIDE_H
        if self.minimumHeight() != height:
            self.setMinimumHeight(height)
            self.updateGeometry()
        super().resizeEvent(event)

    def set_profile(self, name: str, points: int, created: str = "") -> None:
        self.name, self.points, self.created = name, max(0, points), created
        self.level = rank_for(self.points)
        self.update()

    # texts (also read by tests) ---------------------------------------------------------------------
    def next_text(self) -> str:
        if self.level is TOP:
            return tr("profile.top")
        following = RANKS[self.level.number]
        n = f"{self.level.next_at - self.points:,}"
        return tr("profile.next", dan=title_words(following.dan_title), n=n)

    def sub_text(self) -> str:
        text = tr("profile.level_of", n=self.level.number, total=len(RANKS))
        if self.created:
            text += "   ·   " + tr("profile.since", date=self.created[:10])
        return text

    def titles_room(self) -> float:
        """The width the name and the titles have: between the medallion and the 积分."""
        if self.narrow():  # 积分 is below them
            return self.width() - 30 - (30 + 108 + 26)
        return self.width() - 36 - min(400.0, self.width() * 0.36) - 24 - (30 + 108 + 26)

    def titles_layout(self, room: float) -> tuple[int, bool, str, str]:
        """How 级别 and 段位 are drawn in ``room``: (font size, a line each?, 级别, 段位). One line
        at 44, smaller while it is wider than the room; below 16 (English titles are long: 待业
        (Jobless) • …) a line each, as large as fits, down to 11, then cut at their ends. Never
        over the 积分 beside them."""
        rank, dan = title_words(self.level.rank_title), title_words(self.level.dan_title)
        for size in range(44, 15, -2):
            fm = QFontMetricsF(title_font(size))
            if fm.horizontalAdvance(rank) + fm.horizontalAdvance(dan) + size * 1.1 <= room:
                return size, False, rank, dan
        for size in range(22, 10, -1):
            fm = QFontMetricsF(title_font(size))
            if max(fm.horizontalAdvance(rank), fm.horizontalAdvance(dan)) <= room:
                return size, True, rank, dan
        fm = QFontMetricsF(title_font(11))
        cut = Qt.TextElideMode.ElideRight
        return 11, True, fm.elidedText(rank, cut, room), fm.elidedText(dan, cut, room)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        w, h = self.width(), self.height()
        card = QRectF(0.5, 0.5, w - 1, h - 1)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 60))
        painter.drawRoundedRect(card.translated(0, 3), 18, 18)
        back = QLinearGradient(0, 0, w, h)
        back.setColorAt(0.0, QColor(6, 40, 24, 235))
        back.setColorAt(1.0, QColor(13, 62, 38, 225))
        painter.setBrush(back)
        painter.setPen(QPen(theme.colour(GOLD, 170), 1.0))
        painter.drawRoundedRect(card, 18, 18)
        painter.setPen(QPen(theme.colour(GOLD, 50), 1.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(card.adjusted(5, 5, -5, -5), 14, 14)

        self._paint_medallion(painter, QPointF(30 + 54, (WIDE_H if self.narrow() else h) / 2))
        right_w = min(400.0, w * 0.36)
        text_left = 30 + 108 + 26
        text_right = text_left + self.titles_room()
        # the name
        painter.setFont(ui_font(19))
        painter.setPen(QColor(theme.IVORY))
        metrics = QFontMetricsF(painter.font())
        painter.drawText(QPointF(text_left, 40),
                         metrics.elidedText(self.name, Qt.TextElideMode.ElideRight, text_right - text_left))
        # the titles: 级别 · 段位, shrunk if the space is short
        size, two_lines, rank, dan = self.titles_layout(text_right - text_left)
        font = title_font(size)
        if two_lines:
            gold_text(painter, rank, font, QPointF(text_left, 76.0))
            gold_text(painter, dan, font, QPointF(text_left, 78.0 + size * 1.25))
        else:
            baseline = 96.0
            x = float(text_left)
            x += gold_text(painter, rank, font, QPointF(x, baseline))
            dot = QPointF(x + size * 0.55, baseline - size * 0.36)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(GOLD))
            painter.drawEllipse(dot, 3.2, 3.2)
            gold_text(painter, dan, font, QPointF(x + size * 1.1, baseline))
        # level n of 24 · since …
        painter.setFont(ui_font(13))
        painter.setPen(theme.colour(theme.TEXT_GOLD, 200))
        room = text_right - text_left
        metrics = QFontMetricsF(painter.font())
        sub = self.sub_text()
        if metrics.horizontalAdvance(sub) > room:  # narrow: the level alone, not over the 积分
            sub = tr("profile.level_of", n=self.level.number, total=len(RANKS))
        painter.drawText(QPointF(text_left, 127), metrics.elidedText(sub, Qt.TextElideMode.ElideRight, room))

        if self.narrow():
            self._paint_points(painter, QRectF(30, POINTS_TOP, w - 60, h - POINTS_TOP - 22))
        else:
            self._paint_points(painter, QRectF(w - 36 - right_w, 22, right_w, h - 44))
        painter.end()

    def _paint_medallion(self, painter: QPainter, centre: QPointF) -> None:
        r = 54.0
        glow = QRadialGradient(centre, r * 1.35)
        glow.setColorAt(0.6, theme.colour(theme.GOLD_SHINE, 70))
        glow.setColorAt(1.0, theme.colour(theme.GOLD_SHINE, 0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(glow)
        painter.drawEllipse(centre, r * 1.35, r * 1.35)
        ring = QLinearGradient(centre.x(), centre.y() - r, centre.x(), centre.y() + r)
        ring.setColorAt(0.0, QColor(theme.GOLD_PALE))
        ring.setColorAt(0.5, QColor("#e2b443"))
        ring.setColorAt(1.0, QColor("#9c6e1c"))
        painter.setBrush(ring)
        painter.setPen(QPen(QColor(theme.GOLD_EDGE), 1.2))
        painter.drawEllipse(centre, r, r)
        inner = QRadialGradient(QPointF(centre.x() - r * 0.3, centre.y() - r * 0.35), r)
        inner.setColorAt(0.0, QColor(theme.FELT_LIT))
        inner.setColorAt(1.0, QColor(theme.FELT_DEEP))
        painter.setBrush(inner)
        painter.setPen(QPen(QColor(90, 59, 8, 180), 1.0))
        painter.drawEllipse(centre, r * 0.8, r * 0.8)
        number = str(self.level.number)
        font = title_font(40)
        path = QPainterPath()
        path.addText(0, 0, font, number)
        box = path.boundingRect()
        path.translate(centre.x() - box.center().x(), centre.y() - 6 - box.center().y())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 120))
        painter.drawPath(path.translated(1, 2))
        gold = QLinearGradient(0, path.boundingRect().top(), 0, path.boundingRect().bottom())
        gold.setColorAt(0.0, QColor(theme.GOLD_PALE))
        gold.setColorAt(1.0, QColor("#e0b040"))
        painter.setBrush(gold)
        painter.drawPath(path)
        painter.setFont(ui_font(11))
        painter.setPen(QColor(251, 246, 233, 210))
        caption = QRectF(centre.x() - r, centre.y() + 16, 2 * r, 16)
        painter.drawText(caption, int(Qt.AlignmentFlag.AlignCenter), tr("profile.level_badge"))

    def _paint_points(self, painter: QPainter, box: QRectF) -> None:
        start, end, fraction = progress(self.points)
        fraction = max(0.0, min(1.0, fraction))
        painter.setFont(ui_font(13))
        painter.setPen(theme.colour(theme.TEXT_GOLD, 210))
        painter.drawText(QPointF(box.left(), box.top() + 14), tr("profile.points"))
        big = ui_font(38)
        painter.setFont(big)
        painter.setPen(QColor(theme.IVORY))
        number_baseline = box.top() + 56
        painter.drawText(QPointF(box.left() - 2, number_baseline), f"{self.points:,}")
        painter.setPen(QColor(GOLD))
        label_w = QFontMetricsF(ui_font(13)).horizontalAdvance(tr("profile.points")) + 16
        note = self.next_text()
        for points in (13, 12, 11):  # smaller before cut; cut at its end, so "55 to" stays
            painter.setFont(ui_font(points))
            fm = QFontMetricsF(painter.font())
            if fm.horizontalAdvance(note) <= box.width() - label_w:
                break
        note = fm.elidedText(note, Qt.TextElideMode.ElideRight, box.width() - label_w)
        painter.drawText(QPointF(box.right() - fm.horizontalAdvance(note), box.top() + 14), note)
        # the bar
        bar = QRectF(box.left(), number_baseline + 14, box.width(), 12)
        painter.setPen(QPen(QColor(0, 0, 0, 90), 1.0))
        painter.setBrush(QColor(255, 255, 255, 28))
        painter.drawRoundedRect(bar, 6, 6)
        if fraction > 0:
            fill = QRectF(bar.left(), bar.top(), max(bar.height(), bar.width() * fraction), bar.height())
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.gold_gradient(fill.topLeft(), fill.bottomLeft()))
            painter.drawRoundedRect(fill, 6, 6)
            painter.setBrush(QColor(255, 255, 255, 70))
            painter.drawRoundedRect(QRectF(fill.left() + 3, fill.top() + 2, fill.width() - 6, 3), 1.5, 1.5)
        painter.setFont(ui_font(12))
        painter.setPen(theme.colour(theme.TEXT_GOLD, 170))
        fm = QFontMetricsF(painter.font())
        low, high = f"{start:,}", f"{end:,}"
        painter.drawText(QPointF(bar.left(), bar.bottom() + 18), low)
        painter.drawText(QPointF(bar.right() - fm.horizontalAdvance(high), bar.bottom() + 18), high)
        percent = f"{fraction * 100:.0f}%"
        x = percent_x(bar.left(), bar.right(), fraction, fm.horizontalAdvance(low),
                      fm.horizontalAdvance(high), fm.horizontalAdvance(percent))
        painter.setPen(theme.colour(theme.GOLD, 230))
        painter.drawText(QPointF(x, bar.bottom() + 18), percent)


LABEL_GAP = 8.0  # between the share under the bar and its end figures


def percent_x(left: float, right: float, fraction: float, low_w: float, high_w: float, w: float) -> float:
    """Where the share of the way to the next level is written under the bar: under the fill's
    end, kept clear of the figures at the bar's ends (QA: in the middle, "0 · 10% · 100" read as
    a scale with 10% at its half)."""
    lo, hi = left + low_w + LABEL_GAP, right - high_w - LABEL_GAP - w
    if hi < lo:
        return (left + right - w) / 2
    return min(max(left + (right - left) * fraction - w / 2, lo), hi)


__all__ = ["ProfileHeader", "percent_x"]
