"""Finding tables on the LAN (docs/protocol.md, "Finding tables"): a client broadcasts a UDP
query to every subnet and each host answers by unicast with its :class:`TableInfo`.

:class:`DiscoveryResponder` is the host's side: a daemon thread that answers queries and
ignores everything else, rate-limited per sender so that a spoofed query cannot turn it into an
amplifier. :func:`discover` is one round of asking; :class:`Browser` repeats it in the
background and keeps the list of tables that still answer.

Several tables on one computer share the discovery port (SO_REUSEADDR, and SO_REUSEPORT where
there is one): a broadcast reaches each of them, while a unicast query (to 127.0.0.1, say)
reaches only one. So :func:`default_targets` also asks 127.255.255.255, which Linux delivers
to every table on the computer.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import logging
import select
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.net.addresses import broadcast_targets
from engine.net.messages import DISCOVERY_PORT, PROTOCOL_VERSION, ProtocolError, TableInfo

log = logging.getLogger(__name__)

MAX_QUERY = 1024  # bytes: a query is ~35; anything longer is not one
MAX_REPLY = 8192  # bytes: a reply is ~300
REPLIES_PER_SECOND = 20  # per sender address
REPLIES_PER_SECOND_TOTAL = 200  # all senders together: spoofed sources cannot multiply it
MAX_FOUND = 256  # tables kept from one round: a flood of forged replies stays bounded
LOCAL_TARGETS = ("127.0.0.1", "127.255.255.255")  # this computer: one table, and all of them (Linux)


def query() -> bytes:
    """The datagram that asks "who hosts a table here?"."""
    return json.dumps({"type": "discover", "protocol": PROTOCOL_VERSION}).encode("utf-8")


def _is_query(data: bytes) -> bool:
    """A query of any protocol version: a host answers them all, and its reply names its own
    version, so that an older or newer client can say "needs another version"."""
    if len(data) > MAX_QUERY:
        return False
    try:
        message = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
    if not isinstance(message, dict) or message.get("type") != "discover":
        return False
    protocol = message.get("protocol")
    return isinstance(protocol, int) and not isinstance(protocol, bool) and protocol >= 0


def _reply_address(peer: str) -> str:
    """This computer's address on the way to `peer` (connecting a UDP socket sends nothing)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect((peer, 9))
            return str(sock.getsockname()[0])
    except OSError:
        return ""


class _RateLimit:
    """At most `per_source` replies to one address and `total` to all in any one second (a
    sliding window); the table of addresses is bounded, so forged sources cannot grow it."""

    def __init__(self, per_source: int, total: int, sources: int = 4096) -> None:
        self.per_source = per_source
        self.total = total
        self.sources = sources
        self._sent: dict[str, deque[float]] = {}
        self._all: deque[float] = deque()

    @staticmethod
    def _forget(times: deque[float], now: float) -> None:
        while times and now - times[0] >= 1.0:
            times.popleft()

    def _full(self, times: deque[float], limit: int, now: float) -> bool:
        self._forget(times, now)
        return len(times) >= limit

    def allow(self, source: str, now: float) -> bool:
        if self._full(self._all, self.total, now):
            return False
        times = self._sent.get(source)
        if times is None:
            if len(self._sent) >= self.sources:
                for old in self._sent.values():
                    self._forget(old, now)
                self._sent = {s: t for s, t in self._sent.items() if t}
                if len(self._sent) >= self.sources:
                    return False
            times = self._sent[source] = deque()
        if self._full(times, self.per_source, now):
            return False
        times.append(now)
        self._all.append(now)
        return True


