"""大师 (master AI): legal and deterministic, plans for value and reads declared hands; and the
复盘 built on it: 0 loss for its own moves, figures that reproduce from the saved hand."""

from __future__ import annotations

import json
import random

import pytest

from engine.ai import HardAI, MasterAI, NormalAI, make_ai
from engine.game.actions import Action
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.tiles import parse_tiles, suit_of
from engine.game.view import Phase, SeatView
from engine.records.replay import record
from engine.records.review import ReviewStopped, review_hand
from engine.table.seat import HandRunner

from .test_ai import Recorder, _view


def _table(room: Room, seed: int, master_seat: int, others: str = "normal") -> tuple[Hand, list[Recorder]]:
    seats = [Recorder(MasterAI() if s == master_seat else make_ai(others, seed=seed * 4 + s))
             for s in range(4)]
    hand = Hand(Ruleset(room=room), dealer=seed % 4, seed=seed)
    runner = HandRunner(hand, seats)
    runner.run()
    assert runner.fallbacks == 0, runner.problems
    assert hand.result is not None and sum(hand.result.deltas) == 0
    return hand, seats


@pytest.mark.slow
@pytest.mark.parametrize("room", list(Room))
def test_master_plays_500_seeded_hands_per_room_legally_and_deterministically(room):
    decisions = []
    for n in range(500):  # Recorder asserts every action is one of the legal ones
        _, seats = _table(room, 1000 + n, n % 4)
        decisions.append(seats[n % 4].decisions)
    again = [_table(room, 1000 + n, n % 4)[1][n % 4].decisions for n in range(0, 500, 25)]
    assert again == decisions[::25]
    if room is Room.BAOTING:
        assert any(a.declare for d in decisions for a in d), "大师 never declared ready"


def _turn(concealed: str, tiles_left: int) -> SeatView:
    kinds = tuple(sorted(parse_tiles(concealed)))
    return SeatView(
        seat=0, rules=Ruleset(room=Room.OPEN), phase=Phase.TURN, current=0, dealer=1, dealer_streak=1,
        hand_number=1, round_number=1, concealed=kinds, drawn=kinds[-1], kongs=(), kong_counts=(0, 0, 0, 0),
        hand_sizes=(14, 13, 13, 13), discards=((), (), (), ()), declare_index=(None,) * 4,
        tiles_left=tiles_left, last_discard=None, scores=(0, 0, 0, 0),
    )


def test_master_keeps_a_qingyise_run_early_and_takes_the_ready_hand_late():
    # 12 条 and a pair of 3万: throwing an 8s is ready at once (about 16 points a win);
    # throwing a 3万 leaves a one-suit hand one step from ready (清一色, +30).
    hand = "223345566778s33m"
    legal = [Action.discard(t) for t in sorted(set(parse_tiles(hand)))]
    early, late = _turn(hand, 31), _turn(hand, 20)
    for ai in (NormalAI(), HardAI()):
        tile = ai.decide(early, legal).tile
        assert tile is not None and suit_of(tile) == 2  # speed first: they break the one suit
    choice = MasterAI().decide(early, legal)
    assert choice == Action.discard(parse_tiles("3m")[0])
    # with fewer draws left the 清一色 run is no longer worth the step: the ready hand
    tile = MasterAI().decide(late, legal).tile
    assert tile is not None and suit_of(tile) == 2
    values = {o.action: o.value for o in MasterAI().appraise(early, legal)}
    assert values[choice] > values[Action.discard(parse_tiles("8s")[0])] + 1


def test_master_folds_the_5p_against_a_declared_bing_hand():
    # Seat 1 declared ready after discarding only 万 and 条: it keeps 饼. 5p and 5s cost the
    # same shanten; tile efficiency throws the lone 5p, 大师 keeps it.
    concealed = "23456778m5p22588s"
    piles = ["", "2345m6m2s3s4s7s", "2s", "8m"]
    five_p, five_s = parse_tiles("5p")[0], parse_tiles("5s")[0]
    threatened = _view(concealed, piles, [None, 5, None, None], Room.BAOTING)
    both = [Action.discard(five_p), Action.discard(five_s)]
    assert NormalAI().decide(threatened, both) == Action.discard(five_p)
    assert MasterAI().decide(threatened, both) == Action.discard(five_s)
    legal = [Action.discard(t) for t in sorted(set(threatened.concealed))]
    assert MasterAI().decide(threatened, legal) != Action.discard(five_p)
    calm = _view(concealed, piles, [None, None, None, None], Room.BAOTING)
    assert MasterAI().decide(calm, both) == Action.discard(five_p)  # nobody can win on it


def test_appraise_ranks_every_legal_action_and_decide_takes_the_first():
    view = _turn("223345566778s33m", 31)
    legal = [Action.discard(t) for t in sorted(set(view.concealed))]
    options = MasterAI().appraise(view, legal)
    assert sorted(o.action for o in options) == sorted(legal)
    assert [o.value for o in options] == sorted((o.value for o in options), reverse=True)
    assert MasterAI().decide(view, legal) == options[0].action


