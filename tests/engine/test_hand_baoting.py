"""RULES §2–§3 in the 报听 room: declaring ready, the locked hand, kongs after declaring,
who may win on a discard, and the auto_win option (docs/rules.md §3).
"""

from __future__ import annotations

import pytest

from engine.game.actions import PASS, WIN, Action, ActionKind
from engine.game.analysis import is_ready, waits
from engine.game.arrangements import is_standard_shape
from engine.game.events import HandWon, KongDeclared, ReadyDeclared, TileDiscarded, TileDrawn
from engine.game.hand import IllegalAction
from engine.game.rules import Room, Ruleset
from engine.game.tiles import parse_tiles, to_counts
from engine.game.view import Phase
from tests.hand_helpers import (
    BAOTING,
    OPEN,
    T,
    assert_payments,
    declares,
    discard_drawn,
    drawn,
    events_of,
    kinds,
    make_hand,
    play_until,
)

# -- 报听 ---------------------------------------------------------------------------------------


def test_declare_only_when_the_thirteen_left_are_ready() -> None:
    hand = make_hand(BAOTING, {0: "234m345m567m888m5p2s"})
    legal = hand.legal_actions(0)
    assert declares(legal) == {T("5p"), T("2s")}
    held = set(hand.view(0).concealed)
    assert kinds([a for a in legal if not a.declare], ActionKind.DISCARD) == held
    for a in legal:
        if a.declare:
            left = list(hand.view(0).concealed)
            assert a.tile is not None
            left.remove(a.tile)
            assert is_ready(left)
    # an open room has no declaring
    open_hand = make_hand(OPEN, {0: "234m345m567m888m5p2s"})
    assert declares(open_hand.legal_actions(0)) == set()


def test_declare_needs_the_eight_tile_rule() -> None:
    # discarding 8s leaves 234m567m234p56p55s: shape-ready on 4p/7p but never 8 of a suit
    hand = make_hand(BAOTING, {0: "234m567m234p56p55s8s"})
    left = to_counts(parse_tiles("234m567m234p56p55s"))
    left[T("4p")] += 1
    assert is_standard_shape(left, 0)
    assert not is_ready("234m567m234p56p55s")
    legal = hand.legal_actions(0)
    assert declares(legal) == set()
    assert Action.discard(T("8s")) in legal
    with pytest.raises(IllegalAction):
        hand.apply(0, Action.discard(T("8s"), declare=True))


def test_declaring_events_and_views() -> None:
    hand = make_hand(BAOTING, {0: "234m345m567m888m5p2s"}, avoid="5p")
    start = len(hand.events)
    hand.apply(0, Action.discard(T("2s"), declare=True))
    assert hand.events[start:start + 2] == [ReadyDeclared(0), TileDiscarded(0, T("2s"), True, True)]
    for s in range(4):
        view = hand.view(s)
        assert view.declare_index == (0, None, None, None)
        assert view.declared == (True, False, False, False)


def test_declared_hand_is_locked() -> None:
    """After declaring, a drawn tile that neither wins nor kongs goes out by itself."""
    hand = make_hand(BAOTING, {0: "234m345m567m888m5p2s"}, [None, None, None, "6s", None], avoid="5p")
    hand.apply(0, Action.discard(T("2s"), declare=True))
    for seat in (1, 2, 3):
        assert hand.pending() == [seat]
        start = len(hand.events)
        discard_drawn(hand)
    # seat 3's discard passed, seat 0 drew 6s and threw it out without being asked
    tail = hand.events[start + 1:]
    assert [type(e) for e in tail] == [TileDrawn, TileDiscarded, TileDrawn]
    assert isinstance(tail[0], TileDrawn) and (tail[0].seat, tail[0].tile) == (0, T("6s"))
    assert tail[1] == TileDiscarded(0, T("6s"), True, False)
    assert isinstance(tail[2], TileDrawn) and tail[2].seat == 1
    assert hand.pending() == [1]
    assert hand.view(0).concealed == tuple(sorted(parse_tiles("234m345m567m888m5p")))


