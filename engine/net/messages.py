"""The LAN table's messages, both ways (docs/protocol.md): small frozen values, each with its
``type`` name on the wire. :func:`to_wire` gives the JSON object of a message, :func:`parse`
reads one back and checks it strictly: a wrong type, a missing field, a value out of range or
an unknown message raises :class:`ProtocolError` with the ``code`` of the error reply, and
nothing else. Events, views, decision requests and actions inside a message are written by
:mod:`engine.records.codec`, the same codec the bot protocol uses.

Seats in every message are the host's (0–3 around its table); a client turns them with
:func:`engine.net.relative.relative` before showing them.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar

from engine.game.actions import Action
from engine.game.events import Event
from engine.game.rules import Ruleset
from engine.records import codec
from engine.table.decision import DecisionClosed, DecisionRequest

# Raised whenever an older peer could misread a message. 2: the wait between hands (`between`,
# `next`), claims asked of every claimant at once, a decision's time from the client's showing.
PROTOCOL_VERSION = 2
DEFAULT_PORT = 47321  # TCP: the table
DISCOVERY_PORT = 47322  # UDP: "who hosts a table here?"
NAME_CHARS = 24  # a player's or a table's name, after cleaning
TITLE_CHARS = 24  # 级别·段位
CODE_CHARS = 32  # a room code
TOKEN_CHARS = 64  # a session token (the host gives 32 hex digits)
PHRASE = re.compile(r"[a-z][a-z0-9_]{0,31}")  # a quick phrase's code (engine.net.talk), known or not
MAX_WATCHERS_LISTED = 16  # names of watchers a lobby message may list
MAX_SEQUENCE = 2**53  # event numbers, request ids, ping stamps: exact in every JSON reader

T = TypeVar("T")


class ProtocolError(ValueError):
    """A message that is not the protocol; ``code`` names it in the error reply."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# -- error and refusal codes (the words a client shows are its own; these are stable) --------------

BAD_FRAME = "bad_frame"  # the frame itself (length, UTF-8, JSON): the connection is closed
UNKNOWN_TYPE = "unknown_type"  # no such message (or not one a client sends)
BAD_MESSAGE = "bad_message"  # a field missing, of the wrong type, or out of range
NOT_NOW = "not_now"  # a message that has no place now (ready during play, a choice in the lobby)
STALE = "stale"  # a choice for a request that is not open (answered, timed out, not yet asked)
ILLEGAL = "illegal"  # a choice that is not one of the request's legal actions
RATE = "rate"  # too many messages: slow down (the connection is closed if it goes on)

# refusals of a hello (the connection is closed after the reply)
REFUSE_PROTOCOL = "protocol"  # another protocol version; the reply says the host's
REFUSE_CODE_NEEDED = "code_needed"  # the table has a room code and none was given
REFUSE_WRONG_CODE = "wrong_code"
REFUSE_FULL = "full"  # no free seat
REFUSE_STARTED = "started"  # the match is on and the hello is not a return with a token
REFUSE_OVER = "over"  # the match has ended: there is no seat to come back to
REFUSE_UNKNOWN_TOKEN = "unknown_token"  # a return with a token this table never gave
REFUSE_BUSY = "busy"  # too many connections still saying hello, in total or from one address
REFUSE_BAD_HELLO = "bad_hello"  # the first message was not a hello, or a bad one
REFUSE_TIMEOUT = "timeout"  # no hello within the handshake deadline
REFUSE_WAIT = "wait"  # wrong codes from this address: it waits `retry_after` seconds
REFUSE_PAUSED = "paused"  # wrong codes from others: the table checks none for `retry_after` seconds
REFUSE_LOCKED = "locked"  # the host locked the lobby: no new players
REFUSE_COOLDOWN = "cooldown"  # this address left and joined too often: it sits again after `retry_after`
REFUSE_REMOVED = "removed"  # the host removed this person: not again for `retry_after` seconds

