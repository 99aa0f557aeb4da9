"""The LAN table behind the widget (gui.lan.remote_table), against a fake client: messages come
from another thread in the host's seat numbers, the widget shows them turned to its player one
at a time, acknowledges each, answers requests, counts each hand for the profile with the
player's real seat, marks dropped seats, comes back after a drop and tells a host that quit."""

from __future__ import annotations

import functools
import queue
import threading
import time
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from engine.ai import NormalAI, SimpleAI
from engine.game import events as ev
from engine.game.actions import Action
from engine.game.rules import Ruleset
from engine.net import messages as m
from engine.net.client import Disconnected, JoinRefused
from engine.net.relative import relative
from engine.records.replay import replay
from engine.table.decision import DecisionRequest
from engine.table.match import Match
from engine.table.match_loop import play_match
from engine.table.waiting_seat import WaitingSeat
from gui.i18n import set_language
from gui.lan.bridge import MessageBridge
from gui.lan.remote_table import RemoteTable
from gui.main_window import MainWindow
from gui.settings import Settings
from gui.table.model import TableModel
from storage.store import ProfileStore
from tests.clocks import FakeClock

SPEED = 0.05  # the animated code path, kept short (the end-to-end test plays at 1.0)
MY_SEAT = 2
NAMES = ("东家", "南家", "me", "北家")


@functools.cache
def _recorded(seed: int, rounds: int = 1) -> tuple[Ruleset, list[object], list[Action]]:
    """What the host sends seat MY_SEAT in a whole match (its numbers), and the seat's answers."""
    rules = Ruleset(rounds=rounds, time_limit=15)
    stream: list[object] = []
    answers: list[Action] = []
    ai = NormalAI(name="me")

    class Recorder(WaitingSeat):
        def decide(self, view: Any, legal: Any) -> Action:
            self._next_id += 1
            stream.append(DecisionRequest(self._next_id, view, tuple(legal), 15.0))
            action = ai.decide(view, legal)
            answers.append(action)
            return action

    seat = Recorder("me", stream.append, ai, acknowledged=False)
    seats: list[Any] = [SimpleAI(), SimpleAI(), SimpleAI()]
    seats.insert(MY_SEAT, seat)
    play_match(Match(rules, seed, NAMES), seats)
    return rules, stream, answers


class FakeClient:
    """The client's interface; a feeder thread plays the host: it sends events without waiting
    for acknowledgements (up to the next request), then waits for the answer."""

    def __init__(self, bridge: MessageBridge, stream: list[object]) -> None:
        self.bridge = bridge
        self.stream = stream
        self.sent: list[m.Message] = []
        self.closed = False
        self.reconnects = 0
        self.reconnect_error: BaseException | None = None
        self._answers: queue.Queue[m.Choose] = queue.Queue()
        self._stop = threading.Event()
        self.position = 0  # messages of the stream sent so far
        self.n = 0
        self.thread = threading.Thread(target=self._feed, daemon=True)

    def start(self, until: int | None = None) -> None:
        self.until = until
        self.thread.start()

    def _feed(self) -> None:
        while self.position < len(self.stream) and not self._stop.is_set():
            if self.until is not None and self.position >= self.until:
                return
            item = self.stream[self.position]
            self.position += 1
            if isinstance(item, DecisionRequest):
                self.bridge.deliver(m.RequestMessage(item, 15.0))
                while not self._stop.is_set():
                    try:
                        self._answers.get(timeout=0.1)
                        break
                    except queue.Empty:
                        continue
            else:
                self.n += 1
                self.bridge.deliver(m.EventMessage(self.n, item))  # type: ignore[arg-type]
        if not self._stop.is_set() and self.until is None:
            self.bridge.deliver(m.Ended(m.END_FINISHED, "over"))
            self.bridge.deliver(Disconnected("closed"))

    def send(self, message: m.Message) -> None:
        self.sent.append(message)
        if isinstance(message, m.Choose):
            self._answers.put(message)

    def reconnect(self) -> m.Welcome:
        self.reconnects += 1
        if self.reconnect_error is not None:
            raise self.reconnect_error
        table = m.TableInfo("0" * 16, "t", 47321, "open", 1, 0, False, True, "1")
        return m.Welcome(MY_SEAT, "a" * 32, table, resumed=True)

    def close(self) -> None:
        self.closed = True
        self._stop.set()

    def join(self) -> None:
        self._stop.set()
        self.thread.join(5)
        assert not self.thread.is_alive()


