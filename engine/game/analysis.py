"""Hand analysis: win check, shanten, waits and ukeire, the 8-tile rule always included (RULES §4).

Every public function takes a hand as a tile string (``"234m567p55s"``) or as a sequence of
tile kinds, and the concealed kongs as a string (``"2m,5p"``) or a sequence of kinds.

How it works: a winning hand is a *target* of 4 − k sets and a pair (k kongs) or seven pairs.
The number of tiles a hand lacks for the nearest target, minus one, is its shanten (−1 =
complete, 0 = ready), for 13- and 14-tile hands alike. Per suit, the shipped table
(:mod:`engine.game.suit_table`) gives the tiles missing for m sets and p pairs; the 8-tile rule is a
constraint on how sets and pair are spread over the suits (a suit holds 3m + 2p + 4·kongs
tiles of the target), so it costs nothing extra. Kong-free hands (nearly all) take three
lookups in :mod:`engine.game.combo_table`; :class:`TileCounts` keeps the per-suit table keys up to
date as tiles come and go, so an AI weighing discards and draws never recomputes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from engine.game import combo_table
from engine.game.suit_table import ENTRIES, INF, exact_costs, index_vector, load_table
from engine.game.tiles import (
    COPIES,
    NUM_KINDS,
    RANKS_PER_SUIT,
    Tile,
    parse_tile_list,
    parse_tiles,
    suit_counts,
    to_counts,
)

KongsLike = str | Sequence[int]

_TABLE = load_table()
_POW5 = tuple(5**i for i in range(7))
_T = combo_table.load()
_PROFILE, _NP, _PAIR, _FINAL8, _FINAL_FREE = _T.profile, _T.n, _T.pair, _T.final8, _T.final_free
_SPK, _SPN, _SP_PAIR, _SP_FINAL = _T.sp_key, combo_table.SP_CAP**2, _T.sp_pair, _T.sp_final


def _missing_no_kongs(k0: int, k1: int, k2: int) -> int:
    """Three lookups for the standard shape, three for seven pairs: both with the 8-tile rule."""
    p = _PROFILE
    best = _FINAL8[_PAIR[p[k0] * _NP + p[k1]] * _NP + p[k2]]
    sp = _SP_FINAL[_SP_PAIR[_SPK[k0] * _SPN + _SPK[k1]] * _SPN + _SPK[k2]]
    return sp if sp < best else best


class TileCounts:
    """The engine's hand type for analysis: copies per kind, plus each suit's table key kept
    up to date by :meth:`add` and :meth:`remove` (the suit's count vector read in base 5)."""

    __slots__ = ("counts", "keys", "kongs", "size")

    def __init__(self, counts: Sequence[int] | None = None, kongs: Sequence[int] = ()) -> None:
        self.counts = list(counts) if counts is not None else [0] * NUM_KINDS
        self.keys = [_suit_index(self.counts, s) for s in range(3)]
        self.kongs = tuple(kongs)
        self.size = sum(self.counts) + 3 * len(self.kongs)  # tiles held, a kong counting 3

    @classmethod
    def of(cls, hand: HandLike, kongs: KongsLike = ()) -> TileCounts:
        if isinstance(hand, TileCounts):
            return hand if not kongs else cls(hand.counts, kong_kinds(kongs))
        return cls(hand_counts(hand), kong_kinds(kongs))

    def add(self, tile: Tile) -> None:
        self.counts[tile] += 1
        self.keys[tile // 7] += _POW5[tile % 7]
        self.size += 1

    def remove(self, tile: Tile) -> None:
        self.counts[tile] -= 1
        self.keys[tile // 7] -= _POW5[tile % 7]
        self.size -= 1

    def copy(self) -> TileCounts:
        other = TileCounts.__new__(TileCounts)
        other.counts, other.keys, other.kongs, other.size = (
            list(self.counts), list(self.keys), self.kongs, self.size)
        return other

    def missing(self) -> int:
        """Tiles to add (exchanging as many) to reach a legal winning hand."""
        k0, k1, k2 = self.keys
        if self.kongs:
            return _missing_with_kongs(k0, k1, k2, self.counts, self.kongs)
        return _missing_no_kongs(k0, k1, k2)

    def shanten(self) -> int:
        return self.missing() - 1

    def improving_draws(self, left: Sequence[int]) -> tuple[int, list[Tile]]:
        """(unseen tiles that lower the shanten, their kinds), `left` being the unseen copies.

        The AI's innermost loop: with no kong, each draw changes one suit's key, so every
        candidate costs a handful of lookups, not a recount."""
        if self.kongs:
            return _improving_slow(self, left)
        counts = self.counts
        k0, k1, k2 = self.keys
        prof, spk, pair, final, n = _PROFILE, _SPK, _PAIR, _FINAL8, _NP
        sp_pair, sp_final, sn = _SP_PAIR, _SP_FINAL, _SPN
        p0, p1, p2 = prof[k0], prof[k1], prof[k2]
        s0, s1, s2 = spk[k0], spk[k1], spk[k2]
        base = self.missing()
        total = 0
        kinds: list[Tile] = []
        pow5 = _POW5
        # one loop per suit, the other two suits' lookups held fixed
        for rank in range(7):
            if left[rank] and counts[rank] < 4:
                new = k0 + pow5[rank]
                if (final[pair[prof[new] * n + p1] * n + p2] < base
                        or sp_final[sp_pair[spk[new] * sn + s1] * sn + s2] < base):
                    total += left[rank]
                    kinds.append(rank)
        for rank in range(7):
            tile = 7 + rank
            if left[tile] and counts[tile] < 4:
                new = k1 + pow5[rank]
                if (final[pair[p0 * n + prof[new]] * n + p2] < base
                        or sp_final[sp_pair[s0 * sn + spk[new]] * sn + s2] < base):
                    total += left[tile]
                    kinds.append(tile)
        row = pair[p0 * n + p1] * n
        sp_row = sp_pair[s0 * sn + s1] * sn
        for rank in range(7):
            tile = 14 + rank
            if left[tile] and counts[tile] < 4:
                new = k2 + pow5[rank]
                if final[row + prof[new]] < base or sp_final[sp_row + spk[new]] < base:
                    total += left[tile]
                    kinds.append(tile)
        return total, kinds

    def is_win(self) -> bool:
        if self.size != 14:
            return False
        k0, k1, k2 = self.keys
        if self.kongs:
            return _missing_with_kongs(k0, k1, k2, self.counts, self.kongs) == 0
        p = _PROFILE
        if not _FINAL8[_PAIR[p[k0] * _NP + p[k1]] * _NP + p[k2]]:
            return True
        return not _SP_FINAL[_SP_PAIR[_SPK[k0] * _SPN + _SPK[k1]] * _SPN + _SPK[k2]]


HandLike = str | Sequence[int] | TileCounts


def _split_targets(sets: int, kong_suits: tuple[int, int, int]) -> tuple[tuple[int, int, int], ...]:
    """Every way to spread `sets` sets and one pair over the three suits that meets the
    8-tile rule, as table offsets (m * 2 + p) per suit."""
    out: list[tuple[int, int, int]] = []
    for m in product(range(sets + 1), repeat=3):
        if sum(m) != sets:
            continue
        for pair_suit in range(3):
            p = [int(s == pair_suit) for s in range(3)]
            if any(3 * m[s] + 2 * p[s] + 4 * kong_suits[s] >= 8 for s in range(3)):
                out.append((m[0] * 2 + p[0], m[1] * 2 + p[1], m[2] * 2 + p[2]))
    return tuple(out)


_TARGETS = {
    (k0, k1, k2): _split_targets(4 - k0 - k1 - k2, (k0, k1, k2))
    for k0, k1, k2 in product(range(5), repeat=3)
    if k0 + k1 + k2 <= 4
}


def hand_counts(hand: HandLike) -> list[int]:
    if isinstance(hand, TileCounts):
        return list(hand.counts)
    if isinstance(hand, str):
        return to_counts(parse_tiles(hand))
    return to_counts(hand)


def kong_kinds(kongs: KongsLike = ()) -> tuple[int, ...]:
    if isinstance(kongs, str):
        return tuple(parse_tile_list(kongs))
    return tuple(kongs)


def _kong_suits(kongs: Sequence[int]) -> tuple[int, int, int]:
    ks = [0, 0, 0]
    for k in kongs:
        ks[k // 7] += 1
    return ks[0], ks[1], ks[2]


def _suit_index(counts: Sequence[int], suit: int) -> int:
    base = suit * 7
    return (
        counts[base] + 5 * counts[base + 1] + 25 * counts[base + 2] + 125 * counts[base + 3]
        + 625 * counts[base + 4] + 3125 * counts[base + 5] + 15625 * counts[base + 6]
    )


def _improving_slow(hand: TileCounts, left: Sequence[int]) -> tuple[int, list[Tile]]:
    base = hand.missing()
    total = 0
    kinds: list[Tile] = []
    for tile in range(NUM_KINDS):
        if left[tile] == 0 or hand.counts[tile] >= 4 or tile in hand.kongs:
            continue
        hand.add(tile)
        if hand.missing() < base:
            total += left[tile]
            kinds.append(tile)
        hand.remove(tile)
    return total, kinds


def _missing_with_kongs(k0: int, k1: int, k2: int, counts: Sequence[int], kongs: Sequence[int]) -> int:
    table = _TABLE
    rows: list[Sequence[int]] = []
    for suit, key in enumerate((k0, k1, k2)):
        blocked = sum(1 << (k % 7) for k in kongs if k // 7 == suit)
        # the kong's kind has no copy left: a target must not count on it
        rows.append(_blocked_costs(key, blocked) if blocked else table[key * ENTRIES : (key + 1) * ENTRIES])
    r0, r1, r2 = rows
    best = INF
    for a, b, c in _TARGETS[_kong_suits(kongs)]:
        value = r0[a] + r1[b] + r2[c]
        if value < best:
            best = value
    return best


@lru_cache(maxsize=65536)
def _blocked_costs(key: int, blocked: int) -> tuple[int, ...]:
    return tuple(exact_costs(index_vector(key), blocked))


def missing_tiles(counts: Sequence[int], kongs: Sequence[int] = ()) -> int:
    """Fewest tiles to add (exchanging as many) to reach a legal winning hand."""
    k0, k1, k2 = _suit_index(counts, 0), _suit_index(counts, 1), _suit_index(counts, 2)
    if kongs:
        return _missing_with_kongs(k0, k1, k2, counts, kongs)
    return _missing_no_kongs(k0, k1, k2)


def standard_shanten_without_eight_rule(counts: Sequence[int]) -> int:
    """Shanten of the standard shape alone (no 8-tile rule, no seven pairs, no kongs): what
    other calculators compute, for comparing with them."""
    k0, k1, k2 = _suit_index(counts, 0), _suit_index(counts, 1), _suit_index(counts, 2)
    return _FINAL_FREE[_PAIR[_PROFILE[k0] * _NP + _PROFILE[k1]] * _NP + _PROFILE[k2]] - 1


def shanten_counts(counts: Sequence[int], kongs: Sequence[int] = ()) -> int:
    return missing_tiles(counts, kongs) - 1


def is_win_counts(counts: Sequence[int], kongs: Sequence[int] = ()) -> bool:
    return missing_tiles(counts, kongs) == 0


def waits_counts(counts: Sequence[int], kongs: Sequence[int] = ()) -> list[Tile]:
    """Tile kinds that complete a legal win of a 13-tile (equivalent) hand."""
    out = []
    counts = list(counts)
    for tile in range(NUM_KINDS):
        if counts[tile] >= 4 or tile in kongs:
            continue
        counts[tile] += 1
        if missing_tiles(counts, kongs) == 0:
            out.append(tile)
        counts[tile] -= 1
    return out


def unseen_counts(counts: Sequence[int], kongs: Sequence[int] = (), visible: Sequence[int] | None = None,
                  ) -> list[int]:
    """Copies of each kind that the holder cannot see (in the wall or in other hands): 4 minus
    its own tiles (`counts`), its own kongs and `visible` (a count per kind, e.g. the discards).

    The one reckoning of unseen tiles: the seat's view (:meth:`engine.game.view.SeatView.unseen_counts`),
    the tile tracker (记牌器), the AIs and the table's hints all ask it."""
    out = [COPIES - counts[t] for t in range(NUM_KINDS)]
    for k in kongs:
        out[k] = 0
    if visible is not None:
        out = [out[t] - visible[t] for t in range(NUM_KINDS)]
    return [max(0, n) for n in out]


def suit_lengths(counts: Sequence[int], kongs: Sequence[int] = ()) -> tuple[int, int, int]:
    """Tiles of each suit a hand holds, each kong counting its four (as the 8-tile rule counts)."""
    lengths = list(suit_counts(counts))
    for k in kongs:
        lengths[k // RANKS_PER_SUIT] += COPIES
    return lengths[0], lengths[1], lengths[2]


def useful_after_discard(counts: Sequence[int], kongs: Sequence[int], visible: Sequence[int], tile: Tile,
                         ) -> dict[Tile, int]:
    """进张 of the hand left by discarding `tile` (`counts` hold it): each kind that lowers its
    shanten, with its unseen copies. The discarded copy lies in the river: nobody draws it."""
    left = list(counts)
    left[tile] -= 1
    seen = list(visible)
    seen[tile] += 1
    return ukeire_counts(left, kongs, seen)


# -- the public API -------------------------------------------------------------------------

def shanten(hand: HandLike, kongs: KongsLike = ()) -> int:
    """Steps from a legal win: −1 complete, 0 ready. 13- or 14-tile hands (kongs count 3)."""
    if type(hand) is TileCounts and not kongs:
        return hand.missing() - 1
    return shanten_counts(hand_counts(hand), kong_kinds(kongs))


def is_win(hand: HandLike, kongs: KongsLike = ()) -> bool:
    """A 14-tile hand (kongs count 3) with a winning shape and the 8-tile rule."""
    if type(hand) is TileCounts and not kongs:
        return hand.is_win()
    counts = hand_counts(hand)
    ks = kong_kinds(kongs)
    if sum(counts) + 3 * len(ks) != 14:
        return False
    return is_win_counts(counts, ks)


def waits(hand: HandLike, kongs: KongsLike = ()) -> list[Tile]:
    counts = hand_counts(hand)
    ks = kong_kinds(kongs)
    if sum(counts) + 3 * len(ks) != 13:
        raise ValueError("waits need a 13-tile hand (each kong counts as 3)")
    return waits_counts(counts, ks)


def is_ready(hand: HandLike, kongs: KongsLike = ()) -> bool:
    return bool(waits(hand, kongs))


def ukeire(hand: HandLike, kongs: KongsLike = (), visible: Sequence[int] | None = None) -> dict[Tile, int]:
    """For a 13-tile hand: each kind that lowers shanten, with how many copies are unseen
    (4 minus the hand's own copies, its kongs and `visible`, a count per kind)."""
    return ukeire_counts(hand_counts(hand), kong_kinds(kongs), visible)


def ukeire_counts(counts: list[int], ks: Sequence[int], visible: Sequence[int] | None = None,
                  ) -> dict[Tile, int]:
    counts = list(counts)
    current = missing_tiles(counts, ks)
    unseen = unseen_counts(counts, ks, visible)
    out: dict[Tile, int] = {}
    for tile in range(NUM_KINDS):
        if unseen[tile] == 0 and (counts[tile] >= 4 or tile in ks):
            continue
        counts[tile] += 1
        if missing_tiles(counts, ks) < current:
            out[tile] = unseen[tile]
        counts[tile] -= 1
    return out


@dataclass(frozen=True)
class DiscardOption:
    tile: Tile
    shanten: int
    waits: tuple[Tile, ...]  # when the hand left is ready
    ukeire: int  # unseen tiles that lower shanten of the hand left


def discard_options(hand: HandLike, kongs: KongsLike = (), visible: Sequence[int] | None = None,
                    ) -> list[DiscardOption]:
    """For a 14-tile hand: each distinct discard with the shanten and waits it leaves, best first."""
    counts = hand_counts(hand)
    ks = kong_kinds(kongs)
    if sum(counts) + 3 * len(ks) != 14:
        raise ValueError("discard options need a 14-tile hand (each kong counts as 3)")
    out = []
    for tile in range(NUM_KINDS):
        if not counts[tile]:
            continue
        counts[tile] -= 1
        s = shanten_counts(counts, ks)
        w = tuple(waits_counts(counts, ks)) if s == 0 else ()
        u = sum(ukeire_counts(counts, ks, visible).values())
        counts[tile] += 1
        out.append(DiscardOption(tile, s, w, u))
    out.sort(key=lambda o: (o.shanten, -o.ukeire, o.tile))
    return out
