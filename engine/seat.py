"""The one seat interface: a local human, an AI and a remote player are interchangeable.

A seat receives the events it may see (already redacted for it) and, when it must choose,
its :class:`~engine.view.SeatView` and the list of legal actions. A seat that fails (raises,
answers with something illegal) is replaced for that decision by auto-play (托管), which
takes every win and otherwise plays like the built-in AI; the failure is logged.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from .actions import Action
from .events import Event
from .hand import Hand, IllegalAction
from .view import SeatView

log = logging.getLogger(__name__)


@runtime_checkable
class Seat(Protocol):
    name: str

    def on_event(self, event: Event) -> None:
        """An event this seat may see (``event.for_seat(seat)``)."""

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Choose one of `legal`."""
        ...


class BaseSeat:
    """Ignores events; subclasses implement :meth:`decide`."""

    name = "seat"

    def on_event(self, event: Event) -> None:
        pass

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:  # pragma: no cover
        raise NotImplementedError


EventSink = Callable[[Event], None]


class HandRunner:
    """Plays one hand: delivers each seat its view of every event and asks for decisions."""

    def __init__(self, hand: Hand, seats: Sequence[Seat], observer: EventSink | None = None,
                 autoplay: Seat | None = None) -> None:
        if len(seats) != 4:
            raise ValueError("a table has four seats")
        from .ai.simple import SimpleAI  # late import: the AI builds on this module's types

        self.hand = hand
        self.seats = list(seats)
        self.observer = observer
        self.autoplay = autoplay or SimpleAI(name="托管")
        self._sent = 0
        self.fallbacks = 0

    def flush_events(self) -> None:
        events = self.hand.events
        while self._sent < len(events):
            event = events[self._sent]
            self._sent += 1
            if self.observer is not None:
                self.observer(event)
            for index, seat in enumerate(self.seats):
                seat.on_event(event.for_seat(index))

    def step(self) -> None:
        """Ask the first pending seat for its decision and apply it."""
        seat = self.hand.pending()[0]
        view = self.hand.view(seat)
        legal = self.hand.legal_actions(seat)
        try:
            action = self.seats[seat].decide(view, legal)
        except Exception as exc:  # a seat's own failure must not stop the table
            log.exception("seat %d failed to decide", seat)
            self._fallback(seat, view, legal, f"{type(exc).__name__}: {exc}")
            return
        try:
            self.hand.apply(seat, action)
        except IllegalAction as exc:
            self._fallback(seat, view, legal, f"illegal action: {exc}")

    def _fallback(self, seat: int, view: SeatView, legal: Sequence[Action], why: str) -> None:
        log.warning("seat %d (%s): %s; auto-play decides", seat, self.seats[seat].name, why)
        self.fallbacks += 1
        self.hand.apply(seat, self.autoplay.decide(view, legal))

    def run(self) -> Hand:
        self.flush_events()
        while not self.hand.ended:
            self.step()
            self.flush_events()
        return self.hand
