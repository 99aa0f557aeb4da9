"""RULES §2–§3: concealed kongs, their replacements from the back of the wall, 杠后自摸 and
the end of kongs when four tiles are left, driven through ``Hand.apply`` with rigged walls.
"""

from __future__ import annotations

import pytest

from engine.game.actions import WIN, Action, ActionKind
from engine.game.events import HandWon, KongDeclared, LastFourStarted, TileDrawn
from engine.game.hand import IllegalAction
from tests.hand_helpers import (
    OPEN,
    T,
    assert_census,
    assert_payments,
    discard_drawn,
    drawn,
    events_of,
    kinds,
    make_hand,
    play_until,
)

# -- concealed kongs ------------------------------------------------------------------------------


def test_concealed_kong_replacements_come_from_the_back() -> None:
    hand = make_hand(OPEN, {0: "2222m3333m456p678s", 1: "555s"}, ["5s"], back="2s8p7p3s",
                     avoid="8p2s")
    legal = hand.legal_actions(0)
    assert kinds(legal, ActionKind.KONG) == {T("2m"), T("3m")}
    start = len(hand.events)
    hand.apply(0, Action.kong(T("2m")))
    kong, draw = hand.events[start:]
    assert kong == KongDeclared(0, T("2m"))
    assert draw == TileDrawn(0, 82, T("2s"), True, 30, False)
    # others learn that a kong was made, not which tile, nor the replacement
    for s in (1, 2, 3):
        assert kong.for_seat(s) == KongDeclared(0, None)
        assert draw.for_seat(s) == TileDrawn(0, 82, None, True, 30, False)
    assert kong.for_seat(0) == kong
    assert hand.view(0).drawn == T("2s")

    start = len(hand.events)
    hand.apply(0, Action.kong(T("3m")))
    assert hand.events[start:] == [KongDeclared(0, T("3m")), TileDrawn(0, 83, T("8p"), True, 29, False)]
    assert hand.view(0).kongs == (T("2m"), T("3m"))
    assert hand.view(1).kong_counts == (2, 0, 0, 0)
    assert hand.view(1).hand_sizes == (8, 13, 13, 13)
    assert_census(hand)

    hand.apply(0, Action.discard(T("2s")))
    assert hand.pending() == [1]
    assert drawn(hand, 1) == T("5s")
    assert T("5s") in kinds(hand.legal_actions(1), ActionKind.KONG)
    start = len(hand.events)
    hand.apply(1, Action.kong(T("5s")))
    assert hand.events[start:] == [KongDeclared(1, T("5s")), TileDrawn(1, 80, T("7p"), True, 27, False)]
    assert hand.wall.remaining == 27
    # the 海捞区 moves: the last four tiles still in the wall
    assert hand.wall.last_four_indices() == [77, 78, 79, 81]
    assert_census(hand)
    # the kong tile is revealed at the end of the hand
    hand.apply(1, Action.discard(T("7p")))
    assert hand.view(1).kong_counts == (2, 1, 0, 0)


def test_kong_replacement_win_is_doubled() -> None:
    """RULES §5 worked example 5, played: kong 2222m, replacement 6s."""
    hand = make_hand(OPEN, {1: "222m34545678s33p"}, ["2m"], back="6s", avoid="3s6s")
    discard_drawn(hand)
    assert hand.pending() == [1]
    legal = hand.legal_actions(1)
    assert WIN not in legal
    assert Action.kong(T("2m")) in legal
    hand.apply(1, Action.kong(T("2m")))
    draw = hand.events[-1]
    assert isinstance(draw, TileDrawn)
    assert (draw.from_back, draw.wall_index, draw.tile) == (True, 82, T("6s"))
    assert WIN in hand.legal_actions(1)
    hand.apply(1, WIN)
    (won,) = events_of(hand, HandWon)
    score = won.score
    assert score.as_items_dict() == {
        "base": 10, "zhi": 1, "gang": 2, "ka": 1, "kong_replacement_multiplier": 2,
    }
    assert (score.base_sum, score.value) == (14, 28)
    assert won.kongs == (T("2m"),)
    assert_payments(hand, {(0, 1): 30, (2, 1): 28, (3, 1): 28})


def test_kong_refused_when_four_or_fewer_tiles_are_left() -> None:
    # draw 26 (seat 2) completes 6666p with 5 tiles left; draw 27 (seat 3) 5555m with 4 left
    draws: list[str | None] = [None] * 31
    draws[25], draws[26] = "6p", "5m"
    hand = make_hand(OPEN, {2: "666p", 3: "555m"}, draws, avoid="6p5m")
    play_until(hand, lambda h: h.current == 2 and h.wall.remaining == 5)
    assert drawn(hand, 2) == T("6p")
    assert Action.kong(T("6p")) in hand.legal_actions(2)
    discard_drawn(hand)
    assert hand.current == 3
    assert hand.wall.remaining == 4
    assert drawn(hand, 3) == T("5m")
    assert hand.view(3).concealed.count(T("5m")) == 4
    legal = hand.legal_actions(3)
    assert kinds(legal, ActionKind.KONG) == set()
    with pytest.raises(IllegalAction):
        hand.apply(3, Action.kong(T("5m")))
    discard_drawn(hand)
    # everybody is junk: the 海捞 passes by itself and the hand is drawn
    assert hand.ended
    assert hand.result is not None and hand.result.exhaustive


def test_kong_with_five_left_then_last_four() -> None:
    draws: list[str | None] = [None] * 31
    draws[25] = "6p"
    hand = make_hand(OPEN, {2: "666p"}, draws, avoid="6p")
    play_until(hand, lambda h: h.current == 2 and h.wall.remaining == 5)
    hand.apply(2, Action.kong(T("6p")))
    draw = hand.events[-1]
    assert isinstance(draw, TileDrawn)
    assert (draw.from_back, draw.wall_index, draw.tiles_left) == (True, 82, 4)
    assert kinds(hand.legal_actions(2), ActionKind.KONG) == set()
    discard_drawn(hand)
    (last,) = events_of(hand, LastFourStarted)
    assert last == LastFourStarted((79, 80, 81, 83), 3)
    draws_l4 = [e for e in events_of(hand, TileDrawn) if e.last_four]
    assert [(e.seat, e.wall_index) for e in draws_l4] == [(3, 79), (0, 80), (1, 81), (2, 83)]
    assert hand.result is not None and hand.result.exhaustive
    assert_census(hand)
