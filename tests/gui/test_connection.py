"""The table widget through its one connection, played as people play:
animations on, a real window. The widget does not know where the table is — a recorded table
drives it as well as the engine thread — and the table, not the widget, keeps the time."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from engine.ai import NormalAI, SimpleAI
from engine.game import events as ev
from engine.game.actions import Action
from engine.game.rules import Ruleset
from engine.table.decision import DecisionClosed, DecisionRequest
from engine.table.match import Match
from engine.table.match_loop import play_match
from engine.table.waiting_seat import Choice, WaitingSeat
from gui.main_window import MainWindow
from gui.parts.connection import TableConnection
from gui.settings import Settings

SPEED = 0.05  # above 0: the animated code path of the default speed, kept short


def _window(qtbot: QtBot, speed: float = SPEED) -> MainWindow:
    w = MainWindow(Settings(animation_speed=speed), confirm_quit=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    return w


def _recorded_match(seed: int) -> tuple[Ruleset, list[object], list[Action]]:
    """A 1-圈 match's messages to seat 0 (its events, requests) and seat 0's answers."""
    rules = Ruleset(rounds=1, time_limit=None)
    messages: list[object] = []
    answers: list[Action] = []
    ai = NormalAI(name="me")

    class Recorder(WaitingSeat):
        def decide(self, view: Any, legal: Any) -> Action:
            self._next_id += 1
            messages.append(DecisionRequest(self._next_id, view, tuple(legal), None))
            action = ai.decide(view, legal)
            answers.append(action)
            return action

    seat = Recorder("me", messages.append, ai, acknowledged=False)
    play_match(Match(rules, seed, ("me", "a", "b", "c")), [seat, SimpleAI(), SimpleAI(), SimpleAI()])
    return rules, messages, answers


class RecordedTable(TableConnection):
    """A third kind of table: messages recorded earlier, one at a time as the widget acks and
    chooses — it checks that every choice is the recorded one, sent for the right request."""

    def __init__(self, messages: list[object], answers: list[Action]) -> None:
        super().__init__()
        self.messages = list(messages)
        self.answers = list(answers)
        self.position = 0
        self.wrong: list[str] = []
        self.acks = 0
        self.waiting_for: int | None = None
        self._running = False

    def _next(self) -> None:
        if self.position >= len(self.messages):
            self._running = False
            self.finished.emit()
            return
        message = self.messages[self.position]
        self.position += 1
        if isinstance(message, DecisionRequest):
            self.waiting_for = message.id
            self.decision_needed.emit(message)
        else:
            self.event_ready.emit(message)

    def start(self) -> None:
        self._running = True
        self._next()

    def ack(self) -> None:
        self.acks += 1
        self._next()

    def choose(self, request: int, action: Action | None) -> None:
        expected = self.answers.pop(0)
        if request != self.waiting_for or action != expected:
            self.wrong.append(f"request {request} (open: {self.waiting_for}): {action} for {expected}")
        self.waiting_for = None
        self._next()

    def set_autoplay(self, on: bool) -> None:
        pass

    def set_auto_win(self, on: bool) -> None:
        pass

    def stop(self, timeout_ms: int = 5000) -> bool:
        self._running = False
        return True

    @property
    def running(self) -> bool:
        return self._running


@pytest.mark.slow
def test_a_recorded_table_drives_the_widget_through_a_whole_animated_match(qtbot: QtBot) -> None:
    rules, messages, answers = _recorded_match(seed=31)
    w = _window(qtbot)
    table = w.table
    table.results.show_dialogs = False
    w.stack.setCurrentWidget(table)
    recorded = RecordedTable(messages, answers)
    ended: list[object] = []
    table.match_finished.connect(ended.append)
    table.sit_at(recorded, rules, ["me", "a", "b", "c"], ["", "", "", ""])

    def step() -> bool:
        pending = table.pending
        if pending is not None and not table.scene.animator.busy:
            assert table.choose(recorded.answers[0])  # the player's click, as recorded
        return bool(ended)

    qtbot.waitUntil(step, timeout=120_000)
    assert recorded.wrong == []
    events = [m for m in messages if isinstance(m, ev.Event)]
    assert recorded.acks == len(events)  # each event acknowledged once, after it was shown
    assert len(table.summaries) == sum(isinstance(e, ev.HandEnded) for e in events)
    last = table.summaries[-1].ended
    assert last is not None and last.scores == next(e for e in reversed(events)
                                                    if isinstance(e, ev.HandEnded)).scores


@pytest.mark.slow
def test_the_table_keeps_the_time_and_the_widget_follows(qtbot: QtBot) -> None:
    """Nobody answers: the table's auto-play decides when the limit runs out, the widget drops
    the decision it showed, and the game goes on (at the default animation speed)."""
    w = _window(qtbot, speed=1.0)
    table = w.table
    closed: list[DecisionClosed] = []
    w.start_match(Ruleset(rounds=1, time_limit=1), ["normal"] * 3, seed=3)
    connection = table.connection
    assert connection is not None
    connection.decision_closed.connect(closed.append)
    qtbot.waitUntil(lambda: table.pending is not None, timeout=60_000)
    first = table.pending
    assert first is not None and first.time_limit == 1
    assert table.scene.seconds_left is not None  # shown on my plate
    qtbot.waitUntil(lambda: bool(closed), timeout=30_000)  # nobody clicks
    assert closed[0].id == first.id
    assert "时间到" in table.bar.status.text()  # the player is told why the decision went
    assert table.pending is None or table.pending.id != first.id
    assert table.scene.seconds_left is None or table.pending is not None
    # the timed-out decision was taken: the game went on past it
    qtbot.waitUntil(lambda: table.pending is not None and table.pending.id > first.id, timeout=60_000)
    table.stop_match()


def test_a_click_after_the_table_decided_changes_nothing(qtbot: QtBot) -> None:
    """A late answer (the time ran out as the player clicked) is dropped by the table."""
    sent: list[object] = []
    got = threading.Event()

    def send(message: object) -> None:
        sent.append(message)
        if isinstance(message, DecisionClosed):
            got.set()

    seat = WaitingSeat("me", send, NormalAI(), time_limit=0.01, acknowledged=False)
    match = Match(Ruleset(rounds=1), 5)
    worker = threading.Thread(target=play_match, args=(match, [seat, SimpleAI(), SimpleAI(), SimpleAI()]),
                              kwargs={"max_hands": 1}, daemon=True)
    worker.start()
    assert got.wait(30)
    request = next(m for m in sent if isinstance(m, DecisionRequest))
    seat.put(Choice(request.id, request.legal[0]))  # too late
    worker.join(60)
    assert not worker.is_alive() and match.played == 1


def test_the_local_table_sends_the_seat_only_what_it_may_know(qtbot: QtBot) -> None:
    """Everything that reaches the widget through the connection before a hand's end: no other
    seat's concealed tiles or kong kinds, no seed; the end then reveals the seed and actions."""
    from engine.bots.bot_protocol import event_to_json, view_to_json
    from gui.table.local_table import LocalTable

    rules = Ruleset(rounds=1, time_limit=None)
    table = LocalTable(rules, 4242, [SimpleAI(), SimpleAI(), SimpleAI()], ["me", "a", "b", "c"])
    got: list[Any] = []
    saved: list[Any] = []

    def on_event(event: ev.Event) -> None:
        got.append(event)
        table.ack()

    def on_decision(request: DecisionRequest) -> None:
        got.append(request)
        table.choose(request.id, request.legal[0])

    table.event_ready.connect(on_event)
    table.decision_needed.connect(on_decision)
    table.hand_saved.connect(saved.append)
    table.start()
    qtbot.waitUntil(lambda: not table.running, timeout=120_000)
    assert saved and saved[-1].over
    seeds = {s.record["seed"] for s in saved} | {4242}
    hand_events: list[Any] = []
    for message in got:
        if isinstance(message, ev.HandStarted):
            hand_events = []
        if isinstance(message, ev.HandEnded):
            assert message.seed in seeds and message.actions  # revealed at the end only
            continue
        hand_events.append(message)
        text = str(view_to_json(message.view) if isinstance(message, DecisionRequest)
                   else event_to_json(message))
        assert not any(str(seed) in text for seed in seeds)
        if isinstance(message, DecisionRequest):
            assert message.view.seat == 0
        elif isinstance(message, ev.TilesDealt | ev.TileDrawn | ev.KongDeclared) and message.seat != 0:
            hidden = message.tiles if isinstance(message, ev.TilesDealt) else message.tile
            assert hidden is None, message
        elif isinstance(message, ev.TileDiscarded) and message.refusals:
            assert all(r is None for i, r in enumerate(message.refusals) if i != 0)
    assert sum(isinstance(m, ev.HandEnded) for m in got) == len(saved)


