"""Pictures kept across starts in the user's cache folder (no Qt): bytes under a name and a key.

The start screen's felt and title take a good part of the window's first frame to draw; a start
after the first reads them back instead (gui.parts.kept_picture). A cache file is only ever a
copy of what the program can draw again, so anything wrong with it — missing, written by
another version or for another size (its key differs), cut short, damaged (its CRC differs),
unreadable — reads as "not kept" and the picture is drawn and written again; nothing is raised.

A file: MAGIC, then the key's, the head's and the body's lengths and the body's CRC-32
(little-endian), the key (UTF-8), the head (the picture's own description) and the body (its
pixels). Written atomically (storage.atomic: a temporary file, fsync, os.replace), so a crash
leaves the old file or the new one.
"""

from __future__ import annotations

import logging
import os
import struct
import zlib
from pathlib import Path

from engine import APP_NAME
from storage.atomic import atomic_write, os_reason

ENV_CACHE_DIR = "HEFEI_MAHJONG_CACHE_DIR"
MAGIC = b"HMPIC\x00\x01\n"
_LENGTHS = struct.Struct("<IIQI")  # key, head, body lengths; the body's CRC-32
MAX_BODY = 1 << 30  # more than any screen's picture: a length beyond it is damage

log = logging.getLogger(__name__)


def cache_dir() -> Path:
    """$HEFEI_MAHJONG_CACHE_DIR, else the platform's user cache folder."""
    override = os.environ.get(ENV_CACHE_DIR)
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir(APP_NAME))


def path(name: str) -> Path:
    """Where the picture ``name`` is kept (in the cache folder as the environment says now)."""
    return cache_dir() / f"{name}.picture"


def read(file_path: Path, key: str) -> tuple[bytes, bytes] | None:
    """(head, body) kept in ``file_path`` for ``key``, or None if there is none that is whole
    and for this key."""
    try:
        with open(file_path, "rb") as file:
            start = file.read(len(MAGIC) + _LENGTHS.size)
            if len(start) != len(MAGIC) + _LENGTHS.size or not start.startswith(MAGIC):
                return None
            key_len, head_len, body_len, crc = _LENGTHS.unpack_from(start, len(MAGIC))
            if body_len > MAX_BODY or file.read(key_len) != key.encode():
                return None
            head = file.read(head_len)
            body = file.read(body_len)  # one read straight into the bytes returned: no copy
            if len(head) != head_len or len(body) != body_len or file.read(1) \
                    or zlib.crc32(body) != crc:
                return None
            return head, body
    except (OSError, ValueError):
        return None


def write(file_path: Path, key: str, head: bytes, body: bytes) -> bool:
    """Keep (head, body) in ``file_path`` for ``key``, replacing what was kept; False (logged)
    if it cannot be written: the picture is simply drawn again next time."""
    encoded = key.encode()
    payload = b"".join((MAGIC, _LENGTHS.pack(len(encoded), len(head), len(body), zlib.crc32(body)),
                        encoded, head, body))
    try:
        file_path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(file_path, payload)
    except OSError as exc:
        log.info("picture %s not kept: %s", file_path, os_reason(exc))
        return False
    return True


__all__ = ["ENV_CACHE_DIR", "cache_dir", "path", "read", "write"]