@pytest.fixture(autouse=True)
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The main window's warnings, kept rather than shown (a modal box would wait forever)."""
    shown: list[str] = []
    monkeypatch.setattr("gui.message_box.warn",
                        lambda _parent, _title, message: shown.append(message))
    return shown


def _window(qtbot: QtBot, store: ProfileStore, speed: float = SPEED, language: str = "zh") -> MainWindow:
    w = MainWindow(Settings(animation_speed=speed, language=language), confirm_quit=False, store=store)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    return w


def _sit(w: MainWindow, client: FakeClient, bridge: MessageBridge, rules: Ruleset) -> RemoteTable:
    table = w.table
    started = m.Started(MY_SEAT, NAMES, ("", "", "", ""), rules)
    remote = RemoteTable(client, bridge, started)
    w.session.begin_match(rules, [], match_id="lan-test")
    w.stack.setCurrentWidget(table)
    table.sit_at(remote, rules, [NAMES[(MY_SEAT + i) % 4] for i in range(4)], ["", "", "", ""])
    return remote


def _playing(qtbot: QtBot, store: ProfileStore, until: int, language: str = "zh", speed: float = SPEED
             ) -> tuple[MainWindow, MessageBridge, FakeClient, RemoteTable, list[object]]:
    """A window sat at a fake LAN table that has sent the first `until` messages of a match."""
    rules, stream, _answers = _recorded(seed=31)
    w = _window(qtbot, store, speed=speed, language=language)
    bridge = MessageBridge()
    client = FakeClient(bridge, stream)
    remote = _sit(w, client, bridge, rules)
    client.start(until=until)
    qtbot.waitUntil(lambda: client.position >= until, timeout=30_000)
    return w, bridge, client, remote, stream


def _events(stream: list[object]) -> list[ev.Event]:
    return [x for x in stream if isinstance(x, ev.Event)]


@pytest.mark.slow
def test_a_lan_match_is_shown_turned_to_the_player_acknowledged_answered_and_counted(
        qtbot: QtBot, store: ProfileStore, warnings: list[str]) -> None:
    rules, stream, answers = _recorded(seed=31)
    w = _window(qtbot, store)
    table = w.table
    table.results.show_dialogs = False
    bridge = MessageBridge()
    client = FakeClient(bridge, stream)
    shown: list[ev.Event] = []
    original = table._on_event
    def on_event(event: ev.Event) -> None:
        shown.append(event)
        original(event)

    table._on_event = on_event  # type: ignore[method-assign]
    saved: list[Any] = []
    table.hand_saved.connect(saved.append)
    ended: list[object] = []
    table.match_finished.connect(ended.append)
    finished: list[bool] = []
    remote = _sit(w, client, bridge, rules)
    remote.finished.connect(lambda: finished.append(True))
    client.start()
    expected = list(answers)

    def step() -> bool:
        if table.pending is not None and not table.scene.animator.busy:
            assert table.choose(expected.pop(0))
        return bool(ended) and bool(finished)

    try:
        qtbot.waitUntil(lambda: step() or bool(warnings), timeout=180_000)
    finally:
        client.join()
    assert warnings == []
    events = _events(stream)
    # one at a time, in order, each acknowledged with its number after it was shown
    acks = [x.n for x in client.sent if isinstance(x, m.Ack)]
    assert acks == list(range(1, len(events) + 1))
    choices = [x for x in client.sent if isinstance(x, m.Choose)]
    assert [c.action for c in choices] == answers
    # turned: the player at 0, the host's seat 2 is mine
    assert len(shown) == len(events)
    starts = [e for e in shown if isinstance(e, ev.HandStarted)]
    host_starts = [e for e in events if isinstance(e, ev.HandStarted)]
    assert [s.dealer for s in starts] == [(h.dealer - MY_SEAT) % 4 for h in host_starts]
    dealt = next(e for e in shown if isinstance(e, ev.TilesDealt) and e.seat == 0)
    mine = next(e for e in events if isinstance(e, ev.TilesDealt) and e.seat == MY_SEAT)
    assert dealt.tiles == mine.tiles and dealt.tiles  # my own tiles, at the bottom
    # every hand saved once, before its end was shown, from the host's numbers, with my seat
    host_ends = [e for e in events if isinstance(e, ev.HandEnded)]
    assert len(saved) == len(host_ends)
    for record, end in zip(saved, host_ends, strict=True):
        assert record.seat == MY_SEAT and record.match_state is None
        result = replay(record.record).result
        assert result is not None and result.deltas == end.deltas  # exact replay
    assert [s.over for s in saved] == [False] * (len(saved) - 1) + [True]
    # the profile counted every hand for my seat, and the match
    profile = store.current()
    assert profile is not None
    totals = profile.totals()
    assert totals.hands == len(host_ends)
    assert totals.net == sum(e.deltas[MY_SEAT] for e in host_ends)
    assert totals.matches == 1
    assert profile.match_results == [sum(e.deltas[MY_SEAT] for e in host_ends)]
    assert not remote.running


