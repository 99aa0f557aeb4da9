"""LAN tables kept on this computer's disk, for coming back after the program died (no Qt):

* ``lan_seat.json`` — a guest's seat: the table's id and name, the host's address and the
  session token (gui.lan.kept_seat), so that 回到局域网牌桌 takes the player back in one click;
* ``lan_table.json`` — a host's table between hands (engine.net.table_save.SavedTable), so that
  the host can open it again and every guest's token still finds its seat (``lan_serve.json``
  for ``main.py serve``'s, reopened by ``serve --resume``).

Both hold secrets (tokens; the host's wall key): each file is written atomically and readable by
its owner only (0600). A damaged file is kept aside (``<name>.bad-<timestamp>``) and read as
nothing. They live in the user data folder (storage.store.data_dir), next to the profiles.
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path
from typing import Any

from .atomic import atomic_write, dump_json, keep_aside, parse_json, read_limited, remove_stale_temps

log = logging.getLogger(__name__)

SEAT_FILE = "lan_seat.json"
TABLE_FILE = "lan_table.json"
SERVE_FILE = "lan_serve.json"  # `main.py serve`'s own: a table hosted headless is not the window's
MAX_BYTES = 256 * 1024  # far above either file: a bigger one is not ours
OWNER_ONLY = 0o600


class LanFile:
    """One JSON object in one file, the owner's only."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self) -> dict[str, Any] | None:
        """The object kept, or None (no file, unreadable, or damaged: then kept aside)."""
        try:
            raw = read_limited(self.path, MAX_BYTES)
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            log.warning("cannot read %s: %s", self.path, exc)
            return None
        try:
            data = parse_json(raw)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except ValueError as exc:
            log.warning("%s is damaged (%s): kept aside", self.path, exc)
            keep_aside(self.path)
            return None
        return data

    def write(self, data: dict[str, Any]) -> None:
        """Replace the file atomically; OSError if the disk refuses."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temps(self.path)
        # atomic_write's temporary file is made by mkstemp, readable by its owner only (0600),
        # and the rename keeps that: the file is never readable by others, not even for a moment
        atomic_write(self.path, dump_json(data))
        os.chmod(self.path, OWNER_ONLY)  # (said again where a system's mkstemp would be laxer)

    def clear(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def damaged_aside(self) -> None:
        """The object read does not make sense to its reader: keep it aside, as a damaged file."""
        if self.path.exists():
            keep_aside(self.path)


def _folder(folder: Path | None) -> Path:
    if folder is not None:
        return folder
    from .store import data_dir

    return data_dir()


def seat_file(folder: Path | None = None) -> LanFile:
    """Where a guest's seat is kept (`folder`: the user data folder unless given)."""
    return LanFile(_folder(folder) / SEAT_FILE)


def table_file(folder: Path | None = None, serve: bool = False) -> LanFile:
    """Where a host's table is kept (`serve`: the headless host's)."""
    return LanFile(_folder(folder) / (SERVE_FILE if serve else TABLE_FILE))


__all__ = ["LanFile", "seat_file", "table_file"]
