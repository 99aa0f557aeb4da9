"""The match around the hands (rounds, the deal passing round the table) and the actions
the hand state machine refuses without changing anything.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.ai.simple import SimpleAI
from engine.game.actions import PASS, WIN, Action
from engine.game.events import Event, HandEnded, HandStarted, MatchEnded, MatchStarted
from engine.game.hand import Hand, IllegalAction
from engine.game.rules import Ruleset
from engine.game.view import Phase
from engine.table.match import HandRecord, Match, over_after
from engine.table.match_loop import MatchHooks, play_match
from tests.hand_helpers import BAOTING, MULTI, OPEN, T, last_four_hand, make_hand, play_until
from tests.rigging import state_snapshot

# -- the match ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rounds", [1, 2])
@pytest.mark.parametrize("seed", [7, 2024])
def test_a_seat_reading_the_events_knows_the_match_ends_as_the_match_does(rounds: int, seed: int) -> None:
    """A LAN seat has no Match: over_after reads the end from one hand's events, and says what
    Match.over says after each hand (False until the last, then True)."""
    match = Match(Ruleset.hefei(rounds=rounds), seed)
    events: list[Event] = []
    overs: list[bool] = []

    def ended(_hand: Hand, _record: HandRecord) -> None:
        overs.append(match.over)

    play_match(match, [SimpleAI() for _ in range(4)], MatchHooks(observer=events.append, hand_ended=ended))
    starts = [e for e in events if isinstance(e, HandStarted)]
    ends = [e for e in events if isinstance(e, HandEnded)]
    read = [over_after(rounds, match.first_dealer, s, e) for s, e in zip(starts, ends, strict=True)]
    assert read == overs
    assert overs == [False] * (len(overs) - 1) + [True]
    assert len(overs) >= 4 * rounds


@pytest.mark.parametrize("rounds", [1, 2])
@pytest.mark.parametrize("seed", [0, 7, 2024])
def test_match_ends_after_its_rounds(rounds: int, seed: int) -> None:
    rules = Ruleset.hefei(rounds=rounds)
    match = Match(rules, seed)
    events: list = []
    history = play_match(match, [SimpleAI(f"ai{i}") for i in range(4)], MatchHooks(observer=events.append))
    assert match.over
    assert match.passes == 4 * rounds
    assert history == match.history
    assert isinstance(events[0], MatchStarted) and events[0].first_dealer == match.first_dealer
    assert isinstance(events[-1], MatchEnded)
    assert events[-1] == MatchEnded(tuple(match.scores), len(history), rounds)
    # the deal follows the results: stays on a dealer win or a draw, passes to the right otherwise
    dealer, streak, passes = match.first_dealer, 1, 0
    for number, record in enumerate(history, 1):
        assert (record.hand_number, record.dealer, record.dealer_streak) == (number, dealer, streak)
        assert record.round_number == passes // 4 + 1
        result = record.result
        if result.exhaustive or dealer in result.winners:
            assert (result.next_dealer, result.next_dealer_streak) == (dealer, streak + 1)
        else:
            assert (result.next_dealer, result.next_dealer_streak) == ((dealer + 1) % 4, 1)
            passes += 1
        dealer, streak = result.next_dealer, result.next_dealer_streak
    assert passes == 4 * rounds
    # the deal has gone round: the last hand passed it back to the first dealer
    assert dealer == match.first_dealer
    assert history[-1].result.next_dealer != history[-1].dealer
    assert sum(match.scores) == 0
    assert match.scores == [sum(r.result.deltas[s] for r in history) for s in range(4)]
    with pytest.raises(RuntimeError):
        match.next_hand()
    # every hand's own events went to the observer: one HandStarted per record
    assert len([e for e in events if isinstance(e, HandStarted)]) == len(history)


def test_match_stopped_early_is_not_over() -> None:
    match = Match(Ruleset.hefei(rounds=1), 5)
    events: list = []
    history = play_match(match, [SimpleAI() for _ in range(4)], MatchHooks(observer=events.append),
                         max_hands=1)
    assert len(history) == 1
    assert not isinstance(events[-1], MatchEnded)
    assert not match.over


# -- refused actions ---------------------------------------------------------------------------


def _at_turn() -> Hand:
    return make_hand(OPEN, MULTI)


def _at_claim() -> Hand:
    hand = make_hand(OPEN, MULTI)
    hand.apply(0, Action.discard(T("5p")))
    hand.apply(3, PASS)
    return hand


def _at_last_four() -> Hand:
    hand = last_four_hand()
    play_until(hand, lambda h: h.phase is not Phase.TURN)
    hand.apply(2, PASS)
    return hand


def _declared() -> Hand:
    hand = make_hand(BAOTING, {0: "234m345m567m888m5p2s"}, [None, None, None, "6s"], avoid="5p")
    hand.apply(0, Action.discard(T("2s"), declare=True))
    return hand


def _ended() -> Hand:
    hand = make_hand(OPEN, {0: "234m345m567m888m55p"})
    hand.apply(0, WIN)
    return hand


REFUSED: list[tuple[Callable[[], Hand], int, Action]] = [
    (_at_turn, 1, Action.discard(T("5p"))),  # out of turn
    (_at_turn, 0, Action.discard(T("2m"))),  # a tile not held
    (_at_turn, 0, Action.kong(T("5p"))),  # no four
    (_at_turn, 0, WIN),  # no win
    (_at_turn, 0, PASS),  # nothing to pass
    (_at_turn, 0, Action.discard(T("5p"), declare=True)),  # no declaring in an open room
    (_at_turn, 4, Action.discard(T("5p"))),  # no such seat
    (_at_turn, -1, WIN),
    (_at_claim, 0, WIN),  # the discarder
    (_at_claim, 3, WIN),  # has already passed
    (_at_claim, 1, Action.discard(T("5p"))),  # only win or pass now
    (_at_last_four, 2, Action.discard(T("5p"))),  # no discard in 海捞
    (_at_last_four, 3, WIN),  # not its draw yet
    (_at_last_four, 2, Action.kong(T("5p"))),
    (_declared, 0, Action.discard(T("6s"))),  # declared, and not its turn
    (_ended, 0, WIN),  # the hand is over
    (_ended, 1, PASS),
]


@pytest.mark.parametrize(("make", "seat", "action"), REFUSED,
                         ids=[f"{m.__name__}-{s}-{a}" for m, s, a in REFUSED])
def test_refused_action_changes_nothing(make: Callable[[], Hand], seat: int, action: Action) -> None:
    hand = make()
    before = state_snapshot(hand)
    events = list(hand.events)
    with pytest.raises(IllegalAction):
        hand.apply(seat, action)
    assert state_snapshot(hand) == before
    assert hand.events == events


def test_refusal_messages() -> None:
    hand = _at_turn()
    with pytest.raises(IllegalAction, match="seat 1 cannot act now"):
        hand.apply(1, WIN)
    with pytest.raises(IllegalAction, match="may not"):
        hand.apply(0, WIN)
    with pytest.raises(IllegalAction, match="no seat 9"):
        hand.apply(9, WIN)
    with pytest.raises(IllegalAction, match="over"):
        _ended().apply(0, WIN)


def test_every_pending_seat_has_a_real_choice() -> None:
    for make in (_at_turn, _at_claim, _at_last_four, _declared):
        hand = make()
        for seat in hand.pending():
            assert len(hand.legal_actions(seat)) >= 2
        for seat in set(range(4)) - set(hand.pending()):
            assert hand.legal_actions(seat) == []