def _first_request_index(stream: list[object]) -> int:
    return next(i for i, x in enumerate(stream) if isinstance(x, DecisionRequest))


def test_the_host_s_word_on_my_autoplay_is_shown_not_told_back(qtbot: QtBot, store: ProfileStore) -> None:
    """QA: the host's word on my 托管 that crossed my click on the wire flipped the toggle, which
    told the host, whose answer flipped it again: a loop of messages until the host dropped them.
    The toggle now shows the host's word and tells it nothing; my own clicks still go."""
    w, bridge, client, _remote, _stream = _playing(qtbot, store, 5)
    toggle = w.table.bar.autoplay

    def told() -> list[bool]:
        return [msg.on for msg in client.sent if isinstance(msg, m.SetAutoplay)]

    before = told()
    qtbot.mouseClick(toggle, Qt.MouseButton.LeftButton)  # my click: on
    assert told() == [*before, True]
    bridge.deliver(m.SeatStatus(MY_SEAT, m.SeatState(connected=True, autoplay=False)))  # sent before it
    qtbot.waitUntil(lambda: not toggle.isChecked(), timeout=30_000)
    bridge.deliver(m.SeatStatus(MY_SEAT, m.SeatState(connected=True, autoplay=True)))  # the answer to it
    qtbot.waitUntil(toggle.isChecked, timeout=30_000)
    assert w.table.banner.isVisible()  # shown as the host has it
    assert told() == [*before, True]  # and nothing told back
    qtbot.mouseClick(toggle, Qt.MouseButton.LeftButton)  # my click again: off, told
    assert told() == [*before, True, False] and not w.table.banner.isVisible()
    client.join()


@pytest.mark.parametrize(("language", "offline", "autoplay"),
                         [("zh", "掉线", "托管"), ("en", "Offline", "Auto")])
def test_name_plates_show_dropped_and_autoplayed_seats(qtbot: QtBot, store: ProfileStore, language: str,
                                                      offline: str, autoplay: str) -> None:
    try:
        w, bridge, client, _remote, _stream = _playing(qtbot, store, 5, language)
        scene = w.table.scene
        # I sit at the host's seat 2: its seat 3 is my 下家 (1), its seat 0 my 对家 (2)
        bridge.deliver(m.SeatStatus(3, m.SeatState(connected=False, autoplay=True)))
        bridge.deliver(m.SeatStatus(0, m.SeatState(connected=True, autoplay=True)))
        qtbot.waitUntil(lambda: scene.plates[1].status.text.text() == offline, timeout=30_000)
        assert scene.plates[1].status.pill.isVisible()
        assert scene.plates[2].status.text.text() == autoplay
        assert not scene.plates[3].status.pill.isVisible()
        assert not scene.plates[0].status.pill.isVisible()
        bridge.deliver(m.SeatStatus(3, m.SeatState(connected=True, autoplay=False)))
        qtbot.waitUntil(lambda: not scene.plates[1].status.pill.isVisible(), timeout=30_000)
        client.join()
    finally:
        set_language("zh")


