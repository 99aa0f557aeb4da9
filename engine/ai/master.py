"""大师 (master) AI: plans over the draws that remain. (Skeleton: plays like hard for now.)"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import Action
from ..view import SeatView
from .hard import HardAI


@dataclass(frozen=True)
class Option:
    """One legal action with what 大师 expects the seat to make of the hand after it (points)."""

    action: Action
    value: float


class MasterAI(HardAI):
    level = "master"

    def __init__(self, seed: int = 0, name: str = "大师") -> None:
        super().__init__(seed=seed, name=name)

    def appraise(self, view: SeatView, legal: Sequence[Action]) -> tuple[Option, ...]:
        """Every legal action with its expected value, best first (ties: the one decide() takes)."""
        choice = HardAI.decide(self, view, legal)
        return (Option(choice, 0.0), *(Option(a, -1.0) for a in legal if a != choice))

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return self.appraise(view, legal)[0].action