def test_why_a_discard_is_no_win_stays_in_view_and_follows_the_language(qtbot: QtBot) -> None:
    """Seed 17: a discard completes my shape but the engine refuses it (8张); the reason stays
    under the table past the next draw (until the next discard) and in the log, and speaks the
    new language."""
    from gui import i18n

    rules, messages, answers = _recorded_match(seed=17)
    refused = next(i for i, m in enumerate(messages)
                   if isinstance(m, ev.TileDiscarded) and m.refusals and m.refusals[0] is not None)
    shown = messages[:refused + 2]  # the refusal and the next player's draw
    w = _window(qtbot)
    table = w.table
    table.results.show_dialogs = False
    w.stack.setCurrentWidget(table)
    recorded = RecordedTable(shown, answers)
    table.sit_at(recorded, rules, ["me", "a", "b", "c"], ["", "", "", ""])

    def step() -> bool:
        if table.pending is not None and not table.scene.animator.busy:
            table.choose(recorded.answers[0])
        return recorded.position >= len(shown) and not table.scene.animator.busy

    qtbot.waitUntil(step, timeout=60_000)
    assert recorded.wrong == []
    assert "不能胡" in table.bar.status.text() and "8" in table.bar.status.text()
    assert any(key == "cannot_win" for key, _ in table.scene.model.log)
    try:
        i18n.set_language("en")
        table.retranslate()
        assert "Cannot win" in table.bar.status.text()
        assert "不能胡" not in table.bar.status.text()
    finally:
        i18n.set_language("zh")
    table.stop_match()


