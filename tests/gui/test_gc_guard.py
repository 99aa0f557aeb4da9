"""Reference cycles holding Qt objects are freed in the GUI thread, never in an engine thread
(gui.gc_guard): a cycle freed in a worker thread left a dangling timer and crashed the GUI."""

from __future__ import annotations

import gc
import threading
import weakref

from PySide6.QtCore import QObject, QTimer
from pytestqt.qtbot import QtBot

from gui import gc_guard


class _Looped(QObject):
    """A Qt object in a reference cycle, with a running timer, as a dialog whose slot closes
    over itself is."""

    def __init__(self) -> None:
        super().__init__()
        self.me = self
        self.timer = QTimer(self)
        self.timer.timeout.connect(lambda: None)
        self.timer.start(10)


def test_the_game_collects_cycles_in_the_gui_thread_only(qtbot: QtBot) -> None:
    assert gc_guard.installed() and not gc.isenabled()
    freed_in: list[int] = []
    for _ in range(20):
        weakref.finalize(_Looped(), lambda: freed_in.append(threading.get_ident()))

    kept: list[list[int]] = []

    def allocate() -> None:  # an engine thread at work: far past every generation's threshold
        kept.extend([i] for i in range(200_000))

    worker = threading.Thread(target=allocate)
    worker.start()
    worker.join()
    assert freed_in == []  # the worker's allocations collected nothing
    qtbot.waitUntil(lambda: len(freed_in) == 20, timeout=20_000)
    assert set(freed_in) == {threading.main_thread().ident}
    kept.clear()


def test_collect_due_follows_cpythons_thresholds() -> None:
    gc.collect()
    assert gc_guard.collect_due() == 0  # nothing allocated since: nothing to do
    for _ in range(gc.get_threshold()[0] + 10):
        cycle: list[object] = []
        cycle.append(cycle)
    assert gc_guard.collect_due() > 0
