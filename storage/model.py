"""A player's profile as data (no Qt, no files): 积分, level, statistics per room type.

Stored by :mod:`storage.store`, shown by :mod:`gui.profile.view`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from engine.game.ranks import Rank, apply_hand, rank_for

ROOMS = ("open", "baoting")


@dataclass
class BestHand:
    value: int  # V
    items: list[dict[str, Any]]  # [{"code", "points", "factor"}]: Score.to_json()'s, without its words
    tiles: str  # the winning hand, e.g. "234345567888m55p"
    kongs: list[str]
    played_at: str
    room: str


# What a score item's stored form keeps: its code says the rest (gui.i18n.score_label).
ITEM_KEYS = ("code", "points", "factor")


def coded_items(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Score items as the profile stores them: codes and numbers, no zh / en labels (profiles
    of schema 2 kept those; shown in one language they would not follow a switch)."""
    return [{key: item[key] for key in ITEM_KEYS if key in item} for item in items if isinstance(item, dict)]


@dataclass
class RoomStats:
    matches: int = 0
    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    discard_wins: int = 0
    deal_ins: int = 0
    exhaustive: int = 0
    net: int = 0  # sum of net scores (before the 积分 floor)


@dataclass
class HandOutcome:
    """What one finished hand means for the human's profile."""

    room: str
    delta: int  # the human's net score
    won: bool = False
    self_draw: bool = False
    deal_in: bool = False
    exhaustive: bool = False
    best: BestHand | None = None  # the human's winning hand, if any


@dataclass
class Profile:
    name: str
    points: int = 0  # 积分, never below 0
    created: str = ""
    rooms: dict[str, RoomStats] = field(default_factory=lambda: {r: RoomStats() for r in ROOMS})
    best_hand: BestHand | None = None
    points_history: list[int] = field(default_factory=list)  # 积分 after each hand (for the chart)
    match_results: list[int] = field(default_factory=list)  # net score of each finished match

    @property
    def level(self) -> Rank:
        return rank_for(self.points)

    def totals(self) -> RoomStats:
        total = RoomStats()
        for stats in self.rooms.values():
            for name, value in asdict(stats).items():
                setattr(total, name, getattr(total, name) + value)
        return total

    def record_hand(self, outcome: HandOutcome) -> tuple[Rank, Rank]:
        """Count a finished hand; returns the level before and after (to announce a change)."""
        before = self.level
        stats = self.rooms.setdefault(outcome.room, RoomStats())
        stats.hands += 1
        stats.net += outcome.delta
        stats.wins += outcome.won
        stats.self_draws += outcome.won and outcome.self_draw
        stats.discard_wins += outcome.won and not outcome.self_draw
        stats.deal_ins += outcome.deal_in
        stats.exhaustive += outcome.exhaustive
        if outcome.best is not None and (self.best_hand is None or outcome.best.value > self.best_hand.value):
            self.best_hand = outcome.best
        self.points = apply_hand(self.points, outcome.delta)
        self.points_history.append(self.points)
        return before, self.level

    def record_match(self, room: str, net: int) -> None:
        self.rooms.setdefault(room, RoomStats()).matches += 1
        self.match_results.append(net)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Profile:
        rooms = {name: RoomStats(**stats) for name, stats in data.get("rooms", {}).items()}
        for room in ROOMS:
            rooms.setdefault(room, RoomStats())
        best = data.get("best_hand")
        return cls(
            name=str(data["name"]),
            points=max(0, int(data.get("points", 0))),
            created=str(data.get("created", "")),
            rooms=rooms,
            best_hand=BestHand(**best) if best else None,
            points_history=[int(x) for x in data.get("points_history", [])],
            match_results=[int(x) for x in data.get("match_results", [])],
        )
