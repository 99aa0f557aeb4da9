"""``history.sqlite3``: every hand played (with its full replay record) and every match (no Qt).

The history grows with every hand (each carries its replay record, ~2 KB): rewriting it whole
as JSON on every hand would get slow and risky. SQLite gives transactions, appends without
rewriting, and queries ("the last 200 hands of this profile") without loading everything.

Schema versions: the database carries ``PRAGMA user_version`` (now 4); each function in
``_DB_MIGRATIONS`` moves it up by one, inside a transaction. Version 2 stores codes where
version 1 stored Chinese words (the result column, seats named by their place at the table;
see :mod:`storage.codes`), so the history reads right in every language. Version 3 adds
the journal of changes to the profiles (:mod:`storage.changes`). Version 4 adds each hand's
复盘 figures (the ``review`` column, :mod:`storage.reviews`; NULL for the hands before it).
A database from a newer program is left untouched. A damaged database (and its journal) is put aside as
``history.sqlite3.bad-<timestamp>`` and a new one started: the profiles' totals live in
``profiles.json``, so this never loses 积分, level or statistics.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import __version__ as PROGRAM_VERSION
from storage.atomic import atomic_write, dump_json, keep_aside
from storage.checks import whole_number
from storage.codes import LEGACY_RESULTS, coded_names, result_code
from storage.notice import Notice
from storage.reviews import agreement_of, loss_of
from storage.saved_hands import SavedHand, saved_hand_data

log = logging.getLogger(__name__)

HISTORY_FILE = "history.sqlite3"
# SQLite keeps a rollback journal (or WAL files) next to the database; they belong to it.
_DB_COMPANIONS = ("-journal", "-wal", "-shm")
# Primary result codes meaning "this file is damaged / not a database" (not "locked", "no access").
_SQLITE_CORRUPT, _SQLITE_NOTADB = 11, 26


@dataclass(frozen=True)
class HistoryRow:
    id: int
    played_at: str  # ISO 8601
    room: str  # "open" | "baoting"
    result: str  # one of the RESULT_* codes of storage.codes
    delta: int  # the player's net score in that hand
    match_id: str
    imported: bool = False
    agreement: float | None = None  # the share of the player's choices 大师 agrees with (None: not reviewed)
    winners: tuple[int, ...] = ()  # who won, as places to the player's right (0 the player, 1 下家 …)


def winners_of(record: object, human_seat: object) -> tuple[int, ...]:
    """Who won a saved hand, as places to the right of the player's seat; () when the record does
    not say (a damaged or foreign record is shown without them, never fails the history)."""
    try:
        data = json.loads(record) if isinstance(record, str) else None
        winners = data["result"]["winners"] if isinstance(data, dict) and data.get("result") else []
        if not isinstance(human_seat, int) or not isinstance(winners, list):
            return ()
        return tuple((w - human_seat) % 4 for w in winners if isinstance(w, int) and not isinstance(w, bool))
    except (ValueError, TypeError, KeyError):
        return ()


# -- schema versions ----------------------------------------------------------------------------


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
            record TEXT NOT NULL,           -- JSON: engine.records.replay.record(), enough to replay it
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


def _db_v2(db: sqlite3.Connection) -> None:
    """Words → codes: the result column (荒庄 → "exhaustive", …) and the names of seats that
    were named only by their place (对家, "Left", … → ""), in the names column and in the
    replay record. A row whose JSON cannot be read keeps its names (never lose a hand)."""
    for text, code in LEGACY_RESULTS.items():
        db.execute("UPDATE hands SET result = ? WHERE result = ?", (code, text))
    rows = db.execute("SELECT id, names, record, human_seat FROM hands").fetchall()
    for hand_id, names_json, record_json, seat in rows:
        try:
            names, record = json.loads(names_json), json.loads(record_json)
        except ValueError:
            continue
        if not (isinstance(names, list) and isinstance(record, dict) and isinstance(seat, int)):
            continue
        coded = coded_names(names, seat)
        record_names = record.get("names")
        if isinstance(record_names, list) and len(record_names) == 4:
            record["names"] = coded_names(record_names, seat)
        if coded != names or record.get("names") != record_names:
            db.execute("UPDATE hands SET names = ?, record = ? WHERE id = ?", (
                json.dumps(coded, ensure_ascii=False), json.dumps(record, ensure_ascii=False), hand_id,
            ))


def _db_v3(db: sqlite3.Connection) -> None:
    """The journal of every change to the profiles (see storage.changes): written in the
    same transaction as the history rows, before profiles.json, so the two always agree."""
    db.execute(
        """CREATE TABLE journal (
            txn INTEGER PRIMARY KEY,
            change TEXT NOT NULL            -- JSON: storage.changes.Change
        )"""
    )


def _db_v4(db: sqlite3.Connection) -> None:
    """Each hand's 复盘 figures, kept once the background review of the hand is done (JSON:
    storage.reviews.check_review); NULL for a hand not reviewed, as every earlier one."""
    db.execute("ALTER TABLE hands ADD COLUMN review TEXT")


# _DB_MIGRATIONS[n] moves the database from user_version n to n+1.
_DB_MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_db_v1, _db_v2, _db_v3, _db_v4]
DB_SCHEMA_VERSION = len(_DB_MIGRATIONS)


# The tables and columns the queries and writes of this module need (at DB_SCHEMA_VERSION).
_SCHEMA: dict[str, tuple[str, ...]] = {
    "hands": ("id", "profile", "played_at", "room", "delta", "result", "summary", "record", "rules", "preset",
              "program_version", "match_id", "names", "human_seat", "imported", "review"),
    "matches": ("id", "profile", "match_id", "finished_at", "room", "net", "summary"),
    "journal": ("txn", "change"),
}


def _table_columns(db: sqlite3.Connection) -> dict[str, set[str]]:
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                                       " AND name NOT LIKE 'sqlite_%'")]
    return {t: {r[1] for r in db.execute("SELECT * FROM pragma_table_info(?)", (t,))} for t in tables}


def _missing_schema(db: sqlite3.Connection) -> list[str]:
    """What the database lacks of :data:`_SCHEMA` ("table journal", "hands.review"), in order."""
    have = _table_columns(db)
    missing: list[str] = []
    for table, columns in _SCHEMA.items():
        if table not in have:
            missing.append(f"table {table}")
        else:
            missing += [f"{table}.{c}" for c in columns if c not in have[table]]
    return missing


# -- damage -------------------------------------------------------------------------------------


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


@contextlib.contextmanager
def _immediate(db: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE; roll back if the block fails. The block commits."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise


# -- writes, run inside a transaction ------------------------------------------------------------


def insert_hand(db: sqlite3.Connection, profile: str, played_at: str, room: str, delta: int, result: str,
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


def insert_match(db: sqlite3.Connection, profile: str, match_id: str, finished_at: str, room: str, net: int,
                 summary_json: str) -> None:
    db.execute(
        "INSERT INTO matches (profile, match_id, finished_at, room, net, summary)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (profile, match_id, finished_at, room, net, summary_json),
    )


def rename_profile(db: sqlite3.Connection, old: str, new: str) -> None:
    # History rows are keyed by name: they must follow the profile.
    db.execute("UPDATE hands SET profile = ? WHERE profile = ?", (new, old))
    db.execute("UPDATE matches SET profile = ? WHERE profile = ?", (new, old))


def delete_profile(db: sqlite3.Connection, name: str) -> None:
    # Otherwise a later profile of the same name would inherit this one's history.
    db.execute("DELETE FROM hands WHERE profile = ?", (name,))
    db.execute("DELETE FROM matches WHERE profile = ?", (name,))


# -- the database -------------------------------------------------------------------------------


class HistoryDB:
    """The open history database, or None in :attr:`db` when there is none to use.

    Problems found mid-session (not by :meth:`open`, which returns its warnings) are told to
    the player through ``warn``.
    """

    def __init__(self, path: Path, warn: Callable[[str], None]) -> None:
        self.path = path
        self.db: sqlite3.Connection | None = None
        self._warn = warn

    # -- life cycle ------------------------------------------------------------------------

    def open(self) -> list[str]:
        """Open (creating, migrating or repairing) the database; returns warnings."""
        try:
            self.db = self._connect()
        except _HistoryTooNew:
            return [Notice("history_too_new", "Your game history was saved by a newer version of the "
                           "program. It is left untouched and this session's hands are not added to it.")]
        except (sqlite3.Error, _HistoryDamaged) as exc:
            if _is_damage(exc):
                return [self._restart()]
            return [Notice("history_unopened", f"Your game history cannot be opened ({exc}); this session's "
                           "hands are not added to it. Your 积分 and statistics are still saved.",
                           reason=str(exc))]
        return []

    def close(self) -> None:
        if self.db is not None:
            with contextlib.suppress(sqlite3.Error):
                self.db.close()
            self.db = None

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: we issue BEGIN IMMEDIATE/COMMIT ourselves, so a change's rows and
        # its journal entry are one transaction that takes the write lock up front.
        db = sqlite3.connect(self.path, timeout=5.0, isolation_level=None)
        try:
            row = db.execute("PRAGMA quick_check").fetchone()
            if row is None or row[0] != "ok":
                raise _HistoryDamaged(row[0] if row else "no answer")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > DB_SCHEMA_VERSION:
                raise _HistoryTooNew(version)
            if version == 0 and _table_columns(db):
                # Tables without our version mark: another program's database in our place.
                raise _HistoryDamaged("not this game's history (tables of another program)")
            if version < DB_SCHEMA_VERSION:
                with _immediate(db):
                    for step in _DB_MIGRATIONS[version:]:
                        step(db)
                    db.execute(f"PRAGMA user_version = {DB_SCHEMA_VERSION}")
                    db.execute("COMMIT")
            missing = _missing_schema(db)
            if missing:
                # A table gone with the version mark intact: every write would fail all session.
                raise _HistoryDamaged(f"missing {', '.join(missing)}")
        except BaseException:
            db.close()
            raise
        return db

    def _restart(self) -> Notice:
        """Put the damaged database aside and start an empty one; the message says so."""
        self.close()
        kept = keep_aside(self.path, _DB_COMPANIONS)
        if kept is None:
            return Notice("history_stuck", "Your game history is damaged and could not be moved aside; this "
                          "session's hands are not added to it. Your 积分 and statistics are kept.")
        try:
            self.db = self._connect()
        except (sqlite3.Error, _HistoryDamaged, _HistoryTooNew) as exc:
            return Notice("history_not_restarted", f"Your game history was damaged and is kept as "
                          f"{kept.name}; a new one could not be started ({exc}). Your 积分 and statistics "
                          "are kept.",
                          file=kept.name, reason=str(exc))
        return Notice("history_restarted", f"Your game history was damaged and is kept as {kept.name}; a new "
                      "history was started. Your 积分 and statistics are kept.", file=kept.name)

    def failed(self, exc: BaseException) -> None:
        """A history operation failed mid-session: repair a damaged database, else go on
        without history; either way tell the player."""
        log.warning("history database error: %s", exc)
        if _is_damage(exc):
            self._warn(self._restart())
        else:
            self._warn(Notice("hand_not_added", f"A hand could not be added to your game history ({exc}); "
                              "it is left out of the history (your 积分 and statistics still count it).",
                              reason=str(exc)))

    # -- the journal -----------------------------------------------------------------------

    def max_txn(self) -> int:
        """The journal's last change (0 when it has none, or there is no history)."""
        rows = self._read("SELECT MAX(txn) FROM journal", ())
        return int(rows[0][0] or 0) if rows else 0

    def journal_after(self, txn: int) -> list[tuple[int, str]]:
        """The journal's changes after `txn`, oldest first."""
        return [(int(t), str(c)) for t, c in self._read(
            "SELECT txn, change FROM journal WHERE txn > ? ORDER BY txn", (txn,))]

    def journal(self, write: Callable[[sqlite3.Connection], Any] | None, txn: int, change: str) -> bool:
        """Write a change's history rows (`write`) and its journal entry in one committed
        transaction. True if written; False if the history cannot take it (there is none, or it
        refused this one change): the profile goes on alone, and the player was told. ``OSError``
        if the database cannot be written now (read-only, full, locked): nothing was written,
        try again later. A damaged database is put aside and the change written to the new one."""
        for _attempt in range(2):
            db = self.db
            if db is None:
                return False
            try:
                with _immediate(db):
                    self._journal_write(db, write, txn, change)
                    db.execute("COMMIT")
                return True
            except sqlite3.Error as exc:
                if _is_damage(exc):
                    self.failed(exc)
                    continue
                if isinstance(exc, sqlite3.OperationalError):
                    raise OSError(f"the game history cannot be written ({exc})") from None
                # Refused for this change alone (e.g. a constraint): the profile goes on without it.
                self.failed(exc)
                return False
        return False

    @staticmethod
    def _journal_write(db: sqlite3.Connection, write: Callable[[sqlite3.Connection], Any] | None, txn: int,
                       change: str) -> None:
        if write is not None:
            write(db)
        db.execute("INSERT INTO journal (txn, change) VALUES (?, ?)", (txn, change))

    # -- queries ---------------------------------------------------------------------------

    def _read(self, sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
        db = self.db
        if db is None:
            return []
        try:
            return db.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            self.failed(exc)
            return []

    def rows(self, name: str, limit: int) -> list[HistoryRow]:
        """The profile's hands, newest (most recently recorded or imported) first."""
        if self.db is None or limit <= 0:
            return []
        rows = self._read(
            "SELECT id, played_at, room, result, delta, match_id, imported, review, record, human_seat"
            " FROM hands WHERE profile = ? ORDER BY id DESC LIMIT ?",
            (name, limit),
        )
        return [HistoryRow(r[0], r[1], r[2], result_code(r[3]), r[4], r[5], bool(r[6]), agreement_of(r[7]),
                           winners_of(r[8], r[9])) for r in rows]

    def agreements(self, name: str) -> list[float]:
        """The agreement with 大师 of the profile's own reviewed hands (not imported ones), oldest
        first; hands without a figure (no choice to make, not reviewed) are left out."""
        rows = self._read(
            "SELECT review FROM hands WHERE profile = ? AND imported = 0 AND review IS NOT NULL ORDER BY id",
            (name,),
        )
        figures = (agreement_of(r[0]) for r in rows)
        return [f for f in figures if f is not None]

    def unreviewed(self, name: str, limit: int) -> list[tuple[int, str]]:
        """The profile's own hands that have no review at all (its review was dropped as the
        game closed), newest first: (history id, match id). A hand reviewed with no choice to
        make has its review, with no figure: it is not one of these."""
        if limit <= 0:
            return []
        rows = self._read(
            "SELECT id, match_id FROM hands WHERE profile = ? AND imported = 0 AND review IS NULL"
            " ORDER BY id DESC LIMIT ?",
            (name, limit),
        )
        return [(r[0], r[1]) for r in rows]

    def match_losses(self, name: str, match_id: str) -> list[tuple[int, float | None]]:
        """The hands the profile played in the match, oldest first: (history id, the points its
        review says were given away, None when it has no such figure yet)."""
        rows = self._read(
            "SELECT id, review FROM hands WHERE profile = ? AND match_id = ? AND imported = 0 ORDER BY id",
            (name, match_id),
        )
        return [(r[0], loss_of(r[1])) for r in rows]

    def hand_match(self, hand_id: int) -> tuple[str, str, bool]:
        """(profile, match id, imported) of a history entry; ValueError for an unknown one."""
        hand_id = whole_number(hand_id, "a hand id")
        rows = self._read("SELECT profile, match_id, imported FROM hands WHERE id = ?", (hand_id,))
        if not rows:
            raise ValueError(f"there is no saved hand {hand_id} in the history")
        return rows[0][0], rows[0][1], bool(rows[0][2])

    def has_match(self, name: str, match_id: str) -> bool:
        return self.db is not None and bool(self._read(
            "SELECT 1 FROM matches WHERE profile = ? AND match_id = ?", (name, match_id)
        ))

    def _hand_row(self, hand_id: Any) -> tuple[str, str, str, int, str]:
        hand_id = whole_number(hand_id, "a hand id")
        rows = self._read(
            "SELECT record, profile, names, human_seat, match_id FROM hands WHERE id = ?", (hand_id,)
        )
        if not rows:
            raise ValueError(f"there is no saved hand {hand_id} in the history")
        record, profile, names, seat, match_id = rows[0]
        return record, profile, names, seat, match_id

    def hand_record(self, hand_id: int) -> dict[str, Any]:
        """The saved engine.records.replay record of a history entry, with ``"human_seat"``: the seat
        its names are relative to (a name ``""`` is a seat's place at the table)."""
        record, _profile, _names, seat, _match_id = self._hand_row(hand_id)
        data: dict[str, Any] = json.loads(record)
        data["human_seat"] = seat
        return data

    # -- saved-hand files ------------------------------------------------------------------

    def export_hand(self, hand_id: int, path: str | os.PathLike[str]) -> Path:
        """Write a history entry as a saved-hand file, atomically. Returns the file written."""
        data = saved_hand_data(*self._hand_row(hand_id))
        target = Path(path)
        # Through a link to the file it names (the rename would put a plain file in the link's
        # place); never over a device, a pipe or a folder (as root, /dev/full became a file).
        real = target.resolve() if target.is_symlink() else target
        if real.exists() and not real.is_file():
            raise OSError(f"{target} is not a regular file, so the hand is not written over it")
        atomic_write(real, dump_json(data))
        return real

    def add_imported(self, name: str, hand: SavedHand) -> int:
        """Add a checked saved hand to profile `name`'s history, marked imported; its id."""
        db = self.db
        if db is None:
            raise OSError("the game history is not available, so the hand cannot be imported")
        try:
            with _immediate(db):
                hand_id = insert_hand(
                    db, name, hand.played_at, hand.room, hand.delta, hand.result, hand.summary, hand.record,
                    hand.names, hand.seat, hand.match_id, imported=True,
                )
                db.execute("COMMIT")
        except sqlite3.Error as exc:
            self.failed(exc)
            raise OSError(f"the hand could not be added to the history ({exc})") from None
        return hand_id


__all__ = [
    "DB_SCHEMA_VERSION", "HISTORY_FILE", "HistoryDB", "HistoryRow", "delete_profile", "insert_hand",
    "insert_match", "rename_profile",
]
