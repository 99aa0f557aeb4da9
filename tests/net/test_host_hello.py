"""A hello and what the host answers (docs/protocol.md, Refusals and errors; Limits): every
refusal with its code and a clear message, the connection limits, and the errors after the
welcome that keep the connection."""

from __future__ import annotations

import socket
import struct
import time
from typing import Any

import pytest

from engine.net import frames
from engine.net import messages as m
from engine.net.connection import BURST
from engine.net.messages import PROTOCOL_VERSION
from tests.net.helpers import FakeClock, hosted, join
from tests.net.raw_client import RawClient


def _refused(reply: m.Message, code: str) -> m.Refused:
    assert isinstance(reply, m.Refused), reply
    assert reply.code == code and reply.protocol == PROTOCOL_VERSION
    return reply


def test_another_protocol_version_is_refused_naming_both_versions() -> None:
    with hosted() as host:
        client = RawClient(host.address[1])
        client.send_raw({**m.to_wire(m.Hello(name="future")), "protocol": PROTOCOL_VERSION + 1})
        reply = _refused(client.read(), m.REFUSE_PROTOCOL)
        assert f"version {PROTOCOL_VERSION}" in reply.message
        assert f"version {PROTOCOL_VERSION + 1}" in reply.message
        assert client.closed()


def test_a_newer_hello_that_this_host_cannot_even_read_is_still_told_the_version() -> None:
    with hosted() as host:
        client = RawClient(host.address[1])
        client.send_raw({"type": "hello", "protocol": 7, "nickname": "new-style"})  # no `name`
        reply = _refused(client.read(), m.REFUSE_PROTOCOL)
        assert "7" in reply.message
        assert client.closed()


def test_the_room_code_is_needed_and_must_be_right() -> None:
    clock = FakeClock()
    with hosted(code="麻将123", clock=clock) as host:
        assert host.info().code is True
        for code, refusal in ((None, m.REFUSE_CODE_NEEDED), ("", m.REFUSE_CODE_NEEDED),
                              ("麻将124", m.REFUSE_WRONG_CODE)):
            client = RawClient(host.address[1])
            _refused(client.hello("a", code=code), refusal)
            assert client.closed()
        clock.now += 1.0  # the wait a wrong code costs (tests/net/test_door.py)
        client, welcome = join(host, "a", code="麻将123")
        assert welcome.seat == 0 and len(welcome.token) == 32 and int(welcome.token, 16) >= 0


def test_a_fifth_person_finds_the_table_full() -> None:
    with hosted() as host:
        seated = [join(host, f"p{i}") for i in range(3)]
        host.add_ai(3)
        assert [w.seat for _, w in seated] == [0, 1, 2]
        assert len({w.token for _, w in seated}) == 3
        client = RawClient(host.address[1])
        reply = _refused(client.hello("late"), m.REFUSE_FULL)
        assert "taken" in reply.message


def test_after_the_start_a_hello_without_a_token_is_refused_and_a_wrong_token_too() -> None:
    with hosted(rules=m.Ruleset(rounds=1, time_limit=None)) as host:
        seated = join(host, "a")  # kept: a closed connection would let 托管 finish the match at once
        host.fill_with_ai()
        host.start_match()
        deadline = time.monotonic() + 5
        while not host.info().started and time.monotonic() < deadline:
            time.sleep(0.01)
        _refused(RawClient(host.address[1]).hello("b"), m.REFUSE_STARTED)
        _refused(RawClient(host.address[1]).hello("b", token="0" * 32), m.REFUSE_UNKNOWN_TOKEN)
        assert not host.finished and seated


@pytest.mark.parametrize("first", [
    m.to_wire(m.Ready(True)),  # not a hello
    {"type": "hello", "protocol": PROTOCOL_VERSION, "name": ""},  # an empty name
    {"type": "hello", "protocol": PROTOCOL_VERSION},  # no name
    {"type": "nonsense"},
    # a mistyped flag was taken for false (QA): the documents say it is an error
    {"type": "hello", "protocol": PROTOCOL_VERSION, "name": "a", "shows": "yes"},
    {"type": "hello", "protocol": PROTOCOL_VERSION, "name": "a", "watch": 1},
])
def test_a_first_message_that_is_no_good_hello_is_refused(first: dict[str, object]) -> None:
    with hosted() as host:
        client = RawClient(host.address[1])
        client.send_raw(first)
        _refused(client.read(), m.REFUSE_BAD_HELLO)
        assert client.closed()
        assert host.lobby().seats[0].kind == "empty"


