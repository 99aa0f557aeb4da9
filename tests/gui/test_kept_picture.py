"""The start screen's felt and title, kept across starts in the user's cache folder
(gui.parts.kept_picture, storage.picture_cache): a start that reads them shows the same pixels
as one that draws them, and a kept file that is missing, for another key, cut short or damaged
is drawn again (same pixels) and written again, never a crash."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from gui.parts import kept_picture
from gui.parts.kept_picture import kept_image, write_pending
from gui.screens.start import StartScreen
from storage import picture_cache
from tests.module_probe import modules_after

NAMES = ("start-felt", "start-title", "start-card-shadow")


def start_screen_pixels(qtbot: QtBot) -> QImage:
    """A start screen of 800 × 560 as its first frame shows it, and the kept pictures written."""
    screen = StartScreen()
    qtbot.addWidget(screen)
    screen.resize(800, 560)
    screen.show()
    qtbot.waitExposed(screen)
    image = screen.grab().toImage()
    write_pending()
    screen.close()
    return image


def test_the_cache_folder_is_the_isolated_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """conftest points XDG_CACHE_HOME at a temporary folder; the pictures go under it, or where
    $HEFEI_MAHJONG_CACHE_DIR says."""
    monkeypatch.delenv(picture_cache.ENV_CACHE_DIR, raising=False)
    assert picture_cache.cache_dir().is_relative_to(os.environ["XDG_CACHE_HOME"])
    monkeypatch.setenv(picture_cache.ENV_CACHE_DIR, str(tmp_path / "kept"))
    assert picture_cache.path("start-felt") == tmp_path / "kept" / "start-felt.picture"


def test_a_kept_start_screen_shows_the_pixels_a_drawn_one_does(qtbot: QtBot) -> None:
    drawn = start_screen_pixels(qtbot)
    files = [picture_cache.path(name) for name in NAMES]
    assert all(file.is_file() for file in files)
    stamps = [file.stat().st_mtime_ns for file in files]
    kept = start_screen_pixels(qtbot)
    assert kept == drawn
    assert [file.stat().st_mtime_ns for file in files] == stamps  # read, not drawn and written again


def _truncate(file: Path) -> None:
    file.write_bytes(file.read_bytes()[: file.stat().st_size // 2])


def _damage(file: Path) -> None:
    data = bytearray(file.read_bytes())
    data[-1000] ^= 0xFF  # one pixel's byte: only the CRC tells
    file.write_bytes(bytes(data))


def _other_key(file: Path) -> None:
    """Kept by another version: the key starts with the program's version."""
    data = bytearray(file.read_bytes())
    start = len(picture_cache.MAGIC) + picture_cache._LENGTHS.size
    assert data[start:start + 1].isdigit()
    data[start] = ord("9") if data[start] != ord("9") else ord("8")
    file.write_bytes(bytes(data))


def _other_size(file: Path) -> None:
    """A whole file, its CRC right, whose picture claims one pixel less across than drawn."""
    data = file.read_bytes()
    start = len(picture_cache.MAGIC)
    key_len, head_len, _, _ = picture_cache._LENGTHS.unpack_from(data, start)
    head_at = start + picture_cache._LENGTHS.size + key_len
    width, height, stride, dpr = kept_picture._HEAD.unpack_from(data, head_at)
    head = kept_picture._HEAD.pack(width - 1, height, stride, dpr)
    file.write_bytes(data[:head_at] + head + data[head_at + head_len:])


def _garbage(file: Path) -> None:
    file.write_bytes(b"not a picture at all")


def _empty(file: Path) -> None:
    file.write_bytes(b"")


def _missing(file: Path) -> None:
    file.unlink()


@pytest.mark.parametrize("spoil", [_truncate, _damage, _other_key, _other_size, _garbage, _empty,
                                   _missing])
def test_a_spoilt_kept_picture_is_drawn_and_written_again(qtbot: QtBot,
                                                          spoil: Callable[[Path], None]) -> None:
    drawn = start_screen_pixels(qtbot)
    files = [picture_cache.path(name) for name in NAMES]
    kept = {file: file.read_bytes() for file in files}
    for file in files:
        spoil(file)
    assert start_screen_pixels(qtbot) == drawn
    assert {file: file.read_bytes() for file in files} == kept  # whole again


def test_an_unwritable_cache_folder_costs_only_the_keeping(qtbot: QtBot, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setenv(picture_cache.ENV_CACHE_DIR, str(blocker / "cache"))  # under a file: no folder
    first = start_screen_pixels(qtbot)
    assert start_screen_pixels(qtbot) == first
    assert not (blocker / "cache").exists()


def test_a_kept_picture_keeps_its_pixel_ratio_and_transparency(qtbot: QtBot) -> None:
    def draw() -> QImage:
        image = QImage(30, 20, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        image.setPixel(3, 4, QColor(200, 10, 10, 255).rgba())
        image.setDevicePixelRatio(2)
        return image

    drawn = kept_image("probe", "a", draw)
    write_pending()
    kept = kept_image("probe", "a", lambda: pytest.fail("kept, not drawn"))
    assert kept.devicePixelRatio() == 2 and kept.size() == drawn.size() and kept == drawn
    assert kept.pixelColor(0, 0).alpha() == 0
    assert kept_image("probe", "b", draw) == drawn  # another key: drawn
    assert kept_picture._pending  # and written later (the key changed)
    write_pending()


def test_a_file_changed_in_the_code_that_draws_it_draws_it_again(qtbot: QtBot, tmp_path: Path) -> None:
    source = tmp_path / "drawing.py"
    source.write_text("# one look")
    calls = []

    def draw() -> QImage:
        calls.append(1)
        image = QImage(4, 4, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.red)
        return image

    kept_image("probe", "a", draw, [source])
    write_pending()
    kept_image("probe", "a", draw, [source])
    assert len(calls) == 1
    os.utime(source, ns=(1, 1))
    kept_image("probe", "a", draw, [source])
    write_pending()
    assert len(calls) == 2


START = """
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gui.screens.start import StartScreen
screen = StartScreen()
screen.resize(1000, 700)
screen.first_painted.connect(lambda: QTimer.singleShot(0, app.quit))  # once all of it painted
screen.show()
app.exec()
"""


def test_a_start_that_reads_its_pictures_loads_no_tile_painter(tmp_path: Path) -> None:
    """The first start draws the tiles on the felt and in the title and keeps the pictures as
    it quits; the next one only reads them, without the tile painter's modules."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", **{picture_cache.ENV_CACHE_DIR: str(tmp_path)})
    first = modules_after(START, env)
    assert "gui.tiles.art" in first and "gui.tiles.faces" in first
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(f"{name}.picture" for name in NAMES)
    second = modules_after(START, env)
    assert "gui.screens.start" in second
    assert [name for name in second if name.startswith(("gui.tiles", "engine.game"))] == []
