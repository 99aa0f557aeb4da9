"""PySide6's scan of imported modules, answered in advance for the modules a start-up imports.

Once PySide6 is loaded it replaces ``import`` with a hook that, the first time each module name is
imported after it (stdlib modules included), reads and tokenizes that module's whole source to
learn whether it mentions PySide6 — for ``from __feature__ import snake_case``, which this game
never uses (``shibokensupport.feature.feature_imported``). On the way to the window's first frame
that is about 80 modules and 7 ms of CPU, a tenth of what the game costs beyond a bare window
(benchmarks/README.md, "Start-up"). The hook keeps its answers in a dict by module name and asks
only about names it has not seen, so :func:`settle` writes the same answers first: 0 for a
module whose source names PySide6, -1 for one that does not. They decide nothing here (with no
``__feature__`` anywhere, every module runs with Qt's default names either way), and
``tests/gui/test_startup_imports.py`` checks each against PySide6's own scan and that the start
leaves nothing for it to read.

The dict is PySide6's private state: when a release names it otherwise, :func:`settle` does
nothing and start-up is only as slow as before.
"""

import sys  # no `from __future__`: this module runs before the hook has its answers

# The game's modules on the way to the first frame, by what PySide6's scan finds in their source.
MENTION_PYSIDE = (
    "gui", "gui.fonts", "gui.i18n.qt", "gui.main_window", "gui.parts.felt",
    "gui.parts.kept_picture", "gui.parts.plain_label", "gui.parts.tutorial_button", "gui.pyside_scan",
    "gui.quit_signals",
    "gui.screens.start", "gui.tiles.art", "gui.tiles.faces", "gui.window.lan_side",
    "gui.window.local_match", "gui.window.menus", "gui.window.page_stack", "gui.window.pages",
    "gui.window.saves",
)
PLAIN = (
    "engine", "engine.game.tiles", "engine.records", "engine.records.strict_json", "gui.i18n",
    "gui.i18n.codes", "gui.i18n.core", "gui.i18n.formatters", "gui.i18n.keys", "gui.i18n.texts",
    "gui.i18n.texts.game", "gui.i18n.texts.lan", "gui.i18n.texts.levels",
    "gui.i18n.texts.new_game", "gui.i18n.texts.profile", "gui.i18n.texts.review",
    "gui.i18n.texts.saves", "gui.i18n.texts.settings", "gui.i18n.texts.sound",
    "gui.i18n.texts.start", "gui.i18n.texts.table", "gui.i18n.texts.talk",
    "gui.i18n.texts.tutorial", "gui.i18n.texts.welcome", "gui.settings", "gui.tiles.themes",
    "gui.window.table_settings", "resources", "storage", "storage.atomic",
    # the standard library and platformdirs, as the game's modules import them
    "__future__", "_json", "_thread", "abc", "atexit", "builtins", "codecs", "collections",
    "collections.abc", "contextlib", "copy", "copyreg", "dataclasses", "errno", "functools", "gc",
    "importlib", "inspect", "io", "itertools", "json", "json.decoder", "json.encoder", "keyword",
    "logging", "math", "mmap", "os", "pathlib", "platformdirs", "platformdirs.api", "platformdirs.version",
    "posixpath", "random", "re", "signal", "stat", "struct", "sys", "tempfile", "textwrap", "time",
    "types", "typing", "warnings", "weakref", "zlib",
)


def answers() -> dict[str, int]:
    """Module name → what PySide6's scan would record for it (0: names PySide6, -1: does not)."""
    return {**dict.fromkeys(PLAIN, -1), **dict.fromkeys(MENTION_PYSIDE, 0)}


def settle() -> bool:
    """Give PySide6's import hook its answers, if PySide6 is loaded and keeps them where this
    release does; whether it did. Names the hook has already seen keep their answers."""
    feature = sys.modules.get("shibokensupport.feature")
    seen = getattr(feature, "pyside_feature_dict", None)
    if not isinstance(seen, dict):
        return False
    for name, answer in answers().items():
        seen.setdefault(name, answer)
    return True


__all__ = ["MENTION_PYSIDE", "PLAIN", "answers", "settle"]
