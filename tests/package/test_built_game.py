"""The real build (slow, and only where PyInstaller is installed: `pip install -e '.[build]'`):
tools/build.py makes the folder and the Linux archive, and the program unpacked elsewhere plays
one hand offscreen with no Python of this checkout or environment in reach."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from tools import build

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                       reason="PyInstaller is not installed"),
]


def test_the_built_game_runs_without_python(tmp_path: Path) -> None:
    folder = build.build(dist=tmp_path / "dist", work=tmp_path / "work")
    for source, inside in build.data_files():  # every file the package installs, where it looks
        assert (folder / "_internal" / inside / source.name).is_file(), source
    if sys.platform.startswith("linux"):
        build.make_tarball(folder)
    place = tmp_path / "player"
    place.mkdir()
    program = build.put_in_place(folder, place)
    env = build.clean_env(place)
    shown, total = build.run_timed(build.smoke_command(program), place, env)
    assert 0 < shown < total
    version = subprocess.run([str(program), "--version"], cwd=place, env=env, capture_output=True, text=True,
                             timeout=60)
    assert version.stdout.strip() == f"hefei-mahjong {engine.__version__}"
    jobs = subprocess.run(  # worker processes of the packaged program (multiprocessing's spawn)
        [str(program), "selfplay", "--duplicate", "--walls", "2", "--jobs", "2", "--seed", "1", "--json"],
        cwd=place, env=env, capture_output=True, text=True, timeout=300)
    assert jobs.returncode == 0, jobs.stderr[-2000:]
