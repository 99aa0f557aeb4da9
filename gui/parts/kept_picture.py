"""Pictures drawn once and kept across starts (the start screen's felt and title).

:func:`kept_image` reads the picture kept under a name for a key from the user's cache folder
(storage.picture_cache) as raw pixels, which Qt wraps without decoding them; if there is none,
or it is for another key or damaged, it draws the picture and keeps it. The key holds all the
picture depends on (the program's version is added here); the caller names the rest: the look,
the texts, the size, the device pixel ratio.

The file is written after the frame that needed the picture, never during it: when the
application quits, or a little after the last picture was drawn (a window being resized draws
one per size; only the last one is written).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSize, QTimer
from PySide6.QtGui import QImage

from engine import __version__
from storage import picture_cache

FORMAT = QImage.Format.Format_ARGB32_Premultiplied  # what the raster engine blends fastest
_HEAD = struct.Struct("<IIId")  # width, height, bytes per line (device pixels), device pixel ratio
WRITE_AFTER_MS = 1500

# drawn and not yet written: the file (the cache folder when drawn): (key, picture)
_pending: dict[Path, tuple[str, QImage]] = {}
_timer: QTimer | None = None


def kept_image(name: str, key: str, draw: Callable[[], QImage], sources: Sequence[Path] = (),
               size: QSize | None = None) -> QImage:
    """The picture kept under ``name`` for ``key``, else ``draw()``'s (kept for the next start).
    ``sources`` are the files of the code that draws it: a picture kept before one of them
    changed (a developer's edit, within one version) is drawn again; so is one whose size in
    device pixels is not ``size`` (if given)."""
    key = f"{__version__}|{key}|{_stamps(sources)}"
    file = picture_cache.path(name)
    kept = picture_cache.read(file, key)
    if kept is not None:
        image = _from_bytes(*kept)
        if image is not None and (size is None or image.size() == size):
            return image
    image = draw().convertToFormat(FORMAT)
    _pending[file] = (key, image)
    _schedule_write()
    return image


def _stamps(sources: Sequence[Path]) -> str:
    stamps = []
    for source in sources:
        try:
            stamps.append(str(source.stat().st_mtime_ns))
        except OSError:
            stamps.append("-")
    return ",".join(stamps)


def _from_bytes(head: bytes, body: picture_cache.Pixels) -> QImage | None:
    """The picture whose pixels are ``body``, as :func:`_to_bytes` wrote them; None if the
    description does not fit the pixels (QImage keeps ``body`` alive: no copy is made)."""
    if len(head) != _HEAD.size:
        return None
    width, height, stride, dpr = _HEAD.unpack(head)
    if not (width and height and stride >= 4 * width and len(body) == stride * height and 0.5 <= dpr <= 8):
        return None
    image = QImage(memoryview(body), width, height, stride, FORMAT)
    image.setDevicePixelRatio(dpr)
    return image


def _to_bytes(image: QImage) -> tuple[bytes, bytes]:
    head = _HEAD.pack(image.width(), image.height(), image.bytesPerLine(), image.devicePixelRatio())
    return head, bytes(image.constBits())


def _schedule_write() -> None:
    global _timer
    if _timer is None:
        _timer = QTimer()
        _timer.setSingleShot(True)
        _timer.setInterval(WRITE_AFTER_MS)
        _timer.timeout.connect(write_pending)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(write_pending)
    _timer.start()  # again: a resize's many pictures end in one write


def write_pending() -> None:
    """Write the pictures drawn since the last write (each name's last)."""
    while _pending:
        file, (key, image) = _pending.popitem()
        picture_cache.write(file, key, *_to_bytes(image))


__all__ = ["kept_image", "write_pending"]
