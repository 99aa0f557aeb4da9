"""The playing table: scene + view + action bar, seated at a table through one connection.

Event flow: the connection (gui.parts.connection) emits an event → the scene animates it → when the
animation ends the widget acknowledges it, and only then does the table go on. Decisions: the
widget enables exactly the legal actions (tiles to click, buttons), shows the time the table
gives, and sends the choice back; when the table decides for the seat (time up) it says so.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractAnimation, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from engine.game import events as ev
from engine.game.actions import WIN, Action
from engine.game.rules import Ruleset
from engine.table.decision import DecisionRequest
from engine.table.seat import Seat
from engine.table.summary import HandSummary, track
from gui.i18n import TextKey, codes, tr
from gui.parts.connection import HUMAN, HandSaved, TableConnection
from gui.settings import AI_PAUSES
from gui.sound.cues import TableCues
from gui.table import hand_end
from gui.table import info as table_info
from gui.table.action_bar import ActionBar
from gui.table.autoplay_banner import AutoplayBanner
from gui.table.decision_clock import DecisionClock
from gui.table.decision_controls import DecisionControls
from gui.table.end_dialogs import EndOfHandDialog
from gui.table.readiness import BetweenHandsWait, Readiness
from gui.table.reconnect_banner import ReconnectBanner
from gui.table.scene import TableScene
from gui.table.status_line import StatusLine
from gui.table.table_talk import TableTalk
from gui.table.table_view import TableView
from gui.table.talk_controls import TalkControls
from gui.table.thinking import ThinkingWatch

if TYPE_CHECKING:
    from gui.review_worker import ReviewWorker
    from gui.tiles.art import TileArt


log = logging.getLogger(__name__)

class TableWidget(QWidget):
    hand_finished = Signal(object)  # HandSummary, after the end-of-hand dialog closes
    hand_saved = Signal(object)  # connection.HandSaved: the replay record and the match state
    match_finished = Signal(object)  # list[HandSummary]
    engine_failed = Signal(str)
    tracker_toggled = Signal(bool)  # the J key showed or hid the tile tracker (记牌器): a setting

    def __init__(self, art: TileArt, speed: float = 1.0, auto_win: bool = False,
                 time_limit: int | None = None, ai_pause: str = "off",
                 confirm_discard: bool = False, show_tracker: bool = False) -> None:
        super().__init__()
        self.scene = TableScene(art)
        self.scene.speed = speed
        self.scene.set_tracker_visible(show_tracker)
        self.view = TableView(self.scene)
        self.bar = ActionBar()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.bar)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.connection: TableConnection | None = None
        self.rules = Ruleset()
        self._time_limit = time_limit  # for the next local match; the table keeps the time
        self.ai_pause = ai_pause  # a key of settings.AI_PAUSES
        self.summaries: list[HandSummary] = []
        self._summary = HandSummary()
        self.status_line = StatusLine(self.bar.status, lambda: self.pending is not None, self)
        self._resync_speed: float | None = None  # the player's speed while a LAN table catches up
        self._unshown_save: HandSaved | None = None
        self.last_saved: HandSaved | None = None  # the hand whose result is shown: its 复盘
        self.reviews: ReviewWorker | None = None  # the window's review thread: a 复盘 button on results
        # the points given away in each hand of the match so far (the 复盘's curve), if known
        self.match_losses: Callable[[], list[float | None]] | None = None
        self.end_dialog: QWidget | None = None  # the open end-of-hand / standings dialog
        self.readiness: Readiness | None = None  # a LAN table's wait between hands, last told
        self.between_wait: BetweenHandsWait | None = None  # its part in the open result dialog
        self.show_end_dialogs = True
        self.bar.autoplay_toggled.connect(self._set_autoplay)
        self.bar.autowin_toggled.connect(self._set_autowin)
        self.bar.autowin.setChecked(auto_win)
        self.banner = AutoplayBanner(self)
        layout.insertWidget(1, self.banner)  # a strip between the table and the bar: it covers nothing
        self.banner.cancel_clicked.connect(lambda: self.bar.autoplay.setChecked(False))
        self.reconnect_banner = ReconnectBanner(self.view)  # a LAN table coming back after a drop
        self.reconnect_banner.cancel_clicked.connect(self._give_up_reconnecting)
        self.thinking = ThinkingWatch(self.scene, HUMAN, self)  # 思考中 on a slow AI's plate
        self.cues = TableCues()  # the sounds of the table: the window gives it its Sounds
        self.clock = DecisionClock(self.scene, self.cues, self)  # my decision's seconds, shown
        self.decisions = DecisionControls(self.scene, self.bar, self.status_line, self.clock, self.cues,
                                          lambda: self.connection, self, confirm_discard)
        # 快捷语 at a LAN table (shown there only): the menu, and muting the bubbles
        self.talk = TalkControls()
        self.talk.phrase_chosen.connect(self.say)
        self.talking = TableTalk(self.talk, self.scene, self.status_line.note)
        self.talk.hide()
        row = self.bar.layout()
        assert isinstance(row, QHBoxLayout)
        row.insertWidget(1, self.talk)  # after the texts, before the countdown

    # -- match lifecycle --------------------------------------------------------------------
    def start_match(self, rules: Ruleset, seed: int, ai_seats: list[Seat], names: list[str],
                    levels: list[str], resume: dict[str, Any] | None = None) -> None:
        """Start a match of this computer against `ai_seats` (or go on with a saved one:
        `resume` is a Match.state())."""
        from gui.table.local_table import LocalTable

        self.stop_match()
        table = LocalTable(rules, seed, ai_seats, names, resume, time_limit=self._time_limit)
        self.sit_at(table, rules, names, levels)

    def sit_at(self, connection: TableConnection, rules: Ruleset, names: list[str],
               levels: list[str]) -> None:
        """Play at the table behind `connection` (a match in this process, or over the LAN)."""
        self.stop_match()
        self.rules = rules
        self.summaries = []
        self._unshown_save = None
        self.scene.names = list(names)
        self.scene.levels = list(levels)
        self.scene.seat_states = [(True, False)] * len(self.scene.seat_states)
        self.status_line.link = ""
        self.retranslate()
        self.connection = connection
        # a stopped match's last queued signals must not reach the next one
        c = connection
        c.hand_saved.connect(self._while_current(c, self._keep_save))
        c.event_ready.connect(self._while_current(c, self._on_event))
        # my decision: no other seat is thinking any more; then the decision is shown
        c.decision_needed.connect(self._while_current(c, lambda _request: self.thinking.clear()))
        c.decision_needed.connect(self._while_current(c, self.decisions.open))
        c.decision_closed.connect(self._while_current(c, self.decisions.closed))
        c.failed.connect(self._while_current(c, self.engine_failed.emit))
        c.seat_state.connect(self._while_current(c, self.scene.set_seat_state))
        c.resyncing.connect(self._while_current(c, self._on_resync))
        c.link_notice.connect(self._while_current(c, self._on_link_notice))
        c.reconnecting.connect(self._while_current(c, self.reconnect_banner.show_attempt))
        c.seat_deciding.connect(self._while_current(c, self.thinking.deciding))
        c.between.connect(self._while_current(c, self._on_between))
        self.readiness = None
        c.said.connect(self._while_current(c, self.talking.heard))
        self._set_watching(c.watching)
        self.talk.setVisible(c.remote)
        self.scene.speech.hide_all()
        c.set_auto_win(self.bar.autowin.isChecked())
        c.set_autoplay(self.bar.autoplay.isChecked())
        c.start()
        self.setFocus()

    @property
    def time_limit(self) -> int | None:
        return self._time_limit

    @time_limit.setter
    def time_limit(self, seconds: int | None) -> None:
        """The seconds per decision of this computer's matches, from the next decision on (the
        table keeps the time; a LAN host keeps its own)."""
        self._time_limit = seconds
        if self.connection is not None:
            self.connection.set_time_limit(seconds)

    def retranslate(self) -> None:
        rules = self.rules
        self.scene.rules_line = tr("table.rules_line", room=tr(codes.ROOM[rules.room.value]),
                                   rounds=rules.rounds, preset=tr(codes.PRESET[rules.preset.value]))
        self.bar.retranslate()
        self.banner.retranslate()
        self.reconnect_banner.retranslate()
        self.talk.retranslate()
        self.scene.speech.retranslate()
        self.scene.refresh_texts()
        # the lines under the table are words too: say them again in the new language
        self.decisions.retranslate()
        if self.status_line.notice:
            self.status_line.notice = tr("info.time_up")
        if self.connection is not None:
            self._show_hand_line()
            self.status_line.show()

    def _while_current(self, connection: TableConnection, slot: Callable[..., object]) -> Callable[..., None]:
        """`slot`, called only while `connection` is still this table's one."""
        def call(*args: object) -> None:
            if self.connection is connection:
                slot(*args)

        return call

    def stop_match(self) -> bool:
        """Stop the engine thread (if any); True when it ended cleanly."""
        ok = True
        self._on_resync(False)  # a table left while it caught up: the player's speed again
        self.reconnect_banner.show_attempt(0, 0)
        self.scene.animator.cancel()
        self.clock.stop()
        self.thinking.clear()
        if self.end_dialog is not None:
            self.end_dialog.close()
            self.end_dialog = None
        if self.connection is not None:
            ok = self.connection.stop()
            self.connection = None
        self.decisions.drop()
        return ok

    @property
    def running(self) -> bool:
        return self.connection is not None and self.connection.running

    @property
    def hand_in_play(self) -> bool:
        """A hand has been dealt and has not ended (leaving now would abandon it; a watcher
        abandons nothing)."""
        return self.running and not self.watching and self._summary.hand_number > 0 \
            and self._summary.ended is None

    @property
    def watching(self) -> bool:
        """观战: this player watches the table (from seat 0's side) and plays no seat."""
        return self.connection is not None and self.connection.watching

    def _set_watching(self, watching: bool) -> None:
        self.scene.watching = watching
        self.talk.set_watching(watching)
        for control in (self.bar.autoplay, self.bar.autowin):
            control.setVisible(not watching)
        self.scene.refresh_texts()

    # -- 快捷语 ----------------------------------------------------------------------------------
    def say(self, code: str) -> bool:
        """Say the quick phrase `code` to the table; False (and a note) when it is too soon."""
        if self.connection is None or not self.connection.remote or self.watching:
            return False
        return self.talking.say(self.connection, code)

    @property
    def talk_muted(self) -> bool:
        return self.talking.muted

    @talk_muted.setter
    def talk_muted(self, muted: bool) -> None:
        self.talking.muted = muted

    def set_speed(self, speed: float) -> None:
        """A new speed applies from the next animation; instant also ends the running one."""
        if self._resync_speed is not None:  # catching up at once: the new speed comes after
            self._resync_speed = speed
            return
        self.scene.speed = speed
        if speed <= 0:
            self.scene.animator.finish_now()

    # -- events -------------------------------------------------------------------------------
    def _on_event(self, event: ev.Event) -> None:
        if self.connection is None:
            return
        self.thinking.clear()  # the seat's decision is made: this is what came of it
        self._track(event)
        # named in the log before it is shown: a crash trace follows the event it happened in
        log.info("hand %d: showing %s", self._summary.hand_number, ev.describe(event))
        animation = self.scene.show_event(event)
        self.cues.event(event, animation, self.scene.landing_ms, quiet=self._resync_speed is not None)
        pause = self._pause_ms(event)
        if pause:
            animation = self.scene.animator.then_pause(animation, pause)
        self._update_info(event)
        if isinstance(event, ev.HandEnded):
            self._after(animation, self._show_hand_end)
        elif isinstance(event, ev.MatchEnded):
            self._after(animation, self._show_standings)
        else:
            self._after(animation, self._ack)

    def _on_resync(self, starting: bool) -> None:
        """A LAN table is drawn again from the start of its hand (the player came back): at once,
        then at the player's speed again. What was on screen goes; the table sends it anew."""
        if starting:
            if self._resync_speed is None:
                self._resync_speed = self.scene.speed
            self.scene.animator.cancel()
            if self.end_dialog is not None:
                dialog, self.end_dialog = self.end_dialog, None
                dialog.close()
            self.decisions.clear()
            self._unshown_save = None
            self.scene.reset()
            self.scene.speed = 0.0
        elif self._resync_speed is not None:
            self.scene.speed, self._resync_speed = self._resync_speed, None

    def _on_between(self, state: Readiness) -> None:
        """A LAN table's wait between hands changed: the open result dialog shows it (one
        opened later starts from it)."""
        self.readiness = state
        if self.between_wait is not None:
            self.between_wait.update(state)
    def _give_up_reconnecting(self) -> None:
        if self.connection is not None:
            self.connection.give_up()

    def _on_link_notice(self, text: str) -> None:
        self.status_line.link = text
        self.status_line.show()

    def _pause_ms(self, event: ev.Event) -> int:
        """A short hold after an AI's (or 托管's) draw, so a person sees who moves and what;
        scaled like the animations (not beyond normal), none at instant speed."""
        if not isinstance(event, ev.TileDrawn):
            return 0
        if event.seat == HUMAN and not self.bar.autoplay.isChecked():
            return 0
        return round(AI_PAUSES.get(self.ai_pause, 0) * min(1.0, self.scene.speed))

    def _keep_save(self, saved: HandSaved) -> None:
        """The engine saves a hand just before its end is shown: passed on with that event,
        once the hand's summary is complete."""
        self._unshown_save = saved

    def _track(self, event: ev.Event) -> None:
        self._summary = track(self._summary, event)
        if isinstance(event, ev.HandEnded):
            self.summaries.append(self._summary)
            saved, self._unshown_save = self._unshown_save, None
            self.last_saved = saved
            if saved is not None:
                self.hand_saved.emit(saved)

    def _after(self, animation: QAbstractAnimation | None, then: Callable[[], None]) -> None:
        self.scene.animator.play(animation, then)

    def _ack(self) -> None:
        if self.connection is not None:
            self.connection.ack()

    def _show_hand_end(self) -> None:
        summary = self.summaries[-1] if self.summaries else self._summary
        if not self.show_end_dialogs:
            self.hand_finished.emit(summary)
            self._ack()
            return
        dialog = EndOfHandDialog(self.scene.art, summary, self.scene.names, self)
        self.end_dialog = dialog
        if self.reviews is not None and self.last_saved is not None:
            from gui.table.review_window import offer_review  # (it holds a replay: made with the first)

            offer_review(dialog, self.scene.art, self.last_saved, self.reviews, self.scene.speed,
                         self.match_losses() if self.match_losses is not None else None)
        if self.connection is not None and self.connection.waits_between_hands:
            self.between_wait = hand_end.wait_for_everyone(
                dialog, self.scene.names, summary.hand_number, self.connection.next_hand,
                self.bar.autoplay.isChecked, self.readiness)
        if self.bar.autoplay.isChecked():
            hand_end.autoplay_countdown(dialog, self.bar.autoplay)
        elif self.watching:  # a watcher is not waited for: the table plays on behind the result
            QTimer.singleShot(hand_end.AUTOPLAY_RESULT_MS, dialog, dialog.accept)

        def closed() -> None:
            self.end_dialog = None
            self.between_wait = None
            self.hand_finished.emit(summary)
            self._ack()

        hand_end.once_closed(dialog, closed)
        dialog.open()

    def _show_standings(self) -> None:
        if not self.show_end_dialogs:
            self.match_finished.emit(list(self.summaries))
            self._ack()
            return
        from gui.table.end_dialogs import StandingsDialog

        dialog = StandingsDialog(self.summaries, self.scene.names, self)
        self.end_dialog = dialog

        def closed() -> None:
            self.end_dialog = None
            self.match_finished.emit(list(self.summaries))
            self._ack()

        hand_end.once_closed(dialog, closed)
        dialog.open()

    # -- information lines --------------------------------------------------------------------
    def _update_info(self, event: ev.Event) -> None:
        model = self.scene.model
        self._show_hand_line()
        if isinstance(event, ev.TileDiscarded | ev.HandStarted | ev.HandEnded):
            # why I may not win on a discard stays in view until the next discard
            self.status_line.refusal = table_info.refusal_of(model, event)
        if isinstance(event, ev.HandStarted | ev.HandEnded):
            self.status_line.notice = ""
        self.status_line.show()

    def _show_hand_line(self) -> None:
        """My suits and waits (a watcher has no hand of its own to count)."""
        scene = self.scene
        line = "" if self.watching else table_info.hand_line(scene.model, scene.tracker.unseen())
        self.bar.waits.setText(line)


    # -- decisions ------------------------------------------------------------------------------
    @property
    def pending(self) -> DecisionRequest | None:
        """My decision on screen (gui.table.decision_controls), if any."""
        return self.decisions.pending

    def choose(self, action: Action | None) -> bool:
        """Send `action` if it is legal now; None leaves the decision to 托管."""
        return self.decisions.choose(action)

    def clickable_items(self) -> list[int]:
        """Human hand items that can be discarded now, in display order."""
        return self.decisions.clickable_items()

    def _set_autoplay(self, on: bool) -> None:
        self.banner.setVisible(on)
        if self.connection is None:
            return
        self.connection.set_autoplay(on)
        if on:
            self.choose(None)  # a decision on screen goes to the AI as well

    def _set_autowin(self, on: bool) -> None:
        if self.connection is None:
            return
        self.connection.set_auto_win(on)
        pending = self.pending
        if on and pending is not None and WIN in pending.legal:
            self.choose(WIN)

    def toggle_sound(self) -> None:
        """M: sound off, or on again; the bar says which for a moment."""
        sounds = self.cues.sounds
        if sounds is None:
            return
        on = sounds.toggle()
        note: TextKey = "sound.unavailable" if on and sounds.problem else "sound.on" if on else "sound.off"
        self.status_line.note(tr(note))

    def toggle_tracker(self) -> None:
        """J: the tile tracker (记牌器) shown, or hidden again; kept as a setting."""
        on = not self.scene.tracker.visible
        self.scene.set_tracker_visible(on)
        self.tracker_toggled.emit(on)

    # -- keyboard -------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if self.decisions.press(key):
            return
        if key == Qt.Key.Key_M:
            self.toggle_sound()
        elif key == Qt.Key.Key_Q and self.talk.isVisible() and self.talk.say_button.isVisible():
            self.talk.open_menu()
        elif key == Qt.Key.Key_J:
            self.toggle_tracker()
        else:
            super().keyPressEvent(event)
