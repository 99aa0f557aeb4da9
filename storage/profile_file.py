"""``profiles.json``: all profiles, which one is current, and each one's match in progress (no Qt).

The file is small, read on every start and always needed in full, so it is JSON (a player, or
a bug report, can read it). It is rewritten whole and atomically (see :mod:`storage.atomic`),
and the previous good version is kept as ``profiles.json.bak``, so a crash or a full disk
never leaves half a file and a damaged file can be recovered from the backup.

Schema versions: the file carries ``"schema"`` (now 3); older files are migrated on load by
the functions in ``_MIGRATIONS``. Version 1, the first release, kept a single player
``{"schema": 1, "name", "score", "hands", "wins", "self_draws", "deal_ins", "created"}`` with
no rooms and no history. Version 2 kept display text: the best hand's items with their zh / en
labels, and the match in progress with its seats named 下家 / 对家 / 上家; version 3 keeps codes
only (see :mod:`storage.codes`). A file from a newer program is never written over.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from storage.atomic import (
    atomic_write,
    dump_json,
    keep_aside,
    os_reason,
    parse_json,
    read_limited,
    remove_stale_temps,
)
from storage.checks import clean_name, whole_number
from storage.codes import coded_names
from storage.model import Profile, RoomStats, coded_items
from storage.notice import Notice, joined

log = logging.getLogger(__name__)

PROFILES_FILE = "profiles.json"
BACKUP_SUFFIX = ".bak"
# A real profiles.json is a few KB per player; anything this large is not one of ours, and is
# refused before it is read into memory.
MAX_PROFILE_BYTES = 8 * 1024 * 1024
SCHEMA_VERSION = 3


class _Corrupt(ValueError):
    """profiles.json (or its backup) cannot be understood."""


class _TooNew(ValueError):
    """profiles.json was written by a newer program: not ours to rewrite."""


@dataclass
class State:
    """What profiles.json holds, in memory."""

    profiles: list[Profile] = field(default_factory=list)
    current: str | None = None
    in_progress: dict[str, dict[str, Any]] = field(default_factory=dict)
    # The last change of the history's journal this state includes (see storage.changes);
    # None for a file written before there was a journal (or by an older program, which drops
    # the key): it is then taken to include everything the journal holds.
    txn: int | None = None

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
            "journal": self.txn,
        }


# -- schema versions ----------------------------------------------------------------------------


def _migrate_v1(data: dict[str, Any]) -> dict[str, Any]:
    """v1 → v2. v1 had one player and only the 不报听 room, so its totals are that room's; the
    net score was never kept apart from the (floored) score, which is the best estimate."""
    name = clean_name(data.get("name"))
    score = whole_number(data.get("score", 0), "score")
    hands = whole_number(data.get("hands", 0), "hands")
    wins = whole_number(data.get("wins", 0), "wins")
    self_draws = whole_number(data.get("self_draws", 0), "self_draws")
    deal_ins = whole_number(data.get("deal_ins", 0), "deal_ins")
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


HUMAN = 0  # the player sits in seat 0 of every match the game saves (as gui.table.model.HUMAN)


def _migrate_v2(data: dict[str, Any]) -> dict[str, Any]:
    """v2 → v3: codes instead of words. The best hand's items lose their zh / en labels (their
    code says it in either language) and a match in progress names its computer seats ""
    instead of 下家 / 对家 / 上家. Anything not in the expected shape is left for the checks."""
    for profile in data.get("profiles") or []:
        best = profile.get("best_hand") if isinstance(profile, dict) else None
        if isinstance(best, dict) and isinstance(best.get("items"), list):
            best["items"] = coded_items(best["items"])
    in_progress = data.get("matches_in_progress")
    for saved in in_progress.values() if isinstance(in_progress, dict) else ():
        match = saved.get("match") if isinstance(saved, dict) else None
        if not isinstance(match, dict):
            continue
        names = match.get("names")
        if isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) for n in names):
            match["names"] = coded_names(names, HUMAN)
    data["schema"] = 3
    return data


# _MIGRATIONS[n] turns a version-n document into a version-(n+1) one.
_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _migrate_v1, 2: _migrate_v2}


def _check_profile(profile: Profile) -> None:
    """Profile.from_dict trusts types; a hand-edited file could put text where numbers go and
    crash the statistics page later, so check now, while it can still be called damaged."""
    clean_name(profile.name)
    whole_number(profile.points, "points")
    for value in (*profile.points_history, *profile.match_results):
        whole_number(value, "a point in the history of 积分")
    for stats in profile.rooms.values():
        for f in fields(RoomStats):
            whole_number(getattr(stats, f.name), f.name)
    best = profile.best_hand
    if best is not None:
        whole_number(best.value, "best hand value")
        if not (isinstance(best.items, list) and isinstance(best.tiles, str) and isinstance(best.kongs, list)
                and isinstance(best.played_at, str) and isinstance(best.room, str)):
            raise ValueError("the best hand is damaged")


def _check_raw_numbers(raw: dict[str, Any]) -> None:
    """The numbers as the file holds them: Profile.from_dict would turn "144", 12.7 or true
    into numbers, and the damage would pass unnoticed."""
    if "name" in raw and not isinstance(raw["name"], str):
        raise ValueError("a profile name is not text")
    if "points" in raw:
        whole_number(raw["points"], "points")
    for key in ("points_history", "match_results"):
        values = raw.get(key, [])
        if not isinstance(values, list):
            raise ValueError(f"{key} is not a list")
        for value in values:
            whole_number(value, "a point in the history of 积分")


def _state_from(data: dict[str, Any]) -> State:
    """The state in a document of the current schema."""
    raw_profiles = data.get("profiles")
    if not isinstance(raw_profiles, list):
        raise ValueError("no list of profiles")
    state = State()
    for index, raw in enumerate(raw_profiles, start=1):
        if not isinstance(raw, dict):
            raise ValueError(f"profile {index} is not an object")
        _check_raw_numbers(raw)
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
    txn = data.get("journal")
    state.txn = None if txn is None else whole_number(txn, "the journal position")
    return state


def _parse_state(raw: bytes) -> tuple[State, int]:
    """The state in a profiles.json (any known schema) and the schema it was written with."""
    try:
        data = parse_json(raw)
    except ValueError:
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
        return _state_from(data), found
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:
        raise _Corrupt(f"its content is damaged ({exc})") from None


# -- the file, its backup and its recovery -------------------------------------------------------


class ProfileFile:
    """profiles.json and its backup: :attr:`state` is what they hold (or will, once saved)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.backup_path = path.with_name(path.name + BACKUP_SUFFIX)
        self.state = State()
        self.read_only: str | None = None  # why profiles.json must not be written, if so
        self._disk_bytes: bytes | None = None  # what profiles.json holds (known good)
        self._writable = True
        self.lost = False  # no usable profiles.json nor backup was found

    def reset(self) -> None:
        """Forget what was loaded (before loading again)."""
        self.state = State()
        self.read_only = None
        self.lost = False  # no usable profiles.json nor backup was found
        self._disk_bytes = None

    def load(self, writable: bool = True) -> list[str]:
        """Read profiles.json, repairing what it can; returns warnings for the player. Not
        `writable` (another process holds the folder): read only, repair nothing."""
        self._writable = writable
        remove_stale_temps(self.path)
        main = self.path
        try:
            raw: bytes | None = read_limited(main, MAX_PROFILE_BYTES)
        except FileNotFoundError:
            raw = None
        except OSError as exc:
            reason = os_reason(exc)
            return self._recover(Notice("file_unreadable", f"could not be read ({reason})", reason=reason),
                                 move_aside=True)
        if raw is None:
            if self.backup_path.exists():
                return self._recover(Notice("file_missing", "was missing"), move_aside=False)
            self.lost = True  # a first start, or both files gone: the journal tells which
            return []
        try:
            state, found = _parse_state(raw)
        except _TooNew as exc:
            # A newer program's file: leave it exactly as it is, and do not write over it.
            self.read_only = f"{main.name} was written by a newer version of the program"
            return [Notice("profiles_too_new", f"Your profiles were saved by a newer version of the program "
                           f"({exc}). They are left untouched; nothing will be saved until you use that "
                           "version again.", detail=str(exc))]
        except _Corrupt as exc:
            damage = Notice("file_damaged", f"is damaged: {exc}", detail=str(exc))
            return self._recover(damage, move_aside=True)
        self.state = state
        self._disk_bytes = raw
        if found < SCHEMA_VERSION and writable:
            try:
                self.save()  # write the upgrade now (the old file becomes the backup)
            except OSError as exc:
                reason = os_reason(exc)
                return [Notice("upgrade_unsaved", f"Your profiles were upgraded to the new format but could "
                               f"not be saved ({reason}); the upgrade will be tried again.", reason=reason)]
        return []

    def save(self) -> None:
        """Write :attr:`state` atomically; OSError (and nothing changed on disk) if refused."""
        if self.read_only is not None:
            raise OSError(f"profiles are not saved: {self.read_only}")
        payload = dump_json(self.state.to_json())
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(self.path, payload, before_replace=self._backup_current)
        self._disk_bytes = payload

    def _recover(self, problem: Notice, move_aside: bool) -> list[str]:
        """profiles.json is unusable: keep it aside, and fall back to the backup if it is good.
        Without a backup :attr:`lost` is set: the store may rebuild the profiles from the journal."""
        main = self.path
        kept: Path | None = None
        if move_aside and self._writable:
            kept = keep_aside(main)
            if kept is None:
                # It cannot even be moved: writing over it would lose it silently. Refuse.
                self.read_only = f"{main.name} {problem} and could not be moved aside"
        backup = self._read_backup()
        parts = [Notice("profiles_problem", f"Your profile file {main.name} {problem}.", file=main.name,
                        problem=problem)]
        if backup is not None:
            self.state = backup
            parts.append(Notice("profiles_from_backup", "It was restored from the backup copy."))
            if self.read_only is None and self._writable:
                try:
                    self.save()
                except OSError as exc:
                    reason = os_reason(exc)
                    parts.append(Notice("profiles_restore_unsaved", f"The restored profiles could not be "
                                        f"saved yet ({reason}).", reason=reason))
        else:
            self.lost = True
            parts.append(Notice("profiles_no_backup", "No usable backup was found, so you start with no "
                                "profiles."))
            # A damaged backup would be pushed out by the next save: keep it aside as well.
            if self._writable and self.backup_path.exists() and keep_aside(self.backup_path) is not None:
                parts.append(Notice("profiles_backup_aside", "The damaged backup is kept aside too."))
        if kept is not None:
            parts.append(Notice("profiles_kept", f"The damaged file is kept as {kept.name}.", file=kept.name))
        elif self.read_only is not None:
            parts.append(Notice("profiles_untouched", "It was left untouched and nothing will be saved until "
                                "it is fixed."))
        return [joined(parts)]

    def _read_backup(self) -> State | None:
        try:
            state, _found = _parse_state(read_limited(self.backup_path, MAX_PROFILE_BYTES))
        except (OSError, _Corrupt, _TooNew):
            return None
        return state

    def _backup_current(self) -> None:
        """Keep the file about to be replaced as profiles.json.bak — only if it is good, so a
        damaged file can never push out the last good backup. Best effort: a failed backup
        must not stop the save itself."""
        try:
            raw = read_limited(self.path, MAX_PROFILE_BYTES)
        except OSError:
            return
        if raw != self._disk_bytes:
            try:
                _parse_state(raw)
            except (_Corrupt, _TooNew):
                return
        try:
            atomic_write(self.backup_path, raw)
        except OSError as exc:
            log.warning("could not back up %s: %s", self.path, exc)


__all__ = ["BACKUP_SUFFIX", "PROFILES_FILE", "SCHEMA_VERSION", "ProfileFile", "State"]