def test_a_dropped_connection_comes_back_and_the_table_is_drawn_again(qtbot: QtBot,
                                                                      store: ProfileStore) -> None:
    rules, stream, _answers = _recorded(seed=31)
    w = _window(qtbot, store, speed=1.0)
    table = w.table
    bridge = MessageBridge()
    client = FakeClient(bridge, stream)
    remote = _sit(w, client, bridge, rules)
    notices: list[str] = []
    remote.link_notice.connect(notices.append)
    banner = table.reconnect_banner
    shown: list[tuple[int, int, bool, str, str]] = []  # what the table showed at each try (after the widget)
    remote.reconnecting.connect(lambda attempt, attempts: shown.append(
        (attempt, attempts, banner.isVisible(), banner.label.text(), table.bar.status.text())))
    until = _first_request_index(stream)
    client.start(until=until)
    qtbot.waitUntil(lambda: client.position >= until, timeout=30_000)
    client.join()
    before = len(notices)
    bridge.deliver(Disconnected("reset"))
    qtbot.waitUntil(lambda: client.reconnects >= 1 and len(shown) >= 2, timeout=30_000)
    assert notices[before:before + 2] == ["重新连接中…（第 1/12 次）", ""]
    attempt, attempts, visible, words, status = shown[0]
    assert (attempt, attempts, visible) == (1, 12, True)
    assert "重新连接中（第 1/12 次）" in words and "重新连接中" in status and banner.cancel.text() == "放弃"
    assert shown[1][:3] == (0, 0, False)  # back: the banner goes
    # the host's resync: the match's start and the hand so far, the waiting request with 9 s left
    request = stream[until]
    assert isinstance(request, DecisionRequest)
    events = [m.EventMessage(n, e) for n, e in enumerate(stream[:until], 1)]  # type: ignore[arg-type]
    states = tuple(m.SeatState(True, False) for _ in range(4))
    started = m.Started(MY_SEAT, NAMES, ("", "", "", ""), rules)
    bridge.deliver(m.Resync(started, tuple(events), m.RequestMessage(request, 9.0), states))
    qtbot.waitUntil(lambda: table.pending is not None, timeout=30_000)
    assert table.pending is not None and table.pending.id == request.id
    assert table.pending.time_limit is not None and table.pending.time_limit <= 9.0
    assert table.scene.speed == 1.0  # caught up: the player's speed again
    assert "重新连接" not in table.bar.status.text()
    assert not banner.isVisible()
    expected = TableModel()
    for event in stream[:until]:
        expected.apply(relative(event, MY_SEAT))  # type: ignore[arg-type]
    assert table.scene.model.human_kinds() == expected.human_kinds() != []
    assert remote.running


@pytest.mark.parametrize(("error", "words"), [
    (TimeoutError("timed out"), "无法重新连接到牌桌（timed out）。"),
    (ConnectionRefusedError(111, "Connection refused"),
     "牌桌已经不在了：房主的程序可能已经关闭。房主重开牌桌后，点开始画面上的“回到局域网牌桌”回到座位。"),
    (JoinRefused(m.REFUSE_STARTED, "The match at this table is over."),
     "牌桌不再接受你回来：这桌已经开局了。"),
])
def test_a_connection_that_cannot_come_back_fails_in_words(qtbot: QtBot, store: ProfileStore,
                                                           error: BaseException, words: str) -> None:
    """In the player's words: no errno, no host's English (a host that died refuses connections)."""
    rules, stream, _answers = _recorded(seed=31)
    w = _window(qtbot, store)
    bridge = MessageBridge()
    client = FakeClient(bridge, stream)
    client.reconnect_error = error
    remote = _sit(w, client, bridge, rules)
    remote.delays = (0.05, 0.05)
    failures: list[str] = []
    remote.failed.connect(failures.append)
    client.start(until=3)
    qtbot.waitUntil(lambda: client.position >= 3, timeout=30_000)
    bridge.deliver(Disconnected("reset"))
    qtbot.waitUntil(lambda: bool(failures), timeout=30_000)
    assert failures[0] == words
    assert not remote.running and client.closed
    client.join()


