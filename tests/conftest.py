"""Shared test setup: Qt offscreen, and every file the app writes kept in a temporary folder."""

from __future__ import annotations

import os
from collections.abc import Iterator

# first of all: the session's HOME and XDG folders are temporary, the player's are watched
from tests.home_guard import HOME_GUARD

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# no test opens an audio device: the game's sound records what it would play (gui.sound.player)
os.environ.setdefault("HEFEI_MAHJONG_SOUND", "record")

from pathlib import Path

import pytest

from storage.store import ProfileStore
from tests.profile_helpers import new_store

GUI_TESTS = Path(__file__).resolve().parent / "gui"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under tests/gui/ is a GUI test (``-m "not gui"`` runs without Qt widgets)."""
    for item in items:
        if GUI_TESTS in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.gui)


WRITTEN = pytest.StashKey[list[str]]()


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The run fails if anything of the player's own was written, whichever test did it."""
    written = HOME_GUARD.caught + HOME_GUARD.written()
    HOME_GUARD.remove_home()
    if written:
        session.config.stash[WRITTEN] = written
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    written = config.stash.get(WRITTEN, [])
    if written:
        terminalreporter.section("the player's own folders were written", red=True)
        terminalreporter.write_line("(a test named here wrote it; a bare path changed during the run: "
                                    "by this run, or by a game played on this machine meanwhile)")
        for path in written:
            terminalreporter.write_line(path, red=True)


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings, profile and logs of the app under test never touch the real user folders."""
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("HEFEI_MAHJONG_CONFIG_DIR", str(base / "config"))
    monkeypatch.delenv("HEFEI_MAHJONG_CACHE_DIR", raising=False)  # kept pictures: XDG_CACHE_HOME below
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(var, str(base / var.lower()))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ProfileStore]:
    """A new, empty profile store in a temporary folder (the profile store tests share it)."""
    s = new_store(tmp_path)
    yield s
    s.close()
