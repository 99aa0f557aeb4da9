"""One versioned JSON codec for what the engine tells and asks a seat: events, seat views,
actions, decision requests and their closing, rules and scores. Both directions; the bot
protocol and the LAN protocol use it (docs/codec.md).

``to_json(value)`` gives plain JSON values (dicts, lists, str, int, float, bool, None);
``from_json(data, kind)`` reads them back, ``kind`` being the class expected::

    data = to_json(event)                  # {"event": "TileDiscarded", "seat": 3, "tile": "7m", ...}
    event = from_json(data, Event)         # any event, by its "event" name
    view = from_json(data, SeatView)       # likewise Action, DecisionRequest, DecisionClosed,
                                           # Ruleset, Score, or one event class

The encoding follows the dataclasses' fields and their type hints, so a new field of a
supported type needs no change here: int, float, bool, str, ``X | None``, ``tuple[X, ...]``,
fixed tuples such as ``tuple[int, int]``, StrEnums (their value), nested dataclasses,
``dict[str, Any]`` (plain JSON), and Action and Score (their own ``to_json``). An int in a
field named in :data:`TILE_FIELDS` is a tile kind and is written as its name ("5m").

Decoding is strict: a value of the wrong type (a bool is no int), a missing field, an unknown
event, a bad tile name, a tuple of the wrong length, an unknown enum value, a non-finite or
huge number, or a value the class itself refuses raises :class:`CodecError` — a ValueError
naming the field, e.g. ``TileDiscarded.tile: not a tile name: 'x9'`` — and nothing else.
Keys it does not know are ignored (a newer writer may add fields); a field with a default may
be left out (an older writer did not have it).
"""

from __future__ import annotations

import dataclasses
import json
import math
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar, cast

from engine.game import events as _events
from engine.game.actions import Action
from engine.game.actions import shown as _shown
from engine.game.events import Event
from engine.game.rules import Ruleset
from engine.game.scoring import Score, ScoreItem
from engine.game.tiles import NUM_KINDS, tile_name
from engine.game.view import SeatView
from engine.table.decision import DecisionClosed, DecisionRequest

CODEC_VERSION = 1  # raised when a reader of the old encoding could misread the new one

# Fields holding tile kinds (an int, tuples of them, nested, or None for a hidden tile): their
# ints are written as names such as "5m". Chosen by field name, in every class, so that one
# rule covers every event and the view; other ints (seats, wall positions, dice, scores) stay
# numbers. tests/test_bot_protocol.py checks the rule against every event field.
TILE_FIELDS = frozenset({"tile", "tiles", "concealed", "kongs", "drawn", "discards"})

MAX_INT = 2**64  # no number the engine sends comes near (wall seeds are 64-bit)
MAX_DEPTH = 32  # of free-form JSON (MatchStarted.rules); typed fields nest only as deep as their type

T = TypeVar("T")


class CodecError(ValueError):
    """A value that is not the JSON encoding of what was asked for."""


_TILE_BY_NAME = {tile_name(kind): kind for kind in range(NUM_KINDS)}


def _type_name(value: object) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a bool", int: "a number",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


# -- class tables ---------------------------------------------------------------------------------


def _event_types() -> dict[str, type[Event]]:
    found: dict[str, type[Event]] = {}
    todo = [Event]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__ == _events.__name__:  # not a test's subclass
                found[sub.__name__] = sub
            todo.append(sub)
    return found


EVENT_TYPES = _event_types()  # every event class by the name it is written with

# JSON key for a field whose name is not its key.
_KEYS: dict[tuple[type, str], str] = {(ScoreItem, "is_factor"): "factor"}


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


_HINTS: dict[type, dict[str, Any]] = {}


# -- encoding -------------------------------------------------------------------------------------


def to_json(value: Event | SeatView | Action | DecisionRequest | DecisionClosed | Ruleset | Score
            ) -> dict[str, Any]:
    """The JSON object for one value; ``json.dumps`` takes it as it is."""
    data = _encode(value, type(value), type(value).__name__, tile=False)
    if not isinstance(data, dict):
        raise TypeError(f"{type(value).__name__} does not encode as an object")
    return data


