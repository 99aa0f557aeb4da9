"""Signals in the tests' child processes."""

from __future__ import annotations

import signal


def as_at_a_terminal() -> None:
    """In a child (``preexec_fn``): Ctrl-C as a person's shell delivers it. A job started in the
    background by a script (or under nohup, or by some CI runners) inherits SIGINT ignored, and
    Python then leaves it ignored (no KeyboardInterrupt), so pytest's children would too."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
