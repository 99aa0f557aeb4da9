"""Start the GUI: logging to a file, errors shown in plain words, the main window."""

from __future__ import annotations

import ctypes.util
import faulthandler
import itertools
import logging
import logging.handlers
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, cast

import platformdirs

from engine import APP_NAME

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

log = logging.getLogger("hefei")


def log_path() -> Path:
    folder = Path(platformdirs.user_log_dir(APP_NAME))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{APP_NAME}.log"


def trace_to_stderr() -> None:
    """A fatal signal's Python traceback goes to stderr, where there is one: a Windows program
    without a console (the packaged game) has none."""
    if sys.stderr is not None:
        faulthandler.enable(all_threads=True)
    else:
        faulthandler.disable()


LOG_BYTES = 2_000_000  # the log rotates: it names every event shown, so a crash has its context


class CrashTraceLog(logging.handlers.RotatingFileHandler):
    """The game's log file, which a fatal signal (segfault, abort) also writes its Python
    traceback into, right after the line naming the hand and event being shown."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, maxBytes=LOG_BYTES, backupCount=2, encoding="utf-8")
        self._trace_to_stream()

    def _trace_to_stream(self) -> None:
        if self.stream is None:
            self.stream = self._open()
        faulthandler.enable(file=self.stream, all_threads=True)

    def doRollover(self) -> None:
        super().doRollover()
        self._trace_to_stream()  # the trace follows the log into its new file

    def close(self) -> None:
        if faulthandler.is_enabled():
            trace_to_stderr()  # before the file closes
        super().close()


def setup_logging() -> Path | None:
    try:
        path = log_path()
        handler: logging.Handler = CrashTraceLog(path)
    except OSError:
        path, handler = None, logging.StreamHandler()
        trace_to_stderr()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)
    return path


def install_excepthook(where: Path | None) -> None:
    """An unexpected error is logged and shown to the player, never a silent exit."""

    def hook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        log.error("unexpected error:\n%s", "".join(traceback.format_exception(kind, value, tb)))
        try:
            from PySide6.QtWidgets import QApplication, QMessageBox

            from gui import message_box
            from gui.i18n import tr

            if QApplication.instance() is not None:
                message_box.warn(None, tr("app.title"), tr("error.unexpected", message=str(value),
                                                          log=str(where or "-")), QMessageBox.Icon.Critical)
        except Exception:  # the hook itself must never raise
            pass

    sys.excepthook = hook


def _has_xcb_cursor() -> bool:
    """Whether Qt's X11 plugin finds libxcb-cursor: the system's, or the packaged game's own copy
    (tools/build.py puts the libraries Qt needs beside the program, in ``sys._MEIPASS``)."""
    bundled = getattr(sys, "_MEIPASS", None)
    if bundled is not None and any(Path(bundled).glob("libxcb-cursor.so*")):
        return True
    return ctypes.util.find_library("xcb-cursor") is not None


def _option_value(qt_args: Sequence[str], name: str) -> str | None:
    """The value of Qt's option ``-name value`` (or ``--name value``), the last one given."""
    found = None
    for option, value in itertools.pairwise(qt_args):
        if option.lstrip("-") == name:
            found = value
    return found


def platform_plugins() -> frozenset[str]:
    """The platforms Qt's own plugins offer (``xcb``, ``offscreen``, ``wayland`` …), read from the
    plugins' metadata without loading them; empty where the folder is not found."""
    from PySide6.QtCore import QLibraryInfo, QPluginLoader

    folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms"
    keys: set[str] = set()
    for plugin in sorted(folder.glob("*")) if folder.is_dir() else ():
        meta = QPluginLoader(str(plugin)).metaData().get("MetaData")
        if isinstance(meta, dict):
            keys.update(str(key).lower() for key in meta.get("Keys", ()))
    return frozenset(keys)


