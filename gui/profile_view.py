"""The player's profile page, and the banner that announces a level change at the table.

:class:`ProfileView` shows a :class:`~gui.profile_model.Profile`: a header with the level
medallion, the 级别 and 段位 titles and the 积分 bar to the next level; the record overall and
per room (不报听 / 报听); the best hand with its tiles and itemised score; 积分 over time and the
result of each match as charts; optionally a table of recent matches.

:class:`LevelChangeBanner` is an overlay for any widget: ``show_change(old, new, speed)``
slides a ribbon in ("升级！临时工 · 街头一段"), holds it, fades it out and emits ``finished``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

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
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPixmap,
    QPolygonF,
    QRadialGradient,
    QResizeEvent,
)
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from engine.levels import LEVELS, TOP, Level, level_for, progress
from engine.tiles import TileError, parse_tiles

from .charts import BarChart, LineChart, format_number
from .end_dialogs import tile_row
from .fonts import CJK_FAMILIES, ui_font
from .i18n import score_label, tr
from .profile_model import ROOMS, BestHand, Profile, RoomStats
from .tile_art import TileArt, get_art

FELT = "#17623d"
GOLD = "#d4a73c"
INK = "#2b2a26"
MUTED = "#8a7f67"
CARD_BORDER = "#e2d7bd"
WIN_GREEN = "#2e8b57"
LOSS_RED = "#c0392b"

_CARD_STYLE = f"""
QFrame#profileCard {{ background: #fffdf7; border: 1px solid {CARD_BORDER}; border-radius: 14px; }}
QLabel#profileCardTitle {{
    color: {FELT}; background: none; border: none; border-left: 3px solid {GOLD}; padding-left: 8px;
}}
QLabel#profileCardNote {{ color: {MUTED}; background: none; border: none; }}
QLabel#profileBadge {{
    color: #4a2f05; background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #f6dc82, stop:1 #dcae45);
    border: 1px solid #b8862a; border-radius: 10px; padding: 0px 12px; min-height: 20px; max-height: 20px;
}}
QLabel#profileHint {{ color: {MUTED}; background: none; border: none; }}
QScrollArea, QScrollArea > QWidget > QWidget#profileContent {{ background: transparent; border: none; }}
QScrollBar:vertical {{ background: transparent; width: 10px; margin: 6px 2px 6px 0; }}
QScrollBar::handle:vertical {{ background: rgba(251, 246, 233, 110); border-radius: 4px; min-height: 40px; }}
QScrollBar::handle:vertical:hover {{ background: {GOLD}; }}
QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical {{ height: 0; }}
QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical {{ background: none; }}
"""


def _title_font(px: int) -> QFont:
    """A big display font for the gold titles (bold is fine at this size)."""
    font = QFont()
    font.setFamilies(CJK_FAMILIES)
    font.setPixelSize(px)
    font.setBold(True)
    return font


def _gold_text(painter: QPainter, text: str, font: QFont, baseline: QPointF, outline: bool = True) -> float:
    """``text`` in a gold gradient with a dark shadow, left end at ``baseline``; returns its width."""
    path = QPainterPath()
    path.addText(baseline, font, text)
    box = path.boundingRect()
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 110))
    painter.drawPath(path.translated(1.5, 2.5))
    gold = QLinearGradient(box.topLeft(), box.bottomLeft())
    gold.setColorAt(0.0, QColor("#fff1b8"))
    gold.setColorAt(0.5, QColor("#f0c84e"))
    gold.setColorAt(1.0, QColor("#b8862a"))
    painter.setPen(QPen(QColor("#5a3b08"), 0.8) if outline else Qt.PenStyle.NoPen)
    painter.setBrush(gold)
    painter.drawPath(path)
    painter.restore()
    return QFontMetricsF(font).horizontalAdvance(text)


def win_rate(stats: RoomStats) -> str:
    """"38.5%" (or "—" before the first hand)."""
    return f"{100 * stats.wins / stats.hands:.1f}%" if stats.hands else "—"


# -- the header ---------------------------------------------------------------------------------------

class ProfileHeader(QWidget):
    """Dark felt card: the level medallion, the name, the titles in gold, 积分 and its bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.name = ""
        self.points = 0
        self.level: Level = LEVELS[0]
        self.created = ""

    def sizeHint(self) -> QSize:
        return QSize(900, 150)

    def set_profile(self, name: str, points: int, created: str = "") -> None:
        self.name, self.points, self.created = name, max(0, points), created
        self.level = level_for(self.points)
        self.update()

    # texts (also read by tests) ---------------------------------------------------------------------
    def next_text(self) -> str:
        if self.level is TOP:
            return tr("profile.top")
        following = LEVELS[self.level.number]
        return tr("profile.next", dan=following.dan_title, n=f"{self.level.next_at - self.points:,}")

    def sub_text(self) -> str:
        text = tr("profile.level_of", n=self.level.number, total=len(LEVELS))
        if self.created:
            text += "   ·   " + tr("profile.since", date=self.created[:10])
        return text

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
        painter.setPen(QPen(QColor(212, 167, 60, 170), 1.0))
        painter.drawRoundedRect(card, 18, 18)
        painter.setPen(QPen(QColor(212, 167, 60, 50), 1.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(card.adjusted(5, 5, -5, -5), 14, 14)

        self._paint_medallion(painter, QPointF(30 + 54, h / 2))
        right_w = min(400.0, w * 0.36)
        text_left = 30 + 108 + 26
        text_right = w - 36 - right_w - 24
        # the name
        painter.setFont(ui_font(19))
        painter.setPen(QColor("#fbf6e9"))
        metrics = QFontMetricsF(painter.font())
        painter.drawText(QPointF(text_left, 40),
                         metrics.elidedText(self.name, Qt.TextElideMode.ElideRight, text_right - text_left))
        # the titles: 级别 · 段位, shrunk if the space is short
        size = 44
        rank, dan = self.level.rank_title, self.level.dan_title
        while size > 22:
            font = _title_font(size)
            fm = QFontMetricsF(font)
            if fm.horizontalAdvance(rank) + fm.horizontalAdvance(dan) + size * 1.1 <= text_right - text_left:
                break
            size -= 2
        font = _title_font(size)
        baseline = 96.0
        x = text_left
        x += _gold_text(painter, rank, font, QPointF(x, baseline))
        dot = QPointF(x + size * 0.55, baseline - size * 0.36)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(GOLD))
        painter.drawEllipse(dot, 3.2, 3.2)
        _gold_text(painter, dan, font, QPointF(x + size * 1.1, baseline))
        # level n of 24 · since …
        painter.setFont(ui_font(13))
        painter.setPen(QColor(233, 217, 166, 200))
        painter.drawText(QPointF(text_left, 127), self.sub_text())

        self._paint_points(painter, QRectF(w - 36 - right_w, 22, right_w, h - 44))
        painter.end()

    def _paint_medallion(self, painter: QPainter, centre: QPointF) -> None:
        r = 54.0
        glow = QRadialGradient(centre, r * 1.35)
        glow.setColorAt(0.6, QColor(240, 200, 78, 70))
        glow.setColorAt(1.0, QColor(240, 200, 78, 0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(glow)
        painter.drawEllipse(centre, r * 1.35, r * 1.35)
        ring = QLinearGradient(centre.x(), centre.y() - r, centre.x(), centre.y() + r)
        ring.setColorAt(0.0, QColor("#fff1b8"))
        ring.setColorAt(0.5, QColor("#e2b443"))
        ring.setColorAt(1.0, QColor("#9c6e1c"))
        painter.setBrush(ring)
        painter.setPen(QPen(QColor("#5a3b08"), 1.2))
        painter.drawEllipse(centre, r, r)
        inner = QRadialGradient(QPointF(centre.x() - r * 0.3, centre.y() - r * 0.35), r)
        inner.setColorAt(0.0, QColor("#2f9a5d"))
        inner.setColorAt(1.0, QColor("#0c3f26"))
        painter.setBrush(inner)
        painter.setPen(QPen(QColor(90, 59, 8, 180), 1.0))
        painter.drawEllipse(centre, r * 0.8, r * 0.8)
        number = str(self.level.number)
        font = _title_font(40)
        path = QPainterPath()
        path.addText(0, 0, font, number)
        box = path.boundingRect()
        path.translate(centre.x() - box.center().x(), centre.y() - 6 - box.center().y())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 120))
        painter.drawPath(path.translated(1, 2))
        gold = QLinearGradient(0, path.boundingRect().top(), 0, path.boundingRect().bottom())
        gold.setColorAt(0.0, QColor("#fff1b8"))
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
        painter.setPen(QColor(233, 217, 166, 210))
        painter.drawText(QPointF(box.left(), box.top() + 14), tr("profile.points"))
        big = ui_font(38)
        painter.setFont(big)
        painter.setPen(QColor("#fbf6e9"))
        number_baseline = box.top() + 56
        painter.drawText(QPointF(box.left() - 2, number_baseline), f"{self.points:,}")
        painter.setFont(ui_font(13))
        painter.setPen(QColor(GOLD))
        fm = QFontMetricsF(painter.font())
        label_w = fm.horizontalAdvance(tr("profile.points")) + 16
        note = fm.elidedText(self.next_text(), Qt.TextElideMode.ElideLeft, box.width() - label_w)
        painter.drawText(QPointF(box.right() - fm.horizontalAdvance(note), box.top() + 14), note)
        # the bar
        bar = QRectF(box.left(), number_baseline + 14, box.width(), 12)
        painter.setPen(QPen(QColor(0, 0, 0, 90), 1.0))
        painter.setBrush(QColor(255, 255, 255, 28))
        painter.drawRoundedRect(bar, 6, 6)
        if fraction > 0:
            fill = QRectF(bar.left(), bar.top(), max(bar.height(), bar.width() * fraction), bar.height())
            gold = QLinearGradient(fill.topLeft(), fill.bottomLeft())
            gold.setColorAt(0.0, QColor("#fff1b8"))
            gold.setColorAt(0.45, QColor("#f0c84e"))
            gold.setColorAt(1.0, QColor("#b8862a"))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(gold)
            painter.drawRoundedRect(fill, 6, 6)
            painter.setBrush(QColor(255, 255, 255, 70))
            painter.drawRoundedRect(QRectF(fill.left() + 3, fill.top() + 2, fill.width() - 6, 3), 1.5, 1.5)
        painter.setFont(ui_font(12))
        painter.setPen(QColor(233, 217, 166, 170))
        fm = QFontMetricsF(painter.font())
        low, high = f"{start:,}", f"{end:,}"
        painter.drawText(QPointF(bar.left(), bar.bottom() + 18), low)
        painter.drawText(QPointF(bar.right() - fm.horizontalAdvance(high), bar.bottom() + 18), high)
        percent = f"{fraction * 100:.0f}%"
        centre_x = bar.center().x() - fm.horizontalAdvance(percent) / 2
        painter.drawText(QPointF(centre_x, bar.bottom() + 18), percent)


# -- a neat table ---------------------------------------------------------------------------------------

class DataTable(QWidget):
    """A painted read-only table: a header row, zebra rows, numbers right-aligned.

    ``set_table(header, rows, weights, accent_column, footer_rows, colours)``; the first column
    is left-aligned, the others right-aligned; ``colours`` maps (row, column) to a text colour.
    """

    ROW = 25
    HEAD = 28

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._header: list[str] = []
        self._rows: list[list[str]] = []
        self._weights: list[float] = []
        self._accent: int | None = None
        self._footer = 0
        self._colours: dict[tuple[int, int], QColor] = {}
        self._align_left: set[int] = {0}
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_table(self, header: Sequence[str], rows: Sequence[Sequence[str]],
                  weights: Sequence[float] | None = None, accent_column: int | None = None,
                  footer_rows: int = 0, colours: Mapping[tuple[int, int], str] | None = None,
                  left_columns: Sequence[int] = (0,)) -> None:
        self._header = list(header)
        self._rows = [list(row) for row in rows]
        columns = len(self._header) or max((len(r) for r in self._rows), default=0)
        self._weights = list(weights) if weights else [1.0] * columns
        self._accent = accent_column
        self._footer = footer_rows
        self._colours = {key: QColor(value) for key, value in (colours or {}).items()}
        self._align_left = set(left_columns)
        self.setFixedHeight(self.HEAD + self.ROW * len(self._rows) + 2)
        self.update()

    def header(self) -> list[str]:
        return list(self._header)

    def rows(self) -> list[list[str]]:
        return [list(row) for row in self._rows]

    def cell(self, row: int, column: int) -> str:
        return self._rows[row][column]

    def sizeHint(self) -> QSize:
        return QSize(360, self.HEAD + self.ROW * len(self._rows) + 2)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        w = self.width()
        total = sum(self._weights) or 1.0
        edges = [0.0]
        for weight in self._weights:
            edges.append(edges[-1] + w * weight / total)
        pad = 10.0

        def cell_rect(column: int, top: float, height: float) -> QRectF:
            return QRectF(edges[column] + pad, top, edges[column + 1] - edges[column] - 2 * pad, height)

        if self._accent is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(23, 98, 61, 16))
            band = QRectF(edges[self._accent] + 2, 0, edges[self._accent + 1] - edges[self._accent] - 4,
                          self.height())
            painter.drawRoundedRect(band, 8, 8)
        painter.setFont(ui_font(12))
        painter.setPen(QColor(MUTED))
        for column, text in enumerate(self._header):
            align = Qt.AlignmentFlag.AlignLeft if column in self._align_left else Qt.AlignmentFlag.AlignRight
            flags = int(align | Qt.AlignmentFlag.AlignVCenter)
            rect = cell_rect(column, 0, self.HEAD - 4)
            text = painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, round(rect.width()))
            painter.drawText(rect, flags, text)
        painter.setPen(QPen(QColor(CARD_BORDER), 1.0))
        painter.drawLine(QPointF(0, self.HEAD - 1.5), QPointF(w, self.HEAD - 1.5))
        body = len(self._rows) - self._footer
        for index, row in enumerate(self._rows):
            top = self.HEAD + index * self.ROW
            footer = index >= body
            if index % 2 == 1 and not footer:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(240, 230, 204, 95))
                painter.drawRoundedRect(QRectF(0, top + 1, w, self.ROW - 2), 6, 6)
            if footer and index == body:
                painter.setPen(QPen(QColor(CARD_BORDER), 1.0))
                painter.drawLine(QPointF(0, top + 0.5), QPointF(w, top + 0.5))
            for column, text in enumerate(row):
                left = column in self._align_left
                font = ui_font(13 if left and not footer else 14)
                painter.setFont(font)
                colour = self._colours.get((index, column))
                if colour is None:
                    if footer or column == self._accent:
                        colour = QColor(FELT)
                    else:
                        colour = QColor(INK) if not left or column == 0 else QColor("#5d5746")
                painter.setPen(colour)
                align = Qt.AlignmentFlag.AlignLeft if left else Qt.AlignmentFlag.AlignRight
                rect = cell_rect(column, top, self.ROW)
                text = QFontMetricsF(font).elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
                painter.drawText(rect, int(align | Qt.AlignmentFlag.AlignVCenter), text)
        painter.end()


