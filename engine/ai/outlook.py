"""A hand's outlook: the chance to finish it with the draws and discards left (大师's offence).

The hand moves one shanten step down when a draw is one of the unseen tiles that improve it;
once ready it wins on a drawn wait (self-draw) or, where it may, on an opponent's discard of a
wait. After the last normal draw comes the 海捞 draw: one more self-draw chance, worth 10 more,
with no discard after it. Each round the others may end the hand first (``survive``). A small
Markov chain over the seat's remaining draws gives the chances exactly for that model —
monotone in shanten and ukeire, which an estimate off the efficient path must be, since 大师
also weighs discards that give up speed (for value or for safety).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SEATS = 4
LAST_FOUR = 4  # tiles of the 海捞区
LAST_FOUR_POINTS = 10  # 海捞胡 (RULES §5)


def my_draws(tiles_left: int, seat: int, current: int) -> int:
    """Normal draws still to come to `seat` when `current` has just acted: the tiles before the
    海捞区 are drawn in turn from the seat after `current`."""
    normal = tiles_left - LAST_FOUR
    first = (seat - current - 1) % SEATS  # draws by others before my next one
    if normal <= first:
        return 0
    return (normal - first - 1) // SEATS + 1


@dataclass(frozen=True)
class Chances:
    self_draw: float  # a normal draw wins
    discard: float  # an opponent's discard wins
    last_four: float  # the 海捞 draw wins

    @property
    def total(self) -> float:
        """The chance to win the hand at all."""
        return self.self_draw + self.discard + self.last_four

    def points(self, self_value: float, discard_value: float, bonus: float) -> float:
        """Expected points: a self-draw is paid by three; the 海捞 win scores 10 more."""
        return (self.self_draw * (3 * self_value + bonus) + self.discard * (discard_value + bonus)
                + self.last_four * (3 * (self_value + LAST_FOUR_POINTS) + bonus))


def win_chances(stages: Sequence[float], waits: float, draws: int, unseen: int,
                discard_hit: float, survive: float = 1.0,
                known: tuple[float, float] | None = None) -> Chances:
    """The chances to win over `draws` own normal draws and the 海捞 draw.

    `stages[k]` is the unseen tiles that improve the hand while it is k + 1 steps from ready
    (stages[0]: one step from ready); `len(stages)` is the hand's shanten now. `waits` is the
    unseen winning tiles once ready. After each own draw the three others discard once each;
    `discard_hit` scales their chance to throw a wait (0: no discard wins here). `survive` is
    the chance the others leave the hand going for another round. `known`, when given, is the
    ready hand's own (chance to draw a wait, chance a round of discards throws one): read
    from the table (:mod:`engine.ai.whereabouts`) rather than from the count of waits."""
    total = max(1, unseen)
    p_wait = min(1.0, waits / total)
    hit = 1 - (1 - p_wait * discard_hit) ** (SEATS - 1)
    if known is not None:
        p_wait, hit = known
    # dist[k]: probability of being k steps from ready (k = 0: ready), not yet won, hand going
    dist = [0.0] * (len(stages) + 1)
    dist[len(stages)] = 1.0
    won_self = won_discard = 0.0
    for _ in range(draws):
        nxt = [0.0] * len(dist)
        ready = dist[0]
        won_self += ready * p_wait
        after_draw = ready * (1 - p_wait)
        for k in range(1, len(dist)):
            up = min(1.0, stages[k - 1] / total)
            nxt[k - 1] += dist[k] * up
            nxt[k] += dist[k] * (1 - up)
        nxt[0] += after_draw
        won_discard += nxt[0] * hit
        nxt[0] *= 1 - hit
        dist = [p * survive for p in nxt]
    return Chances(won_self, won_discard, dist[0] * p_wait)
