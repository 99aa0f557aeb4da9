"""The session-wide guard of tests/home_guard.py: no test reaches the player's own folders, and
a run in which something wrote there fails."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import engine
from gui.settings import settings_path
from tests import home_guard
from tests.conftest import HOME_GUARD

ROOT = Path(__file__).resolve().parents[1]


def test_the_session_home_and_every_xdg_folder_are_temporary(monkeypatch: pytest.MonkeyPatch) -> None:
    from platformdirs import user_config_dir, user_data_dir, user_log_dir

    assert home_guard.APP_NAME == engine.APP_NAME
    monkeypatch.undo()  # a test that undoes the per-test folders (test_saves.py once did)
    assert Path(os.environ["HOME"]) == HOME_GUARD.home
    for folder in (user_config_dir(engine.APP_NAME), user_data_dir(engine.APP_NAME),
                   user_log_dir(engine.APP_NAME), settings_path().parent):
        assert HOME_GUARD.home in Path(folder).parents, folder
    seen = subprocess.run([sys.executable, "-c", "import os; print(os.environ['HOME'])"],
                          capture_output=True, text=True, timeout=60)
    assert seen.stdout.strip() == str(HOME_GUARD.home)  # subprocesses inherit the temporary home


def test_a_snapshot_sees_a_file_written_added_or_removed(tmp_path: Path) -> None:
    [config, data, *_] = folders = home_guard.game_folders({"HOME": str(tmp_path)})
    assert config == tmp_path / ".config" / "hefei-mahjong"
    data.mkdir(parents=True)
    (data / "profiles.json").write_text("{}")
    before = home_guard.snapshot(folders)
    assert home_guard.changes(before, home_guard.snapshot(folders)) == []
    (data / "profiles.json").write_text('{"profiles": []}')
    config.mkdir(parents=True)
    assert home_guard.changes(before, home_guard.snapshot(folders)) == [
        str(config), str(data / "profiles.json")]
    (data / "profiles.json").unlink()
    assert str(data) in home_guard.changes(before, home_guard.snapshot(folders))


def test_a_run_that_writes_into_the_real_folders_fails(tmp_path: Path) -> None:
    real_home = tmp_path / "home"
    test = tmp_path / "test_careless.py"
    test.write_text(textwrap.dedent("""
        from tests.conftest import HOME_GUARD

        def test_writes_the_players_settings():
            folder = HOME_GUARD.real_folders[0]
            folder.mkdir(parents=True)
            (folder / "settings.json").write_text("{}")
    """))
    env = {k: v for k, v in os.environ.items() if k not in home_guard.XDG_DIRS}
    env.update(HOME=str(real_home), PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider",
                          "--rootdir", str(tmp_path), str(test)],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stdout[-2000:] + run.stderr[-2000:]
    assert "1 passed" in run.stdout  # the test itself passed: the guard failed the run
    assert "the player's own folders were written" in run.stdout
    assert str(real_home / ".config" / "hefei-mahjong" / "settings.json") in run.stdout


def test_a_write_aimed_at_the_real_folders_is_caught_with_its_test(tmp_path: Path) -> None:
    guard = home_guard.HomeGuard.__new__(home_guard.HomeGuard)  # its hook alone, on pretend folders
    guard.caught, guard._roots = [], (str(tmp_path / "real"),)
    (tmp_path / "real").mkdir()
    guard._audit("open", (str(tmp_path / "real" / "settings.json"), "r", os.O_RDONLY))  # reading is fine
    guard._audit("open", (str(tmp_path / "elsewhere.json"), "w", os.O_WRONLY))
    assert guard.caught == []
    guard._audit("open", (tmp_path / "real" / "settings.json", "w", os.O_WRONLY))
    guard._audit("open", (str(tmp_path / "real" / "x"), None, os.O_WRONLY | os.O_CREAT))  # os.open
    guard._audit("os.rename", (str(tmp_path / "x.tmp"), str(tmp_path / "real" / "profiles.json"), -1, -1))
    guard._audit("sqlite3.connect", (str(tmp_path / "real" / "history.sqlite3"),))
    guard._audit("open", (3, "w", 0))  # a descriptor: no path to judge
    test = os.environ["PYTEST_CURRENT_TEST"]
    assert len(guard.caught) == 4 and all(c.startswith(test) for c in guard.caught)