def _encode(value: Any, hint: Any, path: str, tile: bool) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        return _encode(value, _optional(hint, path), path, tile)
    if hint is Any:
        return _plain(value, path, 0)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return [_encode(v, args[0], f"{path}[{i}]", tile) for i, v in enumerate(value)]
        if len(value) != len(args):
            raise CodecError(f"{path}: {len(value)} items, not {len(args)}")
        pairs = enumerate(zip(value, args, strict=True))
        return [_encode(v, a, f"{path}[{i}]", tile) for i, (v, a) in pairs]
    if origin is dict:
        return _plain(value, path, 0)
    if hint is int and tile:
        if type(value) is not int or not 0 <= value < NUM_KINDS:
            raise CodecError(f"{path}: not a tile kind: {_shown(value)}")
        return tile_name(value)
    if hint in (int, str, bool):
        return value
    if hint is float:
        if not math.isfinite(value):
            raise CodecError(f"{path}: not a finite number: {value!r}")
        return value
    if isinstance(hint, type) and issubclass(hint, Enum):
        return value.value
    if hint is Action or hint is Score:
        return value.to_json()
    if isinstance(value, Event):
        return {"event": type(value).__name__, **_encode_fields(value, type(value).__name__)}
    if dataclasses.is_dataclass(hint):
        return _encode_fields(value, path)
    raise TypeError(f"{path}: the codec does not know {hint!r}")


def _encode_fields(value: Any, path: str) -> dict[str, Any]:
    cls = type(value)
    hints = _hints(cls)
    out: dict[str, Any] = {}
    for f in dataclasses.fields(value):
        special = _FIELDS.get((cls, f.name))
        item = getattr(value, f.name)
        where = f"{path}.{f.name}"
        tile = f.name in TILE_FIELDS
        out[_KEYS.get((cls, f.name), f.name)] = (
            special[0](item, where) if special else _encode(item, hints[f.name], where, tile))
        for name, after, derive in _DERIVED.get(cls, ()):
            if after == f.name:
                out[name] = derive(value)
    return out


def _optional(hint: Any, path: str) -> Any:
    """X of ``X | None``: the only unions the codec reads."""
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    if len(args) != 1:
        raise TypeError(f"{path}: the codec reads no union but X | None, not {hint!r}")
    return args[0]


def _plain(value: Any, path: str, depth: int) -> Any:
    """Free-form JSON, checked (and copied) both ways: a dict with string keys, lists, finite
    numbers, strings, bools, null; nested at most MAX_DEPTH deep."""
    if depth > MAX_DEPTH:
        raise CodecError(f"{path}: nested deeper than {MAX_DEPTH}")
    if value is None or isinstance(value, str | bool):
        return value
    if isinstance(value, int):
        return _int(value, path)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise CodecError(f"{path}: not a finite number: {value!r}")
        return value
    if isinstance(value, list | tuple):
        return [_plain(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value)]
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise CodecError(f"{path}: a key is not a string: {_shown(key)}")
            out[key] = _plain(item, f"{path}.{key}", depth + 1)
        return out
    raise CodecError(f"{path}: not JSON: {_type_name(value)}")


# -- decoding -------------------------------------------------------------------------------------


def from_json(data: object, kind: type[T]) -> T:
    """The value of class ``kind`` that ``data`` (parsed JSON) encodes; :class:`CodecError` if
    it encodes none. ``kind`` may be ``Event`` (any event, by its name) or one event class."""
    try:
        return cast(T, _decode(data, kind, kind.__name__, tile=False))
    except RecursionError:  # the typed decoder nests only as deep as its types: never expected
        raise CodecError(f"{kind.__name__}: nested too deep") from None