# why a table ended for a client
END_FINISHED = "finished"  # the match is over
END_HOST_QUIT = "host_quit"  # the host closed the table
END_LEFT = "left"  # the client left (before the start)
END_REPLACED = "replaced"  # the same seat returned on another connection
END_DEAD = "dead"  # no sign of life within the heartbeat deadline
END_SLOW = "slow"  # the client did not read what it was sent
END_REMOVED = "removed"  # the host removed the player from the lobby
END_FLOOD = "flood"  # the client sent messages at over twice the rate limit


# -- field checks ---------------------------------------------------------------------------------

def _bad(name: str, why: str) -> ProtocolError:
    return ProtocolError(BAD_MESSAGE, f"{name}: {why}")


def _int(data: dict[str, Any], name: str, low: int = 0, high: int = MAX_SEQUENCE) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(name, f"a whole number from {low} to {high}")
    return value


def _float(data: dict[str, Any], name: str, optional: bool = False) -> float | None:
    value = data.get(name)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) \
            or not 0 <= value <= MAX_SEQUENCE:
        raise _bad(name, "a number of 0 or more")
    return float(value)


def _bool(data: dict[str, Any], name: str) -> bool:
    value = data.get(name)
    if not isinstance(value, bool):
        raise _bad(name, "true or false")
    return value


def _optional_bool(data: dict[str, Any], name: str) -> bool:
    """False when absent (an older client's hello); "yes" is an error, not quietly false."""
    return _bool(data, name) if name in data else False


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069]")


def clean_text(text: str, limit: int) -> str:
    """A name as others will see it: NFC, no control or direction characters, spaces folded,
    at most `limit` characters."""
    text = _CONTROL.sub("", unicodedata.normalize("NFC", text))
    return " ".join(text.split())[:limit]


def _text(data: dict[str, Any], name: str, limit: int, optional: bool = False,
          empty: bool = True) -> str | None:
    value = data.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > 4 * limit:
        raise _bad(name, f"text of at most {limit} characters")
    text = clean_text(value, limit)
    if not text and not empty:
        raise _bad(name, "must not be empty")
    return text


def _coded(data: dict[str, Any], name: str, kind: type[T], optional: bool = False) -> T | None:
    value = data.get(name)
    if value is None and optional:
        return None
    try:
        return codec.from_json(value, kind)
    except codec.CodecError as exc:
        raise _bad(name, str(exc)[:200]) from None


def _list(data: dict[str, Any], name: str, length: int | None = None, most: int = 4096) -> list[Any]:
    value = data.get(name)
    if not isinstance(value, list) or (length is not None and len(value) != length) or len(value) > most:
        raise _bad(name, f"a list of {length if length is not None else f'at most {most}'} items")
    return value


def _object(data: object, name: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _bad(name, "an object")
    return data


# -- values inside messages -----------------------------------------------------------------------

@dataclass(frozen=True)
class TableInfo:
    """What a table says of itself: in the lobby, in a welcome, and to discovery."""

    id: str  # 16 hex digits, new for each table: de-duplicates discovery replies
    name: str
    port: int
    room: str  # Room value: "open" (不报听) or "baoting" (报听)
    rounds: int  # 圈 in the match
    seats_free: int
    code: bool  # a room code is needed to join
    started: bool
    version: str  # the host program's version
    protocol: int = PROTOCOL_VERSION

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: object) -> TableInfo:
        d = _object(data, "table")
        table_id = _text(d, "id", 32, empty=False)
        return cls(
            id=table_id or "", name=_text(d, "name", NAME_CHARS) or "", port=_int(d, "port", 1, 65535),
            room=_text(d, "room", 16) or "", rounds=_int(d, "rounds", 1, 64),
            seats_free=_int(d, "seats_free", 0, 4), code=_bool(d, "code"), started=_bool(d, "started"),
            version=_text(d, "version", 32) or "", protocol=_int(d, "protocol", 0, 2**31),
        )


SEAT_KINDS = ("empty", "person", "ai")


