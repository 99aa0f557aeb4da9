"""One hand as a state machine (RULES §3).

Phases: TURN (the current seat holds 14, kongs counting 3) → CLAIM (seats that can win on the
discard decide; all claimants win) → next TURN, or LAST_FOUR (海捞) once four tiles are left,
→ ENDED. Draws, the deal and forced moves (a single legal action, such as a declared player's
discard of a tile that neither wins nor kongs) happen inside the machine; a seat is asked only
when it has a real choice. An illegal or out-of-turn action raises :class:`IllegalAction` and
changes nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.game import analysis
from engine.game.actions import PASS, WIN, Action, ActionKind, IllegalAction, action_problem, shown
from engine.game.events import (
    DiceRolled,
    Event,
    HandEnded,
    HandStarted,
    HandWon,
    KongDeclared,
    LastFourStarted,
    PaymentsMade,
    ReadyDeclared,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
)
from engine.game.rules import Room, Ruleset
from engine.game.scoring import Score, WinContext, WinRefusal, score_win, win_refusal
from engine.game.tiles import NUM_KINDS, kind_of, tile_name, to_counts
from engine.game.view import Phase, SeatView
from engine.game.wall import LAST_FOUR, Wall

SEATS = 4


@dataclass
class SeatState:
    concealed: list[int] = field(default_factory=list)  # tile ids
    kongs: list[int] = field(default_factory=list)  # kinds
    kong_ids: list[tuple[int, ...]] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)  # tile ids, in order
    declare_index: int | None = None  # position of the 报听 discard
    front_draws: int = 0

    @property
    def declared(self) -> bool:
        return self.declare_index is not None

    def counts(self) -> list[int]:
        return to_counts(kind_of(t) for t in self.concealed)

    def kinds(self) -> list[int]:
        return sorted(kind_of(t) for t in self.concealed)


@dataclass(frozen=True)
class WinRecord:
    seat: int
    score: Score
    transfers: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class HandResult:
    winners: tuple[int, ...]
    self_draw: bool
    discarder: int | None  # the seat that dealt in (点炮)
    wins: tuple[WinRecord, ...]
    deltas: tuple[int, ...]
    exhaustive: bool
    next_dealer: int
    next_dealer_streak: int


class Hand:
    def __init__(
        self,
        rules: Ruleset,
        dealer: int = 0,
        dealer_streak: int = 1,
        seed: int | None = None,
        wall: Wall | None = None,
        hand_number: int = 1,
        round_number: int = 1,
        scores: tuple[int, ...] = (0, 0, 0, 0),
    ) -> None:
        if not 0 <= dealer < SEATS or dealer_streak < 1:
            raise ValueError("dealer is a seat 0..3 and the dealer streak is at least 1")
        self.rules = rules
        self.dealer = dealer
        self.dealer_streak = dealer_streak
        self.hand_number = hand_number
        self.round_number = round_number
        self.scores_before = tuple(scores)
        self.seed = seed  # with the actions, all a replay needs (None for a hand-made wall)
        self.wall = wall if wall is not None else Wall.shuffled(random.Random(seed))
        self.seats = [SeatState() for _ in range(SEATS)]
        self.events: list[Event] = []
        self.phase = Phase.TURN
        self.current = dealer
        self.drawn: int | None = None  # tile id the current seat just drew
        self.drawn_from_back = False
        self.dealer_first_turn = True
        self.claim_tile: int | None = None  # tile id of the discard open to claims
        self.claim_pending: list[int] = []
        self.claim_winners: list[int] = []
        self.last_four_queue: list[int] = []
        self.result: HandResult | None = None
        self.actions: list[tuple[int, Action]] = []  # every decision applied: with the wall, a replay
        self._legal_cache: dict[int, list[Action]] = {}
        self._deal()
        self._advance()

    # -- public queries -----------------------------------------------------------------
    @property
    def ended(self) -> bool:
        return self.phase is Phase.ENDED

    def pending(self) -> list[int]:
        """Seats that must decide now."""
        if self.phase is Phase.CLAIM:
            return list(self.claim_pending)
        if self.phase in (Phase.TURN, Phase.LAST_FOUR):
            return [self.current]
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_cache[seat] = self._compute_legal(seat)
        return list(cached)

    def _compute_legal(self, seat: int) -> list[Action]:
        if seat not in self.pending():
            return []
        if self.phase is Phase.CLAIM:
            return self._claim_actions(seat)
        if self.phase is Phase.LAST_FOUR:
            return self._last_four_actions(seat)
        return self._turn_actions(seat)

    def win_refusal_now(self, seat: int) -> WinRefusal | None:
        """Why `seat` may not win on the tile in front of it now (None: it may, or nothing to win on)."""
        ctx = self._current_win_context(seat)
        if ctx is None:
            return None
        return win_refusal(ctx, self.rules)

    def blocked_win(self, seat: int) -> WinRefusal | None:
        """A winning shape that may not win now (8张, 报听): the reason, told in the seat's
        view so that a player learns why no 胡 is offered; None otherwise."""
        refusal = self.win_refusal_now(seat)
        return refusal if refusal is not None and refusal.blocks_a_winning_shape else None

    def view(self, seat: int) -> SeatView:
        me = self.seats[seat]
        last = None
        if self.phase is Phase.CLAIM and self.claim_tile is not None:
            last = (self.current, kind_of(self.claim_tile))
        return SeatView(
            seat=seat,
            rules=self.rules,
            phase=self.phase,
            current=self.current,
            dealer=self.dealer,
            dealer_streak=self.dealer_streak,
            hand_number=self.hand_number,
            round_number=self.round_number,
            concealed=tuple(me.kinds()),
            drawn=kind_of(self.drawn) if self.drawn is not None and seat == self.current
            and self.phase in (Phase.TURN, Phase.LAST_FOUR) else None,
            kongs=tuple(me.kongs),
            kong_counts=tuple(len(s.kongs) for s in self.seats),
            hand_sizes=tuple(len(s.concealed) for s in self.seats),
            discards=tuple(tuple(kind_of(t) for t in s.discards) for s in self.seats),
            declare_index=tuple(s.declare_index for s in self.seats),
            tiles_left=self.wall.remaining,
            last_discard=last,
            scores=self.scores_before,
            win_refusal=self.blocked_win(seat) if seat in self.pending() else None,
        )

    def tile_census(self) -> int:
        """Tiles accounted for: wall + hands + kongs + discards (always 84)."""
        return self.wall.remaining + sum(
            len(s.concealed) + 4 * len(s.kongs) + len(s.discards) for s in self.seats
        )

    # -- acting -------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> None:
        """Apply `seat`'s decision; anything else than one of its legal actions, in any shape,
        raises IllegalAction before anything changes."""
        problem = action_problem(action)
        if problem is None and type(seat) is not int:  # not bool, not 0.0: both equal a seat
            problem = f"there is no seat {shown(seat)}"
        if problem is not None:
            raise IllegalAction(problem)
        legal = self.legal_actions(seat)
        if action not in legal:
            raise IllegalAction(self._refusal(seat, action))
        self.actions.append((seat, action))
        self._do(seat, action)
        self._advance()

    def _refusal(self, seat: int, action: Action) -> str:
        if self.phase is Phase.ENDED:
            return "the hand is over"
        if not 0 <= seat < SEATS:
            return f"there is no seat {shown(seat)}"
        if seat not in self.pending():
            waiting = ", ".join(str(s) for s in self.pending())
            return f"seat {seat} cannot act now (waiting for seat {waiting})"
        return f"seat {seat} may not {action} now"

    def _do(self, seat: int, action: Action) -> None:
        self._legal_cache.clear()
        kind = action.kind
        if self.phase is Phase.CLAIM:
            self.claim_pending.remove(seat)
            if kind is ActionKind.WIN:
                self.claim_winners.append(seat)
            if not self.claim_pending:
                self._close_claims()
        elif self.phase is Phase.LAST_FOUR:
            if kind is ActionKind.WIN:
                self._settle([seat], self_draw=True)
            else:
                self._next_last_four()
        elif kind is ActionKind.WIN:
            self._settle([seat], self_draw=True)
        elif kind is ActionKind.KONG:
            assert action.tile is not None
            self._kong(seat, action.tile)
        else:
            assert action.tile is not None
            self._discard(seat, action.tile, action.declare)

    def _advance(self) -> None:
        """Make forced moves: a decision with a single legal action is no decision."""
        while not self.ended:
            for seat in self.pending():
                legal = self.legal_actions(seat)
                if len(legal) == 1:
                    self._do(seat, legal[0])
                    break
            else:
                return

    # -- the deal -----------------------------------------------------------------------
    def _deal(self) -> None:
        wall = self.wall
        self.events.append(HandStarted(
            self.hand_number, self.round_number, self.dealer, self.dealer_streak, self.scores_before,
        ))
        self.events.append(DiceRolled(wall.dice, wall.break_side, wall.break_count))
        order = [(self.dealer + i) % SEATS for i in range(SEATS)]
        chunks = [(seat, 4) for _ in range(3) for seat in order] + [(seat, 1) for seat in order]
        chunks.append((self.dealer, 1))
        for seat, n in chunks:
            drawn = [wall.draw_front() for _ in range(n)]
            ids = [tile_id for _, tile_id in drawn]
            self.seats[seat].concealed.extend(ids)
            self.events.append(TilesDealt(
                seat, tuple(i for i, _ in drawn), tuple(kind_of(t) for t in ids),
            ))
        self.drawn = self.seats[self.dealer].concealed[-1]

    # -- legal actions ------------------------------------------------------------------
    def _turn_actions(self, seat: int) -> list[Action]:
        me = self.seats[seat]
        counts = me.counts()
        actions: list[Action] = []
        can_win = self._self_draw_refusal(seat) is None
        if can_win:
            if me.declared and self.rules.auto_win:
                return [WIN]
            actions.append(WIN)
        if self.wall.remaining > LAST_FOUR:
            for k in range(NUM_KINDS):
                if counts[k] == 4 and self._kong_keeps_ready(seat, counts, k):
                    actions.append(Action.kong(k))
        if me.declared:
            assert self.drawn is not None
            actions.append(Action.discard(kind_of(self.drawn)))
            return actions
        declaring = self.rules.room is Room.BAOTING
        for k in range(NUM_KINDS):
            if counts[k]:
                actions.append(Action.discard(k))
        if declaring:
            for k in range(NUM_KINDS):
                if counts[k]:
                    counts[k] -= 1
                    if analysis.shanten_counts(counts, me.kongs) == 0 and analysis.waits_counts(
                        counts, me.kongs
                    ):
                        actions.append(Action.discard(k, declare=True))
                    counts[k] += 1
        return actions

    def _kong_keeps_ready(self, seat: int, counts: list[int], kind: int) -> bool:
        me = self.seats[seat]
        if not me.declared:
            return True
        left = list(counts)
        left[kind] = 0
        return bool(analysis.waits_counts(left, [*me.kongs, kind]))

    def _claim_actions(self, seat: int) -> list[Action]:
        if self.rules.auto_win and self.seats[seat].declared:
            return [WIN]
        return [WIN, PASS]

    def _last_four_actions(self, seat: int) -> list[Action]:
        if self._self_draw_refusal(seat) is not None:
            return [PASS]
        if self.rules.auto_win and self.seats[seat].declared:
            return [WIN]
        return [WIN, PASS]

    # -- win contexts -------------------------------------------------------------------
    def _self_draw_context(self, seat: int) -> WinContext:
        me = self.seats[seat]
        assert self.drawn is not None
        hand = list(me.concealed)
        hand.remove(self.drawn)
        first_draw = False
        if not me.kongs and not me.discards:
            if seat == self.dealer:
                first_draw = self.dealer_first_turn
            else:
                first_draw = me.front_draws == 1 and not self.drawn_from_back
        return WinContext(
            hand=tuple(kind_of(t) for t in hand),
            kongs=tuple(me.kongs),
            win_tile=kind_of(self.drawn),
            self_draw=True,
            declared=me.declared,
            dealer=seat == self.dealer,
            dealer_streak=self.dealer_streak,
            kong_replacement=self.drawn_from_back,
            last_four=self.phase is Phase.LAST_FOUR,
            first_draw=first_draw and self.phase is not Phase.LAST_FOUR,
        )

    def _discard_context(self, seat: int, tile_id: int, discarder: int) -> WinContext:
        me = self.seats[seat]
        return WinContext(
            hand=tuple(kind_of(t) for t in me.concealed),
            kongs=tuple(me.kongs),
            win_tile=kind_of(tile_id),
            self_draw=False,
            declared=me.declared,
            dealer=seat == self.dealer,
            dealer_streak=self.dealer_streak,
            discarder_is_dealer=discarder == self.dealer and seat != self.dealer,
        )

    def _current_win_context(self, seat: int) -> WinContext | None:
        if self.phase in (Phase.TURN, Phase.LAST_FOUR) and seat == self.current and self.drawn is not None:
            return self._self_draw_context(seat)
        if self.phase is Phase.CLAIM and self.claim_tile is not None and seat != self.current:
            return self._discard_context(seat, self.claim_tile, self.current)
        return None

    def _self_draw_refusal(self, seat: int) -> str | None:
        if self.drawn is None:
            return "no tile"
        return win_refusal(self._self_draw_context(seat), self.rules)

    # -- moves ----------------------------------------------------------------------------
    def _kong(self, seat: int, kind: int) -> None:
        me = self.seats[seat]
        ids = tuple(t for t in me.concealed if kind_of(t) == kind)
        for t in ids:
            me.concealed.remove(t)
        me.kongs.append(kind)
        me.kong_ids.append(ids)
        self.dealer_first_turn = False
        self.events.append(KongDeclared(seat, kind))
        index, tile_id = self.wall.draw_back()
        me.concealed.append(tile_id)
        self.drawn = tile_id
        self.drawn_from_back = True
        self.events.append(TileDrawn(seat, index, kind_of(tile_id), True, self.wall.remaining, False))

    def _discard(self, seat: int, kind: int, declare: bool) -> None:
        me = self.seats[seat]
        from_drawn = self.drawn is not None and kind_of(self.drawn) == kind
        if from_drawn:
            assert self.drawn is not None
            tile_id = self.drawn
        else:
            tile_id = next(t for t in reversed(me.concealed) if kind_of(t) == kind)
        me.concealed.remove(tile_id)
        if declare:
            me.declare_index = len(me.discards)
            self.events.append(ReadyDeclared(seat))
        me.discards.append(tile_id)
        claimants = []
        refusals: list[WinRefusal | None] = [None] * SEATS
        for step in range(1, SEATS):
            other = (seat + step) % SEATS
            refusal = win_refusal(self._discard_context(other, tile_id, seat), self.rules)
            if refusal is None:
                claimants.append(other)
            elif refusal.blocks_a_winning_shape:
                refusals[other] = refusal
        self.events.append(TileDiscarded(seat, kind, from_drawn, declare,
                                         tuple(refusals) if any(refusals) else ()))
        self.drawn = None
        self.drawn_from_back = False
        if seat == self.dealer:
            self.dealer_first_turn = False
        if claimants:
            self.phase = Phase.CLAIM
            self.claim_tile = tile_id
            self.claim_pending = claimants
            self.claim_winners = []
        else:
            self._next_turn(seat)

    def _close_claims(self) -> None:
        winners = sorted(self.claim_winners, key=lambda s: (s - self.current) % SEATS)
        discarder = self.current
        if winners:
            self._settle(winners, self_draw=False)
        else:
            self.claim_tile = None
            self._next_turn(discarder)

    def _next_turn(self, after: int) -> None:
        nxt = (after + 1) % SEATS
        if self.wall.remaining <= LAST_FOUR:
            self.last_four_queue = [(nxt + i) % SEATS for i in range(SEATS)]
            self.events.append(LastFourStarted(tuple(self.wall.last_four_indices()), nxt))
            self._next_last_four()
            return
        self.phase = Phase.TURN
        self._draw(nxt, last_four=False)

    def _draw(self, seat: int, last_four: bool) -> None:
        index, tile_id = self.wall.draw_front()
        me = self.seats[seat]
        me.concealed.append(tile_id)
        me.front_draws += 1
        self.current = seat
        self.drawn = tile_id
        self.drawn_from_back = False
        self.events.append(TileDrawn(seat, index, kind_of(tile_id), False, self.wall.remaining, last_four))

    def _next_last_four(self) -> None:
        if not self.last_four_queue:
            self._end(winners=(), deltas=(0,) * SEATS, exhaustive=True)
            return
        self.phase = Phase.LAST_FOUR
        self._draw(self.last_four_queue.pop(0), last_four=True)

    # -- settlement -----------------------------------------------------------------------
    def _settle(self, winners: list[int], self_draw: bool) -> None:
        deltas = [0] * SEATS
        records = []
        discarder = None if self_draw else self.current
        tile_id = self.drawn if self_draw else self.claim_tile
        assert tile_id is not None
        for winner in winners:
            ctx = (self._self_draw_context(winner) if self_draw
                   else self._discard_context(winner, tile_id, self.current))
            score = score_win(ctx, self.rules)
            payers = [s for s in range(SEATS) if s != winner] if self_draw else [self.current]
            bonus = (2 if self_draw else 1) * self.dealer_streak
            transfers = []
            for payer in payers:
                amount = score.value + (bonus if self.dealer in (winner, payer) else 0)
                deltas[payer] -= amount
                deltas[winner] += amount
                transfers.append((payer, winner, amount))
            records.append(WinRecord(winner, score, tuple(transfers)))
            shown = [*ctx.hand, ctx.win_tile]
            self.events.append(HandWon(
                winner, kind_of(tile_id), self_draw, discarder, score, tuple(sorted(shown)),
                tuple(self.seats[winner].kongs),
            ))
        self.events.append(PaymentsMade(
            tuple(deltas), tuple(t for r in records for t in r.transfers),
        ))
        self._end(tuple(winners), tuple(deltas), exhaustive=False, self_draw=self_draw,
                  discarder=discarder, wins=tuple(records))

    def _end(self, winners: tuple[int, ...], deltas: tuple[int, ...], exhaustive: bool,
             self_draw: bool = False, discarder: int | None = None,
             wins: tuple[WinRecord, ...] = ()) -> None:
        if self.dealer in winners or exhaustive:
            next_dealer, next_streak = self.dealer, self.dealer_streak + 1
        else:
            next_dealer, next_streak = (self.dealer + 1) % SEATS, 1
        scores = tuple(a + d for a, d in zip(self.scores_before, deltas, strict=True))
        self.result = HandResult(
            winners, self_draw, discarder, wins, deltas, exhaustive, next_dealer, next_streak,
        )
        self.phase = Phase.ENDED
        self.drawn = None
        self.events.append(HandEnded(
            winners, exhaustive, deltas, scores,
            tuple(tuple(s.kinds()) for s in self.seats),
            tuple(tuple(s.kongs) for s in self.seats),
            next_dealer, next_streak, self.seed, tuple(self.actions),
        ))

    def __repr__(self) -> str:
        hands = " ".join(
            "".join(tile_name(k) for k in s.kinds()) for s in self.seats
        )
        return f"<Hand {self.phase.value} current={self.current} left={self.wall.remaining} {hands}>"
