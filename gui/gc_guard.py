"""Python's cyclic garbage collector runs in the GUI thread only.

CPython collects reference cycles in whichever thread happens to allocate when a generation's
threshold is crossed: with the engine, the 复盘 and the LAN loop allocating in threads of their
own, that is usually not the GUI thread. A Qt object found in such a cycle (a dialog whose slot
is a lambda over itself, a timer's owner) is then destroyed in the wrong thread: Qt cannot stop
its timers from there, the GUI thread's timer list keeps a pointer to the freed object, and the
next tick crashes the program (SIGSEGV in ``QTimerInfoList::activateTimers``; seen under load in
the suite and in CI).

So, once a Qt application exists, automatic collection is switched off and a timer of the
application collects instead, in the GUI thread, by the same generation thresholds CPython uses
(qutebrowser does the same for the same reason). Reference counting still frees everything that
is not in a cycle at once, in any thread, as before.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

INTERVAL_MS = 250  # often enough that garbage never piles up; cheap when nothing crossed a threshold

_timer: list[QTimer] = []  # the one guard of this process (kept alive here, owned by the app)


def collect_due() -> int:
    """Collect the generations whose thresholds the allocations since the last collection
    crossed, as CPython's automatic collection would; how many objects it freed."""
    counts = gc.get_count()
    thresholds = gc.get_threshold()
    freed = 0
    if counts[0] > thresholds[0]:
        generation = 0
        if counts[1] > thresholds[1]:
            generation = 2 if counts[2] > thresholds[2] else 1
        freed = gc.collect(generation)
    return freed


def install(app: QObject | None = None) -> bool:
    """Move cyclic collection into the GUI thread (once per process; later calls do nothing).
    False when there is no Qt application yet to own the timer."""
    if _timer:
        return True
    owner = app or QCoreApplication.instance()
    if owner is None:
        return False
    timer = QTimer(owner)
    timer.setObjectName("gcGuard")
    timer.setInterval(INTERVAL_MS)
    timer.timeout.connect(collect_due)
    timer.start()
    _timer.append(timer)
    gc.disable()
    owner.destroyed.connect(_restore)
    return True


def _restore() -> None:
    # the application is gone: plain Python again (a script, the tests' teardown)
    _timer.clear()
    gc.enable()


def installed() -> bool:
    return bool(_timer) and not gc.isenabled()


__all__ = ["INTERVAL_MS", "collect_due", "install", "installed"]
