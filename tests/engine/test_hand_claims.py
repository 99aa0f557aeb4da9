"""RULES §3: who pays whom. 一炮多响 (one discard, several winners) and the dealer's 庄分
with its 连庄数, on a discard and on a self-draw.
"""

from __future__ import annotations

import pytest

from engine.game.actions import PASS, WIN, Action
from engine.game.events import HandStarted, HandWon
from engine.game.view import Phase
from tests.hand_helpers import (
    MULTI,
    OPEN,
    T,
    assert_payments,
    discard_drawn,
    drawn,
    events_of,
    make_hand,
    play_until,
)

# -- 一炮多响 ------------------------------------------------------------------------------------

VALUES = {1: 17, 2: 17, 3: 19}  # each MULTI seat's win on the dealer's 5p


@pytest.mark.parametrize("winners", [(1,), (1, 2), (1, 3), (2, 3), (1, 2, 3), ()])
@pytest.mark.parametrize("streak", [1, 2])
def test_one_discard_several_winners(winners: tuple[int, ...], streak: int) -> None:
    hand = make_hand(OPEN, MULTI, streak=streak)
    hand.apply(0, Action.discard(T("5p")))
    assert hand.phase is Phase.CLAIM
    assert hand.pending() == [1, 2, 3]
    assert hand.view(2).last_discard == (0, T("5p"))
    for seat in (3, 1, 2):  # claims may be answered in any order
        assert set(hand.legal_actions(seat)) == {WIN, PASS}
        hand.apply(seat, WIN if seat in winners else PASS)
    if not winners:
        assert not hand.ended and hand.pending() == [1]
        return
    assert hand.ended
    result = hand.result
    assert result is not None
    assert result.winners == winners
    assert (result.self_draw, result.discarder, result.exhaustive) == (False, 0, False)
    won = events_of(hand, HandWon)
    assert [w.seat for w in won] == list(winners)
    assert all(w.discarder == 0 and w.tile == T("5p") for w in won)
    # the discarder (the dealer here) pays each winner, 庄分 included
    assert_payments(hand, {(0, w): VALUES[w] + streak for w in winners})
    assert (result.next_dealer, result.next_dealer_streak) == (1, 1)


def test_several_winners_with_the_dealer_among_them() -> None:
    hands = dict(MULTI)
    hands[3] = "222m345m666m777m5p8s"  # seat 3 deals and throws 8s first
    del hands[0]
    hand = make_hand(OPEN, hands, ["5p"], dealer=3, streak=2)
    hand.apply(3, Action.discard(T("8s")))
    assert drawn(hand, 0) == T("5p")
    discard_drawn(hand)
    assert hand.pending() == [1, 2, 3]
    for seat in (1, 2, 3):
        hand.apply(seat, WIN)
    result = hand.result
    assert result is not None
    assert result.winners == (1, 2, 3)
    # only the payment to the dealer carries 庄分 (1 × 连庄数 on a discard)
    assert_payments(hand, {(0, 1): 17, (0, 2): 17, (0, 3): 19 + 2})
    assert (result.next_dealer, result.next_dealer_streak) == (3, 3)


# -- dealer and 连庄数 ----------------------------------------------------------------------------


@pytest.mark.parametrize("streak", [1, 2, 5])
def test_dealer_self_draw_stays_and_counts_the_streak(streak: int) -> None:
    hand = make_hand(OPEN, {0: "234m345m567m888m5p2s"}, [None, None, None, "5p"], streak=streak,
                     avoid="5p")
    hand.apply(0, Action.discard(T("2s")))
    play_until(hand, lambda h: h.current == 0)
    hand.apply(0, WIN)
    assert_payments(hand, {(s, 0): 17 + 2 * streak for s in (1, 2, 3)})
    result = hand.result
    assert result is not None
    assert (result.next_dealer, result.next_dealer_streak) == (0, streak + 1)
    started = hand.events[0]
    assert isinstance(started, HandStarted) and started.dealer_streak == streak


def test_dealer_winning_on_a_discard_stays() -> None:
    hand = make_hand(OPEN, {3: "234m345m567m888m5p2s"}, [None, None, "5p"], dealer=3, streak=4,
                     avoid="5p")
    hand.apply(3, Action.discard(T("2s")))
    play_until(hand, lambda h: h.current == 2)
    discard_drawn(hand)  # seat 2 throws the 5p it drew
    assert hand.pending() == [3]
    hand.apply(3, WIN)
    result = hand.result
    assert result is not None
    assert (result.winners, result.discarder) == ((3,), 2)
    assert_payments(hand, {(2, 3): 17 + 4})  # 庄分: 1 × 连庄数 on a discard
    assert (result.next_dealer, result.next_dealer_streak) == (3, 5)


def test_dealer_dealing_in_pays_the_streak() -> None:
    hand = make_hand(OPEN, {1: "2p", 2: "234s345s567s888s2p"}, dealer=1, streak=3, avoid="2p")
    hand.apply(1, Action.discard(T("2p")))
    assert hand.pending() == [2]
    hand.apply(2, WIN)
    assert_payments(hand, {(1, 2): 17 + 3})
    result = hand.result
    assert result is not None
    assert (result.next_dealer, result.next_dealer_streak) == (2, 1)


def test_non_dealer_dealing_in_to_a_non_dealer_pays_no_streak() -> None:
    hand = make_hand(OPEN, {2: "234s345s567s888s2p"}, ["2p"], streak=3, avoid="2p")
    discard_drawn(hand)
    discard_drawn(hand)  # seat 1 throws the 2p it drew
    hand.apply(2, WIN)
    assert_payments(hand, {(1, 2): 17})
    result = hand.result
    assert result is not None
    assert (result.next_dealer, result.next_dealer_streak) == (1, 1)
