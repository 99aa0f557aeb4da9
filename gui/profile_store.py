"""Where profiles and the game history are kept on disk (pure Python: no Qt).

Two stores, on purpose:

* ``profiles.json`` — small, read on every start: all profiles (积分, statistics, best hand,
  the 积分 curve), which one is current, and each profile's match in progress. JSON because
  it is tiny, always needed in full, and a player (or a bug report) can read it. It is
  rewritten whole and *atomically* (a temporary file in the same folder, flushed, fsynced,
  ``os.replace``d, the folder fsynced), and the previous good version is kept as
  ``profiles.json.bak``, so a crash or a full disk never leaves half a file and a damaged file
  can be recovered.
* ``history.sqlite3`` — grows with every hand (each carries its full replay record, ~2 KB):
  rewriting it whole as JSON on every hand would get slow and risky. SQLite gives
  transactions, appends without rewriting, and queries ("the last 200 hands of this profile")
  without loading everything.

The profile's own totals live in ``profiles.json``, so losing the history (a damaged
database is put aside and a new one started) never loses 积分, level or statistics.

Schema versions: ``profiles.json`` carries ``"schema"`` (now 2); older files are migrated on
load by the functions in ``_MIGRATIONS``. Version 1, the first release, kept a single player
``{"schema": 1, "name", "score", "hands", "wins", "self_draws", "deal_ins", "created"}`` with
no rooms and no history. The database carries ``PRAGMA user_version`` (now 1); each function
in ``_DB_MIGRATIONS`` moves it up by one, inside a transaction.

Nothing here raises for a damaged or missing file: :meth:`ProfileStore.load` repairs what it
can, keeps damaged files aside as ``<name>.bad-<timestamp>`` and returns warnings in plain
English for the GUI to present. Bad input to the API raises ``ValueError`` with a readable
message; a write the disk refuses raises ``OSError`` and leaves the store as it was before
the call (in memory and on disk). Use one store from one thread.
"""

from __future__ import annotations

import contextlib
import copy
import json
import logging
import os
import sqlite3
import tempfile
import time
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from engine import __version__ as PROGRAM_VERSION
from engine.hand import Hand, HandResult
from engine.levels import Level
from engine.replay import FORMAT, ReplayError, replay
from gui.profile_model import HandOutcome, Profile, RoomStats

log = logging.getLogger(__name__)

APP_NAME = "hefei-mahjong"
ENV_DATA_DIR = "HEFEI_MAHJONG_DATA_DIR"
PROFILES_FILE = "profiles.json"
BACKUP_SUFFIX = ".bak"
HISTORY_FILE = "history.sqlite3"
SCHEMA_VERSION = 2
MAX_NAME_LENGTH = 40
MAX_IMPORT_BYTES = 2_000_000  # a saved hand is a few KB; anything huge is not one
# SQLite keeps a rollback journal (or WAL files) next to the database; they belong to it.
_DB_COMPANIONS = ("-journal", "-wal", "-shm")
# Primary result codes meaning "this file is damaged / not a database" (not "locked", "no access").
_SQLITE_CORRUPT, _SQLITE_NOTADB = 11, 26

RESULT_SELF_DRAW = "自摸"  # the profile's player won by self-draw
RESULT_DISCARD_WIN = "点炮胡"  # won on someone's discard
RESULT_DEAL_IN = "点炮"  # dealt the winning tile
RESULT_EXHAUSTIVE = "荒庄"  # nobody won
RESULT_OTHER = "—"  # somebody else won, not on the player's discard

R = TypeVar("R")


@dataclass(frozen=True)
class HistoryRow:
    id: int
    played_at: str  # ISO 8601
    room: str  # "open" | "baoting"
    result: str  # one of the RESULT_* texts
    delta: int  # the player's net score in that hand
    match_id: str
    imported: bool = False


