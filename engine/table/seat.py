"""The one seat interface: a local human, an AI and a remote player are interchangeable.

A seat receives the events it may see (already redacted for it) and, when it must choose,
its :class:`~engine.game.view.SeatView` and the legal actions. A seat that fails (raises, answers
with something that is not one of its legal actions) is replaced for that decision by
auto-play (托管), which takes every win and otherwise plays like the built-in AI; a seat whose
on_event raises is auto-played until the hand ends. Each failure is logged and kept in
:attr:`HandRunner.problems`.

When several seats may win on one discard, every one of them is asked at the same moment: a
seat that has an ``offer(view, legal)`` method (:class:`~engine.table.waiting_seat.WaitingSeat`: a
person, here or over the LAN) is sent its question and starts its clock before any answer is
collected; the answers are then taken in the order of priority (the discarder's next seat
first), each seat's ``decide`` returning its own. A seat without ``offer`` (an AI) just decides
in that order, so self-play is the same as asking one after another.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

from engine.game.actions import Action, shown
from engine.game.events import Event, HandEnded
from engine.game.hand import Hand, IllegalAction
from engine.game.view import Phase, SeatView

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
    """Ignores events; subclasses implement :meth:`decide` (the tutorial's scripted seats)."""

    name = "seat"

    def on_event(self, event: Event) -> None:
        pass

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:  # pragma: no cover
        raise NotImplementedError


EventSink = Callable[[Event], None]


@dataclass(frozen=True)
class SeatProblem:
    """A seat's failure that auto-play covered, for the GUI or the CLI to tell.

    ``stage`` is ``"decide"`` (decide() raised or answered with something illegal: auto-play
    took that decision) or ``"event"`` (on_event() raised: the seat no longer knows the table,
    so auto-play takes its decisions until the hand ends).
    """

    seat: int
    name: str
    stage: str
    reason: str


ProblemSink = Callable[[SeatProblem], None]


def _failure(exc: Exception) -> str:
    try:
        text = str(exc)
    except Exception:  # a seat's exception is the seat's code too: even its str() may fail
        text = "?"
    return f"{type(exc).__name__}: {text[:200]}"


class HandRunner:
    """Plays one hand: delivers each seat its view of every event and asks for decisions.

    No seat can stop the table: each failure becomes auto-play and a :class:`SeatProblem` in
    ``problems`` (and is passed to ``on_problem``). Only a BaseException that is not an
    Exception (the GUI's StopGame, KeyboardInterrupt) gets through, on purpose.
    """

    def __init__(self, hand: Hand, seats: Sequence[Seat], observer: EventSink | None = None,
                 autoplay: Seat | None = None, on_problem: ProblemSink | None = None,
                 reveal_seed: bool = True, before_decision: Callable[[int], None] | None = None,
                 together: Callable[[], AbstractContextManager[object]] | None = None) -> None:
        if len(seats) != 4:
            raise ValueError("a table has four seats")
        from engine.ai.simple import SimpleAI  # late import: the AI builds on this module's types

        self.hand = hand
        self.seats = list(seats)
        self.observer = observer
        self.autoplay = autoplay or SimpleAI(name="托管")
        self.on_problem = on_problem
        # The hand's end tells every seat the wall's seed, for an exact replay. Not where the
        # same wall is dealt again to the same seats (duplicate play): there it would be a
        # look at the next deal.
        self.reveal_seed = reveal_seed
        # Called with the seat number before a seat is asked to decide (a LAN host waits there
        # for its clients to show the events so far); it may block. It is the table's own code,
        # not a seat's: what it raises is not covered by auto-play but ends the hand.
        self.before_decision = before_decision
        # Wraps the asking of several claimants (a LAN host sends their requests in one write,
        # so that no answer can come back before the last of them is out).
        self.together = together
        self._sent = 0
        self.fallbacks = 0  # decisions auto-play took for a seat
        self.problems: list[SeatProblem] = []
        self._lost: set[int] = set()  # seats whose on_event failed: auto-played to the hand's end

    @property
    def failed_seats(self) -> set[int]:
        return {p.seat for p in self.problems}

    def flush_events(self) -> None:
        events = self.hand.events
        while self._sent < len(events):
            event = events[self._sent]
            self._sent += 1
            if self.observer is not None:
                self.observer(event)
            if not self.reveal_seed and isinstance(event, HandEnded):
                event = replace(event, seed=None)
            for index, seat in enumerate(self.seats):
                try:
                    seat.on_event(event.for_seat(index))
                except Exception as exc:  # a seat's own failure must not stop the table
                    log.exception("seat %d failed on %s", index, type(event).__name__)
                    self._lost.add(index)
                    self._report(index, "event", _failure(exc))

    def step(self) -> None:
        """Ask the pending seat for its decision and apply it; several claimants of one
        discard are all asked first, then their answers applied in order of priority."""
        pending = self.hand.pending()
        # views and legal actions before any answer: a claim's answer changes neither of the
        # other claimants' (tuples: a seat cannot spoil them for auto-play)
        asked = [(seat, self.hand.view(seat), tuple(self.hand.legal_actions(seat)))
                 for seat in (pending if self.hand.phase is Phase.CLAIM else pending[:1])]
        offered: set[int] = set()
        failed: dict[int, str] = {}
        if len(asked) > 1:
            with self.together() if self.together is not None else nullcontext():
                self._offer(asked, offered, failed)
        for seat, view, legal in asked:
            if seat in self._lost:
                self._auto_play(seat, view, legal)
            elif seat in failed:
                self._fallback(seat, view, legal, failed[seat])
            else:
                if seat not in offered:
                    self._before(seat)
                self._decide(seat, view, legal)

    def _offer(self, asked: list[tuple[int, SeatView, tuple[Action, ...]]], offered: set[int],
               failed: dict[int, str]) -> None:
        """Ask every seat that can be asked ahead (``offer``); note who was, and who failed."""
        for seat, view, legal in asked:
            offer = getattr(self.seats[seat], "offer", None)
            if seat in self._lost or not callable(offer):
                continue
            self._before(seat)
            offered.add(seat)
            try:
                offer(view, legal)
            except Exception as exc:  # a seat's own failure must not stop the table
                log.exception("seat %d failed to be asked", seat)
                failed[seat] = _failure(exc)

    def _before(self, seat: int) -> None:
        if self.before_decision is not None:
            self.before_decision(seat)

    def _decide(self, seat: int, view: SeatView, legal: tuple[Action, ...]) -> None:
        try:
            action = self.seats[seat].decide(view, legal)
        except Exception as exc:  # a seat's own failure must not stop the table
            log.exception("seat %d failed to decide", seat)
            self._fallback(seat, view, legal, _failure(exc))
            return
        try:
            self.hand.apply(seat, action)
        except IllegalAction as exc:
            self._fallback(seat, view, legal, f"illegal action: {exc}")

    def _fallback(self, seat: int, view: SeatView, legal: Sequence[Action], why: str) -> None:
        log.warning("seat %d (%s): %s; auto-play decides", seat, self._name(seat), why)
        self._report(seat, "decide", why)
        self._auto_play(seat, view, legal)

    def _auto_play(self, seat: int, view: SeatView, legal: Sequence[Action]) -> None:
        self.fallbacks += 1
        try:
            self.hand.apply(seat, self.autoplay.decide(view, legal))
        except Exception:  # a custom auto-play that fails too: the first legal action is never wrong
            log.exception("auto-play failed for seat %d", seat)
            self.hand.apply(seat, legal[0])

    def _report(self, seat: int, stage: str, reason: str) -> None:
        problem = SeatProblem(seat, self._name(seat), stage, reason)
        self.problems.append(problem)
        if self.on_problem is not None:
            self.on_problem(problem)

    def _name(self, seat: int) -> str:
        name = getattr(self.seats[seat], "name", "")
        return name if isinstance(name, str) else shown(name)

    def run(self) -> Hand:
        self.flush_events()
        while not self.hand.ended:
            self.step()
            self.flush_events()
        return self.hand
