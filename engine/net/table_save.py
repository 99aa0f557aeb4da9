"""What a LAN host keeps on its disk so that its table can be opened again after the host's
program quit or crashed mid-match (docs/protocol.md, Drops and returns). No Qt.

:class:`SavedTable` is the whole of it: the table's id (so that the players' tokens still name
this table), its options and port, the match between hands (:meth:`engine.table.match.Match.state`:
scores, hand number, dealer and 连庄数, the seed and the wall key) and every seat — a person's
name, title and token, an AI's level. It is a secret of the host's: the wall key and every
token are in it, so it never goes to a client, and the file is the owner's only (0600,
:mod:`storage.lan_tables`).

The host writes it at the match's start and after every hand; a table opened from it deals the
hand that was being played afresh, with a new wall (:attr:`Match.redeals`), as a single-player
match does when it is continued.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from engine.ai import LEVELS
from engine.game.rules import Ruleset
from engine.net.door import DoorLimits
from engine.net.messages import CODE_CHARS, NAME_CHARS, TITLE_CHARS, TOKEN_CHARS, LobbySeat, Started
from engine.net.remote_seat import RemoteSeat
from engine.net.table_config import TableConfig
from engine.table.match import Match

FORMAT = 1
KINDS = ("person", "ai")


class TableSaver(Protocol):
    """Where a host keeps its table (storage.lan_tables.LanFile; tests keep it in memory)."""

    def write(self, data: dict[str, Any]) -> None: ...
    def clear(self) -> None: ...


@dataclass(frozen=True)
class SavedSeat:
    kind: str  # "person" or "ai"
    name: str
    title: str = ""
    token: str | None = None  # a person's: the one their client returns with
    level: str | None = None  # an AI's
    autoplay: bool = False  # the person had switched 托管 on
    auto_win: bool = False  # 能胡就胡


def _ip_address(text: object) -> bool:
    import ipaddress

    if not isinstance(text, str):
        return False
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class SavedTable:
    table_id: str
    port: int
    config: TableConfig
    match: dict[str, Any]  # Match.state() between hands
    seats: tuple[SavedSeat, ...]
    own_seat: int | None = None  # the seat of the player whose window hosts (None: `serve`)
    bind: str = "0.0.0.0"  # the address it listened on: a table kept to this machine stays so

    @property
    def hands_played(self) -> int:
        return int(self.match.get("played", 0))

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(int(s) for s in self.match.get("scores", ()))

    def restored_match(self) -> Match:
        """The match to go on with: the hand that was being played, if any, is dealt afresh
        (its wall may have been seen by the seats that held it)."""
        match = Match.restore(self.match)
        match.redeals += 1
        return match

    def to_dict(self) -> dict[str, Any]:
        config = dataclasses.asdict(self.config)
        config["rules"] = self.config.rules.to_dict()
        del config["clock"]  # a function: the reopened table runs on its own
        return {"format": FORMAT, "table_id": self.table_id, "port": self.port, "config": config,
                "match": dict(self.match), "seats": [dataclasses.asdict(s) for s in self.seats],
                "own_seat": self.own_seat, "bind": self.bind}

    @classmethod
    def from_dict(cls, data: object) -> SavedTable:
        """The table in `data`; ValueError for anything that is not a whole, consistent one."""
        try:
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ValueError("not a saved LAN table of this version")
            table_id, port, own = data["table_id"], data["port"], data.get("own_seat")
            if not (isinstance(table_id, str) and 0 < len(table_id) <= 64):
                raise ValueError("bad table id")
            if not (_whole(port) and 0 < port < 65536):
                raise ValueError("bad port")
            config = _config(data["config"])
            seats = tuple(_seat(s) for s in data["seats"])
            if len(seats) != 4:
                raise ValueError("a table has four seats")
            if own is not None and not (_whole(own) and 0 <= own < 4 and seats[own].kind == "person"):
                raise ValueError("bad own seat")
            match = data["match"]
            if not isinstance(match, dict):
                raise ValueError("bad match")
            restored = Match.restore(match)  # ValueError if it does not fit
            if restored.over:
                raise ValueError("the match is over")
            bind = data.get("bind", "0.0.0.0")  # (tables kept before it was: all addresses)
            if not _ip_address(bind):
                raise ValueError("bad bind address")
            tokens = [s.token for s in seats if s.token is not None]
            if len(set(tokens)) != len(tokens):
                raise ValueError("two seats share a token")
        except (KeyError, TypeError) as exc:
            raise ValueError(f"damaged saved table: {exc!r}") from None
        return cls(table_id, port, config, dict(match), seats, own, bind)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: object, limit: int, empty: bool = True) -> str:
    if not isinstance(value, str) or len(value) > limit or (not empty and not value):
        raise ValueError(f"bad text {str(value)[:40]!r}")
    return value


def _seat(data: object) -> SavedSeat:
    if not isinstance(data, dict) or data.get("kind") not in KINDS:
        raise ValueError("bad seat")
    kind = str(data["kind"])
    token = data.get("token")
    level = data.get("level")
    if kind == "person":
        token = _text(token, TOKEN_CHARS, empty=False)
        level = None
    elif level not in LEVELS:
        raise ValueError(f"bad AI level {level!r}")
    flags = [data.get("autoplay", False), data.get("auto_win", False)]
    if not all(isinstance(f, bool) for f in flags):
        raise ValueError("bad seat flags")
    return SavedSeat(kind, _text(data.get("name"), NAME_CHARS), _text(data.get("title", ""), TITLE_CHARS),
                     token if kind == "person" else None, level if kind == "ai" else None,
                     bool(flags[0]), bool(flags[1]))


def _config(data: object) -> TableConfig:
    """A TableConfig from its saved fields: each of the type of its default (ints for floats too)."""
    if not isinstance(data, dict):
        raise ValueError("bad table options")
    values: dict[str, Any] = _numbers(TableConfig(), data)
    for field in dataclasses.fields(TableConfig):
        if field.name not in data:
            continue  # a field added since: its default
        value = data[field.name]
        if field.name == "rules":
            if not isinstance(value, dict):
                raise ValueError("bad rules")
            values["rules"] = Ruleset.from_dict(value)
        elif field.name == "door":
            if not isinstance(value, dict):
                raise ValueError("bad door limits")
            values["door"] = DoorLimits(**_numbers(DoorLimits(), value))
        elif field.name in ("code", "seed"):
            if value is not None and not (isinstance(value, str) if field.name == "code" else _whole(value)):
                raise ValueError(f"bad {field.name}")
            values[field.name] = None if value is None else (
                _text(value, CODE_CHARS) if field.name == "code" else value)
        elif field.name == "name":
            values["name"] = _text(value, NAME_CHARS)
    return dataclasses.replace(TableConfig(), **values)


def _numbers(defaults: Any, data: dict[str, Any]) -> dict[str, Any]:
    """The number fields of the dataclass `defaults` found in `data`, each checked to be of its
    default's type (an int for a float too), not negative and bounded."""
    values: dict[str, Any] = {}
    for field in dataclasses.fields(defaults):
        if field.name not in data:
            continue  # a field added since: its default
        value = data[field.name]
        default = getattr(defaults, field.name)
        if isinstance(default, bool) or not isinstance(default, int | float):
            continue
        if isinstance(default, float):
            if not (isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value < 1e6):
                raise ValueError(f"bad {field.name}")
            values[field.name] = float(value)
        elif not (_whole(value) and 0 <= value < 2**31):
            raise ValueError(f"bad {field.name}")
        else:
            values[field.name] = value
    return values