def platform_problem(qt_args: Sequence[str] = ()) -> str | None:
    """A platform named on the command line (or in QT_QPA_PLATFORM) that no plugin of Qt's offers:
    Qt would abort with a core dump. Plugins from elsewhere (-platformpluginpath, QT_PLUGIN_PATH,
    QT_QPA_PLATFORM_PLUGIN_PATH) are Qt's to find."""
    named = _option_value(qt_args, "platform") or os.environ.get("QT_QPA_PLATFORM")
    elsewhere = _option_value(qt_args, "platformpluginpath") or os.environ.get("QT_PLUGIN_PATH") \
        or os.environ.get("QT_QPA_PLATFORM_PLUGIN_PATH")
    if not named or elsewhere:
        return None
    known = platform_plugins()
    # "xcb:option=value" passes options to the plugin; "wayland;xcb" tries each in turn
    wanted = [part.split(":")[0].strip().lower() for part in named.split(";")]
    if not known or any(name in known for name in wanted):
        return None
    return f"Qt has no platform {named[:40]!r}; it has {', '.join(sorted(known))}"


def display_problem(qt_args: Sequence[str] = ()) -> str | None:
    """What keeps Qt from opening a window here, in words (Qt itself would just abort).
    ``qt_args``: Qt's command-line options; one naming the platform leaves the choice to Qt."""
    unknown = platform_problem(qt_args)
    if unknown is not None:
        return unknown
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return None
    if _option_value(qt_args, "platform") is not None:
        return None
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return ("no display to open the window on: start it from a desktop session, "
                "under `xvfb-run -a`, or with -platform offscreen (no window shown)")
    if not os.environ.get("WAYLAND_DISPLAY") and not _has_xcb_cursor():
        return ("Qt's X11 plugin needs libxcb-cursor0 (Debian/Ubuntu: sudo apt install libxcb-cursor0 "
                "libxkbcommon-x11-0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 "
                "libxcb-shape0 libxcb-randr0 libxcb-xinerama0 libxcb-xkb1)")
    return None


# Tests and smoke checks only: the window quits by itself this many milliseconds after it shows.
ENV_QUIT_AFTER = "HEFEI_MAHJONG_QUIT_AFTER_MS"


def application(argv: Sequence[str] = ()) -> QApplication:
    """The one QApplication, named and dressed (font) as the game's; ``argv``: Qt's options. The
    main window gives it the game's icon once it has painted (gui.main_window)."""
    from PySide6.QtWidgets import QApplication

    from gui import gc_guard
    from gui.fonts import ui_font

    app = cast("QApplication", QApplication.instance() or QApplication([sys.argv[0], *argv]))
    # static: they apply to the one application, whichever QCoreApplication.instance() is typed as
    QApplication.setApplicationName(APP_NAME)
    QApplication.setApplicationDisplayName("合肥麻将")
    # resources/hefei-mahjong.desktop: the icon and name a desktop shows
    QApplication.setDesktopFileName(APP_NAME)
    QApplication.setFont(ui_font(15))
    gc_guard.install(app)  # before any thread of ours runs: see gui.gc_guard
    return app


def run_gui(argv: Sequence[str] = ()) -> int:
    """The game window; ``argv`` are Qt's own command-line options (``-platform offscreen`` …)."""
    problem = display_problem(argv)
    if problem:
        print(f"hefei-mahjong: {problem}", file=sys.stderr)
        return 1
    where = setup_logging()
    install_excepthook(where)
    import PySide6.QtCore  # noqa: F401  PySide6 first, then the answers its import hook would read

    from gui import pyside_scan

    pyside_scan.settle()
    # the application (and with it gui.gc_guard) before the window's modules: collecting cycles
    # while they import would cost the start about 2 ms, for nothing to free
    app = application(argv)
    from gui import message_box
    from gui import settings as settings_store
    from gui.i18n import set_language, tr
    from gui.main_window import MainWindow

    loaded = settings_store.load()
    set_language(loaded.settings.language)
    from gui.i18n.qt import install as follow_language_in_qt

    follow_language_in_qt()  # Qt's own OK / Cancel / Yes / No, now and after every switch
    window = MainWindow(loaded.settings, ask_name=True)
    window.show()
    from gui.quit_signals import close_on_signals

    def end_now() -> None:  # the system is ending the program: no question it could not answer
        window.confirm_quit = False
        window.close()
        app.quit()

    close_on_signals(window, end_now)
    if loaded.warning:
        message_box.tell(window, tr("app.title"), tr("profile.warning", message=loaded.warning))
    log.info("started")
    quit_after = os.environ.get(ENV_QUIT_AFTER, "")
    if quit_after.isdigit():
        from PySide6.QtCore import QTimer

        QTimer.singleShot(int(quit_after), lambda: app.exit(0))
    return app.exec()
