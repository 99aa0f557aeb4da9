"""A wall built to a script: chosen deals, front draws and kong replacement tiles (RULES §1).

The tests drive the state machine into a rule with it (tests/rigging.py) and the tutorial
(engine.table.tutorial) deals its one guided hand with it. Positions the script leaves open are
filled with the tiles left over, so the wall always holds each of the 84 tiles once.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.game.tiles import COPIES, NUM_KINDS, NUM_TILES, parse_tiles, tile_name
from engine.game.wall import NUM_STACKS, Wall

DEAL_CHUNKS = (4, 4, 4, 1)  # each seat in turn order, then the dealer's 14th tile (RULES §1)


def back_index(j: int) -> int:
    """Live index of the j-th kong replacement tile (0-based): top of the last stack, then
    its bottom, then the stack before it (as :meth:`Wall.draw_back` takes them)."""
    return 2 * (NUM_STACKS - 1 - j // 2) + j % 2


def scripted_wall(hands: Sequence[str], draws: str = "", back: str = "", dealer: int = 0,
                  dice: tuple[int, int] = (3, 4)) -> Wall:
    """`hands[s]` is seat s's deal (the dealer's has 14 tiles, the others 13, the dealer's
    last one being the tile it "drew"); `draws` are the front draws after the deal, in order;
    `back` the kong replacement tiles, in order. ValueError when the script is not a wall."""
    kinds: list[int | None] = [None] * NUM_TILES
    order = [(dealer + i) % 4 for i in range(4)]
    dealt = {s: parse_tiles(hands[s]) for s in range(4)}
    for s in range(4):
        want = 14 if s == dealer else 13
        if len(dealt[s]) != want:
            raise ValueError(f"seat {s} must be dealt {want} tiles, not {len(dealt[s])}")
    index = 0
    for n in DEAL_CHUNKS:
        for s in order:
            for _ in range(n):
                kinds[index] = dealt[s].pop(0)
                index += 1
    kinds[index] = dealt[dealer].pop(0)
    index += 1
    for t in parse_tiles(draws):
        if index >= NUM_TILES:
            raise ValueError("more draws than the wall holds")
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
    if max(used) > COPIES:
        raise ValueError(f"more than four copies of {tile_name(used.index(max(used)))}")
    spare = [k for k in range(NUM_KINDS) for _ in range(COPIES - used[k])]
    live = []
    next_copy = [0] * NUM_KINDS
    for k in kinds:
        if k is None:
            k = spare.pop(0)
        live.append(k * COPIES + next_copy[k])
        next_copy[k] += 1
    return Wall(live, dice)


__all__ = ["back_index", "scripted_wall"]
