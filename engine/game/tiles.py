"""Tiles and the tile notation (RULES §1).

A tile *kind* is an int 0..20: ``suit * 7 + (rank - 2)`` with suits m (万), p (饼), s (条)
and ranks 2..8. The 84 physical tiles are numbered 0..83, kind = id // 4; the engine keeps
physical ids so that the wall, the deal and the GUI's tile items can follow each tile.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

SUITS = "mps"
SUIT_NAMES_ZH = {"m": "万", "p": "饼", "s": "条"}
RANKS = range(2, 9)
RANKS_PER_SUIT = 7
NUM_KINDS = 21
COPIES = 4
NUM_TILES = NUM_KINDS * COPIES  # 84

Tile = int  # a tile kind, 0..20

# ASCII only: str.isdigit() and int() also take ٣, ２ and ², which no player typed as a rank.
_GROUP = re.compile(r"([0-9]+)([a-z])", re.ASCII)
_SEPARATORS = re.compile(r"[\s,]", re.ASCII)
_ASCII_SPACE = " \t\n\r\v\f"
_SHOWN_CHARS = 40  # of a bad tile string quoted in an error: the text may be a whole request line


class TileError(ValueError):
    """A tile or tile string that does not name tiles of this game."""


def make_tile(rank: int, suit: str) -> Tile:
    if suit not in SUITS or rank not in RANKS:
        raise TileError(f"bad tile '{rank}{suit}'")
    return SUITS.index(suit) * RANKS_PER_SUIT + rank - 2


def suit_of(tile: Tile) -> int:
    return tile // RANKS_PER_SUIT


def rank_of(tile: Tile) -> int:
    return tile % RANKS_PER_SUIT + 2


def tile_name(tile: Tile) -> str:
    return f"{rank_of(tile)}{SUITS[suit_of(tile)]}"


def kind_of(tile_id: int) -> Tile:
    """The kind of a physical tile id 0..83."""
    return tile_id // COPIES


def _shown(text: str) -> str:
    return text if len(text) <= _SHOWN_CHARS else text[:_SHOWN_CHARS] + "…"


def parse_tile(text: str) -> Tile:
    text = text.strip(_ASCII_SPACE)
    if len(text) != 2 or not text.isascii() or not text[0].isdigit():
        raise TileError(f"bad tile '{_shown(text)}'")
    return make_tile(int(text[0]), text[1])


def parse_tiles(text: str) -> list[Tile]:
    """Parse ``234m567p55s`` (groups of ranks followed by their suit) into tile kinds."""
    compact = _SEPARATORS.sub("", text)
    tiles: list[Tile] = []
    pos = 0
    for match in _GROUP.finditer(compact):
        if match.start() != pos:
            raise TileError(f"bad tile string '{_shown(text)}'")
        digits, suit = match.groups()
        for digit in digits:
            tiles.append(make_tile(int(digit), suit))
        pos = match.end()
    if pos != len(compact):
        raise TileError(f"bad tile string '{_shown(text)}'")
    return tiles


def parse_tile_list(items: Iterable[str] | str) -> list[Tile]:
    """Parse a list of single tiles, given as ``["2m", "5p"]`` or ``"2m,5p"``."""
    if isinstance(items, str):
        items = [part for part in items.split(",") if part.strip(_ASCII_SPACE)]
    return [parse_tile(item) for item in items]


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Format tile kinds by suit, sorted: ``[2, 0, 1]`` → ``"234m"``."""
    ordered = sorted(tiles)
    out: list[str] = []
    for suit_index, suit in enumerate(SUITS):
        ranks = [str(rank_of(t)) for t in ordered if suit_of(t) == suit_index]
        if ranks:
            out.append("".join(ranks) + suit)
    return "".join(out)


def to_counts(tiles: Iterable[Tile]) -> list[int]:
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


def suit_counts(counts: Sequence[int]) -> tuple[int, int, int]:
    """How many tiles of each suit a count vector holds."""
    return sum(counts[0:7]), sum(counts[7:14]), sum(counts[14:21])
