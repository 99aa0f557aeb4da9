"""The modules a fresh Python process has loaded after running some code: for tests that keep a
part of the program from importing another (the engine no Qt, the start no commands)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules_after(code: str, env: Mapping[str, str] | None = None, timeout: float = 120) -> list[str]:
    """Every module in ``sys.modules`` once ``code`` has run in a new process (from the
    repository's root), sorted."""
    probe = f"{code}\nimport json as _json, sys as _sys\nprint(_json.dumps(sorted(_sys.modules)))\n"
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=None if env is None else dict(env),
                         capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, out.stderr
    modules: list[str] = json.loads(out.stdout.strip().splitlines()[-1])
    return modules
