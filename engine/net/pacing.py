"""How fast a LAN table goes (docs/protocol.md, "What a client is told, and when"), in the
engine's thread, from the match loop's hooks:

- **The claim pause.** After every discard nothing more is sent to anyone until ``claim_pause``
  seconds after it, whether or not anyone may claim the tile; a claim's request goes out at
  once (the pause is a minimum, measured from the discard). So how long the table waits says
  nothing about who is waiting on the tile.
- **Acknowledgements.** Before the next event or request the table waits until every connected
  client that shows events (``shows``) has acknowledged all it was sent, at most ``ack_wait``
  seconds; a client that misses :data:`MISSES` in a row is not waited for until it acknowledges
  again. A bot is never waited for.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.game.events import Event, TileDiscarded
from engine.table.waiting_seat import SeatStopped

MISSES = 3  # acknowledgements missed in a row before a client is no longer waited for


@dataclass
class AckCounter:
    """One client's events: how many it was sent, how many it has shown. Changed under the
    pacer's lock only."""

    shows: bool = False
    connected: bool = False
    sent: int = 0  # the number of the last event sent
    acked: int = 0  # the last event it says it has shown
    missed: int = 0  # waits it let run out in a row
    # a decision's clock waited ``show_wait`` for this client's showing in vain: the next ones
    # start at once, until it acknowledges again
    unseen: bool = False

    @property
    def shown(self) -> bool:
        """A decision asked now may start its clock: the client has shown all it was sent, or
        it is not one to wait for (a bot, dropped, or it let a decision's wait run out)."""
        return not (self.connected and self.shows) or self.unseen or self.acked >= self.sent

    @property
    def behind(self) -> bool:
        """The table waits for this client now."""
        return self.connected and self.shows and self.missed < MISSES and self.acked < self.sent


class Pacer:
    """The claim pause and the waits for acknowledgements; :meth:`before_event` and
    :meth:`before_decision` block the engine's thread, everything else may be called from any."""

    def __init__(self, condition: threading.Condition, counters: Callable[[], Iterable[AckCounter]], *,
                 claim_pause: float = 1.0, ack_wait: float = 5.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.claim_pause = claim_pause
        self.ack_wait = ack_wait
        self._condition = condition
        self._counters = counters
        self._clock = clock
        self._pause_until = 0.0
        self._stopping = False

    # -- the engine's thread --------------------------------------------------------------
    def before_event(self, event: Event) -> None:
        """Wait until `event` may be sent (the match loop's observer)."""
        with self._condition:
            if self._stopping:
                raise SeatStopped
            self._wait_for_acks()
            while self._clock() < self._pause_until:
                self._sleep(self._pause_until - self._clock())
            if isinstance(event, TileDiscarded):
                self._pause_until = self._clock() + self.claim_pause

    def sent(self, event: Event) -> None:
        """`event` was just handed over to a client: a discard's pause runs from the last of them."""
        if isinstance(event, TileDiscarded):
            with self._condition:
                self._pause_until = max(self._pause_until, self._clock() + self.claim_pause)

    def before_decision(self) -> None:
        """Wait until a request may be sent: the clients have shown what led to it."""
        with self._condition:
            self._wait_for_acks()

    # -- any thread -----------------------------------------------------------------------
    def ack(self, counter: AckCounter, n: int) -> None:
        """The client of `counter` has shown every event up to `n` (more than it was sent
        counts as all it was sent)."""
        with self._condition:
            n = min(n, counter.sent)
            if n > counter.acked:
                counter.acked = n
                counter.missed = 0
                counter.unseen = False
                self._condition.notify_all()

    def not_waiting_for(self, counters: Iterable[AckCounter]) -> None:
        """The table goes on without these clients' showing (a result dialog kept open after
        the wait between hands): not waited for until they acknowledge again."""
        with self._condition:
            for counter in counters:
                if counter.behind:
                    counter.missed = MISSES

    def changed(self) -> None:
        """A client came or went: whoever waits looks again."""
        with self._condition:
            self._condition.notify_all()

    def stop(self) -> None:
        """The table closes: a wait in progress or to come raises SeatStopped."""
        with self._condition:
            self._stopping = True
            self._condition.notify_all()

    # -- inside ---------------------------------------------------------------------------
    def _wait_for_acks(self) -> None:
        deadline = self._clock() + self.ack_wait
        while True:
            behind = [c for c in self._counters() if c.behind]
            if not behind:
                return
            left = deadline - self._clock()
            if left <= 0:
                for counter in behind:
                    counter.missed += 1
                return
            self._sleep(left)

    def _sleep(self, seconds: float) -> None:
        if self._stopping:
            raise SeatStopped
        self._condition.wait(seconds)
        if self._stopping:
            raise SeatStopped


__all__ = ["MISSES", "AckCounter", "Pacer"]
