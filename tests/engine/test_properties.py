"""Property tests of the hand state machine: random seeds, random legal choices.

Hypothesis draws the seed, the table (rules, dealer, 连庄数) and, at every decision, which
pending seat answers and what it does: a random legal action or the built-in AI's choice (the
AI reaches wins, kongs and declarations far more often than random play). After every step
the invariants are checked: all 84 tiles accounted for, payments summing to zero, each seat
seeing only what it may see, and every refused action leaving the state as it was. Each hand
is then replayed from its seed and its actions and must give the same events.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ai.simple import SimpleAI
from engine.game.actions import PASS, WIN, Action, ActionKind
from engine.game.events import (
    DiceRolled,
    Event,
    HandEnded,
    HandStarted,
    HandWon,
    KongDeclared,
    LastFourStarted,
    MatchEnded,
    MatchStarted,
    PaymentsMade,
    ReadyDeclared,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
)
from engine.game.hand import Hand, IllegalAction
from engine.game.rules import Room, Ruleset
from engine.game.tiles import NUM_KINDS, kind_of
from engine.game.view import Phase, SeatView
from engine.game.wall import LAST_FOUR, Wall
from engine.table.match import Match
from engine.table.match_loop import MatchHooks, play_match
from tests.rigging import state_snapshot

RULESETS = [
    Ruleset.hefei(),
    Ruleset.hefei(room=Room.BAOTING),
    Ruleset.bianfeng(room=Room.BAOTING),
    Ruleset.hefei_002(),
    Ruleset.hefei_002(room=Room.BAOTING),
]
RULE_IDS = ["hefei-open", "hefei-baoting", "bianfeng-baoting", "hefei002-open", "hefei002-baoting"]

EVERY_ACTION = [
    *(Action.discard(k) for k in range(NUM_KINDS)),
    *(Action.discard(k, declare=True) for k in range(NUM_KINDS)),
    *(Action.kong(k) for k in range(NUM_KINDS)),
    WIN,
    PASS,
]

# Events a seat may receive before the hand is settled, and the seat owning the hidden tile.
PRIVATE = (TilesDealt, TileDrawn, KongDeclared)
PUBLIC = (HandStarted, DiceRolled, ReadyDeclared, TileDiscarded, LastFourStarted)
SETTLEMENT = (HandWon, PaymentsMade, HandEnded)

# Every field of a seat's view; a new field must be checked here before it is shown.
VIEW_FIELDS = {
    "seat", "rules", "phase", "current", "dealer", "dealer_streak", "hand_number", "round_number",
    "concealed", "drawn", "kongs", "kong_counts", "hand_sizes", "discards", "declare_index",
    "tiles_left", "last_discard", "scores", "win_refusal",
}

AI = SimpleAI()

tables = st.tuples(
    st.integers(0, 2**63 - 1),
    st.sampled_from(RULESETS),
    st.integers(0, 3),
    st.integers(1, 5),
)


# -- invariants --------------------------------------------------------------------------------


class Checker:
    """Checks a hand after every step; remembers how many events it has seen."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.seen = 0
        self.settled = False
        self.draws = 0
        self.in_last_four = False

    def check(self) -> None:
        hand = self.hand
        self._tiles()
        self._sizes()
        self._pending()
        for event in hand.events[self.seen:]:
            self._event(event)
        self.seen = len(hand.events)
        for seat in range(4):
            self._view(seat, hand.view(seat))
        if hand.ended:
            self._result()

    def _tiles(self) -> None:
        hand = self.hand
        assert hand.tile_census() == 84
        wall = hand.wall
        left = wall.remaining_indices()
        assert len(left) == wall.remaining
        ids = [wall.tile_at(i) for i in left]
        direct = wall.remaining
        for s in hand.seats:
            assert [list(map(kind_of, ids_)) for ids_ in s.kong_ids] == [[k] * 4 for k in s.kongs]
            ids += [*s.concealed, *s.discards, *(t for kong in s.kong_ids for t in kong)]
            direct += len(s.concealed) + 4 * len(s.kongs) + len(s.discards)
        assert direct == 84
        assert sorted(ids) == list(range(84))

    def _sizes(self) -> None:
        hand = self.hand
        sizes = [len(s.concealed) + 3 * len(s.kongs) for s in hand.seats]
        if hand.phase is Phase.TURN:
            assert sizes == [14 if s == hand.current else 13 for s in range(4)]
        elif hand.phase is Phase.CLAIM:
            assert sizes == [13] * 4
        elif hand.phase is Phase.LAST_FOUR:
            assert all(n in (13, 14) for n in sizes)
            assert sizes[hand.current] == 14
        else:
            assert all(n in (13, 14) for n in sizes)

    def _pending(self) -> None:
        hand = self.hand
        pending = hand.pending()
        assert (pending == []) == hand.ended
        for seat in range(4):
            legal = hand.legal_actions(seat)
            if seat not in pending:
                assert legal == []
                continue
            # a seat is asked only when it has a real choice
            assert len(legal) >= 2, (seat, legal)
            assert len(set(legal)) == len(legal)
            me = hand.seats[seat]
            counts = Counter(kind_of(t) for t in me.concealed)
            for action in legal:
                if action.kind is ActionKind.DISCARD:
                    assert action.tile is not None
                    assert hand.phase is Phase.TURN and counts[action.tile] > 0
                    if action.declare:
                        assert hand.rules.room is Room.BAOTING and not me.declared
                    if me.declared:
                        assert hand.drawn is not None
                        assert action.tile == kind_of(hand.drawn) and not action.declare
                elif action.kind is ActionKind.KONG:
                    assert action.tile is not None
                    assert hand.phase is Phase.TURN and counts[action.tile] == 4
                    assert hand.wall.remaining > LAST_FOUR
                elif action == PASS:
                    assert hand.phase in (Phase.CLAIM, Phase.LAST_FOUR)
            if hand.phase is Phase.CLAIM:
                assert WIN in legal and seat != hand.current
            if hand.phase is Phase.LAST_FOUR:
                assert set(legal) == {WIN, PASS}

    def _event(self, event: Event) -> None:
        hand = self.hand
        if isinstance(event, SETTLEMENT):
            self.settled = True
        else:
            assert not self.settled, f"{event} after the settlement began"
            assert isinstance(event, PRIVATE + PUBLIC), f"unchecked event type {type(event)}"
        for seat in range(4):
            seen = event.for_seat(seat)
            assert type(seen) is type(event)
            if isinstance(event, PRIVATE):
                if seat == event.seat:
                    assert seen == event
                else:
                    # another seat's tiles: hidden; everything else is the same
                    hidden = "tiles" if isinstance(event, TilesDealt) else "tile"
                    assert getattr(seen, hidden) is None
                    shown: dict[str, Any] = {f.name: getattr(event, f.name) for f in fields(event)}
                    assert seen == type(event)(**(shown | {hidden: None}))
            elif isinstance(event, TileDiscarded) and event.refusals:
                # why a winning shape may not win: each seat is told its own reason only
                assert seen == replace(event, refusals=tuple(
                    r if i == seat else None for i, r in enumerate(event.refusals)))
                refusal = event.refusals[seat]
                if refusal is not None:
                    assert refusal.blocks_a_winning_shape and seat != event.seat
            else:
                assert seen == event
        if isinstance(event, LastFourStarted):
            assert not self.in_last_four
            self.in_last_four = True
            assert len(event.wall_indices) == 4
        if isinstance(event, TilesDealt):
            assert event.tiles is not None and len(event.tiles) == len(event.wall_indices)
        if isinstance(event, TileDrawn):
            self.draws += 1
            assert event.tile is not None
            assert event.tiles_left == 84 - 53 - self.draws
            assert event.last_four == (self.in_last_four and not event.from_back)
        if isinstance(event, KongDeclared):
            assert event.tile is not None
        if isinstance(event, PaymentsMade):
            assert sum(event.deltas) == 0
            deltas = [0] * 4
            for payer, payee, amount in event.transfers:
                assert payer != payee and amount > 0
                deltas[payer] -= amount
                deltas[payee] += amount
            assert tuple(deltas) == event.deltas
        if isinstance(event, HandEnded):
            assert sum(event.deltas) == 0
            assert event.scores == tuple(a + d for a, d in zip(hand.scores_before, event.deltas, strict=True))

    def _view(self, seat: int, view: SeatView) -> None:
        hand = self.hand
        me = hand.seats[seat]
        assert {f.name for f in fields(view)} == VIEW_FIELDS
        assert view.seat == seat
        assert view.concealed == tuple(sorted(kind_of(t) for t in me.concealed))
        assert view.kongs == tuple(me.kongs)
        if view.drawn is not None:
            assert seat == hand.current and hand.drawn is not None and view.drawn == kind_of(hand.drawn)
        # what the view shows of the other seats is public: sizes, kong counts, discards
        assert view.hand_sizes == tuple(len(s.concealed) for s in hand.seats)
        assert view.kong_counts == tuple(len(s.kongs) for s in hand.seats)
        assert view.discards == tuple(tuple(kind_of(t) for t in s.discards) for s in hand.seats)
        assert view.declare_index == tuple(s.declare_index for s in hand.seats)
        assert view.tiles_left == hand.wall.remaining
        if view.last_discard is not None:
            discarder, tile = view.last_discard
            assert hand.phase is Phase.CLAIM and tile == view.discards[discarder][-1]
        assert view.unseen_counts() == [4 - c for c in view.visible_counts()]
        assert min(view.unseen_counts()) >= 0
        # the refusal is the seat's own: only for a pending seat with a winning shape it may not play
        if view.win_refusal is not None:
            assert seat in hand.pending() and view.win_refusal.blocks_a_winning_shape
            assert WIN not in hand.legal_actions(seat)

    def _result(self) -> None:
        hand = self.hand
        result = hand.result
        assert result is not None
        assert isinstance(hand.events[-1], HandEnded)
        assert sum(result.deltas) == 0
        assert result.deltas == hand.events[-1].deltas
        if result.exhaustive:
            assert result.winners == () and result.deltas == (0, 0, 0, 0)
            assert hand.wall.remaining == 0
            assert not any(isinstance(e, PaymentsMade) for e in hand.events)
        else:
            assert result.winners and len(result.winners) == len(result.wins)
            assert len(result.winners) == 1 or not result.self_draw
            assert [w.seat for w in result.wins] == list(result.winners)
            for win in result.wins:
                assert all(payee == win.seat for _, payee, _ in win.transfers)
                bonus = (2 if result.self_draw else 1) * hand.dealer_streak
                for payer, payee, amount in win.transfers:
                    involved = hand.dealer in (payer, payee)
                    assert amount == win.score.value + (bonus if involved else 0)
        if result.exhaustive or hand.dealer in result.winners:
            assert (result.next_dealer, result.next_dealer_streak) == (hand.dealer, hand.dealer_streak + 1)
        else:
            assert (result.next_dealer, result.next_dealer_streak) == ((hand.dealer + 1) % 4, 1)


