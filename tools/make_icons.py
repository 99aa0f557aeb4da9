"""Render the app icon (``resources/icons/hefei-mahjong.svg``) into the raster files the
platforms want, and write them beside it:

- ``hefei-mahjong-<n>.png`` for n in 16, 24, 32, 48, 64, 128, 256, 512 (Linux icon themes, the
  window icon);
- ``hefei-mahjong.ico`` (Windows): one PNG-compressed entry per size up to 256;
- ``hefei-mahjong.icns`` (macOS): PNG entries icp4 … ic10 (16 to 1024 pixels).

Run after changing the SVG, from the project folder: ``python tools/make_icons.py``. The
outputs are committed, so nobody else needs to run it. Qt renders the SVG offscreen; the ICO
and ICNS containers are written with ``struct`` (no dependency beyond PySide6).
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: the project's packages
    sys.path.insert(0, str(ROOT))

import resources  # noqa: E402

ICONS = ROOT / "resources" / "icons"
NAME = "hefei-mahjong"
PNG_SIZES = resources.APP_ICON_SIZES
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # an ICO entry is at most 256 px
# (type, pixels) of the PNG entries of an icns file; the @2x types share the pixel sizes.
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
    (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)


def render_png(renderer: QSvgRenderer, size: int) -> bytes:
    """The SVG drawn into a transparent ``size``×``size`` square, as PNG bytes."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]  # the stubs want bytes, Qt a str
        raise RuntimeError(f"Qt could not encode a {size} px PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file: ICONDIR, one ICONDIRENTRY per image, then the PNG images themselves."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))  # reserved, type 1 = icon, count
    offset = len(header) + 16 * len(sizes)
    entries, images = [], []
    for size in sizes:
        png = pngs[size]
        side = 0 if size >= 256 else size  # 0 stands for 256
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset))
        images.append(png)
        offset += len(png)
    return header + b"".join(entries) + b"".join(images)


def icns_bytes(entries: list[tuple[bytes, bytes]]) -> bytes:
    """An icns file: 'icns' and the total length, then each entry as type, length, PNG data."""
    body = b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in entries)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    about = __doc__.split("\n\n")[0].rstrip(":") + "."
    argparse.ArgumentParser(description=about).parse_args(argv)  # --help writes nothing
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(ICONS / f"{NAME}.svg"))
    if not renderer.isValid():
        print(f"cannot read {ICONS / (NAME + '.svg')}", file=sys.stderr)
        return 1
    cache: dict[int, bytes] = {}

    def png(size: int) -> bytes:
        if size not in cache:
            cache[size] = render_png(renderer, size)
        return cache[size]

    for size in PNG_SIZES:
        (ROOT / "resources" / resources.app_icon_png(size)).write_bytes(png(size))
    (ICONS / f"{NAME}.ico").write_bytes(ico_bytes({size: png(size) for size in ICO_SIZES}))
    (ICONS / f"{NAME}.icns").write_bytes(icns_bytes([(kind, png(size)) for kind, size in ICNS_TYPES]))
    del app
    print(f"wrote {len(PNG_SIZES)} PNGs, {NAME}.ico and {NAME}.icns to {ICONS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
