"""Asking ahead (docs/protocol.md, "Every claimant at once"): when several seats may win on one
discard, every seat that can be asked ahead (WaitingSeat.offer) is sent its request, with its
clock started, before any answer is collected; the answers are applied in priority order, an
AI seat deciding through the plain Seat interface. And a decision's clock held by a ShowGate:
it starts when the client has shown the table, or once ``show_wait`` has passed."""

from __future__ import annotations

import threading
from typing import Any

from engine.ai import NormalAI
from engine.game.actions import PASS, WIN, Action
from engine.game.tiles import parse_tile
from engine.table.decision import DecisionClosed, DecisionRequest
from engine.table.seat import HandRunner, Seat
from engine.table.waiting_seat import Ack, Choice, WaitingSeat
from tests.hand_helpers import MULTI, OPEN, make_hand


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Thrower(NormalAI):
    """Seat 0: throws the 5p the claimants wait for."""

    def decide(self, view: Any, legal: Any) -> Action:
        throw = Action.discard(parse_tile("5p"))
        return throw if throw in legal else super().decide(view, legal)


def test_two_people_and_an_ai_claim_one_discard_asked_at_once() -> None:
    hand = make_hand(OPEN, MULTI)  # seats 1, 2 and 3 can win on the dealer's 5p
    clock = Clock()
    log: list[tuple[str, int, Any]] = []
    lock = threading.Lock()
    asked = threading.Semaphore(0)

    def sender(seat: int) -> Any:
        def send(message: Any) -> None:
            if isinstance(message, DecisionRequest):
                with lock:
                    log.append(("asked", seat, message))
                asked.release()
        return send

    people = {s: WaitingSeat(f"p{s}", sender(s), NormalAI(), time_limit=15, acknowledged=False, clock=clock)
              for s in (1, 3)}
    seats: list[Seat] = [Thrower(), people[1], NormalAI(), people[3]]
    runner = HandRunner(hand, seats)
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    assert asked.acquire(timeout=30) and asked.acquire(timeout=30)  # both asked, nobody answered yet
    assert sorted(s for _k, s, _m in log) == [1, 3]
    first, third = people[1].pending, people[3].pending
    assert first is not None and third is not None
    assert {first.deadline, third.deadline} == {15.0}
    # seat 3 answers first; seat 1 (first in priority) after a while: both count
    clock.now = 9.0
    people[3].put(Choice(third.request.id, WIN))
    people[1].put(Choice(first.request.id, PASS))
    thread.join(30)
    assert not thread.is_alive() and hand.ended
    assert hand.result is not None and set(hand.result.winners) == {2, 3}  # the AI took its win
    assert people[1].timeouts == people[3].timeouts == 0


def test_a_held_clock_starts_at_the_showing_or_after_show_wait() -> None:
    class Gate:
        def __init__(self) -> None:
            self.shown_now = False
            self.given_up = False

        def shown(self) -> bool:
            return self.shown_now

        def gave_up(self) -> None:
            self.given_up = True

    clock, gate = Clock(), Gate()
    sent: list[Any] = []
    got = threading.Event()

    def send(message: Any) -> None:
        sent.append(message)
        got.set()

    seat = WaitingSeat("me", send, NormalAI(), time_limit=15, acknowledged=False, clock=clock, gate=gate,
                       show_wait=60, poll=0.01)
    hand = make_hand(OPEN, {0: "234m345m567m888m5p5p"})  # the seat deals itself a win: asked at once
    thread = threading.Thread(target=HandRunner(hand, [seat, NormalAI(), NormalAI(), NormalAI()]).run,
                              daemon=True)
    thread.start()
    assert got.wait(30)
    pending = seat.pending
    assert pending is not None and pending.show_by == 60.0 and pending.deadline is None
    assert pending.time_left(clock()) == 15
    clock.now = 59.0  # not shown yet, and not given up: no time is lost
    threading.Event().wait(0.1)
    assert seat.pending is pending and seat.timeouts == 0
    gate.shown_now = True
    seat.put(Ack())  # the client showed the table: the clock starts now
    for _ in range(3000):
        if seat.pending is not pending:
            break
        threading.Event().wait(0.01)
    started = seat.pending
    assert started is not None and started.show_by is None and started.deadline == 59.0 + 15
    assert not gate.given_up
    clock.now = 59.0 + 15.5  # now its time runs out: 托管 decides and says so
    thread.join(30)
    assert not thread.is_alive() and hand.ended
    assert seat.timeouts == 1 and any(isinstance(m, DecisionClosed) for m in sent)


def test_a_client_that_never_shows_is_given_up_after_show_wait() -> None:
    class Never:
        given_up = False

        def shown(self) -> bool:
            return False

        def gave_up(self) -> None:
            Never.given_up = True

    clock = Clock()
    got = threading.Event()
    seat = WaitingSeat("me", lambda m: got.set(), NormalAI(), time_limit=15, acknowledged=False, clock=clock,
                       gate=Never(), show_wait=60, poll=0.01)
    hand = make_hand(OPEN, {0: "234m345m567m888m5p5p"})
    thread = threading.Thread(target=HandRunner(hand, [seat, NormalAI(), NormalAI(), NormalAI()]).run,
                              daemon=True)
    thread.start()
    assert got.wait(30)
    clock.now = 60.0
    for _ in range(3000):
        pending = seat.pending
        if pending is not None and pending.show_by is None:
            break
        threading.Event().wait(0.01)
    assert Never.given_up and seat.pending is not None and seat.pending.deadline == 75.0
    seat.put(Choice(seat.pending.request.id, WIN))
    thread.join(30)
    assert not thread.is_alive() and hand.ended and seat.timeouts == 0
