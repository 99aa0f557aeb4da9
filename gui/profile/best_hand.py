"""The profile page's best-hand card: the hand's value as a badge, where and when it was
played, its tiles, and the itemised score."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from engine.game.tiles import TileError, parse_tiles
from gui.fonts import ui_font
from gui.i18n import other_language, room_label, score_label, tr, tr_in
from gui.parts.plain_label import PlainLabel
from gui.parts.tile_row import tile_row
from gui.profile.data_table import DataTable
from gui.profile.style import ProfileCard
from gui.tiles.art import TileArt
from storage.model import BestHand


class TileStrip(QWidget):
    """A row of tile faces (then the kongs) drawn with :func:`gui.parts.tile_row.tile_row` at the
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

    def set_art(self, art: TileArt) -> None:
        self.art = art
        self._cache = None
        self.update()

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


class BestHandCard(ProfileCard):
    """The best hand so far; ``fill(best)`` shows it, or a hint while there is none."""

    def __init__(self, art: TileArt, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.badge = PlainLabel(self)
        self.badge.setObjectName("profileBadge")
        self.badge.setFont(ui_font(13))
        self.top.addWidget(self.badge)
        self.meta = PlainLabel(self)
        self.meta.setObjectName("profileHint")
        self.meta.setFont(ui_font(12))
        self.tiles = TileStrip(art, self)
        self.table = DataTable(self)
        self.empty = PlainLabel(self)
        self.empty.setObjectName("profileHint")
        self.empty.setFont(ui_font(14))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self._spacers = [QWidget(self), QWidget(self)]
        for spacer in self._spacers:
            spacer.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        body = self.body
        body.addWidget(self.meta)
        body.addWidget(self._spacers[0], 1)
        body.addWidget(self.tiles)
        body.addWidget(self.table)
        body.addWidget(self.empty)
        body.addWidget(self._spacers[1], 1)
        body.addStretch(0)

    def set_art(self, art: TileArt) -> None:
        """Draw the hand with ``art`` (another tile theme) from now on."""
        self.tiles.set_art(art)

    def fill(self, best: BestHand | None) -> None:
        """Show ``best`` (or, with None, the "no best hand yet" hint over face-down tiles)."""
        self.title.setText(tr("profile.best_hand"))
        has = best is not None
        for widget in (self.badge, self.meta, self.table):
            widget.setVisible(has)
        for placeholder in (self.empty, *self._spacers):
            placeholder.setVisible(not has)
        self.empty.setText(tr("profile.no_best"))
        self.tiles.placeholder = 0 if has else 14
        if best is None:
            self.tiles.set_tiles([])
            return
        self.badge.setText(tr("profile.best_value", n=best.value))
        room = room_label(best.room)
        meta = [room, best.played_at[:16].replace("T", " ")]
        self.meta.setText("   ·   ".join(part for part in meta if part))
        try:
            kinds = sorted(parse_tiles(best.tiles))
            kongs = [parse_tiles(k)[0] for k in best.kongs if k]
        except (TileError, IndexError):
            kinds, kongs = [], []
        self.tiles.set_tiles(kinds, kongs)
        # each item by its code, in the player's language and then in the other one (a profile
        # of schema 2 also kept zh / en labels: the code is what counts)
        other = other_language()
        rows: list[list[str]] = []
        for item in best.items:
            code = str(item.get("code", ""))
            points = int(item.get("points", 0))
            factor = bool(item.get("factor", False))
            rows.append([score_label(code, points), score_label(code, points, other),
                         f"×{points}" if factor else f"+{points}"])
        rows.append([tr("profile.hand_value"), tr_in(other, "profile.hand_value"), str(best.value)])
        header = [tr("score.col_item"), tr("score.col_other"), tr("score.col_points")]
        self.table.set_table(header, rows, weights=[1.1, 1.5, 0.7], footer_rows=1, left_columns=(0, 1))


__all__ = ["BestHandCard", "TileStrip"]
