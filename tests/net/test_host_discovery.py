"""A hosted table answers discovery on loopback (engine.net.discovery.DiscoveryResponder): its
table, by unicast, to whoever asked, and nothing to anything else; and it goes on without."""

from __future__ import annotations

import json
import socket

from engine.net.host import Host, TableConfig
from engine.net.messages import PROTOCOL_VERSION, TableInfo


def _free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _ask(port: int, query: bytes, timeout: float = 2.0) -> dict[str, object] | None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.settimeout(timeout)
        sock.sendto(query, ("127.0.0.1", port))
        try:
            data, _ = sock.recvfrom(65536)
        except TimeoutError:
            return None
        answer = json.loads(data.decode("utf-8"))
        assert isinstance(answer, dict)
        return answer


def test_a_discovery_query_is_answered_with_the_table() -> None:
    port = _free_udp_port()
    host = Host(TableConfig(name="周五牌局", code="x"), bind="127.0.0.1", port=0, discovery_port=port)
    host.start()
    try:
        answer = _ask(port, json.dumps({"type": "discover", "protocol": PROTOCOL_VERSION}).encode())
        assert answer is not None and answer["type"] == "table" and answer["address"] == "127.0.0.1"
        table = TableInfo.from_json(answer["table"])
        assert table == host.info()
        assert (table.name, table.port) == ("周五牌局", host.address[1])
        assert table.code and table.seats_free == 4
        for junk in (b"", b"\xff", b"[]", b'{"type": "hello"}', b"x" * 2000):
            assert _ask(port, junk, timeout=0.2) is None
    finally:
        host.stop()


def test_a_taken_discovery_port_leaves_the_table_working() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as taken:
        taken.bind(("127.0.0.1", 0))  # without SO_REUSEADDR: nobody may share it
        host = Host(TableConfig(), bind="127.0.0.1", port=0, discovery_port=int(taken.getsockname()[1]))
        host.start()
        try:
            assert host.info().port == host.address[1]
        finally:
            host.stop()
