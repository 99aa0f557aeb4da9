"""Between hands (docs/protocol.md, "Between hands"): the next hand is dealt only when every seat
is ready or the table's one countdown has run out, for everyone at once; and a decision's clock
starts only once its client has shown what led to it (its acknowledgements), at most
``show_wait`` later. Also: a hello of protocol 1 is refused.

Two clients that show events (as windows do) sit at seats 0 and 1 with two AI seats. The first
hand is rigged to end at once: the dealer (seat 0) throws 5p and seat 1 wins on it. The host's
clock is a test's (it stands still until moved), so the countdown and the time limits are
moved, never waited for; the assertions are on the order of what the host sent and took."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from engine.game.actions import WIN, Action
from engine.game.events import HandEnded, HandStarted, MatchEnded
from engine.game.rules import Ruleset
from engine.game.tiles import parse_tile
from engine.net import messages as m
from engine.net.host import Host
from engine.net.remote_seat import RemoteSeat
from engine.table.match import Match
from engine.table.waiting_seat import WaitingSeat
from tests.hand_helpers import MULTI, make_hand
from tests.net.helpers import hosted, join
from tests.net.raw_client import Closed, RawClient
from tests.net.table_log import StepClock, TableLog, rig_first_hand

RULES = Ruleset.hefei(rounds=1, time_limit=15)
WAIT = 60.0  # a bound on each wait for the table (never reached when all is well)


class Window:
    """A client that shows events as a window does: it acknowledges each at once, but a hand's
    end only when its result dialog closes — after 下一局 once everyone is ready, or when
    :meth:`release` closes it — and nothing while the dialog is open (``holding``). It answers
    requests (5p first, wins, else the first legal action) unless ``answering`` is clear."""

    def __init__(self, client: RawClient) -> None:
        self.client = client
        self.holding = threading.Event()
        self.answering = threading.Event()
        self.answering.set()
        self.messages: list[m.Message] = []
        self.requests: list[m.RequestMessage] = []
        self._unacked = 0
        self.pressed = False
        self._lock = threading.Lock()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def press_next(self) -> None:
        self.pressed = True
        self.client.send(m.Next())

    def release(self) -> None:
        """The dialog closes: everything shown, acknowledged."""
        with self._lock:
            self.holding.clear()
            n, self._unacked = self._unacked, 0
        if n:
            self.client.send(m.Ack(n))

    def seen(self, kind: type[Any]) -> list[Any]:
        return [x for x in list(self.messages) if isinstance(x, kind)]

    def _run(self) -> None:
        try:
            while True:
                message = self.client.read(WAIT * 4)
                self.messages.append(message)
                if isinstance(message, m.EventMessage):
                    with self._lock:
                        if isinstance(message.event, HandEnded):
                            self.holding.set()  # the result dialog opens
                            self.pressed = False
                        if self.holding.is_set():
                            self._unacked = message.n
                            continue
                    self.client.send(m.Ack(message.n))
                elif isinstance(message, m.Between) and message.done and self.pressed:
                    self.release()
                elif isinstance(message, m.RequestMessage):
                    self.requests.append(message)
                    if self.answering.is_set():
                        self.client.send(_answer(message))
                elif isinstance(message, m.Ping):
                    self.client.send(m.Pong(message.t))
                elif isinstance(message, m.Ended):
                    return
        except (Closed, OSError):
            return
        except BaseException as exc:  # kept for the test
            self.error = exc


def _answer(request: m.RequestMessage) -> m.Choose:
    legal = request.request.legal
    throw = Action.discard(parse_tile("5p"))
    choice = throw if throw in legal else WIN if WIN in legal else legal[0]
    return m.Choose(request.request.id, choice)


def _until(what: Any, timeout: float = WAIT) -> None:
    event = threading.Event()
    for _ in range(int(timeout / 0.01)):
        if what():
            return
        event.wait(0.01)
    raise AssertionError("the table did not get there in time")


@contextmanager
def _table(monkeypatch: pytest.MonkeyPatch, log: TableLog | None = None
           ) -> Iterator[tuple[Host, StepClock, Window, Window]]:
    rig_first_hand(monkeypatch, lambda: make_hand(RULES, {0: MULTI[0], 1: MULTI[1]}, avoid="5p"))
    clock = StepClock()
    with hosted(rules=RULES, clock=clock) as host:
        a = Window(join(host, "甲", shows=True)[0])
        b = Window(join(host, "乙", shows=True)[0])
        host.fill_with_ai("normal")
        host.start_match()
        yield host, clock, a, b


def _hand_started(window: Window, number: int) -> list[m.EventMessage]:
    return [x for x in window.seen(m.EventMessage)
            if isinstance(x.event, HandStarted) and x.event.hand_number == number]


def test_the_next_hand_waits_for_every_person_then_comes_to_all_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    log = TableLog(monkeypatch)
    with _table(monkeypatch, log) as (host, _clock, a, b):
        _until(lambda: a.seen(m.Between) and b.seen(m.Between))
        first = b.seen(m.Between)[0]
        assert first.hand == 1 and first.ready == (False, False, True, True)  # the AIs are ready
        assert first.seconds == 15.0  # RULES §3's countdown, by the host's (standing) clock
        b.press_next()
        _until(lambda: any(x.ready == (False, True, True, True) for x in a.seen(m.Between)))
        assert not _hand_started(a, 2) and not _hand_started(b, 2)
        a.press_next()
        _until(lambda: _hand_started(a, 2) and _hand_started(b, 2))
        assert a.seen(m.Between)[-1].ready == (True,) * 4
        pressed = max(e.seq for e in log.find("in", "next"))
        dealt = log.find("out", "event", where=lambda b: b["event"]["event"] == "HandStarted"
                         and b["event"]["hand_number"] == 2)
        assert len(dealt) == 2 and {e.seat for e in dealt} == {0, 1}
        assert all(e.seq > pressed for e in dealt)  # only after the last 下一局
        for window in (a, b):
            assert window.error is None
        # a 下一局 with nothing to wait for is refused, and harms nothing
        a.press_next()
        _until(lambda: any(e.code == m.NOT_NOW for e in a.seen(m.Error)))
        host.stop()


def test_a_result_left_open_costs_no_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 0 keeps its result open for 30 s of the table's time: the countdown deals the next
    hand at 15 s, seat 0's decisions hold their clocks until it has shown the deal, and 托管
    never plays for it."""
    with _table(monkeypatch) as (host, clock, a, b):
        _until(lambda: b.seen(m.Between))
        a.answering.clear()  # seat 0 keeps reading its result: it does not press 下一局
        b.press_next()
        _until(lambda: any(x.ready == (False, True, True, True) for x in b.seen(m.Between)))
        clock.advance(15.5)  # the countdown runs out: seat 0 is made ready
        _until(lambda: _hand_started(b, 2))
        assert b.seen(m.Between)[-1].ready == (True,) * 4
        # seat 1 won hand 1 and deals hand 2; seat 0's first decision comes after a few turns
        seat0 = host._people[0]
        _until(lambda: seat0.waiting is not None and seat0.waiting.pending is not None)
        waiting = seat0.waiting
        assert waiting is not None
        pending = waiting.pending
        assert pending is not None and pending.show_by is not None  # its clock has not started
        assert pending.time_left(clock()) == 15
        # the request says so, and for how long at most: the open result counts it down
        _until(lambda: any(r.request.id == pending.request.id for r in a.requests))
        sent = next(r for r in a.requests if r.request.id == pending.request.id)
        assert sent.time_left == 15 and sent.held == host.config.show_wait  # (the clock stands still)
        clock.advance(14.5)  # 30 s of the table's time since the hand ended
        threading.Event().wait(0.6)  # the seat looks at its clock again (it polls)
        assert waiting.pending is pending and waiting.timeouts == 0
        opened_at = clock()
        a.release()  # the dialog closes: the deal is shown, and acknowledged
        _until(lambda: waiting.pending is not pending)
        started = waiting.pending  # the same request, its clock started at the acknowledgement
        assert started is not None and started.request is pending.request
        assert started.show_by is None and started.deadline == opened_at + 15
        a.answering.set()
        a.client.send(_answer(a.requests[-1]))  # the window answers it now, itself
        _until(lambda: waiting.pending is None or waiting.pending.request is not pending.request)
        assert waiting.timeouts == 0
        assert not a.seen(m.ClosedMessage)  # no decision of seat 0's was made for it
        host.stop()