def try_refused(hand: Hand, seat: int, action: Action) -> None:
    """An action that is not legal for `seat` raises and changes nothing."""
    if action in hand.legal_actions(seat):
        return
    before = state_snapshot(hand)
    events = list(hand.events)
    with pytest.raises(IllegalAction):
        hand.apply(seat, action)
    assert state_snapshot(hand) == before
    assert hand.events == events


def play(hand: Hand, data: st.DataObject, checker: Checker | None = None) -> list[tuple[int, Action]]:
    """Play to the end with choices drawn by hypothesis; returns the actions applied."""
    checker = checker or Checker(hand)
    checker.check()
    done: list[tuple[int, Action]] = []
    while not hand.ended:
        if data.draw(st.integers(0, 3)) == 0:
            try_refused(hand, data.draw(st.integers(-1, 4)), data.draw(st.sampled_from(EVERY_ACTION)))
        seat = data.draw(st.sampled_from(hand.pending()))
        legal = hand.legal_actions(seat)
        if data.draw(st.integers(0, 2)) == 0:
            action = data.draw(st.sampled_from(legal))
        else:
            action = AI.decide(hand.view(seat), legal)
        hand.apply(seat, action)
        done.append((seat, action))
        checker.check()
    for seat in range(4):
        try_refused(hand, seat, data.draw(st.sampled_from(EVERY_ACTION)))
    return done


