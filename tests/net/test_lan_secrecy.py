"""What a LAN seat is told: every byte the host sends to each client, recorded by a proxy,
holds no other seat's concealed tiles, no kong kinds of theirs, no wall order and no seed
before the hand ends — checked event by event against the host's own hands, rebuilt from its
records, and by a scan of the raw bytes for each hand's seed."""

from __future__ import annotations

from engine.game.events import Event, HandEnded, HandStarted, MatchEnded, MatchStarted
from engine.net import messages as m
from engine.records.replay import replay
from tests.net.lan_helpers import bots, config, hosted
from tests.net.proxy import RecordingProxy


def test_every_byte_to_each_seat_is_only_that_seats_view() -> None:
    with hosted(config(rules=config().rules, seed=11)) as host:
        proxy = RecordingProxy(host.address)
        try:
            players = bots(proxy.port, 4)
            results = [p.join() for p in players]
            assert host.wait(10)
        finally:
            proxy.close()
    assert all(r.finished for r in results)
    hands = [replay(document) for document in host.replays]  # the host's own hands, every event
    assert len(hands) == len(host.records) >= 4
    assert len(proxy.links) == 4
    for link in proxy.links:
        sent = link.messages()
        seat = next(msg.seat for _at, msg in sent if isinstance(msg, m.Welcome))
        events = [(at, msg.event) for at, msg in sent if isinstance(msg, m.EventMessage)]
        by_hand = _split_hands([e for _at, e in events])
        assert len(by_hand) == len(hands)
        for hand, received in zip(hands, by_hand, strict=True):
            expected = [e.for_seat(seat) for e in hand.events]
            assert received == expected  # the seat's view of every event, and nothing else
        # the raw bytes: no hand's seed before that hand's end
        ends = [at for at, e in events if isinstance(e, HandEnded)]
        starts = [at for at, e in events if isinstance(e, HandStarted)]
        for hand, start, end in zip(hands, starts, ends, strict=True):
            window = bytes(link.to_client[start:end])  # from the hand's start to its end, not included
            assert str(hand.seed).encode() not in window
            assert b'"seed"' not in window  # (wall positions are public; the kinds are in no event)
        for _at, msg in sent:  # requests carry only the seat's own view
            if isinstance(msg, m.RequestMessage):
                assert msg.request.view.seat == seat


def _split_hands(events: list[Event]) -> list[list[Event]]:
    hands: list[list[Event]] = []
    for event in events:
        if isinstance(event, HandStarted):
            hands.append([])
        if isinstance(event, MatchStarted | MatchEnded):
            continue
        hands[-1].append(event)
    return hands

