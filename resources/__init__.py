"""The files the game ships beside its code: the app icon (SVG, PNGs, ICO, ICNS), the dialogs'
small icons, the rules texts, the Qt translation of the standard buttons and the Linux desktop
entry. No Qt here: every file is found beside this module, so it is read from wherever the
package is installed (``pip install .``, an editable install, this folder or a zip).

Names are relative to this folder with ``/`` between parts: ``read_text("rules/en.html")``.

Qt style sheets, ``QIcon`` and ``QTranslator`` want a path on disk. :func:`path_of` gives the
file itself for an ordinary install (a folder); should the package ever be imported from a zip
archive, it gives a temporary copy of the file that lives until the program exits.

An ordinary install is read as the folder it is, with :mod:`pathlib` alone: the window's icon is
read before its first frame, and importing :mod:`importlib.resources` and walking its readers
cost that frame about 5 ms of CPU. :mod:`importlib.resources` is imported only for a zip.
"""

from __future__ import annotations

import atexit
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

APP_ICON = "icons/hefei-mahjong.svg"  # the icon the window and the desktop entry use
APP_ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)  # the PNGs made by tools/make_icons.py
DESKTOP_FILE = "hefei-mahjong.desktop"

_copies = ExitStack()  # temporary copies made by path_of for a zipped install
atexit.register(_copies.close)
_paths: dict[str, Path] = {}


_FOLDER = Path(__file__).parent  # this package's folder, when it is one (not inside a zip)


def root() -> Traversable:
    """This package's folder: the folder itself, or as importlib.resources sees it in a zip."""
    if _FOLDER.is_dir():
        return _FOLDER
    from importlib import resources as _resources

    return _resources.files(__name__)


def _find(name: str) -> Traversable:
    node = root()
    parts = name.split("/")
    if any(part in ("", ".", "..") for part in parts):
        raise ValueError(f"not a resource name: {name!r}")
    for part in parts:
        node = node.joinpath(part)
    if not node.is_file():
        raise FileNotFoundError(f"no resource {name!r}")
    return node


def read_bytes(name: str) -> bytes:
    """The bytes of the resource ``name``."""
    return _find(name).read_bytes()


def read_text(name: str) -> str:
    """The text (UTF-8) of the resource ``name``."""
    return _find(name).read_text(encoding="utf-8")


def path_of(name: str) -> Path:
    """A file on disk holding the resource ``name`` (see the module's note on zips)."""
    if name not in _paths:
        found = _find(name)
        if isinstance(found, Path):  # a file on disk already
            _paths[name] = found
        else:
            from importlib import resources as _resources

            _paths[name] = _copies.enter_context(_resources.as_file(found))
    return _paths[name]


def app_icon_png(size: int) -> str:
    """The name of the app icon rendered at ``size`` pixels."""
    return f"icons/hefei-mahjong-{size}.png"


def names() -> list[str]:
    """Every shipped file (not the Python code), sorted."""
    found: list[str] = []

    def walk(node: Traversable, prefix: str) -> None:
        for child in node.iterdir():
            if child.is_dir():
                if child.name != "__pycache__":
                    walk(child, f"{prefix}{child.name}/")
            elif not child.name.endswith((".py", ".pyc")):
                found.append(prefix + child.name)

    walk(root(), "")
    return sorted(found)


__all__ = [
    "APP_ICON", "APP_ICON_SIZES", "DESKTOP_FILE", "app_icon_png", "names", "path_of", "read_bytes",
    "read_text", "root",
]
