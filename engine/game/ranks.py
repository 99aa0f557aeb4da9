"""积分 and levels (RULES §6; docs/rules.md §6, from 边锋 新合肥麻将): 24 levels, each with a
级别 and a 段位 title.

A profile's 积分 is the running sum of the player's net score over every finished hand, never
below 0 (the floor applies after each hand). A player is at level n+1 once 积分 reaches the
"next level" figure of level n, and falls back below it when 积分 drops.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass


@dataclass(frozen=True)
class Rank:
    number: int  # 1..24
    rank_title: str  # 级别
    dan_title: str  # 段位
    next_at: int  # 积分 that reaches the next level (the top level: the end of its bar)


RANKS: tuple[Rank, ...] = tuple(
    Rank(n, rank, dan, 100 * 2 ** (n - 1))
    for n, (rank, dan) in enumerate(
        [
            ("待业", "麻袋"), ("临时工", "街头一段"), ("合同工", "街头二段"), ("正式工", "街头三段"),
            ("助理主管", "街头霸王"), ("副主管", "茶室一段"), ("主管", "茶室二段"), ("助理经理", "茶室三段"),
            ("副经理", "茶室不败"), ("经理", "酒店一段"), ("助理总裁", "酒店二段"), ("副总裁", "酒店三段"),
            ("总裁", "酒店至尊"), ("董事", "县级大师"), ("副董事长", "市级大师"), ("董事长", "省级大师"),
            ("赌王", "国家大师"), ("赌圣", "国际大师"), ("赌神", "特级大师"), ("边锋首富", "麻将部长"),
            ("中国首富", "麻将总理"), ("亚洲首富", "麻将总统"), ("世界首富", "麻将皇帝"),
            ("财神", "麻将无敌"),
        ],
        start=1,
    )
)
TOP = RANKS[-1]
_THRESHOLDS = [level.next_at for level in RANKS[:-1]]  # 23 promotions


def rank_for(points: int) -> Rank:
    """The level a player with `points` 积分 is at."""
    return RANKS[bisect_right(_THRESHOLDS, max(0, points))]


def apply_hand(points: int, delta: int) -> int:
    """积分 after a hand with net score `delta`: never below 0."""
    return max(0, points + delta)


def progress(points: int) -> tuple[int, int, float]:
    """(积分 at the start of this level, 积分 of the next level, fraction of the way there)."""
    level = rank_for(points)
    start = 0 if level.number == 1 else RANKS[level.number - 2].next_at
    end = level.next_at
    if level is TOP:
        return start, end, min(1.0, (points - start) / (end - start))
    return start, end, (points - start) / (end - start)
