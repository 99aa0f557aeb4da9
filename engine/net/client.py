"""A LAN table's client: one TCP connection to a host, no Qt (docs/protocol.md).

:meth:`Client.connect` says hello and waits for the welcome (or raises :class:`JoinRefused`).
A reader thread then hands every later message, parsed, to ``on_message`` in order, and last
a :class:`Disconnected` when the connection ends for any reason but :meth:`Client.close`. The
client answers the host's pings and pings when it has been quiet, so a dead host is noticed
within ``dead_after`` seconds. :meth:`send` may be called from any thread.

The GUI's :class:`gui.lan.remote_table.RemoteTable` and the headless ``join`` command
(:mod:`engine.net.bot_client`) are built on it.
"""

from __future__ import annotations

import contextlib
import logging
import select
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from engine.game.actions import Action
from engine.net import frames
from engine.net import messages as m

log = logging.getLogger(__name__)

POLL = 0.5  # seconds between the reader's looks at the clock (pings, a dead host)


class JoinRefused(Exception):
    """The host refused the hello: ``code`` is one of messages.REFUSE_*."""

    def __init__(self, code: str, message: str, protocol: int = m.PROTOCOL_VERSION,
                 retry_after: float | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.protocol = protocol
        self.retry_after = retry_after  # seconds before a hello may pass (engine.net.door)


@dataclass(frozen=True)
class Disconnected:
    """The connection ended: ``reason`` is ``"closed"`` (the host closed it, after an ``end``
    or not), ``"dead"`` (nothing heard for ``dead_after`` s), ``"error"`` (a socket error) or
    ``"protocol"`` (the host sent what is not the protocol)."""

    reason: str
    detail: str = ""


Incoming = m.Message | Disconnected


class Client:
    def __init__(self, host: str, port: int, hello: m.Hello, on_message: Callable[[Incoming], None], *,
                 timeout: float = 5.0, heartbeat: float = 5.0, dead_after: float = 15.0) -> None:
        self.host = host
        self.port = port
        self.hello = hello
        self.on_message = on_message
        self.timeout = timeout
        self.heartbeat = heartbeat
        self.dead_after = dead_after
        self.seat: int | None = None
        self.token: str | None = hello.token
        self.table: m.TableInfo | None = None
        self._sock: socket.socket | None = None
        self._send_lock = threading.Lock()
        self._state_lock = threading.Lock()
        self._generation = 0  # a connection's number: an old reader never reports for a new one
        self._reader: threading.Thread | None = None
        self._last_sent = 0.0

    @property
    def connected(self) -> bool:
        return self._sock is not None

    # -- connecting -------------------------------------------------------------------------
    def connect(self) -> m.Welcome:
        """Say hello; the welcome, or JoinRefused / OSError (TimeoutError, ConnectionError)."""
        self.close()
        sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.sendall(frames.encode(m.to_wire(self.hello)))
            reader = frames.FrameReader()
            welcome, rest = self._await_welcome(sock, reader)
        except BaseException:
            sock.close()
            raise
        sock.settimeout(POLL)
        with self._state_lock:
            self._generation += 1
            generation = self._generation
            self._sock = sock
        self.seat, self.token, self.table = welcome.seat, welcome.token, welcome.table
        self._last_sent = time.monotonic()
        self._reader = threading.Thread(target=self._read_loop, args=(sock, reader, rest, generation),
                                        name=f"lan-client-{self.hello.name}", daemon=True)
        self._reader.start()
        return welcome

    def reconnect(self) -> m.Welcome:
        """Come back to the same seat: the hello again, with the token of the first welcome."""
        if self.token is None:
            raise RuntimeError("no token to return with: connect first")
        self.hello = replace(self.hello, token=self.token)
        return self.connect()

    def _await_welcome(self, sock: socket.socket, reader: frames.FrameReader
                       ) -> tuple[m.Welcome, list[m.Message]]:
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no answer from {self.host}:{self.port} within {self.timeout:g} s")
            sock.settimeout(left)
            data = sock.recv(65536)
            if not data:
                raise ConnectionError(f"{self.host}:{self.port} closed the connection before answering")
            try:
                parsed = [m.parse(d, "host") for d in reader.feed(data)]
            except (frames.FrameError, m.ProtocolError) as exc:
                raise ConnectionError(f"{self.host}:{self.port} does not speak this protocol: {exc}"
                                      ) from None
            for index, message in enumerate(parsed):
                if isinstance(message, m.Refused):
                    raise JoinRefused(message.code, message.message, message.protocol, message.retry_after)
                if isinstance(message, m.Welcome):
                    return message, parsed[index + 1:]

    # -- sending ----------------------------------------------------------------------------
    def send(self, message: m.Message) -> None:
        """Send `message`; nothing when not connected (a broken connection shows in the reader)."""
        self.send_raw(m.to_wire(message))

    def send_raw(self, data: dict[str, Any]) -> None:
        """Send any JSON object as a frame, unchecked: for tests and protocol tools."""
        self._write(frames.encode(data))

    def _write(self, data: bytes) -> None:
        sock = self._sock
        if sock is None:
            return
        with self._send_lock:
            try:
                self._send_all(sock, data)
                self._last_sent = time.monotonic()
            except OSError as exc:
                log.info("sending failed: %s", exc)
                _shut(sock)  # the reader sees the closed socket and reports it

    def _send_all(self, sock: socket.socket, data: bytes) -> None:
        # The socket's own timeout is the reader's short poll; a write may take up to `timeout`.
        view = memoryview(data)
        deadline = time.monotonic() + self.timeout
        while view:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([], [sock], [], left)[1]:
                raise TimeoutError(f"the host read nothing for {self.timeout:g} s")
            view = view[sock.send(view):]

    def ready(self, on: bool = True) -> None:
        self.send(m.Ready(on))

    def leave(self) -> None:
        self.send(m.Leave())

    def ack(self, n: int) -> None:
        self.send(m.Ack(n))

    def choose(self, request: int, action: Action | None) -> None:
        self.send(m.Choose(request, action))

    def close(self) -> None:
        """Close the connection quietly (no Disconnected is reported); idempotent."""
        with self._state_lock:
            sock, self._sock = self._sock, None
            self._generation += 1
        if sock is not None:
            _shut(sock)
        reader, self._reader = self._reader, None
        if reader is not None and reader is not threading.current_thread():
            reader.join(2 * POLL + 1)

    # -- the reader thread ------------------------------------------------------------------
    def _read_loop(self, sock: socket.socket, reader: frames.FrameReader, first: list[m.Message],
                   generation: int) -> None:
        reason, detail = "closed", ""
        heard = time.monotonic()
        try:
            for message in first:
                self._deliver(sock, message, generation)
            while self._current(generation):
                try:
                    data = sock.recv(65536)
                except TimeoutError:
                    data = None
                except OSError as exc:
                    reason, detail = ("closed", "") if not self._current(generation) else ("error", str(exc))
                    break
                now = time.monotonic()
                if data == b"":
                    break
                if data is not None:
                    heard = now
                    try:
                        for raw in reader.feed(data):
                            self._deliver(sock, m.parse(raw, "host"), generation)
                    except frames.FrameError as exc:
                        reason, detail = "protocol", str(exc)
                        break
                    except m.ProtocolError as exc:  # one odd message from a newer host: skip it
                        log.warning("ignored a message from the host: %s", exc)
                elif now - heard > self.dead_after:
                    reason, detail = "dead", f"nothing heard for {self.dead_after:g} s"
                    break
                if now - self._last_sent > self.heartbeat:
                    self.send(m.Ping(int(now * 1000)))
        finally:
            _shut(sock)
            with self._state_lock:
                current = self._generation == generation
                if current:
                    self._sock = None
            if current:
                self._report(Disconnected(reason, detail))

    def _current(self, generation: int) -> bool:
        return self._generation == generation

    def _deliver(self, sock: socket.socket, message: m.Message, generation: int) -> None:
        if isinstance(message, m.Ping):
            self.send(m.Pong(message.t))
            return
        if isinstance(message, m.Pong) or not self._current(generation):
            return
        self._report(message)

    def _report(self, message: Incoming) -> None:
        try:
            self.on_message(message)
        except Exception:  # the listener's own failure must not end the connection
            log.exception("the client's listener failed on %s", type(message).__name__)


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()


__all__ = ["Client", "Disconnected", "Incoming", "JoinRefused"]
