"""A bot's process and everything it starts, as one unit: started in its own process group,
ended as a group.

A bot that forks and exits leaves its child holding the pipes; ending only the process we
started would leave that child running, so the whole group is signalled.

POSIX (Linux, macOS): the bot starts a new session (``setsid``), so its group id is its pid and
every child it forks belongs to the group unless it leaves on purpose (``setsid`` again, or a
double fork into a new session): such an escape is not caught. SIGTERM goes to the group,
then SIGKILL to whatever is left after the grace period.

Windows: the bot starts with ``CREATE_NEW_PROCESS_GROUP``; ending it sends CTRL_BREAK_EVENT to
that group (children sharing the console stop unless they handle it) and then terminates the
bot process itself (``TerminateProcess``). A child that ignores CTRL_BREAK_EVENT, or has no
console, survives: best effort, with no ``taskkill`` dependency.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import IO, Any

WINDOWS = sys.platform == "win32"
POLL = 0.02  # seconds between checks that a group has ended


def start(command: Sequence[str], stderr: IO[bytes] | int,
          cwd: str | os.PathLike[str] | None) -> subprocess.Popen[bytes]:
    """The bot with binary pipes on stdin and stdout, leader of a process group of its own."""
    group: dict[str, Any] = {"start_new_session": True}
    if sys.platform == "win32":
        group = {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
    return subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                            cwd=cwd, **group)


def group_alive(process: subprocess.Popen[bytes]) -> bool:
    """Whether any process of the group still runs (on Windows: whether the bot itself does)."""
    if WINDOWS:
        return process.poll() is None
    try:
        os.killpg(process.pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # a member changed user: it exists
        return True
    return _running_in_group(process.pid)


def _running_in_group(pgid: int) -> bool:
    """On Linux, whether a member is more than a zombie: an orphan's zombie stays in the group
    until the system's init reaps it, which in a container can take a second or more."""
    try:
        entries = os.listdir("/proc")
    except OSError:
        return True  # no /proc (macOS): the signal's answer stands
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                stat = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(stat[2]) == pgid and stat[0] != "Z":  # fields after the name: state, ppid, pgrp
            return True
    return False


def _signal(process: subprocess.Popen[bytes], hard: bool) -> None:
    with contextlib.suppress(OSError):  # the group has already gone
        if sys.platform == "win32":
            if not hard:
                os.kill(process.pid, signal.CTRL_BREAK_EVENT)
            process.terminate()  # TerminateProcess: the bot itself, children not
        else:
            os.killpg(process.pid, signal.SIGKILL if hard else signal.SIGTERM)


def _wait_gone(process: subprocess.Popen[bytes], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while True:
        process.poll()  # reap the leader, or its zombie keeps the group alive
        if not group_alive(process):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(POLL)


def end_group(process: subprocess.Popen[bytes], grace: float = 2.0) -> None:
    """SIGTERM to the whole group, SIGKILL `grace` seconds later to what is left; returns once
    the group has gone or a further second has passed (a zombie nobody reaps can outlast it)."""
    if _wait_gone(process, 0):
        return
    _signal(process, hard=False)
    if _wait_gone(process, grace):
        return
    _signal(process, hard=True)
    _wait_gone(process, 1.0)
