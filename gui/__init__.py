"""The PySide6 client, laid out by concept:

* ``gui.table`` — the playing table: the widget (``widget``), its graphics scene and animations,
  the model it draws and where each item goes (``model``, ``layout``), the action bar, the
  end-of-hand dialogs, the replay viewer, and the one seam to a table (``connection``) with the
  engine in a thread of this process as its first implementation (``local_table``).
* ``gui.tiles`` — the one tile painter (``art``, ``faces``) and its themes.
* ``gui.screens`` — the start screen, the new-game, settings and rules dialogs and what they share.
* ``gui.profile`` — the profile page: header, tables, charts, best hand, the level banner.
* ``gui.i18n`` — every text in Chinese and English, and Qt's own buttons.
* here — the application (``app``), the main window, the profile session during play, the
  settings file, one window per data folder, the fonts and the one ``theme``.

GUI objects live in the main thread only; the engine runs in a worker thread of
:mod:`gui.table.local_table`. Profiles and history are kept by the Qt-free ``storage`` package.
"""

import sys as _sys

from gui.pyside_scan import settle as _settle_pyside_scan

# When PySide6 came first (a test, a benchmark), what gui.app does as it starts happens here: its
# import hook hears now what it would read in each start-up module's source, and, once there is
# an application, cycles are collected by gui.gc_guard in the GUI thread, not while the modules
# import (about 2 ms of a start).
_settle_pyside_scan()
if "PySide6.QtCore" in _sys.modules:
    from gui import gc_guard as _gc_guard

    _gc_guard.install()
