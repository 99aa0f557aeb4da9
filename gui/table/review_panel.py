"""The replay's 复盘 panel: the player's moves in a hand beside the ones 大师 prefers.

At the top the hand's figures (与大师一致 83% · 共失 4.6 分); then the biggest mistakes of the
hand, biggest first, and every move in order, each with the move made, 大师's and the points it
gives away. Clicking a move emits ``decision_chosen(step)`` (the move's index in the saved
hand's decisions), and the replay goes there. While 大师 works the panel says 复盘中…; the
review itself runs elsewhere (gui.review_worker).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from engine.actions import Action, ActionKind
from gui import fonts, theme
from gui.i18n import tile_label, tr

if TYPE_CHECKING:
    from engine.review import HandReview, ReviewedDecision

STEP_ROLE = Qt.ItemDataRole.UserRole  # a move's step; None on a heading
PANEL_W = 300  # wide enough for a move and 大师's on one line, in either language …
NARROW_W = 250  # … and in a small window, where the table needs the room (the lines may wrap)


def move_words(action: Action) -> str:
    """A move as the player reads it: 打 五饼 / discard 5p, 暗杠 三万, 胡, 过."""
    if action.kind is ActionKind.DISCARD and action.tile is not None:
        key = "review.discard_declare" if action.declare else "review.discard"
        return tr(key, tile=tile_label(action.tile))
    if action.kind is ActionKind.KONG and action.tile is not None:
        return tr("review.kong", tile=tile_label(action.tile))
    return tr(f"review.{action.kind.value}")


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
        self.list = QListWidget()
        self.list.setFont(fonts.ui_font(14))
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.list.itemClicked.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(6)
        for widget in (self.title, self.figures, self.status):
            layout.addWidget(widget)
        layout.addWidget(self.list, 1)
        self.review: HandReview | None = None
        self._positions: Mapping[int, int] = {}
        self._why: str | None = None
        self._running = False
        self._current: int | None = None
        self.retranslate()

    def _label(self, name: str, size: int, bold: bool = False) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setFont(fonts.ui_font(size, bold))
        label.setWordWrap(True)
        return label

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

    def set_current(self, step: int | None) -> None:
        """The replay stands at the move `step` (None: at no move of the player's)."""
        self._current = step
        self._show_status()
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
    def retranslate(self) -> None:
        self.title.setText(tr("review.title"))
        review = self.review
        self.list.clear()
        if review is None:
            self.figures.setText(tr("review.running") if self._running else
                                 tr("review.failed", why=self._why) if self._why else "")
            self._show_status()
            return
        agreement = review.agreement
        if agreement is None:
            self.figures.setText(tr("review.no_choice"))
        else:
            self.figures.setText(tr("review.agreement", pct=round(agreement * 100)) + "  ·  "
                                 + tr("review.total_loss", loss=f"{review.total_loss:.1f}"))
        if review.decisions:
            self._heading(tr("review.mistakes"))
            mistakes = review.mistakes()
            for decision in mistakes:
                self._entry(decision)
            if not mistakes:
                self._heading(tr("review.no_mistakes"), dim=True)
            self._heading(tr("review.all"))
            for decision in review.decisions:
                self._entry(decision)
        self._show_status()
        if self._current is not None:
            self.set_current(self._current)

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
        step = tr("review.step", n=self._positions.get(decision.step, decision.step))
        made = move_words(decision.made)
        if decision.agrees:
            text = f"{step}\n{tr('review.agrees', made=made)}"
            colour = theme.REVIEW_AGREES
        else:
            moves = tr("review.entry", made=made, best=move_words(decision.best))
            text = f"{step} · {loss_words(decision.loss)}\n{moves}"
            colour = theme.REVIEW_MISTAKE
        item = QListWidgetItem(text)
        item.setForeground(QBrush(QColor(colour)))
        item.setData(STEP_ROLE, decision.step)
        item.setToolTip(text.replace("\n", " · "))
        self.list.addItem(item)

    def _clicked(self, item: QListWidgetItem) -> None:
        step = item.data(STEP_ROLE)
        if step is not None:
            self.decision_chosen.emit(int(step))


__all__ = ["PANEL_W", "ReviewPanel", "loss_words", "move_words"]
