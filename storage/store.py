"""Where profiles and the game history are kept on disk (pure Python: no Qt).

Two stores, on purpose:

* ``profiles.json`` — small, read on every start: all profiles (积分, statistics, best hand,
  the 积分 curve), which one is current, and each profile's match in progress. JSON because
  it is tiny, always needed in full, and a player (or a bug report) can read it. It is
  rewritten whole and *atomically* (a temporary file in the same folder, flushed, fsynced,
  ``os.replace``d, the folder fsynced), and the previous good version is kept as
  ``profiles.json.bak``, so a crash or a full disk never leaves half a file and a damaged file
  can be recovered. See :mod:`storage.profile_file` (and :mod:`storage.atomic`).
* ``history.sqlite3`` — grows with every hand (each carries its full replay record, ~2 KB):
  rewriting it whole as JSON on every hand would get slow and risky. SQLite gives
  transactions, appends without rewriting, and queries ("the last 200 hands of this profile")
  without loading everything. See :mod:`storage.history` (and :mod:`storage.saved_hands` for the
  saved-hand files it exports and imports).

The profile's own totals live in ``profiles.json``, so losing the history (a damaged
database is put aside and a new one started) never loses 积分, level or statistics.

This module is the facade: :class:`ProfileStore` keeps the two in step (one change is saved
to both or to neither) and checks what callers give it.

Schema versions: ``profiles.json`` carries ``"schema"`` (now 3); older files are migrated on
load. The database carries ``PRAGMA user_version`` (now 4), migrated inside a transaction. Both
hold codes, never display text (storage.codes): a screen puts them into words.

Nothing here raises for a damaged or missing file: :meth:`ProfileStore.load` repairs what it
can, keeps damaged files aside as ``<name>.bad-<timestamp>`` and returns warnings in plain
English for the GUI to present. Bad input to the API raises ``ValueError`` with a readable
message; a write the disk refuses raises ``OSError`` and leaves the store as it was before
the call (in memory and on disk). Use one store from one thread.
"""

from __future__ import annotations

import copy
import json
import logging
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from engine import APP_NAME
from engine.game.ranks import Rank
from storage.atomic import json_copy, os_reason
from storage.changes import Change, outcome_to_json
from storage.checks import (
    MAX_NAME_LENGTH,
    check_names,
    check_record,
    check_seat,
    clean_name,
    now,
    whole_number,
)
from storage.history import (
    DB_SCHEMA_VERSION,
    HISTORY_FILE,
    HistoryDB,
    HistoryRow,
    delete_profile,
    insert_hand,
    insert_match,
    rename_profile,
)
from storage.lock import DataLock
from storage.model import HandOutcome, Profile, coded_items
from storage.notice import Notice, without_part
from storage.profile_file import BACKUP_SUFFIX, PROFILES_FILE, SCHEMA_VERSION, ProfileFile, State
from storage.reviews import check_review, hand_digest, set_review
from storage.saved_hands import (
    MAX_IMPORT_BYTES,
    RESULT_DEAL_IN,
    RESULT_DISCARD_WIN,
    RESULT_EXHAUSTIVE,
    RESULT_OTHER,
    RESULT_SELF_DRAW,
    read_saved_hand,
    result_text,
)

ENV_DATA_DIR = "HEFEI_MAHJONG_DATA_DIR"

R = TypeVar("R")

log = logging.getLogger(__name__)


