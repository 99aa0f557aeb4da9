"""Frames on a LAN table's TCP stream: a 4-byte big-endian length, then that many bytes of
UTF-8 JSON holding one object. Sans-IO: :class:`FrameReader` is fed whatever bytes arrived
and returns the whole messages among them, so the host and the client share it whatever does
their reading, and the tests need no socket.

A frame longer than :data:`MAX_FRAME` is refused as soon as its length is read, before any of
its body is kept; a body that is not UTF-8, not JSON, not one object, holds NaN or Infinity,
or nests deeper than :data:`MAX_DEPTH` is refused too. Every refusal is a :class:`FrameError`
with a short ``code`` (for the error reply) and a message; after one, the stream is out of
step and the connection is closed.
"""

from __future__ import annotations

import json
import struct
from typing import Any

from engine.records import strict_json

MAX_FRAME = 64 * 1024  # bytes of JSON; the largest message (a decision request) takes ~3 KB
MAX_DEPTH = 16  # nesting of objects and arrays; the protocol's messages use fewer than 8
_HEADER = struct.Struct(">I")
_LIMITS = strict_json.JsonLimits(max_depth=MAX_DEPTH)


class FrameError(ValueError):
    """A frame that is not the protocol; ``code`` names the reason for the error reply."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def encode(message: dict[str, Any]) -> bytes:
    """One frame holding `message`; ValueError if it cannot be sent (too long, not JSON)."""
    body = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    if len(body) > MAX_FRAME:
        raise ValueError(f"a message of {len(body)} bytes is longer than a frame ({MAX_FRAME})")
    return _HEADER.pack(len(body)) + body


def decode_body(body: bytes) -> dict[str, Any]:
    """The message in one frame's body; FrameError if it is not one."""
    try:
        value = strict_json.loads(body, _LIMITS)
    except strict_json.JsonRefused as exc:
        code = exc.code if exc.code in (strict_json.BAD_UTF8, strict_json.TOO_DEEP) else "bad_json"
        raise FrameError(code, exc.detail[:80]) from None
    if not isinstance(value, dict):
        raise FrameError("not_an_object", "a message is a JSON object")
    return value


class FrameReader:
    """Whole messages out of a byte stream fed in pieces of any size."""

    def __init__(self, limit: int = MAX_FRAME) -> None:
        self.limit = limit
        self._buffer = bytearray()
        self._need: int | None = None  # the body length of the frame being read

    @property
    def buffered(self) -> int:
        """Bytes held for a frame not yet complete (never more than a header and a frame)."""
        return len(self._buffer)

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        """The messages completed by `data`, in order; FrameError at the first bad frame (the
        stream is out of step then: nothing more of it is kept)."""
        self._buffer += data
        try:
            return self._frames()
        except FrameError:
            self._buffer.clear()
            self._need = None
            raise

    def _frames(self) -> list[dict[str, Any]]:
        messages: list[dict[str, Any]] = []
        while True:
            if self._need is None:
                if len(self._buffer) < _HEADER.size:
                    return messages
                (length,) = _HEADER.unpack_from(self._buffer)
                if length > self.limit:
                    raise FrameError("too_long", f"a frame of {length} bytes is longer than {self.limit}")
                del self._buffer[:_HEADER.size]
                self._need = length
            if len(self._buffer) < self._need:
                return messages
            body = bytes(self._buffer[:self._need])
            del self._buffer[:self._need]
            self._need = None
            messages.append(decode_body(body))


__all__ = ["MAX_DEPTH", "MAX_FRAME", "FrameError", "FrameReader", "decode_body", "encode"]
