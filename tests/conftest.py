"""Shared test setup: Qt offscreen, and every file the app writes kept in a temporary folder."""

from __future__ import annotations

import os

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


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings, profile and logs of the app under test never touch the real user folders."""
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("HEFEI_MAHJONG_CONFIG_DIR", str(base / "config"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(var, str(base / var.lower()))


@pytest.fixture
def store(tmp_path: Path) -> ProfileStore:
    """A new, empty profile store in a temporary folder (the profile store tests share it)."""
    s = new_store(tmp_path)
    yield s
    s.close()
