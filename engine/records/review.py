"""复盘 (review): a saved hand's decisions for one seat, weighed by 大师 (the master AI).

For each decision where the seat had a real choice, the review gives the move made, the move
大师 prefers and the expected points the move made gives away against it (大师's estimate of
the hand's outcome for the seat after each move), with every candidate 大师 weighed and its
figures (:func:`engine.ai.explain.weigh`). The review is a pure function of the saved hand:
the same record gives the same figures on every computer, and 大师's own moves lose 0.

Decisions are numbered by 巡 (the seat's turn: the tiles it has drawn from the wall, kong
replacements not counted, and one more for the dealer, whose first discard is from the deal).
Moves the table made for the seat — 托管 (auto-play) or a time-out — are kept and marked
(the record's ``"auto"``, :func:`engine.records.replay.mark_auto`; a record without it is all the
player's) but left out of the figures: they are not the player's play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.ai.explain import Weighed, weigh
from engine.ai.master import MasterAI, Option
from engine.game.actions import Action
from engine.game.events import TileDrawn
from engine.game.hand import Hand
from engine.game.view import SeatView
from engine.records.replay import AUTO_REASONS, ReplayError, auto_moves, replay_steps

# bump when 大师's judgement changes: saved agreement figures say which. 2: moves made by 托管 or
# a time-out are left out, and a move off 大师's efficient path loses its estimate, not 100
REVIEW_VERSION = 2
AGREE = 0.05  # a loss this small is a matter of taste, not a mistake: the move agrees


class ReviewStopped(Exception):
    """The review was asked to stop before its end: a review is whole or there is none."""


@dataclass(frozen=True)
class ReviewedDecision:
    step: int  # index of the decision in the hand's actions (the replay viewer's step)
    view: SeatView
    made: Action
    candidates: tuple[Weighed, ...]  # every legal action as 大师 weighed it, its choice first
    turn: int = 0  # 巡: the seat's draws from the wall so far (+1 for the dealer)
    auto: str | None = None  # "autoplay" (托管) or "timeout": the table moved, not the player

    @property
    def options(self) -> tuple[Option, ...]:
        """Every legal action with its value, best first."""
        return tuple(Option(c.action, c.value) for c in self.candidates)

    @property
    def best(self) -> Action:
        return self.candidates[0].action

    @property
    def made_candidate(self) -> Weighed:
        return next((c for c in self.candidates if c.action == self.made), self.candidates[-1])

    @property
    def loss(self) -> float:
        """Expected points the move made gives away against 大师's choice, by 大师's estimates
        (never below 0). A move 大师 never makes (it gives up speed) is measured by its
        estimate too, not by the mark that keeps 大师 from choosing it."""
        return max(0.0, self.candidates[0].estimate - self.made_candidate.estimate)

    @property
    def agrees(self) -> bool:
        return self.made == self.best or (self.loss <= AGREE and not self.made_candidate.slow)

    @property
    def players(self) -> bool:
        """The player's own move (not 托管's nor a time-out's): only these count in the figures."""
        return self.auto is None


@dataclass(frozen=True)
class HandReview:
    seat: int
    decisions: tuple[ReviewedDecision, ...]  # every one, the table's moves (托管, time-outs) included

    @property
    def own(self) -> tuple[ReviewedDecision, ...]:
        """The player's own decisions: what the figures are made of."""
        return tuple(d for d in self.decisions if d.players)

    @property
    def agreement(self) -> float | None:
        """Share of the seat's own choices that agree with 大师 (None: it made none)."""
        own = self.own
        if not own:
            return None
        return sum(d.agrees for d in own) / len(own)

    @property
    def total_loss(self) -> float:
        return sum(d.loss for d in self.own)

    def mistakes(self, limit: int = 3, above: float = 0.0) -> list[ReviewedDecision]:
        """The biggest losses of the player's own moves, biggest first (only moves that
        disagree; with `above`, only those losing more than that many points)."""
        wrong = [d for d in self.own if not d.agrees and d.loss > above]
        return sorted(wrong, key=lambda d: (-d.loss, d.step))[:limit]

    def losing(self, above: float) -> list[ReviewedDecision]:
        """Every decision in order whose loss is above `above` points (the table's too: they
        stay marked); `above` 0 keeps every decision."""
        return [d for d in self.decisions if above <= 0 or d.loss > above]

    def at_step(self) -> dict[int, ReviewedDecision]:
        return {d.step: d for d in self.decisions}

    def summary(self) -> dict[str, Any]:
        """The figures a profile keeps per hand."""
        agreement = self.agreement
        return {
            "review_version": REVIEW_VERSION,
            "decisions": len(self.own),
            "agreement": None if agreement is None else round(agreement, 4),
            "loss": round(self.total_loss, 2),
        }


def review_hand(data: Mapping[str, Any], seat: int,
                should_stop: Callable[[], bool] | None = None) -> HandReview:
    """Review `seat`'s decisions in a saved hand (a replay document). Raises ReplayError for a
    record that cannot be replayed, ValueError for a seat that is not 0..3.

    `should_stop` is asked before each step of the hand (any thread may make it say yes); when
    it does, ReviewStopped is raised at once: a program that ends need not wait for 大师 to weigh
    the rest of the hand."""
    if not 0 <= seat < 4:
        raise ValueError(f"there is no seat {seat}")
    master = MasterAI()
    sent = 0
    turn = 0
    auto = auto_moves(data)
    out: list[ReviewedDecision] = []

    def deliver(hand: Hand) -> None:
        nonlocal sent, turn
        while sent < len(hand.events):
            event = hand.events[sent].for_seat(seat)
            master.on_event(event)
            if isinstance(event, TileDrawn) and event.seat == seat and not event.from_back:
                turn += 1
            sent += 1

    for step, hand, who, action in replay_steps(dict(data)):
        if should_stop is not None and should_stop():
            raise ReviewStopped(f"stopped at step {step}")
        deliver(hand)
        if who != seat:
            continue
        legal = hand.legal_actions(seat)
        if len(legal) < 2:
            continue
        view = hand.view(seat)
        out.append(ReviewedDecision(step, view, action, weigh(view, legal, master.memory),
                                    turn + (hand.dealer == seat),
                                    auto.get(step)))
    return HandReview(seat, tuple(out))


__all__ = ["AGREE", "AUTO_REASONS", "REVIEW_VERSION", "HandReview", "ReplayError", "ReviewStopped",
           "ReviewedDecision", "Weighed", "auto_moves", "review_hand"]
