"""The front door of the headless commands and the generator scripts: every command and option
says what it is for, an option that would be ignored is refused, and ``--help`` only helps."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from main import build_parser
from tests.cli.test_cli import ROOT, run
from tests.module_probe import modules_after


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    [sub] = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


@pytest.mark.parametrize("command", ["score", "analyze", "selfplay", "serve", "join"])
def test_every_command_and_every_option_has_help(command: str) -> None:
    parser = _subcommands()[command]
    assert parser.description, f"`{command} --help` does not say what {command} does"
    silent = [a.dest for a in parser._actions if not a.help]
    assert silent == [], f"{command}: no help text for {silent}"


def test_score_help_says_what_it_does() -> None:
    done = run("score", "--help")
    assert done.returncode == 0 and "one JSON object per line" in done.stdout
    assert "docs/score.md" in done.stdout


@pytest.mark.parametrize(("args", "words"), [
    (["--duplicate", "--hands", "5"], "--hands is plain self-play's: --duplicate plays --walls"),
    (["--walls", "5"], "--walls needs --duplicate"),
    (["--ext", "python examples/simple_bot.py"], "--ext needs an ext player"),
    (["--players", "ext,normal,normal,normal"], "an ext player needs --ext"),
    (["--jobs", "2"], "--jobs needs --duplicate"),
])
def test_selfplay_refuses_options_it_would_ignore(args: list[str], words: str) -> None:
    done = run("selfplay", *args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"hefei-mahjong selfplay: error: {words}") and done.stderr.count("\n") == 1
    assert done.stderr.endswith("(see --help)\n")


def test_selfplay_defaults_still_play() -> None:
    plain = run("selfplay", "--hands", "2", "--json")
    duplicate = run("selfplay", "--duplicate", "--walls", "1", "--json")
    assert plain.returncode == 0 and '"hands": 2' in plain.stdout, plain.stderr
    assert duplicate.returncode == 0 and '"walls": 1' in duplicate.stdout, duplicate.stderr


def _mtimes(folder: Path) -> dict[str, int]:
    return {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}


@pytest.mark.parametrize(("script", "folder"), [
    ("make_sounds.py", "sounds"), ("make_icons.py", "icons"), ("make_translations.py", "translations"),
])
def test_a_generator_scripts_help_writes_nothing(script: str, folder: str) -> None:
    before = _mtimes(ROOT / "resources" / folder)
    done = subprocess.run([sys.executable, str(ROOT / "tools" / script), "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith(f"usage: {script}") and done.stderr == ""
    assert _mtimes(ROOT / "resources" / folder) == before


def test_make_sounds_names_an_unknown_effect_in_one_line() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "make_sounds.py"), "no_such_effect"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "no effect 'no_such_effect'" in done.stderr and "discard_1" in done.stderr


def test_a_python_without_the_games_libraries_says_in_one_line_what_to_run() -> None:
    from main import PLAY_COMMAND

    bare = [sys.executable, "-S", str(ROOT / "main.py")]  # -S: no site-packages, as a system Python
    for window in ([], ["--play-one-hand", "--speed", "1"]):
        done = subprocess.run([*bare, *window], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
        assert "platformdirs" in done.stderr and done.stderr.rstrip().endswith(PLAY_COMMAND)
    headless = subprocess.run([*bare, "analyze", "23456788m567p55s"], cwd=ROOT, capture_output=True,
                              text=True, timeout=60)
    assert headless.returncode == 0 and "shanten 0" in headless.stdout  # needs none of them


def test_the_window_starts_without_building_the_commands_parser() -> None:
    """Without arguments (a player's start) main reads them as the parser would, without building
    it: its subcommands import the engine's AIs and the self-play (about 80 ms before the window)."""
    from main import parse_arguments

    assert vars(parse_arguments([])) == vars(build_parser().parse_args([]))
    loaded = modules_after("import main\nmain.parse_arguments([])")
    assert "main" in loaded
    assert [m for m in loaded if m.startswith(("commands", "engine.ai", "engine.table"))] == []
