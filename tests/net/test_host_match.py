"""Matches at a hosted table over loopback, with raw clients: a whole match to its end, wrong
choices answered and ignored, a drop and a return, a replaced connection, a client that reads
nothing, and the host closing mid-match."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

from engine.game.actions import Action, ActionKind
from engine.game.events import (
    HandEnded,
    HandStarted,
    KongDeclared,
    MatchEnded,
    MatchStarted,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
)
from engine.game.rules import Ruleset
from engine.net import frames
from engine.net import messages as m
from engine.net.host import Host
from engine.net.pacing import MISSES
from tests.net.helpers import Player, hosted, join
from tests.net.raw_client import RawClient, first_legal

SEED = 0  # a short match: first-legal players and AIs end 1 圈 in few hands


def _seated(host: Host, names: str) -> list[RawClient]:
    clients = [join(host, name)[0] for name in names]
    host.fill_with_ai("normal")
    host.start_match()
    return clients


def _no_hidden_tiles(seat: int, events: list[m.EventMessage]) -> None:
    """A seat sees no other seat's dealt, drawn or kong tiles before the hand's end."""
    for message in events:
        event = message.event
        if isinstance(event, TilesDealt | TileDrawn | KongDeclared) and event.seat != seat:
            assert getattr(event, "tiles", None) is None and getattr(event, "tile", None) is None, event


def test_three_clients_and_an_ai_play_a_match_to_its_end() -> None:
    with hosted(seed=1, claim_pause=0.002) as host:  # 11 hands
        players = [Player(c).start() for c in _seated(host, "abc")]
        assert host.wait(60), "the match did not finish"
        for player in players:
            player.join()
        scores = host.match.scores if host.match else None
        assert scores is not None and sum(scores) == 0
        assert host.records and sum(sum(r.result.deltas) for r in host.records) == 0
        for seat, player in enumerate(players):
            assert player.error is None
            assert player.ended is not None and player.ended.reason == m.END_FINISHED
            start = next(x for x in player.messages if isinstance(x, m.Started))
            assert start.seat == seat
            events = player.events()
            assert [e.n for e in events] == list(range(1, len(events) + 1))  # numbered 1, 2, 3 …
            assert isinstance(events[0].event, MatchStarted) and isinstance(events[-1].event, MatchEnded)
            assert list(events[-1].event.scores) == scores
            ends = [e.event for e in events if isinstance(e.event, HandEnded)]
            assert [end.deltas for end in ends] == [r.result.deltas for r in host.records]
            assert all(end.seed == r.seed for end, r in zip(ends, host.records, strict=True))
            _no_hidden_tiles(seat, events)
            requests = [x for x in player.messages if isinstance(x, m.RequestMessage)]
            assert requests and all(r.time_left == 5 and r.request.time_limit == 5 for r in requests)
        assert not host.problems and not host.drops


def test_a_stale_or_illegal_choice_is_answered_and_the_game_goes_on() -> None:
    tried: list[int] = []

    def mischief(request: m.RequestMessage) -> m.Message | None:
        if not tried:
            tried.append(request.request.id)
            client.send(m.Choose(request.request.id + 50, request.request.legal[0]))  # not open
            client.send(m.Choose(request.request.id - 1, request.request.legal[0]))  # gone
            illegal = next(a for a in _all_actions() if a not in request.request.legal)
            client.send(m.Choose(request.request.id, illegal))
        return first_legal(request)

    with hosted(seed=SEED) as host:
        client = _seated(host, "a")[0]
        player = Player(client, mischief).start()
        assert host.wait(60)
        player.join()
        errors = [x for x in player.messages if isinstance(x, m.Error)]
        assert [e.code for e in errors] == [m.STALE, m.STALE, m.ILLEGAL]
        assert player.ended is not None and player.ended.reason == m.END_FINISHED
        assert host.problems == [] and sum(host.match.scores if host.match else [1]) == 0


def _all_actions() -> list[Action]:
    return [Action(ActionKind.WIN), Action(ActionKind.PASS)] + [Action.discard(t) for t in range(21)]


def _wait_for(check: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.01)
    raise AssertionError("not in time")


def test_a_dropped_seat_is_played_by_autoplay_and_its_return_gets_a_resync() -> None:
    rules = Ruleset(rounds=1, time_limit=None)  # the person's seat waits for them: 托管 must take over
    with hosted(rules=rules, seed=SEED) as host:
        a, b = _seated(host, "ab")
        token = next(x for x in a.received if isinstance(x, m.Welcome)).token
        a.read_until(m.RequestMessage, 5)  # a's seat must choose now …
        a.close()  # … and the client is gone
        status = b.read_until(m.SeatStatus)
        assert (status.seat, status.state) == (0, m.SeatState(connected=False, autoplay=True))
        n_before = max(x.n for x in b.received if isinstance(x, m.EventMessage))
        b_player = Player(b).start()
        _wait_for(lambda: max((x.n for x in b_player.events()), default=0) > n_before + 10)
        assert host.drops == [(0, "lost")]
        back = RawClient(host.address[1])
        welcome = back.hello("a", token=token)
        assert isinstance(welcome, m.Welcome) and welcome.resumed
        assert (welcome.seat, welcome.token) == (0, token)
        resync = back.read_until(m.Resync)
        assert resync.started.seat == 0 and resync.started.names[:2] == ("a", "b")
        assert resync.states[0] == m.SeatState(connected=True, autoplay=False)
        events = list(resync.events)
        assert isinstance(events[0].event, MatchStarted) and events[0].n == 1
        assert isinstance(events[1].event, HandStarted)
        assert [e.n for e in events[1:]] == list(range(events[1].n, events[1].n + len(events) - 1))
        _no_hidden_tiles(0, events)
        dealt = [e.event for e in events if isinstance(e.event, TilesDealt) and e.event.seat == 0]
        assert dealt and all(d.tiles is not None for d in dealt)  # its own tiles, shown again
        a_player = Player(back).start()
        if resync.request is not None:
            back.send(first_legal(resync.request))
        assert host.wait(60)
        a_player.join()
        b_player.join()
        later = a_player.events()
        assert later and later[0].n == events[-1].n + 1  # the numbering goes on where the resync stopped
        assert a_player.ended is not None and a_player.ended.reason == m.END_FINISHED
        statuses = [x for x in b_player.messages if isinstance(x, m.SeatStatus)]
        assert m.SeatStatus(0, m.SeatState(connected=True, autoplay=False)) in statuses


def test_a_second_connection_with_the_token_replaces_the_first_and_gets_the_open_request() -> None:
    rules = Ruleset(rounds=1, time_limit=30)
    with hosted(rules=rules, seed=SEED) as host:
        first = _seated(host, "a")[0]
        token = next(x for x in first.received if isinstance(x, m.Welcome)).token
        request = first.read_until(m.RequestMessage)
        time.sleep(0.2)  # the request's time runs meanwhile: its time left is less than its limit
        second = RawClient(host.address[1])
        welcome = second.hello("a", token=token)
        assert isinstance(welcome, m.Welcome) and welcome.resumed
        resync = second.read_until(m.Resync)
        assert resync.request is not None and resync.request.request == request.request
        assert resync.request.time_left is not None and 10 < resync.request.time_left < 29.9
        ended = first.read_until(m.Ended)
        assert ended.reason == m.END_REPLACED and first.closed()
        assert host.drops == []  # replaced, never dropped: no 托管
        assert host.seat_states()[0] == m.SeatState(connected=True, autoplay=False)
        second.send(first_legal(resync.request))
        player = Player(second).start()
        assert host.wait(60)
        player.join()
        assert player.ended is not None and player.ended.reason == m.END_FINISHED


def test_leave_during_play_hands_the_seat_to_autoplay() -> None:
    with hosted(rules=Ruleset(rounds=1, time_limit=None), seed=SEED) as host:
        a, b = _seated(host, "ab")
        a.read_until(m.EventMessage)
        a.send(m.Leave())
        assert a.read_until(m.Ended).reason == m.END_LEFT
        player = Player(b).start()
        assert host.wait(60)
        player.join()
        assert host.drops == [(0, m.END_LEFT)]


def test_switching_autoplay_on_is_told_to_everyone_and_kept_on_a_return() -> None:
    with hosted(rules=Ruleset(rounds=1, time_limit=None), seed=SEED) as host:
        a, b = _seated(host, "ab")
        token = next(x for x in a.received if isinstance(x, m.Welcome)).token
        a.send(m.SetAutoplay(True))
        status = b.read_until(m.SeatStatus)
        assert status == m.SeatStatus(0, m.SeatState(connected=True, autoplay=True))
        a.close()
        back = RawClient(host.address[1])
        assert isinstance(back.hello("a", token=token), m.Welcome)
        resync = back.read_until(m.Resync)
        assert resync.states[0] == m.SeatState(connected=True, autoplay=True)  # 托管 stays: their own choice
        back.send(m.SetAutoplay(False))
        # a request either was sent while it read up to the status or the resync is answered first
        # (on a busy machine the table can get that far: a's own request can be out before 托管 is
        # on, and comes back with the return; with no time limit the table would wait for ever)
        for client in (back, b):
            held = [x for x in client.received if isinstance(x, m.RequestMessage)]
            if client is back and resync.request is not None:
                held.append(resync.request)
            if held:
                client.send(first_legal(held[-1]))
        players = [Player(back).start(), Player(b).start()]
        assert host.wait(60)
        for player in players:
            player.join()
        assert any(isinstance(x, m.RequestMessage) for x in players[0].messages)


def test_a_client_that_never_reads_is_dropped_as_slow_and_the_table_finishes() -> None:
    # A long match (4 圈) for plenty of events, and small buffers for them to overflow soon; a
    # small claim pause keeps the match from running ahead of the writes (then the drop would
    # come after the end, where no one is dropped any more).
    with hosted(rules=Ruleset(rounds=4), seed=SEED, out_limit=8 * 1024, claim_pause=0.001) as host:
        host.socket_buffer = 4096  # else the kernel takes megabytes before the host's buffer grows
        slow = RawClient(host.address[1], rcvbuf=4096)
        assert isinstance(slow.hello("sloth"), m.Welcome)
        slow.send(m.SetAutoplay(True))  # so that its seat never waits: only its socket fills up
        host.fill_with_ai()
        host.start_match()
        # from here on nothing is read from `slow`
        assert host.wait(30), "the table stalled on a client that does not read"
        assert host.drops == [(0, m.END_SLOW)]
        assert sum(host.match.scores if host.match else [1]) == 0
        slow.close()


def test_stop_mid_match_tells_everyone_and_ends_the_match() -> None:
    with hosted(rules=Ruleset(rounds=1, time_limit=None), seed=SEED) as host:
        a, b = _seated(host, "ab")
        a.read_until(m.RequestMessage)
        host.stop()  # returns (a table mid-match does not keep it waiting)
        for client in (a, b):
            assert client.read_until(m.Ended).reason == m.END_HOST_QUIT
            assert client.closed()
        assert not host.finished and host.wait(0.1) is False


def test_every_client_is_sent_the_claim_pause_after_every_discard() -> None:
    """Timed where the host hands each frame over for sending (the wire adds the machine's own
    jitter, which is no part of the rule)."""
    with hosted(rules=Ruleset(rounds=1, time_limit=5), seed=SEED, claim_pause=0.03) as host:
        handed: dict[int, list[tuple[float, m.Message]]] = {}
        post = host._network.post

        def timed_post(connection: Any, data: bytes) -> None:
            message = m.parse(frames.FrameReader().feed(data)[0], "host")
            handed.setdefault(id(connection), []).append((time.monotonic(), message))
            post(connection, data)

        host._network.post = timed_post  # type: ignore[method-assign]
        players = [Player(c).start() for c in _seated(host, "ab")]
        deadline = time.monotonic() + 60  # 25 discards come in a second or two, unless the machine is busy
        while time.monotonic() < deadline and \
                min((_discards(x) for x in handed.values()), default=0) < 25:
            time.sleep(0.05)
        host.stop()
        for player in players:
            player.join()
        assert len(handed) == 2
        for stream in handed.values():
            events = [(at, x.event) for at, x in stream if isinstance(x, m.EventMessage)]
            gaps = [later[0] - at for (at, event), later in itertools.pairwise(events)
                    if isinstance(event, TileDiscarded)]
            # whether or not anyone could claim. A minimum, never a window: the host's own waits on
            # its monotonic clock guarantee it, and a busy machine only makes the gaps longer (the
            # pause's exact figures: test_pacing.py, on a fake clock)
            assert len(gaps) >= 24 and min(gaps) >= 0.029


def _discards(stream: list[tuple[float, m.Message]]) -> int:
    return sum(isinstance(x, m.EventMessage) and isinstance(x.event, TileDiscarded) for _, x in stream)


def test_a_showing_client_is_waited_for_until_it_misses_three_acknowledgements() -> None:
    with hosted(rules=Ruleset(rounds=1, time_limit=5), seed=SEED, ack_wait=0.2) as host:
        shows = join(host, "shows", shows=True)[0]
        bot = join(host, "bot")[0]
        host.fill_with_ai()
        host.start_match()
        player = Player(bot).start()  # the bot is never waited for, nor does it wait
        count = 0
        while count < 40:  # the showing client reads but never acknowledges
            message = shows.read()
            count += isinstance(message, m.EventMessage)
            if isinstance(message, m.RequestMessage):
                shows.send(first_legal(message))
        # three waits of 0.2 s ran out, then none: waited for at every event, it would be at 40
        # (the waits' timing: test_pacing.py, on a fake clock)
        assert host._people[0].counter.missed == MISSES and host._people[0].counter.acked == 0
        host.stop()
        player.join()


def test_a_client_silent_during_play_is_found_dead_and_played_by_autoplay() -> None:
    # the player that answers pings must do so within dead_after even on a busy machine
    with hosted(rules=Ruleset(rounds=1, time_limit=None), seed=SEED, heartbeat=0.1, dead_after=2.0) as host:
        quiet, b = _seated(host, "qb")
        player = Player(b).start()  # answers pings: alive
        status = quiet.read_until(m.Started)  # then says nothing, ever
        assert status.seat == 0
        assert host.wait(60)
        player.join()
        assert host.drops == [(0, m.END_DEAD)]
        assert m.SeatStatus(0, m.SeatState(connected=False, autoplay=True)) in player.messages
        assert any(isinstance(x, m.Ended) and x.reason == m.END_DEAD for x in _drain(quiet))


def _drain(client: RawClient) -> list[m.Message]:
    client.closed(2)
    return client.received
