"""The table's pace: the same claim pause after every discard, and bounded waits for the
clients that show events (docs/protocol.md, "What a client is told, and when")."""

from __future__ import annotations

import threading
import time

import pytest

from engine.events import ReadyDeclared, TileDiscarded
from engine.net.pacing import MISSES, AckCounter, Pacer
from engine.waiting_seat import SeatStopped

DISCARD = TileDiscarded(0, 3, False, False)
OTHER = ReadyDeclared(1)


def _pacer(counters: list[AckCounter], claim_pause: float = 0.0, ack_wait: float = 5.0) -> Pacer:
    return Pacer(threading.Condition(threading.RLock()), lambda: counters, claim_pause=claim_pause,
                 ack_wait=ack_wait)


def _timed(action: object) -> float:
    started = time.monotonic()
    assert callable(action)
    action()
    return time.monotonic() - started


def test_after_a_discard_nothing_more_goes_out_before_the_claim_pause() -> None:
    pacer = _pacer([], claim_pause=0.2)
    assert _timed(lambda: pacer.before_event(DISCARD)) < 0.05  # the discard itself goes at once
    assert _timed(pacer.before_decision) < 0.05  # a claim's request too: it has its full time
    waited = _timed(lambda: pacer.before_event(OTHER))
    assert 0.15 <= waited < 0.5
    assert _timed(lambda: pacer.before_event(OTHER)) < 0.05  # no pause after other events


def test_the_pause_is_measured_from_the_discard() -> None:
    pacer = _pacer([], claim_pause=0.3)
    pacer.before_event(DISCARD)
    time.sleep(0.2)  # someone thought about a claim for a while
    assert _timed(lambda: pacer.before_event(OTHER)) < 0.2


def test_the_table_waits_for_a_showing_client_to_acknowledge() -> None:
    counter = AckCounter(shows=True, connected=True, sent=4, acked=2)
    pacer = _pacer([counter])
    threading.Timer(0.15, pacer.ack, (counter, 4)).start()
    waited = _timed(lambda: pacer.before_event(OTHER))
    assert 0.1 <= waited < 1.0 and counter.acked == 4 and counter.missed == 0


def test_acknowledging_more_than_was_sent_counts_as_all_that_was_sent() -> None:
    counter = AckCounter(shows=True, connected=True, sent=4, acked=2)
    pacer = _pacer([counter])
    pacer.ack(counter, 99)
    assert counter.acked == 4  # not a pass for events still to come
    counter.sent = 5
    assert counter.behind


def test_a_client_that_misses_three_acknowledgements_is_no_longer_waited_for() -> None:
    counter = AckCounter(shows=True, connected=True, sent=1)
    pacer = _pacer([counter], ack_wait=0.1)
    for missed in range(1, MISSES + 1):
        assert 0.08 <= _timed(lambda: pacer.before_event(OTHER)) < 0.5
        assert counter.missed == missed
        counter.sent += 1
    assert _timed(lambda: pacer.before_event(OTHER)) < 0.05  # given up on
    pacer.ack(counter, counter.sent - 1)  # it acknowledges again: waited for again
    assert counter.missed == 0
    assert 0.08 <= _timed(lambda: pacer.before_event(OTHER)) < 0.5


@pytest.mark.parametrize("counter", [
    AckCounter(shows=False, connected=True, sent=3),  # a bot
    AckCounter(shows=True, connected=False, sent=3),  # gone: 托管 plays the seat
])
def test_bots_and_dropped_clients_are_never_waited_for(counter: AckCounter) -> None:
    pacer = _pacer([counter], ack_wait=2.0)
    assert _timed(lambda: pacer.before_event(OTHER)) < 0.05
    assert _timed(pacer.before_decision) < 0.05


def test_a_client_that_goes_ends_the_wait_for_it() -> None:
    counter = AckCounter(shows=True, connected=True, sent=3)
    pacer = _pacer([counter], ack_wait=5.0)

    def drop() -> None:
        counter.connected = False
        pacer.changed()

    threading.Timer(0.1, drop).start()
    assert _timed(pacer.before_decision) < 1.0


def test_stop_ends_a_wait_with_seat_stopped() -> None:
    counter = AckCounter(shows=True, connected=True, sent=3)
    pacer = _pacer([counter], ack_wait=30.0)
    threading.Timer(0.1, pacer.stop).start()
    with pytest.raises(SeatStopped):
        pacer.before_event(OTHER)
    with pytest.raises(SeatStopped):
        pacer.before_event(OTHER)  # and every later event


def test_the_pause_runs_from_the_last_client_the_discard_was_handed_to() -> None:
    pacer = _pacer([], claim_pause=0.2)
    pacer.before_event(DISCARD)
    time.sleep(0.1)  # handing it to every client took a while
    pacer.sent(DISCARD)
    pacer.sent(OTHER)  # other events start no pause
    assert 0.15 <= _timed(lambda: pacer.before_event(OTHER)) < 0.5
