"""大师's reading of the table: how likely an opponent waits on a kind, learnt from self-play.

The model is a logistic regression over a few things a player can see (how far the opponent's
hand has gone, the suits it throws away, whether the kind went by it since its last discard —
with no 过胡 rule a player who let a tile go was not waiting on it then, and its hand has not
changed since) with weights fitted by ``tools/train_danger.py`` on duplicate self-play and kept
in ``engine/data/master.json``. It answers P(opponent could win on this kind now).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from engine.ai.memory import TableMemory
from engine.ai.whereabouts import kept_suits
from engine.game.rules import Room
from engine.game.tiles import NUM_KINDS, rank_of, suit_of
from engine.game.view import SeatView

FEATURES = (
    "bias", "declared", "discards", "late", "suit_share", "suit_none", "suit_recent", "own_discard",
    "passed_before", "visible", "edge", "middle", "neighbours_visible", "kongs",
    "late_suit_none", "declared_suit_share", "drawn_run", "hand_share", "late_hand_share",
)


def opponent_discards(order: Sequence[tuple[int, int]], opp: int) -> tuple[set[int], set[int]]:
    """Kinds discarded (by anyone) since `opp`'s last discard, and since the one before it."""
    now: set[int] = set()
    before: set[int] = set()
    own_seen = 0
    for seat, kind in reversed(order):
        if seat == opp:
            own_seen += 1
            if own_seen == 2:
                break
        (now if own_seen == 0 else before).add(kind)
    return now, before


def features(view: SeatView, memory: TableMemory, opp: int, visible: Sequence[int],
             ) -> list[list[float]]:
    """The feature rows of every kind (0..20) against one opponent, in FEATURES' order."""
    order = memory.discards
    pile = view.discards[opp]
    n = len(pile)
    declared = 1.0 if view.declare_index[opp] is not None else 0.0
    late = max(0, 24 - view.tiles_left) / 24
    per_suit = [0, 0, 0]
    for k in pile:
        per_suit[suit_of(k)] += 1
    recent = {suit_of(k) for k in pile[-3:]}
    own = set(pile)
    now, before = opponent_discards(order, opp)
    kongs = view.kong_counts[opp] / 2
    kept = kept_suits(view, opp)
    kept_total = sum(kept) or 1.0
    run = min(3, memory.drawn_run.get(opp, 0)) / 3  # tiles drawn and thrown at once, in a row
    rows = []
    for t in range(NUM_KINDS):
        s, r = suit_of(t), rank_of(t)
        share = per_suit[s] / n if n else 1 / 3
        none = 1.0 if n >= 4 and per_suit[s] == 0 else 0.0
        near = sum(visible[u] for u in (t - 1, t + 1) if 0 <= u < NUM_KINDS and suit_of(u) == s)
        rows.append([
            1.0, declared, n / 10, late, share, none, 1.0 if s in recent else 0.0,
            1.0 if t in own else 0.0, 1.0 if t in before and t not in now else 0.0, visible[t] / 4,
            1.0 if r in (2, 8) else 0.0, 1.0 if r in (4, 5, 6) else 0.0, near / 8, kongs,
            late * none, declared * share, run, kept[s] / kept_total, late * kept[s] / kept_total,
        ])
    return rows


@dataclass(frozen=True)
class DangerModel:
    weights: tuple[float, ...]

    passed: float = 0.02  # a kind that went by since the opponent's last discard

    def wait_chances(self, view: SeatView, memory: TableMemory, opp: int,
                     visible: Sequence[int], gone: set[int] | frozenset[int] = frozenset()) -> list[float]:
        """P(`opp` would win on a discard of each kind now), from this seat's view. A kind that
        went by since its last discard is all but safe: it would have won on it (a person
        may pass a win, hence not zero); so is a kind in `gone` (it went by since the hand last
        changed)."""
        w = self.weights
        passed = opponent_discards(memory.discards, opp)[0] | gone
        out = []
        for t, row in enumerate(features(view, memory, opp, visible)):
            z = sum(a * b for a, b in zip(w, row, strict=True))
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            out.append(p * self.passed if t in passed else p)
        return out


@lru_cache(maxsize=1)
def master_parameters() -> dict[str, object]:
    """大师's parameters (the danger model's weights and the planner's figures), fitted and
    tuned by self-play: see benchmarks/README.md."""
    # a tuning run tries other figures without touching the shipped file
    shipped = Path(__file__).resolve().parent.parent / "data" / "master.json"
    path = os.environ.get("HEFEI_MASTER_PARAMS") or shipped
    text = Path(path).read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("engine/data/master.json is not an object")
    return data


@lru_cache(maxsize=4)
def model_for(room: Room) -> DangerModel:
    """The fitted model of a room (an undeclared player cannot win on a discard in 报听). Only
    the 报听 room ships one: in the open room 大师 reads the table with hard's estimate (the
    learnt model cost more wins than it saved deal-ins there, benchmarks/README.md), and a
    parameter file that asks for a model it does not carry is refused, not read as zeros."""
    raw = master_parameters().get("danger", {})
    section = raw.get(room.value) if isinstance(raw, dict) else None
    if not isinstance(section, dict):
        raise ValueError(f"master.json has no danger weights for the {room.value} room")
    return DangerModel(tuple(float(section.get(name, 0.0)) for name in FEATURES))