@dataclass(frozen=True)
class LobbySeat:
    kind: str  # "empty", "person" or "ai"
    name: str = ""
    title: str = ""  # 级别·段位 of a person's profile; an AI's level name
    ready: bool = False  # an AI is always ready
    connected: bool = False  # a person's connection is up (an AI: True)
    level: str | None = None  # an AI's level (engine.ai.LEVELS: "easy" … "master")

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: object) -> LobbySeat:
        d = _object(data, "seat")
        kind = d.get("kind")
        if kind not in SEAT_KINDS:
            raise _bad("kind", f"one of {', '.join(SEAT_KINDS)}")
        return cls(kind=kind, name=_text(d, "name", NAME_CHARS) or "",
                   title=_text(d, "title", TITLE_CHARS) or "", ready=_bool(d, "ready"),
                   connected=_bool(d, "connected"),
                   level=_text(d, "level", 16, optional=True))


@dataclass(frozen=True)
class SeatState:
    """A seat during play, as everyone is told: its person is connected, 托管 plays it."""

    connected: bool
    autoplay: bool

    def to_json(self) -> dict[str, Any]:
        return {"connected": self.connected, "autoplay": self.autoplay}

    @classmethod
    def from_json(cls, data: object) -> SeatState:
        d = _object(data, "status")
        return cls(_bool(d, "connected"), _bool(d, "autoplay"))


# -- messages -------------------------------------------------------------------------------------

class Message:
    """A message of the protocol; subclasses are frozen dataclasses with a ``TYPE``."""

    TYPE: ClassVar[str] = ""


# client → host

@dataclass(frozen=True)
class Hello(Message):
    TYPE: ClassVar[str] = "hello"
    name: str
    title: str = ""
    code: str | None = None  # the room code, when the table has one
    token: str | None = None  # a return: the token from the first welcome
    shows: bool = False  # the client animates events and acknowledges them (a person's window)
    protocol: int = PROTOCOL_VERSION
    client: str = ""  # program and version, for the host's log
    watch: bool = False  # 观战: a watcher, not a player (no seat; sees what the public sees)


@dataclass(frozen=True)
class Ready(Message):
    TYPE: ClassVar[str] = "ready"
    ready: bool


@dataclass(frozen=True)
class Leave(Message):
    TYPE: ClassVar[str] = "leave"


@dataclass(frozen=True)
class Ack(Message):
    TYPE: ClassVar[str] = "ack"
    n: int  # every event up to number n has been shown


@dataclass(frozen=True)
class Choose(Message):
    TYPE: ClassVar[str] = "choice"
    request: int
    action: Action | None  # None: let 托管 take this decision


@dataclass(frozen=True)
class Next(Message):
    """下一局: between hands, this player is ready for the next deal (or the final standings)."""

    TYPE: ClassVar[str] = "next"


@dataclass(frozen=True)
class SetAutoplay(Message):
    TYPE: ClassVar[str] = "autoplay"
    on: bool


@dataclass(frozen=True)
class SetAutoWin(Message):
    TYPE: ClassVar[str] = "auto_win"
    on: bool


@dataclass(frozen=True)
class Say(Message):
    """快捷语: a quick phrase or a reaction, by its code (engine.net.talk); never free text."""

    TYPE: ClassVar[str] = "say"
    phrase: str


# both ways

@dataclass(frozen=True)
class Ping(Message):
    TYPE: ClassVar[str] = "ping"
    t: int  # echoed in the pong


@dataclass(frozen=True)
class Pong(Message):
    TYPE: ClassVar[str] = "pong"
    t: int


# host → client

@dataclass(frozen=True)
class Refused(Message):
    TYPE: ClassVar[str] = "refused"
    code: str
    message: str
    protocol: int = PROTOCOL_VERSION
    retry_after: float | None = None  # seconds before a hello may pass (wait, cooldown, removed, wrong_code)


@dataclass(frozen=True)
class Welcome(Message):
    TYPE: ClassVar[str] = "welcome"
    seat: int
    token: str
    table: TableInfo
    resumed: bool = False  # a return: a resync follows
    protocol: int = PROTOCOL_VERSION
    watching: bool = False  # taken as a watcher (观战): `seat` is only the side it is shown from


@dataclass(frozen=True)
class Lobby(Message):
    TYPE: ClassVar[str] = "lobby"
    table: TableInfo
    rules: Ruleset
    seats: tuple[LobbySeat, ...]
    countdown: float | None = None  # seconds until the last seat is made ready (RULES §3)
    addresses: tuple[str, ...] = ()  # host:port of the host, for friends to type in
    watchers: tuple[str, ...] = ()  # the names of those watching (观战)


