"""The host's answer to discovery (docs/protocol.md, "Finding tables"): a UDP socket on the
discovery port that answers every ``{"type": "discover", "protocol": 1}`` datagram by unicast to
its sender with ``{"type": "table", "table": TableInfo, "address": "a.b.c.d"}``.

The answers are rate-limited: a datagram's sender address can be forged, and the answer is
larger than the question, so the host must not become a loudspeaker for someone else's flood.
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import sys
from collections.abc import Callable
from typing import cast

from .connection import TokenBucket
from .messages import TableInfo

log = logging.getLogger(__name__)

MAX_QUERY = 512  # bytes: a query is ~40
REPLIES_PER_SECOND = 20.0


def discovery_socket(bind: str, port: int) -> socket.socket:
    """A UDP socket bound to the discovery port that other hosts on this computer may share
    (each answers); OSError if it cannot be had."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT") and sys.platform != "win32":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.bind((bind or "0.0.0.0", port))
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


def reply_address(bind: str, sender: str) -> str:
    """The address of this computer that `sender` reaches it by (the route's source address)."""
    if bind not in ("", "0.0.0.0"):
        return bind
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect((sender, 9))  # nothing is sent: connecting only picks the route
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"


class DiscoveryResponder(asyncio.DatagramProtocol):
    def __init__(self, info: Callable[[], TableInfo], bind: str = "0.0.0.0") -> None:
        self.info = info
        self.bind = bind
        self.answered = 0
        self._transport: asyncio.DatagramTransport | None = None
        self._bucket = TokenBucket(REPLIES_PER_SECOND, REPLIES_PER_SECOND)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = cast(asyncio.DatagramTransport, transport)  # not its subclass in 3.11

    def datagram_received(self, data: bytes, addr: tuple[str | object, int]) -> None:
        if self._transport is None or len(data) > MAX_QUERY or not isinstance(addr[0], str):
            return
        try:
            query = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return
        # another protocol version is answered too: the table's info says its own, and the client
        # can tell its player that this table needs another version
        if not isinstance(query, dict) or query.get("type") != "discover" or not self._bucket.take():
            return
        answer = {"type": "table", "table": self.info().to_json(),
                  "address": reply_address(self.bind, addr[0])}
        try:
            self._transport.sendto(json.dumps(answer, ensure_ascii=False).encode("utf-8"), addr)
            self.answered += 1
        except OSError as exc:  # an unreachable sender is its own problem
            log.debug("no discovery answer to %s: %s", addr, exc)

    def error_received(self, exc: Exception) -> None:
        log.debug("discovery socket: %s", exc)


__all__ = ["DiscoveryResponder", "discovery_socket", "reply_address"]
