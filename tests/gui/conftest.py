"""What the GUI tests share: the language (Chinese unless a test asks otherwise, and Chinese
again after every test), the tile art and a main window on the test's own folders."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from gui import gc_guard, i18n
from gui.main_window import MainWindow
from gui.settings import Settings
from gui.tiles.art import TileArt
from tests.gui import asking_windows


@pytest.fixture(scope="session", autouse=True)
def gc_in_gui_thread(qapp: QApplication) -> None:
    """As the game's start does (gui.app.application): cycles are freed in the GUI thread only,
    whatever a test builds before its first thread starts."""
    assert gc_guard.install(qapp)


@pytest.fixture(autouse=True)
def no_window_left_asking() -> Iterator[None]:
    """The windows a test opened through tests.gui.asking_windows are stopped after it."""
    yield
    asking_windows.stop_all()


@pytest.fixture(autouse=True)
def chinese() -> Iterator[None]:
    """Every GUI test starts in Chinese, and whatever it switched to does not outlive it."""
    i18n.set_language("zh")
    yield
    i18n.set_language("zh")


@pytest.fixture(params=["zh", "en"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The test once in each language the game speaks."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("zh")


@pytest.fixture
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("zh")


@pytest.fixture(scope="module")
def art() -> TileArt:
    """The default tile art (drawing it is slow: one a module)."""
    return TileArt()


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    """The game's main window at instant speed, shown at 1280×860, on the test's own folders
    (tests/conftest.py); its match is stopped afterwards."""
    w = MainWindow(Settings(animation_speed=0.0), confirm_quit=False)
    qtbot.addWidget(w)
    w.resize(1280, 860)
    w.show()
    yield w
    w.table.stop_match()
