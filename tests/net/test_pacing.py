"""The table's pace: the same claim pause after every discard, and bounded waits for the
clients that show events (docs/protocol.md, "What a client is told, and when").

The pacer runs on a fake clock: time moves only when it waits, and what another thread would do
meanwhile (an acknowledgement, a client going) happens at its fake moment. So the figures are
exact and hold on a busy machine."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from engine.game.events import ReadyDeclared, TileDiscarded
from engine.net.pacing import MISSES, AckCounter, Pacer
from engine.table.waiting_seat import SeatStopped

DISCARD = TileDiscarded(0, 3, False, False)
OTHER = ReadyDeclared(1)


class FakeTime(threading.Condition):
    """The pacer's condition and clock at once: a wait moves the clock on by its timeout, or to
    the first thing scheduled within it (which then happens, as another thread's call would)."""

    def __init__(self) -> None:
        super().__init__(threading.RLock())
        self.now = 0.0
        self._scheduled: list[tuple[float, Callable[[], None]]] = []

    def clock(self) -> float:
        return self.now

    def after(self, seconds: float, action: Callable[[], None]) -> None:
        self._scheduled.append((self.now + seconds, action))

    def pass_time(self, seconds: float) -> None:
        """Time goes by outside the pacer (nothing is scheduled meanwhile in these tests)."""
        self.now += seconds

    def wait(self, timeout: float | None = None) -> bool:
        assert timeout is not None, "the pacer always waits a bounded time"
        due = [entry for entry in self._scheduled if entry[0] <= self.now + timeout]
        if not due:
            self.now += timeout
            return False
        at, action = min(due, key=lambda entry: entry[0])
        self._scheduled.remove((at, action))
        self.now = max(self.now, at)
        action()
        return True


def _pacer(counters: list[AckCounter], claim_pause: float = 0.0,
           ack_wait: float = 5.0) -> tuple[Pacer, FakeTime]:
    time = FakeTime()
    return Pacer(time, lambda: counters, claim_pause=claim_pause, ack_wait=ack_wait, clock=time.clock), time


def _timed(time: FakeTime, action: Callable[[], object]) -> float:
    """How long `action` kept the pacer's thread, in the pacer's (fake) seconds."""
    started = time.now
    action()
    return time.now - started


def test_after_a_discard_nothing_more_goes_out_before_the_claim_pause() -> None:
    pacer, time = _pacer([], claim_pause=0.2)
    assert _timed(time, lambda: pacer.before_event(DISCARD)) == 0  # the discard itself goes at once
    assert _timed(time, pacer.before_decision) == 0  # a claim's request too: it has its full time
    assert _timed(time, lambda: pacer.before_event(OTHER)) == pytest.approx(0.2)
    assert _timed(time, lambda: pacer.before_event(OTHER)) == 0  # no pause after other events


def test_the_pause_is_measured_from_the_discard() -> None:
    pacer, time = _pacer([], claim_pause=0.3)
    pacer.before_event(DISCARD)
    time.pass_time(0.2)  # someone thought about a claim for a while
    assert _timed(time, lambda: pacer.before_event(OTHER)) == pytest.approx(0.1)


def test_the_table_waits_for_a_showing_client_to_acknowledge() -> None:
    counter = AckCounter(shows=True, connected=True, sent=4, acked=2)
    pacer, time = _pacer([counter])
    time.after(0.15, lambda: pacer.ack(counter, 4))
    assert _timed(time, lambda: pacer.before_event(OTHER)) == pytest.approx(0.15)  # until the ack, no longer
    assert counter.acked == 4 and counter.missed == 0


def test_acknowledging_more_than_was_sent_counts_as_all_that_was_sent() -> None:
    counter = AckCounter(shows=True, connected=True, sent=4, acked=2)
    pacer, _time = _pacer([counter])
    pacer.ack(counter, 99)
    assert counter.acked == 4  # not a pass for events still to come
    counter.sent = 5
    assert counter.behind


def test_a_client_that_misses_three_acknowledgements_is_no_longer_waited_for() -> None:
    counter = AckCounter(shows=True, connected=True, sent=1)
    pacer, time = _pacer([counter], ack_wait=0.1)
    for missed in range(1, MISSES + 1):
        assert _timed(time, lambda: pacer.before_event(OTHER)) == pytest.approx(0.1)
        assert counter.missed == missed
        counter.sent += 1
    assert _timed(time, lambda: pacer.before_event(OTHER)) == 0  # given up on
    pacer.ack(counter, counter.sent - 1)  # it acknowledges again: waited for again
    assert counter.missed == 0
    assert _timed(time, lambda: pacer.before_event(OTHER)) == pytest.approx(0.1)


@pytest.mark.parametrize("counter", [
    AckCounter(shows=False, connected=True, sent=3),  # a bot
    AckCounter(shows=True, connected=False, sent=3),  # gone: 托管 plays the seat
])
def test_bots_and_dropped_clients_are_never_waited_for(counter: AckCounter) -> None:
    pacer, time = _pacer([counter], ack_wait=2.0)
    assert _timed(time, lambda: pacer.before_event(OTHER)) == 0
    assert _timed(time, pacer.before_decision) == 0


def test_a_client_that_goes_ends_the_wait_for_it() -> None:
    counter = AckCounter(shows=True, connected=True, sent=3)
    pacer, time = _pacer([counter], ack_wait=5.0)

    def drop() -> None:
        counter.connected = False
        pacer.changed()

    time.after(0.1, drop)
    assert _timed(time, pacer.before_decision) == pytest.approx(0.1)  # not ack_wait


def test_stop_ends_a_wait_with_seat_stopped() -> None:
    counter = AckCounter(shows=True, connected=True, sent=3)
    pacer, time = _pacer([counter], ack_wait=30.0)
    time.after(0.1, pacer.stop)
    with pytest.raises(SeatStopped):
        pacer.before_event(OTHER)
    with pytest.raises(SeatStopped):
        pacer.before_event(OTHER)  # and every later event


def test_the_pause_runs_from_the_last_client_the_discard_was_handed_to() -> None:
    pacer, time = _pacer([], claim_pause=0.2)
    pacer.before_event(DISCARD)
    time.pass_time(0.1)  # handing it to every client took a while
    pacer.sent(DISCARD)
    pacer.sent(OTHER)  # other events start no pause
    assert _timed(time, lambda: pacer.before_event(OTHER)) == pytest.approx(0.2)