@dataclass
class _Pending:
    """A change applied in memory and not yet in profiles.json."""

    change: Change
    write: Callable[[sqlite3.Connection], Any] | None  # its history rows
    journaled: bool = False  # its history rows and journal entry are committed


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
        self._lock = DataLock(self.base_dir)
        self._loaded = False
        self._pending: list[str] = []  # warnings that arose outside load()
        self._unsaved: list[_Pending] = []  # changes made in memory, not yet in profiles.json
        self._told: Notice | None = None  # why saving fails, as last told to the player
        self.lock_holder = ""  # the process id of who else holds the folder, if someone does
        self.locked_elsewhere = False

    # -- life cycle ------------------------------------------------------------------------

    def load(self) -> list[str]:
        """Read (and repair, if needed) both stores; returns warnings for the player.

        The first store to load a data folder holds it (:mod:`storage.lock`); another one,
        in this process or another, only reads it: its changes stay in memory
        (:attr:`unsaved`) until :meth:`retry` finds the folder free."""
        self.close()
        self._file.reset()
        warnings: list[str] = []
        try:
            self.base_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._file.read_only = f"the data folder {self.base_dir} cannot be created ({os_reason(exc)})"
            warnings.append(Notice("folder_uncreatable", f"The data folder {self.base_dir} cannot be created "
                                   f"({os_reason(exc)}); profiles and history will not be saved.",
                                   folder=str(self.base_dir), reason=os_reason(exc)))
        else:
            held = self._lock.acquire()
            cannot_lock = self._lock.problem
            self.locked_elsewhere = not held and cannot_lock is None
            self.lock_holder = self._lock.holder() if self.locked_elsewhere else ""
            warnings += self._file.load(writable=held)
            if cannot_lock is not None and self._file.read_only is None:
                # Not another window: the folder cannot be written (read-only, a folder where the
                # lock file goes). Read what is there, keep this session's changes in memory.
                self._file.read_only = f"the data folder {self.base_dir} cannot be written: {cannot_lock}"
            had_history = self.history_path.exists()
            warnings += self._history.open()
            if not had_history and self._state.txn:  # profiles that wrote a history, now gone
                warnings.append(Notice("history_missing", "Your game history (history.sqlite3) was missing; "
                                       "a new one was started. Your 积分 and statistics are kept."))
            rebuilt = self._roll_forward()
            if rebuilt is not None:  # the file's "you start with no profiles" is no longer so
                warnings = [without_part(w, "profiles_no_backup") for w in warnings] + [rebuilt]
            if self.locked_elsewhere:
                self._told = self._locked_text()
                warnings.append(self._told)
            elif cannot_lock is not None:
                self._told = self._not_saved(self._file.read_only or cannot_lock)
                warnings.append(self._told)
        self._loaded = True
        return warnings

    def _locked_text(self) -> Notice:
        who = f" (process {self.lock_holder})" if self.lock_holder else ""
        return Notice("locked", f"Another window of the game{who} is using this data folder, so this window "
                      "does not save its games for now: they are kept until that window is closed, then "
                      "saved.", pid=self.lock_holder or "?")

    def close(self) -> None:
        """Close the files and let go of the folder; using the store again loads it again.
        Changes still unsaved are lost: ask :attr:`unsaved` (and :meth:`retry`) first."""
        self._history.close()
        self._lock.release()
        self._loaded = False

    def __enter__(self) -> ProfileStore:
        self._ensure_loaded()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def take_warnings(self) -> list[str]:
        """Warnings that arose after load() (a save that failed, or worked again; the history
        got damaged mid-session): each is told once."""
        pending, self._pending = self._pending, []
        return pending

    @property
    def unsaved(self) -> int:
        """How many changes are kept in memory only, because saving them failed."""
        return len(self._unsaved)

    @property
    def save_problem(self) -> Notice | None:
        """Why changes are not being saved, while they are not."""
        return self._told if self._unsaved or self.locked_elsewhere else None

    def retry(self) -> bool:
        """Try again to save what is unsaved; True when everything is saved."""
        self._ensure_loaded()
        if self.locked_elsewhere or self._lock.problem is not None:
            # Another window let go, or the folder became writable: read it again, then save.
            if not self._lock.acquire():
                return False
            self._take_over()
        return self._flush()

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
        profile: Profile = self._change(Change("create", {"name": clean_name(name), "created": now()}))
        return profile

    def select(self, name: str) -> None:
        self._ensure_loaded()
        self._change(Change("select", {"name": name}))

    def rename(self, old: str, new: str) -> None:
        self._ensure_loaded()
        self._state.find(old)
        new = clean_name(new)
        if new == old:
            return
        self._change(Change("rename", {"old": old, "new": new}), lambda db: rename_profile(db, old, new))

    def delete(self, name: str) -> None:
        """Remove a profile, its match in progress and its history."""
        self._ensure_loaded()
        self._change(Change("delete", {"name": name}), lambda db: delete_profile(db, name))

    # -- games -------------------------------------------------------------------------------

    def record_hand(self, name: str, outcome: HandOutcome, hand_record: dict[str, Any], match_id: str,
                    names: list[str], human_seat: int, progress: dict[str, Any] | None = None,
                    finished: tuple[str, int, dict[str, Any]] | None = None) -> tuple[Rank, Rank]:
        """Count a finished hand for profile `name` and add it to the history.

        In the same change: `progress`, the match to continue after this hand, or `finished`
        (room, net score, summary) when the hand ended the match — so no crash can count the
        hand and still offer to play it again. Returns the level before and after (to
        announce a promotion or a fall).
        """
        self._ensure_loaded()
        self._state.find(name)
        if not isinstance(outcome, HandOutcome):
            raise ValueError("outcome is a HandOutcome")
        seat = check_seat(human_seat)
        table_names = check_names(names)  # codes already: a computer seat is "" (its place)
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
        args: dict[str, Any] = {"name": name, "outcome": json_copy(outcome_to_json(outcome), "the outcome")}
        writes: list[Callable[[sqlite3.Connection], Any]] = [
            lambda db: insert_hand(db, name, played_at, outcome.room, outcome.delta, text, summary, record,
                                   table_names, seat, match_id, imported=False),
        ]
        if finished is not None:
            room, net, match_summary = self._check_finish(name, match_id, *finished)
            args["match"] = {"room": room, "net": net, "match_id": match_id}
            writes.append(lambda db: insert_match(db, name, match_id, now(), room, net, match_summary))
        elif progress is not None:
            args["progress"] = self._check_progress(progress)

        def write(db: sqlite3.Connection) -> None:
            for step in writes:
                step(db)

        levels: tuple[Rank, Rank] = self._change(Change("record_hand", args), write)
        return levels

    def record_review(self, name: str, match_id: str, hand_record: dict[str, Any],
                      summary: dict[str, Any]) -> None:
        """Keep a hand's 复盘 figures (engine.records.review's ``HandReview.summary()``) in its history
        entry: the hand `hand_record` that :meth:`record_hand` counted for profile `name` in match
        `match_id`. ValueError for bad figures or an unknown profile; a hand the history does not
        hold (it could not take it) keeps no figures, and the log says so."""
        self._ensure_loaded()
        self._state.find(name)
        if not isinstance(match_id, str) or not isinstance(hand_record, dict):
            raise ValueError("a review belongs to a hand record of a match")
        review = check_review(summary)
        digest = hand_digest(hand_record)
        args = {"name": name, "match_id": match_id, "hand": digest, "review": review}
        self._change(Change("record_review", args),
                     lambda db: set_review(db, name, match_id, digest, review))

    def agreement_history(self, name: str) -> list[float]:
        """How much 大师 agreed with the profile's choices, hand after hand (0..1, oldest
        first; hands not reviewed, or with no choice to make, are left out)."""
        self._ensure_loaded()
        self._state.find(name)
        return self._history.agreements(name)

    def unreviewed(self, name: str, limit: int) -> list[tuple[int, str]]:
        """The profile's own hands with no review yet, newest first: (history id, match id)."""
        self._ensure_loaded()
        self._state.find(name)
        return self._history.unreviewed(name, whole_number(limit, "limit"))

    def match_losses(self, name: str, match_id: str) -> list[float | None]:
        """The points the profile gave away to 大师 in each hand of the match so far, oldest
        first (None: a hand not reviewed yet, or reviewed by an older program)."""
        self._ensure_loaded()
        self._state.find(name)
        return [loss for _, loss in self._history.match_losses(name, match_id)]

    def hand_match_losses(self, hand_id: int) -> tuple[list[float | None], int]:
        """The losses of the match of history entry `hand_id` (as :meth:`match_losses`) and
        that hand's place among them; an imported hand stands alone."""
        self._ensure_loaded()
        name, match_id, imported = self._history.hand_match(hand_id)
        rows = [] if imported else self._history.match_losses(name, match_id)
        ids = [hand for hand, _ in rows]
        if hand_id not in ids:
            return [None], 0
        return [loss for _, loss in rows], ids.index(hand_id)

    def _check_finish(self, name: str, match_id: Any, room: Any, net: Any,
                      summary: Any) -> tuple[str, int, str]:
        if not isinstance(match_id, str) or not match_id:
            raise ValueError("a match id is non-empty text")
        if not isinstance(room, str) or not room:
            raise ValueError("a room is non-empty text")
        net = whole_number(net, "the match's net score")
        summary_json = json.dumps(json_copy(summary, "the match summary"), ensure_ascii=False)
        if self._history.has_match(name, match_id):
            raise ValueError(f"match {match_id!r} is already recorded")
        return room, net, summary_json

    @staticmethod
    def _check_progress(state: Any) -> dict[str, Any]:
        if not isinstance(state, dict):
            raise ValueError("a match in progress is a JSON object")
        saved: dict[str, Any] = json_copy(state, "the match in progress")
        return saved

    def record_match(self, name: str, match_id: str, room: str, net: int, summary: dict[str, Any]) -> None:
        """Count a finished match. Its saved match in progress is cleared in the same write, so
        a crash can never leave a finished match both counted and resumable."""
        self._ensure_loaded()
        self._state.find(name)
        room, net, summary_json = self._check_finish(name, match_id, room, net, summary)
        self._change(Change("record_match", {"name": name, "room": room, "net": net}),
                     lambda db: insert_match(db, name, match_id, now(), room, net, summary_json))

    def save_match_in_progress(self, name: str, state: dict[str, Any]) -> None:
        self._ensure_loaded()
        self._state.find(name)
        self._change(Change("save_progress", {"name": name, "progress": self._check_progress(state)}))

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
        self._change(Change("clear_progress", {"name": name}))

    # -- history -----------------------------------------------------------------------------

    def history(self, name: str, limit: int = 200) -> list[HistoryRow]:
        """The profile's hands, newest (most recently recorded or imported) first."""
        self._ensure_loaded()
        self._state.find(name)
        limit = whole_number(limit, "limit")
        return self._history.rows(name, limit)

    def hand_record(self, hand_id: int) -> dict[str, Any]:
        """The saved engine.records.replay record of a history entry, with ``"human_seat"``."""
        self._ensure_loaded()
        return self._history.hand_record(hand_id)

    def export_hand(self, hand_id: int, path: str | os.PathLike[str]) -> Path:
        """Write a history entry as a saved-hand file (engine.records.replay format plus "names",
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

    def _change(self, change: Change, write: Callable[[sqlite3.Connection], Any] | None = None) -> Any:
        """Apply `change` in memory, then save it: its history rows and journal entry in one
        transaction, then profiles.json (see storage.changes for why in this order).

        A change that does not apply raises ValueError and changes nothing. A change the disk
        refuses is not an error for the caller: it stays in memory (:attr:`unsaved`), the
        player is told once (:meth:`take_warnings`), and each later change, and
        :meth:`retry`, try again.
        """
        snapshot = copy.deepcopy(self._state)
        try:
            value = change.apply(self._state)
        except BaseException:
            self._file.state = snapshot
            raise
        self._unsaved.append(_Pending(change, write))
        self._flush()
        return value

    def _flush(self) -> bool:
        """Save every unsaved change, in order; True when nothing is left unsaved."""
        if not self._unsaved:
            return True
        if self.locked_elsewhere:
            return False  # told at load; retry() takes the folder over once it is free
        if self._file.read_only is not None:
            self._tell(self._file.read_only)
            return False
        try:
            for pending in self._unsaved:
                if not pending.journaled:
                    txn = max(self._state.txn or 0, self._history.max_txn()) + 1
                    if self._history.journal(pending.write, txn, pending.change.to_json()):
                        self._state.txn = txn
                    pending.journaled = True
            self._file.save()
        except OSError as exc:
            self._tell(os_reason(exc))
            return False
        count = len(self._unsaved)
        self._unsaved.clear()
        if self._told is not None:
            self._told = None
            self._warn(Notice("saved_again", f"Saved again: {count} change(s) that could not be saved "
                              "before are now saved.", count=count))
        return True

    @staticmethod
    def _not_saved(why: str) -> Notice:
        return Notice("not_saved", f"Your 积分 and games are not saved: {why}. They are kept while the game "
                      "is open, and saving is tried again.", why=why)

    def _tell(self, why: str) -> None:
        """Tell the player that saving fails, and why — once for each new reason."""
        text = self._not_saved(why)
        if text != self._told:
            self._told = text
            self._warn(text)

    def _roll_forward(self) -> Notice | None:
        """Apply the journal's changes that profiles.json does not include yet (a process was
        stopped between the two writes), and save the result. When profiles.json and its backup
        are both lost, the whole journal is applied: the notice says which profiles came back."""
        state = self._state
        rebuild = state.txn is None and self._file.lost and not state.profiles and self._history.max_txn() > 0
        if state.txn is None and not rebuild:  # a file from before the journal: it includes all there is
            state.txn = self._history.max_txn()
            return None
        if rebuild:
            # profiles.json and its backup are gone, the journal is not: it holds every change
            # since it began, so the profiles it saw created come back whole.
            state.txn = 0
        entries = self._history.journal_after(state.txn or 0)
        for txn, text in entries:
            try:
                self._apply_whole(Change.from_json(text))
            except ValueError as exc:
                log.warning("journal change %d does not apply to the profiles: %s", txn, exc)
            self._state.txn = txn
        notice = None
        if rebuild and self._state.profiles:
            names = "、".join(p.name for p in self._state.profiles)
            notice = Notice("profiles_rebuilt", f"Your profiles were rebuilt from the record of changes kept "
                            f"with your game history: {names}.", names=names)
        if entries:
            log.info("profiles caught up with %d change(s) of the history's journal", len(entries))
            if not self.locked_elsewhere and self._file.read_only is None:
                try:
                    self._file.save()
                except OSError as exc:
                    self._tell(os_reason(exc))
        return notice

    def _apply_whole(self, change: Change) -> None:
        """Apply a change that was checked against another state (a journal entry, a change of
        a window that could not save): all of it, or ValueError and none of it."""
        trial = copy.deepcopy(self._state)
        try:
            change.apply(trial)
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"damaged change ({exc!r})") from None
        self._file.state = trial

    def _without_rival_progress(self, change: Change) -> Change | None:
        """A change of a window that could not save, as it may land now: its match in
        progress never replaces another match the other window saved meanwhile (the hands
        still count; only "continue" keeps the other window's match)."""
        progress = change.args.get("progress")
        name = change.args.get("name")
        theirs = self._state.in_progress.get(name) if isinstance(name, str) else None
        if not isinstance(progress, dict) or theirs is None:
            return change
        if theirs.get("match_id") == progress.get("match_id"):
            return change
        if not any(getattr(w, "code", "") == "rival_match" for w in self._pending):
            self._warn(Notice("rival_match", "This window's match is not kept to continue later: the other "
                              "window saved a match of its own for this profile, and that one is kept. This "
                              "window's hands are counted."))
        if change.kind == "save_progress":
            return None
        return Change(change.kind, {k: v for k, v in change.args.items() if k != "progress"})

    def _take_over(self) -> None:
        """This store now holds the folder it could only read: reload what the other window
        saved, and apply this window's unsaved changes on top of it."""
        unsaved, self._unsaved = self._unsaved, []
        self._history.close()
        self.locked_elsewhere, self.lock_holder, self._told = False, "", None
        self._file.reset()
        self._pending += self._file.load()
        self._pending += self._history.open()
        rebuilt = self._roll_forward()
        if rebuilt is not None:
            self._pending.append(rebuilt)
        for pending in unsaved:
            change = self._without_rival_progress(pending.change)
            if change is None:
                continue
            try:
                self._apply_whole(change)
            except ValueError as exc:
                self._warn(Notice("change_dropped", f"A change made while another window was open no longer "
                                  f"applies ({exc}).", reason=str(exc)))
                continue
            self._unsaved.append(_Pending(change, pending.write))


__all__ = [
    "BACKUP_SUFFIX", "DB_SCHEMA_VERSION", "ENV_DATA_DIR", "HISTORY_FILE", "MAX_IMPORT_BYTES",
    "MAX_NAME_LENGTH", "PROFILES_FILE", "RESULT_DEAL_IN", "RESULT_DISCARD_WIN", "RESULT_EXHAUSTIVE",
    "RESULT_OTHER", "RESULT_SELF_DRAW", "SCHEMA_VERSION", "HistoryRow", "ProfileStore", "clean_name",
    "data_dir", "result_text",
]
