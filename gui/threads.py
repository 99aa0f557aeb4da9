"""The GUI's QThreads end before the program does.

Qt aborts the whole program (SIGABRT, "QThread: Destroyed while thread … is still running") when
a QThread object is destroyed while its thread runs, and at exit every object is destroyed. So
each QThread has one owner for its whole life (the window's :class:`gui.review_worker.ReviewWorker`,
a match's :class:`gui.table.local_table.LocalTable`) whose ``stop()`` asks the thread's work to
end, its own way, and waits for it a bounded time (:func:`end_thread`).

The window's close calls ``stop()``; :func:`stop_at_quit` has it called as well when the
application quits (``aboutToQuit``: an ``exit()`` that closes no window) and when Python exits
(a program that ends without leaving Qt's event loop, such as a script's ``sys.exit``). A thread
that outlives its owner's wait is kept, with the object that works in it, and waited for once
more at Python's exit: never destroyed while it runs.
"""

from __future__ import annotations

import atexit
import logging
import weakref
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QObject, QThread

from gui import gc_guard

log = logging.getLogger(__name__)

WAIT_MS = 5_000  # an owner's wait: asked to stop, a thread ends within one step of its work
LAST_WAIT_MS = 10_000  # at Python's exit, for a thread that outlived its owner's wait


class ThreadOwner(Protocol):
    def stop(self) -> bool:
        """Ask the thread's work to end and wait for it (bounded); True when it ended. Called
        again after the thread ended, it does nothing more."""
        ...


_owners: weakref.WeakSet[ThreadOwner] = weakref.WeakSet()
_kept: list[tuple[QThread, QObject]] = []  # threads that outlived a wait, with their work
_hooked: list[QCoreApplication] = []  # the application whose aboutToQuit stops the owners


def stop_at_quit(owner: ThreadOwner) -> None:
    """Have ``owner.stop()`` called when the application quits or Python exits, whichever comes
    first (and the other one finds nothing left to do). The owner is not kept alive by this."""
    _owners.add(owner)
    gc_guard.install()  # a Python thread beside Qt objects: cycles are freed in the GUI thread only
    app = QCoreApplication.instance()
    if app is not None and not any(hooked is app for hooked in _hooked):
        _hooked.append(app)
        app.aboutToQuit.connect(_stop_owners)


def end_thread(thread: QThread, work: QObject, timeout_ms: int = WAIT_MS) -> bool:
    """Wait at most `timeout_ms` for `thread`, whose work (`work`, the object that lives in it)
    was asked to stop; True when it ended. One still running is kept to the end of Python."""
    thread.quit()  # its event loop, if the work leaves one running
    if thread.wait(timeout_ms):
        return True
    log.warning("the %s thread did not end within %d ms", thread.objectName() or "unnamed", timeout_ms)
    if not any(kept is thread for kept, _work in _kept):
        _kept.append((thread, work))
    return False


def _stop_owners() -> None:
    for owner in list(_owners):
        try:
            owner.stop()
        except Exception:  # the other threads are still to be stopped
            log.exception("stopping a thread at the program's end failed")


@atexit.register  # runs before PySide's own clean-up, which destroys what is left
def _at_exit() -> None:
    _stop_owners()
    for thread, _work in _kept:
        if not thread.wait(LAST_WAIT_MS):
            log.error("the %s thread is still running as the program ends", thread.objectName() or "unnamed")


__all__ = ["LAST_WAIT_MS", "WAIT_MS", "ThreadOwner", "end_thread", "stop_at_quit"]
