"""The built-in AI: take every win, keep shanten lowest, declare ready whenever possible.

It also plays any seat on auto-play (托管). Ties between discards of equal shanten go to the
tile that helps least: a tile of the suit the hand holds fewest of (the 8-tile rule pulls the
hand toward one suit), then an isolated tile, then an edge rank.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.game.actions import WIN, Action, ActionKind
from engine.game.analysis import shanten_counts, suit_lengths, waits_counts
from engine.game.tiles import rank_of, suit_of, to_counts
from engine.game.view import SeatView


def _isolation(counts: Sequence[int], tile: int) -> int:
    """0 when the tile has a neighbour within two ranks in its suit (or a copy), else 1."""
    if counts[tile] > 1:
        return 0
    suit = suit_of(tile)
    for other in (tile - 2, tile - 1, tile + 1, tile + 2):
        if 0 <= other < 21 and suit_of(other) == suit and counts[other]:
            return 0
    return 1


class SimpleAI:
    def __init__(self, name: str = "AI") -> None:
        self.name = name

    def on_event(self, event: object) -> None:
        pass

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if WIN in legal:
            return WIN
        counts = to_counts(view.concealed)
        kongs = list(view.kongs)
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        kong_moves = [a for a in legal if a.kind is ActionKind.KONG]
        if not discards:
            return legal[0]  # a 海捞 tile that does not win: pass
        best = self._best_discard(counts, kongs, discards, view)
        best_shanten = self._shanten_after_discard(counts, kongs, best.tile)
        for kong in kong_moves:
            assert kong.tile is not None
            left = list(counts)
            left[kong.tile] = 0
            if shanten_counts(left, [*kongs, kong.tile]) <= best_shanten:
                return kong
        return best

    @staticmethod
    def _shanten_after_discard(counts: list[int], kongs: list[int], tile: int | None) -> int:
        assert tile is not None
        counts[tile] -= 1
        value = shanten_counts(counts, kongs)
        counts[tile] += 1
        return value

    def _best_discard(self, counts: list[int], kongs: list[int], discards: list[Action],
                      view: SeatView) -> Action:
        declaring = [a for a in discards if a.declare]
        if declaring:
            unseen = view.unseen_counts()

            def wait_count(action: Action) -> int:
                assert action.tile is not None
                counts[action.tile] -= 1
                total = sum(unseen[w] for w in waits_counts(counts, kongs))
                counts[action.tile] += 1
                return total

            return max(declaring, key=lambda a: (wait_count(a), -(a.tile or 0)))
        suit_sizes = suit_lengths(counts, kongs)

        def key(action: Action) -> tuple[int, int, int, int, int]:
            tile = action.tile
            assert tile is not None
            return (
                self._shanten_after_discard(counts, kongs, tile),
                suit_sizes[suit_of(tile)],
                -_isolation(counts, tile),
                min(rank_of(tile) - 2, 8 - rank_of(tile)),
                tile,
            )

        return min(discards, key=key)
