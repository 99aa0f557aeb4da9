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
from collections.abc import Iterator
from typing import Protocol


class Sink(Protocol):
    def send_frame(self, data: bytes) -> bool: ...


class Outbox:
    def __init__(self) -> None:
        self._frames: deque[tuple[Sink, bytes]] = deque()
        self._lock = threading.Lock()
        self._flush_pending = False
        self._holding = 0

    @contextlib.contextmanager
    def held(self, loop: asyncio.AbstractEventLoop) -> Iterator[None]:
        """Frames posted meanwhile wait, and leave together at the end (one flush): the
        requests to every claimant of a discard, none written before the last is posted."""
        with self._lock:
            self._holding += 1
        try:
            yield
        finally:
            with self._lock:
                self._holding -= 1
                wake = not self._holding and bool(self._frames) and not self._flush_pending
                if wake:
                    self._flush_pending = True
            if wake:
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(self.flush)

    def post(self, loop: asyncio.AbstractEventLoop, sink: Sink, data: bytes) -> None:
        """From any thread: `data` goes to `sink` in the loop's thread, after what came before."""
        with self._lock:
            self._frames.append((sink, data))
            if self._flush_pending or self._holding:
                return
            self._flush_pending = True
        with contextlib.suppress(RuntimeError):  # the loop has closed: the table is going
            loop.call_soon_threadsafe(self.flush)

    def flush(self) -> None:
        """In the loop's thread: every frame posted since the last flush, one write per sink."""
        with self._lock:
            if self._holding:  # the release flushes
                self._flush_pending = False
                return
            batch = list(self._frames)
            self._frames.clear()
            self._flush_pending = False
        joined: dict[Sink, list[bytes]] = {}
        for sink, data in batch:
            joined.setdefault(sink, []).append(data)
        for sink, parts in joined.items():
            sink.send_frame(b"".join(parts))


__all__ = ["Outbox", "Sink"]
