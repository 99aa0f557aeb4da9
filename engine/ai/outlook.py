"""A hand's outlook: the chance to finish it with the draws and discards left (大师's offence).

The hand moves one shanten step down when a draw is one of the unseen tiles that improve it;
once ready it wins on a drawn wait (self-draw) or, where it may, on an opponent's discard of a
wait. A small Markov chain over the seat's remaining draws gives both chances exactly for that
model — monotone in shanten and ukeire, which an estimate off the efficient path must be, since
大师 also weighs discards that give up speed (for value or for safety).
"""

from __future__ import annotations

from collections.abc import Sequence

SEATS = 4


def my_draws(tiles_left: int, seat: int, current: int) -> int:
    """Draws (the 海捞 tile included) still to come to `seat` when `current` has just acted:
    tiles are drawn in turn from the seat after `current`."""
    first = (seat - current - 1) % SEATS  # draws by others before my next one
    if tiles_left <= first:
        return 0
    return (tiles_left - first - 1) // SEATS + 1


def win_chances(stages: Sequence[float], waits: float, draws: int, unseen: int,
                discard_hit: float) -> tuple[float, float]:
    """(P(win by self-draw), P(win on a discard)) over `draws` own draws.

    `stages[k]` is the unseen tiles that improve the hand while it is k + 1 steps from ready
    (stages[0]: one step from ready); `len(stages)` is the hand's shanten now. `waits` is the
    unseen winning tiles once ready. After each own draw the three others discard once each;
    `discard_hit` scales their chance to throw a wait (0: no discard wins here)."""
    total = max(1, unseen)
    p_wait = min(1.0, waits / total)
    hit = 1 - (1 - p_wait * discard_hit) ** (SEATS - 1)
    # dist[k]: probability of being k steps from ready (k = 0: ready), not yet won
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
        dist = nxt
    return won_self, won_discard
