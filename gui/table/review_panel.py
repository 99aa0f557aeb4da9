"""The replay's 复盘 panel: the player's moves in a hand beside the ones 大师 prefers, and why.

At the top the hand's figures (与大师一致 83% · 共失 4.6 分) and, over the match, the points
given away hand after hand (gui.table.loss_curve); a filter keeps only the moves that lose more
than N points. Then the biggest mistakes of the hand, biggest first, and every move in order by
巡, each with the move made, 大师's and the points it gives away; the moves 托管 or a time-out
made are marked and not counted. Under the list, the candidates 大师 weighed at the move shown
(gui.table.candidate_table). Clicking a move emits ``decision_chosen(step)`` (the move's index in
the saved hand's decisions), and the replay goes there. While 大师 works the panel says 复盘中…;
the review itself runs elsewhere (gui.review_worker).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui import fonts, theme
from gui.i18n import codes, tr
from gui.parts.plain_label import PlainLabel
from gui.table.candidate_table import CandidateTable, move_words
from gui.table.loss_curve import LossCurve

if TYPE_CHECKING:
    from engine.records.review import HandReview, ReviewedDecision

STEP_ROLE = Qt.ItemDataRole.UserRole  # a move's step; None on a heading
PANEL_W = 330  # wide enough for a move and 大师's on one line and the candidates' six columns
NARROW_W = 280  # … and in a small window, where the table needs the room (the lines may wrap) …
WIDE_W = 440  # … and in a large one, where the table has room to spare
SHARE = 0.23  # of the replay's width, between NARROW_W and WIDE_W
ROOMY_REPLAY = 1000  # a replay this wide gives the panel PANEL_W at least
MAX_FILTER = 99  # points: the filter's top


def loss_words(loss: float) -> str:
    return tr("review.loss", loss=f"{loss:.1f}")


class ReviewPanel(QWidget):
    decision_chosen = Signal(int)  # the step of the move clicked

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewPanel")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(theme.REVIEW_PANEL_STYLE)
        self.setFixedWidth(PANEL_W)
        self.title = self._label("reviewTitle", 18, True)
        self.figures = self._label("reviewFigure", 15, True)
        self.status = self._label("reviewHint", 13)
        self.curve_title = self._label("reviewHint", 12)
        self.curve = LossCurve()
        self.filter_label = self._label("reviewHint", 13)
        self.filter = QSpinBox()
        self.filter.setObjectName("reviewFilter")
        self.filter.setFont(fonts.ui_font(13))
        self.filter.setRange(0, MAX_FILTER)
        self.filter.valueChanged.connect(lambda _v: self.retranslate())
        filter_row = QHBoxLayout()
        filter_row.setContentsMargins(0, 0, 0, 0)
        filter_row.addWidget(self.filter_label, 1)
        filter_row.addWidget(self.filter)
        self.candidates_title = self._label("reviewTitle", 13, True)
        self.candidates = CandidateTable()
        # the columns' words in a line under them: a newcomer does not hover headers (QA: "Sh.",
        # "Tiles 35 (11)" and "·slow" went unexplained)
        self.legend = self._label("reviewHint", 12)
        self.legend.setWordWrap(True)
        self.list = QListWidget()
        self.list.setFont(fonts.ui_font(14))
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.list.itemClicked.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 10, 10, 10)
        layout.setSpacing(6)
        for widget in (self.title, self.figures, self.curve_title, self.curve):
            layout.addWidget(widget)
        layout.addLayout(filter_row)
        layout.addWidget(self.status)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.candidates_title)
        layout.addWidget(self.candidates)
        layout.addWidget(self.legend)
        self.losses: list[float | None] = []
        self.loss_index = -1
        self.review: HandReview | None = None
        self._positions: Mapping[int, int] = {}
        self._why: str | None = None
        self._running = False
        self._current: int | None = None
        self.retranslate()

    def _label(self, name: str, size: int, bold: bool = False) -> QLabel:
        return panel_label(name, size, bold)

    # -- what to show ---------------------------------------------------------------------------
    def show_running(self) -> None:
        self.review, self._why, self._running, self._current = None, None, True, None
        self.retranslate()

    def show_failed(self, why: str) -> None:
        self.review, self._why, self._running = None, why, False
        self.retranslate()

    def show_review(self, review: HandReview, positions: Mapping[int, int]) -> None:
        """`positions`: each move's step → the replay's position there (its step number)."""
        self.review, self._positions, self._why, self._running = review, positions, None, False
        self.retranslate()

    def resizeEvent(self, event: QResizeEvent) -> None:
        # in a low window the list of moves keeps room: fewer candidate rows show at once
        scale = text_scale(self.height())
        scale_texts(self, scale)
        self.list.setFont(fonts.ui_font(round(14 * scale)))
        self.filter.setFont(fonts.ui_font(round(13 * scale)))
        self.candidates.set_visible_rows(max(3, min(8, round((self.height() - 420 * scale) / (30 * scale)))))
        super().resizeEvent(event)

    def set_match_losses(self, losses: Sequence[float | None], current: int) -> None:
        """The points given away in each hand of the match (None: no figure), the hand shown
        being number `current` among them (its own figure comes from its review)."""
        self.losses, self.loss_index = list(losses), current
        self._show_curve()

    def _show_curve(self) -> None:
        losses = list(self.losses)
        if self.review is not None and 0 <= self.loss_index < len(losses):
            losses[self.loss_index] = self.review.total_loss
        self.curve.set_losses(losses, self.loss_index)
        shown = len(losses) >= 2
        self.curve.setVisible(shown)
        self.curve_title.setVisible(shown)

    def set_current(self, step: int | None) -> None:
        """The replay stands at the move `step` (None: at no move of the player's)."""
        self._current = step
        self._show_status()
        self._show_candidates()
        self.list.blockSignals(True)
        chosen = self.list.currentItem()
        if step is None:
            self.list.clearSelection()
        elif chosen is None or chosen.data(STEP_ROLE) != step:
            # the same move in the full list (a mistake clicked above keeps its own line)
            for row in range(self.list.count() - 1, -1, -1):
                item = self.list.item(row)
                if item.data(STEP_ROLE) == step:
                    self.list.setCurrentItem(item)
                    self.list.scrollToItem(item)
                    break
        self.list.blockSignals(False)

    @property
    def running(self) -> bool:
        return self._running

    def entries(self) -> list[int | None]:
        """The list's lines as steps (None for a heading), top to bottom."""
        return [self.list.item(row).data(STEP_ROLE) for row in range(self.list.count())]

    # -- texts ----------------------------------------------------------------------------------
    @property
    def above(self) -> float:
        """The filter: only moves losing more than this many points are listed (0: every move)."""
        return float(self.filter.value())

    def retranslate(self) -> None:
        self.title.setText(tr("review.title"))
        self.curve_title.setText(tr("explain.curve_title"))
        self.filter_label.setText(tr("explain.filter"))
        self.filter.setSuffix(tr("explain.filter_suffix"))
        self.filter.setSpecialValueText(tr("explain.filter_all"))
        self.candidates_title.setText(tr("explain.candidates"))
        self.legend.setText(tr("explain.legend"))
        self.candidates.retranslate()
        self._show_curve()
        review = self.review
        self.list.clear()
        if review is None:
            self.figures.setText(tr("review.running") if self._running else
                                 tr("review.failed", why=self._why) if self._why else "")
            self._show_status()
            self._show_candidates()
            return
        agreement = review.agreement
        table_moves = len(review.decisions) - len(review.own)
        if agreement is None:
            # (QA: "no choice to make" read wrong when 托管 had made every choice)
            figures = tr("review.all_auto") if table_moves else tr("review.no_choice")
        else:
            figures = (tr("review.agreement", pct=round(agreement * 100)) + "  ·  "
                       + tr("review.total_loss", loss=f"{review.total_loss:.1f}"))
            if table_moves:
                figures += "\n" + tr("explain.auto_left_out", n=table_moves)
        self.figures.setText(figures)
        if review.decisions:
            above = self.above
            if review.own:  # the player's own moves only: the table's are not theirs to be judged by
                self._heading(tr("review.mistakes"))
                mistakes = review.mistakes(above=above)
                for decision in mistakes:
                    self._entry(decision)
                if not mistakes:
                    self._heading(tr("review.no_mistakes"), dim=True)
            self._heading(tr("explain.all_above", n=f"{above:g}") if above else tr("review.all"))
            for decision in review.losing(above):
                self._entry(decision)
        self._show_status()
        self._show_candidates()
        if self._current is not None:
            self.set_current(self._current)

    def _show_candidates(self) -> None:
        review, step = self.review, self._current
        here = review.at_step().get(step) if review is not None and step is not None else None
        self.candidates.setVisible(here is not None)
        self.candidates_title.setVisible(here is not None)
        self.legend.setVisible(here is not None)
        if here is not None and (self.candidates.candidates != here.candidates
                                 or self.candidates.made != here.made):
            self.candidates.show_candidates(here.candidates, here.made)

    def _show_status(self) -> None:
        review, step = self.review, self._current
        here = review.at_step().get(step) if review is not None and step is not None else None
        if here is not None:
            self.status.setText(tr("review.here", best=move_words(here.best)))
        else:
            self.status.setText(tr("review.hint") if review is not None and review.decisions else "")

    def _heading(self, text: str, dim: bool = False) -> None:
        item = QListWidgetItem(text)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        item.setFont(fonts.ui_font(13, not dim))
        item.setForeground(QBrush(QColor(theme.TEXT_SOFT if dim else theme.REVIEW_SECTION)))
        item.setData(STEP_ROLE, None)
        self.list.addItem(item)

    def _entry(self, decision: ReviewedDecision) -> None:
        step = tr("explain.turn", n=decision.turn)
        made = move_words(decision.made)
        if decision.auto is not None:  # the table's move: shown, marked, not counted
            moves = tr("review.agrees", made=made) if decision.agrees else tr(
                "review.entry", made=made, best=move_words(decision.best))
            text = f"{step} · {tr(codes.AUTO_MOVE[decision.auto])}\n{moves}"
            colour = theme.TEXT_SOFT
        elif decision.agrees:
            text = f"{step}\n{tr('review.agrees', made=made)}"
            colour = theme.REVIEW_AGREES
        else:
            moves = tr("review.entry", made=made, best=move_words(decision.best))
            text = f"{step} · {loss_words(decision.loss)}\n{moves}"
            colour = theme.REVIEW_MISTAKE
        item = QListWidgetItem(text)
        item.setForeground(QBrush(QColor(colour)))
        if decision.auto is not None:
            font = fonts.ui_font(14)
            font.setItalic(True)
            item.setFont(font)
        item.setData(STEP_ROLE, decision.step)
        item.setToolTip(text.replace("\n", " · "))
        self.list.addItem(item)

    def _clicked(self, item: QListWidgetItem) -> None:
        step = item.data(STEP_ROLE)
        if step is not None:
            self.decision_chosen.emit(int(step))


def panel_label(name: str, size: int, bold: bool = False) -> QLabel:
    """A wrapping label of the panel's style (`name`: reviewTitle, reviewFigure or reviewHint)."""
    label = PlainLabel()
    label.setObjectName(name)
    label.setFont(fonts.ui_font(size, bold))
    label.setProperty("base_px", size)  # grows with the window (scale_texts)
    label.setWordWrap(True)
    return label


def text_scale(height: int) -> float:
    """How much the panel's texts grow in a tall window (1 up to 800 px high, at most 1.5)."""
    return max(1.0, min(1.5, height / 800))


def scale_texts(root: QWidget, scale: float) -> None:
    """Every panel label under `root` at its base size times `scale`, and the candidate tables."""
    for label in root.findChildren(QLabel):
        base = label.property("base_px")
        if isinstance(base, int):
            font = label.font()
            font.setPixelSize(round(base * scale))
            label.setFont(font)
    for table in root.findChildren(CandidateTable):
        table.set_scale(scale)


def panel_width(replay_width: int) -> int:
    """The panel's width beside a replay `replay_width` px wide: the candidates' six columns whole
    from ROOMY_REPLAY on (at 1024 px the last was cut behind a scroll bar)."""
    least = PANEL_W if replay_width >= ROOMY_REPLAY else NARROW_W
    return max(least, min(WIDE_W, round(SHARE * replay_width)))


__all__ = ["PANEL_W", "ReviewPanel", "loss_words", "move_words", "panel_label", "panel_width", "scale_texts",
           "text_scale"]