class DiscoveryResponder:
    """The host's answer to discovery queries, on a daemon thread.

    `info` is called on that thread for each reply; it must be safe to call from there (the
    host returns a value it keeps up to date). A query is answered by unicast to its sender
    with ``{"type": "table", "table": info(), "address": <this computer's address toward the
    sender>}``. Bad datagrams, and queries over the rate limit, get no answer; nothing a
    datagram holds stops the thread.
    """

    POLL = 0.1  # seconds between looks at the stop flag

    def __init__(self, info: Callable[[], TableInfo], port: int = DISCOVERY_PORT,
                 bind: str = "0.0.0.0", clock: Callable[[], float] = time.monotonic) -> None:
        self._info = info
        self._clock = clock  # the rate limit's (tests stop it)
        self._port = port
        self._bind = bind
        self._sock: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._limit = _RateLimit(REPLIES_PER_SECOND, REPLIES_PER_SECOND_TOTAL)
        self.replies = 0  # replies sent, for tests and the host's log

    @property
    def address(self) -> tuple[str, int]:
        """The address and port the responder listens on (once started, the real port even
        when asked for port 0)."""
        return self._bind, self._port

    def start(self) -> None:
        """Bind and start answering; OSError if the port cannot be bound."""
        if self._thread is not None:
            return
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            # several tables on one computer: each must get the broadcasts
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if hasattr(socket, "SO_REUSEPORT"):
                with contextlib.suppress(OSError):  # some kernels define it and refuse it
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            sock.bind((self._bind, self._port))
            sock.settimeout(self.POLL)
            self._port = int(sock.getsockname()[1])
        except OSError:
            sock.close()
            raise
        self._sock = sock
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="discovery-responder", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop answering and close the socket; waits about a second at most. Idempotent."""
        self._stop.set()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=1.0)
        sock, self._sock = self._sock, None
        if sock is not None:
            sock.close()

    def _run(self) -> None:
        sock = self._sock
        assert sock is not None
        while not self._stop.is_set():
            try:
                data, peer = sock.recvfrom(MAX_QUERY + 1)
            except TimeoutError:
                continue
            except OSError:  # e.g. Windows reports an earlier reply's ICMP "port unreachable" here
                if self._stop.wait(0.01):
                    return
                continue
            try:
                self._answer(sock, data, peer)
            except Exception:  # never let one datagram end the thread
                log.exception("discovery: a reply to %s failed", peer)

    def _answer(self, sock: socket.socket, data: bytes, peer: Any) -> None:
        if not _is_query(data) or not self._limit.allow(peer[0], self._clock()):
            return
        reply = {"type": "table", "table": self._info().to_json(), "address": _reply_address(peer[0])}
        try:
            sock.sendto(json.dumps(reply, ensure_ascii=False).encode("utf-8"), peer)
            self.replies += 1
        except OSError:
            pass


@dataclass(frozen=True)
class Found:
    """A table that answered: where it is (`host`, the address its reply came from, and
    ``table.port``) and what it says of itself. ``table.protocol`` may differ from ours: the
    list shows such a table as needing another version."""

    table: TableInfo
    host: str


def read_reply(data: bytes, sender: str) -> Found | None:
    """The table in a reply datagram, or None when it is not a good one."""
    if len(data) > MAX_REPLY:
        return None
    try:
        message = json.loads(data.decode("utf-8"))
        if not isinstance(message, dict) or message.get("type") != "table":
            return None
        return Found(TableInfo.from_json(message.get("table")), sender)
    except (UnicodeDecodeError, ValueError, RecursionError, ProtocolError):
        return None


def default_targets(extra: Sequence[str] = ()) -> list[str]:
    """Every subnet's broadcast, `extra`, 255.255.255.255, and this computer itself."""
    return list(dict.fromkeys([*broadcast_targets(extra), *LOCAL_TARGETS]))


def _ipv4_only(targets: Sequence[str]) -> list[str]:
    """The targets that are IPv4 addresses: a name would stall a round on a DNS lookup."""
    kept = []
    for target in targets:
        try:
            kept.append(str(ipaddress.IPv4Address(target)))
        except ValueError:
            continue
    return list(dict.fromkeys(kept))


def _send_all(sock: socket.socket, targets: Sequence[str], port: int) -> None:
    datagram = query()
    for target in targets:
        try:
            sock.sendto(datagram, (target, port))
        except (OSError, OverflowError):  # no route, no broadcast allowed, a port out of range
            continue


