"""Worlds: the hidden part of a hand — the others' concealed tiles, the kinds of their concealed
kongs and the order of the wall — sampled so that they never contradict what this seat saw.

The pool is every copy this seat cannot see (4 of each kind less its own tiles, its kongs and
every discard). Each opponent's kongs take kinds of which all four copies are unseen; each hand
takes as many tiles as the view says it holds; the wall is the rest, shuffled. A declared
player's hand (报听) must be ready and must not wait on a kind that went by it since it declared;
in the open room an undeclared hand that is ready may not wait on a kind that went by it while
its hand stayed unchanged (with no 过胡 it would have won): such samples are drawn again, a
bounded number of times (:data:`TRIES`), never by the clock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ...analysis import TileCounts, waits_counts
from ...rules import Room
from ...tiles import NUM_KINDS
from ...view import SeatView
from ..memory import TableMemory

SEATS = 4
TRIES = 40  # draws of one hand before the last one is kept as it is


@dataclass(frozen=True)
class World:
    """One sampled completion of the hidden part of the hand, from `seat`'s view."""

    seat: int
    hands: tuple[tuple[int, ...], ...]  # each seat's concealed kinds (this seat's: its own)
    kongs: tuple[tuple[int, ...], ...]  # each seat's concealed kong kinds
    wall: tuple[int, ...]  # the live wall's kinds in the wall's order, front first
    # the back's last stack has lost its top to a kong already (an odd number of kongs so far):
    # the next replacement is the wall's last tile, else the one before it (a stack's top first)
    half_stack: bool = False


def unseen_pool(view: SeatView) -> list[int]:
    """Copies of each kind this seat has not seen: in other hands, their kongs or the wall."""
    return [4 - c for c in view.visible_counts()]


def _draw(pool: list[int], n: int, rng: random.Random) -> list[int]:
    bag = [k for k in range(NUM_KINDS) for _ in range(pool[k])]
    return rng.sample(bag, n)


def _sample_hand(pool: list[int], size: int, kongs: Sequence[int], banned: set[int], must_be_ready: bool,
                 rng: random.Random) -> list[int]:
    """`size` kinds from `pool` (not yet taken out): ready if it must be, never waiting on a
    banned kind when ready. Bounded retries; the last draw is kept if none fits."""
    tiles: list[int] = []
    for _ in range(TRIES):
        tiles = _draw(pool, size, rng)
        if not must_be_ready and not banned:
            return tiles
        counts = [0] * NUM_KINDS
        for t in tiles:
            counts[t] += 1
        if size + 3 * len(kongs) != 13:
            return tiles  # a hand mid-turn (14): its waits are not asked here
        hand = TileCounts(counts, kongs)
        ready = hand.missing() == 1
        if not ready:
            if must_be_ready:
                continue
            return tiles
        if banned and banned.intersection(waits_counts(counts, kongs)):
            continue
        return tiles
    return tiles


def sample_world(view: SeatView, memory: TableMemory | None, rng: random.Random) -> World:
    """One world consistent with `view` (and what `memory` read of the table)."""
    pool = unseen_pool(view)
    me = view.seat
    hands: list[tuple[int, ...]] = [()] * SEATS
    kongs: list[tuple[int, ...]] = [()] * SEATS
    hands[me] = tuple(view.concealed)
    kongs[me] = tuple(view.kongs)
    others = [(me + k) % SEATS for k in range(1, SEATS)]
    # kongs first: they need four unseen copies of one kind
    for opp in others:
        chosen: list[int] = []
        for _ in range(view.kong_counts[opp]):
            full = [k for k in range(NUM_KINDS) if pool[k] == 4]
            if not full:
                break
            kind = rng.choice(full)
            pool[kind] = 0
            chosen.append(kind)
        kongs[opp] = tuple(sorted(chosen))
    # declared hands first: they are the most constrained
    order = sorted(others, key=lambda s: view.declare_index[s] is None)
    for opp in order:
        declared = view.declare_index[opp] is not None
        banned: set[int] = set()
        if memory is not None:
            if declared:
                banned = memory.passed_since_declaring(opp)
            elif view.rules.room is Room.OPEN:
                banned = memory.passed_unchanged(opp)
        size = view.hand_sizes[opp]
        tiles = _sample_hand(pool, size, kongs[opp], banned, declared, rng)
        for t in tiles:
            pool[t] -= 1
        hands[opp] = tuple(sorted(tiles))
    wall = [k for k in range(NUM_KINDS) for _ in range(pool[k])]
    rng.shuffle(wall)
    return World(me, tuple(hands), tuple(kongs), tuple(wall), sum(view.kong_counts) % 2 == 1)


def world_problem(view: SeatView, world: World) -> str | None:
    """Why `world` contradicts `view` (None: it does not): the counts, sizes and own tiles."""
    counts = [0] * NUM_KINDS
    for pile in view.discards:
        for t in pile:
            counts[t] += 1
    for seat in range(SEATS):
        for t in world.hands[seat]:
            counts[t] += 1
        for k in world.kongs[seat]:
            counts[k] += 4
        if len(world.hands[seat]) != view.hand_sizes[seat]:
            return f"seat {seat} holds {len(world.hands[seat])} tiles, the view says {view.hand_sizes[seat]}"
        if len(world.kongs[seat]) != view.kong_counts[seat]:
            return f"seat {seat} has {len(world.kongs[seat])} kongs, the view says {view.kong_counts[seat]}"
    for t in world.wall:
        counts[t] += 1
    if any(c != 4 for c in counts):
        return f"tile counts {counts} are not four of each kind"
    if len(world.wall) != view.tiles_left:
        return f"the wall holds {len(world.wall)}, the view says {view.tiles_left}"
    if tuple(sorted(world.hands[view.seat])) != tuple(sorted(view.concealed)):
        return "this seat's own tiles differ"
    if tuple(world.kongs[view.seat]) != tuple(view.kongs):
        return "this seat's own kongs differ"
    return None


__all__ = ["TRIES", "World", "sample_world", "unseen_pool", "world_problem"]
