"""One data folder, one writer: an OS file lock held for as long as the program runs (no Qt).

Two windows of the game writing the same ``profiles.json`` from their own memory would erase
each other's hands, so the first process to open a data folder holds this lock and the others
only read. The lock is the operating system's (``flock`` on Linux and macOS, ``LockFileEx``
through ``msvcrt.locking`` on Windows): it is released by the system when the process ends,
however it ends, so a crash or a ``kill -9`` never leaves the folder locked. The lock file
holds the holder's process id, for the message the second window shows.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from engine import APP_NAME

LOCK_FILE = f"{APP_NAME}.lock"
# Windows locks byte ranges and refuses reads of a locked range: lock one byte far past the
# text, so another process can still read who holds it.
_WINDOWS_LOCK_OFFSET = 1 << 20


class DataLock:
    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_FILE
        self._fd: int | None = None
        # Why the lock file could not be opened at all (a read-only folder, a folder in its
        # place): no other window holds the folder then, it simply cannot be written.
        self.problem: str | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock if nobody holds it (never waits). True if this object holds it."""
        if self._fd is not None:
            return True
        self.problem = None
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            self.problem = f"{self.path.name} cannot be opened ({exc.strerror or exc})"
            return False
        if not _try_lock(fd):
            os.close(fd)
            return False
        with contextlib.suppress(OSError):  # only for the message: never a reason to fail
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd
        return True

    def holder(self) -> str:
        """The process id of the lock's holder, as its file says ("1234"), or "" if unknown."""
        try:
            text = self.path.read_text("ascii", errors="replace").strip()
        except OSError:
            return ""
        return text if text.isdigit() else ""

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            _unlock(fd)
            os.close(fd)


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        # flock, not fcntl's POSIX locks: those are per process, so a second store in the same
        # process (a second window, a test) would "get" a lock it does not own.
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)


__all__ = ["LOCK_FILE", "DataLock"]
