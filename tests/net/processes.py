"""`main.py` subcommands run as real processes for the LAN tests: their output lines read as they
come, a wait for a line with a generous deadline, and SIGKILL (a crash: no goodbye)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 120.0  # seconds: far above a 1-圈 match of bots, for a busy machine


class Proc:
    """A `main.py` subcommand whose output lines are read as they come (a thread per pipe)."""

    def __init__(self, *args: str, prefix: Sequence[str] = ()) -> None:
        """`prefix`: what runs the program (``ip netns exec NAME``: in a network namespace)."""
        self.args = args
        self.proc = subprocess.Popen([*prefix, sys.executable, str(ROOT / "main.py"), *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        self.lines: list[str] = []
        self.errors: list[str] = []
        for pipe, into in ((self.proc.stdout, self.lines), (self.proc.stderr, self.errors)):
            threading.Thread(target=self._read, args=(pipe, into), daemon=True).start()

    @staticmethod
    def _read(pipe: object, into: list[str]) -> None:
        for line in pipe:  # type: ignore[attr-defined]
            into.append(line.rstrip("\n"))

    def wait_for(self, pattern: str, seconds: float = DEADLINE, start: int = 0) -> re.Match[str]:
        """The first line from `start` on that matches `pattern` (waits for it)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for line in self.lines[start:]:
                if found := re.search(pattern, line):
                    return found
            if self.proc.poll() is not None:
                time.sleep(0.2)  # the readers' last lines
                for line in self.lines[start:]:
                    if found := re.search(pattern, line):
                        return found
                break
            time.sleep(0.05)
        raise AssertionError(f"no line like {pattern!r} from {self.args[0]}: {self.lines!r} {self.errors!r}")

    def finish(self, seconds: float = DEADLINE) -> int:
        code = self.proc.wait(seconds)
        time.sleep(0.2)
        return code

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)  # no goodbye, no clean-up: as a crash
            self.proc.wait(30)