def loads(text: str | bytes, kind: type[T]) -> T:
    """:func:`from_json` of one JSON text, e.g. a line of a protocol."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, bad UTF-8, too deep
        raise CodecError(f"{kind.__name__}: not JSON: {str(exc)[:80]}") from None
    return from_json(data, kind)


def dumps(value: Event | SeatView | Action | DecisionRequest | DecisionClosed | Ruleset | Score) -> str:
    """:func:`to_json` as one line of JSON text (UTF-8 characters kept, no NaN)."""
    return json.dumps(to_json(value), ensure_ascii=False, allow_nan=False)


def _decode(data: object, hint: Any, path: str, tile: bool) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        if data is None:
            return None
        return _decode(data, _optional(hint, path), path, tile)
    if hint is Any:
        return _plain(data, path, 0)
    if origin is tuple:
        if not isinstance(data, list):
            raise CodecError(f"{path}: {_type_name(data)}, not a list")
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(v, args[0], f"{path}[{i}]", tile) for i, v in enumerate(data))
        if len(data) != len(args):
            raise CodecError(f"{path}: a list of {len(data)}, not {len(args)}")
        pairs = enumerate(zip(data, args, strict=True))
        return tuple(_decode(v, a, f"{path}[{i}]", tile) for i, (v, a) in pairs)
    if origin is dict:
        if not isinstance(data, dict):
            raise CodecError(f"{path}: {_type_name(data)}, not an object")
        return _plain(data, path, 0)
    if hint is int and tile:
        if not isinstance(data, str):
            raise CodecError(f"{path}: {_type_name(data)}, not a tile name")
        kind = _TILE_BY_NAME.get(data)
        if kind is None:
            raise CodecError(f"{path}: not a tile name: {_shown(data)}")
        return kind
    if hint is int:
        if type(data) is not int:
            raise CodecError(f"{path}: {_type_name(data)}, not a whole number")
        return _int(data, path)
    if hint is float:
        if type(data) not in (int, float):
            raise CodecError(f"{path}: {_type_name(data)}, not a number")
        number = float(_int(data, path) if type(data) is int else cast(float, data))
        if not math.isfinite(number):
            raise CodecError(f"{path}: not a finite number: {number!r}")
        return number
    if hint is bool:
        if type(data) is not bool:
            raise CodecError(f"{path}: {_type_name(data)}, not true or false")
        return data
    if hint is str:
        if type(data) is not str:
            raise CodecError(f"{path}: {_type_name(data)}, not a string")
        return data
    if isinstance(hint, type) and issubclass(hint, Enum):
        values = {m.value: m for m in hint}
        if type(data) is not str or data not in values:
            raise CodecError(f"{path}: not one of {sorted(values)}: {_shown(data)}")
        return values[data]
    if hint is Action:
        try:
            return Action.from_json(data)
        except ValueError as exc:
            raise CodecError(f"{path}: {exc}") from None
    if hint is Event:
        if not isinstance(data, dict):
            raise CodecError(f"{path}: {_type_name(data)}, not an object")
        name = data.get("event")
        cls = EVENT_TYPES.get(name) if isinstance(name, str) else None
        if cls is None:
            raise CodecError(f"{path}.event: no such event: {_shown(name)}")
        return _decode_fields(data, cls, cls.__name__)
    if isinstance(hint, type) and issubclass(hint, Event):
        if not isinstance(data, dict):
            raise CodecError(f"{path}: {_type_name(data)}, not an object")
        if data.get("event") != hint.__name__:
            raise CodecError(f"{path}.event: not {hint.__name__!r}: {_shown(data.get('event'))}")
        return _decode_fields(data, hint, path)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _decode_fields(data, hint, path)
    raise TypeError(f"{path}: the codec does not know {hint!r}")


def _int(value: int, path: str) -> int:
    if not -MAX_INT <= value <= MAX_INT:
        raise CodecError(f"{path}: number out of range")
    return value


def _decode_fields(data: object, cls: type, path: str) -> Any:
    if not isinstance(data, dict):
        raise CodecError(f"{path}: {_type_name(data)}, not an object")
    hints = _hints(cls)
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        key = _KEYS.get((cls, f.name), f.name)
        where = f"{path}.{key}"
        if key not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise CodecError(f"{where}: missing")
            continue  # an older writer: the default
        special = _FIELDS.get((cls, f.name))
        kwargs[f.name] = (special[1](data[key], where) if special
                          else _decode(data[key], hints[f.name], where, f.name in TILE_FIELDS))
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as exc:  # what __post_init__ refuses (Ruleset: rounds 3)
        raise CodecError(f"{path}: {exc}") from None


# -- fields with a form of their own ----------------------------------------------------------------


def _encode_last_discard(value: tuple[int, int] | None, path: str) -> dict[str, Any] | None:
    if value is None:
        return None
    return {"seat": _encode(value[0], int, f"{path}.seat", tile=False),
            "tile": _encode(value[1], int, f"{path}.tile", tile=True)}


def _decode_last_discard(data: object, path: str) -> tuple[int, int] | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise CodecError(f"{path}: {_type_name(data)}, not an object")
    for key in ("seat", "tile"):
        if key not in data:
            raise CodecError(f"{path}.{key}: missing")
    return (_decode(data["seat"], int, f"{path}.seat", tile=False),
            _decode(data["tile"], int, f"{path}.tile", tile=True))


# (class, field) → (encoder, decoder): the view's claimable discard is {"seat", "tile"}.
_FIELDS: dict[tuple[type, str], tuple[Callable[[Any, str], Any], Callable[[object, str], Any]]] = {
    (SeatView, "last_discard"): (_encode_last_discard, _decode_last_discard),
}

# Written for the reader's convenience after the named field, and ignored when read.
_DERIVED: dict[type, tuple[tuple[str, str, Callable[[Any], Any]], ...]] = {
    SeatView: (("declared", "declare_index", lambda view: list(view.declared)),),
}


__all__ = [
    "CODEC_VERSION", "EVENT_TYPES", "TILE_FIELDS", "CodecError", "dumps", "from_json", "loads", "to_json",
]
