"""The one set-up of a match's computer seats (engine.table.setup): the same seed gives the same
seats and the same match as the code each table had before (the figures below were taken from
it), and the window's computers are named by code, never by words."""

from __future__ import annotations

from typing import Any

import pytest

from commands.selfplay import run_selfplay
from engine.ai import NormalAI
from engine.game.events import Event, TileDiscarded
from engine.game.rules import Ruleset
from engine.table.match_loop import MatchHooks, play_match
from engine.table.setup import HOST_STRIDE, PLACE, SELFPLAY_STRIDE, WINDOW_STRIDE, ai_seed, local_match


@pytest.mark.parametrize("seed", [0, 1, 78, 2**47 + 5])
def test_each_table_seeds_its_computers_as_it_always_did(seed: int) -> None:
    # the window: seed × 4 + seat; the LAN host: seed + seat; self-play: seed × 1,000,003 + seat
    window = local_match(Ruleset(), seed, ["easy"] * 3, "me")
    assert window.ai_seeds == (seed * 4 + 1, seed * 4 + 2, seed * 4 + 3)
    assert [ai_seed(seed, s, HOST_STRIDE) for s in range(4)] == [seed + s for s in range(4)]
    assert [ai_seed(seed, s, SELFPLAY_STRIDE) for s in range(4)] == [seed * 1_000_003 + s for s in range(4)]
    assert WINDOW_STRIDE == 4


def test_the_windows_match_is_the_one_it_always_was() -> None:
    setup = local_match(Ruleset(rounds=1), 78, ["easy", "normal", "hard"], "me")
    assert setup.names == ("me", PLACE, PLACE, PLACE) == ("me", "", "", "")
    state = setup.start_state()
    assert state["seed"] == 78 and state["names"] == ["me", "", "", ""]
    assert (state["dealer"], state["passes"], state["played"]) == (1, 0, 0)
    match = setup.match()
    events: list[Event] = []
    seats: list[Any] = [NormalAI(name="托管"), *setup.computers()]
    play_match(match, seats, MatchHooks(observer=events.append), max_hands=3)
    # what the window's old set-up played with seed 78 (make_ai(level, seed=seed * 4 + i + 1))
    assert len(events) == 241
    assert sum(isinstance(e, TileDiscarded) for e in events) == 83
    assert match.played == 3 and match.first_dealer == 1


def test_three_levels_or_none() -> None:
    with pytest.raises(ValueError):
        local_match(Ruleset(), 1, ["easy", "normal"], "me")


def test_self_play_plays_the_matches_it_always_did() -> None:
    report = run_selfplay(8, 5, Ruleset(rounds=1), ["easy", "normal", "simple", "hard"]).to_json()
    # the report of the self-play code before the set-up was shared, for the same arguments
    assert (report["hands"], report["matches"], report["exhaustive_draws"]) == (8, 2, 4)
    assert [s["net_score"] for s in report["seats"]] == [-32, 43, 4, -15]
    assert [s["hands_won"] for s in report["seats"]] == [1, 2, 1, 1]
