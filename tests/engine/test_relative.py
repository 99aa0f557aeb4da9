"""Seats as one player sees them (the LAN client at any seat draws itself at the bottom)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ai import SimpleAI
from engine.game import events as ev
from engine.game.rules import Room, Ruleset
from engine.game.view import SeatView
from engine.net.relative import relative, turned, unclassified
from engine.table.decision import DecisionRequest
from engine.table.match import Match
from engine.table.match_loop import play_match


def test_every_field_of_every_event_and_of_the_view_says_whether_it_holds_seats() -> None:
    assert unclassified() == []


class Listener(SimpleAI):
    def __init__(self, seat: int, got: list[Any]) -> None:
        super().__init__()
        self.seat, self.got = seat, got

    def on_event(self, event: object) -> None:
        self.got.append(event)

    def decide(self, view: SeatView, legal: Any) -> Any:
        self.got.append(DecisionRequest(len(self.got), view, tuple(legal), None))
        return super().decide(view, legal)


def _streams(room: Room, seed: int) -> list[list[Any]]:
    streams: list[list[Any]] = [[], [], [], []]
    play_match(Match(Ruleset(room=room, rounds=1), seed), [Listener(s, streams[s]) for s in range(4)],
               max_hands=3)
    return streams


@pytest.mark.parametrize("room", list(Room))
def test_turning_to_a_seat_and_back_changes_nothing_and_puts_that_seat_at_the_bottom(room: Room) -> None:
    streams = _streams(room, 61)
    for me, stream in enumerate(streams):
        for message in stream:
            mine = relative(message, me)
            assert relative(mine, (4 - me) % 4) == message
            if isinstance(mine, DecisionRequest):
                assert mine.view.seat == 0
                assert mine.view.hand_sizes[0] == len(mine.view.concealed)
            if isinstance(mine, ev.TilesDealt | ev.TileDrawn) and (
                    mine.tiles if isinstance(mine, ev.TilesDealt) else mine.tile) is not None:
                assert mine.seat == 0  # the tiles this player may see are its own: at the bottom
            if isinstance(message, ev.HandEnded):
                assert isinstance(mine, ev.HandEnded)
                assert mine.scores[0] == message.scores[me] and mine.concealed[0] == message.concealed[me]
                assert mine.next_dealer == (message.next_dealer - me) % 4
                assert [s for s, _ in mine.actions] == [(s - me) % 4 for s, _ in message.actions]


def test_the_tables_model_shows_any_seat_as_the_player_at_the_bottom() -> None:
    """Fed the turned stream of seat k, the GUI's model holds seat k's tiles as its own."""
    from gui.table.model import HUMAN, TableModel

    streams = _streams(Room.OPEN, 62)
    for me, stream in enumerate(streams):
        model = TableModel()
        for message in stream:
            if isinstance(message, DecisionRequest):
                assert model.human_kinds() == sorted(message.view.concealed)
                continue
            model.apply(relative(message, me))
            if isinstance(message, ev.HandEnded):
                assert sorted(model.scores) == sorted(message.scores)
                assert model.scores[HUMAN] == message.scores[me]


def test_a_seat_out_of_range_and_a_foreign_value_are_refused() -> None:
    with pytest.raises(ValueError):
        relative(ev.ReadyDeclared(1), 4)
    with pytest.raises(TypeError):
        relative("text", 1)


def test_names_and_titles_turn_as_the_events_do() -> None:
    """The LAN table turns the names and titles of its Started message with the same rule as the
    events: each seat sees itself first, then its 下家, 对家, 上家."""
    names = ("A", "B", "C", "D")
    assert turned(names, 2) == ("C", "D", "A", "B")
    for me in range(4):
        started = ev.MatchStarted({}, names, 0)
        assert turned(names, me) == relative(started, me).names
    assert turned((), 3) == ()
