"""The game's icon (a 五饼 tile, ``resources/icons``) for the application and its windows."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

import resources


def app_icon() -> QIcon:
    """Every rendered size of the icon, so each place picks a sharp one (no SVG plugin needed)."""
    icon = QIcon()
    for size in resources.APP_ICON_SIZES:
        icon.addFile(str(resources.path_of(resources.app_icon_png(size))), QSize(size, size))
    return icon
