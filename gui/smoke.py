"""``hefei-mahjong --play-one-hand``: the installed or packaged game checks itself by playing
one hand through its real window (托管 for the player, AIs in the other seats) and exiting.

It is what the packaged build is smoke-tested with (tools/build.py --smoke): it loads what a
player's first hand loads (the tables in engine/data, the tile art, the icons, the translation
of Qt's buttons) from wherever the program was installed. Nothing of the player's is read or
written: the settings and profiles live in a temporary folder for the one run.

It prints one line when the window is first on screen and one when the hand has ended (how
long each took since the program started), and between them what it found of the sound, which
it does not play (offscreen there is none): the clips read from the installed files, and whether
the audio library imports — in a build, whether it and its compiled parts were packed. The exit
status is 0 only when the hand was played to its end without an unexpected error.
"""

from __future__ import annotations

import importlib
import logging
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

SMOKE_SEED = 3  # the hand played: a wall where normal AIs end the hand in a few seconds at speed 0
POLL_MS = 20
FAILED = 1


def play_one_hand(qt_args: Sequence[str] = (), speed: float = 0.0, timeout: float = 120.0,
                  started: float | None = None) -> int:
    """Play one hand in the real window and return the exit status. ``speed``: the animation
    speed (0 instant .. 1 normal); ``started``: the ``time.monotonic()`` the program began at."""
    began = time.monotonic() if started is None else started
    from gui.app import display_problem, trace_to_stderr

    problem = display_problem(qt_args)
    if problem:
        print(f"hefei-mahjong: {problem}", file=sys.stderr)
        return FAILED
    trace_to_stderr()  # a crash shows its trace here, not in the player's log
    logging.basicConfig(level=logging.WARNING, force=True)
    with tempfile.TemporaryDirectory(prefix="hefei-mahjong-smoke-") as folder:
        return _play(Path(folder), qt_args, speed, timeout, began)


def _play(folder: Path, qt_args: Sequence[str], speed: float, timeout: float, began: float) -> int:
    from PySide6.QtCore import QTimer

    from engine.game.rules import Ruleset
    from gui.app import application
    from gui.i18n.qt import install as follow_language_in_qt
    from gui.main_window import MainWindow
    from gui.settings import Settings
    from storage.store import ProfileStore

    app = application(qt_args)
    follow_language_in_qt()
    errors: list[str] = []

    def hook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        # no message box to click away: the error is printed and the run fails
        errors.append("".join(traceback.format_exception(kind, value, tb)))
        print(errors[-1], file=sys.stderr)
        app.exit(FAILED)

    sys.excepthook = hook
    store = ProfileStore(folder / "profiles")
    store.load()
    window = MainWindow(Settings(animation_speed=speed), settings_path=str(folder / "settings.json"),
                        confirm_quit=False, store=store)
    window.show()
    print(f"window shown after {time.monotonic() - began:.2f} s", flush=True)
    print(sound_check(), flush=True)
    window.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=SMOKE_SEED)
    table = window.table
    table.bar.autoplay.setChecked(True)  # 托管: the player's seat plays itself
    deadline = time.monotonic() + timeout
    status: list[int] = []

    def check() -> None:
        dialog = table.end_dialog
        if dialog is not None and dialog.isVisible():
            print(f"one hand played to its end at speed {speed:g} after {time.monotonic() - began:.2f} s",
                  flush=True)
            status.append(0)
        elif time.monotonic() > deadline:
            print(f"hefei-mahjong: the hand was not over after {timeout:g} s", file=sys.stderr)
            status.append(FAILED)
        else:
            return
        poll.stop()
        window.close()  # the real shutdown: the table's thread, the reviews, the profile store
        app.exit(status[0])

    poll = QTimer(window, interval=POLL_MS)
    poll.timeout.connect(check)
    poll.start()
    code = app.exec()
    return FAILED if errors else code


def sound_check() -> str:
    """``sound: <n> clips, miniaudio <version>``, or what is missing instead."""
    from gui.sound.effects import read_all

    try:
        clips = f"{len(read_all())} clips"
    except (OSError, ValueError) as exc:
        clips = f"no clips ({exc})"
    try:
        library = f"miniaudio {importlib.import_module('miniaudio').__version__}"
    except ImportError as exc:  # (its compiled part, or cffi's, missing: also an ImportError)
        library = f"no miniaudio ({exc})"
    return f"sound: {clips}, {library}"
