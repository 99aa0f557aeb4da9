"""One client's TCP connection on the host (asyncio, the network thread only): frames in and
out, the rate limit, the heartbeat and the limit on unread data (docs/protocol.md, Limits).

What the messages mean is the host's business (:class:`ConnectionOwner`); a connection only
reads frames, checks them against the protocol and its limits, and writes. Writes never wait:
a client that does not read only fills its own buffer, and past ``out_limit`` it is dropped
(``end slow``), so that it cannot hold up the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from collections.abc import Callable
from typing import Protocol

from engine.net import frames, messages
from engine.net.messages import Ended, Error, Message, Ping, Pong, ProtocolError, Refused

log = logging.getLogger(__name__)

RATE = 50.0  # messages per second a client may send …
BURST = 100  # … in bursts of this many; over it, `error rate` and the message is dropped
OUT_LIMIT = 1024 * 1024  # bytes sent and not yet read by the client before it is dropped (`slow`)
LINGER = 1.0  # seconds a closing connection has to take its last message before it is cut


_SLOW = "You did not read what the table sent: 托管 plays your seat."


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` kept; :meth:`take` spends one if there is one."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._at = clock()

    def take(self) -> bool:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True


class ConnectionOwner(Protocol):
    """What the host does with a connection's messages (all in the network thread)."""

    def opened(self, connection: Connection) -> None:
        """A client connected (it has not said hello yet)."""

    def received(self, connection: Connection, message: Message) -> None:
        """A message that is the protocol (a hello first; pings are answered here after it)."""

    def invalid(self, connection: Connection, error: ProtocolError, body: dict[str, object]) -> None:
        """A frame that is no client message (unknown type, bad field); `body` is its object."""

    def closed(self, connection: Connection) -> None:
        """The connection is closing or lost: said once, at the first of either."""


