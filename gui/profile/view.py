"""The player's profile page, and the banner that announces a level change at the table.

:class:`ProfileView` shows a :class:`~storage.model.Profile`: a header with the level
medallion, the 级别 and 段位 titles and the 积分 bar to the next level; the record overall and
per room (不报听 / 报听); the best hand with its tiles and itemised score; 积分 over time, the
agreement with 大师 beside it (gui.profile.agreement_chart) and the result of each match as
charts; optionally a table of recent matches.

:class:`LevelChangeBanner` is an overlay for any widget: ``show_change(old, new, speed)``
slides a ribbon in ("升级！临时工 · 街头一段"), holds it, fades it out and emits ``finished``.

The parts live in their own modules: :mod:`gui.profile.header` (the header card),
:mod:`gui.profile.tables` (the record and recent-matches cards), :mod:`gui.profile.best_hand`
(the best-hand card), :mod:`gui.profile.data_table` (their painted table), :mod:`gui.profile.style`
(colours, the card frame, the gold titles) and :mod:`gui.profile.level_banner` (the banner).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QFrame, QHBoxLayout, QScrollArea, QVBoxLayout, QWidget

from gui import theme
from gui.i18n import player_name, tr
from gui.parts.felt import FeltBackdrop
from gui.profile.agreement_chart import AgreementCard
from gui.profile.best_hand import BestHandCard, TileStrip
from gui.profile.charts import BarChart, LineChart
from gui.profile.data_table import DataTable
from gui.profile.header import ProfileHeader
from gui.profile.level_banner import LevelChangeBanner
from gui.profile.style import ProfileCard
from gui.profile.tables import RecentCard, RecordCard, win_rate
from gui.tiles.art import TileArt, get_art
from storage.model import Profile

MIN_W = 430
STACK_BELOW = 820  # px: a narrower view shows its cards one under the other, not side by side


class ProfileView(QWidget):
    """The profile page: ``set_profile(profile, history_rows)``, ``retranslate()``.

    ``history_rows`` (optional) are recent matches, newest first, each a mapping with any of
    ``played_at`` (or ``date``), ``room`` ("open" / "baoting"), ``hands``, ``net`` (or
    ``delta``) and ``points`` (积分 after the match); they fill a "recent matches" table.
    """

    def __init__(self, parent: QWidget | None = None, art: TileArt | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("profileView")
        # with the history panel beside it, the page fits the smallest window (800 px wide): the
        # cards one under the other, 积分 under the titles (gui.profile.header)
        self.setMinimumSize(MIN_W, 520)
        self.art = art if art is not None else get_art("classic")
        self.profile: Profile | None = None
        self.history_rows: list[Any] = []
        self.agreements: list[float] = []
        self._felt = FeltBackdrop(self, theme.PROFILE_FELT)
        self.setStyleSheet(theme.PROFILE_CARD_STYLE)

        self.scroll_area = QScrollArea(self)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.viewport().setAutoFillBackground(False)
        content = QWidget()
        content.setObjectName("profileContent")
        content.setAutoFillBackground(False)
        self.scroll_area.setWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.scroll_area)

        self.header = ProfileHeader(content)

        self.record_card = RecordCard(content)
        self.record_table = self.record_card.table

        self.best_card = BestHandCard(self.art, content)
        self.best_badge = self.best_card.badge
        self.best_meta = self.best_card.meta
        self.best_tiles = self.best_card.tiles
        self.best_table = self.best_card.table
        self.best_empty = self.best_card.empty

        self.points_card = ProfileCard(content)
        self.line_chart = LineChart(self.points_card)
        self.points_card.body.addWidget(self.line_chart, 1)
        self.agreement_card = AgreementCard(content)
        self.agreement_chart = self.agreement_card.chart
        self.results_card = ProfileCard(content)
        self.bar_chart = BarChart(self.results_card)
        self.results_card.body.addWidget(self.bar_chart, 1)
        # three charts in a row: a long note (English, many matches) takes two lines rather than
        # widening the row past the page
        self.results_card.note.setWordWrap(True)
        for card in (self.points_card, self.results_card):
            card.setMinimumHeight(250)

        self.recent_card = RecentCard(content)
        self.recent_table = self.recent_card.table

        layout = QVBoxLayout(content)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(12)
        layout.addWidget(self.header)
        self.middle = middle = QHBoxLayout()
        middle.setSpacing(12)
        middle.addWidget(self.record_card, 5)
        middle.addWidget(self.best_card, 6)
        layout.addLayout(middle)
        self.charts = charts = QHBoxLayout()
        charts.setSpacing(12)
        charts.addWidget(self.points_card, 3)
        charts.addWidget(self.agreement_card, 3)  # beside 积分: skill, not only luck
        charts.addWidget(self.results_card, 2)
        layout.addLayout(charts, 1)
        layout.addWidget(self.recent_card)
        self.recent_card.setVisible(False)

        self.set_profile(Profile(name=""))

    # -- data -------------------------------------------------------------------------------------------
    def set_profile(self, profile: Profile, history_rows: list | None = None,
                    agreements: list[float] | None = None) -> None:
        """Show ``profile`` (and, if given, a table of recent matches, and its agreement with
        大师 hand after hand: storage's ``agreement_history``)."""
        self.profile = profile
        self.history_rows = list(history_rows or [])
        self.agreements = list(agreements or [])
        self._refresh()

    def retranslate(self) -> None:
        """Redo every text in the current language."""
        self._refresh()

    def set_art(self, art: TileArt) -> None:
        """Draw the tiles (the best hand) with ``art``: the tile theme the player chose."""
        if art is self.art:
            return
        self.art = art
        self.best_card.set_art(art)

    def _refresh(self) -> None:
        profile = self.profile if self.profile is not None else Profile(name="")
        self.header.set_profile(player_name(profile.name), profile.points, profile.created)
        self.header.setToolTip(tr("profile.title"))
        self.record_card.fill(profile)
        self.best_card.fill(profile.best_hand)
        self._fill_charts(profile)
        self.recent_card.fill(self.history_rows)

    def _fill_charts(self, profile: Profile) -> None:
        history = profile.points_history
        self.points_card.title.setText(tr("profile.points_chart"))
        self.points_card.note.setText(tr("profile.points_chart_sub", n=len(history)) if history else "")
        self.line_chart.set_empty_text(tr("chart.empty_points"))
        self.line_chart.set_hover_label(tr("chart.hand_n", n="{n}"))
        self.line_chart.set_data(history)
        self.agreement_card.fill(self.agreements)
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

    # -- the felt ---------------------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        self._felt.invalidate()
        # narrow (a 1024 px window, the history beside it): the cards one under the other
        direction = (QBoxLayout.Direction.TopToBottom if self.width() < STACK_BELOW
                     else QBoxLayout.Direction.LeftToRight)
        for row in (self.middle, self.charts):
            if row.direction() != direction:
                row.setDirection(direction)
        super().resizeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        self._felt.draw()


__all__ = ["DataTable", "LevelChangeBanner", "ProfileHeader", "ProfileView", "TileStrip", "win_rate"]
