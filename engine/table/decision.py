"""What a seat played from outside the engine (a person at this computer, a LAN client) is
asked, and told when the table decides for it. No Qt: the local table and the network host
send the same values.

The host keeps the time: ``time_limit`` is the seconds the seat has, counted by the host from
the moment it asked; a client only shows the countdown. When the time is up the host's
auto-play (托管) decides and the seat is sent :class:`DecisionClosed`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.game.actions import Action
from engine.game.scoring import WinRefusal
from engine.game.view import SeatView


@dataclass(frozen=True)
class DecisionRequest:
    id: int  # increasing per seat: a choice names the request it answers, so a late one is dropped
    view: SeatView
    legal: tuple[Action, ...]
    time_limit: float | None  # seconds, kept by the host; None: no limit

    @property
    def refusal(self) -> WinRefusal | None:
        """Why a winning shape may not win now (8张, 报听), as the engine says it."""
        return self.view.win_refusal


class ClosedReason(StrEnum):
    TIMEOUT = "timeout"  # the time limit ran out: auto-play decided


@dataclass(frozen=True)
class DecisionClosed:
    id: int  # the request the table took out of the seat's hands
    reason: ClosedReason


__all__ = ["ClosedReason", "DecisionClosed", "DecisionRequest"]
