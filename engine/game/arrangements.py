"""Winning shapes and the arrangements of a standard hand (RULES §4, §5 item 6).

Counts are vectors of 21 tile kinds (see ``engine.game.tiles.to_counts``) holding the *concealed*
tiles including the winning tile; concealed kongs are never part of them and are passed as
kinds, since a kong is a fixed set that cannot be re-split.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine.game.tiles import NUM_KINDS, RANKS_PER_SUIT, format_tiles

PAIR = "pair"
TRIPLET = "triplet"
SEQUENCE = "sequence"
KONG = "kong"

_OFFSETS: dict[str, tuple[int, ...]] = {
    PAIR: (0, 0),
    TRIPLET: (0, 0, 0),
    SEQUENCE: (0, 1, 2),
    KONG: (0, 0, 0, 0),
}

HAND_SIZE = 14
SET_SIZE = 3


class Group(NamedTuple):
    """One set or the pair: its shape and its lowest tile kind."""

    shape: str
    tile: int

    @property
    def tiles(self) -> tuple[int, ...]:
        return tuple(self.tile + offset for offset in _OFFSETS[self.shape])

    def describe(self) -> str:
        text = format_tiles(self.tiles)
        # Brackets tell the reader that a kong was declared, not merely held.
        return f"[{text}]" if self.shape == KONG else text


@dataclass(frozen=True)
class Arrangement:
    """A split of the hand into groups, with the group that the winning tile completes."""

    groups: tuple[Group, ...]  # concealed groups in tile order, then the kongs
    win_group: int  # index into ``groups``

    @property
    def winning(self) -> Group:
        return self.groups[self.win_group]

    def describe(self) -> tuple[str, ...]:
        return tuple(group.describe() for group in self.groups)


def concealed_size(n_kongs: int) -> int:
    """Concealed tiles, winning tile included, of a complete hand with ``n_kongs`` kongs."""
    return HAND_SIZE - SET_SIZE * n_kongs


def _splits(counts: list[int], start: int, pair_used: bool) -> Iterator[list[Group]]:
    """Every split of ``counts[start:]`` into sets plus exactly one pair (overall).

    All copies of the lowest remaining kind are placed at once (as at most one pair, at most
    one triplet and the rest as sequences starting there), so each split is produced once.
    ``counts`` is modified while a split is being yielded and restored afterwards.
    """
    tile = start
    while tile < NUM_KINDS and counts[tile] == 0:
        tile += 1
    if tile == NUM_KINDS:
        if pair_used:
            yield []
        return
    copies = counts[tile]
    sequence_fits = tile % RANKS_PER_SUIT <= RANKS_PER_SUIT - 3
    for pairs in (0,) if pair_used else (0, 1):
        for triplets in (0, 1):
            sequences = copies - 2 * pairs - 3 * triplets
            if sequences < 0:
                continue
            if sequences and not (
                sequence_fits and counts[tile + 1] >= sequences and counts[tile + 2] >= sequences
            ):
                continue
            counts[tile] = 0
            if sequences:
                counts[tile + 1] -= sequences
                counts[tile + 2] -= sequences
            head = (
                [Group(PAIR, tile)] * pairs
                + [Group(TRIPLET, tile)] * triplets
                + [Group(SEQUENCE, tile)] * sequences
            )
            for rest in _splits(counts, tile + 1, pair_used or pairs == 1):
                yield head + rest
            counts[tile] = copies
            if sequences:
                counts[tile + 1] += sequences
                counts[tile + 2] += sequences


def decompositions(counts: Sequence[int]) -> list[tuple[Group, ...]]:
    """Every split of the concealed tiles into sets and one pair, groups in tile order."""
    return [tuple(split) for split in _splits(list(counts), 0, False)]


def is_standard_shape(counts: Sequence[int], n_kongs: int = 0) -> bool:
    """4 sets + 1 pair, the ``n_kongs`` concealed kongs counting as sets."""
    if sum(counts) != concealed_size(n_kongs):
        return False
    return next(_splits(list(counts), 0, False), None) is not None


def is_seven_pairs(counts: Sequence[int], n_kongs: int = 0) -> bool:
    """Seven pairs of concealed tiles; four identical tiles are two pairs; no kong declared."""
    return n_kongs == 0 and sum(counts) == HAND_SIZE and all(c % 2 == 0 for c in counts)


def arrangements(counts: Sequence[int], kongs: Sequence[int], win_tile: int) -> list[Arrangement]:
    """Every arrangement of a standard hand: each split with each group the winning tile may complete.

    Identical groups (two equal sequences) give the same arrangement, so only one is kept.
    An empty list means the concealed tiles are not a standard shape.
    """
    if sum(counts) != concealed_size(len(kongs)):
        return []
    kong_groups = tuple(Group(KONG, kind) for kind in sorted(kongs))
    found: list[Arrangement] = []
    for split in decompositions(counts):
        groups = split + kong_groups
        seen: set[Group] = set()
        for index, group in enumerate(split):
            if win_tile in group.tiles and group not in seen:
                seen.add(group)
                found.append(Arrangement(groups, index))
    return found


def seven_pairs_groups(counts: Sequence[int]) -> tuple[Group, ...]:
    """The pairs of a seven-pairs hand, four identical tiles giving two pairs."""
    return tuple(Group(PAIR, kind) for kind, c in enumerate(counts) for _ in range(c // 2))
