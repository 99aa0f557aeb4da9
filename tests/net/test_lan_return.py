"""A client cut off mid-hand: 托管 plays its seat at once and everyone is told; it comes back
with its token, gets the table as its seat sees it, and plays the match to its end."""

from __future__ import annotations

import time

from engine.game.events import HandEnded
from engine.net import messages as m
from tests.net.lan_helpers import BotThread, bots, config, hosted
from tests.net.proxy import RecordingProxy


def _wait(condition: object, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_cut_off_mid_hand_carried_by_autoplay_then_back() -> None:
    # a short claim pause keeps the hand going long enough to cut into it
    with hosted(config(seed=3, claim_pause=0.02)) as host:
        proxy = RecordingProxy(host.address)
        try:
            others = [BotThread(proxy.port, "旁观者", seed=5), *bots(host.address[1], 2)]
            dropped = BotThread(proxy.port, "断线者", seed=99)
            first = None

            def mid_hand() -> bool:
                nonlocal first
                mine = [link for link in proxy.links if "断线者".encode() in link.to_host]
                if not mine:
                    return False
                first = mine[0]
                events = [msg for _at, msg in first.messages() if isinstance(msg, m.EventMessage)]
                return len(events) > 20 and not any(isinstance(e.event, HandEnded) for e in events)

            _wait(mid_hand)
            assert first is not None
            first.cut()
            result = dropped.join()
            rest = [b.join() for b in others]
            assert host.wait(10)
        finally:
            proxy.close()
    assert result.finished and result.returns >= 1
    assert all(r.finished for r in rest)
    assert result.scores == rest[0].scores and sum(result.scores) == 0
    mine = [link for link in proxy.links if "断线者".encode() in link.to_host]
    assert len(mine) >= 2  # it came back through a new connection
    back = mine[1].messages()
    welcome = next(msg for _at, msg in back if isinstance(msg, m.Welcome))
    resync = next(msg for _at, msg in back if isinstance(msg, m.Resync))
    assert welcome.resumed and welcome.seat == resync.started.seat == result.seat
    assert resync.events and resync.events[0].n >= 1
    # the others were told of the drop (托管 at once) and of the return
    watcher = next(link for link in proxy.links if "旁观者".encode() in link.to_host)
    states = [msg for _at, msg in watcher.messages()
              if isinstance(msg, m.SeatStatus) and msg.seat == result.seat]
    assert [s.state for s in states][:2] == [m.SeatState(False, True), m.SeatState(True, False)]
    assert host.problems == [] or all(p.seat == result.seat for p in host.problems)


def test_after_the_match_nobody_comes_back_or_joins() -> None:
    from engine.net.client import Client, JoinRefused

    with hosted(config(seed=4)) as host:
        players = bots(host.address[1], 4)
        results = [p.join() for p in players]
        assert host.wait(10) and all(r.finished for r in results)
        token = players[0].player.client.token
        for hello in (m.Hello("回来", token=token), m.Hello("新人")):
            client = Client("127.0.0.1", host.address[1], hello, lambda _m: None)
            try:
                client.connect()
                raise AssertionError("the host took a player after the match")
            except JoinRefused as refused:
                assert refused.code == m.REFUSE_OVER
            finally:
                client.close()
