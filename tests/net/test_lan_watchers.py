"""Watchers (观战): every byte the host sends a watcher, recorded by a proxy, holds only what the
public sees — no concealed or drawn tile, no kong kind, no wall order or seed before the hand's
end — for a watcher there from the lobby and for one who comes in mid-hand (its resync); at most
8 watchers; the lobby lists them; a watcher chooses nothing and is never waited for."""

from __future__ import annotations

import time

from engine.game import events as ev
from engine.game.events import Event, HandEnded, HandStarted, MatchStarted
from engine.net import messages as m
from engine.net.watchers import MAX_WATCHERS
from engine.records.replay import replay
from tests.net.helpers import Player
from tests.net.helpers import hosted as hosted_fast
from tests.net.helpers import join as join_fast
from tests.net.lan_helpers import bots, config, hosted
from tests.net.proxy import Link, RecordingProxy
from tests.net.raw_client import RawClient
from tests.net.test_lan_secrecy import _split_hands  # the players' test splits the same way

WAIT = 30.0


def _watch(port: int, name: str) -> tuple[RawClient, m.Message]:
    client = RawClient(port)
    return client, client.hello(name, watch=True)


def _hidden_values_absent(event: Event) -> bool:
    """The public's view of an event, checked field by field (not by for_watcher itself)."""
    if isinstance(event, ev.TilesDealt):
        return event.tiles is None
    if isinstance(event, ev.TileDrawn | ev.KongDeclared):
        return event.tile is None
    if isinstance(event, ev.TileDiscarded):
        return not any(event.refusals)
    return True


def _scan(link: Link, seeds: dict[int, int | None]) -> list[tuple[int, Event]]:
    """The events in the link's byte stream (a resync's unpacked in place), each with the offset
    of its frame; and asserts no hand's seed lies in its bytes before that hand's end."""
    out: list[tuple[int, Event]] = []
    for at, msg in link.messages():
        if isinstance(msg, m.EventMessage):
            out.append((at, msg.event))
        elif isinstance(msg, m.Resync):
            out.extend((at, e.event) for e in msg.events)
    starts = [(at, e.hand_number) for at, e in out if isinstance(e, HandStarted)]
    ends = [at for at, e in out if isinstance(e, HandEnded)]
    for (start, number), end in zip(starts, ends, strict=False):
        window = bytes(link.to_client[start:end])  # from the hand's start to its end, not included
        assert str(seeds[number]).encode() not in window
        assert b'"seed"' not in window
    return out


