"""Plays one hand through the real window and ends the program while its 复盘 is under way.

Run by tests/gui/test_quit_mid_review.py as ``python -m tests.quit_probe FOLDER HOW``: a process
of its own, since what is tested is how the program ends (Qt aborts it with SIGABRT when a
QThread object is destroyed while its thread runs). The hand is played at the default animation
speed under 托管, the profiles in FOLDER; the review of the hand is made slow (大师 takes
:data:`STEP_S` per step of the hand, and sees a stop at once), and once it is under way the
program ends, the window and its table (the engine thread, waiting for 下一局) still open:

- ``exit``: ``sys.exit`` outside Qt's event loop, as a script does (the before-stop probe);
- ``quit``: ``QApplication.exit`` from the event loop (``aboutToQuit``), the window not closed;
- ``close``: the window closes, then the application quits (what the quit signals do).

Prints ``review under way`` when it ends the program.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HEFEI_MAHJONG_SOUND", "record")

SEED = 97  # a short first hand (normal AIs, 托管): 5 moves, some 8 s at the default speed
STEP_S = 5.0  # 大师's slowed pace: a whole review of that hand takes 25 s
HOW = ("exit", "quit", "close")


def main(folder: Path, how: str) -> int:
    from PySide6.QtWidgets import QApplication

    import engine.records.review
    from engine.game.rules import Ruleset
    from engine.records.review import HandReview
    from gui.main_window import MainWindow
    from gui.settings import Settings
    from storage.store import ProfileStore

    logging.basicConfig(level=logging.INFO, stream=sys.stderr, force=True)
    started = threading.Event()
    real_review = engine.records.review.review_hand

    def slow_review(data: Any, seat: int, should_stop: Callable[[], bool] | None = None) -> HandReview:
        started.set()

        assert should_stop is not None  # the review thread always lets its review be stopped

        def slowly() -> bool:
            end = time.monotonic() + STEP_S
            while time.monotonic() < end:
                if should_stop():
                    return True
                time.sleep(0.02)
            return False

        return real_review(data, seat, should_stop=slowly)

    engine.records.review.review_hand = slow_review
    app = QApplication.instance() or QApplication(sys.argv[:1])
    store = ProfileStore(folder)
    store.load()
    window = MainWindow(Settings(), confirm_quit=False, store=store)  # the default speed
    window.resize(1280, 860)
    window.show()
    window.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=SEED)
    window.table.bar.autoplay.setChecked(True)
    deadline = time.monotonic() + 120
    while not started.is_set():
        if time.monotonic() > deadline:
            print("the hand's review never started", file=sys.stderr)
            return 2
        app.processEvents()
        time.sleep(0.002)
    print("review under way", flush=True)
    if how == "exit":
        sys.exit(0)
    if how == "close":
        window.close()
        app.quit()
        return 0
    from PySide6.QtCore import QTimer

    QTimer.singleShot(0, lambda: app.exit(0))
    return app.exec()


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[2] not in HOW:
        sys.exit(f"usage: python -m tests.quit_probe FOLDER {{{','.join(HOW)}}}")
    sys.exit(main(Path(sys.argv[1]), sys.argv[2]))
