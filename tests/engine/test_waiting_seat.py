"""The seat played from outside the engine thread: the table keeps the time, a
late or illegal answer changes nothing, and a stop ends the match."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from engine.ai import NormalAI, SimpleAI
from engine.game.actions import ActionKind
from engine.game.events import Event, HandEnded
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.table.decision import ClosedReason, DecisionClosed, DecisionRequest
from engine.table.match import Match
from engine.table.seat import HandRunner
from engine.table.waiting_seat import Ack, Choice, SeatStopped, WaitingSeat
from tests.clocks import FakeClock


def _run_hand(seat: WaitingSeat, seed: int = 4) -> tuple[Hand, threading.Thread, list[BaseException]]:
    hand = Hand(Ruleset(), seed=seed)
    errors: list[BaseException] = []

    def play() -> None:
        try:
            HandRunner(hand, [seat, SimpleAI(), SimpleAI(), SimpleAI()]).run()
        except BaseException as exc:
            errors.append(exc)

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    return hand, thread, errors


def test_the_seat_decides_by_itself_when_its_time_is_up() -> None:
    """No answer: after the time limit auto-play decides and the client is told, every time."""
    sent: list[Any] = []
    seat = WaitingSeat("me", sent.append, NormalAI(), time_limit=0.01, acknowledged=False)
    hand, thread, errors = _run_hand(seat)
    thread.join(30)
    assert not thread.is_alive() and not errors and hand.ended
    requests = [m for m in sent if isinstance(m, DecisionRequest)]
    closed = [m for m in sent if isinstance(m, DecisionClosed)]
    assert requests and [c.id for c in closed] == [r.id for r in requests]
    assert all(c.reason is ClosedReason.TIMEOUT for c in closed)
    assert [r.id for r in requests] == list(range(1, len(requests) + 1))
    assert all(r.time_limit == 0.01 for r in requests)
    assert seat.timeouts == len(requests)


def test_answers_to_an_old_request_and_illegal_answers_are_ignored() -> None:
    sent: list[Any] = []
    got = threading.Event()

    def send(message: Any) -> None:
        sent.append(message)
        if isinstance(message, DecisionRequest):
            got.set()

    seat = WaitingSeat("me", send, NormalAI(), time_limit=None, acknowledged=False)
    hand, thread, errors = _run_hand(seat, seed=7)
    assert got.wait(30)
    before = len(hand.actions)
    request = next(m for m in sent if isinstance(m, DecisionRequest))
    discards = [a for a in request.legal if a.kind is ActionKind.DISCARD]
    illegal = next(a for a in (ActionKind.WIN, ActionKind.PASS) if a not in request.legal)
    from engine.game.actions import Action

    seat.put(Choice(request.id - 1, discards[0]))  # an answer to a request that is gone
    seat.put(Choice(request.id, Action(illegal)))  # not legal now
    seat.put(Ack())  # nothing to acknowledge: dropped
    thread.join(0.3)
    assert thread.is_alive() and len(hand.actions) == before  # still waiting for this seat
    seat.put(Choice(request.id, discards[-1]))
    for _ in range(200):  # the later decisions: 托管
        if not thread.is_alive():
            break
        seat.autoplay.set()
        pending = [m for m in sent if isinstance(m, DecisionRequest)][-1]
        seat.put(Choice(pending.id, None))
        thread.join(0.05)
    assert not thread.is_alive() and not errors and hand.ended
    assert hand.actions[before] == (0, discards[-1])


def test_the_deadline_is_kept_by_the_seat_not_by_the_client() -> None:
    """A client that never answers cannot hold the table longer than the limit (fake clock)."""
    clock = FakeClock()
    sent: list[Any] = []

    def send(message: Any) -> None:
        sent.append(message)
        clock.now += 100.0  # every message: the client is slower than any limit

    seat = WaitingSeat("me", send, NormalAI(), time_limit=15, acknowledged=False, clock=clock)
    hand, thread, errors = _run_hand(seat, seed=9)
    thread.join(30)
    assert not thread.is_alive() and not errors and hand.ended
    assert seat.timeouts == sum(isinstance(m, DecisionRequest) for m in sent) > 0


def test_stop_ends_the_match_even_while_waiting_for_an_acknowledgement() -> None:
    seen = threading.Event()

    def send(message: Any) -> None:
        seen.set()

    seat = WaitingSeat("me", send, NormalAI(), time_limit=None, acknowledged=True)
    _hand, thread, errors = _run_hand(seat)
    assert seen.wait(30)
    seat.stop()
    thread.join(30)
    assert not thread.is_alive() and len(errors) == 1 and isinstance(errors[0], SeatStopped)


@pytest.mark.parametrize("room", list(Room))
def test_every_seat_can_save_an_exact_replay_from_its_own_events(room: Room) -> None:
    """The hand's end reveals the seed and every action: each seat's own stream gives the very
    record the host saves, and it replays to the same result."""
    from engine.game.events import HandStarted, MatchStarted
    from engine.records.replay import record, record_from_events, replay
    from engine.table.match_loop import MatchHooks, play_match

    streams: list[list[Event]] = [[], [], [], []]

    class Listener(SimpleAI):
        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

        def on_event(self, event: object) -> None:
            assert isinstance(event, Event)
            streams[self.seat].append(event)

    names = ("东", "南", "西", "北")
    match = Match(Ruleset(room=room, rounds=1), 77, names)
    hands: list[Hand] = []
    play_match(match, [Listener(s) for s in range(4)], MatchHooks(hand_started=hands.append))
    assert len(hands) >= 4
    for stream in streams:
        start = stream[0]
        assert isinstance(start, MatchStarted)
        rules = Ruleset.from_dict(start.rules)
        starts = [e for e in stream if isinstance(e, HandStarted)]
        ends = [e for e in stream if isinstance(e, HandEnded)]
        assert len(starts) == len(ends) == len(hands)
        for hand, begun, end in zip(hands, starts, ends, strict=True):
            assert end.seed == hand.seed and end.actions == tuple(hand.actions)
            saved = record_from_events(rules, begun, end, names, "2026-12-02T12:00:00")
            assert saved == record(hand, names, "2026-12-02T12:00:00")
            assert replay(saved).result == hand.result


def test_the_seed_is_never_told_before_the_end_nor_in_duplicate_play() -> None:
    events: list[Event] = []

    class Listener(SimpleAI):
        def on_event(self, event: object) -> None:
            assert isinstance(event, Event)
            events.append(event)

    hand = Hand(Ruleset(), seed=123456789)
    HandRunner(hand, [Listener(), SimpleAI(), SimpleAI(), SimpleAI()], reveal_seed=False).run()
    end = events[-1]
    assert isinstance(end, HandEnded) and end.seed is None and end.actions


@pytest.mark.parametrize("seat", range(4))
def test_a_discard_tells_only_its_own_seat_why_it_may_not_win(seat: int) -> None:
    from engine.game.events import TileDiscarded
    from engine.game.scoring import WinRefusal

    event = TileDiscarded(0, 3, False, False, (None, WinRefusal.EIGHT, WinRefusal.UNDECLARED, None))
    shown = event.for_seat(seat)
    assert isinstance(shown, TileDiscarded)
    assert [r for i, r in enumerate(shown.refusals) if i != seat] == [None] * 3
    assert shown.refusals[seat] == event.refusals[seat]


def test_pending_is_the_open_request_with_its_deadline_and_none_once_answered() -> None:
    clock = FakeClock()
    asked = threading.Event()
    sent: list[Any] = []

    def send(message: Any) -> None:
        sent.append(message)
        if isinstance(message, DecisionRequest):
            asked.set()

    seat = WaitingSeat("me", send, NormalAI(), time_limit=15, acknowledged=False, clock=clock)
    assert seat.pending is None and seat.clock is clock
    _hand, thread, errors = _run_hand(seat, seed=7)
    assert asked.wait(30)
    request = next(m for m in sent if isinstance(m, DecisionRequest))
    pending = seat.pending
    assert pending is not None and pending.request == request and pending.deadline == 15.0
    clock.now = 4.0
    assert pending.time_left(clock()) == 11.0 and pending.time_left(99.0) == 0.0
    asked.clear()
    seat.put(Choice(request.id, request.legal[0]))
    assert asked.wait(30)  # the next request: a new one is open
    assert seat.pending is not None and seat.pending.request.id == request.id + 1
    seat.hand_over()
    thread.join(30)
    assert not thread.is_alive() and not errors and seat.pending is None


def test_hand_over_gives_the_waiting_decision_to_autoplay_at_once() -> None:
    """A LAN client drops while its seat must choose: 托管 decides now, not at the time limit,
    and every later decision too."""
    asked = threading.Event()
    sent: list[Any] = []

    def send(message: Any) -> None:
        sent.append(message)
        if isinstance(message, DecisionRequest):
            asked.set()

    seat = WaitingSeat("me", send, NormalAI(), time_limit=None, acknowledged=False)
    hand, thread, errors = _run_hand(seat, seed=11)
    assert asked.wait(30)
    seat.hand_over()
    thread.join(30)
    assert not thread.is_alive() and not errors and hand.ended
    assert sum(isinstance(m, DecisionRequest) for m in sent) == 1  # nothing asked after the drop
    assert seat.timeouts == 0 and seat.autoplay.is_set()


def test_a_hand_over_before_a_request_is_asked_is_not_lost() -> None:
    """The wake-up may come before the request it was meant for: 托管 is looked at first."""
    seat = WaitingSeat("me", lambda message: None, NormalAI(), time_limit=None, acknowledged=False)
    seat.hand_over()
    seat.autoplay.clear()  # the person came back before the seat was asked anything
    hand, thread, errors = _run_hand(seat, seed=11)
    thread.join(0.3)
    assert thread.is_alive()  # a stale wake-up decides nothing: the seat waits for its person
    seat.hand_over()
    thread.join(30)
    assert not thread.is_alive() and not errors and hand.ended


def test_time_up_closes_the_request_before_saying_so() -> None:
    seen: list[Any] = []

    def send(message: Any) -> None:
        if isinstance(message, DecisionClosed):
            seen.append(seat.pending)

    seat = WaitingSeat("me", send, NormalAI(), time_limit=0.01, acknowledged=False)
    _hand, thread, errors = _run_hand(seat)
    thread.join(30)
    assert not thread.is_alive() and not errors
    assert seen and all(p is None for p in seen)  # a choice racing the close is answered stale
