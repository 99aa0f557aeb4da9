"""A saved hand, replayed in the table scene: step forward and back, play/pause, jump to the end,
with the score dialog at the end. The deal is rebuilt from the saved seed and decisions.

After a hand everything is known, so the replay shows every hand open; the player may instead
follow one seat's view (what that seat saw at the time: the others' tiles hidden until the end).
Step 0 is the table as the hand starts: its number, dealer and scores, the dice and the deal
(every hand dealt), not an empty table; the first step is the first move.

Beside the table, the 复盘 panel (gui.table.review_panel) weighs the player's moves against
大师's; the review runs in the background (gui.review_worker) while the replay is already
usable. Clicking a move goes to it, and at any move reviewed the table frames the tile 大师
would play (gui.table.review_mark)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QPushButton, QSlider, QVBoxLayout, QWidget

from engine.game import events as ev
from engine.records.replay import replay, replay_steps
from engine.table.summary import HandSummary, track
from gui import fonts, theme
from gui.i18n import player_name, seat_label, tr
from gui.parts.plain_label import PlainLabel
from gui.review_worker import ReviewWorker
from gui.table.review_mark import MasterMark
from gui.table.review_panel import ReviewPanel, panel_width
from gui.table.scene import TableScene
from gui.table.table_view import TableView

if TYPE_CHECKING:
    from engine.records.review import HandReview, ReviewedDecision
    from gui.tiles.art import TileArt

STEP_MS = 700  # between events while playing, at speed 1



def _bar(name: str, margins: tuple[int, int, int, int]) -> tuple[QWidget, QHBoxLayout]:
    """A dark strip under the replay (theme.bar_style) and its row."""
    bar = QWidget()
    bar.setObjectName(name)
    bar.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
    bar.setStyleSheet(theme.bar_style(name))
    row = QHBoxLayout(bar)
    row.setContentsMargins(*margins)
    return bar, row

class ReplayWidget(QWidget):
    back_requested = Signal()

    def __init__(self, art: TileArt, speed: float = 1.0, reviews: ReviewWorker | None = None) -> None:
        """`reviews`: the window's review thread (without it the replay makes, and owns, its own:
        :meth:`shut_down` stops it)."""
        super().__init__()
        self.art = art
        self.speed = speed
        self.scene = TableScene(art)
        self.scene.speed = 0.0
        self.view = TableView(self.scene)
        self.events: list[ev.Event] = []  # the steps, as the chosen view sees them
        self._base: list[ev.Event] = []  # shown before step 0: the hand's start
        self._all: list[ev.Event] = []  # every event, unredacted
        self.position = 0  # events shown
        self.human = 0
        self.follow: int | None = None  # None: every hand open; else the seat whose view is shown
        self.end_dialog: QWidget | None = None
        self.show_end_dialog = True
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.step_forward)
        self._own_reviews = reviews is None
        self.reviews = reviews if reviews is not None else ReviewWorker(self)
        self.reviews.reviewed.connect(self._reviewed)
        self.reviews.failed.connect(self._review_failed)
        self.review_key = ""
        self.review: HandReview | None = None
        self._record: dict[str, Any] = {}
        self._step_positions: dict[int, int] = {}  # a decision's step → the position just before it
        self.review_panel = ReviewPanel()
        self.review_panel.decision_chosen.connect(self.go_to_decision)
        self.mark = MasterMark(self.scene)
        bar, row = _bar("replayBar", (12, 6, 12, 6))
        self.back_button = self._button(row, self.back_requested.emit)
        self.start_button = self._button(row, self.to_start)
        self.prev_button = self._button(row, self.step_back)
        self.play_button = self._button(row, self.toggle_play)
        self.next_button = self._button(row, self.step_forward)
        self.end_button = self._button(row, self.to_end)
        self.view_choice = QComboBox()
        self.view_choice.setObjectName("replayView")
        self.view_choice.setFont(fonts.ui_font(15))
        self.view_choice.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.view_choice.activated.connect(lambda index: self.set_follow(self.view_choice.itemData(index)))
        row.addWidget(self.view_choice)
        self.review_button = self._button(row, self._toggle_panel)
        self.review_button.setCheckable(True)
        self.review_button.setChecked(True)
        row.addStretch(1)
        # the step's slider on a row of its own, the window's whole width: beside the buttons a
        # narrow window squeezed it to a dot
        scrub, scrub_row = _bar("replayScrub", (12, 4, 12, 0))
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.valueChanged.connect(self._slider_moved)
        scrub_row.addWidget(self.slider, 1)
        self.label = PlainLabel()
        self.label.setFont(fonts.ui_font(15))
        self.label.setMinimumWidth(130)
        scrub_row.addWidget(self.label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        middle = QHBoxLayout()
        middle.setContentsMargins(0, 0, 0, 0)
        middle.setSpacing(0)
        middle.addWidget(self.view, 1)
        middle.addWidget(self.review_panel)
        layout.addLayout(middle, 1)
        layout.addWidget(scrub)
        layout.addWidget(bar)
        # the keyboard steps the hand as it plays the table (←/→, Home/End, Space): the replay
        # keeps the focus, its buttons, slider and table are for the mouse (QA: → did nothing,
        # the focus sat in the filter's spin box)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        for widget in (self.view, self.slider, *bar.findChildren(QPushButton)):
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.review_panel.filter.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.retranslate()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        step = STEP_KEYS.get(Qt.Key(event.key()))
        if step is None or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            super().keyPressEvent(event)
            return
        step(self)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.setFocus()

    def _button(self, row: QHBoxLayout, slot: Any) -> QPushButton:
        button = QPushButton()
        button.setFont(fonts.ui_font(16))
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        button.clicked.connect(slot)
        row.addWidget(button)
        return button

    def retranslate(self) -> None:
        self.back_button.setText(tr("replay.back"))
        self.start_button.setText(tr("replay.start"))
        self.prev_button.setText("◀")
        self._update_play_button()
        self.next_button.setText("▶")
        self.end_button.setText(tr("replay.end"))
        self.review_button.setText(tr("review.button"))
        self.review_panel.retranslate()
        self.mark.label.setText(tr("review.mark"))
        self._fill_view_choice()
        self._update_label()

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.review_panel.setFixedWidth(panel_width(self.width()))
        super().resizeEvent(event)

    def _toggle_panel(self) -> None:
        """The 复盘 shown or put away: the panel and the frame on the table go together."""
        self.review_panel.setVisible(self.review_button.isChecked())
        self._show_review_here()

    def _update_play_button(self) -> None:
        self.play_button.setText(tr("replay.pause") if self._timer.isActive() else tr("replay.play"))

    def _fill_view_choice(self) -> None:
        self.view_choice.blockSignals(True)
        self.view_choice.clear()
        self.view_choice.addItem(tr("replay.open"), None)
        for seat in range(4):
            name = self.scene.names[seat] if seat < len(self.scene.names) else ""
            who = player_name(name) or seat_label((seat - self.human) % 4)
            self.view_choice.addItem(tr("replay.follow", who=who), seat)
        self.view_choice.setCurrentIndex(0 if self.follow is None else self.follow + 1)
        self.view_choice.blockSignals(False)

    # -- loading ------------------------------------------------------------------------------
    def load(self, record: dict[str, Any], human_seat: int = 0) -> None:
        """Replay a saved hand (engine.records.replay format); raises engine.records.replay.ReplayError."""
        hand = replay(record)
        self.human = human_seat
        self._all = list(hand.events)
        self._record = record
        self._step_positions = {step: len(before.events) for step, before, _, _ in replay_steps(record)}
        names = record.get("names") or ["", "", "", ""]
        self.scene.names = [str(n) for n in names]
        self.follow = None
        self._fill_view_choice()
        self._choose_events()
        self.review_panel.set_match_losses([], -1)  # another hand: the caller gives its match's
        self._start_review()
        self.to_start()

    def set_match_losses(self, losses: Sequence[float | None], current: int) -> None:
        """The points given away in each hand of the match, the hand shown being `current`."""
        self.review_panel.set_match_losses(losses, current)

    def set_follow(self, seat: int | None) -> None:
        """Show every hand open (None) or what `seat` saw; keeps the step."""
        self.follow = seat
        self._fill_view_choice()
        position = self.position
        self._choose_events()
        self._rebuild(min(position, len(self.events)))

    def _choose_events(self) -> None:
        seen = list(self._all) if self.follow is None else [e.for_seat(self.follow) for e in self._all]
        # step 0 shows the deal: the first step is the first thing a player does
        dealing = ev.HandStarted | ev.DiceRolled | ev.TilesDealt
        start = max((i + 1 for i, e in enumerate(seen) if isinstance(e, dealing)), default=0)
        self._base, self.events = seen[:start], seen[start:]
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(self.events))
        self.slider.blockSignals(False)

    # -- moving ---------------------------------------------------------------------------------
    def _rebuild(self, position: int) -> None:
        """Show the table after `position` events (from scratch: stepping back is exact)."""
        self.scene.model.human = self.human if self.follow is None else self.follow
        self.scene.reset()
        for event in [*self._base, *self.events[:position]]:
            self.scene.show_event(event)
        self.position = position
        self.slider.blockSignals(True)
        self.slider.setValue(position)
        self.slider.blockSignals(False)
        self._update_label()
        self._show_review_here()
        if position == len(self.events) and self.events:
            self._timer.stop()
            self._update_play_button()
            self._show_end()

    def step_forward(self) -> None:
        if self.position >= len(self.events):
            self._timer.stop()
            self._update_play_button()
            return
        event = self.events[self.position]
        self.scene.show_event(event)
        self.position += 1
        self.slider.blockSignals(True)
        self.slider.setValue(self.position)
        self.slider.blockSignals(False)
        self._update_label()
        self._show_review_here()
        if self.position == len(self.events):
            self._timer.stop()
            self._update_play_button()
            self._show_end()

    def step_back(self) -> None:
        self._timer.stop()
        self._update_play_button()
        self._rebuild(max(0, self.position - 1))

    def to_start(self) -> None:
        self._timer.stop()
        self._update_play_button()
        self._rebuild(0)

    def to_end(self) -> None:
        self._timer.stop()
        self._rebuild(len(self.events))

    def toggle_play(self) -> None:
        if self._timer.isActive():
            self._timer.stop()
        else:
            if self.position >= len(self.events):
                self._rebuild(0)
            self._timer.start(max(1, round(STEP_MS * self.speed)))
        self._update_play_button()

    @property
    def playing(self) -> bool:
        return self._timer.isActive()

    def _slider_moved(self, value: int) -> None:
        self._timer.stop()
        self._update_play_button()
        self._rebuild(value)

    def _update_label(self) -> None:
        self.label.setText(tr("replay.position", n=self.position, total=len(self.events)))

    def summary(self) -> HandSummary:
        summary = HandSummary()
        for event in [*self._base, *self.events]:
            summary = track(summary, event)
        return summary

    def _show_end(self) -> None:
        if not self.show_end_dialog or self.end_dialog is not None:
            return
        from gui.table.end_dialogs import EndOfHandDialog

        dialog = EndOfHandDialog(self.art, self.summary(), self.scene.names, self, human=self.human)
        dialog.next_button.setText(tr("button.close"))  # no next hand in a replay
        self.end_dialog = dialog

        def closed() -> None:
            self.end_dialog = None

        dialog.finished.connect(closed)
        dialog.open()

    def stop(self) -> None:
        self._timer.stop()
        if self.end_dialog is not None:
            self.end_dialog.close()

    def shut_down(self) -> None:
        """Stop, and stop the review thread if this replay made its own (a window's is its own)."""
        self.stop()
        if self._own_reviews:
            self.reviews.stop()

    # -- 复盘 -----------------------------------------------------------------------------------
    def _start_review(self) -> None:
        """Ask for the review of the player's seat (before the profile's own reviews)."""
        self.review = None
        self.mark.hide()
        self.review_key = self.reviews.request(self._record, self.human, urgent=True)
        done = self.reviews.result(self.review_key)
        if done is not None:
            self._reviewed(self.review_key, done)
        else:
            self.review_panel.show_running()

    def _reviewed(self, key: str, review: HandReview) -> None:
        if key != self.review_key:  # another hand's (the profile's, or one shown before)
            return
        self.review = review
        self.review_panel.show_review(review, {d.step: self.position_of(d.step) for d in review.decisions})
        self._show_review_here()

    def _review_failed(self, key: str, why: str) -> None:
        if key == self.review_key:
            self.review_panel.show_failed(why)

    def position_of(self, step: int) -> int:
        """The replay's position just before the saved hand's decision `step` (its slider value)."""
        return max(0, self._step_positions.get(step, 0) - len(self._base))

    def go_to_decision(self, step: int) -> None:
        self._timer.stop()
        self._update_play_button()
        self._rebuild(min(self.position_of(step), len(self.events)))

    def decision_here(self) -> ReviewedDecision | None:
        """The player's move reviewed at the position shown, if there is one."""
        if self.review is None:
            return None
        return next((d for d in self.review.decisions if self.position_of(d.step) == self.position), None)

    def _show_review_here(self) -> None:
        decision = self.decision_here()
        self.review_panel.set_current(None if decision is None else decision.step)
        if decision is None or not self.review_button.isChecked():
            self.mark.hide()
        else:
            self.mark.show(self.scene, self.human, decision.best)


# the replay's keys, as the table's: a step back or on, the hand's start or end, play or pause
STEP_KEYS: dict[Qt.Key, Callable[[ReplayWidget], None]] = {
    Qt.Key.Key_Right: ReplayWidget.step_forward, Qt.Key.Key_Left: ReplayWidget.step_back,
    Qt.Key.Key_Home: ReplayWidget.to_start, Qt.Key.Key_End: ReplayWidget.to_end,
    Qt.Key.Key_Space: ReplayWidget.toggle_play,
}