def test_declared_player_may_decline_a_win_then_it_is_locked_again() -> None:
    hand = make_hand(BAOTING, {0: "234m345m567m888m5p2s"}, [None, None, None, "5p"], avoid="5p")
    hand.apply(0, Action.discard(T("2s"), declare=True))
    play_until(hand, lambda h: h.current == 0)
    assert set(hand.legal_actions(0)) == {WIN, Action.discard(T("5p"))}
    hand.apply(0, Action.discard(T("5p")))
    assert not hand.ended


def test_kong_after_declaring_allowed_while_still_ready() -> None:
    hand = make_hand(BAOTING, {0: "555m234m678m88m23p8s"}, [None, None, None, "5m"], back="4p",
                     avoid="4p")
    assert T("8s") in declares(hand.legal_actions(0))
    hand.apply(0, Action.discard(T("8s"), declare=True))
    play_until(hand, lambda h: h.current == 0)
    assert drawn(hand, 0) == T("5m")
    assert set(hand.legal_actions(0)) == {Action.kong(T("5m")), Action.discard(T("5m"))}
    hand.apply(0, Action.kong(T("5m")))
    assert waits("234m678m88m23p", "5m") == [T("4p")]
    assert set(hand.legal_actions(0)) == {WIN, Action.discard(T("4p"))}
    hand.apply(0, WIN)
    (won,) = events_of(hand, HandWon)
    assert won.score.value == 40  # (12 + 4 + 1 + 2 + 1) × 2
    assert_payments(hand, {(s, 0): 42 for s in (1, 2, 3)})


def test_kong_after_declaring_refused_when_no_longer_ready() -> None:
    # 22234445678m34p waits 2p/5p; as a kong, 4444m leaves 222m 5678m 34p: not ready
    hand = make_hand(BAOTING, {0: "22234445678m34p8s"}, [None, None, None, "4m"], avoid="2p5p4m")
    hand.apply(0, Action.discard(T("8s"), declare=True))
    play_until(hand, lambda h: h.current == 3)
    start = len(hand.events)
    discard_drawn(hand)
    # seat 0 drew 4m: no kong allowed, so its discard was forced and seat 1 is asked next
    tail = hand.events[start + 1:]
    assert isinstance(tail[0], TileDrawn) and (tail[0].seat, tail[0].tile) == (0, T("4m"))
    assert tail[1] == TileDiscarded(0, T("4m"), True, False)
    assert hand.pending() == [1]
    assert events_of(hand, KongDeclared) == []


def test_undeclared_player_may_kong_the_same_tiles() -> None:
    hand = make_hand(OPEN, {0: "22234445678m34p8s"}, [None, None, None, "4m"], avoid="2p5p4m")
    hand.apply(0, Action.discard(T("8s")))
    play_until(hand, lambda h: h.current == 0)
    assert Action.kong(T("4m")) in hand.legal_actions(0)


@pytest.mark.parametrize("rules", [OPEN, BAOTING], ids=["open", "baoting"])
def test_undeclared_player_wins_on_discard_only_in_open_room(rules: Ruleset) -> None:
    hand = make_hand(rules, {0: "5p", 1: "234m345m567m888m5p"}, [None, None, None, None, "5p"],
                     avoid="5p")
    hand.apply(0, Action.discard(T("5p")))
    if rules.room is Room.OPEN:
        assert hand.phase is Phase.CLAIM
        assert hand.pending() == [1]
        assert set(hand.legal_actions(1)) == {WIN, PASS}
        hand.apply(1, PASS)
    # in a 报听 room seat 1 is not asked: it draws at once
    assert hand.phase is Phase.TURN
    assert hand.pending() == [1]
    last = hand.events[-1]
    assert isinstance(last, TileDrawn) and last.seat == 1
    # it may still win by self-draw without having declared (and, passing earlier, on the same kind)
    discard_drawn(hand)
    play_until(hand, lambda h: h.current == 1)
    assert drawn(hand, 1) == T("5p")
    assert WIN in hand.legal_actions(1)
    hand.apply(1, WIN)
    (won,) = events_of(hand, HandWon)
    assert won.self_draw
    v = rules.base_score + 7
    assert_payments(hand, {(0, 1): v + 2, (2, 1): v, (3, 1): v})


