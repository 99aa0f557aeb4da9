"""A clock a test turns by hand: code that takes a ``clock`` parameter (time.monotonic by
default) runs on it, and its timing is exact on a busy machine."""

from __future__ import annotations


class FakeClock:
    """``clock()`` is ``now``; only the test moves it (``now += seconds``)."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
