"""Where profiles and the game history are kept on disk (pure Python: no Qt).

Two stores, on purpose:

* ``profiles.json`` — small, read on every start: all profiles (积分, statistics, best hand,
  the 积分 curve), which one is current, and each profile's match in progress. JSON because
  it is tiny, always needed in full, and a player (or a bug report) can read it. It is
  rewritten whole and *atomically* (a temporary file in the same folder, flushed, fsynced,
  ``os.replace``d, the folder fsynced), and the previous good version is kept as
  ``profiles.json.bak``, so a crash or a full disk never leaves half a file and a damaged file
  can be recovered. See :mod:`gui.profile_file` (and :mod:`gui.atomic_json`).
* ``history.sqlite3`` — grows with every hand (each carries its full replay record, ~2 KB):
  rewriting it whole as JSON on every hand would get slow and risky. SQLite gives
  transactions, appends without rewriting, and queries ("the last 200 hands of this profile")
  without loading everything. See :mod:`gui.history_db` (and :mod:`gui.saved_hands` for the
  saved-hand files it exports and imports).

The profile's own totals live in ``profiles.json``, so losing the history (a damaged
database is put aside and a new one started) never loses 积分, level or statistics.

This module is the facade: :class:`ProfileStore` keeps the two in step (one change is saved
to both or to neither) and checks what callers give it.

Schema versions: ``profiles.json`` carries ``"schema"`` (now 3); older files are migrated on
load. The database carries ``PRAGMA user_version`` (now 2), migrated inside a transaction. Both
hold codes, never display text (gui.stored_codes): a screen puts them into words.

Nothing here raises for a damaged or missing file: :meth:`ProfileStore.load` repairs what it
can, keeps damaged files aside as ``<name>.bad-<timestamp>`` and returns warnings in plain
English for the GUI to present. Bad input to the API raises ``ValueError`` with a readable
message; a write the disk refuses raises ``OSError`` and leaves the store as it was before
the call (in memory and on disk). Use one store from one thread.
"""

from __future__ import annotations

import copy
import json
import os
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from engine.levels import Level
from gui.atomic_json import json_copy, os_reason
from gui.history_db import (
    DB_SCHEMA_VERSION,
    HISTORY_FILE,
    HistoryDB,
    HistoryRow,
    delete_profile,
    insert_hand,
    insert_match,
    rename_profile,
)
from gui.profile_file import BACKUP_SUFFIX, PROFILES_FILE, SCHEMA_VERSION, ProfileFile, State
from gui.profile_model import HandOutcome, Profile, coded_items
from gui.saved_hands import (
    MAX_IMPORT_BYTES,
    RESULT_DEAL_IN,
    RESULT_DISCARD_WIN,
    RESULT_EXHAUSTIVE,
    RESULT_OTHER,
    RESULT_SELF_DRAW,
    read_saved_hand,
    result_text,
)
from gui.store_checks import (
    MAX_NAME_LENGTH,
    check_names,
    check_record,
    check_seat,
    clean_name,
    now,
    whole_number,
)
from gui.stored_codes import coded_names

APP_NAME = "hefei-mahjong"
ENV_DATA_DIR = "HEFEI_MAHJONG_DATA_DIR"

R = TypeVar("R")