# -- tiles ----------------------------------------------------------------------------------------------

class TileStrip(QWidget):
    """A row of tile faces (then the kongs) drawn with :func:`gui.end_dialogs.tile_row` at the
    screen's own pixel ratio, the tiles as wide as fits up to ``max_width``."""

    def __init__(self, art: TileArt, parent: QWidget | None = None, max_width: int = 36) -> None:
        super().__init__(parent)
        self.art = art
        self.max_width = max_width
        self._kinds: list[int] = []
        self._kongs: list[int] = []
        self._cache: tuple[tuple[Any, ...], QPixmap] | None = None
        self.placeholder = 0  # face-down tiles drawn while there is no hand (0: nothing)
        self.setFixedHeight(round(max_width * 4 / 3) + 8)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_tiles(self, kinds: Sequence[int], kongs: Sequence[int] = ()) -> None:
        self._kinds, self._kongs = list(kinds), list(kongs)
        self._cache = None
        self.update()

    def tiles(self) -> tuple[list[int], list[int]]:
        return list(self._kinds), list(self._kongs)

    def tile_width(self) -> int:
        count = len(self._kinds) + 4 * len(self._kongs)
        if not count:
            return self.max_width
        groups = 1 + len(self._kongs)
        fit = int((self.width() - 4) / (count + groups / 3 + 0.2)) - 1
        return max(16, min(self.max_width, fit))

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self._kinds and not self._kongs:
            self._paint_placeholder()
            return
        dpr = self.devicePixelRatioF()
        width = self.tile_width()
        key = (tuple(self._kinds), tuple(self._kongs), width, dpr, id(self.art))
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, tile_row(self.art, self._kinds, width, self._kongs, None, dpr))
        pixmap = self._cache[1]
        painter = QPainter(self)
        top = (self.height() - pixmap.height() / pixmap.devicePixelRatio()) / 2
        painter.drawPixmap(QPointF(0, top), pixmap)
        painter.end()

    def _paint_placeholder(self) -> None:
        """No hand yet: fourteen faint face-down tiles, centred."""
        if self.placeholder <= 0:
            return
        width = max(16, min(self.max_width, int((self.width() - 4) / (self.placeholder + 0.2)) - 1))
        back = self.art.back(width, self.devicePixelRatioF())
        height = back.height() / back.devicePixelRatio()
        left = (self.width() - self.placeholder * (width + 1)) / 2
        painter = QPainter(self)
        painter.setOpacity(0.28)
        for index in range(self.placeholder):
            painter.drawPixmap(QPointF(left + index * (width + 1), (self.height() - height) / 2), back)
        painter.end()