@pytest.mark.parametrize("rules", [BAOTING, Ruleset.hefei_002(room=Room.BAOTING)], ids=["hefei", "hefei_002"])
def test_declared_player_wins_on_a_discard(rules: Ruleset) -> None:
    hand = make_hand(rules, {1: "234m345m567m888m5p"}, [None, "5p"], avoid="5p")
    discard_drawn(hand)
    # seat 1 drew junk; discarding it leaves the ready hand
    assert Action.discard(drawn(hand, 1), declare=True) in hand.legal_actions(1)
    hand.apply(1, Action.discard(drawn(hand, 1), declare=True))
    assert drawn(hand, 2) == T("5p")
    discard_drawn(hand)
    if not rules.auto_win:
        assert hand.phase is Phase.CLAIM
        assert hand.pending() == [1]
        assert set(hand.legal_actions(1)) == {WIN, PASS}
        hand.apply(1, WIN)
    assert hand.ended
    (won,) = events_of(hand, HandWon)
    assert (won.seat, won.self_draw, won.discarder, won.tile) == (1, False, 2, T("5p"))
    assert won.score.value == 19
    assert_payments(hand, {(2, 1): 19})  # no dealer involved: no 庄分
    result = hand.result
    assert result is not None
    assert (result.discarder, result.next_dealer, result.next_dealer_streak) == (2, 1, 1)


# -- auto_win (docs/rules.md §3) ---------------------------------------------------------------------


def test_auto_win_takes_a_declared_self_draw() -> None:
    rules = Ruleset.hefei_002(room=Room.BAOTING)
    assert rules.auto_win
    hand = make_hand(rules, {0: "234m345m567m888m5p2s"}, [None, None, None, "5p"], avoid="5p")
    hand.apply(0, Action.discard(T("2s"), declare=True))
    discard_drawn(hand)
    discard_drawn(hand)
    discard_drawn(hand)  # seat 3's discard; seat 0 draws 5p and the system wins for it
    assert hand.ended
    (won,) = events_of(hand, HandWon)
    assert (won.seat, won.self_draw, won.tile) == (0, True, T("5p"))
    assert_payments(hand, {(s, 0): 21 for s in (1, 2, 3)})
    # without the option the declared player is asked
    hand = make_hand(BAOTING, {0: "234m345m567m888m5p2s"}, [None, None, None, "5p"], avoid="5p")
    hand.apply(0, Action.discard(T("2s"), declare=True))
    play_until(hand, lambda h: h.current == 0)
    assert not hand.ended
    assert WIN in hand.legal_actions(0)


def test_auto_win_leaves_undeclared_players_their_choice() -> None:
    rules = Ruleset.hefei_002(room=Room.BAOTING)
    hand = make_hand(rules, {1: "234m345m567m888m5p"}, ["5p"], avoid="5p")
    discard_drawn(hand)
    assert not hand.ended
    assert WIN in hand.legal_actions(1)
    assert len(hand.legal_actions(1)) > 1
    # in an open room nobody declares, so nothing is automatic either
    hand = make_hand(Ruleset.hefei_002(), {1: "234m345m567m888m5p"}, ["5p"], avoid="5p")
    discard_drawn(hand)
    assert not hand.ended and WIN in hand.legal_actions(1)


def test_auto_win_in_last_four() -> None:
    rules = Ruleset.hefei_002(room=Room.BAOTING)
    draws: list[str | None] = [None] * 31
    draws[29] = "5p"
    hand = make_hand(rules, {2: "234s345s567s888s5p"}, draws, avoid="5p")
    play_until(hand, lambda h: h.current == 2)
    hand.apply(2, Action.discard(drawn(hand, 2), declare=True))
    play_until(hand, lambda h: h.ended)
    result = hand.result
    assert result is not None and result.winners == (2,)
    (won,) = events_of(hand, HandWon)
    assert won.score.as_items_dict()["last_four"] == 10
