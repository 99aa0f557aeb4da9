"""What the window's first frame loads: the start screen, and nothing it does not show.

Start-up is measured against a bare PySide6 window (benchmarks/bench_gui.py, issue 22 §7); each
module loaded before the first frame costs it CPU time (and PySide6 reads every module's source
as it is imported). The table, the LAN side, the profile's charts, the replay and review, the
sound, the settings and new-game dialogs, the engine's AIs and the profiles themselves load when
first needed, after the window is up. A module imported at the top of one the start needs would
pull its whole part in again: this test names it, where the benchmark would only be slower.

The window is built in a process of its own, as a player's start does, and the modules are
listed at the moment its start screen has painted its first frame.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = r"""
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([sys.argv[0]])
from gui.main_window import MainWindow
from gui.settings import Settings
window = MainWindow(Settings(), confirm_quit=False)

def painted():  # called as the start screen's first frame is painted, before anything after it
    print(json.dumps(sorted(sys.modules)), flush=True)
    app.exit(0)

window.start_screen.first_painted.connect(painted)
window.show()
app.exec()
"""

# Loaded only when first needed: (module or package, what it is for).
LATER = {
    "gui.table": "the table, its scene and its dialogs",
    "gui.lan": "LAN play",
    "gui.profile": "the profile page and its charts",
    "gui.review_worker": "the review of hands",
    "gui.sound": "the sound effects and their device",
    "gui.session": "the profile session",
    "gui.practice_window": "练习",
    "gui.screens.new_game": "the new-game dialog",
    "gui.screens.settings_dialog": "the settings dialog",
    "gui.screens.rules": "the rules dialog",
    "gui.screens.name_dialog": "the first start's name question",
    "gui.single_instance": "one window per data folder",
    "storage.store": "the profiles (read right after the first frame)",
    "engine.ai": "the computers' play",
    "engine.table": "a match",
    "engine.net": "the LAN protocol",
    "engine.records.codec": "match records",
    "gui.parts.callout": "the tutorial's callout",
    "gui.message_box": "questions and notices",
    "gui.i18n.store": "the words of the profiles' notices",
    "gui.i18n.titles": "the ranks' titles (shown once the profiles are read)",
    "importlib.resources": "the shipped files of a zipped install only",
    "PySide6.QtNetwork": "LAN play",
    "PySide6.QtMultimedia": "the sound",
    "sqlite3": "the history",
}


def loaded_at_first_frame(tmp_path: Path) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(QT_QPA_PLATFORM="offscreen", HEFEI_MAHJONG_CONFIG_DIR=str(tmp_path / "config"),
               HEFEI_MAHJONG_DATA_DIR=str(tmp_path / "data"), HEFEI_MAHJONG_SOUND="record")
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    modules: list[str] = json.loads(out.stdout.strip().splitlines()[-1])
    return modules


def test_the_first_frame_loads_the_start_screen_and_nothing_it_does_not_show(tmp_path: Path) -> None:
    modules = loaded_at_first_frame(tmp_path)
    assert "gui.screens.start" in modules and "gui.main_window" in modules  # the probe saw the frame
    early = {name: why for name, why in LATER.items()
             for module in modules if module == name or module.startswith(name + ".")}
    assert early == {}, f"loaded before the first frame, but only needed later: {early}"