def test_the_tries_to_come_back_are_counted_and_a_refusal_says_the_seat_is_gone(
        qtbot: Any, store: ProfileStore) -> None:
    rules, stream, _answers = _recorded(seed=31)
    w = _window(qtbot, store)
    bridge = MessageBridge()
    client = FakeClient(bridge, stream)
    client.reconnect_error = ConnectionRefusedError(111, "Connection refused")
    remote = _sit(w, client, bridge, rules)
    remote.delays = (0.05, 0.1, 0.2)  # growing waits: four tries
    tries: list[tuple[int, int]] = []
    lost: list[bool] = []
    remote.reconnecting.connect(lambda attempt, attempts: tries.append((attempt, attempts)))
    remote.seat_lost.connect(lambda: lost.append(True))
    client.start(until=3)
    qtbot.waitUntil(lambda: client.position >= 3, timeout=10_000)
    bridge.deliver(Disconnected("reset"))
    qtbot.waitUntil(lambda: not remote.running, timeout=10_000)
    assert tries == [(1, 4), (2, 4), (3, 4), (4, 4), (0, 0)] and client.reconnects == 4
    assert lost == []  # no answer is no refusal: the host may reopen the table, the seat stays kept
    client.join()
    # a table that answers "over" (or does not know the token) ends the seat for good
    bridge2 = MessageBridge()
    client2 = FakeClient(bridge2, stream)
    client2.reconnect_error = JoinRefused(m.REFUSE_OVER, "The match at this table is over.")
    remote2 = _sit(w, client2, bridge2, rules)
    remote2.seat_lost.connect(lambda: lost.append(True))
    client2.start(until=3)
    qtbot.waitUntil(lambda: client2.position >= 3, timeout=10_000)
    bridge2.deliver(Disconnected("reset"))
    qtbot.waitUntil(lambda: bool(lost), timeout=10_000)
    assert client2.reconnects == 1
    client2.join()


@pytest.mark.parametrize(("language", "words"), [
    ("zh", "你离开了牌桌，托管继续替你出牌。想回去时，点开始画面上的“回到局域网牌桌”。"),
    ("en", "You left the table; auto-play goes on for you. To go back, press “Back to the LAN table” on "
           "the start screen."),
])
def test_the_player_may_give_up_waiting_for_the_table(qtbot: Any, store: ProfileStore, warnings: list[str],
                                                      language: str, words: str) -> None:
    try:
        rules, stream, _answers = _recorded(seed=31)
        w = _window(qtbot, store, language=language)
        bridge = MessageBridge()
        client = FakeClient(bridge, stream)
        client.reconnect_error = TimeoutError("timed out")
        remote = _sit(w, client, bridge, rules)
        remote.delays = (60.0,)  # a long wait after the first try: the player stops it
        lost: list[bool] = []
        remote.seat_lost.connect(lambda: lost.append(True))
        client.start(until=3)
        qtbot.waitUntil(lambda: client.position >= 3, timeout=10_000)
        bridge.deliver(Disconnected("reset"))
        banner = w.table.reconnect_banner
        qtbot.waitUntil(lambda: client.reconnects == 1 and banner.isVisible(), timeout=10_000)
        assert "1/2" in banner.label.text()
        assert banner.cancel.text() == ("放弃" if language == "zh" else "Give up")
        qtbot.mouseClick(banner.cancel, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: bool(warnings), timeout=10_000)
        assert warnings == [words]
        assert w.stack.currentWidget() is w.start_screen and not banner.isVisible()
        assert lost == [] and client.reconnects == 1  # no more tries; the seat stays kept
        client.join()
    finally:
        set_language("zh")


@pytest.mark.parametrize(("language", "text"),
                         [("zh", "房主关闭了牌桌。"), ("en", "The host closed the table.")])
