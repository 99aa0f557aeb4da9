"""`hefei-mahjong --play-one-hand`: the real window plays one hand by itself and the program
exits 0 (the check of a packaged or installed game); `--version`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine
import main
from engine import APP_NAME
from gui import app
from tools import build

ROOT = Path(__file__).resolve().parents[2]


def _without_display() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}


def test_one_hand_is_played_through_the_real_window_and_nothing_of_the_players_is_written(
        tmp_path: Path) -> None:
    env = _without_display()  # Qt's own -platform option opens the window offscreen
    homes = {var: tmp_path / var.lower() for var in
             ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")}
    env.update({var: str(path) for var, path in homes.items()})
    env["HEFEI_MAHJONG_CONFIG_DIR"] = str(tmp_path / "config")
    command = [sys.executable, str(ROOT / "main.py"), "--play-one-hand", "-platform", "offscreen"]
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("window shown after ")
    assert lines[1].startswith(build.expected_sound())  # every clip read, miniaudio imported if installed
    assert lines[-1].startswith("one hand played to its end at speed 0 after ")
    # no profile, no settings, no log of the player's (a font or shader cache of the system may be)
    written = [p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()]
    assert [name for name in written if name.startswith("config/") or APP_NAME in name] == [], written


def test_a_run_that_cannot_open_a_window_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(var, raising=False)
    from gui.smoke import FAILED, play_one_hand

    assert play_one_hand([]) == FAILED


@pytest.mark.parametrize("speed", ["-1", "3", "fast", "nan"])
def test_a_bad_speed_is_refused(speed: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main.main(["--play-one-hand", "--speed", speed])
    assert stop.value.code == 2 and "--speed" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "message"), [
    (["--speed", "1"], "--speed goes with --play-one-hand"),
    (["--play-one-hand", "analyze", "55s"], "--speed go with the game window, not with analyze"),
])
def test_the_flags_go_with_the_window(args: list[str], message: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main.main(args)
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main.main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"hefei-mahjong {engine.__version__}"


def test_the_packaged_games_own_xcb_cursor_counts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Qt's X11 plugin needs libxcb-cursor: the packaged game brings its own (tools/build.py)."""
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("DISPLAY", ":0")
    for var in ("WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(app.ctypes.util, "find_library", lambda name: None)  # not on the system
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert "libxcb-cursor0" in (app.display_problem() or "")
    (tmp_path / "libxcb-cursor.so.0").write_bytes(b"")
    assert app.display_problem() is None


@pytest.mark.parametrize(("args", "env"), [
    (["--play-one-hand", "-platform", "nonexistentplatform"], {}),
    (["-platform", "bogus:fontengine=freetype"], {}),
    ([], {"QT_QPA_PLATFORM": "nope"}),
])
def test_a_platform_qt_has_not_is_one_line_not_an_abort(args: list[str], env: dict[str, str],
                                                        tmp_path: Path) -> None:
    """Qt aborts (a core dump, a Python stack) on a platform it has no plugin for: the game names
    the platforms there are instead, before Qt is started."""
    environ = {**_without_display(), "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path),
               "XDG_CONFIG_HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path),
               "HEFEI_MAHJONG_CONFIG_DIR": str(tmp_path / "config"), **env}
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=environ,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert proc.stderr.startswith("hefei-mahjong: Qt has no platform ") and proc.stderr.count("\n") == 1
    assert "offscreen" in proc.stderr and "Fatal" not in proc.stderr


def test_a_platform_in_a_list_or_with_options_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("QT_QPA_PLATFORM", "QT_PLUGIN_PATH", "QT_QPA_PLATFORM_PLUGIN_PATH"):
        monkeypatch.delenv(var, raising=False)
    assert "offscreen" in app.platform_plugins()
    assert app.platform_problem(["-platform", "offscreen:fontengine=freetype"]) is None
    assert app.platform_problem(["--platform", "nope;offscreen"]) is None
    assert app.platform_problem(["-platform", "nope"]) is not None
    # a plugin from another folder is Qt's to find
    assert app.platform_problem(["-platform", "nope", "-platformpluginpath", "/opt/plugins"]) is None
