"""复盘 (review): a saved hand's decisions for one seat, weighed by 大师 (the master AI).

For each decision where the seat had a real choice, the review gives the move made, the move
大师 prefers and the expected points the move made gives away against it (大师's estimate of
the hand's outcome for the seat after each move). The review is a pure function of the saved
hand: the same record gives the same figures on every computer, and 大师's own moves lose 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .ai.master import MasterAI, Option
from .hand import Hand
from .replay import ReplayError, replay_steps
from .view import SeatView

REVIEW_VERSION = 1  # bump when 大师's judgement changes: saved agreement figures say which
AGREE = 0.05  # a loss this small is a matter of taste, not a mistake: the move agrees


class ReviewStopped(Exception):
    """The review was asked to stop before its end: a review is whole or there is none."""


@dataclass(frozen=True)
class ReviewedDecision:
    step: int  # index of the decision in the hand's actions (the replay viewer's step)
    view: SeatView
    made: Action
    options: tuple[Option, ...]  # every legal action with its value, best first

    @property
    def best(self) -> Action:
        return self.options[0].action

    @property
    def loss(self) -> float:
        """Expected points the move made gives away against 大师's choice (never below 0)."""
        made = next((o.value for o in self.options if o.action == self.made), self.options[-1].value)
        return max(0.0, self.options[0].value - made)

    @property
    def agrees(self) -> bool:
        return self.made == self.best or self.loss <= AGREE


@dataclass(frozen=True)
class HandReview:
    seat: int
    decisions: tuple[ReviewedDecision, ...]

    @property
    def agreement(self) -> float | None:
        """Share of the seat's choices that agree with 大师 (None: it had no choice to make)."""
        if not self.decisions:
            return None
        return sum(d.agrees for d in self.decisions) / len(self.decisions)

    @property
    def total_loss(self) -> float:
        return sum(d.loss for d in self.decisions)

    def mistakes(self, limit: int = 3) -> list[ReviewedDecision]:
        """The biggest losses of the hand, biggest first (only moves that disagree)."""
        wrong = [d for d in self.decisions if not d.agrees]
        return sorted(wrong, key=lambda d: (-d.loss, d.step))[:limit]

    def at_step(self) -> dict[int, ReviewedDecision]:
        return {d.step: d for d in self.decisions}

    def summary(self) -> dict[str, Any]:
        """The figures a profile keeps per hand."""
        agreement = self.agreement
        return {
            "review_version": REVIEW_VERSION,
            "decisions": len(self.decisions),
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
    out: list[ReviewedDecision] = []

    def deliver(hand: Hand) -> None:
        nonlocal sent
        while sent < len(hand.events):
            master.on_event(hand.events[sent].for_seat(seat))
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
        out.append(ReviewedDecision(step, view, action, master.appraise(view, legal)))
    return HandReview(seat, tuple(out))


__all__ = ["AGREE", "REVIEW_VERSION", "HandReview", "ReplayError", "ReviewStopped", "ReviewedDecision",
           "review_hand"]
