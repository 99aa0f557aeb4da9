"""The program ends cleanly while its threads work: the 复盘 of the hand just played and the
table's engine thread are stopped by their owners however the program ends — the window closed,
the application quitting with the window open, a script's ``sys.exit`` — never destroyed while
they run (Qt then aborts the whole program: "QThread: Destroyed while thread … is still
running"). The review stopped half-way leaves its hand counted, without figures."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QThread
from pytestqt.qtbot import QtBot

from gui import threads
from storage.store import ProfileStore
from tests.quit_probe import HOW, STEP_S

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.parametrize("how", HOW)
def test_the_program_ends_cleanly_in_the_middle_of_a_review(tmp_path: Path, how: str) -> None:
    folder = tmp_path / "profiles"
    errors = tmp_path / "stderr.txt"
    with errors.open("w", encoding="utf-8") as err_file:
        proc = subprocess.Popen([sys.executable, "-m", "tests.quit_probe", str(folder), how], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=err_file, text=True)
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()  # once the hand is over and its review under way
            asked = time.monotonic()
            proc.communicate(timeout=60)
            took = time.monotonic() - asked
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    err = errors.read_text(encoding="utf-8")
    assert line.strip() == "review under way", err[-3000:]
    assert proc.returncode == 0, err[-3000:]  # not -6 (SIGABRT)
    assert "Destroyed while thread" not in err
    # stopped, not waited for: the hand below has no figures; and the whole review takes 5 steps
    # of STEP_S (25 s), so 20 s leaves a busy machine its slack and still tells the two apart
    assert took < STEP_S * 4, f"{took:.1f} s: the review was waited for, not stopped"
    assert "a hand is left without its review: the program is ending" in err
    store = ProfileStore(folder)
    store.load()
    try:
        [profile] = store.profiles()
        [hand] = store.history(profile.name)  # the hand counts …
        assert hand.agreement is None and store.agreement_history(profile.name) == []  # … without figures
    finally:
        store.close()


class _Stubborn(QObject):
    """Work that takes its time to notice a stop."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def run(self) -> None:
        self.release.wait(10)


def test_a_thread_that_outlives_its_owners_wait_is_kept_not_destroyed(qtbot: QtBot) -> None:
    thread, work = QThread(), _Stubborn()
    work.moveToThread(thread)
    thread.started.connect(work.run)
    thread.start()
    qtbot.waitUntil(thread.isRunning, timeout=30_000)
    assert not threads.end_thread(thread, work, 50)
    assert any(kept is thread for kept, _work in threads._kept)  # referenced to the program's end
    release = work.release
    del thread, work  # the test's own references: the kept ones hold the thread and its work
    kept_thread, kept_work = threads._kept[-1]
    assert kept_thread.isRunning() and isinstance(kept_work, _Stubborn)
    release.set()
    assert threads.end_thread(kept_thread, kept_work)
    threads._kept.remove((kept_thread, kept_work))
