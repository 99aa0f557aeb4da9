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

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from shibokensupport import feature  # type: ignore[import-not-found]  # PySide6's import hook

from gui import pyside_scan

ROOT = Path(__file__).resolve().parents[2]

# What the first frame has loaded, and which modules PySide6's import hook had to read the source
# of on the way (gui.pyside_scan answers it for the start's modules).
PROBE_HEAD = r"""
import json, sys
scanned = []

def record_scans():
    import shibokensupport.feature as feature
    scan = feature._mod_uses_pyside
    feature._mod_uses_pyside = lambda module: scanned.append(module.__name__) or scan(module)

def painted():  # called as the start screen's first frame is painted, before anything after it
    print(json.dumps({"modules": sorted(sys.modules), "scanned": scanned}), flush=True)
    import os
    os._exit(0)
"""
# as the benchmark and the tests build the window
WINDOW = PROBE_HEAD + r"""
from PySide6.QtWidgets import QApplication
app = QApplication([sys.argv[0]])
import gui  # gives PySide6's hook its answers: from here on its reading counts
record_scans()
from gui.main_window import MainWindow
from gui.settings import Settings
window = MainWindow(Settings(), confirm_quit=False)
window.start_screen.first_painted.connect(painted)
window.show()
app.exec()
"""
# as `python main.py` starts the game
GAME = PROBE_HEAD + r"""
import gui.pyside_scan
settle = gui.pyside_scan.settle

def settled():  # in run_gui, once PySide6 is loaded: from here on the hook's reading counts
    answered = settle()
    record_scans()
    import gui.main_window
    built = gui.main_window.MainWindow.__init__
    def watched(window, *args, **kwargs):
        built(window, *args, **kwargs)
        window.start_screen.first_painted.connect(painted)
    gui.main_window.MainWindow.__init__ = watched
    return answered

gui.pyside_scan.settle = settled
from gui.app import run_gui
run_gui(["-platform", "offscreen"])
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
    "gui.i18n.keys": "the text keys' type (a 600-key Literal), for the code that names it at run time",
    **{f"gui.i18n.texts.{part}": "the texts of the screens after the start screen"
       for part in ("new_game", "settings", "game", "table", "profile", "saves", "lan", "review",
                    "sound", "talk", "welcome", "tutorial")},
}


def first_frame(tmp_path: Path, probe: str = WINDOW) -> dict[str, list[str]]:
    """{"modules": loaded at the first frame, "scanned": read by PySide6's hook after PySide6 loaded}."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(QT_QPA_PLATFORM="offscreen", HEFEI_MAHJONG_CONFIG_DIR=str(tmp_path / "config"),
               HEFEI_MAHJONG_DATA_DIR=str(tmp_path / "data"), HEFEI_MAHJONG_SOUND="record",
               HEFEI_MAHJONG_CACHE_DIR=str(tmp_path / "cache"))
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    seen: dict[str, list[str]] = json.loads(out.stdout.strip().splitlines()[-1])
    return seen


def test_the_first_frame_loads_the_start_screen_and_nothing_it_does_not_show(tmp_path: Path) -> None:
    modules = first_frame(tmp_path)["modules"]
    assert "gui.screens.start" in modules and "gui.main_window" in modules  # the probe saw the frame
    early = {name: why for name, why in LATER.items()
             for module in modules if module == name or module.startswith(name + ".")}
    assert early == {}, f"loaded before the first frame, but only needed later: {early}"


@pytest.mark.parametrize("probe", [WINDOW, GAME], ids=["window", "python main.py"])
def test_pyside6_reads_no_start_module_the_game_has_answered_for(tmp_path: Path, probe: str) -> None:
    """A start leaves PySide6's import hook nothing to read but gui.pyside_scan itself (imported to
    give the answers) and PySide6's own modules: a module added to the start without its answer
    would cost every start the time to read and tokenize its source."""
    seen = first_frame(tmp_path, probe)
    assert "gui.screens.start" in seen["modules"]
    unanswered = sorted(set(seen["scanned"]) - {"gui.pyside_scan"}
                        - {name for name in seen["scanned"] if name.startswith(("PySide6", "shiboken"))})
    assert unanswered == [], f"add these to gui.pyside_scan: {unanswered}"


def test_the_answers_are_what_pyside6_would_read_in_each_module() -> None:
    for name, answer in pyside_scan.answers().items():
        module = importlib.import_module(name)
        assert answer == (0 if feature._mod_uses_pyside(module) else -1), name


def test_the_answers_are_given_before_the_hook_asks() -> None:
    assert pyside_scan.settle()  # PySide6 is loaded here: its dict is where this release keeps it
    assert {name: feature.pyside_feature_dict[name] for name in pyside_scan.answers()} \
        == pyside_scan.answers()
