"""No test may touch the player's own folders: made impossible, not careful.

``tests/conftest.py`` imports this module first, before anything asks platformdirs where the
folders are. Importing it points HOME and the XDG folders at a temporary directory for the whole session
(subprocesses inherit it), and remembers what the real folders of the game held; at the session's
end the run fails if any of them changed. A test that undoes the per-test isolation
(``monkeypatch.undo()``) still lands in the session's temporary home.
"""

from __future__ import annotations

import os
import shutil
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

    def written(self) -> list[str]:
        """What changed in the player's real folders since the session began."""
        return changes(self.before, snapshot(self.real_folders))

    def remove_home(self) -> None:
        shutil.rmtree(self.home, ignore_errors=True)


HOME_GUARD = HomeGuard()  # at import: before any test module or the app asks where home is
