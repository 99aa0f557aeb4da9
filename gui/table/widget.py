"""The playing table: its parts put together, seated at a table through one connection.

Event flow: the connection (gui.parts.connection) emits an event → the scene animates it → when the
animation ends the widget acknowledges it, and only then does the table go on. The parts, one
concept each: the scene and its view; the bar (action_bar) and its words (status_line); my
decision (decision_controls: the legal tiles and buttons, the choice sent back) and its seconds
(decision_clock); 托管 and 能胡就胡 (autoplay); the pace of the animations (pace); 快捷语
(table_talk); the result dialogs at a hand's and the match's end (result_dialogs).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractAnimation, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QDialog, QHBoxLayout, QVBoxLayout, QWidget

from engine.game import events as ev
from engine.game.actions import Action
from engine.game.rules import Ruleset
from engine.table.decision import DecisionRequest
from engine.table.seat import Seat
from engine.table.summary import HandSummary, track
from gui.i18n import TextKey, codes, tr
from gui.parts.connection import HUMAN, HandSaved, TableConnection
from gui.sound.cues import TableCues
from gui.table import info as table_info
from gui.table.action_bar import ActionBar
from gui.table.autoplay import AutoplayToggles
from gui.table.autoplay_banner import AutoplayBanner
from gui.table.decision_clock import DecisionClock
from gui.table.decision_controls import DecisionControls
from gui.table.pace import TablePace
from gui.table.reconnect_banner import ReconnectBanner
from gui.table.result_dialogs import ResultDialogs
from gui.table.scene import TableScene
from gui.table.status_line import StatusLine
from gui.table.table_talk import TableTalk
from gui.table.table_view import TableView
from gui.table.talk_controls import TalkControls
from gui.table.thinking import ThinkingWatch

if TYPE_CHECKING:
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
        self.pace = TablePace(self.scene, self.bar.autoplay, ai_pause)
        self.summaries: list[HandSummary] = []
        self._summary = HandSummary()
        self.status_line = StatusLine(self.bar.status, lambda: self.pending is not None, self)
        self._unshown_save: HandSaved | None = None
        self.last_saved: HandSaved | None = None  # the hand whose result is shown: its 复盘
        self.results = ResultDialogs(self.scene, self.bar.autoplay, self)
        self.banner = AutoplayBanner(self)
        layout.insertWidget(1, self.banner)  # a strip between the table and the bar: it covers nothing
        self.reconnect_banner = ReconnectBanner(self.view)  # a LAN table coming back after a drop
        self.reconnect_banner.cancel_clicked.connect(self._give_up_reconnecting)
        self.thinking = ThinkingWatch(self.scene, HUMAN, self)  # 思考中 on a slow AI's plate
        self.cues = TableCues()  # the sounds of the table: the window gives it its Sounds
        self.clock = DecisionClock(self.scene, self.cues, self)  # my decision's seconds, shown
        self.decisions = DecisionControls(self.scene, self.bar, self.status_line, self.clock, self.cues,
                                          lambda: self.connection, self, confirm_discard)
        self.autoplay = AutoplayToggles(self.bar, self.banner, self.decisions, lambda: self.connection)
        self.bar.autowin.setChecked(auto_win)
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
        c.seat_state.connect(self._while_current(c, self._own_autoplay))
        c.resyncing.connect(self._while_current(c, self._on_resync))
        c.hurrying.connect(self._while_current(c, self.pace.catch_up))
        c.link_notice.connect(self._while_current(c, self._on_link_notice))
        c.reconnecting.connect(self._while_current(c, self.reconnect_banner.show_attempt))
        c.seat_deciding.connect(self._while_current(c, self.thinking.deciding))
        c.between.connect(self._while_current(c, self.results.between))
        c.turn_asked.connect(self._while_current(c, self.results.turn_asked))
        self.results.readiness = None
        self.results.timed = rules.time_limit is not None
        c.said.connect(self._while_current(c, self.talking.heard))
        self._set_watching(c.watching)
        self.talk.setVisible(c.remote)
        self.scene.speech.hide_all()
        self.autoplay.tell(c)
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
                                   n=rules.rounds, preset=tr(codes.PRESET[rules.preset.value]))
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
        self.results.close()
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
    def end_dialog(self) -> QDialog | None:
        """The open end-of-hand / standings dialog (gui.table.result_dialogs), if any."""
        return self.results.dialog

    @property
    def watching(self) -> bool:
        """观战: this player watches the table (from seat 0's side) and plays no seat."""
        return self.connection is not None and self.connection.watching

    def _own_autoplay(self, seat: int, _connected: bool, autoplay: bool) -> None:
        """The host switched 托管 on for this player (their time ran out turn after turn, or they
        did not come back in time): the toggle and its banner say so, one click takes it back."""
        if seat == HUMAN and not self.scene.watching and autoplay != self.bar.autoplay.isChecked():
            self.autoplay.follow(autoplay)

    def _set_watching(self, watching: bool) -> None:
        self.scene.watching = watching
        self.talk.set_watching(watching)
        self.autoplay.set_watching(watching)
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
        self.pace.set_speed(speed)

    # -- events -------------------------------------------------------------------------------
    def _on_event(self, event: ev.Event) -> None:
        if self.connection is None:
            return
        self.thinking.clear()  # the seat's decision is made: this is what came of it
        self._track(event)
        # named in the log before it is shown: a crash trace follows the event it happened in
        log.info("hand %d: showing %s", self._summary.hand_number, ev.describe(event))
        animation = self.scene.show_event(event)
        self.cues.event(event, animation, self.scene.landing_ms, quiet=self.pace.catching_up)
        pause = self.pace.pause_ms(event)
        if pause:
            animation = self.scene.animator.then_pause(animation, pause)
        self._show_hand_line()
        self.status_line.event_shown(self.scene.model, event)
        if isinstance(event, ev.HandEnded):
            self._after(animation, self._show_hand_end)
        elif isinstance(event, ev.MatchEnded):
            self._after(animation, self._show_standings)
        else:
            self._after(animation, self._ack)

    def _on_resync(self, starting: bool) -> None:
        """A LAN table is drawn again from the start of its hand (the player came back): at once,
        then at the player's speed again. What was on screen goes; the table sends it anew."""
        self.pace.catch_up(starting)
        if starting:
            self.scene.animator.cancel()
            self.results.close()
            self.decisions.clear()
            self._unshown_save = None
            self.scene.reset()

    def _give_up_reconnecting(self) -> None:
        if self.connection is not None:
            self.connection.give_up()

    def _on_link_notice(self, text: str) -> None:
        self.status_line.link = text
        self.status_line.show()

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

        def done() -> None:
            self.hand_finished.emit(summary)
            self._ack()

        self.results.hand(summary, self.last_saved, self.connection, self.watching, done)

    def _show_standings(self) -> None:
        def done() -> None:
            self.match_finished.emit(list(self.summaries))
            self._ack()

        self.results.standings(self.summaries, done)

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
