"""The lobby over the wire: a lobby message on every change, ready toggles, the RULES §3
countdown, leaving, the host's AI seats and start, and the host closing the table."""

from __future__ import annotations

import threading
import time

import pytest

from engine.game.rules import Ruleset
from engine.net import messages as m
from engine.net.lobby import LobbyError
from tests.net.helpers import hosted, join
from tests.net.raw_client import RawClient

WAITING = Ruleset(rounds=1, time_limit=None)  # a person's decision waits: the match stays on


def _lobby_where(client: RawClient, check: object, timeout: float = 20.0) -> m.Lobby:
    deadline = time.monotonic() + timeout
    while True:
        lobby = client.read_until(m.Lobby, max(0.01, deadline - time.monotonic()))
        if callable(check) and check(lobby):
            return lobby


def test_everyone_gets_a_lobby_on_every_change() -> None:
    changes = threading.Semaphore(0)
    with hosted() as host:
        host.on_change = changes.release
        a, welcome_a = join(host, "alice", title="二级·熟手")
        b, welcome_b = join(host, "bob")
        assert (welcome_a.seat, welcome_b.seat) == (0, 1)
        assert welcome_b.table.seats_free == 2 and welcome_b.table.port == host.address[1]
        lobby = _lobby_where(a, lambda x: x.seats[1].kind == "person")
        assert [(s.kind, s.name) for s in lobby.seats[:2]] == [("person", "alice"), ("person", "bob")]
        assert lobby.seats[0].title == "二级·熟手" and lobby.addresses == (f"127.0.0.1:{host.address[1]}",)
        b.send(m.Ready(True))
        for client in (a, b):
            assert _lobby_where(client, lambda x: x.seats[1].ready).seats[1].connected
        host.add_ai(3, "hard")
        lobby = _lobby_where(a, lambda x: x.seats[3].kind == "ai")
        assert lobby.seats[3].level == "hard" and lobby.seats[3].ready
        host.remove_ai(3)
        _lobby_where(b, lambda x: x.seats[3].kind == "empty")
        assert changes.acquire(timeout=20)  # the owner is told too


def test_leaving_before_the_start_frees_the_seat_and_ends_with_left() -> None:
    with hosted() as host:
        a, _ = join(host, "alice")
        b, welcome_b = join(host, "bob")
        b.send(m.Leave())
        ended = b.read_until(m.Ended)
        assert ended.reason == m.END_LEFT
        assert b.closed()
        lobby = _lobby_where(a, lambda x: x.seats[1].kind == "empty")
        assert lobby.table.seats_free == 3
        _carol, welcome = join(host, "carol")
        assert welcome.seat == 1  # the first free seat
        # the token of a seat given up brings nothing back
        returning = RawClient(host.address[1])
        reply = returning.hello("bob", token=welcome_b.token)
        assert isinstance(reply, m.Refused) and reply.code == m.REFUSE_UNKNOWN_TOKEN


def test_three_ready_give_the_fourth_the_countdown_and_then_the_match_starts() -> None:
    with hosted(rules=WAITING, countdown=0.5) as host:
        clients = [join(host, name)[0] for name in ("a", "b", "c")]
        host.add_ai(3)  # ready at once
        clients[0].send(m.Ready(True))
        clients[1].send(m.Ready(True))
        lobby = _lobby_where(clients[2], lambda x: x.countdown is not None)
        assert 0 <= (lobby.countdown or 0) <= 0.5 and not lobby.seats[2].ready
        # c never says ready: the countdown's end makes it so (its timing: test_lobby.py's clock)
        start = clients[2].read_until(m.Started, 30)
        assert start.seat == 2 and start.names == ("a", "b", "c", "AI 4") and start.rules == WAITING
        for seat, client in enumerate(clients[:2]):
            assert client.read_until(m.Started).seat == seat
        assert host.info().started and host.match is not None
        with pytest.raises(LobbyError):
            host.add_ai(0)
        clients[0].send(m.Ready(False))
        assert clients[0].read_until(m.Error).code == m.NOT_NOW


def test_four_people_ready_start_at_once() -> None:
    with hosted(rules=WAITING) as host:
        clients = [join(host, name)[0] for name in "abcd"]
        for client in clients:
            client.send(m.Ready(True))
        for seat, client in enumerate(clients):
            assert client.read_until(m.Started).seat == seat
            event = client.read_until(m.EventMessage)
            assert event.n == 1 and type(event.event).__name__ == "MatchStarted"


def test_the_hosts_start_needs_four_seats_then_makes_everyone_ready() -> None:
    with hosted(rules=WAITING) as host:
        a, _ = join(host, "a")
        with pytest.raises(LobbyError):
            host.start_match()
        host.fill_with_ai("easy")
        assert [s.kind for s in host.lobby().seats] == ["person", "ai", "ai", "ai"]
        host.start_match()
        start = a.read_until(m.Started)
        assert start.seat == 0


def test_stop_tells_every_client_the_host_quit() -> None:
    with hosted() as host:
        a, _ = join(host, "a")
        b, _ = join(host, "b")
        host.stop("Dinner is ready.")
        host.stop()  # again: nothing more happens
        for client in (a, b):
            ended = client.read_until(m.Ended)
            assert (ended.reason, ended.message) == (m.END_HOST_QUIT, "Dinner is ready.")
            assert client.closed()
        assert host.wait(1) is False  # stopped, not finished
        with pytest.raises(OSError):
            RawClient(host.address[1], timeout=1).hello("late")


def test_a_port_in_use_is_an_oserror_at_start() -> None:
    from engine.net.host import Host, TableConfig

    with hosted() as host:
        other = Host(TableConfig(), bind="127.0.0.1", port=host.address[1], discovery_port=None)
        with pytest.raises(OSError):
            other.start()
        other.stop()  # harmless on a host that never started


def test_a_token_in_the_lobby_moves_the_seat_to_the_new_connection() -> None:
    with hosted() as host:
        first, welcome = join(host, "alice")
        other, _ = join(host, "bob")
        second = RawClient(host.address[1])
        again = second.hello("alice", token=welcome.token, shows=True)
        assert isinstance(again, m.Welcome) and not again.resumed
        assert (again.seat, again.token) == (0, welcome.token)
        assert first.read_until(m.Ended).reason == m.END_REPLACED
        second.send(m.Ready(True))
        lobby = _lobby_where(other, lambda x: x.seats[0].ready)
        assert lobby.seats[0].name == "alice" and lobby.seats[0].connected