def saved_seats(slots: tuple[LobbySeat, ...],
                person: Callable[[int], RemoteSeat | None]) -> tuple[SavedSeat, ...]:
    """The lobby's `slots` as the table keeps them, with `person` of each seat (None: an AI's)."""
    seats = []
    for index, slot in enumerate(slots):
        held = person(index)
        if held is None:
            seats.append(SavedSeat("ai", slot.name, slot.title, level=slot.level or "normal"))
        else:
            seats.append(SavedSeat("person", held.name, held.title, token=held.token,
                                   autoplay=held.user_autoplay, auto_win=held.auto_win))
    return tuple(seats)


def restored_seats(saved: SavedTable) -> list[tuple[LobbySeat, RemoteSeat | None]]:
    """Each seat of a table opened again: its lobby seat (all ready) and its person, who is away
    until their token brings them back (an AI's: None)."""
    names = tuple(s.name for s in saved.seats)
    titles = tuple(s.title for s in saved.seats)
    seats: list[tuple[LobbySeat, RemoteSeat | None]] = []
    for index, seat in enumerate(saved.seats):
        if seat.kind == "ai":
            seats.append((LobbySeat("ai", name=seat.name, title=seat.title, ready=True, connected=True,
                                    level=seat.level), None))
            continue
        assert seat.token is not None
        person = RemoteSeat(index, seat.token, seat.name, seat.title, user_autoplay=seat.autoplay,
                            auto_win=seat.auto_win)
        person.started = Started(index, names, titles, saved.config.rules)  # a return's resync says it
        seats.append((LobbySeat("person", name=seat.name, title=seat.title, ready=True), person))
    return seats


__all__ = ["FORMAT", "SavedSeat", "SavedTable", "TableSaver", "restored_seats", "saved_seats"]