def test_a_watchers_bytes_are_the_public_view_only_from_the_lobby_and_from_mid_hand() -> None:
    with hosted(config(seed=11, claim_pause=0.01)) as host:  # ≥ 10 ms a discard: time to come in mid-match
        proxy = RecordingProxy(host.address)
        try:
            early, welcome = _watch(proxy.port, "早来的")
            assert isinstance(welcome, m.Welcome) and welcome.watching and not welcome.resumed
            lobby = early.read_until(m.Lobby)
            assert lobby.watchers == ("早来的",)
            watcher = Player(early).start()
            players = bots(host.address[1], 4)
            # a second watcher comes in mid-hand, once the first has seen some discards
            deadline = time.monotonic() + WAIT
            while sum(isinstance(e.event, ev.TileDiscarded) for e in watcher.events()) < 5:
                assert time.monotonic() < deadline, "no discards reached the watcher"
                time.sleep(0.05)
            late, late_welcome = _watch(proxy.port, "晚来的")
            assert isinstance(late_welcome, m.Welcome) and late_welcome.watching and late_welcome.resumed
            late_watcher = Player(late).start()
            results = [p.join() for p in players]
            assert host.wait(10)
            watcher.join()
            late_watcher.join()
        finally:
            proxy.close()
    assert all(r.finished for r in results)
    assert watcher.ended is not None and watcher.ended.reason == m.END_FINISHED
    assert late_watcher.ended is not None and late_watcher.ended.reason == m.END_FINISHED
    hands = [replay(document) for document in host.replays]
    seeds = {hand.events[0].hand_number: hand.seed for hand in hands
             if isinstance(hand.events[0], HandStarted)}
    assert len(hands) == len(host.records) >= 4 and len(seeds) == len(hands)
    assert all(isinstance(seed, int) for seed in seeds.values())
    assert len(proxy.links) == 2  # the two watchers; the players joined the host directly
    early_link, late_link = proxy.links
    # the watcher from the lobby: every event of every hand, each the public's view
    received = [e for _at, e in _scan(early_link, seeds)]
    by_hand = _split_hands(received)
    assert len(by_hand) == len(hands)
    for hand, events in zip(hands, by_hand, strict=True):
        assert events == [e.for_watcher() for e in hand.events]
        ended = hand.events.index(next(e for e in hand.events if isinstance(e, HandEnded)))
        assert all(_hidden_values_absent(e) for e in events[:ended])
        assert any(isinstance(e, ev.TilesDealt) for e in events)
    assert not any(isinstance(msg, m.RequestMessage) for _at, msg in early_link.messages())
    # the watcher from mid-hand: a resync of the hand so far, then the rest, all public
    late_messages = [msg for _at, msg in late_link.messages()]
    resync = next(msg for msg in late_messages if isinstance(msg, m.Resync))
    assert resync.started.seat == 0 and resync.request is None
    assert isinstance(resync.events[0].event, MatchStarted)
    assert isinstance(resync.events[1].event, HandStarted)
    late_events = [e for _at, e in _scan(late_link, seeds)]
    first_hand = next(h for h in hands if h.events[0] == resync.events[1].event)
    assert late_events[1:1 + len(first_hand.events)] == [e.for_watcher() for e in first_hand.events]
    assert all(_hidden_values_absent(e) for e in late_events)


def test_the_ninth_watcher_is_refused_and_the_lobby_lists_the_eight() -> None:
    with hosted_fast() as host:
        player, _ = join_fast(host, "玩家")
        watchers = []
        for i in range(MAX_WATCHERS):
            client, welcome = _watch(host.address[1], f"看客{i}")
            assert isinstance(welcome, m.Welcome) and welcome.watching, welcome
            watchers.append(client)
        ninth, refusal = _watch(host.address[1], "第九个")
        assert isinstance(refusal, m.Refused) and refusal.code == m.REFUSE_FULL
        assert ninth.closed()
        names = tuple(f"看客{i}" for i in range(MAX_WATCHERS))
        deadline = time.monotonic() + WAIT
        while (lobby := player.read_until(m.Lobby)).watchers != names:
            assert time.monotonic() < deadline
        assert lobby.seats[0].kind == "person" and lobby.seats[1].kind == "empty"  # no seat taken
        assert host.watchers == names
        # one goes: the lobby says so, and a place is free again
        watchers[0].send(m.Leave())
        while player.read_until(m.Lobby).watchers != names[1:]:
            assert time.monotonic() < deadline
        again, welcome = _watch(host.address[1], "又来一个")
        assert isinstance(welcome, m.Welcome) and welcome.watching
        for client in (*watchers, again, player):
            client.close()


def test_a_watcher_chooses_nothing_and_says_nothing() -> None:
    with hosted_fast() as host:
        watcher, welcome = _watch(host.address[1], "看客")
        assert isinstance(welcome, m.Welcome) and welcome.watching
        watcher.read_until(m.Lobby)
        for message in (m.Ready(True), m.Choose(1, None), m.SetAutoplay(True), m.Say("hurry")):
            watcher.send(message)
            error = watcher.read_until(m.Error)
            assert error.code == m.NOT_NOW, message
        before = len(watcher.received)
        watcher.send(m.Ack(5))  # counts for nothing, and is no error
        watcher.send(m.Ping(7))
        assert watcher.read_until(m.Pong).t == 7
        assert not any(isinstance(x, m.Error) for x in watcher.received[before:])
        assert host.lobby().seats == tuple(m.LobbySeat("empty") for _ in range(4))