@pytest.mark.parametrize("data", [
    struct.pack(">I", frames.MAX_FRAME + 1),  # refused from the length alone
    struct.pack(">I", 3) + b"\xff\xfe\xfd",  # not UTF-8
    struct.pack(">I", 2) + b"[]",  # not an object
])
def test_a_first_frame_that_breaks_the_framing_is_refused(data: bytes) -> None:
    with hosted() as host:
        client = RawClient(host.address[1])
        client.send_bytes(data)
        _refused(client.read(), m.REFUSE_BAD_HELLO)
        assert client.closed()


def test_no_hello_within_the_deadline_is_refused_timeout() -> None:
    with hosted(handshake_timeout=0.3) as host:
        client = RawClient(host.address[1])
        reply = _refused(client.read(), m.REFUSE_TIMEOUT)  # the deadline is the event loop's own timer
        assert "0.3 seconds" in reply.message
        assert client.closed()


def _from(address: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(5)
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def _silent(sock: socket.socket) -> bool:
    """The host has sent nothing on `sock` and kept it open."""
    sock.setblocking(False)
    try:
        sock.recv(1)  # a message, or b"" for a close
    except BlockingIOError:
        return True
    finally:
        sock.settimeout(5)
    return False


def _reply(sock: socket.socket) -> m.Message | None:
    """The host's first message on a connection that said nothing, or None (it closed, or said
    nothing for 20 s)."""
    reader = frames.FrameReader()
    sock.settimeout(20)
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return None
            got = reader.feed(data)
            if got:
                return m.parse(got[0], "host")
    except TimeoutError:
        return None


def test_connections_that_say_nothing_are_limited_per_address_and_a_new_address_gets_in() -> None:
    with hosted(handshake_timeout=30, busy_handshake_timeout=30) as host:
        port = host.address[1]
        try:
            groups = [[_from(f"127.0.0.{a}", port) for _ in range(4)] for a in range(1, 5)]
        except OSError:
            pytest.skip("no 127.0.0.2-4 on this system's loopback")
        newcomers: list[socket.socket] = []
        try:
            time.sleep(0.2)
            assert all(_silent(s) for g in groups for s in g)  # 16 waiting: all kept
            fifth = _from("127.0.0.1", port)  # a fifth from one address
            reply = _reply(fifth)
            assert isinstance(reply, m.Refused) and reply.code == m.REFUSE_BUSY
            # a new address, with all 16 taken: the busiest address's oldest gives way
            newcomers.append(_from("127.0.0.5", port))
            reply = _reply(groups[0][0])
            assert isinstance(reply, m.Refused) and reply.code == m.REFUSE_BUSY
            # 127.0.0.5 still stands lower than the others; 127.0.0.1 holds 3 and lost one: 4, as
            # high as any, and its oldest is the oldest of those
            newcomers.append(_from("127.0.0.5", port))
            reply = _reply(groups[0][1])
            assert isinstance(reply, m.Refused) and reply.code == m.REFUSE_BUSY
            assert all(_silent(s) for s in newcomers)
            again = _from("127.0.0.1", port)  # an address that holds as many as the busiest: no room
            reply = _reply(again)
            assert isinstance(reply, m.Refused) and reply.code == m.REFUSE_BUSY
            newcomers[0].sendall(frames.encode(m.to_wire(m.Hello(name="fine"))))
            assert isinstance(_reply(newcomers[0]), m.Welcome)
        finally:
            for sock in [*newcomers, *(s for g in groups for s in g)]:
                sock.close()


def test_when_the_greeting_slots_are_nearly_full_the_deadline_is_the_short_one() -> None:
    with hosted(handshake_timeout=30, busy_handshake_timeout=0.3, max_greeting=4) as host:
        silent = [RawClient(host.address[1]) for _ in range(3)]  # the third makes 3 of 4: nearly full
        reply = _refused(silent[2].read(10), m.REFUSE_TIMEOUT)
        assert "0.3 seconds" in reply.message
        assert silent[2].closed()
        silent.append(RawClient(host.address[1]))  # nearly full again: the short deadline for all of them
        for client in silent[:2]:
            _refused(client.read(10), m.REFUSE_TIMEOUT)


def test_after_the_welcome_bad_messages_get_an_error_and_the_connection_stays() -> None:
    with hosted() as host:
        client, _ = join(host, "a")
        cases: list[tuple[dict[str, Any], str]] = [
            ({"type": "teleport"}, m.UNKNOWN_TYPE),
            ({"type": "ready"}, m.BAD_MESSAGE),  # `ready` missing
            ({"type": "ack", "n": -1}, m.BAD_MESSAGE),
            (m.to_wire(m.Ack(3)), m.NOT_NOW),  # nothing to acknowledge before the start
            (m.to_wire(m.Choose(1, None)), m.NOT_NOW),
            (m.to_wire(m.Hello(name="again")), m.NOT_NOW),
            ({"type": "welcome", "seat": 0}, m.UNKNOWN_TYPE),  # a host's message
        ]
        for data, code in cases:
            client.send_raw(data)
            reply = client.read_until(m.Error)
            assert reply.code == code, (data, reply)
        client.send(m.Ping(42))
        assert client.read_until(m.Pong).t == 42  # still connected
        client.send(m.Ready(True))
        lobby = client.read_until(m.Lobby)
        assert lobby.seats[0].ready


def test_a_broken_frame_after_the_welcome_is_answered_bad_frame_and_closed() -> None:
    with hosted() as host:
        client, _ = join(host, "a")
        client.send_bytes(struct.pack(">I", 5) + b"{oops")
        reply = client.read_until(m.Error)
        assert reply.code == m.BAD_FRAME
        assert client.closed()
        deadline = time.monotonic() + 20
        while host.lobby().seats[0].kind != "empty" and time.monotonic() < deadline:
            time.sleep(0.01)
        assert host.lobby().seats[0].kind == "empty"  # before the start, going is leaving


def test_too_many_messages_are_dropped_and_twice_the_rate_closes() -> None:
    clock = FakeClock()  # the rate limit's: however slowly the machine reads the burst, it is one
    with hosted(connection_clock=clock) as host:
        client, _ = join(host, "a")
        client.send_bytes(b"".join(frames.encode(m.to_wire(m.Ping(i))) for i in range(150)))
        pongs = errors = 0
        while pongs + errors < 150:
            reply = client.read()
            if isinstance(reply, m.Pong):
                pongs += 1
            elif isinstance(reply, m.Error):
                assert reply.code == m.RATE
                errors += 1
        assert (pongs, errors) == (BURST - 1, 150 - BURST + 1)  # the burst (the hello took one)
        clock.now += 1.0
        client.send(m.Ping(7))
        assert client.read_until(m.Pong).t == 7  # still connected once it slowed down
        client.send_bytes(b"".join(frames.encode(m.to_wire(m.Ping(i))) for i in range(400)))
        assert client.closed()
        assert any(isinstance(x, m.Error) and x.code == m.RATE and "closed" in x.message
                   for x in client.received)
        # and the connection's last word says why it went, as every other close does
        assert isinstance(client.received[-1], m.Ended) and client.received[-1].reason == m.END_FLOOD


def test_a_silent_client_is_pinged_and_then_dropped_as_dead() -> None:
    clock = FakeClock()  # the connections' (the host's timer looks at it a few times a second)
    with hosted(connection_clock=clock, heartbeat=0.1, dead_after=0.6) as host:
        client, _ = join(host, "a")
        clock.now += 0.2  # quiet for longer than the heartbeat
        assert client.read_until(m.Ping).t == 1
        clock.now += 0.2
        assert client.read_until(m.Ping).t == 2  # pinged again, and not yet dead
        assert host.lobby().seats[0].connected
        clock.now += 0.2  # 0.6 s without a word
        ended = client.read_until(m.Ended)
        assert ended.reason == m.END_DEAD and "0.6 seconds" in ended.message
        assert client.closed()


def test_a_client_that_answers_pings_stays() -> None:
    clock = FakeClock()
    with hosted(connection_clock=clock, heartbeat=0.1, dead_after=0.5) as host:
        client, _ = join(host, "a")
        for step in range(1, 6):  # 1.5 s in all, three times dead_after
            clock.now += 0.3
            ping = client.read_until(m.Ping)
            client.send(m.Pong(ping.t))
            client.send(m.Ping(100 + step))  # its answer says the host has read the pong too
            assert client.read_until(m.Pong).t == 100 + step
        assert not any(isinstance(x, m.Ended) for x in client.received)
        assert host.lobby().seats[0].connected
