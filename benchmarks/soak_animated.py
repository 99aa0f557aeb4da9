"""Soak: play N hands in the real window at the default animation speed, count hands survived.

    python benchmarks/soak_animated.py [--hands 20] [--speed 1.0] [--seed 1] [--rounds 4]

Each run of the game is a child process showing a real window (under ``xvfb-run -a`` when
there is no display and Xvfb is installed; otherwise offscreen, which the report says). 托管
plays the human seat, the end-of-hand dialog is read for a moment and closed with 下一局, and
a finished match is followed by a new one. A child that dies (a crash: a signal, or a Python
error) is counted and a new child goes on with the next seed, until N hands have been played.

Prints ``hands survived / hands played`` and the crashes with their exit status, and the mean
seconds per hand as a figure of the pacing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def child(hands: int, speed: float, seed: int, rounds: int) -> int:
    """Play in this process and print a line per finished hand."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from engine.game.rules import Ruleset
    from gui.main_window import MainWindow
    from gui.settings import Settings

    app = QApplication([])
    settings = Settings(animation_speed=speed)
    window = MainWindow(settings, confirm_quit=False)
    window.resize(1280, 800)
    window.show()
    table = window.table
    played = 0
    match_seed = seed

    def start() -> None:
        nonlocal match_seed
        window.start_match(Ruleset(rounds=rounds), ["normal"] * 3, seed=match_seed)
        table.bar.autoplay.setChecked(True)
        match_seed += 1

    def hand_finished(_summary: object) -> None:
        nonlocal played
        played += 1
        print(f"HAND {played}", flush=True)
        if played >= hands:
            app.quit()

    answered: set[int] = set()

    def dialogs() -> None:
        dialog = table.end_dialog
        if dialog is not None and dialog.isVisible() and id(dialog) not in answered:
            answered.add(id(dialog))  # one click per dialog, as a person gives
            button = getattr(dialog, "next_button", None) or getattr(dialog, "close_button", None)
            if button is not None:
                QTimer.singleShot(round(400 * max(speed, 0.1)), button.click)  # a moment to read
        if not table.running and table.end_dialog is None and played < hands:
            start()

    table.hand_finished.connect(hand_finished)
    poll = QTimer()
    poll.setInterval(500)
    poll.timeout.connect(dialogs)
    poll.start()
    start()
    app.exec()
    window.close()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--speed", type=float, default=None, help="default: the game's default speed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.speed is None:
        from gui.settings import Settings

        args.speed = Settings().animation_speed
    if args.child:
        return child(args.hands, args.speed, args.seed, args.rounds)

    env = dict(os.environ)
    prefix: list[str] = []
    how = "display " + env.get("DISPLAY", "")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        if shutil.which("xvfb-run"):
            prefix, how = ["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24"], "Xvfb"
        else:
            env["QT_QPA_PLATFORM"] = "offscreen"
            how = "offscreen (no Xvfb: install xvfb for a real window)"
    home = tempfile.mkdtemp(prefix="soak-")  # a fresh profile, as a new player has
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[var] = str(Path(home) / var.lower())
    env["HEFEI_MAHJONG_CONFIG_DIR"] = str(Path(home) / "config")
    played = survived = 0
    crashes: list[str] = []
    seed = args.seed
    start = time.monotonic()
    print(f"soak: {args.hands} hands at speed {args.speed} ({how})", flush=True)
    while played < args.hands:
        cmd = [*prefix, sys.executable, __file__, "--child", "--hands", str(args.hands - played),
               "--speed", str(args.speed), "--seed", str(seed), "--rounds", str(args.rounds)]
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        assert proc.stdout is not None
        this_run = 0
        for line in proc.stdout:
            if line.startswith("HAND "):
                this_run += 1
                print(f"  hand {played + this_run} done ({time.monotonic() - start:.0f} s)", flush=True)
        code = proc.wait()
        err = proc.stderr.read() if proc.stderr else ""
        played += this_run
        survived += this_run
        if code != 0 or this_run == 0:
            played += 1  # the hand it died in
            tail = " | ".join(err.strip().splitlines()[-3:])
            crashes.append(f"exit {code} after {this_run} hands: {tail}")
            seed += 1000
    elapsed = time.monotonic() - start
    print(f"hands survived / hands played: {survived} / {played} at speed {args.speed} ({how})")
    print(f"crashes: {len(crashes)}")
    for c in crashes:
        print("  " + c)
    print(f"mean seconds per hand: {elapsed / max(1, played):.1f}")
    return 0 if not crashes else 1


if __name__ == "__main__":
    sys.exit(main())