def test_a_host_that_quits_is_told_in_words(qtbot: QtBot, store: ProfileStore, language: str, text: str,
                                            warnings: list[str]) -> None:
    try:
        w, bridge, client, _remote, _stream = _playing(qtbot, store, 3, language)
        bridge.deliver(m.Ended(m.END_HOST_QUIT, "The host closed the table."))
        bridge.deliver(Disconnected("closed"))
        qtbot.waitUntil(lambda: bool(warnings), timeout=30_000)
        assert warnings[0] == text  # the table's words, as they are
        assert w.stack.currentWidget() is w.start_screen
        assert client.reconnects == 0  # an end is no drop: nothing to come back to
        client.join()
    finally:
        set_language("zh")


def test_a_request_behind_events_counts_its_time_from_the_showing(qtbot: QtBot, store: ProfileStore) -> None:
    """Protocol 2: the host starts a request's clock once the client has shown (acknowledged)
    the events before it; the table shows the time from its own last acknowledgement, not from
    the request's arrival behind the deal's animations."""
    rules, stream, _answers = _recorded(seed=31)
    w = _window(qtbot, store, speed=1.0)
    clock = FakeClock()  # the arrival times' (the animations run on Qt's own)
    bridge = MessageBridge(clock=clock)
    client = FakeClient(bridge, stream)
    remote = _sit(w, client, bridge, rules)
    asked: list[tuple[int, DecisionRequest]] = []  # (events shown by then, the request)
    shown: list[object] = []
    remote.event_ready.connect(shown.append)
    remote.decision_needed.connect(lambda request: asked.append((len(shown), request)))
    until = _first_request_index(stream)
    client.start(until=until + 1)  # every event up to it, and the request, at once (at 0 s)

    def request_arrived() -> bool:
        waiting = [*bridge._items, *remote._queue]
        return any(isinstance(message, m.RequestMessage) for _at, message in waiting)

    qtbot.waitUntil(request_arrived, timeout=30_000)
    assert not asked  # the deal is being shown: the request waits behind it
    clock.now = 4.0  # the deal's animations took 4 s
    qtbot.waitUntil(lambda: bool(asked), timeout=60_000)
    events_by_then, request = asked[0]
    assert events_by_then == until  # asked once every event before it was shown
    # the host's clock started at our showing (4 s): the wait behind the animations is not the player's
    assert request.time_limit == pytest.approx(15.0)
    client.join()


def test_a_table_resumed_in_a_new_window_is_drawn_from_the_resync_then_the_messages_behind_it(
        qtbot: QtBot, store: ProfileStore, warnings: list[str]) -> None:
    """A return from a new run of the program (gui.lan.kept_seat): the welcome's resync was read
    in the lobby, and live events came in behind it before the table was sat at; they follow
    the resync, not the other way round (the model would discard from an empty hand)."""
    rules, stream, _answers = _recorded(seed=31)
    cut = next(i for i in range(40, len(stream))
               if all(isinstance(x, ev.Event) for x in stream[i:i + 3]))
    w = _window(qtbot, store, speed=SPEED)
    table = w.table
    bridge = MessageBridge()
    client = FakeClient(bridge, stream)
    events = [m.EventMessage(n, e) for n, e in enumerate(stream[:cut], 1) if isinstance(e, ev.Event)]
    states = tuple(m.SeatState(True, False) for _ in range(4))
    started = m.Started(MY_SEAT, NAMES, ("", "", "", ""), rules)
    for n, later in enumerate(stream[cut:cut + 3], len(events) + 1):
        bridge.deliver(m.EventMessage(n, later))  # type: ignore[arg-type]
    remote = RemoteTable(client, bridge, started)
    remote.resume(time.monotonic(), m.Resync(started, tuple(events), None, states))
    w.session.begin_match(rules, [], match_id="lan-test")
    w.stack.setCurrentWidget(table)
    table.sit_at(remote, rules, [NAMES[(MY_SEAT + i) % 4] for i in range(4)], ["", "", "", ""])
    expected = TableModel()
    for event in stream[:cut + 3]:
        if isinstance(event, ev.Event):
            expected.apply(relative(event, MY_SEAT))
    qtbot.waitUntil(lambda: table.scene.model.tiles_left == expected.tiles_left
                    and sum(isinstance(x, m.Ack) for x in client.sent) >= len(events) + 3, timeout=20_000)
    assert table.scene.model.human_kinds() == expected.human_kinds() != []
    assert warnings == [] and remote.running


