"""The storage package is for any program that keeps the player's data, with a window or
without one (a LAN host): importing it needs neither Qt nor the GUI package."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import storage

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(f"storage.{m.name}" for m in pkgutil.iter_modules(storage.__path__))


def test_every_storage_module_is_listed() -> None:
    assert {"storage.store", "storage.history", "storage.imports", "storage.codes"} <= set(MODULES)


def test_storage_imports_neither_qt_nor_the_gui() -> None:
    code = (f"import storage, {', '.join(MODULES)}; import sys; "
            "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'gui')); "
            "assert not loaded, loaded")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