# -- cards ----------------------------------------------------------------------------------------------

class _Card(QFrame):
    """An ivory card: a title with a gold mark, an optional note on the right, then the body."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("profileCard")
        self.title = QLabel(self)
        self.title.setObjectName("profileCardTitle")
        self.title.setFont(ui_font(16))
        self.note = QLabel(self)
        self.note.setObjectName("profileCardNote")
        self.note.setFont(ui_font(12))
        self.note.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.setSpacing(8)
        top.addWidget(self.title)
        top.addStretch(1)
        top.addWidget(self.note)
        self.top = top
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(18, 14, 18, 14)
        self.body.setSpacing(10)
        self.body.addLayout(top)


# -- the view -------------------------------------------------------------------------------------------

class ProfileView(QWidget):
    """The profile page: ``set_profile(profile, history_rows)``, ``retranslate()``.

    ``history_rows`` (optional) are recent matches, newest first, each a mapping with any of
    ``played_at`` (or ``date``), ``room`` ("open" / "baoting"), ``hands``, ``net`` (or
    ``delta``) and ``points`` (积分 after the match); they fill a "recent matches" table.
    """

    def __init__(self, parent: QWidget | None = None, art: TileArt | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("profileView")
        self.setMinimumSize(760, 520)
        self.art = art if art is not None else get_art("classic")
        self.profile: Profile | None = None
        self.history_rows: list[Any] = []
        self._felt: QPixmap | None = None
        self.setStyleSheet(_CARD_STYLE)

        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.viewport().setAutoFillBackground(False)
        content = QWidget()
        content.setObjectName("profileContent")
        content.setAutoFillBackground(False)
        self.scroll.setWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.scroll)

        self.header = ProfileHeader(content)

        self.record_card = _Card(content)
        self.record_table = DataTable(self.record_card)
        self.record_card.body.addWidget(self.record_table)
        self.record_card.body.addStretch(1)

        self.best_card = _Card(content)
        self.best_badge = QLabel(self.best_card)
        self.best_badge.setObjectName("profileBadge")
        self.best_badge.setFont(ui_font(13))
        self.best_card.top.addWidget(self.best_badge)
        self.best_meta = QLabel(self.best_card)
        self.best_meta.setObjectName("profileHint")
        self.best_meta.setFont(ui_font(12))
        self.best_tiles = TileStrip(self.art, self.best_card)
        self.best_table = DataTable(self.best_card)
        self.best_empty = QLabel(self.best_card)
        self.best_empty.setObjectName("profileHint")
        self.best_empty.setFont(ui_font(14))
        self.best_empty.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self._best_spacers = [QWidget(self.best_card), QWidget(self.best_card)]
        for spacer in self._best_spacers:
            spacer.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        body = self.best_card.body
        body.addWidget(self.best_meta)
        body.addWidget(self._best_spacers[0], 1)
        body.addWidget(self.best_tiles)
        body.addWidget(self.best_table)
        body.addWidget(self.best_empty)
        body.addWidget(self._best_spacers[1], 1)
        body.addStretch(0)

        self.points_card = _Card(content)
        self.line_chart = LineChart(self.points_card)
        self.points_card.body.addWidget(self.line_chart, 1)
        self.results_card = _Card(content)
        self.bar_chart = BarChart(self.results_card)
        self.results_card.body.addWidget(self.bar_chart, 1)
        for card in (self.points_card, self.results_card):
            card.setMinimumHeight(250)

        self.recent_card = _Card(content)
        self.recent_table = DataTable(self.recent_card)
        self.recent_card.body.addWidget(self.recent_table)

        layout = QVBoxLayout(content)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(12)
        layout.addWidget(self.header)
        middle = QHBoxLayout()
        middle.setSpacing(12)
        middle.addWidget(self.record_card, 5)
        middle.addWidget(self.best_card, 6)
        layout.addLayout(middle)
        charts = QHBoxLayout()
        charts.setSpacing(12)
        charts.addWidget(self.points_card, 3)
        charts.addWidget(self.results_card, 2)
        layout.addLayout(charts, 1)
        layout.addWidget(self.recent_card)
        self.recent_card.setVisible(False)

        self.set_profile(Profile(name=""))

    # -- data -------------------------------------------------------------------------------------------
    def set_profile(self, profile: Profile, history_rows: list | None = None) -> None:
        """Show ``profile`` (and, if given, a table of recent matches)."""
        self.profile = profile
        self.history_rows = list(history_rows or [])
        self._refresh()

    def retranslate(self) -> None:
        """Redo every text in the current language."""
        self._refresh()

    def _refresh(self) -> None:
        profile = self.profile if self.profile is not None else Profile(name="")
        self.header.set_profile(profile.name, profile.points, profile.created)
        self.header.setToolTip(tr("profile.title"))
        self._fill_record(profile)
        self._fill_best(profile.best_hand)
        self._fill_charts(profile)
        self._fill_recent()

    def _fill_record(self, profile: Profile) -> None:
        self.record_card.title.setText(tr("profile.record"))
        columns = [profile.totals()] + [profile.rooms.get(room, RoomStats()) for room in ROOMS]
        self.record_card.note.setText("")
        rows: list[list[str]] = []
        colours: dict[tuple[int, int], str] = {}
        fields = ("matches", "hands", "wins", "self_draws", "discard_wins", "deal_ins", "exhaustive")
        for name in fields:
            rows.append([tr(f"profile.{name}")] + [format_number(getattr(s, name)) for s in columns])
        rows.append([tr("profile.win_rate")] + [win_rate(s) for s in columns])
        net_row = [tr("profile.net")]
        for column, stats in enumerate(columns, start=1):
            net_row.append(f"{stats.net:+,}" if stats.net else "0")
            if stats.net:
                colours[(len(rows), column)] = WIN_GREEN if stats.net > 0 else LOSS_RED
        rows.append(net_row)
        header = ["", tr("profile.total"), *(tr(f"room.{room}") for room in ROOMS)]
        self.record_table.set_table(header, rows, weights=[1.5, 1, 1, 1], accent_column=1, colours=colours)

    def _fill_best(self, best: BestHand | None) -> None:
        self.best_card.title.setText(tr("profile.best_hand"))
        has = best is not None
        for widget in (self.best_badge, self.best_meta, self.best_table):
            widget.setVisible(has)
        for widget in (self.best_empty, *self._best_spacers):
            widget.setVisible(not has)
        self.best_empty.setText(tr("profile.no_best"))
        self.best_tiles.placeholder = 0 if has else 14
        if best is None:
            self.best_tiles.set_tiles([])
            return
        self.best_badge.setText(tr("profile.best_value", n=best.value))
        room = tr(f"room.{best.room}") if best.room in ROOMS else best.room
        meta = [room, best.played_at[:16].replace("T", " ")]
        self.best_meta.setText("   ·   ".join(part for part in meta if part))
        try:
            kinds = sorted(parse_tiles(best.tiles))
            kongs = [parse_tiles(k)[0] for k in best.kongs if k]
        except (TileError, IndexError):
            kinds, kongs = [], []
        self.best_tiles.set_tiles(kinds, kongs)
        rows: list[list[str]] = []
        for item in best.items:
            code = str(item.get("code", ""))
            points = int(item.get("points", 0))
            factor = bool(item.get("factor", False))
            zh = str(item.get("zh") or score_label(code, points if factor else None))
            en = str(item.get("en") or code)
            rows.append([zh, en, f"×{points}" if factor else f"+{points}"])
        rows.append([tr("profile.hand_value"), "V", str(best.value)])
        header = [tr("profile.col_item"), tr("profile.col_english"), tr("profile.col_points")]
        self.best_table.set_table(header, rows, weights=[1.1, 1.5, 0.7], footer_rows=1, left_columns=(0, 1))

    def _fill_charts(self, profile: Profile) -> None:
        history = profile.points_history
        self.points_card.title.setText(tr("profile.points_chart"))
        self.points_card.note.setText(tr("profile.points_chart_sub", n=len(history)) if history else "")
        self.line_chart.set_empty_text(tr("chart.empty_points"))
        self.line_chart.set_hover_label(tr("chart.hand_n", n="{n}"))
        self.line_chart.set_data(history)
        results = profile.match_results
        self.results_card.title.setText(tr("profile.results_chart"))
        if results:
            won = sum(1 for r in results if r > 0)
            lost = sum(1 for r in results if r < 0)
            note = tr("profile.results_sub", won=won, lost=lost, even=len(results) - won - lost)
            if len(results) > self.bar_chart.max_bars:
                note = tr("profile.results_recent", n=self.bar_chart.max_bars) + "  ·  " + note
        else:
            note = ""
        self.results_card.note.setText(note)
        self.bar_chart.set_empty_text(tr("chart.empty_results"))
        self.bar_chart.set_hover_label(tr("chart.match_n", label="{label}"))
        self.bar_chart.set_data(results)

    def _fill_recent(self) -> None:
        self.recent_card.title.setText(tr("profile.recent"))
        rows_in = [row for row in self.history_rows if isinstance(row, Mapping | Sequence)]
        self.recent_card.setVisible(bool(rows_in))
        if not rows_in:
            self.recent_table.set_table([], [])
            return
        if all(isinstance(row, Mapping) for row in rows_in):
            header, rows, colours = self._recent_from_mappings(rows_in)
        else:
            rows = [[str(x) for x in (row if not isinstance(row, str) else [row])] for row in rows_in]
            header = [""] * max(len(r) for r in rows)
            colours = {}
        weights = [1.6] + [1.0] * (len(header) - 1)
        self.recent_table.set_table(header, rows, weights=weights, colours=colours,
                                    left_columns=(0, 1) if len(header) > 2 else (0,))

    @staticmethod
    def _recent_from_mappings(rows_in: Sequence[Mapping[str, Any]]
                              ) -> tuple[list[str], list[list[str]], dict[tuple[int, int], str]]:
        columns: list[tuple[str, tuple[str, ...]]] = [
            ("profile.col_date", ("played_at", "date", "time")),
            ("profile.col_room", ("room",)),
            ("profile.hands", ("hands",)),
            ("profile.col_result", ("net", "delta", "result")),
            ("profile.col_after", ("points",)),
            ("profile.col_level", ("level",)),
        ]
        present = [(key, names) for key, names in columns if any(n in row for row in rows_in for n in names)]
        header = [tr(key) for key, _ in present]
        rows: list[list[str]] = []
        colours: dict[tuple[int, int], str] = {}
        for r, row in enumerate(rows_in):
            cells: list[str] = []
            for c, (key, names) in enumerate(present):
                value = next((row[n] for n in names if n in row), "")
                if key == "profile.col_room" and value in ROOMS:
                    text = tr(f"room.{value}")
                elif key == "profile.col_result" and isinstance(value, int | float):
                    text = f"{int(value):+,}" if value else "0"
                    if value:
                        colours[(r, c)] = WIN_GREEN if value > 0 else LOSS_RED
                elif key == "profile.col_date":
                    text = str(value)[:16].replace("T", " ")
                elif key == "profile.col_level" and isinstance(value, int) and 1 <= value <= len(LEVELS):
                    level = LEVELS[value - 1]
                    text = f"{level.rank_title} · {level.dan_title}"
                elif isinstance(value, int):
                    text = format_number(value)
                else:
                    text = str(value)
                cells.append(text)
            rows.append(cells)
        return header, rows, colours

    # -- the felt ---------------------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        self._felt = None
        super().resizeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        dpr = self.devicePixelRatioF()
        if self._felt is None or self._felt.size() != self.size() * dpr:
            self._felt = self._paint_felt(dpr)
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._felt)
        painter.end()

    def _paint_felt(self, dpr: float) -> QPixmap:
        w, h = max(1, self.width()), max(1, self.height())
        pixmap = QPixmap(round(w * dpr), round(h * dpr))
        pixmap.setDevicePixelRatio(dpr)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        felt = QRadialGradient(QPointF(w / 2, h * 0.35), max(w, h) * 0.8)
        felt.setColorAt(0.0, QColor("#2a8a56"))
        felt.setColorAt(0.55, QColor("#1a6b41"))
        felt.setColorAt(1.0, QColor("#0a3520"))
        painter.fillRect(QRectF(0, 0, w, h), felt)
        rng = random.Random(84)
        for shade in (QColor(255, 255, 255, 9), QColor(0, 0, 0, 14)):
            specks = QPolygonF([QPointF(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(w * h // 600)])
            pen = QPen(shade, 2.0)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawPoints(specks)
        painter.end()
        return pixmap


# -- the level-change banner ----------------------------------------------------------------------------

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
    def show_change(self, old_level: Level | int, new_level: Level | int, speed: float = 1.0) -> None:
        """Announce the move from ``old_level`` to ``new_level`` (Level objects or numbers 1..24)."""
        old = old_level if isinstance(old_level, Level) else LEVELS[int(old_level) - 1]
        new = new_level if isinstance(new_level, Level) else LEVELS[int(new_level) - 1]
        self._stop()
        if new.number == old.number:  # nothing to announce
            self.hide()
            self.finished.emit()
            return
        self._up = new.number > old.number
        self._headline = tr("banner.up" if self._up else "banner.down")
        self._titles = f"{new.rank_title} · {new.dan_title}"
        self._detail = tr("banner.levels", old=old.number, new=new.number)
        if speed <= 0:
            self._set_reveal(1.0)
            self._set_fade(0.0)
            self.hide()
            self.finished.emit()
            return
        if self.parentWidget() is not None:
            self.setGeometry(self.parentWidget().rect())
        self._set_reveal(0.0)
        self._set_fade(1.0)
        group = QSequentialAnimationGroup(self)
        slide = QPropertyAnimation(self, b"reveal", group)
        slide.setStartValue(0.0)
        slide.setEndValue(1.0)
        slide.setDuration(max(1, round(self.IN_MS * speed)))
        slide.setEasingCurve(QEasingCurve.Type.OutBack)
        group.addAnimation(slide)
        group.addAnimation(QPauseAnimation(max(0, round(self.HOLD_MS * speed)), group))
        out = QPropertyAnimation(self, b"fade", group)
        out.setStartValue(1.0)
        out.setEndValue(0.0)
        out.setDuration(max(1, round(self.OUT_MS * speed)))
        out.setEasingCurve(QEasingCurve.Type.InCubic)
        group.addAnimation(out)
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

    def total_ms(self, speed: float = 1.0) -> int:
        return round((self.IN_MS + self.HOLD_MS + self.OUT_MS) * max(0.0, speed))

    def _stop(self) -> None:
        if self._group is not None:
            group, self._group = self._group, None
            group.finished.disconnect(self._done)
            group.stop()
            group.deleteLater()

    def _done(self) -> None:
        if self._group is not None:
            self._group.deleteLater()
            self._group = None
        self.hide()
        self.finished.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.parentWidget().rect())
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
            font = _title_font(size)
            if QFontMetricsF(font).horizontalAdvance(self.message()) <= w * 0.86:
                break
            size -= 2
        font = _title_font(size)
        path = QPainterPath()
        path.addText(0, 0, font, self.message())
        box = path.boundingRect()
        path.translate(w / 2 - box.center().x(), band.center().y() - 12 - box.center().y())
        box = path.boundingRect()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 120))
        painter.drawPath(path.translated(2, 3))
        shine = QLinearGradient(box.topLeft(), box.bottomLeft())
        if self._up:
            shine.setColorAt(0.0, QColor("#fff1b8"))
            shine.setColorAt(0.5, QColor("#f0c84e"))
            shine.setColorAt(1.0, QColor("#b8862a"))
            edge = QColor("#5a3b08")
        else:
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
