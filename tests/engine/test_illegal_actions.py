"""Malformed and illegal actions: every one is an IllegalAction that leaves
the hand as it was, and a seat that answers with garbage, raises, or fails on an event is
replaced by auto-play without stopping the table."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ai import make_ai
from engine.game.actions import PASS, WIN, Action, ActionKind
from engine.game.events import Event
from engine.game.hand import Hand, IllegalAction
from engine.game.rules import Room, Ruleset
from engine.game.view import Phase, SeatView
from engine.table.seat import HandRunner, SeatProblem
from tests.rigging import state_snapshot


def _snapshot(hand: Hand) -> tuple[object, ...]:
    return (state_snapshot(hand), tuple(hand.events), tuple(hand.actions))


def _played_to(seed: int, steps: int, room: Room = Room.OPEN) -> Hand:
    """A seeded hand after `steps` decisions picked at random among the legal ones."""
    hand = Hand(Ruleset(room=room), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.ended:
            break
        seat = hand.pending()[0]
        hand.apply(seat, rng.choice(hand.legal_actions(seat)))
    return hand


def _forged(kind: Any, tile: Any = None, declare: Any = False) -> Action:
    """An Action whose fields were never checked (as unpickling or object.__setattr__ allow)."""
    action = object.__new__(Action)
    for name, value in (("kind", kind), ("tile", tile), ("declare", declare)):
        object.__setattr__(action, name, value)
    return action


# -- point 11: each reported failure, reproduced ------------------------------------------------

MALFORMED: list[tuple[str, Any, Callable[[], Any], str]] = [
    ("discard 99", 0, lambda: Action.discard(99), "no tile kind 99"),
    ("kong 21", 0, lambda: Action.kong(21), "no tile kind 21"),
    ("discard -1", 0, lambda: Action.discard(-1), "no tile kind -1"),
    ("discard huge", 0, lambda: Action.discard(10**30), "no tile kind"),
    ("discard float", 0, lambda: Action.discard(3.0), "whole number"),  # type: ignore[arg-type]
    ("discard bool", 0, lambda: Action.discard(True), "whole number"),
    ("discard text", 0, lambda: Action.discard("5m"), "whole number"),  # type: ignore[arg-type]
    ("unknown kind", 0, lambda: Action("teleport"), "no action"),  # type: ignore[arg-type]
    ("declare not bool", 0, lambda: Action.discard(3, declare=1), "true or false"),  # type: ignore[arg-type]
    ("win with tile", 0, lambda: Action(ActionKind.WIN, 3), "takes no tile"),
    ("seat text", "0", lambda: WIN, "no seat '0'"),
    ("seat float", 0.0, lambda: WIN, "no seat 0.0"),
    ("seat bool", False, lambda: WIN, "no seat False"),
    ("seat list", [0], lambda: WIN, "no seat"),
    ("seat None", None, lambda: WIN, "no seat None"),
    ("not an action", 0, lambda: "discard", "not an action"),
    ("None action", 0, lambda: None, "not an action"),
    ("action as dict", 0, lambda: {"type": "win"}, "not an action"),
    ("forged tile", 0, lambda: _forged(ActionKind.DISCARD, 99), "no tile kind 99"),
    ("forged kind", 0, lambda: _forged("nonsense"), "no action"),
    ("forged float", 0, lambda: _forged(ActionKind.DISCARD, 3.0), "whole number"),
    ("forged declare", 0, lambda: _forged(ActionKind.DISCARD, 3, "yes"), "true or false"),
]


@pytest.mark.parametrize(("seat", "make", "message"), [m[1:] for m in MALFORMED],
                         ids=[m[0] for m in MALFORMED])
def test_malformed_action_is_illegal_and_changes_nothing(seat: Any, make: Callable[[], Any],
                                                         message: str) -> None:
    hand = _played_to(seed=3, steps=0)
    before = _snapshot(hand)
    with pytest.raises(IllegalAction, match=message):
        hand.apply(seat, make())
    assert _snapshot(hand) == before


def test_a_kind_given_as_text_acts_as_that_kind() -> None:
    """``Action("discard", t)`` equals the legal discard (ActionKind is a StrEnum), so it must
    do that discard, and the hand must record the proper kind: a text kind used to pass the
    legality check and then miss every ``kind is ActionKind.X`` test of the move."""
    hand = _played_to(seed=3, steps=0)
    text_kind = Action("discard", hand.legal_actions(0)[0].tile)  # type: ignore[arg-type]
    twin = _played_to(seed=3, steps=0)
    hand.apply(0, text_kind)
    twin.apply(0, twin.legal_actions(0)[0])
    assert hand.events == twin.events
    assert all(type(a.kind) is ActionKind for _, a in hand.actions)


def test_float_tile_equal_to_a_legal_one_is_refused() -> None:
    """3.0 == 3, so a float tile used to be taken and to leak into the events."""
    hand = _played_to(seed=3, steps=0)
    legal = hand.legal_actions(0)[0]
    before = _snapshot(hand)
    with pytest.raises(IllegalAction):
        hand.apply(0, _forged(ActionKind.DISCARD, float(legal.tile)))  # type: ignore[arg-type]
    assert _snapshot(hand) == before


def test_refusal_after_the_end_and_out_of_turn_keeps_its_words() -> None:
    hand = _played_to(seed=5, steps=500)
    assert hand.ended
    with pytest.raises(IllegalAction, match="over"):
        hand.apply(0, Action.discard(3))
    with pytest.raises(IllegalAction, match="no seat 7"):
        _played_to(seed=5, steps=0).apply(7, PASS)


# -- the runner: a failing seat never stops the table --------------------------------------------


class Scripted:
    """A seat that answers with `answer(view, legal)` (which may raise or return garbage)."""

    def __init__(self, answer: Callable[[SeatView, Sequence[Action]], Any],
                 event_failure: BaseException | None = None) -> None:
        self.name = "scripted"
        self.answer = answer
        self.event_failure = event_failure
        self.events = 0

    def on_event(self, event: Event) -> None:
        self.events += 1
        if self.event_failure is not None:
            raise self.event_failure

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Any:
        return self.answer(view, legal)


def _raise(view: SeatView, legal: Sequence[Action]) -> Action:
    raise RuntimeError("the seat crashed")


def _clear_and_pass(view: SeatView, legal: Sequence[Action]) -> Action:
    legal.clear()  # type: ignore[attr-defined]  # a seat that tramples on what it is given
    return PASS


BAD_ANSWERS: list[tuple[str, Callable[[SeatView, Sequence[Action]], Any], str]] = [
    ("raises", _raise, "RuntimeError: the seat crashed"),
    ("returns None", lambda v, legal: None, "not an action"),
    ("returns text", lambda v, legal: "win", "not an action"),
    ("builds discard 99", lambda v, legal: Action.discard(99), "no tile kind 99"),
    ("forged kong", lambda v, legal: _forged(ActionKind.KONG, 21), "no tile kind 21"),
    ("illegal pass", lambda v, legal: PASS if v.phase is Phase.TURN else Action.discard(0), "may not"),
    ("mutates legal", _clear_and_pass, ""),
]


@pytest.mark.parametrize(("answer", "reason"), [b[1:] for b in BAD_ANSWERS], ids=[b[0] for b in BAD_ANSWERS])
def test_a_bad_answer_is_auto_played_and_reported(answer: Callable[..., Any], reason: str) -> None:
    hand = Hand(Ruleset(), seed=11)
    seats: list[Any] = [Scripted(answer), *(make_ai("easy", seed=i) for i in range(3))]
    runner = HandRunner(hand, seats)
    runner.run()
    assert hand.ended and hand.result is not None and sum(hand.result.deltas) == 0
    assert hand.tile_census() == 84
    problems = runner.problems
    assert runner.fallbacks == len(problems) == len(hand.actions) - sum(1 for s, _ in hand.actions if s)
    if reason:
        assert problems and all(p.seat == 0 and p.stage == "decide" and reason in p.reason for p in problems)
    assert all(isinstance(p, SeatProblem) for p in problems)
    assert runner.failed_seats == ({0} if problems else set())


def test_a_seat_failing_on_events_is_auto_played_for_the_rest_of_the_hand() -> None:
    hand = Hand(Ruleset(), seed=11)
    asked: list[int] = []

    def record_and_pass(view: SeatView, legal: Sequence[Action]) -> Action:
        asked.append(view.seat)
        return legal[0]

    broken = Scripted(record_and_pass, event_failure=KeyError("no such tile"))
    seats: list[Any] = [broken, *(make_ai("easy", seed=i) for i in range(3))]
    reported: list[SeatProblem] = []
    runner = HandRunner(hand, seats, on_problem=reported.append)
    runner.run()
    assert hand.ended and hand.result is not None and sum(hand.result.deltas) == 0
    assert asked == []  # its first event failed: it no longer knows the table, auto-play decides
    assert broken.events == len(hand.events)  # it still sees every event (a GUI keeps drawing)
    assert reported == runner.problems and reported
    assert all(p.seat == 0 and p.stage == "event" and "KeyError" in p.reason for p in reported)
    assert runner.failed_seats == {0}


def test_a_base_exception_from_a_seat_still_stops_the_table() -> None:
    """The GUI ends a match by raising a BaseException (engine.table.waiting_seat.SeatStopped)
    out of its seat."""

    class Stop(BaseException):
        pass

    hand = Hand(Ruleset(), seed=11)
    seats: list[Any] = [Scripted(lambda v, legal: legal[0], event_failure=Stop()),
                        *(make_ai("easy", seed=i) for i in range(3))]
    with pytest.raises(Stop):
        HandRunner(hand, seats).run()


# -- properties ----------------------------------------------------------------------------------

_ints = st.one_of(st.integers(-30, 30), st.integers(), st.integers(-2**80, 2**80))
_anything = st.one_of(st.none(), st.booleans(), _ints, st.floats(allow_nan=True), st.text(max_size=4),
                      st.lists(st.integers(0, 3), max_size=2),
                      st.dictionaries(st.text(max_size=2), _ints, max_size=2))
_kinds = st.one_of(st.sampled_from(list(ActionKind)), st.sampled_from([k.value for k in ActionKind]),
                   _anything)
_tiles = st.one_of(st.none(), st.integers(0, 20), _anything)
_declares = st.one_of(st.booleans(), _anything)
_seats = st.one_of(st.integers(0, 3), _anything)


@st.composite
def _attempts(draw: st.DrawFn) -> Callable[[], Any]:
    """How a caller might build an action: properly, forged past the checks, or not at all."""
    kind, tile, declare = draw(_kinds), draw(_tiles), draw(_declares)
    how = draw(st.sampled_from(["built", "forged", "thing"]))
    if how == "built":
        return lambda: Action(kind, tile, declare)  # type: ignore[arg-type]
    if how == "forged":
        return lambda: _forged(kind, tile, declare)
    return lambda: kind


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 40), steps=st.integers(0, 80), room=st.sampled_from(list(Room)),
       seat=_seats, attempt=_attempts())
def test_any_action_is_applied_or_refused_as_illegal_leaving_the_hand_intact(
        seed: int, steps: int, room: Room, seat: Any, attempt: Callable[[], Any]) -> None:
    hand = _played_to(seed, steps, room)
    before = _snapshot(hand)
    actions_before = len(hand.actions)
    try:
        hand.apply(seat, attempt())
    except IllegalAction as exc:
        assert str(exc)
        assert _snapshot(hand) == before
    else:
        assert len(hand.actions) == actions_before + 1
        assert all(type(s) is int and type(a) is Action and type(a.kind) is ActionKind
                   for s, a in hand.actions)
    assert hand.tile_census() == 84


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), room=st.sampled_from(list(Room)), garbage=st.lists(
    st.tuples(st.floats(0, 1), _seats, _attempts()), min_size=1, max_size=8),
    failing_events=st.sets(st.integers(0, 3), max_size=2))
@pytest.mark.slow
def test_a_hand_with_seats_answering_garbage_still_ends_zero_sum(
        seed: int, room: Room, garbage: list[tuple[float, Any, Callable[[], Any]]],
        failing_events: set[int]) -> None:
    rng = random.Random(seed)
    turn = iter(range(10**6))

    def answer(view: SeatView, legal: Sequence[Action]) -> Any:
        odds, _seat, attempt = garbage[next(turn) % len(garbage)]
        if rng.random() < odds:
            return attempt()  # may raise while building, or return anything at all
        return rng.choice(list(legal))

    seats: list[Any] = [Scripted(answer, RuntimeError("event") if i in failing_events else None)
                        for i in range(4)]
    hand = Hand(Ruleset(room=room), seed=seed)
    runner = HandRunner(hand, seats)
    runner.run()
    assert hand.ended and hand.result is not None
    assert sum(hand.result.deltas) == 0
    assert hand.tile_census() == 84
    assert runner.fallbacks >= sum(1 for p in runner.problems if p.stage == "decide")
    assert failing_events <= runner.failed_seats