# -- the properties ----------------------------------------------------------------------------


@given(table=tables, data=st.data())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_play_keeps_every_invariant_and_replays(table: tuple[int, Ruleset, int, int],
                                                       data: st.DataObject) -> None:
    seed, rules, dealer, streak = table
    hand = Hand(rules, dealer, streak, seed=seed)
    done = play(hand, data)
    again = Hand(rules, dealer, streak, seed=seed)
    for seat, action in done:
        again.apply(seat, action)
    assert again.events == hand.events
    assert again.result == hand.result


@pytest.mark.parametrize("rules", RULESETS, ids=RULE_IDS)
def test_ai_hands_keep_every_invariant(rules: Ruleset) -> None:
    """Many whole hands by the AI alone: they reach wins, kongs and 海捞 often."""
    outcomes: Counter[str] = Counter()
    for seed in range(40):
        hand = Hand(rules, seed % 4, 1 + seed % 3, seed=seed)
        checker = Checker(hand)
        checker.check()
        while not hand.ended:
            seat = hand.pending()[0]
            hand.apply(seat, AI.decide(hand.view(seat), hand.legal_actions(seat)))
            checker.check()
        result = hand.result
        assert result is not None
        outcomes["draw" if result.exhaustive else "self" if result.self_draw else "discard"] += 1
        if any(isinstance(e, KongDeclared) for e in hand.events):
            outcomes["kong"] += 1
        if len(result.winners) > 1:
            outcomes["multi"] += 1
    assert outcomes["self"] + outcomes["discard"] > 0


