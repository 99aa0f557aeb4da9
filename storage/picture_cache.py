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

import io
import logging
import mmap
import os
import struct
import zlib
from pathlib import Path
from typing import TypeAlias

from engine import APP_NAME
from storage.atomic import atomic_write, os_reason

ENV_CACHE_DIR = "HEFEI_MAHJONG_CACHE_DIR"
MAGIC = b"HMPIC\x00\x01\n"
_LENGTHS = struct.Struct("<IIQI")  # key, head, body lengths; the body's CRC-32
MAX_BODY = 1 << 30  # more than any screen's picture: a length beyond it is damage

log = logging.getLogger(__name__)

Pixels: TypeAlias = bytearray | mmap.mmap  # a picture's pixels as read: writable, no copy made
# Linux makes a mapping's pages in one go; reading 4 MB into a new bytes object instead takes a
# page fault per 4 KB, about a third of what reading the start screen's felt back costs
_POPULATE = getattr(mmap, "MAP_POPULATE", 0)


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


def _room(length: int) -> Pixels:
    """Memory for ``length`` bytes of pixels, its pages already made where the system can."""
    if _POPULATE and length:
        try:
            return mmap.mmap(-1, length, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | _POPULATE)
        except (OSError, ValueError):
            pass  # no memory to map at once: the ordinary way
    return bytearray(length)


def read(file_path: Path, key: str) -> tuple[bytes, Pixels] | None:
    """(head, body) kept in ``file_path`` for ``key``, or None if there is none that is whole
    and for this key."""
    try:
        with open(file_path, "rb", buffering=0) as file:
            start = file.read(len(MAGIC) + _LENGTHS.size)
            if len(start) != len(MAGIC) + _LENGTHS.size or not start.startswith(MAGIC):
                return None
            key_len, head_len, body_len, crc = _LENGTHS.unpack_from(start, len(MAGIC))
            # the lengths must add up to the file's (cut short, or lengths damaged: not kept)
            if len(start) + key_len + head_len + body_len != os.fstat(file.fileno()).st_size \
                    or body_len > MAX_BODY or file.read(key_len) != key.encode():
                return None
            head = file.read(head_len)
            body = _room(body_len)
            if len(head) != head_len or _read_into(file, body) != body_len or zlib.crc32(body) != crc:
                return None
            return head, body
    except (OSError, ValueError):
        return None


def _read_into(file: io.FileIO, room: Pixels) -> int:
    """Fill ``room`` from ``file`` (an unbuffered read may return less than asked); bytes read."""
    done = 0
    with memoryview(room) as view:
        while done < len(view):
            count = file.readinto(view[done:])
            if not count:
                break
            done += count
    return done


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


__all__ = ["ENV_CACHE_DIR", "Pixels", "cache_dir", "path", "read", "write"]
