"""Reading a file someone hands us for import, safely (no Qt): only a regular file, never more
than a hard byte limit, never waiting (a FIFO, a device), and JSON with no value a saved hand
could hold refused (NaN, Infinity, numbers of many digits, deep nesting).

Every refusal is an :class:`ImportRefused`: a ValueError carrying a code of :data:`REFUSALS`
and its values; the GUI says it in the player's language (gui.i18n.store.refusal_text, with
the gui.i18n keys ``import.<code>``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from engine.records import strict_json
from storage import atomic
from storage.atomic import os_reason

MAX_DIGITS = 20  # a 64-bit seed has 20; a longer number is no saved hand's
MAX_DEPTH = 8  # a saved hand nests 4 deep (actions → action → its fields)

# Every reason a file is refused, and the names of the values it carries (``name`` is the
# file's or folder's name; ``reason`` the system's words for why it could not be read).
REFUSALS: dict[str, tuple[str, ...]] = {
    "unreadable": ("name", "reason"),
    "not_a_file": ("name",),
    "too_large": ("name",),
    "not_json": ("name",),
    "bad_number": ("name", "number"),
    "too_deep": ("name",),
    "not_saved_hand": ("name",),
    "out_of_range": ("name", "field", "value"),
    "no_result": ("name",),
    "refused": ("name", "detail"),
    "other_format": ("name", "version"),
    "unfinished": ("name",),
    "mismatch": ("name",),
    "outside_folder": ("name",),
    "folder_unreadable": ("name", "reason"),
}


class ImportRefused(ValueError):
    """A file refused for import: :attr:`code` (a key of :data:`REFUSALS`) and its
    :attr:`values`, for the GUI to put into words. Its ``str`` is for logs, not players."""

    def __init__(self, code: str, **values: str) -> None:
        if code not in REFUSALS or set(values) != set(REFUSALS[code]):
            raise TypeError(f"no refusal {code!r} with the values {tuple(values)}")
        self.code = code
        self.values = values
        details = ", ".join(f"{key}={value!r}" for key, value in values.items())
        super().__init__(f"import refused ({code}): {details}")


def read_limited(file: Path, limit: int, follow_links: bool = True) -> bytes:
    """The bytes of `file` if it is a regular file of at most `limit` bytes; else ImportRefused."""
    name = file.name
    try:
        return atomic.read_limited(file, limit, follow_links)
    except atomic.NotRegularFile:
        raise ImportRefused("not_a_file", name=name) from None
    except atomic.TooLarge:
        raise ImportRefused("too_large", name=name) from None
    except OSError as exc:
        raise ImportRefused("unreadable", name=name, reason=os_reason(exc)) from None


_LIMITS = strict_json.JsonLimits(max_depth=MAX_DEPTH, max_int_digits=MAX_DIGITS)


def read_json(raw: bytes, name: str) -> Any:
    """The JSON document in `raw`, refused if it is not UTF-8 JSON, holds NaN, Infinity or a
    number of more than MAX_DIGITS digits, or nests deeper than MAX_DEPTH."""
    try:
        return strict_json.loads(raw, _LIMITS)
    except strict_json.JsonRefused as exc:
        if exc.code in (strict_json.BAD_NUMBER, strict_json.NOT_A_NUMBER):
            raise ImportRefused("bad_number", name=name, number=exc.detail) from None
        if exc.code == strict_json.TOO_DEEP:
            raise ImportRefused("too_deep", name=name) from None
        raise ImportRefused("not_json", name=name) from None


def folder_entries(folder: Path, suffix: str) -> list[tuple[str, Path | ImportRefused]]:
    """The files named ``*suffix`` directly in `folder`, by name: a path to read, or why not.

    A link is followed only when it leads inside `folder` (the path given is then the link's
    target: read it with ``follow_links=False``); sub-folders are not entered. Special files
    are listed: :func:`read_limited` refuses them without waiting.
    """
    try:
        root = folder.resolve(strict=True)
        with os.scandir(root) as scan:
            names = sorted(entry.name for entry in scan if entry.name.lower().endswith(suffix))
    except (OSError, RuntimeError) as exc:  # RuntimeError: a symlink loop (Python < 3.13)
        raise ImportRefused("folder_unreadable", name=folder.name,
                            reason=os_reason(exc) if isinstance(exc, OSError) else str(exc)) from None
    out: list[tuple[str, Path | ImportRefused]] = []
    for name in names:
        path = root / name
        try:
            target = path.resolve(strict=True)
        except (OSError, RuntimeError) as exc:  # dangling or looping link
            reason = os_reason(exc) if isinstance(exc, OSError) else str(exc)
            out.append((name, ImportRefused("unreadable", name=name, reason=reason)))
            continue
        if target == root or not target.is_relative_to(root):
            out.append((name, ImportRefused("outside_folder", name=name)))
        else:
            out.append((name, target))
    return out


__all__ = [
    "MAX_DEPTH", "MAX_DIGITS", "REFUSALS", "ImportRefused", "folder_entries", "read_json", "read_limited",
]
