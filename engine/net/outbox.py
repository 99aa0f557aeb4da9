"""Frames from the match thread to the network thread of a LAN host.

A wake-up of an asyncio loop from another thread is a write to the loop's self-pipe; one per
frame cost more than the rest of a turn together (benchmarks/bench_lan.py: 7.3 hands/s at 16
tables, the host's share of a decision's wait p99 328 ms). So the frames of a burst wait here
for one wake-up, and each client gets them in one write, in the order they were posted.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import deque
from typing import Protocol


class Sink(Protocol):
    def send_frame(self, data: bytes) -> bool: ...


class Outbox:
    def __init__(self) -> None:
        self._frames: deque[tuple[Sink, bytes]] = deque()
        self._lock = threading.Lock()
        self._flush_pending = False

    def post(self, loop: asyncio.AbstractEventLoop, sink: Sink, data: bytes) -> None:
        """From any thread: `data` goes to `sink` in the loop's thread, after what came before."""
        with self._lock:
            self._frames.append((sink, data))
            if self._flush_pending:
                return
            self._flush_pending = True
        with contextlib.suppress(RuntimeError):  # the loop has closed: the table is going
            loop.call_soon_threadsafe(self.flush)

    def flush(self) -> None:
        """In the loop's thread: every frame posted since the last flush, one write per sink."""
        with self._lock:
            batch = list(self._frames)
            self._frames.clear()
            self._flush_pending = False
        joined: dict[Sink, list[bytes]] = {}
        for sink, data in batch:
            joined.setdefault(sink, []).append(data)
        for sink, parts in joined.items():
            sink.send_frame(b"".join(parts))


__all__ = ["Outbox", "Sink"]
