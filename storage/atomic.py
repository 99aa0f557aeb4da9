"""Files that are never half written, and damaged files that are never thrown away (no Qt).

* :func:`atomic_write` replaces a file so that it holds either the old or the new content,
  never a mix: a temporary file in the same folder, flushed and fsynced, ``os.replace``d over
  the old one, then the folder fsynced so that the rename itself survives a power cut.
* :func:`parse_json` reads a JSON document and reports any damage as a ``ValueError``.
* :func:`keep_aside` moves a file that cannot be understood to ``<name>.bad-<timestamp>``:
  never delete what we cannot read, it may still be salvaged by hand.

Used by the settings (``settings.json``), the profiles (``profiles.json``) and the game
history (its damaged database and exported hands).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.records import strict_json


def os_reason(exc: OSError) -> str:
    """Why the system refused, in its own words ("No space left on device")."""
    return exc.strerror or str(exc)


def fsync_dir(directory: Path) -> None:
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


def atomic_write(file: Path, payload: bytes, before_replace: Callable[[], None] | None = None) -> None:
    """Write ``file`` so that it is either the old or the new content, never a mix.

    The temporary file lives in the same folder because ``os.replace`` is only atomic within
    one file system. ``before_replace`` runs once the new content is safely on disk (used to
    keep a backup, so a failed write never costs the backup).
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
    fsync_dir(file.parent)


def remove_stale_temps(file: Path) -> None:
    """Delete the temporary files :func:`atomic_write` left next to ``file`` when a write
    crashed before its rename: they are never a live file."""
    for leftover in file.parent.glob(f".{file.name}*.tmp"):
        with contextlib.suppress(OSError):
            leftover.unlink()


def keep_aside(file: Path, companions: Sequence[str] = ()) -> Path | None:
    """Rename a damaged file to ``<name>.bad-<timestamp>`` (never delete what we cannot read:
    it may still be salvaged by hand). Returns the new path, or None if it could not move.

    ``companions`` are suffixes of files that belong to this one (a database's ``-journal``):
    they go aside with it, or are deleted if they cannot.
    """
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
    fsync_dir(file.parent)
    return target


def dump_json(data: Any) -> bytes:
    """``data`` as the UTF-8 JSON text the program's files hold: readable, indented, one
    trailing newline."""
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


MAX_DEPTH = 40  # the deepest document the program writes is about 8 levels
_LIMITS = strict_json.JsonLimits(max_depth=MAX_DEPTH)


def check_depth(value: Any, what: str) -> None:
    if strict_json.nesting_depth(value, MAX_DEPTH + 1) > MAX_DEPTH:
        raise ValueError(f"{what} is nested too deeply (more than {MAX_DEPTH} levels)")


def parse_json(raw: bytes) -> Any:
    """The JSON document in ``raw`` (UTF-8 text); ``ValueError`` if it is not one.

    The strict reader's (:mod:`engine.records.strict_json`): ``NaN``, ``Infinity`` and numbers too
    large for a float (``1e400``) are refused, and so is nesting deeper than :data:`MAX_DEPTH`
    — a value the program could not write back (or do arithmetic on) later is damage now,
    while the backup can still be used. Every kind of damage is a ValueError.
    """
    return strict_json.loads(raw, _LIMITS)


class NotRegularFile(OSError):
    """A device, a FIFO, a folder: never read."""


class TooLarge(OSError):
    """A file over the reader's byte limit (it may have grown while read)."""


# O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer, forever.
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_BINARY", 0))
_CHUNK = 64 * 1024


def read_limited(file: Path, limit: int, follow_links: bool = True) -> bytes:
    """The bytes of ``file``, a regular file of at most ``limit`` bytes; ``OSError`` otherwise
    (:class:`NotRegularFile`, :class:`TooLarge`, or the system's own): a device, a FIFO or a huge
    file is never read into memory, nor does a FIFO block."""
    flags = _OPEN_FLAGS if follow_links else _OPEN_FLAGS | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(file, flags)
    try:
        # fstat of what was opened, not stat of the name: the name may be swapped in between.
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(f"{file.name} is not a regular file")
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(fd, _CHUNK):  # a regular file may still grow, or lie about its size
            total += len(chunk)
            if total > limit:
                raise TooLarge(errno.EFBIG, f"it is too large (over {limit // 1024} KiB)")
            chunks.append(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks)


def json_copy(value: Any, what: str) -> Any:
    """A deep, JSON-only copy: proves the caller's data can be saved, and detaches it from the
    caller's objects so later changes there do not leak into the store."""
    try:
        check_depth(value, what)
        return json.loads(json.dumps(value, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValueError(f"{what} cannot be saved as JSON: {exc}") from None


__all__ = [
    "MAX_DEPTH", "NotRegularFile", "TooLarge", "atomic_write", "check_depth", "dump_json", "fsync_dir",
    "json_copy", "keep_aside", "os_reason", "parse_json", "read_limited", "remove_stale_temps",
]
