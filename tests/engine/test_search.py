"""大师's search (engine.ai.search): worlds never contradict the seat's view, a playout plays
the table's rules exactly, and the same seed gives the same decisions."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import make_ai
from engine.ai.memory import TableMemory
from engine.ai.search import World, sample_world, weigh, world_problem
from engine.ai.search.playout import Playout, _greedy_discard
from engine.game.actions import WIN, Action, ActionKind
from engine.game.analysis import TileCounts, waits_counts
from engine.game.events import HandStarted
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.tiles import NUM_KINDS, kind_of
from engine.game.view import Phase, SeatView
from engine.game.wall import LAST_FOUR


class GreedySeat:
    """The playout's policy as a seat of the real engine: what a playout must reproduce."""

    def on_event(self, event: object) -> None:
        pass

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if WIN in legal:
            return WIN
        counts = [0] * NUM_KINDS
        for t in view.concealed:
            counts[t] += 1
        hand = TileCounts(counts, view.kongs)
        declared = view.declare_index[view.seat] is not None
        for action in legal:
            if action.kind is ActionKind.KONG and action.tile is not None and (
                    declared or _kong_pays(hand, action.tile)):
                return action
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        if not discards:
            return legal[-1]  # pass
        if declared:
            return discards[0]
        kind = _greedy_discard(hand)
        hand.remove(kind)
        declare = view.rules.room is Room.BAOTING and hand.missing() == 1
        return Action.discard(kind, declare)


def _kong_pays(hand: TileCounts, kind: int) -> bool:
    before = min(_without(hand, k) for k in range(NUM_KINDS) if hand.counts[k])
    after = TileCounts([0 if k == kind else c for k, c in enumerate(hand.counts)], (*hand.kongs, kind))
    return after.missing() <= before


def _without(hand: TileCounts, kind: int) -> int:
    hand.remove(kind)
    try:
        return hand.missing()
    finally:
        hand.add(kind)


def _true_world(hand: Hand, seat: int) -> World:
    """The host's knowledge as a World: every hand, every kong and the live wall in order."""
    wall = hand.wall
    live = [kind_of(wall.tile_at(i)) for i in wall.remaining_indices()]
    return World(seat, tuple(tuple(s.kinds()) for s in hand.seats), tuple(tuple(s.kongs) for s in hand.seats),
                 tuple(live), wall.snapshot()[1] % 2 == 1)


def _play_to(hand: Hand, seats: Sequence[GreedySeat], stop: int) -> None:
    """Play until `stop` actions are made (or the hand ends)."""
    while not hand.ended and len(hand.actions) < stop:
        seat = hand.pending()[0]
        hand.apply(seat, seats[seat].decide(hand.view(seat), hand.legal_actions(seat)))


@pytest.mark.parametrize("room", [Room.OPEN, Room.BAOTING])
def test_a_playout_of_the_true_world_is_the_real_hand_played_by_its_policy(room: Room) -> None:
    rules = Ruleset(room=room)
    checked = kongs_after = 0
    for seed in range(120):
        seats = [GreedySeat() for _ in range(4)]
        hand = Hand(rules, seed=seed)
        _play_to(hand, seats, 12 + seed % 20)
        if hand.ended or hand.phase is not Phase.TURN:
            continue
        seat = hand.current
        view = hand.view(seat)
        legal = hand.legal_actions(seat)
        if WIN in legal:
            continue
        action = seats[seat].decide(view, legal)
        decided = len(hand.actions)
        world = _true_world(hand, seat)
        assert world_problem(view, world) is None
        play = Playout(world, rules, hand.dealer, hand.dealer_streak, view.declared)
        assert action.tile is not None
        if action.kind is ActionKind.KONG:
            predicted = play.kong(seat, action.tile)
        else:
            predicted = play.discard(seat, action.tile, action.declare)
        hand.apply(seat, action)
        _play_to(hand, seats, 10_000)
        assert hand.result is not None
        assert predicted == hand.result.deltas, f"seed {seed}"
        checked += 1
        kongs_after += any(a.kind is ActionKind.KONG for _, a in hand.actions[decided:])
    assert checked >= 40 and kongs_after >= 1  # the back of the wall was drawn from too


def _views(room: Room, seeds: int) -> list[tuple[SeatView, TableMemory, list[Action]]]:
    """Decisions of 大师 seats over some seeded hands, with each seat's memory then."""
    out = []
    rules = Ruleset(room=room)
    for seed in range(seeds):
        hand = Hand(rules, seed=seed)
        ais = [make_ai("hard", seed=s) for s in range(4)]
        shown = 0
        while not hand.ended:
            for event in hand.events[shown:]:
                for s, ai in enumerate(ais):
                    ai.on_event(event.for_seat(s))
            shown = len(hand.events)
            seat = hand.pending()[0]
            view, legal = hand.view(seat), hand.legal_actions(seat)
            if any(a.kind is ActionKind.DISCARD for a in legal):
                memory = TableMemory()
                for event in hand.events:
                    if not isinstance(event, HandStarted):
                        memory.observe(event.for_seat(seat))
                out.append((view, memory, list(legal)))
            hand.apply(seat, ais[seat].decide(view, legal))
    return out


VIEWS = {room: _views(room, 6) for room in Room}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(list(Room)), st.integers(0, 10_000), st.integers(0, 2**32 - 1))
def test_worlds_never_contradict_the_view(room: Room, pick: int, seed: int) -> None:
    views = VIEWS[room]
    view, memory, _legal = views[pick % len(views)]
    world = sample_world(view, memory, random.Random(seed))
    assert world_problem(view, world) is None
    # nothing this seat has seen elsewhere is in a hidden place, and no kind above four
    seen = view.visible_counts()
    hidden = [0] * NUM_KINDS
    for s in range(4):
        if s != view.seat:
            for t in world.hands[s]:
                hidden[t] += 1
            for k in world.kongs[s]:
                hidden[k] += 4
    for t in world.wall:
        hidden[t] += 1
    assert all(seen[k] + hidden[k] == 4 for k in range(NUM_KINDS))
    # a declared hand is ready, on no kind that went by it since
    for s in range(4):
        size = len(world.hands[s]) + 3 * len(world.kongs[s])
        if s != view.seat and view.declare_index[s] is not None and size == 13:
            counts = [0] * NUM_KINDS
            for t in world.hands[s]:
                counts[t] += 1
            waits = set(waits_counts(counts, world.kongs[s]))
            if waits:  # a fit is found within the bounded tries in nearly every sample
                assert not waits & memory.passed_since_declaring(s)


def test_the_same_seed_gives_the_same_worlds_and_figures() -> None:
    view, memory, legal = VIEWS[Room.OPEN][40]
    first = [sample_world(view, memory, random.Random(5)) for _ in range(8)]
    again = [sample_world(view, memory, random.Random(5)) for _ in range(8)]
    assert first == again
    discards = [a for a in legal if a.kind is ActionKind.DISCARD][:3]
    assert weigh(view, discards, first) == weigh(view, discards, again)


def test_the_last_four_is_reached_with_the_wall() -> None:
    assert LAST_FOUR == 4
