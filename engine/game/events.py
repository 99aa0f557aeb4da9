"""Game events: small immutable values, one per thing that happens at the table.

``event.for_seat(seat)`` is what that seat may know: until the hand ends, other seats' drawn
and dealt tiles and the kinds of their kongs are replaced by ``None``; ``event.for_watcher()``
is what the public may know (no seat's hidden values at all). Wall *positions* are
public (everybody sees which stack a tile leaves); which tile lies where is not. As JSON:
:mod:`engine.records.codec`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from engine.game.actions import Action
from engine.game.scoring import Score, WinRefusal
from engine.game.tiles import tile_name

WATCHER = -1  # no seat's number: a watcher (观战) sees what the public sees


@dataclass(frozen=True)
class Event:
    def for_seat(self, seat: int) -> Event:
        return self

    def for_watcher(self) -> Event:
        """What a watcher may know: the public part of the event, the view of no seat (no
        concealed or drawn tile, no kong kind, no 8张/报听 refusal of anyone's)."""
        return self.for_seat(WATCHER)


@dataclass(frozen=True)
class MatchStarted(Event):
    rules: dict[str, Any]
    names: tuple[str, ...]
    first_dealer: int


@dataclass(frozen=True)
class HandStarted(Event):
    hand_number: int  # 1-based, within the match
    round_number: int  # 圈, 1-based
    dealer: int
    dealer_streak: int  # 连庄数
    scores: tuple[int, ...]  # running totals before the hand


@dataclass(frozen=True)
class DiceRolled(Event):
    dice: tuple[int, int]
    break_side: int  # wall side relative to the dealer (0 dealer, 1 right, 2 opposite, 3 left)
    break_count: int  # stacks counted from that side's right end before the break


@dataclass(frozen=True)
class TilesDealt(Event):
    seat: int
    wall_indices: tuple[int, ...]
    tiles: tuple[int, ...] | None  # kinds; only the receiving seat sees them

    def for_seat(self, seat: int) -> Event:
        return self if seat == self.seat else replace(self, tiles=None)


@dataclass(frozen=True)
class TileDrawn(Event):
    seat: int
    wall_index: int
    tile: int | None  # the kind; only the drawing seat sees it
    from_back: bool  # a kong replacement tile, from the back of the wall
    tiles_left: int
    last_four: bool  # a 海捞 draw

    def for_seat(self, seat: int) -> Event:
        return self if seat == self.seat else replace(self, tile=None)


@dataclass(frozen=True)
class KongDeclared(Event):
    seat: int
    tile: int | None  # laid face down: others learn the kind only when the hand ends

    def for_seat(self, seat: int) -> Event:
        return self if seat == self.seat else replace(self, tile=None)


@dataclass(frozen=True)
class ReadyDeclared(Event):
    seat: int


@dataclass(frozen=True)
class TileDiscarded(Event):
    seat: int
    tile: int
    from_drawn: bool  # the tile just drawn went straight out
    declaring: bool  # the 报听 discard, shown turned sideways
    # per seat: a winning shape that may not win on this tile (8张, 报听), so a player is told
    # why no 胡 is offered; each seat sees only its own entry
    refusals: tuple[WinRefusal | None, ...] = ()

    def for_seat(self, seat: int) -> Event:
        if not any(self.refusals):
            return self
        return replace(self, refusals=tuple(r if i == seat else None for i, r in enumerate(self.refusals)))


@dataclass(frozen=True)
class LastFourStarted(Event):
    """The wall is down to the 海捞区: each player in turn draws one tile and does not discard."""

    wall_indices: tuple[int, ...]
    first_seat: int


@dataclass(frozen=True)
class HandWon(Event):
    seat: int
    tile: int
    self_draw: bool
    discarder: int | None
    score: Score
    concealed: tuple[int, ...]  # the winner's tiles, the winning tile included
    kongs: tuple[int, ...]


@dataclass(frozen=True)
class PaymentsMade(Event):
    deltas: tuple[int, ...]  # per seat, summing to zero
    transfers: tuple[tuple[int, int, int], ...]  # (payer, payee, amount)


@dataclass(frozen=True)
class HandEnded(Event):
    winners: tuple[int, ...]
    exhaustive: bool  # 荒庄
    deltas: tuple[int, ...]
    scores: tuple[int, ...]  # running totals after the hand
    concealed: tuple[tuple[int, ...], ...]  # every seat's tiles, revealed
    kongs: tuple[tuple[int, ...], ...]
    next_dealer: int
    next_dealer_streak: int
    # revealed when the hand is over, so every seat can save an exact replay: the wall's seed
    # and every decision in order, as (seat, action)
    seed: int | None = None
    actions: tuple[tuple[int, Action], ...] = ()


@dataclass(frozen=True)
class MatchEnded(Event):
    scores: tuple[int, ...]
    hands_played: int
    rounds: int


def describe(event: Event) -> str:
    """A one-line English description, for logs and the CLI."""
    name = type(event).__name__
    parts = []
    for f in fields(event):
        value = getattr(event, f.name)
        if f.name == "tile" and isinstance(value, int):
            value = tile_name(value)
        if isinstance(value, Score):
            value = value.value
        parts.append(f"{f.name}={value}")
    return f"{name}({', '.join(parts)})"
