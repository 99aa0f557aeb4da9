"""What a seat can do: discard (optionally declaring ready), concealed kong, win, pass."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.game.tiles import NUM_KINDS, parse_tile, tile_name


class IllegalAction(ValueError):
    """An action that the rules do not allow at this point, or no action at all; the hand is
    left as it was. (Defined here so that building a malformed Action raises it too.)"""


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
        # A kind given as text compares equal to its ActionKind (a StrEnum); store the member so
        # that the engine's `kind is ActionKind.X` tests see what the equality promised.
        if isinstance(self.kind, str) and self.kind in _KINDS:
            object.__setattr__(self, "kind", ActionKind(self.kind))
        problem = action_problem(self)
        if problem is not None:
            raise IllegalAction(problem)

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
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in _KINDS:
            raise ValueError(f"unknown action type {shown(kind)}")
        tile = data.get("tile")
        declare = data.get("declare", False)
        if not isinstance(declare, bool):
            raise ValueError("declare must be true or false")
        if tile is not None:
            if not isinstance(tile, str):
                raise ValueError("tile must be a string such as '5m'")
            tile = parse_tile(tile)
        return cls(ActionKind(kind), tile, declare)

    def __str__(self) -> str:
        text = self.kind.value
        if self.tile is not None:
            text += " " + tile_name(self.tile)
        return text + (" (declare ready)" if self.declare else "")


_KINDS = frozenset(k.value for k in ActionKind)
_TILED = (ActionKind.DISCARD, ActionKind.KONG)


def action_problem(action: object) -> str | None:
    """Why `action` is no well-formed Action (None if it is one); checked again when applied,
    since a frozen dataclass can still be forged (object.__setattr__, unpickling)."""
    if type(action) is not Action:
        return f"{shown(action)} is not an action"
    if type(action.kind) is not ActionKind:
        return f"there is no action {shown(action.kind)}"
    tile = action.tile
    if action.kind in _TILED:
        if type(tile) is not int:  # bool and float compare equal to ints: refuse them by type
            return (f"{action.kind.value} needs a tile kind, a whole number 0..{NUM_KINDS - 1}, "
                    f"not {shown(tile)}")
        if not 0 <= tile < NUM_KINDS:
            return f"there is no tile kind {shown(tile)} (kinds are 0..{NUM_KINDS - 1})"
    elif tile is not None:
        return f"{action.kind.value} takes no tile"
    if type(action.declare) is not bool:
        return f"declare must be true or false, not {shown(action.declare)}"
    if action.declare and action.kind is not ActionKind.DISCARD:
        return "only a discard can declare ready"
    return None


def shown(value: object) -> str:
    """A short, safe repr for a message: a hostile value must not flood the log."""
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not turn a refusal into a crash
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


WIN = Action(ActionKind.WIN)
PASS = Action(ActionKind.PASS)