@given(seed=st.integers(0, 2**63 - 1), seat=st.integers(0, 3), dealer=st.integers(0, 3),
       shuffle=st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_a_seat_cannot_tell_other_hidden_tiles_apart(seed: int, seat: int, dealer: int, shuffle: int) -> None:
    """Two walls that differ only in tiles hidden from `seat` look the same to it."""
    wall = Wall.shuffled(random.Random(seed))
    first = Hand(Ruleset.hefei(), dealer, 1, wall=wall)
    mine = {i for e in first.events if isinstance(e, TilesDealt) and e.seat == seat for i in e.wall_indices}
    live = [wall.tile_at(i) for i in range(84)]
    others = [i for i in range(84) if i not in mine]
    moved = [live[i] for i in others]
    random.Random(shuffle).shuffle(moved)
    for i, t in zip(others, moved, strict=True):
        live[i] = t
    second = Hand(Ruleset.hefei(), dealer, 1, wall=Wall(live, wall.dice))
    assert [e.for_seat(seat) for e in first.events] == [e.for_seat(seat) for e in second.events]
    assert first.view(seat) == second.view(seat)
    assert first.legal_actions(seat) == second.legal_actions(seat)


@pytest.mark.slow
@given(table=tables, data=st.data())
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_refused_actions_change_nothing(table: tuple[int, Ruleset, int, int], data: st.DataObject) -> None:
    """At every decision, every action that is not legal for a seat is refused without effect."""
    seed, rules, dealer, streak = table
    hand = Hand(rules, dealer, streak, seed=seed)
    steps = 0
    while not hand.ended and steps < 8:
        for seat in range(-1, 5):
            for action in EVERY_ACTION:
                if action not in hand.legal_actions(seat):
                    try_refused(hand, seat, action)
        seat = data.draw(st.sampled_from(hand.pending()))
        hand.apply(seat, data.draw(st.sampled_from(hand.legal_actions(seat))))
        steps += 1


@given(seed=st.integers(0, 2**63 - 1), rules=st.sampled_from(RULESETS))
@settings(max_examples=8, deadline=None)
def test_same_seed_same_match(seed: int, rules: Ruleset) -> None:
    rules = rules.with_options(rounds=1)
    runs = []
    for _ in range(2):
        match = Match(rules, seed)
        events: list[Event] = []
        history = play_match(match, [SimpleAI() for _ in range(4)], MatchHooks(observer=events.append))
        runs.append((history, events, match.scores, match.first_dealer))
    assert runs[0] == runs[1]
    history, events, scores, _ = runs[0]
    assert isinstance(events[0], MatchStarted) and isinstance(events[-1], MatchEnded)
    assert sum(scores) == 0
    assert all(sum(r.result.deltas) == 0 for r in history)
    # each hand is its own seed's hand: replaying a record's seed with the AI gives its result
    record = history[-1]
    hand = Hand(rules, record.dealer, record.dealer_streak, seed=record.seed,
                hand_number=record.hand_number, round_number=record.round_number)
    while not hand.ended:
        seat = hand.pending()[0]
        hand.apply(seat, SimpleAI().decide(hand.view(seat), hand.legal_actions(seat)))
    assert hand.result == record.result
