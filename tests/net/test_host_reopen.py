"""A LAN table opened again from what its host kept (docs/protocol.md, The host comes back): same id and
port, every
person's token finds their seat, the scores, hand number and dealer go on, the half-played hand
is dealt afresh, and nothing the host kept (the wall key, the seed, the others' tokens) ever
reaches a client."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from engine.game.events import HandEnded, HandStarted, MatchEnded
from engine.net import messages as m
from engine.net.client import Client, JoinRefused
from engine.net.host import Host
from engine.net.table_save import SavedTable
from engine.table.match import Match
from tests.net.lan_helpers import BotThread, config
from tests.net.proxy import RecordingProxy


class MemorySaver:
    """The host's disk, in memory: what it wrote last (through JSON, as a file would hold it)."""

    def __init__(self) -> None:
        self.data: dict[str, Any] | None = None
        self.writes = 0

    def write(self, data: dict[str, Any]) -> None:
        self.data = json.loads(json.dumps(data))
        self.writes += 1

    def clear(self) -> None:
        self.data = None


def _wait(condition: Any, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def _bot(port: int, name: str, seed: int, token: str) -> BotThread:
    return BotThread(port, name, seed=seed, code="135790", token=token)


@pytest.mark.slow
def test_a_reopened_table_takes_its_people_back_and_finishes_the_match_zero_sum() -> None:
    saver = MemorySaver()
    host = Host(config(seed=None, claim_pause=0.02, code="135790"), bind="127.0.0.1", port=0,
                discovery_port=None, saver=saver)
    host.start()
    proxy = RecordingProxy(host.address)
    try:
        host.add_ai(0, "hard")
        host.add_ai(2, "easy")
        people = ((1, "东东"), (2, "北北"))
        first = [BotThread(proxy.port, name, seed=seed, code="135790") for seed, name in people]
        _wait(lambda: saver.data is not None and saver.data["match"]["played"] >= 1)
        kept = SavedTable.from_dict(saver.data)
        table_id, port = host.info().id, host.address[1]
        host.stop()  # the host's program goes (its clients are told; a crash would say nothing)
        for bot in first:
            assert bot.join().ended == m.END_HOST_QUIT
        assert saver.data is not None  # a table that stopped mid-match stays kept
        assert kept.table_id == table_id and kept.port == port
        assert kept.bind == "127.0.0.1"  # a table kept to this machine is reopened so (QA, stop 33)
        assert [s.kind for s in kept.seats] == ["ai", "person", "ai", "person"]
        assert [s.level for s in kept.seats] == ["hard", None, "easy", None]
        tokens = {s.name: s.token for s in kept.seats if s.token}
        assert set(tokens) == {"东东", "北北"}

        again = Host.reopen(kept, discovery_port=None, saver=saver, return_wait=60)  # its own address
        again.start()
        host = again
        assert again.address[1] == port and again.info().id == table_id and again.info().started
        assert again.waiting_for() == (1, 3)
        # no newcomer sits down, and a token it never gave is not taken
        for hello, code in ((m.Hello("路人", code="135790"), m.REFUSE_STARTED),
                            (m.Hello("路人", code="135790", token="0" * 32), m.REFUSE_UNKNOWN_TOKEN)):
            with pytest.raises(JoinRefused) as refused:
                Client("127.0.0.1", port, hello, lambda _m: None).connect()
            assert refused.value.code == code
        back = [_bot(proxy.port, name, seed, tokens[name]) for seed, name in ((1, "东东"), (2, "北北"))]
        results = [b.join() for b in back]
        assert again.wait(30)
    finally:
        host.stop()
        proxy.close()
    seat_of = {s.name: i for i, s in enumerate(kept.seats) if s.token}
    assert all(r.finished for r in results)
    assert [r.seat for r in results] == [seat_of["东东"], seat_of["北北"]]
    final = results[0].scores
    assert sum(final) == 0 and results[1].scores == final and again.match is not None
    assert list(again.match.scores) == list(final)
    # the match went on from the kept one: its next hand, dealer and scores; a fresh wall
    resumed = Match.restore(kept.match)
    links = [link for link in proxy.links if "东东".encode() in link.to_host]
    seen = [msg for _at, msg in links[-1].messages()]
    welcome = next(x for x in seen if isinstance(x, m.Welcome))
    assert welcome.resumed and welcome.seat == seat_of["东东"] and welcome.token == tokens["东东"]
    starts = [x.event for x in seen if isinstance(x, m.EventMessage) and isinstance(x.event, HandStarted)]
    assert starts[0].hand_number == resumed.played + 1 and starts[0].dealer == resumed.dealer
    assert list(starts[0].scores) == list(resumed.scores)
    ends = [x.event for x in seen if isinstance(x, m.EventMessage) and isinstance(x.event, HandEnded)]
    assert ends[0].seed is not None and ends[0].seed != resumed.hand_seed(resumed.played)  # not the wall seen
    ended = next(x.event for x in seen if isinstance(x, m.EventMessage) and isinstance(x.event, MatchEnded))
    assert ended.hands_played == resumed.played + len(again.records)  # the hands before the reopening count
    assert saver.data is None  # the match is over: nothing to reopen
    # what the host kept never left it: the wall key, the match seed, the other person's token
    secrets = [kept.match["wall_key"], str(kept.match["seed"]), tokens["北北"]]
    for link in proxy.links:
        stream = bytes(link.to_client)
        mine = tokens["东东"] if "东东".encode() in link.to_host else tokens["北北"]
        for secret in secrets:
            if secret != mine:
                assert secret.encode() not in stream


def test_a_saved_table_that_does_not_fit_is_refused() -> None:
    good: dict[str, Any]
    good = {"format": 1, "table_id": "ab" * 8, "port": 47321, "own_seat": None,
            "config": {"name": "桌", "rules": {}, "code": None},
            "match": Match(config().rules, 5, ("a", "b", "c", "d")).state(),
            "seats": [{"kind": "ai", "name": "AI", "level": "easy"}] * 2
            + [{"kind": "person", "name": n, "token": t} for n, t in (("p", "t1"), ("q", "t2"))]}
    assert SavedTable.from_dict(good).seats[2].token == "t1"
    assert SavedTable.from_dict(good).bind == "0.0.0.0"  # a table kept before it kept its address
    assert SavedTable.from_dict({**good, "bind": "127.0.0.1"}).bind == "127.0.0.1"
    bad: object  # anything a file may hold
    for bad in ({**good, "format": 2}, {**good, "port": 0}, {**good, "seats": good["seats"][:3]},
                {**good, "seats": [*good["seats"][:3], {"kind": "person", "name": "q", "token": "t1"}]},
                {**good, "seats": [*good["seats"][:3], {"kind": "ai", "name": "q", "level": "god"}]},
                {**good, "own_seat": 0}, {**good, "match": {**good["match"], "scores": [1, 0, 0, 0]}},
                {**good, "config": {"heartbeat": "soon"}}, {**good, "table_id": 7}, [], None,
                {**good, "bind": "everywhere"}, {**good, "bind": 7}):
        with pytest.raises(ValueError):
            SavedTable.from_dict(bad)
