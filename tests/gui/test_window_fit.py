"""The main window fits the screen it opens on: 1280×860 where there is room, less on a
1366×768 or 1280×720 screen (with room kept for the window manager's frame), never under its
minimum, centred; a geometry saved on a bigger monitor comes back inside a smaller one.

The screens are Qt's offscreen platform's, sized by a file (tests/window_fit_probe.py): one
process for each screen size."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMargins, QPoint, QRect, QSize
from pytestqt.qtbot import QtBot

from gui import window_fit
from gui.main_window import MainWindow
from gui.settings import Settings
from gui.window_fit import FRAME_ROOM, PREFERRED

ROOT = Path(__file__).resolve().parents[2]


def _probe(folder: Path, size: str, saved: str | None = None) -> dict[str, Any]:
    folder.mkdir()
    args = [sys.executable, "-m", "tests.window_fit_probe", str(folder), size, *([saved] if saved else [])]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _inside(rect: list[int], area: list[int]) -> bool:
    return QRect(*area).contains(QRect(*rect))


def _leaves_frame_room(inside: list[int], area: list[int]) -> bool:
    """The window's inside, with the frame a desktop may add around it, still fits the area."""
    return (inside[2] + FRAME_ROOM.left() + FRAME_ROOM.right() <= area[2]
            and inside[3] + FRAME_ROOM.top() + FRAME_ROOM.bottom() <= area[3])


@pytest.mark.parametrize("size", ["1366x768", "1280x720", "1920x1080"])
def test_a_new_window_fits_its_screen_and_is_centred(tmp_path: Path, size: str) -> None:
    seen = _probe(tmp_path / "run", size)
    area, frame, inside = seen["available"], seen["fresh"]["frame"], seen["fresh"]["inside"]
    assert area == [0, 0, *map(int, size.split("x"))]
    assert _inside(frame, area), seen
    assert _leaves_frame_room(inside, area), seen
    width, height = (min(PREFERRED.width(), area[2] - 16), min(PREFERRED.height(), area[3] - 48))
    assert inside[2:] == [width, height]  # as big as the screen allows, up to 1280×860
    centre = QRect(*frame).center() - QRect(*area).center()
    assert abs(centre.x()) <= FRAME_ROOM.left() and abs(centre.y()) <= FRAME_ROOM.top()


def test_a_window_saved_on_a_big_monitor_comes_back_inside_a_smaller_screen(tmp_path: Path) -> None:
    monitor = _probe(tmp_path / "monitor", "1920x1080")  # the player made it nearly full-screen there
    assert QRect(*monitor["available"]).contains(QRect(*monitor["fresh"]["frame"]))
    # 1600 wide: Qt restores it (a screen within 25 % of the width it was saved on) and the window
    # is brought inside; 1366 from 1600, too
    middle = _probe(tmp_path / "middle", "1600x900", monitor["saved"])
    laptop = _probe(tmp_path / "laptop", "1366x768", middle["saved"])
    for seen in (middle, laptop):
        area, restored = seen["available"], seen["restored"]
        assert _inside(restored["frame"], area), seen
        assert _leaves_frame_room(restored["inside"], area), seen
        assert restored["inside"][2] > PREFERRED.width()  # the saved width, shrunk: not a new window's
    # 1280 from 1920: Qt refuses the geometry (saved at another scale, it says): a new window's fit
    small = _probe(tmp_path / "small", "1280x720", monitor["saved"])
    assert _inside(small["restored"]["frame"], small["available"]), small
    assert small["restored"] == small["fresh"]


def test_a_saved_geometry_that_fits_is_kept_where_it_was(tmp_path: Path) -> None:
    first = _probe(tmp_path / "first", "1366x768")
    again = _probe(tmp_path / "again", "1366x768", first["saved"])
    assert first["made"] == [32, 48, 1366 - 64, 768 - 64]
    assert again["restored"]["inside"] == first["made"]  # where the player had put it, not centred


def test_the_windows_minimum_fits_a_1024_by_700_screen_with_its_frame(qtbot: QtBot, store) -> None:
    window = MainWindow(Settings(), confirm_quit=False, store=store)
    qtbot.addWidget(window)
    minimum = window_fit.minimum_of(window)
    assert minimum.grownBy(FRAME_ROOM).boundedTo(QSize(1024, 700)) == minimum.grownBy(FRAME_ROOM)


def test_a_screen_smaller_than_the_minimum_keeps_the_minimum_and_the_title_bar_on_screen() -> None:
    area = QRect(0, 0, 800, 560)
    size = window_fit.fitted_size(PREFERRED, area.size(), FRAME_ROOM, QSize(760, 583))
    assert size == QSize(800 - 16, 583)  # narrower, but never shorter than the minimum
    outer = QRect(QPoint(), size.grownBy(FRAME_ROOM))
    assert window_fit.inside(outer, area, centre=True) == QPoint(0, 0)  # its top left corner shows
    off = QRect(QPoint(1200, -50), size.grownBy(FRAME_ROOM))  # off the right, above the top
    assert window_fit.inside(off, QRect(0, 0, 1366, 768), centre=False) == QPoint(1366 - outer.width(), 0)
    assert window_fit.fitted_size(QSize(900, 600), QSize(1920, 1080), QMargins(), QSize(760, 583)) \
        == QSize(900, 600)  # a size that fits is kept
