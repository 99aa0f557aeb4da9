"""The tutorial's table: the real table widget, seated at the normal engine thread
(gui.table.local_table) playing engine.table.tutorial's scripted match, with the guide on top.

The guide does three things the normal table does not:

- at each moment of engine.table.tutorial.MOMENTS it shows the callout; a moment that an event starts
  holds that event's acknowledgement until 下一步, so the table waits while the player reads;
- it lets only the scripted move through (the tile to discard raised, the others dimmed; any
  other choice is refused with a hint), so the scripted wall stays on track;
- it counts nothing: the match is made with ``counted=False`` (no hand is saved), and this
  widget's ``hand_saved`` is connected to no profile.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QSizeF, Signal
from PySide6.QtWidgets import QBoxLayout

from engine.game import events as ev
from engine.game.actions import WIN, Action, ActionKind
from engine.table.decision import DecisionRequest
from engine.table.setup import PLACE
from engine.table.tutorial import (
    MOMENTS,
    PLAYER_MOVES,
    RULES,
    ScriptedSeat,
    TutorialMatch,
    decision_moments,
    event_moment,
)
from gui.i18n import TextKey, refusal_reason, score_label, tile_label, tr
from gui.parts.callout import Callout, SkipButton
from gui.table.end_dialogs import EndOfHandDialog
from gui.table.layout import SCENE_H, SCENE_W
from gui.table.widget import TableWidget

if TYPE_CHECKING:
    from gui.tiles.art import TileArt

TOTAL = len(MOMENTS)
NUMBER = {m.key: n for n, m in enumerate(MOMENTS, start=1)}


def task_text(action: Action) -> str:
    """What the player is asked to do, in words."""
    if action.kind is ActionKind.KONG:
        return tr("tutorial.do.kong")
    if action.kind is ActionKind.WIN:
        return tr("tutorial.do.win")
    assert action.tile is not None
    key: TextKey = "tutorial.do.declare" if action.declare else "tutorial.do.discard"
    return tr(key, tile=tile_label(action.tile))


class TutorialTable(TableWidget):
    moment_shown = Signal(str)  # a moment's explanation is on screen (its key)
    ended = Signal(bool)  # True: played to its end; False: skipped

    def __init__(self, art: TileArt, speed: float = 1.0) -> None:
        super().__init__(art, speed=speed)  # no 能胡就胡, no time limit, no pause after draws
        self.autoplay.withhold()  # 托管 would play its own moves, off the script
        self.callout = Callout(self.view)
        # the guide's band beside the table where the window has room: it covers nothing of it
        self.callout.table_size = QSizeF(SCENE_W, SCENE_H)
        self.view.room = self.callout.room
        self.view.fit()
        self.callout.next_clicked.connect(self._next)
        self.callout.skip_clicked.connect(self.skip)
        self.skip_button = SkipButton()
        self.skip_button.clicked.connect(self.skip)
        bar_row = self.bar.layout()
        if isinstance(bar_row, QBoxLayout):
            bar_row.addWidget(self.skip_button)
        self._seen: set[str] = set()
        self._then: Callable[[], None] | None = None  # what 下一步 does
        self._task = ""  # what the moment on screen asks the player to do
        self._hold = ""  # an event's moment shown once its animation ends, the table waiting
        self._decisions = 0  # decisions of the player's so far: the script's place
        self.decisions.guide = self._scripted_move  # only the scripted move goes
        self.decisions.shown.connect(self._explain_decision)
        self.decisions.refused.connect(self._refuse)
        self.decisions.chosen.connect(self._moved)
        self.moment = ""  # the moment on screen ("" none)
        self.finished_playing = False
        self.score_note: Callout | None = None  # the score's explanation, in the result dialog

    def begin(self, player: str) -> None:
        """Deal the scripted hand: the player in seat 0, scripted seats in the others."""
        from gui.table.local_table import LocalTable

        names = [player, PLACE, PLACE, PLACE]  # the computers by their places: the table puts them in words
        seats = [ScriptedSeat(name) for name in names[1:]]
        table = LocalTable(RULES, 0, seats, names, time_limit=None, match=TutorialMatch(names), counted=False)
        self.sit_at(table, RULES, names, ["", "", "", ""])

    def retranslate(self) -> None:
        super().retranslate()
        self.scene.rules_line = tr("tutorial.rules_line")
        self.scene.refresh_texts()
        self.callout.retranslate()
        self.skip_button.retranslate()
        task = task_text(self.expected) if self.expected is not None else ""
        if self.moment and self.moment != "score":
            self._show(self.moment, self._then, task if self._task else "")
        elif self.callout.isVisible() and task:
            self.callout.show_task(task)

    # -- moments -------------------------------------------------------------------------------
    def _show(self, key: str, then: Callable[[], None] | None, task: str = "",
              text: str | None = None) -> None:
        self.moment = key
        self._then = then
        self._task = task
        last = key == MOMENTS[-1].key
        self.callout.show_moment(key, NUMBER[key], TOTAL, text, task, last=last)
        self.skip_button.setVisible(not last)  # at the end there is nothing left to skip (QA)
        self.moment_shown.emit(key)

    def _next(self) -> None:
        then, self._then = self._then, None
        if then is not None:
            then()

    def _show_chain(self, keys: Sequence[str], task: str) -> None:
        """The moments of one decision, one after the other; after the last, only the task."""
        if not keys:
            self._collapse(task)
            return
        rest = keys[1:]
        # the task with the last explanation: the one that leads to it
        self._show(keys[0], lambda: self._show_chain(rest, task), "" if rest else task)

    def _collapse(self, task: str) -> None:
        self.moment = ""
        if task:
            self.callout.show_task(task)
        else:
            self.callout.hide()

    # -- events: a moment holds the table until 下一步 ------------------------------------------
    def _on_event(self, event: ev.Event) -> None:
        key = event_moment(event, self._seen)
        if key is not None:
            self._seen.add(key)
            if key != "score":  # the score is explained in the result dialog
                self._hold = key
        super()._on_event(event)

    def _ack(self) -> None:
        if self._hold:
            key, self._hold = self._hold, ""

            def go_on() -> None:
                self._collapse("")
                TableWidget._ack(self)

            self._show(key, go_on)
            return
        super()._ack()

    def _show_hand_end(self) -> None:
        super()._show_hand_end()
        dialog = self.end_dialog
        summary = self.summaries[-1] if self.summaries else None
        if not isinstance(dialog, EndOfHandDialog) or summary is None or not summary.wins:
            return
        win = summary.wins[0]
        items = tr("tutorial.score.sep").join(f"{score_label(i.code, i.points)} {i.points:+d}"
                                              for i in win.score.items)
        each = win.score.value + win.score.dealer_bonus
        note = Callout(dialog, floating=False)
        note.next_clicked.connect(dialog.accept)
        note.skip_clicked.connect(self.skip)
        note.show_moment("score", NUMBER["score"], TOTAL, tr("tutorial.score.text", items=items,
                         value=win.score.value, each=each))
        layout = dialog.layout()
        if isinstance(layout, QBoxLayout):
            layout.insertWidget(1, note)  # under the heading, above the hands and the score table
            layout.activate()  # (the note's height counts in the dialog's hint from here)
            dialog.fit_to_window()  # the note keeps its size: the hands and the score scroll by more
            dialog.centre_over_window()
            dialog.refit_soon()
        self.callout.hide()
        self.score_note = note
        # one 下一步, the note's, beside what it explains (Enter presses it, as 下一局 elsewhere)
        dialog.next_button.hide()
        note.next.setDefault(True)
        self.moment = "score"
        self.moment_shown.emit("score")

    def _show_standings(self) -> None:
        """The match is the one hand: no standings, the tutorial's last word instead."""
        def finish() -> None:
            self.finished_playing = True
            self._collapse("")
            TableWidget._ack(self)
            self.ended.emit(True)

        self._show("done", finish)

    # -- decisions: only the scripted move -------------------------------------------------------
    @property
    def expected(self) -> Action | None:
        """The one move the tutorial lets through now."""
        return self.decisions.guided

    def _scripted_move(self, _request: DecisionRequest) -> Action | None:
        index = self._decisions
        self._decisions += 1
        return PLAYER_MOVES[index] if index < len(PLAYER_MOVES) else None

    def _explain_decision(self, _request: DecisionRequest) -> None:
        """The moments of the decision on screen, then what to do."""
        task = task_text(self.expected) if self.expected is not None else ""
        keys = decision_moments(self._decisions - 1)
        self._seen.update(keys)
        self._show_chain(keys, task)

    def _moved(self, _action: Action | None) -> None:
        self.moment = ""
        self.callout.hide()

    def _refuse(self, action: Action | None, expected: Action) -> None:
        """Another move than the scripted one: not sent; the bar says what to do instead."""
        words = tr("tutorial.refused", what=task_text(expected))
        pending = self.pending
        if action == WIN and pending is not None and pending.refusal is not None:
            words = tr("info.cannot_win_now", reason=refusal_reason(pending.refusal)) + "   ·   " + words
        self.bar.status.setText(words)
        if not self.callout.isVisible():
            self.callout.show_task(task_text(expected))

    # -- leaving -----------------------------------------------------------------------------------
    def skip(self) -> None:
        """跳过教学: the table stops where it is; nothing of it was counted."""
        self._then = None
        self.callout.hide()
        self.stop_match()
        self.ended.emit(False)


__all__ = ["TutorialTable", "task_text"]