def _behind_a_result(with_turn: bool) -> tuple[RemoteTable, MessageBridge, FakeClock, dict[str, list[Any]]]:
    """A table whose player leaves hand 1's result open while the host deals hand 2 and, if
    `with_turn`, asks for the player's first decision of it: its clock held for 60 s, as a host
    holds it for a player not showing (the request arrives at 0 s of the test's clock)."""
    rules, stream, _answers = _recorded(seed=31, rounds=2)
    clock = FakeClock()
    bridge = MessageBridge(clock=clock)
    client = FakeClient(bridge, [])
    remote = RemoteTable(client, bridge, m.Started(MY_SEAT, NAMES, ("", "", "", ""), rules))
    seen: dict[str, list[Any]] = {"events": [], "asked": [], "hurrying": []}
    remote.decision_needed.connect(seen["asked"].append)
    remote.hurrying.connect(seen["hurrying"].append)

    def shown(event: ev.Event) -> None:  # every event shown at once; the hand's end stays open
        seen["events"].append(event)
        if not isinstance(event, ev.HandEnded):
            remote.ack()

    remote.event_ready.connect(shown)
    remote.start()
    ended = next(i for i, x in enumerate(stream) if isinstance(x, ev.HandEnded))
    request = next(i for i, x in enumerate(stream) if i > ended and isinstance(x, DecisionRequest))
    n = 0
    for item in stream[:request + 1] if with_turn else stream[:request]:
        if isinstance(item, DecisionRequest):
            if stream.index(item) < ended:
                continue  # (hand 1's requests: not this test's)
            bridge.deliver(m.RequestMessage(item, 15.0, held=60.0))
        else:
            n += 1
            bridge.deliver(m.EventMessage(n, item))  # type: ignore[arg-type]
    return remote, bridge, clock, seen


def test_a_turn_behind_a_result_left_open_is_reached_at_once_with_the_host_s_time(qtbot: QtBot) -> None:
    """QA: a player who closed their result with 4 s of the turn's clock left watched the deal's
    animations while the seconds ran out, and the computer played the turn. What the table played
    behind the result is now shown at once, and the turn shows the host's time: its clock started
    when the hold ran out (60 s), not at the showing."""
    remote, _bridge, clock, seen = _behind_a_result(with_turn=True)
    qtbot.waitUntil(lambda: any(isinstance(e, ev.HandEnded) for e in seen["events"]), timeout=10_000)
    assert isinstance(seen["events"][-1], ev.HandEnded) and not seen["asked"]  # the result is open
    clock.now = 71.0  # the hold ran out at 60 s: 11 s of the turn's 15 are gone
    remote.ack()  # the player closes the result
    qtbot.waitUntil(lambda: bool(seen["asked"]), timeout=10_000)
    assert seen["hurrying"] == [True, False]  # shown at once, then the player's speed again
    assert seen["asked"][0].time_limit == pytest.approx(4.0)


def test_a_result_left_open_with_no_turn_behind_it_plays_on_at_the_player_s_speed(qtbot: QtBot) -> None:
    """No clock runs behind it (the host holds the player's next turn until they have seen the
    table): the deal is animated as ever."""
    remote, _bridge, clock, seen = _behind_a_result(with_turn=False)
    qtbot.waitUntil(lambda: any(isinstance(e, ev.HandEnded) for e in seen["events"]), timeout=10_000)
    clock.now = 71.0
    remote.ack()
    qtbot.waitUntil(lambda: isinstance(seen["events"][-1], ev.Event) and len(seen["events"]) > 1
                    and not isinstance(seen["events"][-1], ev.HandEnded), timeout=10_000)
    assert seen["hurrying"] == []
