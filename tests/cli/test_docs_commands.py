"""Every `python main.py …` command that README.md, docs/commands.md and main.py's docstring show
runs as written;
Qt's own options reach Qt (the window opens offscreen and quits by itself)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import main
from gui.app import ENV_QUIT_AFTER

ROOT = Path(__file__).resolve().parents[2]
SUBCOMMANDS = ("score", "analyze", "selfplay", "serve")
# `python main.py …` up to a closing backtick, a comment, two spaces (a note follows) or the line's end
COMMAND = re.compile(r"(?<![\w/.])python main\.py(?:(?! {2})[^`#\n])*")


def shown_commands() -> list[tuple[str, str]]:
    found = []
    for where, text in (("README.md", (ROOT / "README.md").read_text(encoding="utf-8")),
                        ("docs/commands.md", (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")),
                        ("main.py", main.__doc__ or "")):
        found += [(where, m.group(0).strip()) for m in COMMAND.finditer(text)]
    return found


def _kind(command: str) -> str:
    args = shlex.split(command)[2:]
    if args and (args[0] == "join" or (args[0] == "serve" and "--bind" not in args)):
        return "network"  # a table on a real network, with players to come: shown, not run here
    if args and args[0] in SUBCOMMANDS:
        return "headless"
    return "offscreen window" if main.split_qt_options(args)[1] and "offscreen" in args else "window"


COMMANDS = shown_commands()


def test_the_docs_show_each_subcommand() -> None:
    shown = {shlex.split(c)[2] for _, c in COMMANDS if _kind(c) == "headless"}
    assert shown == set(SUBCOMMANDS)
    assert any(_kind(c) == "offscreen window" for _, c in COMMANDS)


@pytest.mark.parametrize(("where", "command"), COMMANDS, ids=[f"{w}: {c}" for w, c in COMMANDS])
def test_a_shown_command_runs(where: str, command: str) -> None:
    kind = _kind(command)
    if kind == "window":
        pytest.skip("opens the game window and waits for the player")
    if kind == "network":
        pytest.skip("plays on a real network with other players: the LAN tests run it on loopback")
    # every `python` of the line (the bot's too) is the Python running the tests
    line = re.sub(r"(?<![\w/.])python(?= )", shlex.quote(sys.executable), command)
    env = dict(os.environ, **{ENV_QUIT_AFTER: "300"})
    proc = subprocess.run(line, shell=True, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, f"{where}: {command}\n{proc.stderr[-2000:]}"
    if kind == "headless":
        assert proc.stdout.strip(), command


# -- Qt's options --------------------------------------------------------------------------------


def test_qt_options_are_told_apart_from_the_games() -> None:
    ours, qt = main.split_qt_options(
        ["-platform", "offscreen", "--style", "fusion", "-stylesheet=a.qss", "-qwindowgeometry", "1024x700",
         "-reverse", "--json", "analyze"])
    assert qt == ["-platform", "offscreen", "--style", "fusion", "-stylesheet=a.qss", "-qwindowgeometry",
                  "1024x700", "-reverse"]
    assert ours == ["--json", "analyze"]


@pytest.mark.parametrize(("args", "message"), [
    (["scroe"], "invalid choice: 'scroe'"),
    (["--platfrom", "offscreen"], "invalid choice: 'offscreen'"),  # a typo is not Qt's
    (["-platform", "offscreen", "score"], "go with the game window"),
])
def test_a_mistake_is_still_a_clear_error(args: list[str], message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main.main(args)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("qt_args", [
    ["-platform", "offscreen"],
    ["--platform", "offscreen", "-style", "fusion", "-qwindowgeometry", "1024x700"],
    ["-platform", "offscreen", "-style=fusion", "-reverse"],
])
def test_qt_options_reach_qt(qt_args: list[str]) -> None:
    """No display and no QT_QPA_PLATFORM: only Qt's `-platform offscreen` can open the window."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env[ENV_QUIT_AFTER] = "300"
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), *qt_args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]


# -- the rules document --------------------------------------------------------------------------


def test_the_rules_document_names_every_option_preset_and_score_item() -> None:
    from dataclasses import fields

    from engine.game.rules import Preset, Ruleset
    from engine.game.scoring import _FIRST_DRAW_ITEMS, _ITEMS, _LABEL_VARIANTS

    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for field in fields(Ruleset):
        assert f"`{field.name}`" in text, field.name
    for preset in Preset:
        assert f"`{preset.value}`" in text, preset
    labels = [rule.zh.split(" ")[0] for rule in (*_ITEMS, *_FIRST_DRAW_ITEMS)]
    labels += [zh for zh, _en in _LABEL_VARIANTS.values()]
    for label in labels:
        assert label in text, label
    assert "seeds/" not in text and "beside this file" not in text  # nothing outside the project