@dataclass(frozen=True)
class Started(Message):
    TYPE: ClassVar[str] = "start"
    seat: int  # the client's own seat
    names: tuple[str, ...]
    titles: tuple[str, ...]
    rules: Ruleset


@dataclass(frozen=True)
class EventMessage(Message):
    TYPE: ClassVar[str] = "event"
    n: int  # 1, 2, 3 … for this client in this match; an ack names it
    event: Event


@dataclass(frozen=True)
class RequestMessage(Message):
    TYPE: ClassVar[str] = "request"
    request: DecisionRequest
    time_left: float | None  # seconds left by the host's clock when sent (a return: less than the limit)
    # The clock has not started: it waits at most this many seconds more for the client to show
    # what led to the request (a result still open after the next deal); None: it runs. An older
    # client ignores it, and misreads nothing.
    held: float | None = None


@dataclass(frozen=True)
class ClosedMessage(Message):
    TYPE: ClassVar[str] = "closed"
    closed: DecisionClosed


@dataclass(frozen=True)
class SeatStatus(Message):
    TYPE: ClassVar[str] = "seat_status"
    seat: int
    state: SeatState


@dataclass(frozen=True)
class Resync(Message):
    """A return during play: everything needed to draw the table again."""

    TYPE: ClassVar[str] = "resync"
    started: Started
    events: tuple[EventMessage, ...]  # the match's start and the current hand's events, as this seat saw them
    request: RequestMessage | None  # the decision waiting for this seat, with its time left
    states: tuple[SeatState, ...]


@dataclass(frozen=True)
class Between(Message):
    """Between hands: who is ready for the next deal and the table's one countdown. Sent when
    the wait begins and on every change; the last one of a wait has every seat ready (the deal,
    or the final standings, follows)."""

    TYPE: ClassVar[str] = "between"
    hand: int  # the number of the hand that has just ended (HandStarted.hand_number)
    ready: tuple[bool, ...]  # four, by the host's seats
    seconds: float  # left of the countdown by the host's clock when sent (0 once all are ready)

    @property
    def done(self) -> bool:
        return all(self.ready)


@dataclass(frozen=True)
class Said(Message):
    """Someone at the table said a quick phrase (its code; the words are the receiver's own)."""

    TYPE: ClassVar[str] = "said"
    seat: int
    phrase: str


@dataclass(frozen=True)
class Error(Message):
    TYPE: ClassVar[str] = "error"
    code: str
    message: str


@dataclass(frozen=True)
class Ended(Message):
    TYPE: ClassVar[str] = "end"
    reason: str
    message: str


CLIENT_MESSAGES: tuple[type[Message], ...] = (Hello, Ready, Leave, Ack, Choose, Next, SetAutoplay, SetAutoWin,
                                              Say, Ping, Pong)
HOST_MESSAGES: tuple[type[Message], ...] = (Refused, Welcome, Lobby, Started, EventMessage, RequestMessage,
                                            ClosedMessage, SeatStatus, Between, Resync, Said, Error, Ended,
                                            Ping, Pong)


# -- writing --------------------------------------------------------------------------------------

def to_wire(message: Message) -> dict[str, Any]:
    """The JSON object of `message` (for :func:`engine.net.frames.encode`)."""
    return {"type": message.TYPE, **_WRITERS[type(message)](message)}


def _plain_fields(message: Any) -> dict[str, Any]:
    return {f.name: getattr(message, f.name) for f in fields(message)}


def _write_started(m: Started) -> dict[str, Any]:
    return {"seat": m.seat, "names": list(m.names), "titles": list(m.titles), "rules": codec.to_json(m.rules)}


def _write_event(m: EventMessage) -> dict[str, Any]:
    return {"n": m.n, "event": codec.to_json(m.event)}


def _write_request(m: RequestMessage) -> dict[str, Any]:
    return {"request": codec.to_json(m.request), "time_left": m.time_left, "held": m.held}


