"""The search's reading of an opponent's hand, learnt from self-play: is it ready, and on which
kinds does a ready hand wait?

Two logistic regressions per room, fitted by ``tools/train_waits.py`` on hands played by four
hard AIs (the opponents 大师 meets) and kept in ``engine/data/waits.json`` with the seed and the
command that made them:

- **ready**: P(an undeclared opponent's hand is ready now), from how long it has been
  discarding, how much wall is left, its kongs, the tiles it threw as drawn in a row (a ready
  hand keeps its shape), and how one-suited its discards are;
- **waits**: P(a ready hand waits on a kind), per kind, from the danger model's features
  (:func:`engine.ai.danger_model.features`: its discards by suit, the kind's rank, what is
  visible around it, the suits it keeps).

The worlds (:mod:`.worlds`) use them to choose between ready hands built for an opponent: each
is weighed by the odds of its waits against a ready hand's average kind. Pure Python, no clock.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from engine.ai.danger_model import FEATURES, features
from engine.ai.hard import _readiness
from engine.ai.memory import TableMemory
from engine.ai.whereabouts import kept_suits
from engine.game.rules import Room
from engine.game.tiles import suit_of
from engine.game.view import SeatView

WAITS_FILE = Path(__file__).resolve().parent.parent.parent / "data" / "waits.json"
READY_FEATURES = (
    "bias", "hard", "discards", "late", "kongs", "drawn_run", "unchanged", "suit_none", "kept_max",
)


def _logistic(weights: Sequence[float], row: Sequence[float]) -> float:
    z = sum(a * b for a, b in zip(weights, row, strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def ready_row(view: SeatView, memory: TableMemory, opp: int) -> list[float]:
    """What this seat sees of how far `opp`'s hand has gone, in READY_FEATURES' order."""
    pile = view.discards[opp]
    n = len(pile)
    per_suit = [0, 0, 0]
    for k in pile:
        per_suit[suit_of(k)] += 1
    kept = kept_suits(view, opp)
    unchanged = len(memory.discards) - memory.unchanged_from.get(opp, 0)
    return [
        1.0,
        _readiness(n, view.tiles_left),
        n / 10,
        max(0, 24 - view.tiles_left) / 24,
        view.kong_counts[opp] / 2,
        min(3, memory.drawn_run.get(opp, 0)) / 3,
        min(8, unchanged) / 8,
        1.0 if n >= 4 and min(per_suit) == 0 else 0.0,
        max(kept) / (sum(kept) or 1.0),
    ]


@dataclass(frozen=True)
class WaitModel:
    ready: tuple[float, ...]  # weights over READY_FEATURES
    waits: tuple[float, ...]  # weights over the danger model's FEATURES
    base: float  # the share of kinds a ready hand waits on, in the training hands

    def ready_chance(self, view: SeatView, memory: TableMemory, opp: int) -> float:
        return _logistic(self.ready, ready_row(view, memory, opp))

    def wait_odds(self, view: SeatView, memory: TableMemory, opp: int) -> list[float]:
        """Per kind: the odds that a ready `opp` waits on it, over the odds of an average kind
        (1.0: no reading either way)."""
        visible = view.visible_counts()
        prior = self.base / (1 - self.base)
        out = []
        for row in features(view, memory, opp, visible):
            p = min(1 - 1e-6, _logistic(self.waits, row))
            out.append(p / (1 - p) / prior)
        return out


@lru_cache(maxsize=4)
def wait_model_for(room: Room) -> WaitModel | None:
    """The fitted model of a room, or None when waits.json has none for it."""
    if not WAITS_FILE.exists():
        return None
    data = json.loads(WAITS_FILE.read_text(encoding="utf-8"))
    rooms = data.get("rooms") if isinstance(data, dict) else None
    section = rooms.get(room.value) if isinstance(rooms, dict) else None
    if not isinstance(section, dict):
        return None
    ready = section["ready"]
    waits = section["waits"]
    return WaitModel(tuple(float(ready[n]) for n in READY_FEATURES),
                     tuple(float(waits[n]) for n in FEATURES), float(section["base"]))


__all__ = ["READY_FEATURES", "WAITS_FILE", "WaitModel", "ready_row", "wait_model_for"]
