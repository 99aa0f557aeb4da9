"""Normal AI: tile efficiency. Keeps the discard that leaves the lowest shanten and the most
unseen improving tiles, steered toward the suit that will meet the 8-tile rule; takes every
win; declares ready as soon as it can; makes a concealed kong when it costs no progress."""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.evaluate import (
    candidates,
    efficiency_key,
    obvious,
    own_hand,
    shanten_after_kong,
    split_legal,
    suit_sizes,
)
from engine.game.actions import Action
from engine.game.view import SeatView


class NormalAI:
    level = "normal"

    def __init__(self, seed: int = 0, name: str = "普通") -> None:
        self.name = name
        self.seed = seed

    def on_event(self, event: object) -> None:
        pass

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        choice = obvious(legal)
        if choice is not None:
            return choice
        discards, declaring, kongs = split_legal(legal)
        hand = own_hand(view)
        left = view.unseen_counts()
        sizes = suit_sizes(hand)
        if declaring:
            ready = candidates(hand, left, declaring)
            best = max(ready, key=lambda c: (c.wait_count, -sizes[c.tile // 7], -c.tile))
            return Action.discard(best.tile, declare=True)
        options = candidates(hand, left, discards)
        best_discard = min(options, key=lambda c: efficiency_key(c, hand, sizes))
        for kind in kongs:
            if shanten_after_kong(hand, kind) <= best_discard.shanten:
                return Action.kong(kind)
        return Action.discard(best_discard.tile)
