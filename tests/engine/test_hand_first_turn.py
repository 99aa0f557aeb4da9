"""RULES §1–§3 on the first turn: the deal, 天胡 and 地胡, and the rigging helper that
deals chosen hands (tests/hand_helpers.py) checked on its own.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.game.actions import WIN, Action
from engine.game.arrangements import is_standard_shape
from engine.game.events import HandWon, TileDrawn, TilesDealt
from engine.game.hand import Hand
from engine.game.rules import Ruleset
from engine.game.tiles import kind_of, parse_tiles, suit_of, to_counts
from tests.hand_helpers import (
    BAOTING,
    JUNK_SUIT_LIMIT,
    OPEN,
    T,
    assert_census,
    assert_payments,
    discard_drawn,
    drawn,
    events_of,
    make_hand,
    play_until,
)

# -- the rigging helper itself ------------------------------------------------------------------


def test_make_hand_deals_what_it_is_told() -> None:
    hand = make_hand(OPEN, {0: "2m", 1: "234m345m567m888m5p"}, ["5p", None, "6s"], back="7s", avoid="5p")
    assert hand.view(1).concealed == tuple(sorted(parse_tiles("234m345m567m888m5p")))
    assert drawn(hand, 0) == T("2m")
    for s in (0, 2, 3):
        counts = Counter(suit_of(t) for t in hand.view(s).concealed)
        assert max(counts.values()) <= JUNK_SUIT_LIMIT
    # the avoided 5p went to junk hands, the draws are as given
    assert sum(hand.view(s).concealed.count(T("5p")) for s in range(4)) == 3
    assert kind_of(hand.wall.tile_at(53)) == T("5p")
    assert kind_of(hand.wall.tile_at(55)) == T("6s")
    assert kind_of(hand.wall.tile_at(82)) == T("7s")
    assert_census(hand)


# -- the deal (RULES §1) -------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 3])
def test_deal_order_and_sizes(dealer: int) -> None:
    hand = Hand(OPEN, dealer, 1, seed=11)
    dealt = [e for e in hand.events if isinstance(e, TilesDealt)]
    order = [(dealer + i) % 4 for i in range(4)]
    assert [(e.seat, len(e.wall_indices)) for e in dealt] == [
        *((s, 4) for _ in range(3) for s in order), *((s, 1) for s in order), (dealer, 1),
    ]
    assert [i for e in dealt for i in e.wall_indices] == list(range(53))
    assert hand.wall.remaining == 31
    for s in range(4):
        assert len(hand.view(s).concealed) == (14 if s == dealer else 13)
    assert hand.pending() == [dealer]
    last = dealt[-1].tiles
    assert last is not None and hand.view(dealer).drawn == last[0]


# -- 天胡 and 地胡 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [OPEN, BAOTING], ids=["open", "baoting"])
@pytest.mark.parametrize("streak", [1, 3])
def test_heavenly_hand(rules: Ruleset, streak: int) -> None:
    hand = make_hand(rules, {0: "234m345m567m888m55p"}, streak=streak)
    assert hand.pending() == [0]
    legal = hand.legal_actions(0)
    assert WIN in legal
    hand.apply(0, WIN)
    assert hand.ended
    won = events_of(hand, HandWon)
    assert len(won) == 1
    assert (won[0].seat, won[0].tile, won[0].self_draw, won[0].discarder) == (0, T("5p"), True, None)
    score = won[0].score
    base = rules.base_score
    assert score.as_items_dict() == {"base": base, "heavenly": 100}
    assert score.value == base + 100
    pay = base + 100 + 2 * streak
    assert_payments(hand, {(1, 0): pay, (2, 0): pay, (3, 0): pay})
    result = hand.result
    assert result is not None
    assert (result.winners, result.self_draw, result.exhaustive) == ((0,), True, False)
    assert (result.next_dealer, result.next_dealer_streak) == (0, streak + 1)


def test_heavenly_hand_needs_the_eight_tile_rule() -> None:
    # a complete shape, but 6 + 6 + 2 tiles: no suit reaches 8
    hand = make_hand(OPEN, {0: "234m567m234p567p55s"})
    counts = to_counts(parse_tiles("234m567m234p567p55s"))
    assert is_standard_shape(counts, 0)
    assert WIN not in hand.legal_actions(0)
    assert hand.win_refusal_now(0) == "8-tile rule"


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize("streak", [1, 2])
def test_earthly_hand(dealer: int, streak: int) -> None:
    winner = (dealer + 1) % 4
    hand = make_hand(OPEN, {winner: "234m345m567m888m5p"}, ["5p"], dealer=dealer, streak=streak,
                     avoid="5p")
    assert discard_drawn(hand) == dealer
    assert hand.pending() == [winner]
    draw = hand.events[-1]
    assert isinstance(draw, TileDrawn)
    assert (draw.seat, draw.tile, draw.from_back, draw.last_four) == (winner, T("5p"), False, False)
    assert WIN in hand.legal_actions(winner)
    hand.apply(winner, WIN)
    (won,) = events_of(hand, HandWon)
    assert won.score.as_items_dict() == {"base": 10, "earthly": 80}
    expected = {(s, winner): 90 for s in range(4) if s != winner}
    expected[(dealer, winner)] = 90 + 2 * streak
    assert_payments(hand, expected)
    result = hand.result
    assert result is not None
    assert (result.next_dealer, result.next_dealer_streak) == ((dealer + 1) % 4, 1)


def test_earthly_hand_only_on_the_first_draw() -> None:
    # seat 1 draws a junk tile first and its winning 5p only on its second draw
    hand = make_hand(OPEN, {1: "234m345m567m888m5p"}, [None, None, None, None, "5p"], avoid="5p")
    play_until(hand, lambda h: h.current == 1 and h.view(1).discards[1] != ())
    play_until(hand, lambda h: h.current == 1)
    assert drawn(hand, 1) == T("5p")
    hand.apply(1, WIN)
    (won,) = events_of(hand, HandWon)
    assert won.score.as_items_dict() == {"base": 10, "zhi": 4, "missing_suit": 1, "kan": 1, "ka": 1}
    assert_payments(hand, {(0, 1): 19, (2, 1): 17, (3, 1): 17})


def test_earthly_hand_not_on_a_kong_replacement() -> None:
    # seat 1's first draw makes a kong; winning on the replacement is 杠后自摸, not 地胡
    hand = make_hand(OPEN, {1: "222m34545678s33p"}, ["2m"], back="6s", avoid="3s6s")
    discard_drawn(hand)
    hand.apply(1, Action.kong(T("2m")))
    hand.apply(1, WIN)
    (won,) = events_of(hand, HandWon)
    assert "earthly" not in won.score.as_items_dict()