_WRITERS: dict[type[Message], Callable[[Any], dict[str, Any]]] = {
    Hello: _plain_fields, Ready: _plain_fields, Leave: _plain_fields, Ack: _plain_fields,
    Choose: lambda m: {"request": m.request, "action": None if m.action is None else codec.to_json(m.action)},
    SetAutoplay: _plain_fields, SetAutoWin: _plain_fields, Say: _plain_fields, Said: _plain_fields,
    Ping: _plain_fields, Pong: _plain_fields, Next: _plain_fields, Refused: _plain_fields,
    Between: lambda m: {"hand": m.hand, "ready": list(m.ready), "seconds": m.seconds},
    Welcome: lambda m: {**_plain_fields(m), "table": m.table.to_json()},
    Lobby: lambda m: {"table": m.table.to_json(), "rules": codec.to_json(m.rules),
                      "seats": [s.to_json() for s in m.seats], "countdown": m.countdown,
                      "addresses": list(m.addresses), "watchers": list(m.watchers)},
    Started: _write_started,
    EventMessage: _write_event,
    RequestMessage: _write_request,
    ClosedMessage: lambda m: {"closed": codec.to_json(m.closed)},
    SeatStatus: lambda m: {"seat": m.seat, "state": m.state.to_json()},
    Resync: lambda m: {"started": _write_started(m.started), "events": [_write_event(e) for e in m.events],
                       "request": None if m.request is None else _write_request(m.request),
                       "states": [s.to_json() for s in m.states]},
    Error: _plain_fields, Ended: _plain_fields,
}


# -- reading --------------------------------------------------------------------------------------

def _read_hello(d: dict[str, Any]) -> Hello:
    return Hello(
        protocol=_int(d, "protocol", 0, 2**31), name=_text(d, "name", NAME_CHARS, empty=False) or "",
        title=_text(d, "title", TITLE_CHARS, optional=True) or "",
        code=_text(d, "code", CODE_CHARS, optional=True), token=_text(d, "token", TOKEN_CHARS, optional=True),
        shows=_optional_bool(d, "shows"), client=_text(d, "client", 64, optional=True) or "",
        watch=_optional_bool(d, "watch"),
    )


def _phrase(d: dict[str, Any]) -> str:
    value = d.get("phrase")
    if not isinstance(value, str) or not PHRASE.fullmatch(value):
        raise _bad("phrase", "a phrase code: a lower-case letter, then up to 31 letters, digits or _")
    return value


def _read_started(d: dict[str, Any]) -> Started:
    names = tuple(_text({"name": n}, "name", NAME_CHARS) or "" for n in _list(d, "names", 4))
    titles = tuple(_text({"title": t}, "title", TITLE_CHARS) or "" for t in _list(d, "titles", 4))
    rules = _coded(d, "rules", Ruleset)
    assert rules is not None
    return Started(seat=_int(d, "seat", 0, 3), names=names, titles=titles, rules=rules)


def _read_event(d: dict[str, Any]) -> EventMessage:
    event = _coded(d, "event", Event)
    assert event is not None
    return EventMessage(n=_int(d, "n", 1), event=event)


def _read_request(d: dict[str, Any]) -> RequestMessage:
    request = _coded(d, "request", DecisionRequest)
    assert request is not None
    return RequestMessage(request=request, time_left=_float(d, "time_left", optional=True),
                          held=_float(d, "held", optional=True))


def _read_choice(d: dict[str, Any]) -> Choose:
    return Choose(request=_int(d, "request", 0), action=_coded(d, "action", Action, optional=True))


def _read_lobby(d: dict[str, Any]) -> Lobby:
    rules = _coded(d, "rules", Ruleset)
    assert rules is not None
    addresses = tuple(_text({"a": a}, "a", 64) or "" for a in _list(d, "addresses", most=64))
    watchers = () if d.get("watchers") is None else tuple(  # (an older host sends none)
        _text({"name": n}, "name", NAME_CHARS) or "" for n in _list(d, "watchers", most=MAX_WATCHERS_LISTED))
    return Lobby(table=TableInfo.from_json(d.get("table")), rules=rules,
                 seats=tuple(LobbySeat.from_json(s) for s in _list(d, "seats", 4)),
                 countdown=_float(d, "countdown", optional=True), addresses=addresses, watchers=watchers)


