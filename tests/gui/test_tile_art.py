"""Tile art: every face renders, is not blank, differs from the others, is cached, and a contact
sheet of all faces lands in screenshots/tiles.png for a human to look at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QImage, QPixmap  # imported after the platform is chosen
from PySide6.QtWidgets import QApplication

from engine.game.tiles import NUM_KINDS, tile_name
from gui.tiles.art import (
    THEMES,
    TileArt,
    contact_sheet,
    get_art,
    tile_height,
)
from gui.tiles.art import back as shared_back
from gui.tiles.art import clear_cache as clear_shared_cache
from gui.tiles.art import face as shared_face

ROOT = Path(__file__).resolve().parents[2]
SHEET = ROOT / "screenshots" / "tiles.png"


def _argb(image: QImage) -> QImage:
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def colours(image: QImage) -> set[int]:
    """The distinct ARGB values of `image` (fast: reads the raw buffer, not pixel by pixel)."""
    img = _argb(image)
    raw = memoryview(img.constBits()).tobytes()[: img.sizeInBytes()]
    return set(memoryview(raw).cast("I"))


def opaque_fraction(image: QImage) -> float:
    img = _argb(image)
    raw = memoryview(memoryview(img.constBits()).tobytes()[: img.sizeInBytes()]).cast("I")
    return sum(1 for px in raw if px >> 24 == 0xFF) / len(raw)


def raw_bytes(pixmap: QPixmap) -> bytes:
    img = _argb(pixmap.toImage())
    return memoryview(img.constBits()).tobytes()[: img.sizeInBytes()]


@pytest.fixture
def art(qapp: QApplication) -> TileArt:
    return TileArt(theme="classic")


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("width", [30, 56])
@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_every_face_renders_at_size_and_dpr(qapp: QApplication, theme: str, width: int, dpr: float) -> None:
    art = TileArt(theme)
    for kind in range(NUM_KINDS):
        pix = art.face(kind, width, dpr)
        assert not pix.isNull(), tile_name(kind)
        assert pix.devicePixelRatio() == dpr
        assert (pix.width(), pix.height()) == (round(width * dpr), round(tile_height(width) * dpr))
        logical = pix.deviceIndependentSize()
        assert (round(logical.width()), round(logical.height())) == (width, tile_height(width))
        image = pix.toImage()
        # Ivory, outline, edge band, ink, antialiasing: a real picture has dozens of colours.
        assert len(colours(image)) >= 12, tile_name(kind)
        # The tile fills its pixmap: only the rounded corners and the antialiased rim are see-through.
        assert opaque_fraction(image) > 0.8, tile_name(kind)


def test_tile_height_is_three_to_four() -> None:
    assert tile_height(30) == 40
    assert tile_height(48) == 64
    assert tile_height(28) == 37


def test_faces_of_different_kinds_differ(art: TileArt) -> None:
    pictures = [raw_bytes(art.face(kind, 40)) for kind in range(NUM_KINDS)]
    assert len(set(pictures)) == NUM_KINDS
    # Same rank, different suit must differ in many pixels, not a corner index alone.
    for rank_index in range(7):
        a, b, c = (pictures[suit * 7 + rank_index] for suit in range(3))
        for x, y in ((a, b), (a, c), (b, c)):
            differing = sum(1 for i in range(0, len(x), 4) if x[i : i + 4] != y[i : i + 4])
            assert differing > len(x) // 4 // 10


def test_back_and_side_render(art: TileArt) -> None:
    back = art.back(40, 2.0)
    assert back.devicePixelRatio() == 2.0
    assert (back.width(), back.height()) == (80, round(tile_height(40) * 2))
    assert len(colours(back.toImage())) >= 8
    assert raw_bytes(art.back(40)) not in {raw_bytes(art.face(k, 40)) for k in range(NUM_KINDS)}
    side = art.side(40)
    assert side.height() == tile_height(40) and 0 < side.width() < 40
    assert len(colours(side.toImage())) >= 4


def test_quarter_turns_rotate(art: TileArt) -> None:
    upright = art.face(5, 40, 2.0)
    turned = art.face(5, 40, 2.0, quarter_turns=1)
    assert (turned.width(), turned.height()) == (upright.height(), upright.width())
    assert turned.devicePixelRatio() == 2.0
    assert art.face(5, 40, 2.0, quarter_turns=4) is upright


def test_cache_returns_same_object(art: TileArt) -> None:
    first = art.face(3, 44, 1.0)
    assert art.face(3, 44, 1.0) is first
    assert art.face(3, 44, 1) is first  # int and float dpr are one key
    assert art.face(3, 44, 2.0) is not first
    assert art.face(3, 46, 1.0) is not first
    assert art.back(44) is art.back(44)
    size = art.cache_size()
    assert size >= 4
    art.clear_cache()
    assert art.cache_size() == 0
    assert art.face(3, 44, 1.0) is not first


def test_shared_instances_and_clear(qapp: QApplication) -> None:
    assert get_art("classic") is get_art("classic")
    pix = shared_face(0, 36)
    assert shared_face(0, 36) is pix
    assert shared_back(36) is get_art().back(36)
    clear_shared_cache()
    assert shared_face(0, 36) is not pix


def test_themes_differ(qapp: QApplication) -> None:
    classic, contrast = TileArt("classic"), TileArt("contrast")
    assert raw_bytes(classic.face(10, 40)) != raw_bytes(contrast.face(10, 40))
    assert raw_bytes(classic.back(40)) != raw_bytes(contrast.back(40))
    with pytest.raises(ValueError):
        TileArt("no-such-theme")


def test_bad_arguments(art: TileArt) -> None:
    with pytest.raises(ValueError):
        art.face(NUM_KINDS, 40)
    with pytest.raises(ValueError):
        art.face(-1, 40)
    with pytest.raises(ValueError):
        art.face(0, 2)


def test_fractional_dpr(art: TileArt) -> None:
    pix = art.face(12, 33, 1.5)
    assert pix.devicePixelRatio() == 1.5
    assert (pix.width(), pix.height()) == (round(33 * 1.5), round(44 * 1.5))


def test_contact_sheet_png(qapp: QApplication) -> None:
    SHEET.parent.mkdir(parents=True, exist_ok=True)
    sheet = contact_sheet(widths=(32, 64), themes=("classic", "contrast"), dpr=1.0)
    assert sheet.save(str(SHEET))
    loaded = QImage(str(SHEET))
    assert not loaded.isNull()
    assert loaded.width() > 7 * 64 and loaded.height() > 6 * tile_height(64)
    assert len(colours(loaded)) > 200
