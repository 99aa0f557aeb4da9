"""Worlds: the hidden part of a hand — the others' concealed tiles, the kinds of their concealed
kongs and the order of the wall — sampled so that they never contradict what this seat saw,
and weighted by what 大师 reads of the table.

The pool is every copy this seat cannot see (4 of each kind less its own tiles, its kongs and
every discard). Each opponent's kongs take kinds of which all four copies are unseen; each hand
takes as many tiles as the view says it holds; the wall is the rest, shuffled.

The reading (:class:`Reading`): an opponent holds the suits it has not been throwing
(:func:`engine.ai.whereabouts.kept_suits`), so its tiles are drawn suit by suit in those
shares. A declared player (报听) is ready, and on no kind that went by it since it declared; an
undeclared one is ready with the chance hard's reading gives (how long it has been discarding,
how little wall is left), scaled. A ready hand is built as a winning shape of its suits (sets
and a pair, the 8-tile rule kept) less one tile: random hands are almost never ready (under
1 in 100), so waiting for one to come up would cost the search its time. In the open room a
ready hand does not wait on a kind that went by it while its hand stayed unchanged (with no
过胡 it would have won). Every retry is bounded by a count (:data:`TRIES`), never the clock.

With a learnt reading (:mod:`.wait_model`, ``Reading.model``), an undeclared opponent is ready
with the model's chance instead, and a ready hand is chosen among ``Reading.choices`` built ones
by the odds of its waits (sampling-importance-resampling: each candidate weighed by the product
of its waits' odds against an average kind), so the waits the table points at come up more
often and those it rules out less.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.hard import _readiness
from engine.ai.memory import TableMemory
from engine.ai.search.wait_model import WaitModel
from engine.ai.whereabouts import kept_suits
from engine.game.analysis import TileCounts, waits_counts
from engine.game.rules import Room
from engine.game.tiles import NUM_KINDS
from engine.game.view import SeatView

SEATS = 4
TRIES = 24  # attempts at a hand that fits before a plainer one is taken
TRIPLET = 0.25  # of the sets of a built hand, the share of triplets


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


@dataclass(frozen=True)
class Reading:
    """How the worlds lean on 大师's reading of the table (``search`` in master.json)."""

    suits: bool = True  # an opponent's tiles drawn in the shares of the suits it keeps
    ready_scale: float = 1.0  # hard's chance that an undeclared opponent is ready, scaled
    model: WaitModel | None = None  # the learnt readiness and waits (else hard's chance, any wait)
    choices: int = 1  # ready hands built per ready opponent, one kept by its waits' odds


@dataclass(frozen=True)
class OpponentRead:
    """What the learnt model reads of one opponent, once per decision (not once per world)."""

    ready: float  # the chance an undeclared hand is ready now
    odds: tuple[float, ...]  # per kind, the odds a ready hand waits on it against an average kind


def read_opponents(view: SeatView, memory: TableMemory | None, reading: Reading,
                   ) -> dict[int, OpponentRead]:
    """The learnt model's reading of each opponent (empty without a model or a memory)."""
    model = reading.model
    if model is None or memory is None:
        return {}
    out = {}
    for opp in range(SEATS):
        if opp != view.seat:
            out[opp] = OpponentRead(model.ready_chance(view, memory, opp),
                                    tuple(model.wait_odds(view, memory, opp)))
    return out


def unseen_pool(view: SeatView) -> list[int]:
    """Copies of each kind this seat has not seen: in other hands, their kongs or the wall."""
    return [4 - c for c in view.visible_counts()]


def _pick(weights: Sequence[float], rng: random.Random) -> int:
    total = sum(weights)
    x = rng.random() * total
    for k, w in enumerate(weights):
        x -= w
        if x < 0 and w > 0:
            return k
    return max(range(len(weights)), key=lambda k: weights[k])


