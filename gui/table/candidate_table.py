"""The candidates 大师 weighed at one decision, as a table (the 复盘 panel and the 练习 puzzles).

One row per legal move in 大师's order, its choice first: the move, the shanten it leaves (向听; 听 when
ready), its 进张 (kinds and unseen tiles; the waits once ready), 大师's chance to win the hand
after it, the points it expects and — when a discard may deal in — the danger it sees. The row
of 大师's choice is gold, the player's move is marked (red when it gives points away). A move
that gives up speed (``Weighed.slow``) is ordered last whatever its 期望, so it is marked 慢 and
greyed: a higher figure below the choice then reads as a choice, not as a slip. The
figures are engine.ai.explain's, as they are: the table only puts them into words.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from engine.ai.explain import Weighed
from engine.game.actions import Action, ActionKind
from gui import fonts, theme
from gui.i18n import TextKey, codes, tile_label, tiles_label, tr

TEXT_PX = 12  # ≥ 11 px at the smallest window
ROW_PX = 22
COLUMNS = ("move", "shanten", "ukeire", "chance", "points", "danger")
DANGER_SHOWN = 0.005  # expected points paid away below this are no danger worth a column
STYLE = f"""
QTableWidget {{ background: {theme.PANEL_DEEP}; color: {theme.TEXT_LIGHT};
  gridline-color: {theme.PANEL_HEADER}; border: 1px solid {theme.PANEL_GRID}; border-radius: 6px; }}
QHeaderView::section {{ background: {theme.PANEL_HEADER}; color: {theme.TEXT_WARM}; padding: 2px 3px;
  border: none; }}
