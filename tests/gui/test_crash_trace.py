"""A crash leaves a trace: the Python traceback of a fatal signal lands in the game's log,
after the line that names the hand and event being shown."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_segfault_is_written_into_the_log_after_the_event_being_shown(tmp_path: Path) -> None:
    script = textwrap.dedent("""
        import faulthandler, logging
        from gui.app import setup_logging
        path = setup_logging()
        print(path, flush=True)
        logging.getLogger("gui.table.widget").info("hand 3: showing TileDrawn(seat=1)")
        faulthandler._sigsegv()
    """)
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode != 0
    log = Path(done.stdout.strip().splitlines()[0]).read_text(encoding="utf-8")
    shown = log.index("hand 3: showing TileDrawn(seat=1)")
    fatal = log.index("Fatal Python error: Segmentation fault")
    assert shown < fatal
    assert "<module>" in log[fatal:]  # the Python stack of the crash


def test_the_trace_follows_the_log_when_it_rotates(tmp_path: Path) -> None:
    script = textwrap.dedent("""
        import faulthandler, logging
        import gui.app as app
        app.LOG_BYTES = 2000
        path = app.setup_logging()
        print(path, flush=True)
        for i in range(200):
            logging.getLogger("x").info("line %d", i)
        faulthandler._sigsegv()
    """)
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    log = Path(done.stdout.strip().splitlines()[0]).read_text(encoding="utf-8")
    assert "line 199" in log and "Fatal Python error" in log
