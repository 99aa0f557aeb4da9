"""Opens the main window on a screen of a given size and says where it went.

Run by tests/gui/test_window_fit.py as ``python -m tests.window_fit_probe FOLDER WxH [SAVED]``: a
process of its own, since Qt's offscreen platform takes its screens' sizes from a file named
when the application starts (``QT_QPA_PLATFORM=offscreen:configfile=…``), once per process.
FOLDER holds the profiles and the screen file; SAVED is a window geometry (QWidget.saveGeometry
as base64) saved in an earlier run, on another screen.

Prints one JSON object: the screen's available geometry; the frame and the inside of a window
opened afresh and of one opened with SAVED (if given), once shown; and ``saved``, the geometry
this screen's window saves when it closes after the player made it nearly as big as the screen
(``made``: that window's inside).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("HEFEI_MAHJONG_SOUND", "record")


def _rect(r: Any) -> list[int]:
    return [r.x(), r.y(), r.width(), r.height()]


def main(folder: Path, size: str, saved: str | None) -> int:
    width, height = (int(n) for n in size.split("x"))
    screens = {"screens": [{"name": "probe", "x": 0, "y": 0, "width": width, "height": height,
                            "dpi": 96, "dpr": 1}]}
    (folder / "screens.json").write_text(json.dumps(screens), encoding="utf-8")
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={folder / 'screens.json'}"
    from PySide6.QtWidgets import QApplication

    from gui.main_window import MainWindow
    from gui.settings import Settings
    from storage.store import ProfileStore

    app = QApplication([sys.argv[0]])
    store = ProfileStore(folder / "profiles")
    store.load()

    def opened(geometry: str | None) -> tuple[MainWindow, dict[str, list[int]]]:
        window = MainWindow(Settings(window_geometry=geometry), str(folder / "settings.json"),
                            confirm_quit=False, store=store)
        window.show()
        for _ in range(5):
            app.processEvents()
        return window, {"frame": _rect(window.frameGeometry()), "inside": _rect(window.geometry())}

    out: dict[str, Any] = {"available": _rect(app.primaryScreen().availableGeometry())}
    fresh, out["fresh"] = opened(None)
    if saved:
        restored, out["restored"] = opened(saved)
        restored.close()
    area = app.primaryScreen().availableGeometry()
    # the player makes it big, off the centre (with room for a real desktop's frame)
    fresh.setGeometry(area.x() + 32, area.y() + 48, area.width() - 64, area.height() - 64)
    app.processEvents()
    out["made"] = _rect(fresh.geometry())
    fresh.close()  # saves its geometry into the settings, as at the end of a session
    out["saved"] = fresh.settings.window_geometry
    store.close()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None))
