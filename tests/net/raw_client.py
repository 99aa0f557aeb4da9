"""A tiny client for the host's tests, built on the wire format alone (frames + messages): a
blocking socket with timeouts, no threads, so that a test says exactly what is sent and read."""

from __future__ import annotations

import socket
import time
from typing import Any, TypeVar

from engine.net import frames, messages
from engine.net.messages import Hello, Message, RequestMessage

M = TypeVar("M", bound=Message)

TIMEOUT = 20.0  # generous: only a failing test waits it out, and a busy machine is slow


class Closed(Exception):
    """The host closed the connection."""


class RawClient:
    def __init__(self, port: int, host: str = "127.0.0.1", timeout: float = TIMEOUT,
                 rcvbuf: int | None = None) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf is not None:  # before connecting: the window is agreed then
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.settimeout(timeout)
        self.sock.connect((host, port))
        self.reader = frames.FrameReader()
        self.inbox: list[dict[str, Any]] = []
        self.received: list[Message] = []  # every message read, in order

    # -- writing --------------------------------------------------------------------------
    def send(self, message: Message) -> None:
        self.send_raw(messages.to_wire(message))

    def send_raw(self, data: dict[str, Any]) -> None:
        self.send_bytes(frames.encode(data))

    def send_bytes(self, data: bytes) -> None:
        self.sock.sendall(data)

    def hello(self, name: str = "tester", **fields: Any) -> Message:
        """Say hello; the answer (a Welcome or a Refused)."""
        self.send(Hello(name=name, **fields))
        return self.read()

    # -- reading --------------------------------------------------------------------------
    def read(self, timeout: float = TIMEOUT) -> Message:
        """The next message; Closed when the host closes, socket.timeout when nothing comes."""
        deadline = time.monotonic() + timeout
        while not self.inbox:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no message from the host")
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(65536)
            except ConnectionResetError:
                raise Closed from None
            if not data:
                raise Closed
            self.inbox.extend(self.reader.feed(data))
        message = messages.parse(self.inbox.pop(0), "host")
        self.received.append(message)
        return message

    def read_until(self, kind: type[M], timeout: float = TIMEOUT) -> M:
        """Read until a message of `kind` (those before it are kept in ``received``)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.read(max(0.01, deadline - time.monotonic()))
            if isinstance(message, kind):
                return message

    def closed(self, timeout: float = TIMEOUT) -> bool:
        """Read (and keep) everything until the host closes; True if it did in time."""
        try:
            while True:
                self.read(timeout)
        except Closed:
            return True
        except (TimeoutError, OSError):
            return False

    def close(self) -> None:
        self.sock.close()


def first_legal(request: RequestMessage) -> messages.Choose:
    return messages.Choose(request.request.id, request.request.legal[0])


__all__ = ["Closed", "RawClient", "first_legal"]
