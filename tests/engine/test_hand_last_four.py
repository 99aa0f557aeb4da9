"""RULES §3: the last four tiles (海捞) and the exhaustive draw (荒庄)."""

from __future__ import annotations

import pytest

from engine.game.actions import PASS, WIN, ActionKind
from engine.game.events import HandEnded, HandWon, LastFourStarted, PaymentsMade, TileDiscarded, TileDrawn
from engine.game.view import Phase
from tests.hand_helpers import (
    OPEN,
    T,
    assert_census,
    assert_payments,
    events_of,
    kinds,
    last_four_hand,
    make_hand,
    play_until,
)

# -- 海捞 and 荒庄 --------------------------------------------------------------------------------


def test_last_four_starts_after_the_discard_passes() -> None:
    hand = last_four_hand()
    play_until(hand, lambda h: h.phase is not Phase.TURN)
    assert hand.wall.remaining == 4
    assert hand.phase is Phase.CLAIM
    assert hand.pending() == [2]
    assert events_of(hand, LastFourStarted) == []
    start = len(hand.events)
    discards_before = hand.view(0).discards
    hand.apply(2, PASS)
    assert hand.events[start] == LastFourStarted((80, 81, 82, 83), 0)
    # seats 0 and 1 drew a tile that does not win: they keep it and are not asked
    l4 = [e for e in hand.events[start:] if isinstance(e, TileDrawn)]
    assert [(e.seat, e.wall_index, e.last_four) for e in l4] == [(0, 80, True), (1, 81, True), (2, 82, True)]
    assert events_of(hand, TileDiscarded, start) == []
    assert hand.view(0).discards == discards_before
    assert hand.view(0).hand_sizes == (14, 14, 14, 13)
    assert hand.phase is Phase.LAST_FOUR
    assert hand.pending() == [2]
    assert hand.view(2).drawn == T("5p")
    assert set(hand.legal_actions(2)) == {WIN, PASS}
    assert kinds(hand.legal_actions(2), ActionKind.DISCARD) == set()
    assert_census(hand)


def test_last_four_self_draw_win() -> None:
    hand = last_four_hand()
    play_until(hand, lambda h: h.phase is not Phase.TURN)
    hand.apply(2, PASS)
    hand.apply(2, WIN)
    (won,) = events_of(hand, HandWon)
    assert won.self_draw
    assert won.score.as_items_dict() == {
        "base": 10, "zhi": 4, "missing_suit": 1, "kan": 1, "ka": 1, "last_four": 10,
    }
    assert_payments(hand, {(0, 2): 29, (1, 2): 27, (3, 2): 27})
    result = hand.result
    assert result is not None
    assert (result.next_dealer, result.next_dealer_streak) == (1, 1)


@pytest.mark.parametrize("streak", [1, 4])
def test_last_four_without_a_win_is_an_exhaustive_draw(streak: int) -> None:
    hand = last_four_hand(streak)
    play_until(hand, lambda h: h.phase is not Phase.TURN)
    hand.apply(2, PASS)
    hand.apply(2, PASS)  # seat 3 draws the last tile by itself
    assert hand.ended
    result = hand.result
    assert result is not None
    assert (result.exhaustive, result.winners, result.wins) == (True, (), ())
    assert result.deltas == (0, 0, 0, 0)
    assert (result.next_dealer, result.next_dealer_streak) == (0, streak + 1)
    assert events_of(hand, PaymentsMade) == []
    assert events_of(hand, HandWon) == []
    ended = hand.events[-1]
    assert isinstance(ended, HandEnded)
    assert ended.exhaustive and ended.deltas == (0, 0, 0, 0)
    assert hand.wall.remaining == 0
    assert [len(c) for c in ended.concealed] == [14, 14, 14, 14]
    assert_census(hand)


@pytest.mark.parametrize("dealer", [0, 2])
def test_all_junk_hand_drains_to_an_exhaustive_draw(dealer: int) -> None:
    hand = make_hand(OPEN, {}, dealer=dealer, streak=2)
    play_until(hand, lambda h: h.ended)
    assert len(events_of(hand, TileDiscarded)) == 1 + 27
    draws = events_of(hand, TileDrawn)
    assert len(draws) == 31
    assert [d.tiles_left for d in draws] == list(range(30, -1, -1))
    assert [d.wall_index for d in draws] == list(range(53, 84))
    assert [d.last_four for d in draws] == [False] * 27 + [True] * 4
    result = hand.result
    assert result is not None and result.exhaustive
    assert (result.next_dealer, result.next_dealer_streak) == (dealer, 3)
