"""Self-play over several processes (``selfplay --duplicate --jobs N``).

The work (duplicate play's walls, each with its seed fixed beforehand) is cut into contiguous
chunks; each worker process runs the same function on its chunks as one process would on all
of them, and the results come back in order, for the caller to merge. Workers are started with
'spawn', not fork: the parent may have threads (an external bot's readers), and a forked copy
of a lock some thread held hangs. Nothing here knows about mahjong.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import pickle
import signal
from collections.abc import Callable
from concurrent.futures import FIRST_EXCEPTION, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

# Several chunks a process: a process whose chunk went fast takes the next instead of waiting idle.
CHUNKS_PER_JOB = 4

T = TypeVar("T")
R = TypeVar("R")


class SelfplayError(Exception):
    """A worker process failed: the run is stopped, and this says where and why."""


def available_cores() -> int:
    """The cores this process may run on (``--jobs 0``)."""
    try:
        return len(os.sched_getaffinity(0))  # a container's or taskset's limit, where there is one
    except AttributeError:  # not on macOS or Windows
        return os.cpu_count() or 1


def chunks(items: list[T], count: int) -> list[list[T]]:
    """`items` cut into at most `count` contiguous runs of near-equal length, in order."""
    count = max(1, min(count, len(items)))
    size, extra = divmod(len(items), count)
    cuts = [i * size + min(i, extra) for i in range(count + 1)]
    return [items[a:b] for a, b in itertools.pairwise(cuts)]


def _worker_start() -> None:
    # Ctrl-C at a terminal reaches the whole process group: the parent alone answers it, by
    # ending the workers, so that no worker prints a traceback of its own. A handler that does
    # nothing rather than SIG_IGN: an ignored signal stays ignored in the bots a worker starts.
    signal.signal(signal.SIGINT, _ignore)


def _ignore(signum: int, frame: object) -> None:
    pass


def run_in_processes(jobs: int, work: Callable[..., R], items: list[T], args: tuple[Any, ...],
                     noun: str = "walls") -> list[R]:
    """[work(chunk, *args) for each contiguous chunk of `items`] over `jobs` processes, in the
    items' order. `work` and `args` must be picklable (`work` a module-level function). A
    worker's exception, or a worker killed, stops the others and raises SelfplayError naming
    the `noun` (items counted from 1); Ctrl-C stops them too."""
    try:  # here, not in the pool's feeder thread, whose failure ends in a tangle of tracebacks
        pickle.dumps((work, args))
    except Exception as exc:
        raise SelfplayError(f"the work cannot be sent to a worker process: {exc}") from exc
    parts = chunks(items, jobs * CHUNKS_PER_JOB)
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_worker_start)
    try:
        futures = [pool.submit(work, part, *args) for part in parts]
        wait(futures, return_when=FIRST_EXCEPTION)
        _raise_first_failure([len(part) for part in parts], futures, noun)
        results = [future.result() for future in futures]
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return results


def _raise_first_failure(sizes: list[int], futures: list[Future[Any]], noun: str) -> None:
    done = 0  # items in the chunks before
    for size, future in zip(sizes, futures, strict=True):
        first, last = done + 1, done + size  # counted from 1, as a person would
        done += size
        exc = future.exception() if future.done() else None
        if exc is None:
            continue
        where = f"{noun.rstrip('s')} {first}" if first == last else f"{noun} {first}–{last}"
        if isinstance(exc, BrokenProcessPool):
            raise SelfplayError(f"a self-play worker process ended abruptly (killed, or out of memory?) "
                                f"while playing {where}") from exc
        raise SelfplayError(f"a self-play worker failed on {where}: {type(exc).__name__}: {exc} "
                            "(--jobs 1 gives the traceback)") from exc


def _stop(pool: ProcessPoolExecutor) -> None:
    """Ends the workers now, mid-chunk: shutdown alone would wait for the chunks in hand."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
    else:
        processes = getattr(pool, "_processes", None) or {}  # pid → Process; no public way before 3.14
        for process in list(processes.values()):
            process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
