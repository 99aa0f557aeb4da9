"""What a seat can do: discard (optionally declaring ready), concealed kong, win, pass."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .tiles import parse_tile, tile_name


class ActionKind(StrEnum):
    DISCARD = "discard"
    KONG = "kong"  # 暗杠
    WIN = "win"  # 胡 (self-draw, or on a discard)
    PASS = "pass"  # 过: let a discard go, or keep a 海捞 tile that does not win


@dataclass(frozen=True, order=True)
class Action:
    kind: ActionKind
    tile: int | None = None  # the tile kind, for discard and kong
    declare: bool = False  # 报听 together with this discard

    def __post_init__(self) -> None:
        needs_tile = self.kind in (ActionKind.DISCARD, ActionKind.KONG)
        if needs_tile != (self.tile is not None):
            raise ValueError(f"{self.kind.value} {'needs' if needs_tile else 'takes no'} tile")
        if self.declare and self.kind is not ActionKind.DISCARD:
            raise ValueError("only a discard can declare ready")

    @classmethod
    def discard(cls, tile: int, declare: bool = False) -> Action:
        return cls(ActionKind.DISCARD, tile, declare)

    @classmethod
    def kong(cls, tile: int) -> Action:
        return cls(ActionKind.KONG, tile)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind.value}
        if self.tile is not None:
            out["tile"] = tile_name(self.tile)
        if self.declare:
            out["declare"] = True
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Parse an action message; raises ValueError with a readable reason."""
        if not isinstance(data, dict):
            raise ValueError("an action is a JSON object")
        try:
            kind = ActionKind(data.get("type"))
        except ValueError:
            raise ValueError(f"unknown action type {data.get('type')!r}") from None
        tile = data.get("tile")
        declare = data.get("declare", False)
        if not isinstance(declare, bool):
            raise ValueError("declare must be true or false")
        if tile is not None:
            if not isinstance(tile, str):
                raise ValueError("tile must be a string such as '5m'")
            tile = parse_tile(tile)
        return cls(kind, tile, declare)

    def __str__(self) -> str:
        text = self.kind.value
        if self.tile is not None:
            text += " " + tile_name(self.tile)
        return text + (" (declare ready)" if self.declare else "")


WIN = Action(ActionKind.WIN)
PASS = Action(ActionKind.PASS)
