"""The GUI's mirror of the table, built only from the human seat's events (no Qt here).

Every physical tile is identified by the live-wall index it started at (0..83): each tile
leaves the wall through a deal or a draw event that names that index, so the model always
knows where each of the 84 tile items is: in the wall, in a hand, in a kong or in a discard
row. Tile kinds are known only where the human may know them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.game import events as ev
from engine.game.tiles import NUM_TILES
from engine.game.wall import Wall
from gui.parts.seats import HUMAN as HUMAN  # (where the table's own modules have always read it)

SEATS = 4


@dataclass
class SeatModel:
    hand: list[int] = field(default_factory=list)  # item ids, in arrival order
    drawn: int | None = None  # item id of the tile just drawn (shown set apart)
    kongs: list[list[int]] = field(default_factory=list)
    kong_kinds: list[int | None] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    declare_index: int | None = None
    claimed: set[int] = field(default_factory=set)  # discard ids won on


@dataclass
class TableModel:
    human: int = 0
    tile_size: str = "medium"  # the player's own tiles: small, medium or large
    dealer: int = 0
    dealer_streak: int = 1
    hand_number: int = 0
    round_number: int = 1
    scores: list[int] = field(default_factory=lambda: [0] * SEATS)
    wall: Wall | None = None  # geometry only: built from the public dice, tiles unknown
    in_wall: set[int] = field(default_factory=lambda: set(range(NUM_TILES)))
    back_taken: int = 0
    kinds: dict[int, int] = field(default_factory=dict)  # item id → kind, where known
    face_up: set[int] = field(default_factory=set)
    seats: list[SeatModel] = field(default_factory=lambda: [SeatModel() for _ in range(SEATS)])
    tiles_left: int = NUM_TILES
    last_discard: int | None = None
    last_four: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    ended: bool = False
    # the seat to act: it holds its 14th tile (drawn, dealt, or about to be replaced after a
    # kong). None while a discard may be claimed, and before and after the hand.
    turn: int | None = None
    log: list[tuple[str, dict[str, int | str]]] = field(default_factory=list)  # a key, seats, tiles, a reason

    # -- queries ------------------------------------------------------------------------
    def seat_of_item(self, item: int) -> int | None:
        for s, seat in enumerate(self.seats):
            if item in seat.hand or item in seat.discards or any(item in k for k in seat.kongs):
                return s
        return None

    def human_kinds(self) -> list[int]:
        return sorted(self.kinds[i] for i in self.seats[self.human].hand if i in self.kinds)

    def census(self) -> int:
        return len(self.in_wall) + sum(
            len(s.hand) + sum(len(k) for k in s.kongs) + len(s.discards) for s in self.seats
        )

    def last_four_zone(self) -> list[int]:
        """The 海捞区: the last four wall tiles still standing (in live order)."""
        return sorted(self.in_wall)[-4:]

    # -- events ---------------------------------------------------------------------------
    def apply(self, event: ev.Event) -> None:
        handler = getattr(self, "_on_" + type(event).__name__, None)
        if handler is not None:
            handler(event)

    def _on_HandStarted(self, e: ev.HandStarted) -> None:
        human, scores, size = self.human, list(e.scores), self.tile_size
        # a new hand: every field back to its default (mypy: __init__ on an instance is unsound)
        self.__init__(human=human, tile_size=size)  # type: ignore[misc]
        self.dealer, self.dealer_streak = e.dealer, e.dealer_streak
        self.hand_number, self.round_number = e.hand_number, e.round_number
        self.scores = scores
        self._log("hand_started", n=e.hand_number, dealer=e.dealer, streak=e.dealer_streak)

    def _on_DiceRolled(self, e: ev.DiceRolled) -> None:
        self.wall = Wall(list(range(NUM_TILES)), e.dice)  # the GUI knows geometry, not tiles
        self._log("dice", a=e.dice[0], b=e.dice[1])

    def _take_from_wall(self, item: int, seat: int, kind: int | None) -> None:
        self.in_wall.discard(item)
        self.tiles_left = len(self.in_wall)
        self.seats[seat].hand.append(item)
        if kind is not None:
            self.kinds[item] = kind
            self.face_up.add(item)

    def _on_TilesDealt(self, e: ev.TilesDealt) -> None:
        for n, item in enumerate(e.wall_indices):
            self._take_from_wall(item, e.seat, e.tiles[n] if e.tiles is not None else None)
        if e.seat == self.dealer and len(self.seats[e.seat].hand) == 14:
            self.seats[e.seat].drawn = e.wall_indices[-1]
            self.turn = e.seat

    def _on_TileDrawn(self, e: ev.TileDrawn) -> None:
        for seat in self.seats:
            seat.drawn = None
        self._take_from_wall(e.wall_index, e.seat, e.tile)
        self.seats[e.seat].drawn = e.wall_index
        if e.from_back:
            self.back_taken += 1
        self.last_discard = None
        self.turn = e.seat
        if e.last_four:  # the tile is named only to the seat that drew it
            if e.tile is None:
                self._log("last_four_draw", seat=e.seat)
            else:
                self._log("last_four_draw_own", seat=e.seat, tile=e.tile)
        elif e.from_back:
            self._log("replacement", seat=e.seat)

    def _on_KongDeclared(self, e: ev.KongDeclared) -> None:
        seat = self.seats[e.seat]
        if e.tile is not None:
            ids = [i for i in seat.hand if self.kinds.get(i) == e.tile][:4]
        else:  # face down: which four of the hidden tiles is unknown and does not matter
            ids = [i for i in seat.hand if i != seat.drawn][-4:]
            if len(ids) < 4:
                ids = seat.hand[-4:]
        for i in ids:
            seat.hand.remove(i)
        if seat.drawn in ids:
            seat.drawn = None
        seat.kongs.append(ids)
        seat.kong_kinds.append(e.tile)
        self.turn = e.seat  # its replacement draw comes next
        self._log("kong", seat=e.seat)

    def _on_ReadyDeclared(self, e: ev.ReadyDeclared) -> None:
        seat = self.seats[e.seat]
        seat.declare_index = len(seat.discards)
        self._log("declared", seat=e.seat)

    def _on_TileDiscarded(self, e: ev.TileDiscarded) -> None:
        seat = self.seats[e.seat]
        if e.from_drawn and seat.drawn is not None:
            item = seat.drawn
        else:
            known = [i for i in seat.hand if self.kinds.get(i) == e.tile and i != seat.drawn]
            hidden = [i for i in seat.hand if i not in self.kinds and i != seat.drawn]
            item = (known or hidden or seat.hand)[-1]
        seat.hand.remove(item)
        seat.drawn = None
        seat.discards.append(item)
        self.kinds[item] = e.tile
        self.face_up.add(item)
        self.last_discard = item
        self.turn = None  # the others may claim it
        self._log("discard", seat=e.seat, tile=e.tile)
        refusal = e.refusals[self.human] if len(e.refusals) > self.human else None
        if refusal is not None:  # the engine says why this seat may not win on it
            self._log("cannot_win", tile=e.tile, reason=str(refusal))

    def _on_LastFourStarted(self, e: ev.LastFourStarted) -> None:
        self.last_four = e.wall_indices
        self._log("last_four")

    def _on_HandWon(self, e: ev.HandWon) -> None:
        self.winners = (*self.winners, e.seat)
        self.turn = None
        if e.discarder is not None and self.last_discard is not None:
            self.seats[e.discarder].claimed.add(self.last_discard)
        self._log("win", seat=e.seat, value=e.score.value, self_draw=e.self_draw)

    def _on_HandEnded(self, e: ev.HandEnded) -> None:
        # reveal: give every hidden hand item and kong its kind
        for s, seat in enumerate(self.seats):
            hidden = [i for i in seat.hand if i not in self.kinds]
            known = sorted(self.kinds[i] for i in seat.hand if i in self.kinds)
            remaining = list(e.concealed[s])
            for k in known:
                remaining.remove(k)
            for item, kind in zip(hidden, remaining, strict=False):
                self.kinds[item] = kind
            for n, kind in enumerate(e.kongs[s]):
                if n < len(seat.kongs):
                    seat.kong_kinds[n] = kind
                    for item in seat.kongs[n]:
                        self.kinds[item] = kind
            self.face_up.update(seat.hand)
            for group in seat.kongs:
                self.face_up.update(group)
        self.scores = list(e.scores)
        self.ended = True
        self.turn = None
        self._log("exhaustive" if e.exhaustive else "hand_ended")

    def _log(self, key: str, **data: int | str) -> None:
        self.log.append((key, data))
