"""What the AIs read off the table: which kinds an opponent's unchanged hand cannot win on, and
where the unseen tiles are (in the wall, or kept in the hands of those who throw other suits)."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import MasterAI, make_ai
from engine.ai.master import plan_for
from engine.ai.memory import TableMemory
from engine.ai.whereabouts import read_whereabouts
from engine.game.actions import Action
from engine.game.analysis import waits_counts
from engine.game.events import KongDeclared, ReadyDeclared, TileDiscarded
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.tiles import NUM_KINDS, parse_tiles, suit_of
from engine.table.seat import HandRunner

from .test_ai import _view

M2, M5, P3, S4, S7 = parse_tiles("2m5m3p4s7s")


def _discard(seat: int, kind: int, from_drawn: bool) -> TileDiscarded:
    return TileDiscarded(seat, kind, from_drawn, False)


def test_an_unchanged_hand_cannot_win_on_what_went_by_since_it_last_changed():
    memory = TableMemory()
    memory.observe(_discard(1, M2, from_drawn=False))  # seat 1's hand changed here
    memory.observe(_discard(2, M5, from_drawn=True))
    memory.observe(_discard(3, P3, from_drawn=False))
    memory.observe(_discard(1, S4, from_drawn=True))  # it drew the 4s and threw it: no win
    memory.observe(_discard(2, S7, from_drawn=False))
    assert memory.passed_unchanged(1) == {M5, P3, S4, S7}
    assert memory.passed_unchanged(2) == set()  # its own 7s came from the hand
    assert memory.passed_unchanged(3) == {S4, S7}
    assert memory.drawn_run == {1: 1, 2: 0, 3: 0}
    # a tile from the hand, or a kong, changes the hand: nothing before it counts
    memory.observe(_discard(1, M2, from_drawn=False))
    assert memory.passed_unchanged(1) == set()
    memory.observe(_discard(3, M5, from_drawn=True))
    memory.observe(KongDeclared(3, None))
    assert memory.passed_unchanged(3) == set()
    memory.observe(ReadyDeclared(2))
    memory.observe(_discard(2, P3, from_drawn=False))
    memory.observe(_discard(3, S4, from_drawn=True))
    assert memory.passed_since_declaring(2) == {S4}


class _Watcher:
    """Checks at every discard what a seat's memory says against the host's hands."""

    def __init__(self, seat, hand: Hand, failures: list[str]) -> None:
        self.seat, self.hand, self.failures = seat, hand, failures
        self.name = seat.name
        self.memory = TableMemory()

    def on_event(self, event) -> None:
        self.memory.observe(event)
        self.seat.on_event(event)

    def decide(self, view, legal):
        for opp in range(4):
            if opp == view.seat:
                continue
            truth = self.hand.seats[opp]
            waits = set(waits_counts(truth.counts(), truth.kongs))
            wrong = waits & self.memory.passed_unchanged(opp)
            if wrong:
                self.failures.append(f"seat {opp} waits on {sorted(wrong)}, read as gone")
        return self.seat.decide(view, legal)


def test_the_reading_never_calls_a_real_wait_gone_over_seeded_hands():
    # every AI takes each win it is offered (no 过胡): a kind that went by its unchanged hand
    # is never one it waits on
    failures: list[str] = []
    for n in range(40):
        hand = Hand(Ruleset(room=Room.OPEN), dealer=n % 4, seed=500 + n)
        seats = [_Watcher(make_ai("hard", seed=n * 4 + s), hand, failures) for s in range(4)]
        HandRunner(hand, seats).run()
    assert failures == []


def test_the_suit_an_opponent_keeps_is_read_as_in_its_hand_and_not_thrown():
    # seat 1 has thrown only 万 and 条: its 饼 are in its hand, not in the wall
    view = _view("23456778m5p22588s", ["", "2345m6m2s3s4s7s", "2s", "8m"], [None] * 4, Room.OPEN)
    left = [max(0, c) for c in view.unseen_counts()]
    where = read_whereabouts(view, left)
    p3, m3 = parse_tiles("3p")[0], parse_tiles("3m")[0]
    assert where.wall[p3] / left[p3] < where.wall[m3] / left[m3]
    assert where.throws[0][p3] < where.throws[0][m3]
    # the expected wall holds the unseen tiles less about 13 in each other hand
    assert abs(sum(where.wall) - (sum(left) - 39)) < 6
    assert where.round_hit([p3]) < where.round_hit([m3])
    assert where.draw_chance([p3, m3]) == where.draw_chance([p3]) + where.draw_chance([m3])


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12))
def test_whereabouts_are_chances(seed, discards_each):
    rng = random.Random(seed)
    pool = [k for k in range(NUM_KINDS) for _ in range(4)]
    rng.shuffle(pool)
    concealed = tuple(sorted(pool[:14]))
    piles = [pool[14 + i * discards_each: 14 + (i + 1) * discards_each] for i in range(4)]
    view = replace(_view("2m", ["", "", "", ""], [None] * 4, Room.OPEN), concealed=concealed,
                   drawn=concealed[-1], discards=((), *(tuple(p) for p in piles[1:])))
    left = [max(0, c) for c in view.unseen_counts()]
    where = read_whereabouts(view, left)
    for t in range(NUM_KINDS):
        assert 0 <= where.wall[t] <= left[t] + 1e-9
    for row in where.throws:
        assert abs(sum(row) - 1) < 1e-9 or sum(left) == 0
    kinds = [t for t in range(NUM_KINDS) if suit_of(t) == 0]
    assert 0 <= where.draw_chance(kinds) <= 1
    assert 0 <= where.round_hit(kinds) <= 1


class _Both(MasterAI):
    """大师 as shipped for the open room, which also asks what it would do without reading the
    kinds that went by unchanged hands."""

    changed: list[tuple[int, list[set[int]]]]

    def decide(self, view, legal):
        choice = super().decide(view, legal)
        gone = self._gone
        self._gone = lambda opp, plan: set()  # type: ignore[method-assign]
        try:
            blind = super().decide(view, legal)
        finally:
            self._gone = gone  # type: ignore[method-assign]
        if choice != blind and choice.tile is not None:
            self.changed.append((choice.tile, [self.memory.passed_unchanged(o) for o in range(4)
                                               if o != view.seat]))
        return choice


def test_reading_what_went_by_moves_the_masters_discard_only_to_a_kind_read_as_gone():
    assert plan_for(Room.OPEN).read_passed  # the open room ships with it
    changed: list[tuple[int, list[set[int]]]] = []
    for n in range(40):
        master = _Both(seed=n)
        master.changed = changed
        hand = Hand(Ruleset(room=Room.OPEN), dealer=n % 4, seed=900 + n)
        HandRunner(hand, [master] + [make_ai("hard", seed=n * 4 + s) for s in range(1, 4)]).run()
    assert changed, "the reading never changed a discard in 40 hands"
    for tile, gone in changed:
        assert any(tile in g for g in gone)


def test_a_ready_hand_waits_where_the_others_throw(monkeypatch):
    # 345667788m 234p 22s: throw the 5m and wait on 2m/5m, or throw the 2p and wait on 2p/5p
    # (seven unseen tiles each). The others throwing 万 and keeping 饼 make the 万 wait the
    # one they deal into; the other way round, the 饼 wait.
    import engine.ai.master as master_module

    hand = "345667788m234p22s"
    m5, p2 = parse_tiles("5m")[0], parse_tiles("2p")[0]
    legal = [Action.discard(t) for t in sorted(set(parse_tiles(hand)))]
    shipped = master_module.plan_for

    def gap(piles: list[str], read: bool) -> float:
        monkeypatch.setattr(master_module, "plan_for",
                            lambda room: replace(shipped(room), read_waits=read))
        view = _view(hand, piles, [None] * 4, Room.OPEN)
        values = {o.action: o.value for o in MasterAI().appraise(view, legal)}
        return values[Action.discard(m5)] - values[Action.discard(p2)]

    throw_wan = ["", "2m3m7m8s2s", "8m2m6m7s3s", "3m6m8m2s4s"]
    throw_bing = ["", "2p3p7p8s2s", "8p3p6p7s3s", "3p6p8p2s4s"]
    assert gap(throw_wan, True) - gap(throw_wan, False) > 0.3
    assert gap(throw_bing, True) - gap(throw_bing, False) < -0.3
