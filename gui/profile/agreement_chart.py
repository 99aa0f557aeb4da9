"""The profile's chart of agreement with 大师: how much of the player's play 大师 would have made
too, hand after hand, as a mean of the last :data:`WINDOW` reviewed hands (in %). Beside the 积分
chart, it shows the player's own progress rather than the luck of the deal.

The figures come from the history (storage.reviews, kept after each hand's 复盘); hands with no
choice to make have none and are left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget

from gui.i18n import tr
from gui.profile.charts import LineChart, nice_ticks
from gui.profile.style import ProfileCard
from storage.reviews import rolling_mean

WINDOW = 20  # hands in the mean: one hand barely moves it, a habit does
MIN_W = 190  # (the other charts: charts.MIN_W)


class AgreementChart(LineChart):
    """Agreement with 大师 in %, from 0 to 100: ``set_agreements(figures)`` (each 0..1)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.figures: list[float] = []
        # a third chart in the row: narrower than the others may be (the page fits beside the
        # history in a 1280 px window)
        self.setMinimumWidth(MIN_W)

    def minimumSizeHint(self) -> QSize:
        return QSize(MIN_W, super().minimumSizeHint().height())

    def set_agreements(self, figures: Sequence[float], window: int = WINDOW) -> None:
        self.figures = [float(f) for f in figures]
        self.set_data([round(100 * v) for v in rolling_mean(self.figures, window)], thresholds=False)

    def value_range(self) -> tuple[list[float], float, float]:
        """Up to 100% always; down to the decade under the lowest mean (0 at the worst)."""
        low = max(0, (min(self._values) // 10) * 10 - 10) if self._values else 0
        ticks = nice_ticks(low, 100, 4)
        return ticks, ticks[0], ticks[-1]

    def format_value(self, value: float) -> str:
        return f"{round(value)}%"


class AgreementCard(ProfileCard):
    """The chart on a card, with its title and how many hands it holds."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chart = AgreementChart(self)
        self.body.addWidget(self.chart, 1)
        self.note.setWordWrap(True)  # beside the title it may take two lines rather than widen the row
        self.setMinimumHeight(250)

    def fill(self, figures: Sequence[float]) -> None:
        self.title.setText(tr("profile.agreement_chart"))
        self.note.setText(tr("profile.agreement_sub", window=WINDOW) if figures else "")
        self.note.setToolTip(tr("chart.reviewed_n", n=len(figures)) if figures else "")
        self.chart.set_empty_text(tr("chart.empty_agreement"))
        self.chart.set_hover_label(tr("chart.hand_n", n="{n}"))
        self.chart.set_agreements(figures)


__all__ = ["WINDOW", "AgreementCard", "AgreementChart"]
