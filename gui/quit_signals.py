"""The window closes properly when the system asks the program to end (SIGTERM at logout or
shutdown, Ctrl-C in a terminal): the match in play is saved as on a normal close, and a LAN
table hosted here tells every player that the host quit, instead of leaving them to find the
silence after the heartbeat's 15 seconds.

Python runs a signal handler only when the interpreter gets control, and Qt's event loop keeps
it in C++; a short timer hands control back to Python often enough to notice."""

from __future__ import annotations

import logging
import signal
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

log = logging.getLogger(__name__)

POLL_MS = 200
SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name))


def close_on_signals(owner: QObject, close: Callable[[], None]) -> QTimer:
    """Call `close` (in the GUI thread) when one of :data:`SIGNALS` arrives; the returned timer,
    owned by `owner`, keeps Python listening."""

    def asked_to_end(number: int, _frame: object) -> None:
        log.info("signal %d: closing the window", number)
        QTimer.singleShot(0, close)

    for number in SIGNALS:
        signal.signal(number, asked_to_end)
    timer = QTimer(owner)
    timer.timeout.connect(lambda: None)  # a moment of Python for the handlers
    timer.start(POLL_MS)
    return timer


__all__ = ["SIGNALS", "close_on_signals"]
