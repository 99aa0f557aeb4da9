"""大师's own-hand rollouts (engine.ai.search.rollout): the sampled draws never contradict the
seat's view, the same seed gives the same figures and decisions, a clear rollout gain overrides
the appraisal, and 大师 with rollouts on plays only legal actions."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import MasterAI, master
from engine.ai.master import Option, rollout_for
from engine.ai.search.rollout import (
    Rollout,
    Sample,
    _ready_discard,
    make_scorer,
    roll_out,
    rollout_outcomes,
    sample_draws,
)
from engine.ai.whereabouts import read_whereabouts
from engine.game.actions import Action
from engine.game.analysis import TileCounts
from engine.game.rules import Room, Ruleset
from engine.game.tiles import NUM_KINDS, parse_tiles
from engine.game.view import Phase, SeatView

from .test_master import _table
from .test_search import VIEWS


@pytest.fixture
def rollouts_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """大师 with the rollouts on in both rooms, the wait choice too, the open room's samples read
    by where the tiles are (the parameters are read once a process: the lookup is replaced)."""
    monkeypatch.setattr(master, "rollout_for", lambda room: Rollout(wait_choice=True, read=room is Room.OPEN))


def test_the_rollouts_are_off_in_the_shipped_parameters_until_a_paired_run_says_they_gain() -> None:
    assert all(rollout_for(room) is None for room in Room)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(list(Room)), st.integers(0, 10_000), st.integers(0, 2**32 - 1), st.booleans())
def test_sampled_draws_never_contradict_the_view(room: Room, pick: int, seed: int, read: bool) -> None:
    view, _memory, _legal = VIEWS[room][pick % len(VIEWS[room])]
    unseen = view.unseen_counts()
    where = read_whereabouts(view, unseen) if read else None
    own = [0] * NUM_KINDS
    for t in (*view.concealed, *(k for k in view.kongs for _ in range(4))):
        own[t] += 1
    seen = view.visible_outside_hand()
    for sample in sample_draws(view, 4, seed, 0.6, where):
        assert len(sample.wall) == view.tiles_left == len(sample.thrown)
        assert all(t == -1 or unseen[t] > 0 for t in sample.thrown)  # a throw is an unseen kind
        drawn = [0] * NUM_KINDS
        for t in sample.wall:
            drawn[t] += 1
        for k in range(NUM_KINDS):
            # never a tile this seat holds or has seen thrown, and no kind above four
            assert drawn[k] <= unseen[k]
            assert drawn[k] + own[k] + seen[k] <= 4


def test_the_same_seed_gives_the_same_samples_and_rollouts() -> None:
    view, _memory, legal = VIEWS[Room.OPEN][40]
    first = sample_draws(view, 16, 5, 0.6)
    assert first == sample_draws(view, 16, 5, 0.6)
    assert first != sample_draws(view, 16, 6, 0.6)
    where = read_whereabouts(view, view.unseen_counts())
    assert sample_draws(view, 16, 5, 0.6, where) == sample_draws(view, 16, 5, 0.6, where)
    hand = TileCounts(_counts(view.concealed), view.kongs)
    kinds = sorted({a.tile for a in legal if a.tile is not None})[:3]
    figures = [rollout_outcomes(view, hand, k, False, first, make_scorer(view, 4.0), 0.92) for k in kinds]
    again = [rollout_outcomes(view, hand, k, False, first, make_scorer(view, 4.0), 0.92) for k in kinds]
    assert figures == again


def _counts(kinds: Sequence[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def _ready_turn(concealed: str, thrown: str, tiles_left: int) -> SeatView:
    kinds = tuple(sorted(parse_tiles(concealed)))
    return SeatView(
        seat=0, rules=Ruleset(room=Room.OPEN), phase=Phase.TURN, current=0, dealer=1, dealer_streak=1,
        hand_number=1, round_number=1, concealed=kinds, drawn=kinds[-1], kongs=(), kong_counts=(0, 0, 0, 0),
        hand_sizes=(14, 13, 13, 13), discards=((), tuple(parse_tiles(thrown)), (), ()),
        declare_index=(None,) * 4, tiles_left=tiles_left, last_discard=None, scores=(0, 0, 0, 0),
    )


# 222万 333万 4万 7万 234567条: throw 4万 and wait on 7万 alone (three copies unseen), or throw
# 7万 and wait on 2万/3万/4万/5万 — every copy of which the seat holds or has seen thrown.
HAND = "2223334m7m234567s"
THROWN = "2m3m444m5555m"
LIVE = Action.discard(parse_tiles("4m")[0])
DEAD = Action.discard(parse_tiles("7m")[0])


class _Misled(MasterAI):
    """大师 whose appraisal ranks the dead wait first: what the rollouts must overrule."""

    def appraise(self, view: SeatView, legal: Sequence[Action]) -> tuple[Option, ...]:
        options = super().appraise(view, legal)
        rest = [o for o in options if o.action != DEAD]
        return (Option(DEAD, options[0].value + 1.0), *rest)


def test_a_clear_rollout_gain_overrules_the_appraisal(rollouts_on: None) -> None:
    view = _ready_turn(HAND, THROWN, 24)
    legal = [Action.discard(t) for t in sorted(set(view.concealed))]
    assert MasterAI().decide(view, legal) == LIVE  # the appraisal counts the unseen waits too
    hand = TileCounts(_counts(view.concealed), ())
    samples = sample_draws(view, 64, 0, 0.6)
    scorer = make_scorer(view, 4.0)
    assert LIVE.tile is not None and DEAD.tile is not None
    dead = rollout_outcomes(view, hand, DEAD.tile, False, samples, scorer, 0.92)
    live = rollout_outcomes(view, hand, LIVE.tile, False, samples, scorer, 0.92)
    assert not any(dead) and sum(live) > 0  # the same draws: only the live wait ever wins
    misled = _Misled()
    assert misled.appraise(view, legal)[0].action == DEAD
    assert misled.decide(view, legal) == LIVE
    assert misled.last_rollout[LIVE] > misled.last_rollout[DEAD]


def test_without_rollouts_the_misled_appraisal_stands() -> None:
    view = _ready_turn(HAND, THROWN, 24)
    legal = [Action.discard(t) for t in sorted(set(view.concealed))]
    assert _Misled().decide(view, legal) == DEAD


def test_a_rollout_scores_a_self_drawn_win_exactly() -> None:
    view = _ready_turn(HAND, "", 24)
    hand = TileCounts(_counts(view.concealed), ())
    assert LIVE.tile is not None
    hand.remove(LIVE.tile)  # waits on 7万 alone
    scorer = make_scorer(view, 0.0)
    win = parse_tiles("7m")[0]
    other = parse_tiles("8p")[0]
    # the three others draw first (and throw nothing here), then this seat draws its wait
    wall = (other, other, other, win, *(other for _ in range(20)))
    points = roll_out(view, hand, False, Sample(wall, (-1,) * 24), scorer, 1.0)
    assert points > 0 and points == scorer.win(_with(hand, win), win, True, False, False)
    # a 7万 thrown by the next seat wins on the discard instead, paid by that seat alone
    thrown = roll_out(view, hand, False, Sample(wall, (win, *(-1 for _ in range(23)))), scorer, 1.0)
    assert 0 < thrown < points


def _with(hand: TileCounts, tile: int) -> TileCounts:
    out = hand.copy()
    out.add(tile)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("room", list(Room))
def test_master_with_rollouts_plays_seeded_hands_legally_and_deterministically(
        room: Room, rollouts_on: None, monkeypatch: pytest.MonkeyPatch) -> None:
    rolled: list[bool] = []  # per rolled-out decision: did the rollouts change the choice?
    plain = MasterAI._rolled

    def counted(ai: MasterAI, view: SeatView, options: Sequence[Option], rollout: Rollout) -> Action:
        action = plain(ai, view, options, rollout)
        rolled.append(action != options[0].action)
        return action

    monkeypatch.setattr(MasterAI, "_rolled", counted)

    def decisions(n: int) -> list[Action]:  # Recorder checks that each is legal
        return _table(room, 2000 + n, n % 4, others="hard")[1][n % 4].decisions

    first = [decisions(n) for n in range(300)]
    assert [decisions(n) for n in range(0, 300, 30)] == first[::30]
    assert len(rolled) > 300 and any(rolled)  # the rollouts ran, and sometimes disagreed


def test_a_hand_that_becomes_ready_keeps_the_wait_with_most_unseen_copies() -> None:
    for thrown, throw in (("", DEAD), (THROWN, LIVE)):
        view = _ready_turn(HAND, thrown, 24)
        hand = TileCounts(_counts(view.concealed), ())
        # throwing 7万 waits on 2-5万 (nine unseen copies) unless all are seen; then throwing
        # 4万 waits on 7万 (three)
        assert _ready_discard(hand, view.unseen_counts()) == throw.tile
        assert hand.counts == _counts(view.concealed)  # the hand is left as it was
