"""From a network thread to the GUI thread: messages kept in order until the GUI takes them, and
work run in a thread whose result comes back as a signal.

The client's reader thread calls :meth:`MessageBridge.deliver`; the bridge lives in the GUI
thread, so its ``arrived`` signal is queued there. Messages wait in the bridge until a reader
takes them: the lobby reads until the match starts and leaves the rest for the table, so no
message falls between two screens.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

log = logging.getLogger(__name__)


class MessageBridge(QObject):
    """The messages of one client, in the order they came, each with its arrival time
    (``clock()``, taken in the reader thread: a request's time counts from there; whoever reads
    the times reads ``clock`` too)."""

    arrived = Signal()  # queued to the GUI thread: take() has something

    def __init__(self, parent: QObject | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(parent)
        self.clock = clock
        self._lock = threading.Lock()
        self._items: deque[tuple[float, object]] = deque()

    def deliver(self, message: object) -> None:
        """Any thread: keep `message` and tell the GUI thread."""
        with self._lock:
            self._items.append((self.clock(), message))
        self.arrived.emit()

    def take(self) -> tuple[float, object] | None:
        """The oldest message not taken yet, with its arrival time, or None."""
        with self._lock:
            return self._items.popleft() if self._items else None


class Background(QObject):
    """`work()` in a thread of its own; `done(result)` or `failed(exception)` in the GUI thread.
    The object keeps itself alive until then."""

    done = Signal(object)
    failed = Signal(object)
    _running: set[Background] = set()  # noqa: RUF012 - the tasks alive, owned by no widget

    def __init__(self, work: Callable[[], Any], name: str = "lan-work") -> None:
        super().__init__()
        self._work = work
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> Background:
        Background._running.add(self)
        self.done.connect(lambda _r: Background._running.discard(self))
        self.failed.connect(lambda _e: Background._running.discard(self))
        self._thread.start()
        return self

    def _run(self) -> None:
        try:
            result = self._work()
        except Exception as exc:  # handed to the GUI, which tells the player
            self.failed.emit(exc)
        else:
            self.done.emit(result)

    def join(self, timeout: float) -> bool:
        self._thread.join(timeout)
        return not self._thread.is_alive()


__all__ = ["Background", "MessageBridge"]
