"""Compile the game's Qt translation sources (``resources/translations/*.ts``) into the
``.qm`` files Qt loads, with PySide6's ``lrelease`` (``pyside6-lrelease``, which PySide6
installs beside the Python it runs on). Run it after editing a ``.ts``, from the project
folder: ``python tools/make_translations.py``. The ``.qm`` files are committed.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

TRANSLATIONS = Path(__file__).resolve().parents[1] / "resources" / "translations"


def lrelease() -> str | None:
    beside = Path(sys.executable).with_name("pyside6-lrelease")
    return str(beside) if beside.exists() else shutil.which("pyside6-lrelease")


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)  # --help compiles nothing
    tool = lrelease()
    if tool is None:
        print("pyside6-lrelease not found: install PySide6 into this Python", file=sys.stderr)
        return 1
    for source in sorted(TRANSLATIONS.glob("*.ts")):
        target = source.with_suffix(".qm")
        subprocess.run([tool, "-silent", str(source), "-qm", str(target)], check=True)
        print(f"{source.name} -> {target.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
