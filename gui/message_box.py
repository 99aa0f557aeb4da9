"""Questions and notices in the game's look (gui.theme.MESSAGE_BOX_STYLE): every message box the
game shows comes from here, not from QMessageBox's static functions, whose boxes cannot be
styled. Callers use the module's functions through the module (``message_box.ask(...)``), so a
test can answer them in one place."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from gui import theme

Icon = QMessageBox.Icon
Button = QMessageBox.StandardButton


def themed(box: QMessageBox) -> QMessageBox:
    """``box`` in the game's look (for a box with buttons of its own)."""
    box.setObjectName("themedMessageBox")
    box.setTextFormat(Qt.TextFormat.PlainText)  # (a name from a LAN table is never drawn as HTML)
    box.setStyleSheet(theme.MESSAGE_BOX_STYLE)
    return box


def box(parent: QWidget | None, title: str, text: str, icon: Icon = Icon.Information,
        buttons: Button = Button.Ok) -> QMessageBox:
    """A themed box, not shown yet."""
    return themed(QMessageBox(icon, title, text, buttons, parent))


def ask(parent: QWidget | None, title: str, text: str) -> bool:
    """A yes-or-no question; True for yes (Esc and closing the box say no)."""
    question = box(parent, title, text, Icon.Question, Button.Yes | Button.No)
    question.setDefaultButton(Button.Yes)
    question.setEscapeButton(Button.No)
    return question.exec() == Button.Yes


def tell(parent: QWidget | None, title: str, text: str) -> None:
    """A notice to read, with OK."""
    box(parent, title, text).exec()


def warn(parent: QWidget | None, title: str, text: str, icon: Icon = Icon.Warning) -> None:
    """Something went wrong (``icon`` Critical for the worst), with OK."""
    box(parent, title, text, icon).exec()