def _ask(timeout: float, port: int, targets: Sequence[str], stop: threading.Event | None) -> list[Found]:
    found: dict[str, Found] = {}
    targets = _ipv4_only(targets)
    try:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    except OSError:
        return []
    with sock:
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            sock.bind(("0.0.0.0", 0))
        except OSError:
            return []
        start = time.monotonic()
        deadline = start + max(0.0, timeout)
        # UDP may drop a datagram: ask three times, at the start, a third and two thirds in
        sends = [start + timeout * k / 3 for k in range(3)]
        while True:
            now = time.monotonic()
            if stop is not None and stop.is_set():
                break
            while sends and sends[0] <= now:
                sends.pop(0)
                _send_all(sock, targets, port)
            if now >= deadline:
                break
            wait = min([deadline, *sends[:1]]) - now
            if stop is not None:
                wait = min(wait, 0.1)
            try:
                readable, _, _ = select.select([sock], [], [], max(0.0, wait))
            except (OSError, ValueError):
                break
            if not readable:
                continue
            try:
                data, peer = sock.recvfrom(MAX_REPLY + 1)
            except OSError:  # Windows: an ICMP "port unreachable" for an earlier query
                continue
            reply = read_reply(data, str(peer[0]))
            if reply is not None and reply.table.id not in found and len(found) < MAX_FOUND:
                found[reply.table.id] = reply
    return sorted(found.values(), key=_order)


def _order(found: Found) -> tuple[str, str, str]:
    return found.table.name.casefold(), found.host, found.table.id


def discover(timeout: float = 1.0, port: int = DISCOVERY_PORT,
             targets: Sequence[str] | None = None) -> list[Found]:
    """The tables that answer within `timeout` seconds, each once (by table id, from the first
    reply), sorted by name. `targets` (IPv4 addresses; anything else is skipped) defaults to
    :func:`default_targets`. Never raises for a network that is down or missing: it finds
    nothing."""
    return _ask(timeout, port, default_targets() if targets is None else list(targets), None)


class Browser:
    """Discovery in the background, for a list of tables on screen: asks every `interval`
    seconds and calls `on_update` (on its own thread) with the tables that answered within the
    last `expire` seconds, whenever that list changes. A table keeps the host it was first
    found at while it stays in the list."""

    def __init__(self, on_update: Callable[[list[Found]], None], port: int = DISCOVERY_PORT,
                 interval: float = 2.0, targets_extra: Sequence[str] = (), expire: float = 6.0,
                 targets: Sequence[str] | None = None) -> None:
        self._on_update = on_update
        self._port = port
        self._interval = interval
        self._extra = tuple(targets_extra)
        self._targets = None if targets is None else tuple(targets)
        self._expire = expire
        self._seen: dict[str, tuple[Found, float]] = {}
        self._shown: list[Found] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="discovery-browser", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop asking; waits about a second at most. Idempotent; `on_update` is not called
        after it returns (unless the thread was stuck in the callback)."""
        self._stop.set()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=1.0)

    def tables(self) -> list[Found]:
        """The list last passed to `on_update`."""
        return list(self._shown or [])

    def _run(self) -> None:
        while not self._stop.is_set():
            began = time.monotonic()
            try:
                targets = self._targets if self._targets is not None else default_targets(self._extra)
                round_ = _ask(min(1.0, self._interval), self._port, targets, self._stop)
                if self._stop.is_set():
                    return
                self._update(round_, time.monotonic())
            except Exception:  # the list on screen must go on being kept
                log.exception("discovery: a round failed")
            self._stop.wait(max(0.1, self._interval - (time.monotonic() - began)))

    def _update(self, round_: list[Found], now: float) -> None:
        for found in round_:
            known = self._seen.get(found.table.id)
            host = known[0].host if known is not None else found.host
            self._seen[found.table.id] = (Found(found.table, host), now)
        self._seen = {key: (f, seen) for key, (f, seen) in self._seen.items()
                      if now - seen <= self._expire}
        current = sorted((f for f, _ in self._seen.values()), key=_order)[:MAX_FOUND]
        if current != self._shown:
            self._shown = current
            try:
                self._on_update(list(current))
            except Exception:
                log.exception("discovery: the browser's callback failed")


__all__ = ["MAX_QUERY", "REPLIES_PER_SECOND", "Browser", "DiscoveryResponder", "Found", "default_targets",
           "discover", "query", "read_reply"]
