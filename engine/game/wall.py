"""The wall (RULES §1): 42 stacks of two, two dice, the break, front and back draws, 海捞区.

Sides are numbered relative to the dealer in play order (counter-clockwise): 0 dealer, 1 the
dealer's right (下家), 2 opposite (对家), 3 left (上家). A stack's place is (side, index), the
index counted from the right end of that side as its owner sees it, which is the clockwise
direction. The *live wall* is the 84 tiles in draw order, starting after the break and going
clockwise, top tile before bottom tile; live index i lies in stack (start + i // 2), layer i % 2.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.game.tiles import NUM_TILES

SIDE_LENGTHS = (11, 10, 11, 10)
NUM_STACKS = sum(SIDE_LENGTHS)  # 42
CLOCKWISE_SIDES = (0, 3, 2, 1)  # from the dealer's side, going clockwise
LAST_FOUR = 4  # 海捞区 size; also no kong once this few tiles are left


def _clockwise_slots() -> tuple[tuple[int, int], ...]:
    return tuple((side, i) for side in CLOCKWISE_SIDES for i in range(SIDE_LENGTHS[side]))


CLOCKWISE_SLOTS = _clockwise_slots()


@dataclass(frozen=True)
class StackPlace:
    side: int  # relative to the dealer: 0 dealer, 1 right, 2 opposite, 3 left
    index: int  # from the owner's right end
    layer: int  # 0 top, 1 bottom


class WallEmpty(RuntimeError):
    pass


class Wall:
    """The tiles in live order plus what has been drawn from each end."""

    def __init__(self, live: list[int], dice: tuple[int, int]) -> None:
        if sorted(live) != list(range(NUM_TILES)):
            raise ValueError("a wall holds each of the 84 tiles once")
        if not all(1 <= d <= 6 for d in dice):
            raise ValueError("dice show 1..6")
        self._live = list(live)
        self.dice = dice
        total = sum(dice)
        self.break_side = (total - 1) % 4
        self.break_count = total
        first = CLOCKWISE_SLOTS.index((self.break_side, 0))
        self.start_slot = (first + total) % NUM_STACKS  # the first stack after the break
        self._taken = [False] * NUM_TILES
        self._front = 0
        self._next_front = 0
        self._back_draws = 0

    @classmethod
    def shuffled(cls, rng: random.Random) -> Wall:
        live = list(range(NUM_TILES))
        rng.shuffle(live)
        return cls(live, (rng.randint(1, 6), rng.randint(1, 6)))

    # -- geometry (public: it is what everybody at the table sees) ---------------------------
    def place(self, live_index: int) -> StackPlace:
        side, index = CLOCKWISE_SLOTS[(self.start_slot + live_index // 2) % NUM_STACKS]
        return StackPlace(side, index, live_index % 2)

    # -- drawing -----------------------------------------------------------------------------
    @property
    def remaining(self) -> int:
        return NUM_TILES - self._front - self._back_draws

    def remaining_indices(self) -> list[int]:
        return [i for i in range(NUM_TILES) if not self._taken[i]]

    def last_four_indices(self) -> list[int]:
        """The 海捞区: the last four tiles still in the live wall."""
        return self.remaining_indices()[-LAST_FOUR:]

    def front_index(self) -> int:
        """Where the next front draw comes from (skipping a stack the back has half taken)."""
        if self.remaining <= 0:
            raise WallEmpty("the wall is empty")
        i = self._next_front
        while self._taken[i]:
            i += 1
        return i

    def draw_front(self) -> tuple[int, int]:
        """Take the next tile from the front: (live index, tile id)."""
        i = self.front_index()
        self._taken[i] = True
        self._front += 1
        self._next_front = i + 1
        return i, self._live[i]

    def back_index(self) -> int:
        """Where the next replacement tile comes from: top of the last stack, then its bottom."""
        j = self._back_draws
        return 2 * (NUM_STACKS - 1 - j // 2) + j % 2

    def draw_back(self) -> tuple[int, int]:
        """Take the kong replacement tile from the back: (live index, tile id)."""
        if self.remaining <= 0:
            raise WallEmpty("the wall is empty")
        i = self.back_index()
        if self._taken[i]:
            raise WallEmpty("the back of the wall has met the front")
        self._taken[i] = True
        self._back_draws += 1
        return i, self._live[i]

    def tile_at(self, live_index: int) -> int:
        """The tile id at a live index: the engine's secret, never put in a seat's view."""
        return self._live[live_index]

    def snapshot(self) -> tuple[int, int, int, tuple[bool, ...]]:
        return (self._front, self._back_draws, self._next_front, tuple(self._taken))
