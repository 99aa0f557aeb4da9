"""复盘 in the background: 大师 weighs a hand's decisions in a thread of its own, the GUI stays free.

One :class:`ReviewWorker` per window serves everyone who wants a review: the profile (every hand
the player finishes) and the replay's 复盘 panel (the hand on screen). A hand asked for twice is
reviewed once: a request for a hand already queued only moves it up (the panel's requests go
before the profile's), and the last few results are kept. Results come back by the signals
``reviewed(key, HandReview)`` and ``failed(key, why)``, in the GUI thread.

The worker owns its thread for its whole life (gui.threads): :meth:`stop` — on the window's
close, the application's quit or Python's exit, whichever comes first — drops the queue, stops
the review under way at its next step (engine.records.review's ``should_stop``), waits for the thread a
bounded time and delivers the reviews finished before. A review stopped half-way gives nothing:
its hand stays counted in the profile without 复盘 figures, as one that could not be reviewed
(the agreement chart leaves it out; opening its replay reviews it again), never with half of
them. The log says which hands went without.
"""

from __future__ import annotations

import collections
import itertools
import json
import logging
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from gui.threads import WAIT_MS, end_thread, stop_at_quit

if TYPE_CHECKING:
    from engine.records.review import HandReview

log = logging.getLogger(__name__)

KEEP = 12  # results kept for a second look (the replay of the hand just played)
URGENT, BACKGROUND = 0, 1


def review_key(record: Mapping[str, Any], seat: int) -> str:
    """What a review depends on: the hand (its rules, deal and decisions) and the seat."""
    fields = [record.get(k) for k in ("rules", "seed", "dealer", "dealer_streak", "hand_number",
                                      "round_number", "scores_before", "actions", "auto")]
    return json.dumps([*fields, seat], sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(order=True)
class _Job:
    priority: int
    order: int
    key: str = field(compare=False)
    record: dict[str, Any] = field(compare=False)
    seat: int = field(compare=False)


class _Queue:
    """The jobs and the results, shared by the GUI thread and the review thread."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.jobs: list[_Job] = []
        self.running: str | None = None
        self.done: collections.deque[tuple[str, HandReview | None, str]] = collections.deque()
        self.closed = False
        self.stopping = threading.Event()  # read by the review under way, between its steps

    def take(self) -> _Job | None:
        with self.cond:
            while not self.jobs and not self.closed:
                self.cond.wait()
            if self.closed:
                return None
            job = min(self.jobs)
            self.jobs.remove(job)
            self.running = job.key
            return job

    def finish(self, key: str, result: tuple[HandReview | None, str] | None) -> None:
        """The job under way is over: `result` (the review, or None and why it failed) goes to
        the GUI; a review stopped half-way has none."""
        with self.cond:
            if result is not None:
                self.done.append((key, *result))
            self.running = None

    def close(self) -> int:
        """No more jobs, and the one under way stops; returns how many were dropped."""
        with self.cond:
            dropped = len(self.jobs)
            self.jobs.clear()
            self.closed = True
            self.stopping.set()
            self.cond.notify_all()
            return dropped


class _Runner(QObject):
    """Lives in the review thread: takes jobs until the queue is closed."""

    ready = Signal()  # a result waits in the queue
    ended = Signal()

    def __init__(self, queue: _Queue) -> None:
        super().__init__()
        self.queue = queue

    @Slot()
    def run(self) -> None:
        from engine.records import review as reviewing  # 大师 loads with the first review, not at start-up

        try:
            while (job := self.queue.take()) is not None:
                try:
                    review = reviewing.review_hand(job.record, job.seat,
                                                   should_stop=self.queue.stopping.is_set)
                    self.queue.finish(job.key, (review, ""))
                except reviewing.ReviewStopped:
                    log.info("a hand is left without its review: the program is ending")
                    self.queue.finish(job.key, None)
                    continue
                except Exception as exc:  # a record that does not replay, or 大师 failing: told, not fatal
                    log.exception("the review of a hand failed")
                    self.queue.finish(job.key, (None, f"{type(exc).__name__}: {exc}"))
                self.ready.emit()
        finally:
            self.ended.emit()


class ReviewWorker(QObject):
    reviewed = Signal(str, object)  # key, engine.records.review.HandReview
    failed = Signal(str, str)  # key, why (in the program's words: it goes to the log and the panel)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._queue = _Queue()
        self._order = itertools.count()
        self._results: collections.OrderedDict[str, HandReview] = collections.OrderedDict()
        self._thread: QThread | None = None
        self._runner: _Runner | None = None
        self._stopped = False

    # -- asking ---------------------------------------------------------------------------------
    def request(self, record: Mapping[str, Any], seat: int, urgent: bool = False) -> str:
        """Queue a review of `seat` in the saved hand `record`; returns its key. A review already
        made comes back at once from :meth:`result` (and no signal is sent again)."""
        key = review_key(record, seat)
        if key in self._results or self._stopped:
            return key
        priority = URGENT if urgent else BACKGROUND
        with self._queue.cond:
            queued = next((j for j in self._queue.jobs if j.key == key), None)
            if queued is not None:
                queued.priority = min(queued.priority, priority)
            elif self._queue.running != key:
                self._queue.jobs.append(_Job(priority, next(self._order), key, dict(record), seat))
            self._queue.cond.notify()
        self._start()
        return key

    def result(self, key: str) -> HandReview | None:
        return self._results.get(key)

    def pending(self, key: str) -> bool:
        """Queued or under way."""
        with self._queue.cond:
            return self._queue.running == key or any(j.key == key for j in self._queue.jobs)

    @property
    def busy(self) -> bool:
        with self._queue.cond:
            return self._queue.running is not None or bool(self._queue.jobs)

    @property
    def review_thread(self) -> QThread | None:
        """The thread the reviews run in (None until the first one is asked for)."""
        return self._thread

    # -- the thread -----------------------------------------------------------------------------
    def _start(self) -> None:
        if self._thread is not None:
            return
        thread = QThread()
        thread.setObjectName("review")
        runner = _Runner(self._queue)
        runner.moveToThread(thread)
        thread.started.connect(runner.run)
        runner.ended.connect(thread.quit)
        runner.ready.connect(self._deliver)  # queued: the runner lives in the review thread
        self._thread, self._runner = thread, runner
        stop_at_quit(self)
        thread.start()

    @Slot()
    def _deliver(self) -> None:
        while True:
            with self._queue.cond:
                if not self._queue.done:
                    return
                key, review, why = self._queue.done.popleft()
            if review is None:
                self.failed.emit(key, why)
                continue
            self._results[key] = review
            while len(self._results) > KEEP:
                self._results.popitem(last=False)
            self.reviewed.emit(key, review)

    def stop(self, timeout_ms: int = WAIT_MS) -> bool:
        """No more reviews: drop the queue, stop the one under way, wait for the thread at most
        `timeout_ms` and deliver what was finished. True when the thread ended in time (else it
        is kept until the program's end, see gui.threads)."""
        self._stopped = True
        dropped = self._queue.close()
        if dropped:
            log.info("%d hand(s) left without a review: the program is ending", dropped)
        thread, runner = self._thread, self._runner
        if thread is None or runner is None:
            return True
        ended = end_thread(thread, runner, timeout_ms)
        self._deliver()
        return ended


__all__ = ["BACKGROUND", "URGENT", "ReviewWorker", "review_key"]
