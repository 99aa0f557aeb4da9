"""Between hands at a LAN table (docs/protocol.md, "Between hands"): the next hand is dealt only
when every seat is ready, or when the table's one countdown runs out (RULES §3's 15 s).

A person is ready once they press 下一局 (``next``); a seat played by 托管, one whose person is
not connected, a bot (a client that does not show events) and an AI are ready at once. Everyone
is told who is ready and the seconds left (``between``) when the wait begins and whenever who is
ready changes; the last message of a wait has every seat ready, and the deal (or, after the
match's last hand, its standings) follows for everyone at the same moment.

The wait runs in the match thread under the host's condition; :meth:`BetweenHands.press` comes
from the network thread, and whatever changes who is ready at once (托管, a drop, a return)
notifies the same condition.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from engine.net.messages import Between
from engine.table.waiting_seat import SeatStopped

SEATS = 4
POLL = 0.25  # the longest single wait: the countdown's clock may be a test's, moved from outside


class BetweenHands:
    def __init__(self, condition: threading.Condition, wait: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.wait = wait
        self._condition = condition
        self._clock = clock
        self._hand: int | None = None  # the hand just ended, while the table waits after it
        self._deadline = 0.0
        self._pressed: set[int] = set()
        self._ready: frozenset[int] = frozenset()

    def run(self, hand: int, ready_at_once: Callable[[], set[int]], announce: Callable[[Between], None],
            stopping: Callable[[], bool]) -> set[int]:
        """Wait after hand `hand` until every seat is ready (the match thread). `ready_at_once`
        is asked under the condition on every wake-up; `announce` tells everyone. Returns the
        seats the countdown made ready: their people have not pressed 下一局."""
        with self._condition:
            self._hand, self._pressed, self._ready = hand, set(), frozenset()
            self._deadline = self._clock() + self.wait
            told: tuple[bool, ...] | None = None
            try:
                while True:
                    if stopping():
                        raise SeatStopped
                    ready = self._pressed | ready_at_once()
                    left = max(0.0, self._deadline - self._clock())
                    done = len(ready) >= SEATS or left <= 0
                    self._ready = frozenset(range(SEATS)) if done else frozenset(ready)
                    state = self.state()
                    if state is not None and (state.ready != told or done):
                        announce(state)
                        told = state.ready
                    if done:
                        return set(range(SEATS)) - ready
                    self._condition.wait(min(left, POLL))
            finally:
                self._hand = None

    def press(self, seat: int) -> bool:
        """`seat`'s person pressed 下一局 (any thread); False when the table is not waiting."""
        with self._condition:
            if self._hand is None:
                return False
            self._pressed.add(seat)
            self._condition.notify_all()
            return True

    def state(self) -> Between | None:
        """What the table waits for now (None: it is not between hands), for a returning client too."""
        with self._condition:
            if self._hand is None:
                return None
            everyone = len(self._ready) >= SEATS
            left = 0.0 if everyone else max(0.0, self._deadline - self._clock())
            return Between(self._hand, tuple(s in self._ready for s in range(SEATS)), round(left, 3))


__all__ = ["POLL", "BetweenHands"]