def _read_resync(d: dict[str, Any]) -> Resync:
    request = d.get("request")
    return Resync(
        started=_read_started(_object(d.get("started"), "started")),
        events=tuple(_read_event(_object(e, "events")) for e in _list(d, "events", most=2048)),
        request=None if request is None else _read_request(_object(request, "request")),
        states=tuple(SeatState.from_json(s) for s in _list(d, "states", 4)),
    )


_READERS: dict[str, Callable[[dict[str, Any]], Message]] = {
    "hello": _read_hello,
    "ready": lambda d: Ready(_bool(d, "ready")),
    "leave": lambda d: Leave(),
    "ack": lambda d: Ack(_int(d, "n", 0)),
    "choice": _read_choice,
    "next": lambda d: Next(),
    "autoplay": lambda d: SetAutoplay(_bool(d, "on")),
    "auto_win": lambda d: SetAutoWin(_bool(d, "on")),
    "say": lambda d: Say(_phrase(d)),
    "said": lambda d: Said(_int(d, "seat", 0, 3), _phrase(d)),
    "ping": lambda d: Ping(_int(d, "t", 0)),
    "pong": lambda d: Pong(_int(d, "t", 0)),
    "refused": lambda d: Refused(_text(d, "code", 32) or "", _text(d, "message", 500) or "",
                                 _int(d, "protocol", 0, 2**31), _float(d, "retry_after", optional=True)),
    "welcome": lambda d: Welcome(_int(d, "seat", 0, 3), _text(d, "token", TOKEN_CHARS, empty=False) or "",
                                 TableInfo.from_json(d.get("table")), _bool(d, "resumed"),
                                 _int(d, "protocol", 0, 2**31), d.get("watching", False) is True),
    "lobby": _read_lobby,
    "start": _read_started,
    "event": _read_event,
    "request": _read_request,
    "closed": lambda d: ClosedMessage(_coded(d, "closed", DecisionClosed)),  # type: ignore[arg-type]
    "seat_status": lambda d: SeatStatus(_int(d, "seat", 0, 3), SeatState.from_json(d.get("state"))),
    "between": lambda d: Between(_int(d, "hand", 0),
                                 tuple(_bool({"r": r}, "r") for r in _list(d, "ready", 4)),
                                 _float(d, "seconds") or 0.0),
    "resync": _read_resync,
    "error": lambda d: Error(_text(d, "code", 32) or "", _text(d, "message", 500) or ""),
    "end": lambda d: Ended(_text(d, "reason", 32) or "", _text(d, "message", 500) or ""),
}
_CLIENT_TYPES = frozenset(m.TYPE for m in CLIENT_MESSAGES)
_HOST_TYPES = frozenset(m.TYPE for m in HOST_MESSAGES)


def parse(data: dict[str, Any], sender: str) -> Message:
    """The message in `data` (one frame's object) from a ``"client"`` or a ``"host"``;
    :class:`ProtocolError` if it is none a sender of that kind may send."""
    kind = data.get("type")
    allowed = _CLIENT_TYPES if sender == "client" else _HOST_TYPES
    if not isinstance(kind, str) or kind not in allowed:
        shown = kind[:32] if isinstance(kind, str) else type(kind).__name__
        raise ProtocolError(UNKNOWN_TYPE, f"no {sender} message of type {shown!r}")
    try:
        return _READERS[kind](data)
    except ProtocolError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:  # a reader's own check
        raise ProtocolError(BAD_MESSAGE, f"{kind}: {str(exc)[:200]}") from None


__all__ = [
    "CLIENT_MESSAGES", "DEFAULT_PORT", "DISCOVERY_PORT", "HOST_MESSAGES", "PROTOCOL_VERSION",
    "Ack", "Between", "Choose", "ClosedMessage", "Ended", "Error", "EventMessage", "Hello", "Leave", "Lobby",
    "LobbySeat", "Message", "Next", "Ping", "Pong", "ProtocolError", "Ready", "Refused", "RequestMessage",
    "Resync", "Said", "Say", "SeatState", "SeatStatus", "SetAutoWin", "SetAutoplay", "Started", "TableInfo",
    "Welcome", "clean_text", "parse", "to_wire",
]
