"""The system ends the game (SIGTERM at logout, Ctrl-C in a terminal): the window closes as on
a normal close — no question nobody can answer, settings saved, a LAN table hosted here closed
for everyone — and the program exits 0."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gui.app import log_path

ROOT = Path(__file__).resolve().parents[2]


def _wait_for_line(path: Path, text: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists() and text in path.read_text(encoding="utf-8", errors="replace"):
            return
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never appeared in {path}")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_closes_the_window_properly(number: int) -> None:
    log = log_path()
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "-platform", "offscreen"], cwd=ROOT,
                            env=dict(os.environ), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        _wait_for_line(log, "started", 60)
        proc.send_signal(number)
        _out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err[-2000:]
    assert f"signal {int(number)}: closing the window" in log.read_text(encoding="utf-8")
