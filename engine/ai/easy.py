"""Easy AI: plays legally and wins when it can, but a third of its discards are picked at
random among those that leave shanten at most one worse, and it never thinks of danger."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.ai.evaluate import candidates, efficiency_key, obvious, own_hand, split_legal, suit_sizes
from engine.game.actions import Action
from engine.game.view import SeatView

CARELESS = 1 / 3


class EasyAI:
    level = "easy"

    def __init__(self, seed: int = 0, name: str = "简单") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def on_event(self, event: object) -> None:
        pass

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        choice = obvious(legal)
        if choice is not None:
            return choice
        discards, declaring, kongs = split_legal(legal)
        if kongs:
            return Action.kong(kongs[0])
        if declaring:
            return Action.discard(self.rng.choice(declaring), declare=True)
        hand = own_hand(view)
        options = candidates(hand, view.unseen_counts(), discards)
        best = min(c.shanten for c in options)
        if self.rng.random() < CARELESS:
            return Action.discard(self.rng.choice([c.tile for c in options if c.shanten <= best + 1]))
        sizes = suit_sizes(hand)
        return Action.discard(min(options, key=lambda c: efficiency_key(c, hand, sizes)).tile)