def test_a_continued_match_keeps_the_time_limit_the_player_chose_last(qtbot: QtBot) -> None:
    w = _window(qtbot)
    w.settings.time_limit = 15
    state = Match(Ruleset(rounds=1, time_limit=None), 12, ("me", "a", "b", "c")).state()
    w.start_match(Ruleset(rounds=1, time_limit=None), ["normal"] * 3, seed=12, resume=state)
    table = w.table
    qtbot.waitUntil(lambda: table.pending is not None, timeout=60_000)
    assert table.pending is not None and table.pending.time_limit == 15
    w.start_match(Ruleset(rounds=1, time_limit=None), ["normal"] * 3, seed=13)  # a new game's own
    qtbot.waitUntil(lambda: table.pending is not None, timeout=60_000)
    assert table.pending is not None and table.pending.time_limit is None
    table.stop_match()


class AutoplayRecorder(RecordedTable):
    def __init__(self) -> None:
        super().__init__([], [])
        self.told: list[bool] = []

    def set_autoplay(self, on: bool) -> None:
        self.told.append(on)


def test_autoplay_the_host_switched_on_shows_as_the_players_own_and_one_click_takes_it_back(
        qtbot: QtBot) -> None:
    """A LAN host switches 托管 on for a player whose time ran out twice in a row: their toggle and
    banner say so (they used to show nothing), and the banner's button hands the seat back."""
    w = _window(qtbot)
    table = w.table
    w.stack.setCurrentWidget(table)
    remote = AutoplayRecorder()
    table.sit_at(remote, Ruleset(), ["me", "a", "b", "c"], ["", "", "", ""])
    remote.seat_state.emit(2, True, True)  # another seat's 托管: only its plate
    assert not table.bar.autoplay.isChecked() and table.banner.isHidden()
    remote.seat_state.emit(0, True, True)
    assert table.bar.autoplay.isChecked() and not table.banner.isHidden()
    table.banner.cancel_clicked.emit()
    assert not table.bar.autoplay.isChecked() and table.banner.isHidden()
    assert remote.told[-1] is False