def _past_the_show_wait(host: Host, clock: StepClock, a: Window, b: Window) -> tuple[RemoteSeat, WaitingSeat]:
    """Seat 0 never shows the deal (its result left open, nobody there): after the countdown and
    ``show_wait`` its decision's clock runs. Its person and its engine seat."""
    _until(lambda: b.seen(m.Between))
    a.answering.clear()
    b.press_next()
    _until(lambda: any(x.ready == (False, True, True, True) for x in b.seen(m.Between)))
    clock.advance(15.5)
    seat0 = host._people[0]
    _until(lambda: seat0.waiting is not None and seat0.waiting.pending is not None)
    waiting = seat0.waiting
    assert waiting is not None
    pending = waiting.pending
    assert pending is not None and pending.show_by is not None
    clock.advance(host.config.show_wait + 0.5)
    _until(lambda: waiting.pending is not None and waiting.pending.show_by is None)
    return seat0, waiting


def test_a_client_that_never_shows_its_table_stops_holding_its_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bounded: after ``show_wait`` the clock runs, and the next requests do not wait again
    until the client acknowledges."""
    with _table(monkeypatch) as (host, clock, a, b):
        seat0, waiting = _past_the_show_wait(host, clock, a, b)
        assert seat0.counter.unseen
        clock.advance(15.5)  # its time runs out: 托管 plays this one, and says so
        _until(lambda: bool(a.seen(m.ClosedMessage)))
        assert waiting.timeouts == 1
        host.stop()


def test_a_player_whose_time_runs_out_twice_in_a_row_is_switched_to_autoplay(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """QA: a player who left the table (their result open, then nobody there) used to cost the
    others the whole limit every turn for the rest of the match. After two timeouts in a row
    托管 plays the seat, everyone is told, and the player takes it back with one click."""
    with _table(monkeypatch) as (host, clock, a, b):
        seat0, waiting = _past_the_show_wait(host, clock, a, b)
        for timeouts in (1, 2):
            pending = waiting.pending
            assert pending is not None
            clock.advance(15.5)
            _until(lambda: waiting.timeouts == timeouts)  # noqa: B023 - awaited in this turn of the loop
            assert not any(isinstance(x, m.SeatStatus) and x.seat == 0 and x.state.autoplay
                           for x in b.seen(m.SeatStatus)) or timeouts == 2
            if timeouts == 1:  # the next request of seat 0 (its clock no longer waits)
                _until(lambda: waiting.pending is not None and waiting.pending is not pending)  # noqa: B023
                following = waiting.pending
                assert following is not None
                _until(lambda: any(r.request.id == following.request.id for r in a.requests))  # noqa: B023
                assert [r.held for r in a.requests if r.request.id == following.request.id] == [None]
        _until(lambda: any(x == m.SeatStatus(0, m.SeatState(connected=True, autoplay=True))
                           for x in b.seen(m.SeatStatus)))
        assert seat0.user_autoplay and waiting.autoplay.is_set()
        a.client.send(m.SetAutoplay(False))  # back at the table: one click
        _until(lambda: not waiting.autoplay.is_set())
        assert waiting.timeouts_in_a_row == 2  # (until the player's own next choice)
        host.stop()


def test_autoplay_and_a_drop_make_a_seat_ready_at_once_and_a_return_is_told_the_wait(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rig_first_hand(monkeypatch, lambda: make_hand(RULES, {0: MULTI[0], 1: MULTI[1]}, avoid="5p"))
    with hosted(rules=RULES, clock=StepClock()) as host:
        a = Window(join(host, "甲", shows=True)[0])
        b_client, welcome = join(host, "乙", shows=True)
        b = Window(b_client)
        host.fill_with_ai("normal")
        host.start_match()
        _until(lambda: a.seen(m.Between))
        a.client.send(m.SetAutoplay(True))  # 托管 plays seat 0: ready at once
        _until(lambda: any(x.ready == (True, False, True, True) for x in b.seen(m.Between)))
        a.client.send(m.SetAutoplay(False))  # taken back: waited for again
        _until(lambda: b.seen(m.Between)[-1].ready == (False, False, True, True))
        b.client.close()  # seat 1 drops: ready at once
        _until(lambda: any(x.ready == (False, True, True, True) for x in a.seen(m.Between)))
        back = RawClient(host.address[1])
        assert isinstance(back.hello("乙", token=welcome.token, shows=True), m.Welcome)
        resync = back.read_until(m.Resync)  # the table as it was, then the wait as it is
        assert any(isinstance(x.event, HandEnded) for x in resync.events)
        told = back.read_until(m.Between)
        assert told.hand == 1 and not told.done and told.seconds == 15.0
        _until(lambda: a.seen(m.Between)[-1].ready == (False, False, True, True))  # back: waited for
        assert not _hand_started(a, 2)
        back.close()
        host.stop()


def test_the_final_standings_wait_for_everyone_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """After the match's last hand (here its first: the match is made to end with it) the
    standings come to everyone at once, when all are ready; then the table ends."""
    monkeypatch.setattr(Match, "over", property(lambda match: match.played >= 1))
    log = TableLog(monkeypatch)
    with _table(monkeypatch, log) as (host, _clock, a, b):
        _until(lambda: a.seen(m.Between) and b.seen(m.Between))
        a.press_next()
        _until(lambda: any(x.ready == (True, False, True, True) for x in b.seen(m.Between)))
        assert not any(isinstance(x.event, MatchEnded) for x in b.seen(m.EventMessage))
        assert not host.finished
        b.press_next()
        assert host.wait(WAIT) and host.finished
        for window in (a, b):
            window.thread.join(WAIT)
            ended = [x for x in window.seen(m.EventMessage) if isinstance(x.event, MatchEnded)]
            assert ended and window.seen(m.Ended)[-1].reason == m.END_FINISHED
        pressed = max(e.seq for e in log.find("in", "next"))
        standings = log.find("out", "event", where=lambda b: b["event"]["event"] == "MatchEnded")
        assert sorted(e.seat for e in standings) == [0, 1] and all(e.seq > pressed for e in standings)


def test_a_hello_of_protocol_1_is_refused_with_a_clear_message() -> None:
    with hosted() as host:
        client = RawClient(host.address[1])
        client.send_raw({**m.to_wire(m.Hello(name="旧版本")), "protocol": 1})
        reply = client.read()
        assert isinstance(reply, m.Refused) and reply.code == m.REFUSE_PROTOCOL
        assert reply.protocol == m.PROTOCOL_VERSION == 2
        assert "version 2" in reply.message and "version 1" in reply.message
        assert client.closed()
