"""No test may touch the player's own folders: made impossible, not careful.

``tests/conftest.py`` imports this module first, before anything asks platformdirs where the
folders are. Importing it points HOME and the XDG folders at a temporary directory for the whole session
(subprocesses inherit it), and remembers what the real folders of the game held; at the session's
end the run fails if any of them changed. A test that undoes the per-test isolation
(``monkeypatch.undo()``) still lands in the session's temporary home. Within this process an
audit hook also catches every write aimed at the real folders as it happens, with the test that
made it (a change to the folders found only at the end may be another program's, run meanwhile).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path

APP_NAME = "hefei-mahjong"  # engine.APP_NAME (a test checks they agree; engine is not imported here)
XDG_DIRS = {  # variable: its default under HOME (the XDG base directory specification)
    "XDG_CONFIG_HOME": ".config",
    "XDG_DATA_HOME": ".local/share",
    "XDG_STATE_HOME": ".local/state",
    "XDG_CACHE_HOME": ".cache",
}
Snapshot = dict[str, tuple[int, int] | None]  # path: (mtime_ns, size), None if it does not exist
# audit events that change a file or folder, their path arguments' positions
_CHANGING_EVENTS = {"os.rename": (0, 1), "os.mkdir": (0,), "os.remove": (0,), "os.rmdir": (0,),
                    "os.truncate": (0,), "os.chmod": (0,), "os.utime": (0,), "os.symlink": (1,),
                    "os.link": (1,), "shutil.rmtree": (0,), "shutil.move": (1,), "sqlite3.connect": (0,)}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def game_folders(env: Mapping[str, str]) -> list[Path]:
    """The game's own folders under the home and XDG folders named by ``env``."""
    home = Path(env.get("HOME") or Path.home())
    return [Path(env.get(var) or home / default) / APP_NAME for var, default in XDG_DIRS.items()]


def snapshot(folders: Iterable[Path]) -> Snapshot:
    """Every file and folder under ``folders`` with its time and size (a folder's time changes
    when an entry is added or removed)."""
    seen: Snapshot = {}
    for folder in folders:
        seen[str(folder)] = _stat(folder)
        if folder.is_dir():
            for path in sorted(folder.rglob("*")):
                seen[str(path)] = _stat(path)
    return seen


def changes(before: Snapshot, after: Snapshot) -> list[str]:
    """The paths that appeared, disappeared or changed between two snapshots."""
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


class HomeGuard:
    """The session's temporary home, and the real folders it keeps the tests out of."""

    def __init__(self) -> None:
        self.real_folders = game_folders(os.environ)
        self.before = snapshot(self.real_folders)
        self.home = Path(tempfile.mkdtemp(prefix="hefei-mahjong-test-home-"))
        os.environ["HOME"] = str(self.home)
        for var, default in XDG_DIRS.items():
            os.environ[var] = str(self.home / default)
        os.environ["HEFEI_MAHJONG_CONFIG_DIR"] = str(self.home / ".config" / APP_NAME)
        # a cache folder named by the developer's shell would be written by the tests: the
        # start screen's kept pictures go under XDG_CACHE_HOME instead
        os.environ.pop("HEFEI_MAHJONG_CACHE_DIR", None)

        self.caught: list[str] = []  # writes aimed at the real folders from this process, by test
        self._roots = tuple(str(folder) for folder in self.real_folders)
        sys.addaudithook(self._audit)

    def written(self) -> list[str]:
        """What changed in the player's real folders since the session began."""
        return changes(self.before, snapshot(self.real_folders))

    def _audit(self, event: str, args: tuple[object, ...]) -> None:
        """An audit hook: note a write under the real folders (it must never raise)."""
        try:
            if event == "open":
                path, mode, flags = args
                writes = any(c in mode for c in "wax+") if isinstance(mode, str) else \
                    isinstance(flags, int) and bool(flags & _WRITE_FLAGS)
                paths = [path] if writes else []
            elif event in _CHANGING_EVENTS:
                paths = [args[i] for i in _CHANGING_EVENTS[event] if i < len(args)]
            else:
                return
            for path in paths:
                if isinstance(path, str | bytes | os.PathLike) and \
                        os.path.abspath(os.fsdecode(path)).startswith(self._roots):
                    test = os.environ.get("PYTEST_CURRENT_TEST", "outside a test")
                    self.caught.append(f"{test}: {event} {os.fsdecode(path)}")
        except Exception:  # a guard's own bug must not break the code under test
            return

    def remove_home(self) -> None:
        shutil.rmtree(self.home, ignore_errors=True)


HOME_GUARD = HomeGuard()  # at import: before any test module or the app asks where home is
