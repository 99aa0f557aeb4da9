"""`pip install .` gives a `hefei-mahjong` command that starts the game (main:main), with the
package's data files beside the code."""

from __future__ import annotations

import shutil
import subprocess
import sys
from importlib.metadata import distribution, entry_points
from pathlib import Path

import pytest

import engine
import resources
from gui.sound.effects import CLIPS, clip_resource

ROOT = Path(__file__).resolve().parents[2]


def test_the_installed_package_has_the_command() -> None:
    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "hefei-mahjong"]
    assert script.value == "main:main"
    assert script.load().__name__ == "main"
    assert distribution("hefei-mahjong").version == engine.__version__


def _source_copy(target: Path) -> Path:
    """The checkout's tracked files (pip builds in the source folder: not in this one)."""
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files"], capture_output=True, text=True, timeout=60)
    names = listed.stdout.split() if listed.returncode == 0 else None
    if names is None:
        shutil.copytree(ROOT, target, ignore=shutil.ignore_patterns(".venv", ".git", "build", "dist"))
        return target
    for name in names:
        if (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    return target


@pytest.mark.slow
def test_pip_install_into_a_new_environment_gives_a_working_command(tmp_path: Path) -> None:
    """A fresh virtual environment and a plain `pip install` (setuptools from the package index,
    as pyproject.toml asks), of the project alone: the headless commands run here need none of
    its dependencies."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=180)
    bin_dir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    source = _source_copy(tmp_path / "source")
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "--no-deps", str(source)],
                   check=True, capture_output=True, timeout=300)
    command = shutil.which("hefei-mahjong", path=str(bin_dir))
    assert command is not None
    away = tmp_path / "elsewhere"  # nothing of the checkout importable from here
    away.mkdir()
    version = subprocess.run([command, "--version"], cwd=away, capture_output=True, text=True, timeout=60)
    assert version.returncode == 0 and version.stdout.strip() == f"hefei-mahjong {engine.__version__}"
    analyzed = subprocess.run([command, "analyze", "23456788m567p55s", "--json"], cwd=away,
                              capture_output=True, text=True, timeout=60)
    assert analyzed.returncode == 0, analyzed.stderr[-2000:]
    assert '"shanten"' in analyzed.stdout
    found = subprocess.run(  # the data files are installed with the code
        [str(bin_dir / "python"), "-c", "import resources, engine.game.suit_table as t; "
         "print(len(resources.names()), t.TABLE_PATH.is_file()); "
         "print(*(n for n in resources.names() if n.startswith('sounds/')))"],
        cwd=away, capture_output=True, text=True, timeout=60)
    counted, sounds = found.stdout.splitlines()
    assert counted.split() == [str(len(resources.names())), "True"], found.stderr
    assert sounds.split() == sorted([clip_resource(c) for c in CLIPS] + ["sounds/LICENSES"])
