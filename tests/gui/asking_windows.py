"""Main windows that ask before they close, as the player's do (confirm_quit on), on the test's
own folders; tests/gui/conftest.py stops every one of them after its test, whichever module made
it, so a failed test never leaves a window whose close would ask (and wait) for ever."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from gui.main_window import MainWindow
from gui.settings import Settings
from storage.store import ProfileStore

OPEN: list[MainWindow] = []  # this test's windows, stopped after it (conftest)


def open_window(qtbot: QtBot, tmp_path: Path, speed: float = 0.0, **settings: object) -> MainWindow:
    """A shown 1280×800 window at `speed` with `settings`, its profile under `tmp_path`."""
    store = ProfileStore(tmp_path / "data")
    store.load()
    w = MainWindow(Settings(animation_speed=speed, **settings), confirm_quit=True, store=store)  # type: ignore[arg-type]
    # pytest-qt closes its widgets before fixtures end: the close must not ask then
    qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_quit", False))
    OPEN.append(w)
    w.resize(1280, 800)
    w.show()
    return w


def stop_quietly(w: MainWindow) -> None:
    w.confirm_quit = False
    w.table.stop_match()


def stop_all() -> None:
    while OPEN:
        stop_quietly(OPEN.pop())
