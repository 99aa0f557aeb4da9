"""What a watcher (观战) may know of each event: what any seat knows of another seat's doings —
no concealed, dealt or drawn tile, no kong kind, no one's 8张/报听 refusal — checked on every
event of whole matches; the hand's end and the public events pass unchanged."""

from __future__ import annotations

from dataclasses import fields

import pytest

from engine.ai import SimpleAI
from engine.game import events as ev
from engine.game.rules import Ruleset
from engine.table.match import Match
from engine.table.match_loop import MatchHooks, play_match

HIDDEN = {ev.TilesDealt: "tiles", ev.TileDrawn: "tile", ev.KongDeclared: "tile"}


def _events(seed: int) -> list[ev.Event]:
    seen: list[ev.Event] = []
    seats = [SimpleAI() for _ in range(4)]
    play_match(Match(Ruleset(rounds=1), seed, ("a", "b", "c", "d")), seats, MatchHooks(observer=seen.append))
    return seen


@pytest.mark.parametrize("seed", [3, 17])
def test_a_watcher_sees_of_each_event_what_no_seat_keeps_to_itself(seed: int) -> None:
    events = _events(seed)
    kinds = {type(e) for e in events}
    assert {ev.TilesDealt, ev.TileDrawn, ev.TileDiscarded, ev.HandEnded} <= kinds
    for event in events:
        public = event.for_watcher()
        field = HIDDEN.get(type(event))
        if field is not None:
            assert getattr(public, field) is None
            assert public == event.for_seat((event.seat + 1) % 4)  # type: ignore[attr-defined]
        elif isinstance(event, ev.TileDiscarded):
            assert isinstance(public, ev.TileDiscarded) and not any(public.refusals)
            assert public.tile == event.tile  # the discard itself is public
        else:
            assert public == event  # nothing of it is anyone's own
        changed = [f.name for f in fields(event) if getattr(event, f.name) != getattr(public, f.name)]
        assert set(changed) <= {"tiles", "tile", "refusals"}
