"""The table's rules: one frozen value with every option of RULES §2, §3, §5 and the §7 presets."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from typing import Any


class Room(StrEnum):
    """报听 / 不报听 room (RULES §3)."""

    OPEN = "open"  # 不报听
    BAOTING = "baoting"  # 报听

    @property
    def base_score(self) -> int:
        """胡牌基本分: 12 in a 报听 room, 10 in a 不报听 room."""
        return 12 if self is Room.BAOTING else 10

    @property
    def label_zh(self) -> str:
        return "报听" if self is Room.BAOTING else "不报听"


class Preset(StrEnum):
    HEFEI = "hefei"  # 合肥麻将 (docs/rules.md: the 安徽合肥麻将 manual), the default
    BIANFENG = "bianfeng"  # 边锋 新合肥麻将 (docs/rules.md: the Bianfeng site's rules)
    HEFEI_002 = "hefei_002"  # 合肥麻将 (docs/rules.md: the description with 豪华七对)
    CUSTOM = "custom"


MATCH_LENGTHS = (1, 2, 4)

# The scoring options of RULES §5, by their names in the `score` contract.
SCORING_OPTIONS = ("luxury_seven_pairs", "concealed_exposed", "two_missing_suits", "huo_any_four")


@dataclass(frozen=True)
class Ruleset:
    room: Room = Room.OPEN
    rounds: int = 4  # 圈 in a match: 1, 2 or 4
    time_limit: int | None = 15  # seconds per decision at a networked table; None = no limit
    luxury_seven_pairs: bool = False  # 豪华七对 (docs/rules.md §7, options)
    concealed_exposed: bool = False  # 明/暗 (docs/rules.md §7, options)
    two_missing_suits: bool = False  # 缺两门 (docs/rules.md §7, options)
    huo_any_four: bool = False  # any four identical concealed tiles are a 活 (docs/rules.md §7, options)
    auto_win: bool = False  # the system takes the win for declared players (docs/rules.md §7, options)
    preset: Preset = Preset.HEFEI

    def __post_init__(self) -> None:
        if not isinstance(self.room, Room):
            object.__setattr__(self, "room", Room(self.room))
        if not isinstance(self.preset, Preset):
            object.__setattr__(self, "preset", Preset(self.preset))
        if self.rounds not in MATCH_LENGTHS:
            raise ValueError(f"match length must be one of {MATCH_LENGTHS} 圈, not {self.rounds}")
        if self.time_limit is not None and self.time_limit <= 0:
            raise ValueError("time limit must be positive seconds or None")

    # -- presets of RULES §7 ------------------------------------------------------------
    @classmethod
    def hefei(cls, room: Room = Room.OPEN, rounds: int = 4, time_limit: int | None = 15) -> Ruleset:
        """合肥麻将 (docs/rules.md: the 安徽合肥麻将 manual): no option on."""
        return cls(room=Room(room), rounds=rounds, time_limit=time_limit, preset=Preset.HEFEI)

    @classmethod
    def bianfeng(cls, room: Room = Room.OPEN, rounds: int = 4, time_limit: int | None = 15) -> Ruleset:
        """边锋 新合肥麻将 (docs/rules.md §7, options): 缺两门 and any four identical tiles are a 活."""
        return cls(
            room=Room(room), rounds=rounds, time_limit=time_limit, preset=Preset.BIANFENG,
            two_missing_suits=True, huo_any_four=True,
        )

    @classmethod
    def hefei_002(cls, room: Room = Room.OPEN, rounds: int = 4, time_limit: int | None = 15) -> Ruleset:
        """合肥麻将 (docs/rules.md §7, options): 豪华七对, 明/暗 and the system's auto-win."""
        return cls(
            room=Room(room), rounds=rounds, time_limit=time_limit, preset=Preset.HEFEI_002,
            luxury_seven_pairs=True, concealed_exposed=True, auto_win=True,
        )

    @classmethod
    def from_preset(cls, preset: Preset | str, **kwargs: Any) -> Ruleset:
        preset = Preset(preset)
        maker = {
            Preset.HEFEI: cls.hefei, Preset.BIANFENG: cls.bianfeng, Preset.HEFEI_002: cls.hefei_002,
        }.get(preset, cls.hefei)
        base = maker(**{k: kwargs.pop(k) for k in ("room", "rounds", "time_limit") if k in kwargs})
        return replace(base, **kwargs) if kwargs else base

    def with_options(self, **options: Any) -> Ruleset:
        return replace(self, **options)

    @property
    def base_score(self) -> int:
        return self.room.base_score

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["room"] = self.room.value
        data["preset"] = self.preset.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rule options: {sorted(unknown)}")
        return cls(**data)
