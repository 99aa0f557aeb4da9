"""What one hand came to, gathered from its events: for the end-of-hand dialog, the standings,
the profile and the history. A seat's own event stream is enough (the hand's end reveals every
hand), so a LAN client keeps the same summary as the host."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import events as ev


@dataclass
class HandSummary:
    hand_number: int = 0
    round_number: int = 1
    dealer: int = 0
    dealer_streak: int = 1
    wins: list[ev.HandWon] = field(default_factory=list)
    payments: ev.PaymentsMade | None = None
    ended: ev.HandEnded | None = None


def track(summary: HandSummary, event: ev.Event) -> HandSummary:
    """The summary after `event` (a new one when a hand starts)."""
    if isinstance(event, ev.HandStarted):
        return HandSummary(event.hand_number, event.round_number, event.dealer, event.dealer_streak)
    if isinstance(event, ev.HandWon):
        summary.wins.append(event)
    elif isinstance(event, ev.PaymentsMade):
        summary.payments = event
    elif isinstance(event, ev.HandEnded):
        summary.ended = event
    return summary


__all__ = ["HandSummary", "track"]