QTableWidget::item {{ padding: 0 2px; }}
"""


def move_words(action: Action) -> str:
    """A move as the player reads it: 打 五饼 / discard 5p, 暗杠 三万, 胡, 过."""
    if action.kind is ActionKind.DISCARD and action.tile is not None:
        key: TextKey = "review.discard_declare" if action.declare else "review.discard"
        return tr(key, tile=tile_label(action.tile))
    if action.kind is ActionKind.KONG and action.tile is not None:
        return tr("review.kong", tile=tile_label(action.tile))
    return tr(codes.MOVE[action.kind.value])


def move_text(action: Action) -> str:
    """A move in a table cell: the tile alone for a discard (打 is the column's), else its words."""
    if action.kind is ActionKind.DISCARD and action.tile is not None and not action.declare:
        return tiles_label([action.tile])
    return move_words(action)


def row_move_text(c: Weighed) -> str:
    """The move cell of a candidate's row: marked 慢 when it gives up speed (ordered last)."""
    return tr("explain.slow_mark", move=move_text(c.action)) if c.slow else move_text(c.action)


def shanten_text(c: Weighed) -> str:
    if c.shanten is None:
        return "—"
    return tr("explain.ready") if c.shanten == 0 else str(c.shanten)


def ukeire_text(c: Weighed) -> str:
    if c.shanten is None:
        return "—"
    return tr("explain.ukeire", kinds=len(c.kinds), tiles=c.ukeire)


def chance_text(c: Weighed) -> str:
    return "—" if c.win_chance is None else f"{round(100 * c.win_chance)}%"


def points_text(value: float) -> str:
    return f"{value:+.1f}".replace("-", "−")  # the typographic minus, as the danger's


def danger_text(c: Weighed) -> str:
    if c.danger < DANGER_SHOWN:
        return "—"
    return f"−{c.danger:.1f}"


class CandidateTable(QTableWidget):
    """``show_candidates(candidates, made)``: 大师's candidates at a decision, the player's move
    `made` marked (None: a puzzle not yet answered)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setObjectName("candidateTable")
        self.setStyleSheet(STYLE)
        self.setFont(fonts.ui_font(TEXT_PX))
        self.horizontalHeader().setFont(fonts.ui_font(TEXT_PX, True))
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(ROW_PX)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(True)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setWordWrap(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.candidates: tuple[Weighed, ...] = ()
        self.made: Action | None = None
        self.visible_rows = 8  # more scroll: 大师's first few say the most
        self.scale = 1.0
        self.retranslate()

    def set_scale(self, scale: float) -> None:
        """Texts and rows grow with the window (gui.table.review_panel.text_scale)."""
        if scale == self.scale:
            return
        self.scale = scale
        self.setFont(fonts.ui_font(round(TEXT_PX * scale)))
        self.horizontalHeader().setFont(fonts.ui_font(round(TEXT_PX * scale), True))
        self.verticalHeader().setDefaultSectionSize(round(ROW_PX * scale))
        self.retranslate()

    def set_visible_rows(self, rows: int) -> None:
        """How many rows show without scrolling (fewer in a small window)."""
        if rows != self.visible_rows:
            self.visible_rows = rows
            self.setFixedHeight(self._height())

    def show_candidates(self, candidates: Sequence[Weighed], made: Action | None = None) -> None:
        self.candidates, self.made = tuple(candidates), made
        self.retranslate()

    def rows(self) -> list[list[str]]:
        """The cells as shown, row by row (for tests and for the screen reader's sake)."""
        return [[self._text(r, c) for c in range(self.columnCount()) if not self.isColumnHidden(c)]
                for r in range(self.rowCount())]

    def _text(self, row: int, column: int) -> str:
        item = self.item(row, column)
        return "" if item is None else item.text()

    def retranslate(self) -> None:
        self.setHorizontalHeaderLabels([tr(codes.EXPLAIN_COLUMN[name]) for name in COLUMNS])
        for column, name in enumerate(COLUMNS):
            header = self.horizontalHeaderItem(column)
            if header is not None:
                header.setToolTip(tr(codes.EXPLAIN_TIP[name]))
        candidates = self.candidates
        self.setRowCount(len(candidates))
        best = candidates[0].action if candidates else None
        for row, c in enumerate(candidates):
            cells = (row_move_text(c), shanten_text(c), ukeire_text(c), chance_text(c),
                     points_text(c.estimate), danger_text(c))
            colour = self._colour(c, best)
            tip = self._tip(c)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter if column else
                                      Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                if colour is not None:
                    item.setForeground(QBrush(QColor(colour)))
                if c.action == best or c.action == self.made:
                    item.setFont(fonts.ui_font(round(TEXT_PX * self.scale), True))
                item.setToolTip(tip)
                self.setItem(row, column, item)
        # the danger column only where a discard may deal in (a declared player, or the open room)
        self.setColumnHidden(COLUMNS.index("danger"), not any(c.danger >= DANGER_SHOWN for c in candidates))
        self.setFixedHeight(self._height())

    def _colour(self, c: Weighed, best: Action | None) -> str | None:
        if c.action == best:
            return theme.GOLD
        if c.action == self.made:
            return theme.REVIEW_MISTAKE
        # below the choice by 大师's order, not by the 期望 shown: greyed, so a higher figure
        # further down reads as set aside rather than as a mistake of the table
        return theme.REVIEW_SET_ASIDE if c.slow else None

    def _tip(self, c: Weighed) -> str:
        parts = [move_text(c.action)]
        if c.action == self.made:
            parts.append(tr("explain.yours"))
        if c.kinds:
            parts.append(tr("explain.tip_kinds", tiles=tiles_label(c.kinds)))
        if c.points is not None:
            parts.append(tr("explain.won_points", points=f"{c.points:.1f}"))
        if c.deal_in > 0:
            parts.append(tr("explain.tip_deal_in", pct=round(100 * c.deal_in)))
        if c.pure:
            parts.append(tr("explain.pure"))
        if c.slow:
            parts.append(tr("explain.slow"))
        return " · ".join(parts)

    def _height(self) -> int:
        rows = min(self.rowCount(), self.visible_rows)
        return self.horizontalHeader().sizeHint().height() + rows * round(ROW_PX * self.scale) + 4


__all__ = ["CandidateTable", "move_text", "move_words", "row_move_text"]
