"""Reading a file someone hands us for import, safely (no Qt): only a regular file, never more
than a hard byte limit, never waiting (a FIFO, a device), and JSON with no value a saved hand
could hold refused (NaN, Infinity, numbers of many digits, deep nesting).

Every refusal is an :class:`ImportRefused`: a ValueError carrying a code of :data:`REFUSALS`
and its values; the GUI says it in the player's language (gui.i18n.store.refusal_text, with
the gui.i18n keys ``import.<code>``).
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from storage.atomic import os_reason

# O_NONBLOCK: opening a FIFO for reading otherwise waits for a writer, forever.
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_BINARY", 0))
_CHUNK = 64 * 1024
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
    flags = _OPEN_FLAGS if follow_links else _OPEN_FLAGS | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(file, flags)
    except OSError as exc:
        raise ImportRefused("unreadable", name=name, reason=os_reason(exc)) from None
    try:
        # fstat of what was opened, not stat of the name: the name may be swapped in between.
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ImportRefused("not_a_file", name=name)
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(fd, _CHUNK):  # a regular file may still grow, or lie about its size
            total += len(chunk)
            if total > limit:
                raise ImportRefused("too_large", name=name)
            chunks.append(chunk)
    except OSError as exc:
        raise ImportRefused("unreadable", name=name, reason=os_reason(exc)) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


class _BadNumber(ValueError):
    pass


def _refuse_constant(text: str) -> Any:
    raise _BadNumber(text)


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _BadNumber(text[:12] + "…")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):  # 1e999: JSON has no infinity, Python's float() makes one
        raise _BadNumber(text[:12])
    return value


def strict_json(raw: bytes, name: str) -> Any:
    """The JSON document in `raw`, refused if it is not UTF-8 JSON, holds NaN, Infinity or a
    number of more than MAX_DIGITS digits, or nests deeper than MAX_DEPTH."""
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant, parse_int=_bounded_int,
                          parse_float=_finite_float)
    except _BadNumber as exc:
        raise ImportRefused("bad_number", name=name, number=str(exc)) from None
    except RecursionError:
        raise ImportRefused("too_deep", name=name) from None
    except ValueError:  # JSONDecodeError, UnicodeDecodeError
        raise ImportRefused("not_json", name=name) from None
    if _depth(data) > MAX_DEPTH:
        raise ImportRefused("too_deep", name=name)
    return data


def _depth(value: Any) -> int:
    """How deep lists and objects nest in `value`, counted without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        if depth <= MAX_DEPTH:
            stack.extend((child, depth + 1) for child in children)
    return deepest


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
    "MAX_DEPTH", "MAX_DIGITS", "REFUSALS", "ImportRefused", "folder_entries", "read_limited", "strict_json",
]
