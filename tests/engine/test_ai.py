"""The AI ladder: legal, deterministic play at every level, and the hard AI's defence."""

from __future__ import annotations

import random

import pytest

from engine.ai import LEVELS, HardAI, make_ai
from engine.ai.evaluate import candidates, own_hand
from engine.game.actions import Action
from engine.game.analysis import TileCounts, _improving_slow
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.tiles import parse_tiles, to_counts
from engine.game.view import Phase, SeatView
from engine.table.seat import HandRunner


class Recorder:
    """Wraps a seat, recording every decision it makes."""

    def __init__(self, seat):
        self.seat = seat
        self.name = seat.name
        self.decisions: list[Action] = []

    def on_event(self, event):
        self.seat.on_event(event)

    def decide(self, view, legal):
        action = self.seat.decide(view, legal)
        assert action in legal, f"{self.name} chose {action}, not one of {legal}"
        self.decisions.append(action)
        return action


def _play(level: str, seed: int, room: Room, hands: int) -> tuple[list[list[Action]], int]:
    rng = random.Random(seed)
    log: list[list[Action]] = []
    fallbacks = 0
    for n in range(hands):
        seats = [Recorder(make_ai(level, seed=seed * 100 + n * 4 + s)) for s in range(4)]
        hand = Hand(Ruleset(room=room), dealer=n % 4, seed=rng.getrandbits(32))
        runner = HandRunner(hand, seats)
        runner.run()
        fallbacks += runner.fallbacks
        assert hand.result is not None and sum(hand.result.deltas) == 0
        log.append([a for s in seats for a in s.decisions])
    return log, fallbacks


@pytest.mark.slow
@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv != "master"])  # 大师: test_master.py
def test_every_level_plays_200_hands_legally_and_deterministically(level):
    hands = 100 if level == "hard" else 200
    first, fallbacks = _play(level, 5, Room.OPEN, hands)
    assert fallbacks == 0
    again, _ = _play(level, 5, Room.OPEN, hands)
    assert first == again
    baoting, fallbacks = _play(level, 6, Room.BAOTING, hands)
    assert fallbacks == 0
    declared = sum(1 for decisions in baoting for a in decisions if a.declare)
    assert declared > 0, "an AI never declared ready in a 报听 room"
    if level == "hard":  # the other levels, on the same half: the full 200 for hard is the benchmark
        more, fallbacks = _play(level, 7, Room.OPEN, 100)
        assert fallbacks == 0 and len(more) == 100


def test_make_ai_rejects_an_unknown_level():
    with pytest.raises(ValueError, match="unknown AI level"):
        make_ai("grandmaster")


def test_improving_draws_lookup_matches_adding_each_tile():
    rng = random.Random(1)
    wall = [t for t in range(21) for _ in range(4)]
    for _ in range(3000):
        hand = TileCounts(to_counts(rng.sample(wall, 13)))
        left = [rng.randint(0, 3) for _ in range(21)]
        assert hand.improving_draws(left) == _improving_slow(hand, left)


def _view(concealed: str, discards: list[str], declare_index: list[int | None], room: Room,
          tiles_left: int = 20) -> SeatView:
    kinds = tuple(sorted(parse_tiles(concealed)))
    return SeatView(
        seat=0, rules=Ruleset(room=room), phase=Phase.TURN, current=0, dealer=1, dealer_streak=1,
        hand_number=1, round_number=1, concealed=kinds, drawn=kinds[-1], kongs=(),
        kong_counts=(0, 0, 0, 0), hand_sizes=(14, 13, 13, 13),
        discards=tuple(tuple(parse_tiles(d)) for d in discards), declare_index=tuple(declare_index),
        tiles_left=tiles_left, last_discard=None, scores=(0, 0, 0, 0),
    )


def test_hard_ai_avoids_the_discard_a_declared_player_is_likely_to_win_on():
    # 5p and 5s are both useless here (same shanten): tile efficiency throws the 5p, the only
    # 饼. But seat 1 has declared ready and discarded only 万 and 条: it keeps 饼, so the hard AI
    # keeps its 5p and throws the 5s.
    from engine.ai import NormalAI

    concealed = "23456778m5p22588s"
    piles = ["", "2345m6m2s3s4s7s", "2s", "8m"]
    five_p, five_s = parse_tiles("5p")[0], parse_tiles("5s")[0]
    threatened = _view(concealed, piles, [None, 5, None, None], Room.BAOTING)
    hand, left = own_hand(threatened), threatened.unseen_counts()
    options = {c.tile: c for c in candidates(hand, left, [five_p, five_s], full=True)}
    assert options[five_p].shanten == options[five_s].shanten
    both = [Action.discard(five_p), Action.discard(five_s)]
    assert NormalAI().decide(threatened, both) == Action.discard(five_p)
    assert HardAI().decide(threatened, both) == Action.discard(five_s)
    # with every discard allowed it still never throws the 5p (it may fold further, to a 2s
    # the declared player has let pass)
    legal = [Action.discard(t) for t in sorted(set(threatened.concealed))]
    assert HardAI().decide(threatened, legal) != Action.discard(five_p)
    # the same table with nobody declared: nothing to fear, and the hard AI plays efficiently
    calm = _view(concealed, piles, [None, None, None, None], Room.BAOTING)
    assert HardAI().decide(calm, both) == Action.discard(five_p)


def test_hard_ai_treats_a_tile_a_declared_player_let_pass_as_nearly_safe():
    from engine.game.events import HandStarted, ReadyDeclared, TileDiscarded

    ai = HardAI()
    ai.on_event(HandStarted(1, 1, 1, 1, (0, 0, 0, 0)))
    ai.on_event(TileDiscarded(1, parse_tiles("7m")[0], False, False))
    ai.on_event(ReadyDeclared(1))
    ai.on_event(TileDiscarded(1, parse_tiles("3m")[0], False, True))
    ai.on_event(TileDiscarded(2, parse_tiles("5p")[0], True, False))  # seat 1 did not win on it
    view = _view("23456778m3344p5p8p", ["", "7m3m", "5p", ""], [None, 1, None, None], Room.BAOTING)
    danger = ai._danger(view, view.unseen_counts())
    five_p, six_p = parse_tiles("5p")[0], parse_tiles("6p")[0]
    assert danger[five_p] < 0.3 * danger[six_p]
