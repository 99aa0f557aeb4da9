"""The lobby's state alone (no sockets): seats, AI, ready flags and the RULES §3 countdown,
with a clock the test turns."""

from __future__ import annotations

import pytest

from engine.game.rules import Ruleset
from engine.net.lobby import LobbyError, LobbyState
from engine.net.messages import TableInfo
from tests.clocks import FakeClock


def _lobby(countdown: float = 15.0) -> tuple[LobbyState, FakeClock]:
    clock = FakeClock(100.0)
    return LobbyState(countdown, clock), clock


def test_people_take_the_first_free_seat_and_a_full_table_takes_no_more() -> None:
    lobby, _ = _lobby()
    assert [lobby.join(n) for n in "abcd"] == [0, 1, 2, 3]
    assert lobby.join("e") is None
    assert lobby.free_seats == 0 and lobby.all_taken
    assert lobby.leave(1)
    assert not lobby.leave(1)  # leaving again changes nothing
    assert lobby.join("f", "一级·新手") == 1
    seat = lobby.seats[1]
    assert (seat.kind, seat.name, seat.title) == ("person", "f", "一级·新手")
    assert (seat.ready, seat.connected) == (False, True)


def test_an_ai_is_always_ready_and_takes_the_seat_it_is_given() -> None:
    lobby, _ = _lobby()
    lobby.join("a")
    assert lobby.add_ai(2, "hard") == 2
    assert lobby.add_ai(None, "easy") == 1
    ai = lobby.seats[2]
    assert (ai.kind, ai.ready, ai.connected, ai.level) == ("ai", True, True, "hard")
    with pytest.raises(LobbyError):
        lobby.add_ai(0)  # a person sits there
    with pytest.raises(LobbyError):
        lobby.add_ai(3, "genius")
    with pytest.raises(LobbyError):
        lobby.add_ai(7)
    with pytest.raises(LobbyError):
        lobby.remove_ai(0)  # not an AI
    assert lobby.remove_ai(2) and lobby.seats[2].kind == "empty"
    assert lobby.fill_with_ai("normal") == [2, 3]
    assert lobby.all_taken
    with pytest.raises(LobbyError):
        lobby.add_ai()
    with pytest.raises(LobbyError):
        lobby.set_ready(1, True)  # an AI's ready is not a person's to set


def test_all_ready_only_when_every_seat_is_taken_and_ready() -> None:
    lobby, _ = _lobby()
    lobby.join("a")
    lobby.set_ready(0, True)
    lobby.add_ai(1)
    assert not lobby.all_ready  # two seats empty
    lobby.fill_with_ai()
    assert lobby.all_ready


def test_three_ready_start_the_fourths_countdown_which_then_makes_it_ready() -> None:
    lobby, clock = _lobby(15.0)
    for name in "abcd":
        lobby.join(name)
    for seat in (0, 1):
        lobby.set_ready(seat, True)
    assert lobby.countdown_left() is None
    lobby.set_ready(2, True)  # three of four: the countdown begins
    assert lobby.countdown_left() == 15.0
    clock.now += 10
    assert lobby.countdown_left() == pytest.approx(5.0)
    assert not lobby.tick() and not lobby.all_ready
    clock.now += 5
    assert lobby.tick()
    assert lobby.all_ready and lobby.seats[3].ready and lobby.countdown_left() is None


def test_the_countdown_stops_when_three_are_no_longer_ready_or_a_seat_empties() -> None:
    lobby, clock = _lobby(15.0)
    for name in "abc":
        lobby.join(name)
    lobby.add_ai(3)  # an AI counts as ready
    lobby.set_ready(0, True)
    lobby.set_ready(1, True)
    assert lobby.countdown_left() == 15.0
    lobby.set_ready(1, False)
    assert lobby.countdown_left() is None
    clock.now += 100
    assert not lobby.tick() and not lobby.seats[2].ready
    lobby.set_ready(1, True)
    assert lobby.countdown_left() == 15.0  # a new countdown, full length
    lobby.leave(0)
    assert lobby.countdown_left() is None
    lobby.join("e")
    lobby.set_ready(0, True)
    lobby.set_ready(2, True)  # four ready: no countdown, the match may start
    assert lobby.all_ready and lobby.countdown_left() is None


def test_the_hosts_start_needs_every_seat_and_makes_all_ready() -> None:
    lobby, _ = _lobby()
    lobby.join("a")
    lobby.join("b")
    with pytest.raises(LobbyError):
        lobby.make_all_ready()
    lobby.fill_with_ai()
    assert lobby.make_all_ready()
    assert lobby.all_ready


def test_a_snapshot_is_the_lobby_message() -> None:
    lobby, clock = _lobby(15.0)
    for name in "abc":
        lobby.join(name)
        lobby.set_ready(lobby.seats.index(next(s for s in lobby.seats if s.name == name)), True)
    lobby.join("d")  # three ready, the fourth just came: its countdown runs
    clock.now += 3
    info = TableInfo("0123456789abcdef", "t", 47321, "open", 1, lobby.free_seats, False, False, "0.1.0")
    snapshot = lobby.snapshot(info, Ruleset(), ("10.0.0.2:47321",))
    assert snapshot.seats == lobby.seats and snapshot.countdown == pytest.approx(12.0)
    assert snapshot.addresses == ("10.0.0.2:47321",) and snapshot.table.seats_free == 0


def test_the_countdown_goes_on_from_where_it_stopped_when_a_seat_is_taken_again() -> None:
    lobby, clock = _lobby(15.0)
    for name in "abc":
        lobby.set_ready(lobby.join(name) or 0, True)
    lobby.join("stranger")
    assert lobby.countdown_left() == 15.0
    for _ in range(5):  # the stranger leaves and comes back, again and again
        clock.now += 2.0
        lobby.leave(3)
        assert lobby.countdown_left() is None
        clock.now += 100.0  # the empty seat costs nothing
        lobby.join("stranger")
    assert lobby.countdown_left() == 5.0  # 15 - 5 × 2: not 15 again
    clock.now += 5.0
    assert lobby.tick() and lobby.all_ready


def test_a_name_already_at_the_table_is_told_apart_by_a_number() -> None:
    """QA: two players named Alice were both seated as "Alice" (a stranger could pass for a friend)."""
    lobby, _ = _lobby()
    lobby.add_ai(3)
    assert [lobby.join(n) for n in ("Alice", "alice", "Alice", "AI 4")] == [0, 1, 2, None]
    assert [s.name for s in lobby.seats] == ["Alice", "alice 2", "Alice 3", "AI 4"]
    lobby.leave(1)
    long = "名" * 24
    assert lobby.join(long) == 1 and lobby.leave(0) and lobby.join(long) == 0
    assert lobby.seats[0].name == "名" * 22 + " 2" and len(lobby.seats[0].name) == 24
