"""Build walls that deal chosen hands and draws, to drive the state machine into a rule."""

from __future__ import annotations

from collections.abc import Sequence

from engine.hand import Hand
from engine.rules import Ruleset
from engine.tiles import NUM_KINDS, NUM_TILES, parse_tiles, tile_name
from engine.wall import Wall


def back_index(j: int) -> int:
    """Live index of the j-th kong replacement tile (0-based)."""
    return 2 * (41 - j // 2) + j % 2


def rigged_wall(hands: Sequence[str], draws: str = "", back: str = "", dealer: int = 0,
                dice: tuple[int, int] = (3, 4)) -> Wall:
    """`hands[s]` is seat s's deal (the dealer's has 14 tiles, the others 13); `draws` are the
    front draws after the deal, in order; `back` the kong replacement tiles, in order.
    Other positions are filled with the tiles left over."""
    kinds: list[int | None] = [None] * NUM_TILES
    order = [(dealer + i) % 4 for i in range(4)]
    dealt = {s: parse_tiles(hands[s]) for s in range(4)}
    for s in range(4):
        want = 14 if s == dealer else 13
        if len(dealt[s]) != want:
            raise ValueError(f"seat {s} must be dealt {want} tiles, not {len(dealt[s])}")
    index = 0
    for n in (4, 4, 4, 1):
        for s in order:
            for _ in range(n):
                kinds[index] = dealt[s].pop(0)
                index += 1
    kinds[index] = dealt[dealer].pop(0)
    index += 1
    for t in parse_tiles(draws):
        kinds[index] = t
        index += 1
    for j, t in enumerate(parse_tiles(back)):
        if kinds[back_index(j)] is not None:
            raise ValueError("the back draws run into the front")
        kinds[back_index(j)] = t
    used = [0] * NUM_KINDS
    for k in kinds:
        if k is not None:
            used[k] += 1
    if max(used) > 4:
        raise ValueError(f"more than four copies of {tile_name(used.index(max(used)))}")
    spare = [k for k in range(NUM_KINDS) for _ in range(4 - used[k])]
    live = []
    next_copy = [0] * NUM_KINDS
    for k in kinds:
        if k is None:
            k = spare.pop(0)
        live.append(k * 4 + next_copy[k])
        next_copy[k] += 1
    return Wall(live, dice)


def rigged_hand(rules: Ruleset, hands: Sequence[str], draws: str = "", back: str = "",
                dealer: int = 0, dealer_streak: int = 1) -> Hand:
    return Hand(rules, dealer, dealer_streak, wall=rigged_wall(hands, draws, back, dealer))


def state_snapshot(hand: Hand) -> tuple[object, ...]:
    """Everything a refused action must leave alone: every seat's view, the phase, the wall,
    the event count, the seats' tile ids and the machine's bookkeeping."""
    seats = tuple(
        (tuple(s.concealed), tuple(s.kongs), tuple(s.kong_ids), tuple(s.discards), s.declare_index,
         s.front_draws)
        for s in hand.seats
    )
    return (
        tuple(hand.view(s) for s in range(4)),
        hand.phase,
        hand.wall.snapshot(),
        len(hand.events),
        tuple(hand.pending()),
        tuple(tuple(hand.legal_actions(s)) for s in range(4)),
        seats,
        hand.current,
        hand.drawn,
        hand.drawn_from_back,
        hand.claim_tile,
        tuple(hand.claim_pending),
        tuple(hand.claim_winners),
        tuple(hand.last_four_queue),
        hand.result,
    )