def _draw_weighted(pool: list[int], n: int, suit_weight: Sequence[float],
                   rng: random.Random) -> list[int] | None:
    """`n` tiles from `pool` (taken out), each kind weighed by its copies and its suit's share."""
    tiles: list[int] = []
    for _ in range(n):
        weights = [pool[k] * suit_weight[k // 7] for k in range(NUM_KINDS)]
        if sum(weights) <= 0:
            weights = [float(c) for c in pool]
            if sum(weights) <= 0:
                for t in tiles:
                    pool[t] += 1
                return None
        k = _pick(weights, rng)
        pool[k] -= 1
        tiles.append(k)
    return tiles


def _built_ready(pool: list[int], kongs: Sequence[int], suit_weight: Sequence[float], banned: set[int],
                 rng: random.Random) -> list[int] | None:
    """A ready hand from `pool` (taken out if one is found): a winning shape of sets and a pair
    in the suits the opponent keeps, less one random tile; None if none fits within TRIES."""
    sets = 4 - len(kongs)
    for _ in range(TRIES):
        local = list(pool)
        tiles: list[int] = []
        for _ in range(sets):
            for _ in range(8):
                suit = _pick(suit_weight, rng)
                if rng.random() < TRIPLET:
                    kinds = [suit * 7 + r for r in range(7) if local[suit * 7 + r] >= 3]
                    if kinds:
                        k = rng.choice(kinds)
                        local[k] -= 3
                        tiles += [k, k, k]
                        break
                else:
                    starts = [suit * 7 + r for r in range(5)
                              if local[suit * 7 + r] and local[suit * 7 + r + 1] and local[suit * 7 + r + 2]]
                    if starts:
                        k = rng.choice(starts)
                        for t in (k, k + 1, k + 2):
                            local[t] -= 1
                        tiles += [k, k + 1, k + 2]
                        break
        pairs = [k for k in range(NUM_KINDS) if local[k] >= 2]
        if len(tiles) != 3 * sets or not pairs:
            continue
        pair = _pick([suit_weight[k // 7] if local[k] >= 2 else 0.0 for k in range(NUM_KINDS)], rng)
        tiles += [pair, pair]
        counts = [0] * NUM_KINDS
        for t in tiles:
            counts[t] += 1
        if not TileCounts(counts, kongs).is_win():  # the 8-tile rule
            continue
        tiles.remove(rng.choice(tiles))
        counts = [0] * NUM_KINDS
        for t in tiles:
            counts[t] += 1
        if banned and banned.intersection(waits_counts(counts, kongs)):
            continue
        for t in tiles:
            pool[t] -= 1
        return tiles
    return None


def _chosen_ready(pool: list[int], kongs: Sequence[int], suit_weight: Sequence[float], banned: set[int],
                  odds: Sequence[float], choices: int, rng: random.Random) -> list[int] | None:
    """Of `choices` ready hands built from `pool`, one drawn in proportion to the product of
    its waits' odds (taken out of `pool`)."""
    built: list[list[int]] = []
    weights: list[float] = []
    for _ in range(choices):
        local = list(pool)
        tiles = _built_ready(local, kongs, suit_weight, banned, rng)
        if tiles is None:
            continue
        counts = [0] * NUM_KINDS
        for t in tiles:
            counts[t] += 1
        weight = 1.0
        for w in waits_counts(counts, kongs):
            weight *= odds[w]
        built.append(tiles)
        weights.append(weight)
    if not built:
        return None
    tiles = built[_pick(weights, rng)] if sum(weights) > 0 else rng.choice(built)
    for t in tiles:
        pool[t] -= 1
    return tiles


def _plain_hand(pool: list[int], size: int, kongs: Sequence[int], suit_weight: Sequence[float],
                banned: set[int], rng: random.Random) -> list[int]:
    """`size` tiles in the suit shares (taken out of `pool`); a ready one may not wait on a
    banned kind (after TRIES draws the next is kept as it is)."""
    for _ in range(TRIES):
        tiles = _draw_weighted(pool, size, suit_weight, rng)
        if tiles is None:
            break
        if not banned or size + 3 * len(kongs) != 13:
            return tiles
        counts = [0] * NUM_KINDS
        for t in tiles:
            counts[t] += 1
        if TileCounts(counts, kongs).missing() != 1 or not banned.intersection(waits_counts(counts, kongs)):
            return tiles
        for t in tiles:
            pool[t] += 1
    return _draw_weighted(pool, size, [1.0, 1.0, 1.0], rng) or []


def _suit_weights(view: SeatView, opp: int, pool: Sequence[int], reading: Reading) -> list[float]:
    """Per suit: the share of its unseen copies that `opp` holds (its hand's suits)."""
    if not reading.suits:
        return [1.0, 1.0, 1.0]
    kept = kept_suits(view, opp)
    out = []
    for s in range(3):
        unseen = sum(pool[s * 7:s * 7 + 7])
        out.append(max(1e-3, kept[s] / unseen) if unseen else 1e-3)
    return out


def sample_world(view: SeatView, memory: TableMemory | None, rng: random.Random,
                 reading: Reading = Reading(), reads: dict[int, OpponentRead] | None = None) -> World:
    """One world consistent with `view` (and what `memory` read of the table); `reads` is
    :func:`read_opponents`'s answer, given when many worlds are sampled for one decision."""
    if reads is None:
        reads = read_opponents(view, memory, reading)
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
    weights = {opp: _suit_weights(view, opp, pool, reading) for opp in others}
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
        tiles = None
        read = reads.get(opp)
        if size + 3 * len(kongs[opp]) == 13:
            chance = read.ready if read is not None else _readiness(len(view.discards[opp]), view.tiles_left)
            ready = declared or rng.random() < min(1.0, reading.ready_scale * chance)
            if ready and read is not None:
                tiles = _chosen_ready(pool, kongs[opp], weights[opp], banned, read.odds,
                                      max(1, reading.choices), rng)
            elif ready:
                tiles = _built_ready(pool, kongs[opp], weights[opp], banned, rng)
        if tiles is None:
            tiles = _plain_hand(pool, size, kongs[opp], weights[opp], banned, rng)
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


__all__ = ["TRIES", "OpponentRead", "Reading", "World", "read_opponents", "sample_world", "unseen_pool",
           "world_problem"]
