"""The tutorial's scripted hand (engine.table.tutorial): a legal wall, and the engine's events in the
order the tutorial explains them, without Qt."""

from __future__ import annotations

from collections import Counter

from engine.game.actions import PASS, ActionKind
from engine.game.events import Event, HandWon, LastFourStarted, TileDrawn
from engine.game.scoring import WinRefusal
from engine.game.tiles import COPIES, NUM_KINDS, NUM_TILES, kind_of, parse_tile
from engine.table.match_loop import MatchHooks, play_match
from engine.table.tutorial import (
    MOMENTS,
    PLAYER,
    SCRIPTED_ORDER,
    ScriptedPlayer,
    ScriptedSeat,
    TutorialMatch,
    decision_moments,
    event_moment,
    scripted_marks,
    tutorial_wall,
)


def _play() -> tuple[TutorialMatch, ScriptedPlayer, list[Event]]:
    match = TutorialMatch(["我", "下家", "对家", "上家"])
    player = ScriptedPlayer()
    events: list[Event] = []
    seats = [player, *(ScriptedSeat(n) for n in ("下家", "对家", "上家"))]
    play_match(match, seats, MatchHooks(observer=events.append))
    return match, player, events


def test_the_scripted_wall_holds_each_kind_four_times() -> None:
    wall = tutorial_wall()
    ids = [wall.tile_at(i) for i in range(NUM_TILES)]
    assert sorted(ids) == list(range(NUM_TILES))
    kinds = Counter(kind_of(t) for t in ids)
    assert len(ids) == 84 and kinds == {k: COPIES for k in range(NUM_KINDS)}


def test_the_engine_plays_the_moments_in_the_scripted_order() -> None:
    match, player, events = _play()
    # the first decision: a complete hand refused by the 8-tile rule; none after it
    assert player.refusals == [WinRefusal.EIGHT, None, None, None]
    assert player.moves == []  # every scripted move was legal and taken
    assert scripted_marks(events) == list(SCRIPTED_ORDER)
    assert match.over and len(match.history) == 1
    result = match.history[0].result
    assert result.winners == (PLAYER,) and result.self_draw
    won = next(e for e in events if isinstance(e, HandWon))
    items = won.score.as_items_dict()
    assert items["last_four"] == 10 and items["gang"] == 2 and items["base"] == 12
    assert won.tile == parse_tile("5m")
    back = next(e for e in events if isinstance(e, TileDrawn) and e.from_back)
    assert back.seat == PLAYER and back.wall_index == 82  # the top of the last stack
    last_four = next(e for e in events if isinstance(e, LastFourStarted))
    assert last_four.first_seat != PLAYER  # the player sees another seat's 海捞 draw first


def test_the_opponents_only_discard_what_they_draw_and_pass() -> None:
    _match, _player, events = _play()
    ended = events[-2]
    actions = [a for seat, a in getattr(ended, "actions", ()) if seat != PLAYER]
    assert actions and all(a.kind is ActionKind.DISCARD or a == PASS for a in actions)
    assert not any(a.declare for a in actions)


def test_each_moment_starts_once_in_the_order_of_the_list() -> None:
    """What the player's view shows, decisions and events in their order, starts the moments in
    the order MOMENTS lists them (the last one, "done", comes with the match's end)."""
    _match, player, _events = _play()
    seen: set[str] = set()
    shown: list[str] = []
    decisions = list(player.decided_after)
    for index, event in enumerate(player.events):
        while decisions and decisions[0] == index:
            keys = decision_moments(len(player.decided_after) - len(decisions))
            seen.update(keys)
            shown.extend(keys)
            decisions.pop(0)
        key = event_moment(event, seen)
        if key is not None:
            seen.add(key)
            shown.append(key)
    assert shown == [m.key for m in MOMENTS][:-1]
