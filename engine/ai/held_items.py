"""The score items 13 tiles already hold, before they are a win: what an unready hand that keeps
them may add to its value (大师's plan, ``item_share`` in master.json).

Read from the counts alone, as if the hand kept its groups to the end (an estimate, optimistic:
a triplet may yet be broken into sequences, and 卡 and 缺一门 are left to the plan's small items):

- **同**: for each rank, the tiles of that rank over the three suits (kongs included), n − 4 when
  n ≥ 5;
- **活** (+4) for four identical concealed tiles, **坎** (+1) for a concealed triplet;
- **双铺子**: +2 × (k − 1) for a sequence held k ≥ 2 times (the same suit and ranks), instead of the
  triplets of a suit when it pays more (555666777: three 坎, +3, or 567 three times, +4).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.game.tiles import NUM_KINDS

RANKS = 7  # ranks 2..8 of each suit
SUITS = NUM_KINDS // RANKS
KAN, HUO, TWIN = 1, 4, 2
TONG_FROM = 4  # 同 counts the tiles of a rank beyond four


def held_items(counts: Sequence[int], kongs: Sequence[int], discard: int) -> int:
    """The items held by `counts` (concealed) and `kongs` once `discard` is thrown."""
    held = list(counts)
    held[discard] -= 1
    for kind in kongs:
        held[kind] += 4
    tong = sum(max(0, sum(held[s * RANKS + r] for s in range(SUITS)) - TONG_FROM) for r in range(RANKS))
    total = tong
    for s in range(SUITS):
        suit = [counts[s * RANKS + r] - (s * RANKS + r == discard) for r in range(RANKS)]
        sets = sum(HUO if n == 4 else KAN if n == 3 else 0 for n in suit)
        twins = sum(TWIN * max(0, min(suit[r:r + 3]) - 1) for r in range(RANKS - 2))
        total += max(sets, twins)
    return total


__all__ = ["held_items"]
