"""What the dialogs share: the look (one style sheet), a header band and a segmented choice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

import resources
from gui.i18n import tr

FELT = "#17623d"
FELT_DARK = "#0c3f26"
IVORY = "#fbf6e9"
CREAM = "#f4eddb"
RED = "#b8322a"
GOLD = "#d4a73c"
INK = "#2b2a26"

# Style sheets name images by path: the shipped files (see resources/__init__.py on zips).
ARROW_ICON = resources.path_of("icons/arrow-down.svg").as_posix()
CHECK_ICON = resources.path_of("icons/check.svg").as_posix()

DIALOG_STYLE = f"""
QDialog {{ background: {CREAM}; }}
QDialog QLabel {{ color: {INK}; font-size: 14px; }}
QLabel#hint {{ color: #7a705c; font-size: 12px; }}
QLabel#fieldLabel {{ color: #4a4536; font-size: 14px; font-weight: bold; }}
QFrame#card {{
    background: #fffdf7; border: 1px solid #e2d7bd; border-radius: 12px;
}}
QLabel#cardTitle {{ color: {FELT}; font-size: 15px; font-weight: bold; }}
QPushButton#segment {{
    background: #fffdf7; color: {FELT}; border: 1px solid #b9c9b8; padding: 6px 14px;
    min-height: 20px; font-size: 14px; border-radius: 0px;
}}
QPushButton#segment[first="true"] {{ border-top-left-radius: 8px; border-bottom-left-radius: 8px; }}
QPushButton#segment[last="true"] {{ border-top-right-radius: 8px; border-bottom-right-radius: 8px; }}
QPushButton#segment:hover {{ background: #eef5ec; }}
QPushButton#segment:checked {{ background: {FELT}; color: white; border-color: {FELT}; }}
QPushButton#primary {{
    background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #d2463c, stop:1 {RED});
    color: white; border: 1px solid #8e231d; border-radius: 8px;
    padding: 8px 34px; font-size: 16px; font-weight: bold;
}}
QPushButton#primary:hover {{ background: #d9483d; }}
QPushButton#primary:pressed {{ background: #96271f; }}
QPushButton#secondary {{
    background: #fffdf7; color: {INK}; border: 1px solid #cdbf9f; border-radius: 8px;
    padding: 8px 22px; font-size: 14px;
}}
QPushButton#secondary:hover {{ background: #f3ead3; }}
QComboBox {{
    background: #fffdf7; border: 1px solid #cdbf9f; border-radius: 6px; padding: 4px 10px;
    min-height: 22px; font-size: 14px; color: {INK};
}}
QComboBox:hover {{ border-color: {FELT}; }}
QComboBox::drop-down {{
    subcontrol-origin: padding; subcontrol-position: center right; width: 26px; border: none;
}}
QComboBox::down-arrow {{ image: url("{ARROW_ICON}"); width: 12px; height: 8px; }}
QComboBox QAbstractItemView {{
    background: #fffdf7; selection-background-color: {FELT}; selection-color: white;
}}
QCheckBox {{ font-size: 14px; color: {INK}; spacing: 8px; }}
QCheckBox::indicator {{
    width: 18px; height: 18px; border: 1px solid #b9ad8f; border-radius: 4px; background: white;
}}
QCheckBox::indicator:checked {{ background: {FELT}; border-color: {FELT}; image: url("{CHECK_ICON}"); }}
QCheckBox::indicator:hover {{ border-color: {FELT}; }}
QTabWidget::pane {{ border: 1px solid #e2d7bd; border-radius: 8px; background: #fffdf7; top: -1px; }}
QTabBar::tab {{
    background: #efe6cf; color: {INK}; padding: 7px 22px; font-size: 14px;
    border: 1px solid #e2d7bd; border-bottom: none;
    border-top-left-radius: 8px; border-top-right-radius: 8px; margin-right: 3px;
}}
QTabBar::tab:selected {{ background: #fffdf7; color: {FELT}; font-weight: bold; }}
QTextBrowser {{ background: #fffdf7; border: none; }}
QScrollBar:vertical {{ background: transparent; width: 10px; margin: 4px 2px 4px 0; }}
QScrollBar::handle:vertical {{ background: #cdbf9f; border-radius: 4px; min-height: 36px; }}
QScrollBar::handle:vertical:hover {{ background: {FELT}; }}
QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical {{ height: 0; }}
QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical {{ background: none; }}
QToolTip {{ background: {IVORY}; color: {INK}; border: 1px solid #cdbf9f; padding: 4px; }}
"""


class DialogHeader(QWidget):
    """A band of green felt across the top of a dialog, with a title and a subtitle."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(74)
        self.title = QLabel(self)
        self.title.setStyleSheet("color: #fbf6e9; font-size: 24px; font-weight: bold; background: none;")
        self.subtitle = QLabel(self)
        self.subtitle.setStyleSheet(f"color: {GOLD}; font-size: 13px; background: none;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 12, 24, 12)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)

    def set_texts(self, title: str, subtitle: str) -> None:
        self.title.setText(title)
        self.subtitle.setText(subtitle)
        self.subtitle.setVisible(bool(subtitle))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        gradient = QLinearGradient(0, 0, self.width(), self.height())
        gradient.setColorAt(0.0, QColor(FELT_DARK))
        gradient.setColorAt(1.0, QColor("#1f7a4b"))
        painter.fillRect(self.rect(), gradient)
        painter.fillRect(0, self.height() - 3, self.width(), 3, QColor(GOLD))
        painter.end()


class SegmentedChoice(QWidget):
    """A row of exclusive toggle buttons, one per value; a friendlier radio group."""

    changed = Signal(object)  # the new value

    def __init__(
        self, options: Sequence[tuple[Any, str, dict[str, Any]]], parent: QWidget | None = None
    ) -> None:
        """``options``: (value, i18n key, format arguments) for each button, in order."""
        super().__init__(parent)
        self._options = list(options)
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        self._buttons: list[QPushButton] = []
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        for index, _option in enumerate(self._options):
            button = QPushButton(self)
            button.setObjectName("segment")
            button.setCheckable(True)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.setProperty("first", index == 0)
            button.setProperty("last", index == len(self._options) - 1)
            self._group.addButton(button, index)
            self._buttons.append(button)
            layout.addWidget(button)
        layout.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._buttons[0].setChecked(True)
        self._group.idClicked.connect(lambda index: self.changed.emit(self._options[index][0]))
        self.retranslate()

    def value(self) -> Any:
        return self._options[max(self._group.checkedId(), 0)][0]

    def set_value(self, value: Any) -> None:
        for index, option in enumerate(self._options):
            if option[0] == value:
                self._buttons[index].setChecked(True)
                return
        raise ValueError(f"no such choice: {value!r}")

    def button(self, value: Any) -> QPushButton:
        for index, option in enumerate(self._options):
            if option[0] == value:
                return self._buttons[index]
        raise ValueError(f"no such choice: {value!r}")

    def retranslate(self) -> None:
        for button, (_value, key, fmt) in zip(self._buttons, self._options, strict=True):
            button.setText(tr(key, **fmt))


class Card(QFrame):
    """A rounded white card with a green title; put the content in ``grid``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self.title = QLabel(self)
        self.title.setObjectName("cardTitle")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(18, 14, 18, 16)
        outer.setSpacing(10)
        outer.addWidget(self.title)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(14)
        self.grid.setVerticalSpacing(10)
        outer.addLayout(self.grid)
        outer.addStretch(1)


def field_label(parent: QWidget | None = None) -> QLabel:
    label = QLabel(parent)
    label.setObjectName("fieldLabel")
    return label


def hint_label(parent: QWidget | None = None, wrap: bool = False) -> QLabel:
    label = QLabel(parent)
    label.setObjectName("hint")
    label.setWordWrap(wrap)
    return label
