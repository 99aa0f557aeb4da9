"""Seats as one player sees them: themselves at seat 0, then 下家 1, 对家 2, 上家 3.

The host numbers seats from 0 to 3 around its table; the table widget draws "me" at the
bottom as seat 0. A client sitting at seat ``me`` turns every event, view and decision request
it receives with :func:`relative` before showing it, and the seats in its choices need no
turning (an action names no seat). Wall positions need none either: they count from the
dealer's side, and the dealer is a seat.

What each field holds is data, one table per class (:data:`FIELDS`): a seat, seats, a value per
seat in seat order, or something special; every other field holds no seat. A test checks that
every field of every event and of the view is classified, so a new field cannot slip through.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields, replace
from enum import Enum
from typing import Any, TypeVar

from engine.game import events as ev
from engine.game.view import SeatView
from engine.table.decision import DecisionClosed, DecisionRequest

SEATS = 4


class Holds(Enum):
    SEAT = "a seat (int) or None"
    SEATS = "a tuple of seats"
    PER_SEAT = "a tuple with one entry per seat, in seat order (may be empty)"
    TRANSFERS = "(payer, payee, amount) tuples"
    SEAT_AND_TILE = "(seat, tile) or None"
    SEAT_AND_ACTION = "(seat, action) tuples"
    NO_SEAT = "no seat"


_S, _SS, _PER, _NO = Holds.SEAT, Holds.SEATS, Holds.PER_SEAT, Holds.NO_SEAT

FIELDS: dict[type, dict[str, Holds]] = {
    ev.MatchStarted: {"rules": _NO, "names": _PER, "first_dealer": _S},
    ev.HandStarted: {"hand_number": _NO, "round_number": _NO, "dealer": _S, "dealer_streak": _NO,
                     "scores": _PER},
    ev.DiceRolled: {"dice": _NO, "break_side": _NO, "break_count": _NO},  # sides count from the dealer
    ev.TilesDealt: {"seat": _S, "wall_indices": _NO, "tiles": _NO},
    ev.TileDrawn: {"seat": _S, "wall_index": _NO, "tile": _NO, "from_back": _NO, "tiles_left": _NO,
                   "last_four": _NO},
    ev.KongDeclared: {"seat": _S, "tile": _NO},
    ev.ReadyDeclared: {"seat": _S},
    ev.TileDiscarded: {"seat": _S, "tile": _NO, "from_drawn": _NO, "declaring": _NO, "refusals": _PER},
    ev.LastFourStarted: {"wall_indices": _NO, "first_seat": _S},
    ev.HandWon: {"seat": _S, "tile": _NO, "self_draw": _NO, "discarder": _S, "score": _NO,
                 "concealed": _NO, "kongs": _NO},  # the winner's own tiles
    ev.PaymentsMade: {"deltas": _PER, "transfers": Holds.TRANSFERS},
    ev.HandEnded: {"winners": _SS, "exhaustive": _NO, "deltas": _PER, "scores": _PER, "concealed": _PER,
                   "kongs": _PER, "next_dealer": _S, "next_dealer_streak": _NO, "seed": _NO,
                   "actions": Holds.SEAT_AND_ACTION},
    ev.MatchEnded: {"scores": _PER, "hands_played": _NO, "rounds": _NO},
    SeatView: {"seat": _S, "rules": _NO, "phase": _NO, "current": _S, "dealer": _S, "dealer_streak": _NO,
               "hand_number": _NO, "round_number": _NO, "concealed": _NO, "drawn": _NO, "kongs": _NO,
               "kong_counts": _PER, "hand_sizes": _PER, "discards": _PER, "declare_index": _PER,
               "tiles_left": _NO, "last_discard": Holds.SEAT_AND_TILE, "scores": _PER,
               "win_refusal": _NO},
}

T = TypeVar("T")
V = TypeVar("V")


def turned(values: Sequence[V], me: int) -> tuple[V, ...]:
    """Values kept in seat order (names, titles, scores) as seat `me` sees them: its own first,
    then its 下家, 对家 and 上家. Anything but one value per seat is left as it is."""
    if len(values) != SEATS:
        return tuple(values)  # () where a field has nothing to say
    return tuple(values[(i + me) % SEATS] for i in range(SEATS))


def _turner(me: int) -> dict[Holds, Callable[[Any], Any]]:
    def seat(s: int | None) -> int | None:
        return None if s is None else (s - me) % SEATS

    def per_seat(values: tuple[Any, ...]) -> tuple[Any, ...]:
        return turned(values, me)

    return {
        Holds.SEAT: seat,
        Holds.SEATS: lambda seats: tuple(seat(s) for s in seats),
        Holds.PER_SEAT: per_seat,
        Holds.TRANSFERS: lambda ts: tuple((seat(a), seat(b), n) for a, b, n in ts),
        Holds.SEAT_AND_TILE: lambda pair: None if pair is None else (seat(pair[0]), pair[1]),
        Holds.SEAT_AND_ACTION: lambda pairs: tuple((seat(s), a) for s, a in pairs),
        Holds.NO_SEAT: lambda value: value,
    }


def relative(value: T, me: int) -> T:
    """`value` (an event, a SeatView, a DecisionRequest or DecisionClosed) with every seat
    counted from seat `me`: ``relative(x, me)`` is x as seat `me` draws it."""
    if not 0 <= me < SEATS:
        raise ValueError(f"there is no seat {me}")
    if me == 0 or isinstance(value, DecisionClosed):
        return value
    if isinstance(value, DecisionRequest):
        return replace(value, view=relative(value.view, me))
    table = FIELDS.get(type(value))
    if table is None:
        raise TypeError(f"{type(value).__name__} is not an event, a view or a request")
    turn = _turner(me)
    changes = {name: turn[holds](getattr(value, name)) for name, holds in table.items() if holds is not _NO}
    return replace(value, **changes)  # type: ignore[type-var]


def unclassified() -> list[str]:
    """Fields of events and the view that :data:`FIELDS` does not say anything about."""
    from engine.records.codec import EVENT_TYPES

    missing = []
    for cls in [*EVENT_TYPES.values(), SeatView]:
        table = FIELDS.get(cls, {})
        missing += [f"{cls.__name__}.{f.name}" for f in fields(cls) if f.name not in table]
    return missing


__all__ = ["FIELDS", "Holds", "relative", "turned", "unclassified"]
