"""What one hand came to, gathered from its events: for the end-of-hand dialog, the standings,
the profile and the history. A seat's own event stream is enough (the hand's end reveals every
hand), so a LAN client keeps the same summary as the host."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.game import events as ev
from engine.game.analysis import waits_counts
from engine.game.tiles import NUM_KINDS, kind_of
from engine.game.wall import Wall


@dataclass
class HandSummary:
    hand_number: int = 0
    round_number: int = 1
    dealer: int = 0
    dealer_streak: int = 1
    wins: list[ev.HandWon] = field(default_factory=list)
    payments: ev.PaymentsMade | None = None
    ended: ev.HandEnded | None = None
    last_four_draws: dict[int, int] = field(default_factory=dict)  # seat → wall index of its 海捞 tile


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
    elif isinstance(event, ev.TileDrawn) and event.last_four:
        summary.last_four_draws[event.seat] = event.wall_index
    return summary


def waits_before_last_four(summary: HandSummary) -> list[list[int]] | None:
    """荒庄: the kinds each seat was 听 on before it drew its 海捞 tile ([] for a seat not ready).

    Every hand is revealed at the end and so is the wall's seed, which names the 海捞 tiles (their
    wall positions are public): each seat's hand less its 海捞 tile is the hand it waited with.
    None when the hand did not end in a 荒庄 or its wall has no seed (a hand-made wall)."""
    ended = summary.ended
    if ended is None or not ended.exhaustive or ended.seed is None:
        return None
    wall = Wall.shuffled(random.Random(ended.seed))
    out = []
    for seat, concealed in enumerate(ended.concealed):
        counts = [0] * NUM_KINDS
        for kind in concealed:
            counts[kind] += 1
        drawn = summary.last_four_draws.get(seat)
        if drawn is not None:
            counts[kind_of(wall.tile_at(drawn))] -= 1
        kongs = ended.kongs[seat]
        size = sum(counts) + 3 * len(kongs)
        out.append(waits_counts(counts, kongs) if size == 13 and min(counts) >= 0 else [])
    return out


__all__ = ["HandSummary", "track", "waits_before_last_four"]
