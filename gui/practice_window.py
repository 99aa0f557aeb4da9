"""练习 (practice): the positions of the player's own hands where they lost most to 大师, asked
again as "which tile would you discard?" puzzles (engine.records.practice).

The window is given the player's saved hands; 大师 reviews them in the background (the window's
gui.review_worker, as for every 复盘), then the puzzles come biggest loss first. Each shows the
table as the player's seat saw it then (its hand, every river, who had declared 报听); the player
answers by clicking a tile (in the row under the table, or in the hand itself). Then 大师's answer
is framed on the table and its reasons shown: the candidate table (gui.table.candidate_table),
what the answer gives away and what was played at the time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon, QResizeEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.records.practice import Puzzle, answer, events_before, loss_of_answer, pick_puzzles
from engine.records.replay import ReplayError
from gui import fonts, theme
from gui.i18n import tile_label, tr
from gui.review_worker import review_key
from gui.table.candidate_table import CandidateTable, move_words
from gui.table.review_mark import MasterMark
from gui.table.review_panel import panel_label, panel_width, scale_texts, text_scale
from gui.table.scene import TableScene
from gui.table.table_view import TableView

if TYPE_CHECKING:
    from engine.ai.explain import Weighed
    from engine.records.review import HandReview
    from gui.review_worker import ReviewWorker
    from gui.tiles.art import TileArt

LIMIT = 10  # puzzles in a round: the ten worst moves say the most
HANDS = 40  # the newest saved hands looked through
TILE_W = (36, 60)  # the answer buttons' tile width, small and large windows
CLOSE = 0.5  # points: an answer this close to 大师's is as good


class PracticeWindow(QDialog):
    answered = Signal(int)  # the tile chosen

    def __init__(self, art: TileArt, reviews: ReviewWorker, hands: Sequence[tuple[Mapping[str, Any], int]],
                 parent: QWidget | None = None, limit: int = LIMIT) -> None:
        """`hands`: the player's saved hands, newest first, each with the player's seat."""
        super().__init__(parent)
        self.setObjectName("practiceWindow")
        self.setWindowTitle(tr("practice.title"))
        self.art = art
        self.reviews = reviews
        self.limit = limit
        self.puzzles: list[Puzzle] = []
        self.index = -1
        self.chosen: Weighed | None = None
        self.right = 0
        # the reviews asked for: key → (record, seat); what came back: key → review (None: failed)
        self._asked: dict[str, tuple[Mapping[str, Any], int]] = {}
        self._back: dict[str, HandReview | None] = {}
        self.scene = TableScene(art)
        self.scene.speed = 0.0  # a position is shown as it stands, not played out
        self.scene.tile_clicked.connect(self._tile_clicked)
        self.view = TableView(self.scene)
        self.mark = MasterMark(self.scene)
        self.tiles_row = QHBoxLayout()
        self.tiles_row.setContentsMargins(8, 6, 8, 8)
        self.tiles_row.setSpacing(4)
        self.tile_buttons: list[QToolButton] = []
        tiles_bar = QWidget()
        tiles_bar.setObjectName("practiceTiles")
        tiles_bar.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        tiles_bar.setStyleSheet(theme.bar_style("practiceTiles"))
        tiles_bar.setLayout(self.tiles_row)
        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.setSpacing(0)
        left.addWidget(self.view, 1)
        left.addWidget(tiles_bar)

        self.panel = QWidget()
        self.panel.setObjectName("reviewPanel")
        self.panel.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.panel.setStyleSheet(theme.REVIEW_PANEL_STYLE + theme.BUTTON_STYLE)
        self.title = self._label("reviewTitle", 18, True)
        self.count = self._label("reviewHint", 13)
        self.prompt = self._label("reviewFigure", 16, True)
        self.source = self._label("reviewHint", 13)
        self.verdict = self._label("reviewFigure", 15, True)
        self.verdict.setObjectName("practiceVerdict")
        self.then = self._label("reviewHint", 13)
        self.candidates_title = self._label("reviewTitle", 13, True)
        self.candidates = CandidateTable()
        self.next_button = QPushButton()
        self.next_button.setObjectName("practiceNext")
        self.close_button = QPushButton()
        for button in (self.next_button, self.close_button):
            button.setFont(fonts.ui_font(15))
            button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.next_button.clicked.connect(self._next)
        self.close_button.clicked.connect(self.close)
        side = QVBoxLayout(self.panel)
        side.setContentsMargins(10, 10, 10, 10)
        side.setSpacing(6)
        for widget in (self.title, self.count, self.prompt, self.source, self.verdict, self.then,
                       self.candidates_title, self.candidates):
            side.addWidget(widget)
        side.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.next_button, 1)
        buttons.addWidget(self.close_button, 1)
        side.addLayout(buttons)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(left, 1)
        layout.addWidget(self.panel)

        reviews.reviewed.connect(self._reviewed)
        reviews.failed.connect(self._failed)
        for record, seat in hands:
            key = reviews.request(record, seat, urgent=True)
            self._asked[key] = (record, seat)
            done = reviews.result(key)
            if done is not None:
                self._back[key] = done
        self.resize(1240, 780)
        self._update()
        self._maybe_ready()

    def _label(self, name: str, size: int, bold: bool = False) -> QLabel:
        return panel_label(name, size, bold)

    # -- the puzzles come in ---------------------------------------------------------------------
    @property
    def loading(self) -> bool:
        return self.index < 0 and len(self._back) < len(self._asked)

    def _reviewed(self, key: str, review: HandReview) -> None:
        if key in self._asked and key not in self._back:
            self._back[key] = review
            self._maybe_ready()

    def _failed(self, key: str, _why: str) -> None:
        if key in self._asked and key not in self._back:
            self._back[key] = None  # a hand that does not review gives no puzzle
            self._maybe_ready()

    def _maybe_ready(self) -> None:
        if self.index >= 0 or self.loading:
            self._update()
            return
        done = []
        for key, (record, _seat) in self._asked.items():  # the order the hands were given
            review = self._back.get(key)
            if review is not None:
                done.append((record, review))
        self.puzzles = pick_puzzles(done, self.limit)
        self.index = 0
        self._show_puzzle()

    # -- one puzzle --------------------------------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle | None:
        return self.puzzles[self.index] if 0 <= self.index < len(self.puzzles) else None

    def _show_puzzle(self) -> None:
        self.chosen = None
        self.mark.hide()
        puzzle = self.puzzle
        self.scene.reset()
        if puzzle is not None:
            names = puzzle.record.get("names")
            self.scene.names = ([str(n) for n in names] if isinstance(names, list) and len(names) == 4
                                else [""] * 4)
            self.scene.model.human = puzzle.seat
            self.scene.reset()
            try:
                events = events_before(puzzle.record, puzzle.decision.step, puzzle.seat)
            except ReplayError:
                events = []
            for event in events:
                self.scene.show_event(event)
        self._fill_tiles()
        self._update()

    def _fill_tiles(self) -> None:
        while self.tiles_row.count():  # the last puzzle's buttons and the stretches around them
            item = self.tiles_row.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.tile_buttons = []
        puzzle = self.puzzle
        if puzzle is None:
            return
        self.tiles_row.addStretch(1)
        for kind in puzzle.tiles:
            button = QToolButton()
            button.setObjectName("practiceTile")
            button.setProperty("kind", kind)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.setAutoRaise(True)
            button.clicked.connect(lambda _checked=False, k=kind: self.choose(k))
            self.tiles_row.addWidget(button)
            self.tile_buttons.append(button)
        self.tiles_row.addStretch(1)
        self._size_tiles()

    def _size_tiles(self) -> None:
        width = max(TILE_W[0], min(TILE_W[1], self.width() // 28))
        for button in self.tile_buttons:
            kind = int(button.property("kind"))
            pixmap = self.art.face(kind, width, self.devicePixelRatioF())
            button.setIcon(QIcon(pixmap))
            size = pixmap.deviceIndependentSize().toSize()
            button.setIconSize(size)
            button.setFixedSize(size + QSize(8, 8))
            button.setToolTip(tile_label(kind))

    def _tile_clicked(self, item: int) -> None:
        """A tile of the player's hand clicked on the table answers as its button does."""
        puzzle = self.puzzle
        if puzzle is None or item not in self.scene.model.seats[puzzle.seat].hand:
            return
        kind = self.scene.model.kinds.get(item)
        if kind is not None and kind in puzzle.tiles:
            self.choose(kind)

    def choose(self, tile: int) -> None:
        """The player's answer: 大师's is framed on the table and its reasons shown."""
        puzzle = self.puzzle
        if puzzle is None or self.chosen is not None:
            return
        self.chosen = answer(puzzle, tile)
        if loss_of_answer(puzzle, self.chosen) <= CLOSE:
            self.right += 1
        self.mark.show(self.scene, puzzle.seat, puzzle.decision.best)
        self.answered.emit(tile)
        self._update()

    def _next(self) -> None:
        if self.index < len(self.puzzles):
            self.index += 1
            self._show_puzzle()
        if self.index >= len(self.puzzles):  # the round is over: again from the first
            self.index, self.right = 0, 0
            self._show_puzzle()

    # -- words -------------------------------------------------------------------------------------
    def _update(self) -> None:
        self.setWindowTitle(tr("practice.title"))
        self.title.setText(tr("practice.title"))
        self.close_button.setText(tr("practice.close"))
        puzzle, chosen = self.puzzle, self.chosen
        for label in (self.source, self.verdict, self.then, self.candidates_title):
            label.setText("")
        self.candidates.setVisible(chosen is not None)
        self.candidates_title.setVisible(chosen is not None)
        self.next_button.setVisible(chosen is not None)
        best_tile = puzzle.decision.best.tile if puzzle is not None else None
        for button in self.tile_buttons:
            button.setEnabled(chosen is None)
            kind = button.property("kind")
            # answered: 大师's tile framed in gold, the player's other choice in red
            edge = (None if chosen is None else theme.GOLD if kind == best_tile
                    else theme.REVIEW_MISTAKE if kind == chosen.action.tile else None)
            button.setStyleSheet("" if edge is None else
                                 f"QToolButton {{ border: 3px solid {edge}; border-radius: 5px; }}")
        if puzzle is None:
            self.count.setText("")
            self.prompt.setText(tr("practice.loading", done=len(self._back), total=len(self._asked))
                                if self.loading else tr("practice.empty"))
            return
        decision = puzzle.decision
        self.count.setText(tr("practice.count", n=self.index + 1, total=len(self.puzzles)))
        self.prompt.setText(tr("practice.prompt", turn=decision.turn))
        self.source.setText(tr("practice.source", hand=puzzle.record.get("hand_number", "?"),
                               date=str(puzzle.record.get("played_at", ""))[:16].replace("T", " ")))
        if chosen is None:
            self.verdict.setText(tr("practice.pick"))
            return
        loss = loss_of_answer(puzzle, chosen)
        best = decision.best
        if chosen.action.tile == best.tile:
            self.verdict.setText(tr("practice.right", best=move_words(best)))
        elif loss <= CLOSE:
            self.verdict.setText(tr("practice.close_enough", best=move_words(best), loss=f"{loss:.1f}"))
        else:
            self.verdict.setText(tr("practice.wrong", best=move_words(best), loss=f"{loss:.1f}"))
        self.then.setText(tr("practice.then", made=move_words(decision.made), loss=f"{decision.loss:.1f}"))
        self.candidates_title.setText(tr("explain.candidates"))
        self.candidates.show_candidates(decision.candidates, chosen.action)
        last = self.index + 1 >= len(self.puzzles)
        self.next_button.setText(tr("practice.again", right=self.right, total=len(self.puzzles)) if last
                                 else tr("practice.next"))

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.panel.setFixedWidth(panel_width(self.width()))
        scale = text_scale(self.height())
        scale_texts(self.panel, scale)
        for button in (self.next_button, self.close_button):
            button.setFont(fonts.ui_font(round(15 * scale)))
        self.candidates.set_visible_rows(max(3, min(8, round((self.height() - 380 * scale) / (30 * scale)))))
        self._size_tiles()
        super().resizeEvent(event)

    def retranslate(self) -> None:
        self.candidates.retranslate()
        self.scene.refresh_texts()
        self._update()

    def done(self, result: int) -> None:
        try:  # the window's review thread outlives this window: no more answers to it
            self.reviews.reviewed.disconnect(self._reviewed)
            self.reviews.failed.disconnect(self._failed)
        except (RuntimeError, TypeError):
            pass  # closed once already
        super().done(result)


def practice_hands(history: Sequence[tuple[int, Mapping[str, Any]]]) -> list[tuple[Mapping[str, Any], int]]:
    """The (record, seat) of each saved hand, from (history id, record) pairs: the seat is the
    record's ``human_seat``, as the history keeps it. Duplicate hands are practised once."""
    seen: set[str] = set()
    out = []
    for _id, record in history:
        seat = record.get("human_seat", 0)
        seat = seat if type(seat) is int and 0 <= seat < 4 else 0
        key = review_key(record, seat)
        if key not in seen:
            seen.add(key)
            out.append((record, seat))
    return out


__all__ = ["HANDS", "LIMIT", "PracticeWindow", "practice_hands"]
