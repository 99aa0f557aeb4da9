"""Finding tables over loopback: a responder is found, several tables each once,
garbage gets no answer and stops nothing, the answers are rate-limited, and the background
browser keeps a list that follows the tables. Every wait is bounded."""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.net import discovery
from engine.net.discovery import (
    MAX_QUERY,
    REPLIES_PER_SECOND,
    Browser,
    DiscoveryResponder,
    Found,
    _is_query,
    _RateLimit,
    discover,
    query,
    read_reply,
)
from engine.net.messages import DISCOVERY_PORT, PROTOCOL_VERSION, TableInfo

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="127.255.255.255 is a broadcast address on Linux only")


def table(name: str = "Table", table_id: str = "0123456789abcdef", **changes: object) -> TableInfo:
    fields: dict[str, object] = dict(id=table_id, name=name, port=47321, room="open", rounds=1, seats_free=3,
                                     code=False, started=False, version="0.1.0")
    fields.update(changes)
    return TableInfo(**fields)  # type: ignore[arg-type]


@pytest.fixture
def responders() -> Iterator[Callable[..., DiscoveryResponder]]:
    """Responders that are stopped after the test, whatever happens."""
    made: list[DiscoveryResponder] = []

    def make(info: TableInfo | Callable[[], TableInfo], port: int = 0,
             bind: str = "127.0.0.1", **options: Any) -> DiscoveryResponder:
        responder = DiscoveryResponder(info if callable(info) else (lambda: info), port=port, bind=bind,
                                       **options)
        responder.start()
        made.append(responder)
        return responder

    yield make
    for responder in made:
        responder.stop()


