"""荒庄: who was 听 on which tiles, read from the seat's own events and what the end reveals."""

from __future__ import annotations

from engine.ai import SimpleAI
from engine.game import events as ev
from engine.game.analysis import waits_counts
from engine.game.hand import Hand
from engine.game.rules import Ruleset
from engine.table.seat import HandRunner
from engine.table.summary import HandSummary, track, waits_before_last_four


def test_the_waits_are_those_of_each_hand_before_its_last_four_tile_over_seeded_hands():
    checked = 0
    for seed in range(30):
        hand = Hand(Ruleset(), dealer=seed % 4, seed=seed)
        HandRunner(hand, [SimpleAI() for _ in range(4)]).run()
        summary = HandSummary()
        for event in hand.events:
            summary = track(summary, event.for_seat(0))  # what seat 0 saw: others' draws hidden
        waits = waits_before_last_four(summary)
        ended = summary.ended
        assert ended is not None
        if not ended.exhaustive:
            assert waits is None
            continue
        assert waits is not None
        checked += 1
        drawn = {e.seat: e.tile for e in hand.events if isinstance(e, ev.TileDrawn) and e.last_four}
        for seat in range(4):
            counts = [0] * 21
            for kind in ended.concealed[seat]:
                counts[kind] += 1
            tile = drawn[seat]
            assert tile is not None
            counts[tile] -= 1  # the engine's own record of the 海捞 tile
            assert waits[seat] == waits_counts(counts, ended.kongs[seat])
    assert checked >= 5