def data_dir() -> Path:
    """The data folder: $HEFEI_MAHJONG_DATA_DIR, else the platform's user data folder."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME))


class ProfileStore:
    """Profiles (profiles.json) and the game history (history.sqlite3) of one data folder."""

    def __init__(self, base_dir: str | os.PathLike[str] | None = None) -> None:
        self.base_dir = Path(base_dir) if base_dir is not None else data_dir()
        self.profiles_path = self.base_dir / PROFILES_FILE
        self.history_path = self.base_dir / HISTORY_FILE
        self._file = ProfileFile(self.profiles_path)
        self.backup_path = self._file.backup_path
        self._history = HistoryDB(self.history_path, warn=self._warn)
        self._loaded = False
        self._pending: list[str] = []  # warnings that arose outside load()

    # -- life cycle ------------------------------------------------------------------------

    def load(self) -> list[str]:
        """Read (and repair, if needed) both stores; returns warnings for the player."""
        self.close()
        self._file.reset()
        warnings: list[str] = []
        try:
            self.base_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._file.read_only = f"the data folder {self.base_dir} cannot be created ({os_reason(exc)})"
            warnings.append(f"The data folder {self.base_dir} cannot be created ({os_reason(exc)}); "
                            "profiles and history will not be saved.")
        else:
            warnings += self._file.load()
            warnings += self._history.open()
        self._loaded = True
        return warnings

    def close(self) -> None:
        self._history.close()

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
    def _state(self) -> State:
        """The profiles as they are in memory (what profiles.json holds, once saved)."""
        return self._file.state

    @property
    def history_available(self) -> bool:
        self._ensure_loaded()
        return self._history.db is not None

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

        def change(state: State) -> Profile:
            profile = Profile(name=name, created=now())
            state.profiles.append(profile)
            if state.current is None:
                state.current = name
            return copy.deepcopy(profile)

        return self._change(change)

    def select(self, name: str) -> None:
        self._ensure_loaded()
        self._state.find(name)

        def change(state: State) -> None:
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

        def change(state: State) -> None:
            state.find(old).name = new
            if state.current == old:
                state.current = new
            if old in state.in_progress:
                state.in_progress[new] = state.in_progress.pop(old)

        self._change(change, lambda db: rename_profile(db, old, new))

    def delete(self, name: str) -> None:
        """Remove a profile, its match in progress and its history."""
        self._ensure_loaded()
        self._state.find(name)

        def change(state: State) -> None:
            state.profiles = [p for p in state.profiles if p.name != name]
            state.in_progress.pop(name, None)
            if state.current == name:
                state.current = None

        self._change(change, lambda db: delete_profile(db, name))

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
        seat = check_seat(human_seat)
        table_names = coded_names(check_names(names), seat)
        if not isinstance(match_id, str):
            raise ValueError("a match id is text")
        record = check_record(hand_record)
        if outcome.best is not None:
            outcome = replace(outcome, best=replace(outcome.best, items=coded_items(outcome.best.items)))
        saved_deltas = record["result"]["deltas"]
        if saved_deltas[seat] != outcome.delta:
            # The history would contradict the profile's totals: a caller bug, refuse it.
            raise ValueError(f"the outcome's delta {outcome.delta} is not seat {seat}'s {saved_deltas[seat]}")
        played_at = now()
        record["names"] = table_names
        if not isinstance(record.get("played_at"), str) or not record["played_at"]:
            record["played_at"] = played_at
        result = record["result"]
        summary = {
            "winners": result.get("winners"), "exhaustive": result.get("exhaustive"), "deltas": saved_deltas,
            "won": outcome.won, "self_draw": outcome.won and outcome.self_draw, "deal_in": outcome.deal_in,
        }
        text = result_text(outcome.won, outcome.self_draw, outcome.deal_in, outcome.exhaustive)

        def change(state: State) -> tuple[Level, Level]:
            return state.find(name).record_hand(outcome)

        def write(db: sqlite3.Connection) -> None:
            insert_hand(db, name, played_at, outcome.room, outcome.delta, text, summary, record,
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
        net = whole_number(net, "the match's net score")
        summary_json = json.dumps(json_copy(summary, "the match summary"), ensure_ascii=False)
        if self._history.has_match(name, match_id):
            raise ValueError(f"match {match_id!r} is already recorded")

        def change(state: State) -> None:
            state.find(name).record_match(room, net)
            state.in_progress.pop(name, None)

        def write(db: sqlite3.Connection) -> None:
            insert_match(db, name, match_id, now(), room, net, summary_json)

        self._change(change, write)

    def save_match_in_progress(self, name: str, state: dict[str, Any]) -> None:
        self._ensure_loaded()
        self._state.find(name)
        if not isinstance(state, dict):
            raise ValueError("a match in progress is a JSON object")
        saved = json_copy(state, "the match in progress")

        def change(s: State) -> None:
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

        def change(s: State) -> None:
            s.in_progress.pop(name, None)

        self._change(change)

    # -- history -----------------------------------------------------------------------------

    def history(self, name: str, limit: int = 200) -> list[HistoryRow]:
        """The profile's hands, newest (most recently recorded or imported) first."""
        self._ensure_loaded()
        self._state.find(name)
        limit = whole_number(limit, "limit")
        return self._history.rows(name, limit)

    def hand_record(self, hand_id: int) -> dict[str, Any]:
        """The saved engine.replay record of a history entry, with ``"human_seat"``."""
        self._ensure_loaded()
        return self._history.hand_record(hand_id)

    def export_hand(self, hand_id: int, path: str | os.PathLike[str]) -> Path:
        """Write a history entry as a saved-hand file (engine.replay format plus "names",
        "profile", "human_seat" and "match_id"), atomically. Returns the file written."""
        self._ensure_loaded()
        return self._history.export_hand(hand_id, path)

    def import_hand(self, path: str | os.PathLike[str], name: str) -> int:
        """Add a saved-hand file to the history of profile `name` (marked imported; it does not
        change 积分 or statistics: it may be someone else's hand). The hand is replayed and
        must reach its saved result. Returns the new history id; ValueError if refused."""
        self._ensure_loaded()
        self._state.find(name)
        return self._history.add_imported(name, read_saved_hand(Path(path)))

    # -- internals -------------------------------------------------------------------------

    def _ensure_loaded(self) -> None:
        if not self._loaded:
            self._pending += self.load()

    def _warn(self, message: str) -> None:
        self._pending.append(message)

    def _change(self, change: Callable[[State], R], write: Callable[[sqlite3.Connection], Any] | None = None,
                ) -> R:
        """Apply `change` to the profiles and `write` to the history, all or nothing.

        The history transaction stays open while profiles.json is written and is committed
        only after that succeeded: a failed profile write rolls the history back, and the
        in-memory state is restored, so memory, JSON and database never disagree. A broken
        history does not block the profile (its totals matter more): the history is then
        repaired or skipped with a warning.
        """
        snapshot = copy.deepcopy(self._state)
        db = self._history.begin(write) if write is not None else None
        try:
            value = change(self._state)
            self._file.save()
        except BaseException:
            self._file.state = snapshot
            if db is not None:
                self._history.rollback(db)
            raise
        if db is not None:
            self._history.commit(db)
        return value


__all__ = [
    "APP_NAME", "BACKUP_SUFFIX", "DB_SCHEMA_VERSION", "ENV_DATA_DIR", "HISTORY_FILE", "MAX_IMPORT_BYTES",
    "MAX_NAME_LENGTH", "PROFILES_FILE", "RESULT_DEAL_IN", "RESULT_DISCARD_WIN", "RESULT_EXHAUSTIVE",
    "RESULT_OTHER", "RESULT_SELF_DRAW", "SCHEMA_VERSION", "HistoryRow", "ProfileStore", "clean_name",
    "data_dir", "result_text",
]
