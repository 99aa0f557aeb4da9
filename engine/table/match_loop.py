"""The one loop that plays a match (no Qt): hands one after another, with the hooks its users
need — self-play, the GUI's engine thread and the LAN host.

The loop counts a hand (:meth:`Match.finish_hand`) the moment the hand ends, before any seat
is shown its end: whoever saves after each hand (the GUI's profile) has it saved before the
player sees the result, so closing at the result dialog loses nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.game.events import Event, HandEnded
from engine.table.seat import EventSink, HandRunner, ProblemSink, Seat

if TYPE_CHECKING:
    from engine.game.hand import Hand
    from engine.table.match import HandRecord, Match


@dataclass(frozen=True)
class MatchHooks:
    """What a user of the loop is told, and asked. Every hook is optional."""

    observer: EventSink | None = None  # every event, unfiltered, before the seats see it
    hand_started: Callable[[Hand], None] | None = None  # a hand is dealt, before its first event
    hand_ended: Callable[[Hand, HandRecord], None] | None = None  # counted; before its end is shown
    between_hands: Callable[[], None] | None = None  # after a hand, before the next is dealt
    stop: Callable[[], bool] | None = None  # asked between hands: True ends the loop there
    on_problem: ProblemSink | None = None  # a seat failed and auto-play covered it
    # the seat about to be asked for a decision (after every event before it was seen); may block
    before_decision: Callable[[int], None] | None = None
    # wraps the asking of several claimants of one discard, all at once (engine.table.seat)
    asking_together: Callable[[], AbstractContextManager[object]] | None = None


def play_match(match: Match, seats: Sequence[Seat], hooks: MatchHooks = MatchHooks(),
               max_hands: int | None = None) -> list[HandRecord]:
    """Play `match` to its end (or `max_hands` more hands, or until ``hooks.stop``); returns the
    records of the hands played by this call. Every seat sees its own view of every event."""

    def broadcast(event: Event) -> None:
        if hooks.observer is not None:
            hooks.observer(event)
        for index, seat in enumerate(seats):
            seat.on_event(event.for_seat(index))

    records: list[HandRecord] = []
    broadcast(match.start_event())
    while not match.over and (max_hands is None or len(records) < max_hands):
        if hooks.stop is not None and hooks.stop():
            return records
        hand = match.next_hand()
        if hooks.hand_started is not None:
            hooks.hand_started(hand)

        def observe(event: Event, hand: Hand = hand) -> None:
            if isinstance(event, HandEnded):
                record = match.finish_hand(hand)
                records.append(record)
                if hooks.hand_ended is not None:
                    hooks.hand_ended(hand, record)
            if hooks.observer is not None:
                hooks.observer(event)

        HandRunner(hand, seats, observe, on_problem=hooks.on_problem,
                   before_decision=hooks.before_decision, together=hooks.asking_together).run()
        if hooks.between_hands is not None:
            hooks.between_hands()
    if match.over:
        broadcast(match.end_event())
    return records


__all__ = ["MatchHooks", "play_match"]