def data_dir() -> Path:
    """The data folder: $HEFEI_MAHJONG_DATA_DIR, else the platform's user data folder."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME))


def result_text(won: bool, self_draw: bool, deal_in: bool, exhaustive: bool) -> str:
    """The short result of a hand as the player saw it (the history's result column)."""
    if won:
        return RESULT_SELF_DRAW if self_draw else RESULT_DISCARD_WIN
    if deal_in:
        return RESULT_DEAL_IN
    if exhaustive:
        return RESULT_EXHAUSTIVE
    return RESULT_OTHER


# -- files ----------------------------------------------------------------------------------


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _fsync_dir(directory: Path) -> None:
    """Make a rename durable: on POSIX the directory entry must be flushed too (best effort;
    Windows cannot open a directory this way and does not need it)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _atomic_write(file: Path, payload: bytes, before_replace: Callable[[], None] | None = None) -> None:
    """Write ``file`` so that it is either the old or the new content, never a mix.

    The temporary file lives in the same folder because ``os.replace`` is only atomic within
    one file system. ``before_replace`` runs once the new content is safely on disk (used to
    keep the backup, so a failed write never costs the backup).
    """
    fd, tmp_name = tempfile.mkstemp(prefix=f".{file.name}.", suffix=".tmp", dir=file.parent)
    try:
        with os.fdopen(fd, "wb") as tmp:
            tmp.write(payload)
            tmp.flush()
            os.fsync(tmp.fileno())
        if before_replace is not None:
            before_replace()
        os.replace(tmp_name, file)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    _fsync_dir(file.parent)


def _keep_aside(file: Path, companions: Sequence[str] = ()) -> Path | None:
    """Rename a damaged file to ``<name>.bad-<timestamp>`` (never delete what we cannot read:
    it may still be salvaged by hand). Returns the new path, or None if it could not move."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = file.with_name(f"{file.name}.bad-{stamp}")
    n = 1
    while target.exists():
        target = file.with_name(f"{file.name}.bad-{stamp}-{n}")
        n += 1
    try:
        os.replace(file, target)
    except OSError:
        return None
    for suffix in companions:
        extra = file.with_name(file.name + suffix)
        if not extra.exists():
            continue
        try:
            # Same suffix as SQLite expects, so the journal stays with the damaged copy.
            os.replace(extra, target.with_name(target.name + suffix))
        except OSError:
            # A stale journal next to a fresh database would be "rolled back" into it.
            with contextlib.suppress(OSError):
                os.unlink(extra)
    _fsync_dir(file.parent)
    return target


def _int(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{what} is not a whole number")
    return value


def _json_copy(value: Any, what: str) -> Any:
    """A deep, JSON-only copy: proves the caller's data can be saved, and detaches it from the
    caller's objects so later changes there do not leak into the store."""
    try:
        return json.loads(json.dumps(value, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValueError(f"{what} cannot be saved as JSON: {exc}") from None


def clean_name(name: Any) -> str:
    """A profile name as stored: trimmed, non-empty, printable, at most MAX_NAME_LENGTH."""
    if not isinstance(name, str):
        raise ValueError("a profile name is text")
    name = name.strip()
    if not name:
        raise ValueError("a profile name cannot be empty")
    if len(name) > MAX_NAME_LENGTH:
        raise ValueError(f"a profile name has at most {MAX_NAME_LENGTH} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in name):
        raise ValueError("a profile name cannot contain control characters or line breaks")
    return name


# -- profiles.json ----------------------------------------------------------------------------


class _Corrupt(ValueError):
    """profiles.json (or its backup) cannot be understood."""


class _TooNew(ValueError):
    """profiles.json was written by a newer program: not ours to rewrite."""


@dataclass
class _State:
    profiles: list[Profile] = field(default_factory=list)
    current: str | None = None
    in_progress: dict[str, dict[str, Any]] = field(default_factory=dict)

    def find(self, name: str) -> Profile:
        for profile in self.profiles:
            if profile.name == name:
                return profile
        raise ValueError(f"there is no profile named {name!r}")

    def clash(self, name: str, ignore: str | None = None) -> bool:
        """Is `name` taken? Case-insensitively, so "Bob" and "bob" are not two players."""
        key = name.casefold()
        return any(p.name.casefold() == key and p.name != ignore for p in self.profiles)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA_VERSION,
            "current": self.current,
            "profiles": [p.to_dict() for p in self.profiles],
            "matches_in_progress": self.in_progress,
        }


def _migrate_v1(data: dict[str, Any]) -> dict[str, Any]:
    """v1 → v2. v1 had one player and only the 不报听 room, so its totals are that room's; the
    net score was never kept apart from the (floored) score, which is the best estimate."""
    name = clean_name(data.get("name"))
    score = _int(data.get("score", 0), "score")
    hands = _int(data.get("hands", 0), "hands")
    wins = _int(data.get("wins", 0), "wins")
    self_draws = _int(data.get("self_draws", 0), "self_draws")
    deal_ins = _int(data.get("deal_ins", 0), "deal_ins")
    if not (0 <= self_draws <= wins <= hands and 0 <= deal_ins <= hands):
        raise ValueError("the version 1 totals do not add up")
    points = max(0, score)
    open_room = {
        "matches": 0, "hands": hands, "wins": wins, "self_draws": self_draws,
        "discard_wins": wins - self_draws, "deal_ins": deal_ins, "exhaustive": 0, "net": score,
    }
    profile = {
        "name": name, "points": points, "created": str(data.get("created", "")),
        "rooms": {"open": open_room}, "best_hand": None,
        "points_history": [points] if hands else [], "match_results": [],
    }
    return {"schema": 2, "current": name, "profiles": [profile], "matches_in_progress": {}}


# _MIGRATIONS[n] turns a version-n document into a version-(n+1) one.
_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _migrate_v1}


def _check_profile(profile: Profile) -> None:
    """Profile.from_dict trusts types; a hand-edited file could put text where numbers go and
    crash the statistics page later, so check now, while it can still be called damaged."""
    clean_name(profile.name)
    for stats in profile.rooms.values():
        for f in fields(RoomStats):
            _int(getattr(stats, f.name), f.name)
    best = profile.best_hand
    if best is not None:
        _int(best.value, "best hand value")
        if not (isinstance(best.items, list) and isinstance(best.tiles, str) and isinstance(best.kongs, list)
                and isinstance(best.played_at, str) and isinstance(best.room, str)):
            raise ValueError("the best hand is damaged")


def _state_from_v2(data: dict[str, Any]) -> _State:
    raw_profiles = data.get("profiles")
    if not isinstance(raw_profiles, list):
        raise ValueError("no list of profiles")
    state = _State()
    for index, raw in enumerate(raw_profiles, start=1):
        if not isinstance(raw, dict):
            raise ValueError(f"profile {index} is not an object")
        profile = Profile.from_dict(raw)
        _check_profile(profile)
        if state.clash(profile.name):
            raise ValueError(f"two profiles are named {profile.name!r}")
        state.profiles.append(profile)
    current = data.get("current")
    names = {p.name for p in state.profiles}
    # A dangling "current" is harmless (nobody selected): not a reason to call the file damaged.
    state.current = current if isinstance(current, str) and current in names else None
    in_progress = data.get("matches_in_progress", {})
    if not isinstance(in_progress, dict):
        raise ValueError("the matches in progress are damaged")
    state.in_progress = {k: v for k, v in in_progress.items() if k in names and isinstance(v, dict)}
    return state


def _parse_state(raw: bytes) -> tuple[_State, int]:
    """The state in a profiles.json (any known schema) and the schema it was written with."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise _Corrupt("it is not valid JSON text") from None
    if not isinstance(data, dict):
        raise _Corrupt("it is not a profile file")
    schema = data.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise _Corrupt("it has no valid schema version")
    if schema > SCHEMA_VERSION:
        raise _TooNew(f"it was written with schema {schema} by a newer version of the program")
    found = schema
    try:
        while schema < SCHEMA_VERSION:
            data = _MIGRATIONS[schema](data)
            schema = data["schema"]
        return _state_from_v2(data), found
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise _Corrupt(f"its content is damaged ({exc})") from None


# -- history.sqlite3 --------------------------------------------------------------------------


def _db_v1(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE hands (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            profile TEXT NOT NULL,
            played_at TEXT NOT NULL,
            room TEXT NOT NULL,
            delta INTEGER NOT NULL,
            result TEXT NOT NULL,
            summary TEXT NOT NULL,          -- JSON: winners, exhaustive, deltas, the player's view
            record TEXT NOT NULL,           -- JSON: engine.replay.record(), enough to replay it
            rules TEXT NOT NULL,            -- JSON: Ruleset.to_dict()
            preset TEXT NOT NULL,
            program_version TEXT NOT NULL,
            match_id TEXT NOT NULL,
            names TEXT NOT NULL,            -- JSON: the four names at the table
            human_seat INTEGER NOT NULL,
            imported INTEGER NOT NULL DEFAULT 0
        )"""
    )
    db.execute("CREATE INDEX hands_by_profile ON hands(profile, id)")
    db.execute(
        """CREATE TABLE matches (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            profile TEXT NOT NULL,
            match_id TEXT NOT NULL,
            finished_at TEXT NOT NULL,
            room TEXT NOT NULL,
            net INTEGER NOT NULL,
            summary TEXT NOT NULL,          -- JSON from the caller
            UNIQUE (profile, match_id)
        )"""
    )


# _DB_MIGRATIONS[n] moves the database from user_version n to n+1.
_DB_MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_db_v1]
DB_SCHEMA_VERSION = len(_DB_MIGRATIONS)


class _HistoryDamaged(Exception):
    """The integrity check found the history database damaged."""


class _HistoryTooNew(Exception):
    """The history database was written by a newer program."""


def _is_damage(exc: BaseException) -> bool:
    if isinstance(exc, _HistoryDamaged):
        return True
    code = getattr(exc, "sqlite_errorcode", None)
    # Only corruption counts: "locked" or "cannot open" must never get a good file put aside.
    return isinstance(exc, sqlite3.DatabaseError) and code is not None and code & 0xFF in (
        _SQLITE_CORRUPT, _SQLITE_NOTADB,
    )


# -- saved hands ------------------------------------------------------------------------------


def _check_record(hand_record: Any) -> dict[str, Any]:
    """A JSON copy of a finished hand's engine.replay record, or ValueError."""
    if not isinstance(hand_record, dict) or hand_record.get("format") != FORMAT:
        raise ValueError("the hand record is not an engine.replay record")
    record = _json_copy(hand_record, "the hand record")
    result = record.get("result")
    deltas = result.get("deltas") if isinstance(result, dict) else None
    if not isinstance(deltas, list) or len(deltas) != 4 or not all(isinstance(d, int) for d in deltas):
        raise ValueError("the hand record has no result: only finished hands are kept")
    if not isinstance(record.get("rules"), dict):
        raise ValueError("the hand record has no rules")
    return record


def _check_names(names: Any) -> list[str]:
    if not isinstance(names, list | tuple) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise ValueError("names are the four players' names")
    return list(names)


def _check_seat(seat: Any) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
        raise ValueError("a seat is 0..3")
    return seat


def _verify_saved_hand(data: Any) -> Hand:
    """Replay a saved hand and insist that it reaches exactly its saved result."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("this is not a saved Hefei mahjong hand")
    saved = data.get("result")
    if not isinstance(saved, dict):
        # engine.replay only compares results it is given: without one, anything would pass.
        raise ValueError("the saved hand has no result, so it cannot be checked")
    try:
        hand = replay(data)
    except ReplayError as exc:
        raise ValueError(f"the saved hand was refused: {exc}") from None
    except Exception as exc:  # garbage in any shape (IndexError, RecursionError...) is refused
        raise ValueError(f"the saved hand is damaged ({type(exc).__name__})") from None
    result = hand.result
    if result is None:
        raise ValueError("the saved decisions stop before the end of the hand")
    if (saved.get("winners") != list(result.winners) or saved.get("exhaustive") != result.exhaustive
            or saved.get("deltas") != list(result.deltas)):
        raise ValueError("the saved hand was refused: the replay does not reach the saved result")
    return hand


def _outcome_of(result: HandResult, seat: int) -> tuple[bool, bool, bool, bool]:
    """(won, self_draw, deal_in, exhaustive) for `seat`."""
    won = seat in result.winners
    return won, won and result.self_draw, result.discarder == seat and not won, result.exhaustive


# -- the store --------------------------------------------------------------------------------


class ProfileStore:
    """Profiles (profiles.json) and the game history (history.sqlite3) of one data folder."""

    def __init__(self, base_dir: str | os.PathLike[str] | None = None) -> None:
        self.base_dir = Path(base_dir) if base_dir is not None else data_dir()
        self.profiles_path = self.base_dir / PROFILES_FILE
        self.backup_path = self.base_dir / (PROFILES_FILE + BACKUP_SUFFIX)
        self.history_path = self.base_dir / HISTORY_FILE
        self._state = _State()
        self._db: sqlite3.Connection | None = None
        self._read_only: str | None = None  # why profiles.json must not be written, if so
        self._disk_bytes: bytes | None = None  # what profiles.json holds (known good)
        self._loaded = False
        self._pending: list[str] = []  # warnings that arose outside load()

    # -- life cycle ------------------------------------------------------------------------

    def load(self) -> list[str]:
        """Read (and repair, if needed) both stores; returns warnings for the player."""
        self.close()
        self._state = _State()
        self._read_only = None
        self._disk_bytes = None
        warnings: list[str] = []
        try:
            self.base_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._read_only = f"the data folder {self.base_dir} cannot be created ({_reason(exc)})"
            warnings.append(f"The data folder {self.base_dir} cannot be created ({_reason(exc)}); "
                            "profiles and history will not be saved.")
        else:
            self._remove_stale_temps()
            warnings += self._load_profiles()
            warnings += self._open_history()
        self._loaded = True
        return warnings

    def close(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None

    def __enter__(self) -> ProfileStore:
        self._ensure_loaded()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def take_warnings(self) -> list[str]:
        """Warnings that arose after load() (e.g. the history got damaged mid-session)."""
        pending, self._pending = self._pending, []
        return pending

    @property
    def history_available(self) -> bool:
        self._ensure_loaded()
        return self._db is not None

    # -- profiles ----------------------------------------------------------------------------

    def profiles(self) -> list[Profile]:
        """Copies of all profiles, in creation order (edits to them are not saved)."""
        self._ensure_loaded()
        return copy.deepcopy(self._state.profiles)

    def current(self) -> Profile | None:
        self._ensure_loaded()
        name = self._state.current
        return None if name is None else copy.deepcopy(self._state.find(name))

    def create(self, name: str) -> Profile:
        """A new profile; it becomes current when none is. ValueError for a bad or taken name."""
        self._ensure_loaded()
        name = clean_name(name)
        if self._state.clash(name):
            raise ValueError(f"a profile named {name!r} already exists")

        def change(state: _State) -> Profile:
            profile = Profile(name=name, created=_now())
            state.profiles.append(profile)
            if state.current is None:
                state.current = name
            return copy.deepcopy(profile)

        return self._change(change)

    def select(self, name: str) -> None:
        self._ensure_loaded()
        self._state.find(name)

        def change(state: _State) -> None:
            state.current = name

        self._change(change)

    def rename(self, old: str, new: str) -> None:
        self._ensure_loaded()
        self._state.find(old)
        new = clean_name(new)
        if new == old:
            return
        if self._state.clash(new, ignore=old):
            raise ValueError(f"a profile named {new!r} already exists")

        def change(state: _State) -> None:
            state.find(old).name = new
            if state.current == old:
                state.current = new
            if old in state.in_progress:
                state.in_progress[new] = state.in_progress.pop(old)

        def write(db: sqlite3.Connection) -> None:
            # History rows are keyed by name: they must follow the profile.
            db.execute("UPDATE hands SET profile = ? WHERE profile = ?", (new, old))
            db.execute("UPDATE matches SET profile = ? WHERE profile = ?", (new, old))

        self._change(change, write)

    def delete(self, name: str) -> None:
        """Remove a profile, its match in progress and its history."""
        self._ensure_loaded()
        self._state.find(name)

        def change(state: _State) -> None:
            state.profiles = [p for p in state.profiles if p.name != name]
            state.in_progress.pop(name, None)
            if state.current == name:
                state.current = None

        def write(db: sqlite3.Connection) -> None:
            # Otherwise a later profile of the same name would inherit this one's history.
            db.execute("DELETE FROM hands WHERE profile = ?", (name,))
            db.execute("DELETE FROM matches WHERE profile = ?", (name,))

        self._change(change, write)

    # -- games -------------------------------------------------------------------------------

    def record_hand(self, name: str, outcome: HandOutcome, hand_record: dict[str, Any], match_id: str,
                    names: list[str], human_seat: int) -> tuple[Level, Level]:
        """Count a finished hand for profile `name` and add it to the history.

        Returns the level before and after (to announce a promotion or a fall).
        """
        self._ensure_loaded()
        self._state.find(name)
        if not isinstance(outcome, HandOutcome):
            raise ValueError("outcome is a HandOutcome")
        seat = _check_seat(human_seat)
        table_names = _check_names(names)
        if not isinstance(match_id, str):
            raise ValueError("a match id is text")
        record = _check_record(hand_record)
        saved_deltas = record["result"]["deltas"]
        if saved_deltas[seat] != outcome.delta:
            # The history would contradict the profile's totals: a caller bug, refuse it.
            raise ValueError(f"the outcome's delta {outcome.delta} is not seat {seat}'s {saved_deltas[seat]}")
        played_at = _now()
        record["names"] = table_names
        if not isinstance(record.get("played_at"), str) or not record["played_at"]:
            record["played_at"] = played_at
        result = record["result"]
        summary = {
            "winners": result.get("winners"), "exhaustive": result.get("exhaustive"), "deltas": saved_deltas,
            "won": outcome.won, "self_draw": outcome.won and outcome.self_draw, "deal_in": outcome.deal_in,
        }
        text = result_text(outcome.won, outcome.self_draw, outcome.deal_in, outcome.exhaustive)

        def change(state: _State) -> tuple[Level, Level]:
            return state.find(name).record_hand(outcome)

        def write(db: sqlite3.Connection) -> None:
            self._insert_hand(db, name, played_at, outcome.room, outcome.delta, text, summary, record,
                              table_names, seat, match_id, imported=False)

        return self._change(change, write)

    def record_match(self, name: str, match_id: str, room: str, net: int, summary: dict[str, Any]) -> None:
        """Count a finished match. Its saved match in progress is cleared in the same write, so
        a crash can never leave a finished match both counted and resumable."""
        self._ensure_loaded()
        self._state.find(name)
        if not isinstance(match_id, str) or not match_id:
            raise ValueError("a match id is non-empty text")
        if not isinstance(room, str) or not room:
            raise ValueError("a room is non-empty text")
        net = _int(net, "the match's net score")
        summary_json = json.dumps(_json_copy(summary, "the match summary"), ensure_ascii=False)
        if self._db is not None and self._db_read(
            "SELECT 1 FROM matches WHERE profile = ? AND match_id = ?", (name, match_id)
        ):
            raise ValueError(f"match {match_id!r} is already recorded")

        def change(state: _State) -> None:
            state.find(name).record_match(room, net)
            state.in_progress.pop(name, None)

        def write(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO matches (profile, match_id, finished_at, room, net, summary)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (name, match_id, _now(), room, net, summary_json),
            )

        self._change(change, write)

    def save_match_in_progress(self, name: str, state: dict[str, Any]) -> None:
        self._ensure_loaded()
        self._state.find(name)
        if not isinstance(state, dict):
            raise ValueError("a match in progress is a JSON object")
        saved = _json_copy(state, "the match in progress")

        def change(s: _State) -> None:
            s.in_progress[name] = saved

        self._change(change)

    def match_in_progress(self, name: str) -> dict[str, Any] | None:
        self._ensure_loaded()
        self._state.find(name)
        saved = self._state.in_progress.get(name)
        return None if saved is None else copy.deepcopy(saved)

    def clear_match_in_progress(self, name: str) -> None:
        self._ensure_loaded()
        self._state.find(name)
        if name not in self._state.in_progress:
            return

        def change(s: _State) -> None:
            s.in_progress.pop(name, None)

        self._change(change)

    # -- history -----------------------------------------------------------------------------

    def history(self, name: str, limit: int = 200) -> list[HistoryRow]:
        """The profile's hands, newest (most recently recorded or imported) first."""
        self._ensure_loaded()
        self._state.find(name)
        limit = _int(limit, "limit")
        if self._db is None or limit <= 0:
            return []
        rows = self._db_read(
            "SELECT id, played_at, room, result, delta, match_id, imported FROM hands"
            " WHERE profile = ? ORDER BY id DESC LIMIT ?",
            (name, limit),
        )
        return [HistoryRow(r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6])) for r in rows]

    def hand_record(self, hand_id: int) -> dict[str, Any]:
        """The saved engine.replay record of a history entry."""
        return json.loads(self._hand_row(hand_id)[0])

    def export_hand(self, hand_id: int, path: str | os.PathLike[str]) -> Path:
        """Write a history entry as a saved-hand file (engine.replay format plus "names",
        "profile", "human_seat" and "match_id"), atomically. Returns the file written."""
        record_json, profile, names_json, seat, match_id = self._hand_row(hand_id)
        data = json.loads(record_json)
        data["names"] = json.loads(names_json)
        data["profile"] = profile
        data["human_seat"] = seat
        data["match_id"] = match_id
        target = Path(path)
        payload = (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
        _atomic_write(target, payload)
        return target

    def import_hand(self, path: str | os.PathLike[str], name: str) -> int:
        """Add a saved-hand file to the history of profile `name` (marked imported; it does not
        change 积分 or statistics: it may be someone else's hand). The hand is replayed and
        must reach its saved result. Returns the new history id; ValueError if refused."""
        self._ensure_loaded()
        self._state.find(name)
        file = Path(path)
        try:
            if file.stat().st_size > MAX_IMPORT_BYTES:
                raise ValueError(f"{file.name} is too large to be a saved hand")
            raw = file.read_bytes()
        except OSError as exc:
            raise ValueError(f"{file.name} cannot be read ({_reason(exc)})") from None
        try:
            data = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            raise ValueError(f"{file.name} is not a saved hand (it is not JSON text)") from None
        hand = _verify_saved_hand(data)
        result = hand.result
        assert result is not None  # _verify_saved_hand insists on a finished hand
        names = data.get("names")
        names = list(names) if isinstance(names, list) and len(names) == 4 and all(
            isinstance(n, str) for n in names) else ["", "", "", ""]
        seat = data.get("human_seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
            owner = data.get("profile")
            seat = names.index(owner) if isinstance(owner, str) and owner in names else 0
        match_id = data.get("match_id") if isinstance(data.get("match_id"), str) else ""
        played_at = data.get("played_at")
        if not isinstance(played_at, str) or not played_at:
            played_at = _now()
        # Store the record as the engine writes it, not the file as given: no foreign keys in it.
        record = {key: data[key] for key in (
            "format", "format_version", "program_version", "played_at", "rules", "seed", "dealer",
            "dealer_streak", "hand_number", "round_number", "scores_before", "names", "actions", "result",
        ) if key in data}
        record["names"] = names
        record["played_at"] = played_at
        won, self_draw, deal_in, exhaustive = _outcome_of(result, seat)
        summary = {
            "winners": list(result.winners), "exhaustive": exhaustive, "deltas": list(result.deltas),
            "won": won, "self_draw": self_draw, "deal_in": deal_in,
        }
        db = self._db
        if db is None:
            raise OSError("the game history is not available, so the hand cannot be imported")
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                hand_id = self._insert_hand(
                    db, name, played_at, hand.rules.room.value, result.deltas[seat],
                    result_text(won, self_draw, deal_in, exhaustive), summary, record, names, seat,
                    match_id, imported=True,
                )
                db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            self._history_failed(exc)
            raise OSError(f"the hand could not be added to the history ({exc})") from None
        return hand_id

    # -- internals: profiles.json ----------------------------------------------------------

    def _ensure_loaded(self) -> None:
        if not self._loaded:
            self._pending += self.load()

    def _remove_stale_temps(self) -> None:
        """Temporary files of a write that crashed before its rename: never a live file."""
        for leftover in self.base_dir.glob(f".{PROFILES_FILE}*.tmp"):
            with contextlib.suppress(OSError):
                leftover.unlink()

    def _load_profiles(self) -> list[str]:
        main = self.profiles_path
        try:
            raw: bytes | None = main.read_bytes()
        except FileNotFoundError:
            raw = None
        except OSError as exc:
            return self._recover(f"could not be read ({_reason(exc)})", keep_aside=True)
        if raw is None:
            if self.backup_path.exists():
                return self._recover("was missing", keep_aside=False)
            return []
        try:
            state, found = _parse_state(raw)
        except _TooNew as exc:
            # A newer program's file: leave it exactly as it is, and do not write over it.
            self._read_only = f"{main.name} was written by a newer version of the program"
            return [f"Your profiles were saved by a newer version of the program ({exc}). "
                    "They are left untouched; nothing will be saved until you use that version again."]
        except _Corrupt as exc:
            return self._recover(f"is damaged: {exc}", keep_aside=True)
        self._state = state
        self._disk_bytes = raw
        if found < SCHEMA_VERSION:
            try:
                self._save()  # write the upgrade now (the old file becomes the backup)
            except OSError as exc:
                return [f"Your profiles were upgraded to the new format but could not be saved "
                        f"({_reason(exc)}); the upgrade will be tried again."]
        return []

    def _recover(self, problem: str, keep_aside: bool) -> list[str]:
        """profiles.json is unusable: keep it aside, and fall back to the backup if it is good."""
        main = self.profiles_path
        kept: Path | None = None
        if keep_aside:
            kept = _keep_aside(main)
            if kept is None:
                # It cannot even be moved: writing over it would lose it silently. Refuse.
                self._read_only = f"{main.name} {problem} and could not be moved aside"
        backup = self._read_backup()
        parts = [f"Your profile file {main.name} {problem}."]
        if backup is not None:
            self._state = backup
            parts.append("It was restored from the backup copy.")
            if self._read_only is None:
                try:
                    self._save()
                except OSError as exc:
                    parts.append(f"The restored profiles could not be saved yet ({_reason(exc)}).")
        else:
            parts.append("No usable backup was found, so you start with no profiles.")
        if kept is not None:
            parts.append(f"The damaged file is kept as {kept.name}.")
        elif self._read_only is not None:
            parts.append("It was left untouched and nothing will be saved until it is fixed.")
        return [" ".join(parts)]

    def _read_backup(self) -> _State | None:
        try:
            state, _found = _parse_state(self.backup_path.read_bytes())
        except (OSError, _Corrupt, _TooNew):
            return None
        return state

    def _save(self) -> None:
        if self._read_only is not None:
            raise OSError(f"profiles are not saved: {self._read_only}")
        payload = (json.dumps(self._state.to_json(), ensure_ascii=False, indent=2) + "\n").encode("utf-8")
        self.base_dir.mkdir(parents=True, exist_ok=True)
        _atomic_write(self.profiles_path, payload, before_replace=self._backup_current)
        self._disk_bytes = payload

    def _backup_current(self) -> None:
        """Keep the file about to be replaced as profiles.json.bak — only if it is good, so a
        damaged file can never push out the last good backup. Best effort: a failed backup
        must not stop the save itself."""
        try:
            raw = self.profiles_path.read_bytes()
        except OSError:
            return
        if raw != self._disk_bytes:
            try:
                _parse_state(raw)
            except (_Corrupt, _TooNew):
                return
        try:
            _atomic_write(self.backup_path, raw)
        except OSError as exc:
            log.warning("could not back up %s: %s", self.profiles_path, exc)

    def _change(self, change: Callable[[_State], R], write: Callable[[sqlite3.Connection], Any] | None = None,
                ) -> R:
        """Apply `change` to the profiles and `write` to the history, all or nothing.

        The history transaction stays open while profiles.json is written and is committed
        only after that succeeded: a failed profile write rolls the history back, and the
        in-memory state is restored, so memory, JSON and database never disagree. A broken
        history does not block the profile (its totals matter more): the history is then
        repaired or skipped with a warning.
        """
        snapshot = copy.deepcopy(self._state)
        db = self._begin(write) if write is not None else None
        try:
            value = change(self._state)
            self._save()
        except BaseException:
            self._state = snapshot
            if db is not None:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
            raise
        if db is not None:
            try:
                db.execute("COMMIT")
            except sqlite3.Error as exc:
                self._history_failed(exc)
        return value

    # -- internals: history.sqlite3 --------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a transaction can span the
        # profiles.json write (see _change).
        db = sqlite3.connect(self.history_path, timeout=5.0, isolation_level=None)
        try:
            row = db.execute("PRAGMA quick_check").fetchone()
            if row is None or row[0] != "ok":
                raise _HistoryDamaged(row[0] if row else "no answer")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > DB_SCHEMA_VERSION:
                raise _HistoryTooNew(version)
            if version < DB_SCHEMA_VERSION:
                db.execute("BEGIN IMMEDIATE")
                try:
                    for step in _DB_MIGRATIONS[version:]:
                        step(db)
                    db.execute(f"PRAGMA user_version = {DB_SCHEMA_VERSION}")
                    db.execute("COMMIT")
                except BaseException:
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                    raise
        except BaseException:
            db.close()
            raise
        return db

    def _open_history(self) -> list[str]:
        try:
            self._db = self._connect()
        except _HistoryTooNew:
            return ["Your game history was saved by a newer version of the program. It is left "
                    "untouched and this session's hands are not added to it."]
        except (sqlite3.Error, _HistoryDamaged) as exc:
            if _is_damage(exc):
                return [self._restart_history()]
            return [f"Your game history cannot be opened ({exc}); this session's hands are not added "
                    "to it. Your 积分 and statistics are still saved."]
        return []

    def _restart_history(self) -> str:
        """Put the damaged database aside and start an empty one; the message says so."""
        self.close()
        kept = _keep_aside(self.history_path, _DB_COMPANIONS)
        if kept is None:
            return ("Your game history is damaged and could not be moved aside; this session's hands "
                    "are not added to it. Your 积分 and statistics are kept.")
        try:
            self._db = self._connect()
        except (sqlite3.Error, _HistoryDamaged, _HistoryTooNew) as exc:
            return (f"Your game history was damaged and is kept as {kept.name}; a new one could not be "
                    f"started ({exc}). Your 积分 and statistics are kept.")
        return (f"Your game history was damaged and is kept as {kept.name}; a new history was started. "
                "Your 积分 and statistics are kept.")

    def _history_failed(self, exc: BaseException) -> None:
        """A history operation failed mid-session: repair a damaged database, else go on
        without history; either way tell the player (via take_warnings)."""
        log.warning("history database error: %s", exc)
        if _is_damage(exc):
            self._pending.append(self._restart_history())
        else:
            self._pending.append(f"A hand could not be added to your game history ({exc}). "
                                 "Your 积分 and statistics are saved.")

    def _begin(self, write: Callable[[sqlite3.Connection], Any]) -> sqlite3.Connection | None:
        """Open a transaction and run `write` in it; None if the history cannot take it (after
        one repair attempt for a damaged database, so the current write lands in the new one)."""
        for _attempt in range(2):
            db = self._db
            if db is None:
                return None
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    write(db)
                except BaseException:
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                    raise
                return db
            except sqlite3.Error as exc:
                self._history_failed(exc)
                if not _is_damage(exc):
                    return None
        return None

    def _db_read(self, sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
        db = self._db
        if db is None:
            return []
        try:
            return db.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            self._history_failed(exc)
            return []

    def _hand_row(self, hand_id: int) -> tuple[str, str, str, int, str]:
        self._ensure_loaded()
        hand_id = _int(hand_id, "a hand id")
        rows = self._db_read(
            "SELECT record, profile, names, human_seat, match_id FROM hands WHERE id = ?", (hand_id,)
        )
        if not rows:
            raise ValueError(f"there is no saved hand {hand_id} in the history")
        record, profile, names, seat, match_id = rows[0]
        return record, profile, names, seat, match_id

    @staticmethod
    def _insert_hand(db: sqlite3.Connection, profile: str, played_at: str, room: str, delta: int, result: str,
                     summary: dict[str, Any], record: dict[str, Any], names: Iterable[str], seat: int,
                     match_id: str, imported: bool) -> int:
        rules = record.get("rules") or {}
        cursor = db.execute(
            "INSERT INTO hands (profile, played_at, room, delta, result, summary, record, rules, preset,"
            " program_version, match_id, names, human_seat, imported)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                profile, played_at, room, delta, result,
                json.dumps(summary, ensure_ascii=False), json.dumps(record, ensure_ascii=False),
                json.dumps(rules, ensure_ascii=False), str(rules.get("preset", "")),
                str(record.get("program_version") or PROGRAM_VERSION), match_id,
                json.dumps(list(names), ensure_ascii=False), seat, int(imported),
            ),
        )
        return int(cursor.lastrowid or 0)


__all__ = [
    "DB_SCHEMA_VERSION", "SCHEMA_VERSION", "HistoryRow", "ProfileStore", "clean_name",
    "data_dir", "result_text",
]