class Connection(asyncio.Protocol):
    """A client's connection. ``welcomed`` is set by the host once the hello is taken; the
    host keeps what it needs of the client on it (``seat``)."""

    def __init__(self, owner: ConnectionOwner, *, out_limit: int = OUT_LIMIT, rate: float = RATE,
                 burst: int = BURST, clock: Callable[[], float] = time.monotonic,
                 socket_buffer: int | None = None) -> None:
        self.owner = owner
        self.socket_buffer = socket_buffer
        self.out_limit = out_limit
        self.clock = clock
        self.peer = "?"
        self.welcomed = False
        self.seat: int | None = None  # the host's seat of this client, once welcomed
        self.closing = False  # closed by either side: nothing more is written
        self.lost = False  # the socket is gone
        self.end_reason: str | None = None  # why the host closed it (an `end` reason or a refusal code)
        self.opened_at = self.last_heard = self.last_sent = clock()
        self._transport: asyncio.Transport | None = None
        self._reader = frames.FrameReader()
        self._bucket = TokenBucket(rate, burst, clock)
        self._hard_bucket = TokenBucket(2 * rate, 2 * burst, clock)  # twice the rate: the connection goes
        self._reported = False
        self._ping = 0

    # -- asyncio --------------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        sock = transport.get_extra_info("socket")
        if sock is not None:  # asyncio sets it only on sockets made with proto=IPPROTO_TCP
            with contextlib.suppress(OSError, AttributeError):
                # no Nagle: a request written after a run of events would wait for the client's ACK
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                if self.socket_buffer is not None:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.socket_buffer)
        peer = transport.get_extra_info("peername")
        self.peer = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.opened_at = self.last_heard = self.last_sent = self.clock()
        self.owner.opened(self)

    def data_received(self, data: bytes) -> None:
        if self.closing:
            return
        try:
            bodies = self._reader.feed(data)
        except frames.FrameError as exc:
            bodies = []
            self._bad_frame(exc)
        for body in bodies:
            if self.closing:
                return
            self._take(body)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closing = self.lost = True
        self._report_closed()

    # -- writing (network thread) -----------------------------------------------------------
    def send(self, message: Message) -> bool:
        """Write `message`; False if the connection is closing or the client was dropped as slow."""
        try:
            data = frames.encode(messages.to_wire(message))
        except ValueError:
            log.exception("a %s message could not be framed", message.TYPE)
            return False
        return self.send_frame(data)

    def send_frame(self, data: bytes) -> bool:
        """Write encoded frames (one or several, encoded by whoever had the messages)."""
        if self.closing or self._transport is None:
            return False
        self.last_sent = self.clock()  # before the write: once a client has it, the time is set
        self._transport.write(data)
        if self._transport.get_write_buffer_size() > self.out_limit:
            log.warning("client %s reads nothing: %d bytes wait; dropped", self.peer,
                        self._transport.get_write_buffer_size())
            self.close(Ended(messages.END_SLOW, _SLOW))
            return False
        return True

    def close(self, last: Ended | Refused | None = None) -> None:
        """Send `last` (if any), close, and tell the owner; the rest of the buffer has LINGER
        seconds to leave before the connection is cut."""
        if self.closing:
            return
        if last is not None:
            self.end_reason = last.reason if isinstance(last, Ended) else last.code
            try:
                if self._transport is not None:
                    self._transport.write(frames.encode(messages.to_wire(last)))
            except (ValueError, RuntimeError):
                pass
        self.closing = True
        if self._transport is not None:
            self._transport.close()
            loop = asyncio.get_running_loop()
            loop.call_later(LINGER, self.abort)
            loop.call_soon(self._report_closed)  # not inside the caller's own loop over connections
        else:
            self._report_closed()

    def abort(self) -> None:
        """Cut the connection now, whatever is left unsent."""
        self.closing = True
        if self._transport is not None:
            self._transport.abort()

    @property
    def buffered(self) -> int:
        """Bytes written and not yet taken by the client's socket."""
        return 0 if self._transport is None else self._transport.get_write_buffer_size()

    # -- the heartbeat (the host's timer calls it) ------------------------------------------
    def heartbeat(self, interval: float, dead_after: float) -> None:
        """Ping a quiet client; close one that has sent no whole, valid message for `dead_after`
        seconds (bytes that complete none do not count)."""
        if self.closing or not self.welcomed:
            return
        now = self.clock()
        if now - self.last_heard >= dead_after:
            log.info("client %s silent for %.1f s: dead", self.peer, now - self.last_heard)
            self.close(Ended(messages.END_DEAD, f"Nothing heard from you for {dead_after:g} seconds."))
        elif now - self.last_sent >= interval:
            self._ping += 1
            self.send(Ping(self._ping))

    # -- inside -----------------------------------------------------------------------------
    def _bad_frame(self, exc: frames.FrameError) -> None:
        if self.welcomed:
            self.send(Error(messages.BAD_FRAME, f"{exc.code}: {exc}"[:300]))
            self.close()
        else:
            self.close(Refused(messages.REFUSE_BAD_HELLO, f"Not a frame of the protocol ({exc.code})."))

    def _take(self, body: dict[str, object]) -> None:
        hard = self._hard_bucket.take()
        if not self._bucket.take():
            if not hard:
                # an error says which message went; the end says why the connection goes
                self.send(Error(messages.RATE, "Far too many messages: the connection is closed."))
                self.close(Ended(messages.END_FLOOD, "Far too many messages: the connection is closed."))
            else:
                self.send(Error(messages.RATE, "Too many messages: this one was dropped."))
            return
        try:
            message = messages.parse(body, "client")
        except ProtocolError as exc:
            self.owner.invalid(self, exc, body)
            return
        # only a whole message of the protocol is a sign of life: a trickle of bytes that never
        # completes one (or frames that are no message) does not keep a seat "connected"
        self.last_heard = self.clock()
        if self.welcomed and isinstance(message, Ping):
            self.send(Pong(message.t))
        elif self.welcomed and isinstance(message, Pong):
            pass  # its arrival is the sign of life
        else:
            self.owner.received(self, message)

    def _report_closed(self) -> None:
        if not self._reported:
            self._reported = True
            self.owner.closed(self)


__all__ = ["BURST", "LINGER", "OUT_LIMIT", "RATE", "Connection", "ConnectionOwner", "TokenBucket"]
