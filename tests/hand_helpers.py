"""Rigged hands for the RULES §1–§3 tests (tests/engine/test_hand_*.py, tests/engine/test_match_rules.py).

Every such test deals chosen hands (tests/rigging.py) and plays the hand through ``Hand.apply``,
asserting the events, the legal actions, the result and the payments. Seats that do not
matter to a rule get *junk* hands: at most five tiles of any suit, so that with a drawn tile
no suit reaches eight and the 8-tile rule keeps them from ever winning or declaring ready.
Junk seats always discard the tile they just drew, so their hands never change.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from engine.game.actions import Action, ActionKind
from engine.game.events import HandEnded, PaymentsMade
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.tiles import NUM_KINDS, parse_tile, parse_tiles, suit_of, tile_name
from engine.game.view import Phase
from tests.rigging import rigged_hand

OPEN = Ruleset.hefei()
BAOTING = Ruleset.hefei(room=Room.BAOTING)
JUNK_SUIT_LIMIT = 5

T = parse_tile


# -- building tables ----------------------------------------------------------------------------


def make_hand(rules: Ruleset, hands: dict[int, str] | None = None, draws: Sequence[str | None] = (),
              back: str = "", *, dealer: int = 0, streak: int = 1, avoid: str = "",
              n_draws: int = 0) -> Hand:
    """A rigged hand. `hands[s]` gives (part of) seat s's deal; a seat's deal is completed with
    junk placed *before* the given tiles, so the dealer's last given tile is its 14th tile (the
    one it "drew"). `draws` are the front draws in order, None meaning any tile that is not in
    `avoid`; `n_draws` pads `draws` with None. Tiles of the kinds in `avoid` go into junk hands
    first (junk never discards them), so that no seat draws or discards them by chance."""
    hands = hands or {}
    pool = Counter({k: 4 for k in range(NUM_KINDS)})
    given = {s: parse_tiles(hands.get(s, "")) for s in range(4)}
    draw_kinds: list[int | None] = [None if d is None else T(d) for d in draws]
    draw_kinds += [None] * (n_draws - len(draw_kinds))
    back_kinds = parse_tiles(back)
    pool.subtract([*(t for s in range(4) for t in given[s]), *(d for d in draw_kinds if d is not None),
                   *back_kinds])
    if min(pool.values()) < 0:
        raise ValueError(f"more than four copies: {pool}")
    avoided = set(parse_tiles(avoid))
    deals = {}
    for s in [dealer, *((dealer + i) % 4 for i in range(1, 4))]:
        need = (14 if s == dealer else 13) - len(given[s])
        junk = _junk(pool, need, Counter(suit_of(t) for t in given[s]), avoided)
        if s == dealer and not given[s]:
            # the dealer's 14th tile is its first discard: never an avoided kind
            last = next(i for i in range(len(junk) - 1, -1, -1) if junk[i] not in avoided)
            junk.append(junk.pop(last))
        deals[s] = "".join(tile_name(t) for t in [*junk, *given[s]])
    for i, d in enumerate(draw_kinds):
        if d is None:
            free = [k for k in range(NUM_KINDS) if pool[k] > 0 and k not in avoided]
            if not free:
                raise ValueError("no tile left to fill the draws")
            d = max(free, key=lambda k: (pool[k], -k))
            pool[d] -= 1
            draw_kinds[i] = d
    draws_text = "".join(tile_name(t) for t in draw_kinds if t is not None)
    return rigged_hand(rules, [deals[s] for s in range(4)], draws_text, back, dealer, streak)


def _junk(pool: Counter[int], need: int, suits: Counter[int], avoided: set[int]) -> list[int]:
    out = []
    for _ in range(need):
        choices = [k for k in range(NUM_KINDS) if pool[k] > 0 and suits[suit_of(k)] < JUNK_SUIT_LIMIT]
        if not choices:
            raise ValueError("cannot complete a junk hand")
        k = max(choices, key=lambda k: (k in avoided, -suits[suit_of(k)], pool[k], -k))
        pool[k] -= 1
        suits[suit_of(k)] += 1
        out.append(k)
    return out


def drawn(hand: Hand, seat: int) -> int:
    kind = hand.view(seat).drawn
    assert kind is not None
    return kind


def discard_drawn(hand: Hand) -> int:
    """The seat to act discards the tile it just drew; returns that seat."""
    assert hand.phase is Phase.TURN, f"expected a turn, got {hand!r}"
    (seat,) = hand.pending()
    hand.apply(seat, Action.discard(drawn(hand, seat)))
    return seat


def play_until(hand: Hand, stop: Callable[[Hand], bool]) -> None:
    while not stop(hand):
        assert not hand.ended, "the hand ended before the expected point"
        discard_drawn(hand)


def events_of(hand: Hand, kind: type, start: int = 0) -> list:
    return [e for e in hand.events[start:] if isinstance(e, kind)]


def kinds(actions: Sequence[Action], kind: ActionKind) -> set[int | None]:
    return {a.tile for a in actions if a.kind is kind}


def declares(actions: Sequence[Action]) -> set[int | None]:
    return {a.tile for a in actions if a.declare}


def assert_payments(hand: Hand, expected: dict[tuple[int, int], int]) -> None:
    """`expected` maps (payer, payee) to the amount; checks the events and the result agree."""
    result = hand.result
    assert result is not None
    transfers = [t for w in result.wins for t in w.transfers]
    assert {(p, q): a for p, q, a in transfers} == expected
    assert len(transfers) == len(expected)
    deltas = [0] * 4
    for (payer, payee), amount in expected.items():
        deltas[payer] -= amount
        deltas[payee] += amount
    assert result.deltas == tuple(deltas)
    assert sum(result.deltas) == 0
    (payments,) = events_of(hand, PaymentsMade)
    assert payments.deltas == tuple(deltas)
    assert sorted(payments.transfers) == sorted(transfers)
    ended = hand.events[-1]
    assert isinstance(ended, HandEnded)
    assert ended.deltas == tuple(deltas)
    assert ended.scores == tuple(deltas)  # the hand started from 0, 0, 0, 0


def assert_census(hand: Hand) -> None:
    assert hand.tile_census() == 84
    ids = [t for s in hand.seats for t in (*s.concealed, *s.discards, *(i for k in s.kong_ids for i in k))]
    ids += [hand.wall.tile_at(i) for i in hand.wall.remaining_indices()]
    assert sorted(ids) == list(range(84))


# -- tables several test modules start from ----------------------------------------------------

# 一炮多响: the dealer (seat 0) throws 5p, and seats 1, 2 and 3 can all win on it
MULTI = {
    0: "5p",
    1: "234m345m567m888m5p",  # 17 on a discard
    2: "234s345s567s888s5p",  # 17
    3: "222m345m666m777m5p",  # 19
}


def last_four_hand(streak: int = 1) -> Hand:
    # seat 3's 27th draw is a 5p that seat 2 lets pass; seat 2's 海捞 draw (the 30th) is 5p too
    draws: list[str | None] = [None] * 31
    draws[26], draws[29] = "5p", "5p"
    return make_hand(OPEN, {2: "234s345s567s888s5p"}, draws, streak=streak, avoid="5p")