@pytest.fixture
def client() -> Iterator[socket.socket]:
    """A bare UDP socket on loopback, to send what discover() never would."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    sock.settimeout(0.3)
    yield sock
    sock.close()


# A reply that should come is waited for this long (it comes at once unless the machine is busy);
# a window in which nothing should come is short: a busy machine can only make it pass.
SOON = 20.0


def replies(sock: socket.socket, within: float, until: int | None = None) -> list[dict]:
    """The replies that came within `within` seconds, or the first `until` of them."""
    got: list[dict] = []
    end = time.monotonic() + within
    while (left := end - time.monotonic()) > 0 and (until is None or len(got) < until):
        sock.settimeout(left)
        try:
            got.append(json.loads(sock.recv(65536)))
        except TimeoutError:
            break
    return got


# -- the responder --------------------------------------------------------------------------------

def test_a_table_on_loopback_is_found(responders: Callable[..., DiscoveryResponder]) -> None:
    responder = responders(table("Friday night"))
    host, port = responder.address
    assert host == "127.0.0.1" and port != 0
    found = discover(timeout=2.0, port=port, targets=["127.0.0.1"])
    assert found == [Found(table("Friday night"), "127.0.0.1")]


def test_the_reply_is_unicast_and_names_the_hosts_address(responders: Callable[..., DiscoveryResponder],
                                                          client: socket.socket) -> None:
    responder = responders(table())
    client.sendto(query(), responder.address)
    [reply] = replies(client, SOON, until=1)
    assert replies(client, 0.3) == []  # and only one
    assert reply == {"type": "table", "table": table().to_json(), "address": "127.0.0.1"}


def test_a_query_of_another_version_is_answered_and_a_table_of_another_version_kept(
        responders: Callable[..., DiscoveryResponder], client: socket.socket) -> None:
    newer = table(protocol=PROTOCOL_VERSION + 1)
    responder = responders(newer)
    client.sendto(json.dumps({"type": "discover", "protocol": 99}).encode(), responder.address)
    assert [r["table"]["protocol"] for r in replies(client, SOON, until=1)] == [PROTOCOL_VERSION + 1]
    [found] = discover(timeout=2.0, port=responder.address[1], targets=["127.0.0.1"])
    assert found.table.protocol == PROTOCOL_VERSION + 1


def test_two_tables_on_two_ports_are_each_found(responders: Callable[..., DiscoveryResponder]) -> None:
    a = responders(table("A", "a" * 16))
    b = responders(table("B", "b" * 16))
    assert [f.table.name for f in discover(timeout=2.0, port=a.address[1], targets=["127.0.0.1"])] == ["A"]
    assert [f.table.name for f in discover(timeout=2.0, port=b.address[1], targets=["127.0.0.1"])] == ["B"]


@linux_only
def test_tables_sharing_the_port_all_answer_a_broadcast(
        responders: Callable[..., DiscoveryResponder]) -> None:
    """Several tables on one computer share the discovery port; a broadcast reaches each."""
    first = responders(table("Zhang's", "1" * 16), bind="127.255.255.255")
    port = first.address[1]
    responders(table("an evening", "2" * 16), port=port, bind="127.255.255.255")
    responders(table("Mid", "3" * 16), port=port, bind="127.255.255.255")
    found = discover(timeout=2.0, port=port, targets=["127.255.255.255"])
    assert [f.table.name for f in found] == ["an evening", "Mid", "Zhang's"]  # by name, case aside
    assert {f.host for f in found} == {"127.0.0.1"}


def test_the_same_table_answering_twice_is_listed_once(responders: Callable[..., DiscoveryResponder]) -> None:
    first = responders(table())
    port = first.address[1]
    try:
        second = responders(table(name="the same table, another way"), port=port, bind="127.0.0.2")
    except OSError:
        pytest.skip("127.0.0.2 is not this computer's here")
    found = discover(timeout=2.0, port=port, targets=["127.0.0.1", "127.0.0.2"])
    assert len(found) == 1 and found[0].table.id == table().id
    assert found[0].host in ("127.0.0.1", "127.0.0.2")
    assert first.replies >= 1 and second.replies >= 1  # both answered: one was dropped as a repeat


GARBAGE = [
    b"", b"\x00", b"\xff\xfe\xfd", b"not json", b"[]", b"null", b"1e999", b'"discover"',
    b'{"type": "discover"}', b'{"type": "discover", "protocol": true}',
    b'{"type": "discover", "protocol": -1}',
    b'{"type": "discover", "protocol": 1.5}', b'{"type": "discover", "protocol": "1"}',
    b'{"type": "hello", "protocol": 1}', b'{"type": "table", "protocol": 1}', b'{"protocol": 1}',
    b"[" * 500 + b"]" * 500, query()[:-1],  # cut short
    query()[:-1] + b" " * MAX_QUERY + b"}",  # a good query, but too long
    b"\x00" * 9000,
]


def test_garbage_gets_no_reply_and_stops_nothing(responders: Callable[..., DiscoveryResponder],
                                                 client: socket.socket) -> None:
    responder = responders(table())
    for datagram in GARBAGE:
        client.sendto(datagram, responder.address)
    assert replies(client, 0.4) == []
    client.sendto(query(), responder.address)
    assert len(replies(client, SOON, until=1)) == 1
    deadline = time.monotonic() + SOON  # it counts a reply once sent: the client may read it first
    while responder.replies < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert responder.replies == 1  # the garbage before it was never answered


@given(st.binary(max_size=2000))
@settings(max_examples=300, deadline=None)
def test_any_datagram_is_a_query_or_not(data: bytes) -> None:
    assert _is_query(data) in (True, False)
    assert read_reply(data, "127.0.0.1") is None or isinstance(read_reply(data, "127.0.0.1"), Found)


def test_a_failing_table_info_costs_one_reply_not_the_responder(
        responders: Callable[..., DiscoveryResponder], client: socket.socket) -> None:
    calls = []

    def info() -> TableInfo:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the host was busy")
        return table()

    responder = responders(info)
    client.sendto(query(), responder.address)
    assert replies(client, 0.3) == []
    client.sendto(query(), responder.address)
    assert len(replies(client, SOON, until=1)) == 1


def test_replies_to_one_address_are_rate_limited(responders: Callable[..., DiscoveryResponder],
                                                 client: socket.socket) -> None:
    responder = responders(table(), clock=lambda: 100.0)  # however long the queries take: one second
    for _ in range(3 * REPLIES_PER_SECOND):
        client.sendto(query(), responder.address)
    assert len(replies(client, SOON, until=REPLIES_PER_SECOND)) == REPLIES_PER_SECOND
    assert replies(client, 0.3) == []  # the rest of the burst is not answered
    # another address is answered meanwhile
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as other:
        try:
            other.bind(("127.0.0.2", 0))
        except OSError:
            pytest.skip("127.0.0.2 is not this computer's here")
        other.sendto(query(), responder.address)
        other.settimeout(SOON)
        assert json.loads(other.recv(65536))["type"] == "table"


def test_the_rate_limit_is_a_sliding_second() -> None:
    limit = _RateLimit(per_source=3, total=5, sources=2)
    assert [limit.allow("a", 10.0 + i / 10) for i in range(4)] == [True, True, True, False]
    assert limit.allow("a", 10.99) is False
    assert limit.allow("a", 11.0) is True  # the first reply is a second old
    assert limit.allow("b", 11.0) is True
    assert limit.allow("c", 11.0) is False  # two addresses are being counted already
    assert limit.allow("b", 11.05) is True  # five replies in the last second, all addresses together
    assert limit.allow("b", 11.06) is False  # b has had two of its three, but that is the total
    assert limit.allow("c", 12.5) is True  # the old addresses are forgotten


def test_stop_is_prompt_idempotent_and_frees_the_port(responders: Callable[..., DiscoveryResponder]) -> None:
    responder = responders(table())
    port = responder.address[1]
    began = time.monotonic()
    responder.stop()
    responder.stop()
    assert time.monotonic() - began < SOON  # it does stop (it looks at its flag every 0.1 s)
    assert responder.address == ("127.0.0.1", port)
    assert discover(timeout=0.2, port=port, targets=["127.0.0.1"]) == []
    DiscoveryResponder(lambda: table()).stop()  # never started


def test_a_port_that_cannot_be_bound_raises_oserror() -> None:
    with pytest.raises(OSError):
        DiscoveryResponder(lambda: table(), port=0, bind="192.0.2.123").start()  # not this computer's


# -- discover -------------------------------------------------------------------------------------

def test_discover_keeps_good_replies_only_once_each_sorted_by_name(client: socket.socket) -> None:
    """A fake host answers a query with garbage, forged and repeated replies."""
    good = [table("zeta", "1" * 16), table("Alpha", "2" * 16), table("mid", "3" * 16)]
    answers = [
        b"garbage", b"{}", b'{"type": "table"}', b'{"type": "table", "table": {"id": "4"}}',
        json.dumps({"type": "table", "table": {**good[0].to_json(), "port": 0}}).encode(),
        json.dumps({"type": "lobby", "table": good[0].to_json()}).encode(),
        *(json.dumps({"type": "table", "table": t.to_json(), "address": "x"}).encode() for t in good),
        json.dumps({"type": "table", "table": {**good[1].to_json(), "name": "a repeat"}}).encode(),
    ]
    done = threading.Event()

    def fake_host() -> None:
        try:
            data, peer = client.recvfrom(2048)
            if _is_query(data):
                for answer in answers:
                    client.sendto(answer, peer)
        except OSError:
            pass
        done.set()

    thread = threading.Thread(target=fake_host, daemon=True)
    client.settimeout(SOON)
    thread.start()
    found = discover(timeout=2.0, port=client.getsockname()[1], targets=["127.0.0.1"])
    thread.join(timeout=SOON)
    assert done.is_set()
    assert found == [Found(good[1], "127.0.0.1"), Found(good[2], "127.0.0.1"), Found(good[0], "127.0.0.1")]


def test_discover_asks_again_when_a_query_is_lost(client: socket.socket) -> None:
    """UDP may drop a datagram: the query is sent more than once within the timeout."""
    heard: list[bytes] = []

    def listen() -> None:
        end = time.monotonic() + SOON
        while time.monotonic() < end and len(heard) < 2:
            try:
                heard.append(client.recv(2048))
            except OSError:
                continue

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    discover(timeout=0.6, port=client.getsockname()[1], targets=["127.0.0.1"])  # it asks 3 times
    thread.join(timeout=SOON)
    assert len(heard) >= 2 and all(_is_query(d) for d in heard)


def test_discover_finds_nothing_without_raising(responders: Callable[..., DiscoveryResponder]) -> None:
    assert discover(timeout=0.3, port=9, targets=[]) == []
    assert discover(timeout=0.3, port=9, targets=["127.0.0.1", "300.1.1.1", "::1", ""]) == []
    # only IPv4 addresses are asked: a name is not looked up (that could stall a round)
    port = responders(table()).address[1]
    assert discover(timeout=0.3, port=port, targets=["localhost", "127.0.0.01"]) == []


def test_the_default_targets_cover_every_subnet_and_this_computer() -> None:
    targets = discovery.default_targets(["10.9.9.255"])
    assert {"255.255.255.255", "127.0.0.1", "10.9.9.255"} <= set(targets)
    assert len(targets) == len(set(targets))
    assert DISCOVERY_PORT == 47322


# -- the browser ----------------------------------------------------------------------------------

def test_the_browser_follows_the_tables(responders: Callable[..., DiscoveryResponder]) -> None:
    info = {"table": table(seats_free=3)}
    responder = responders(lambda: info["table"])
    updates: list[list[Found]] = []
    changed = threading.Condition()

    def on_update(found: list[Found]) -> None:
        with changed:
            updates.append(found)
            changed.notify_all()

    def wait_for(check: Callable[[list[Found]], bool], within: float) -> bool:
        with changed:
            return changed.wait_for(lambda: bool(updates) and check(updates[-1]), timeout=within)

    browser = Browser(on_update, port=responder.address[1], interval=0.2, expire=0.5, targets=["127.0.0.1"])
    browser.start()
    try:
        assert wait_for(lambda f: [x.table.seats_free for x in f] == [3], SOON)
        info["table"] = table(seats_free=1)
        assert wait_for(lambda f: [x.table.seats_free for x in f] == [1], SOON)
        responder.stop()
        assert wait_for(lambda f: f == [], SOON)  # no answer for longer than `expire`
        assert browser.tables() == []
    finally:
        began = time.monotonic()
        browser.stop()
        browser.stop()
        assert time.monotonic() - began < SOON  # it does stop (it waits for its thread 1 s at most)


def test_a_query_with_more_keys_is_still_one() -> None:
    """A newer client may add keys; the host answers it all the same."""
    assert _is_query(b'{"type": "discover", "protocol": 1, "name": "x", "extra": [1, 2]}')
    assert _is_query(query())
