"""The tile tracker (记牌器) counts from a seat's own events exactly what its SeatView may know."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import SimpleAI
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.tracker import TileTracker
from engine.table.seat import HandRunner
from tests.rigging import rigged_hand
from tests.table_states import KONGS_EVERYWHERE, KongAI


def _check_hand(hand: Hand, seats: list) -> int:
    """Play `hand`, checking after every step that each seat's tracker (fed only with that seat's
    events) equals its view's unseen counts; returns the checks made."""
    runner = HandRunner(hand, seats)
    trackers = [TileTracker(seat) for seat in range(4)]
    sent = checks = 0
    while True:
        for event in hand.events[sent:]:
            for seat, tracker in enumerate(trackers):
                tracker.apply(event.for_seat(seat))
        sent = len(hand.events)
        if hand.ended:
            return checks
        for seat, tracker in enumerate(trackers):
            assert tracker.unseen() == hand.view(seat).unseen_counts(), (seat, len(hand.events))
            checks += 1
        runner.step()


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), dealer=st.integers(0, 3), baoting=st.booleans())
def test_the_tracker_equals_the_seats_view_over_seeded_hands(seed: int, dealer: int, baoting: bool):
    rules = Ruleset(room=Room.BAOTING if baoting else Room.OPEN)
    assert _check_hand(Hand(rules, dealer=dealer, seed=seed), [SimpleAI() for _ in range(4)]) >= 4


def test_the_tracker_counts_my_kongs_and_never_the_others_face_down_kongs():
    hand = rigged_hand(Ruleset(), KONGS_EVERYWHERE)
    assert _check_hand(hand, [KongAI() for _ in range(4)]) > 40
    assert all(len(s.kongs) >= 1 for s in hand.seats)  # every seat laid kongs: the case is met


def test_a_new_hand_starts_the_count_afresh():
    tracker = TileTracker(0)
    hand = Hand(Ruleset(), dealer=0, seed=3)
    HandRunner(hand, [SimpleAI() for _ in range(4)]).run()
    for event in hand.events:
        tracker.apply(event.for_seat(0))
    assert sum(tracker.unseen()) < 84 - 13
    tracker.apply(hand.events[0])  # HandStarted
    assert tracker.unseen() == [4] * 21
