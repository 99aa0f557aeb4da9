"""A timer for work that follows a burst of events: a window dragged to a new size sends many
resizes and moves, and what follows them (a dialog refitted, a callout placed) is done once they
settle, after the widgets' own handling of the last one."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer


def settle_timer(parent: QObject, slot: Callable[[], object]) -> QTimer:
    """A single-shot 0 ms timer owned by `parent` that runs `slot`: started again by each event
    of a burst, it runs once the event loop has nothing left of it."""
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(0)
    timer.timeout.connect(slot)
    return timer


__all__ = ["settle_timer"]