@pytest.mark.parametrize("seed", [3, 17, 40])
def test_review_finds_no_loss_in_the_masters_own_moves(seed):
    hand, _ = _table(Room.OPEN, seed, 0, others="easy")
    review = review_hand(record(hand), 0)
    assert review.decisions, "大师 had no choice in a whole hand"
    assert all(d.loss == 0 and d.made == d.best for d in review.decisions)
    assert review.agreement == 1.0 and review.mistakes() == []


def test_review_of_a_weaker_player_lists_its_biggest_mistakes_first_and_reproduces():
    rng = random.Random(8)
    for _ in range(10):
        seed = rng.randrange(10**6)
        hand, _ = _table(Room.OPEN, seed, 0, others="easy")
        data = json.loads(json.dumps(record(hand)))  # as saved in the history
        review = review_hand(data, 1)
        if review.mistakes():
            break
    else:
        pytest.fail("an easy AI made no mistake in ten hands")
    mistakes = review.mistakes()
    assert [m.loss for m in mistakes] == sorted((m.loss for m in mistakes), reverse=True)
    assert all(m.made != m.best and m.loss > 0 for m in mistakes)
    assert review.agreement is not None and review.agreement < 1
    again = review_hand(json.loads(json.dumps(data)), 1)
    assert again.summary() == review.summary()
    assert [(d.step, d.made, d.options) for d in again.decisions] == [
        (d.step, d.made, d.options) for d in review.decisions]


def test_a_review_asked_to_stop_stops_there_and_gives_nothing(monkeypatch):
    hand, _ = _table(Room.OPEN, 3, 0, others="easy")
    data = record(hand)
    appraised: list[int] = []
    appraise = MasterAI.appraise

    def counting(self, view, legal):
        appraised.append(len(legal))
        return appraise(self, view, legal)

    monkeypatch.setattr(MasterAI, "appraise", counting)
    whole = review_hand(data, 0, should_stop=lambda: False)  # never asked: the same review
    assert whole.summary() == review_hand(data, 0).summary()
    decisions = len(whole.decisions)
    assert decisions >= 4 and len(appraised) == 2 * decisions
    appraised.clear()
    asked: list[int] = []
    stop_after = len(data["actions"]) // 2

    def should_stop() -> bool:
        asked.append(len(asked))
        return len(asked) > stop_after

    with pytest.raises(ReviewStopped):
        review_hand(data, 0, should_stop=should_stop)
    assert len(asked) == stop_after + 1  # asked before each step, not once more after the yes
    assert 0 < len(appraised) < decisions  # 大师 weighed the first half only


def test_review_refuses_a_bad_seat_and_a_damaged_record():
    from engine.records.replay import ReplayError

    hand, _ = _table(Room.OPEN, 5, 0)
    data = record(hand)
    with pytest.raises(ValueError):
        review_hand(data, 4)
    broken = dict(data, actions=[[0, {"kind": "discard", "tile": 99}]])
    with pytest.raises(ReplayError):
        review_hand(broken, 0)


def test_the_risk_and_offence_hooks_are_what_every_discard_is_valued_by():
    # benchmarks/master_study.py's oracle and calibration replace these two public methods:
    # a subclass that makes one kind ruinous, or worth nothing to keep, must change the choice
    view = _turn("223345566778s33m", 31)
    legal = [Action.discard(t) for t in sorted(set(view.concealed))]
    first = MasterAI().decide(view, legal)

    class Feared(MasterAI):
        def risk(self, view, plan):
            out = super().risk(view, plan)
            assert first.tile is not None
            out[first.tile] += 1000.0
            return out

    class Hopeless(MasterAI):
        def offence(self, view, hand, left, c, declare, plan):
            value, pure = super().offence(view, hand, left, c, declare, plan)
            return (value + 1000.0 if c.tile == parse_tiles("2s")[0] else value), pure

    assert Feared().decide(view, legal) != first
    assert Hopeless().decide(view, legal) == Action.discard(parse_tiles("2s")[0])


def test_the_study_overrides_only_the_public_hooks_of_master():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "master_study.py"
    spec = importlib.util.spec_from_file_location("master_study", path)
    assert spec is not None and spec.loader is not None
    study = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(study)
    for cls in (study.Oracle, study.Calibrated):
        overridden = {n for n, v in vars(cls).items() if callable(v) and not n.startswith("__")}
        assert overridden, cls
        for name in overridden:
            assert not name.startswith("_"), f"{cls.__name__} overrides private {name}"
            assert callable(getattr(MasterAI, name, None)), f"{cls.__name__}.{name} hooks nothing"


def test_only_the_baoting_room_ships_a_danger_model_and_the_open_room_does_not_ask_for_one():
    from engine.ai.danger_model import model_for
    from engine.ai.master import plan_for

    assert not plan_for(Room.OPEN).learnt_danger
    assert plan_for(Room.BAOTING).learnt_danger
    assert any(model_for(Room.BAOTING).weights)
    with pytest.raises(ValueError):
        model_for(Room.OPEN)
