"""What the light dialogs share: the look (one style sheet), a header band, a segmented choice and
the form card (:class:`FormCard`: a title over rows of label and field)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

import resources
from gui import theme
from gui.i18n import TextKey, tr
from gui.parts.body_scroll import BodyLayout, BodyScroll
from gui.parts.card_row import CardRow
from gui.parts.plain_label import PlainLabel
from gui.parts.wrapped_label import WrappedLabel
from gui.settings import TIME_LIMITS

# Style sheets name images by path: the shipped files (see resources/__init__.py on zips).
ARROW_ICON = resources.path_of("icons/arrow-down.svg").as_posix()
CHECK_ICON = resources.path_of("icons/check.svg").as_posix()

DIALOG_STYLE = theme.dialog_style(arrow_icon=ARROW_ICON, check_icon=CHECK_ICON)


class DialogHeader(QWidget):
    """A band of green felt across the top of a dialog, with a title and a subtitle."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(74)
        self.title = PlainLabel(self)
        self.title.setStyleSheet(theme.HEADER_TITLE_STYLE)
        self.subtitle = PlainLabel(self)
        self.subtitle.setStyleSheet(theme.HEADER_SUBTITLE_STYLE)
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
        gradient.setColorAt(0.0, QColor(theme.FELT_DEEP))
        gradient.setColorAt(1.0, QColor(theme.FELT_BAND))
        painter.fillRect(self.rect(), gradient)
        painter.fillRect(0, self.height() - 3, self.width(), 3, QColor(theme.GOLD))
        painter.end()


class SegmentedChoice(QWidget):
    """A row of exclusive toggle buttons, one per value; a friendlier radio group."""

    changed = Signal(object)  # the new value

    def __init__(
        self, options: Sequence[tuple[Any, TextKey, dict[str, Any]]], parent: QWidget | None = None
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


class FormCard(QFrame):
    """A rounded white card with a green title; put the content in ``grid``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self.title = PlainLabel(self)
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

    def add_rows(self, rows: Sequence[tuple[QWidget | None, QWidget]]) -> None:
        """One row per (label, field) below the rows already there; the field column stretches.
        A row without a label (a hint under its field) has None."""
        start = self.grid.rowCount() if self.grid.count() else 0
        for offset, (label, field) in enumerate(rows):
            if label is not None:
                self.grid.addWidget(label, start + offset, 0)
            self.grid.addWidget(field, start + offset, 1)
        self.grid.setColumnStretch(1, 1)


def lay_out_dialog(dialog: QWidget, header: QWidget, parts: Sequence[QWidget | QLayout],
                   left: Sequence[QWidget], right: Sequence[QWidget], spacing: int = 14) -> None:
    """The dialogs' one layout: the header band on top, then `parts` (cards, rows of cards) one
    under the other, and the buttons: `left` at the left edge, `right` at the right. On a screen
    too small for the whole dialog the parts scroll between the header and the buttons
    (gui.parts.body_scroll)."""
    content = QWidget()
    body = BodyLayout(content)
    body.setContentsMargins(20, 16, 20, 0)
    body.setSpacing(spacing)
    for part in parts:
        if isinstance(part, QLayout):
            body.addLayout(part)
        else:
            body.addWidget(part)
    buttons = QHBoxLayout()
    buttons.setContentsMargins(20, spacing, 20, 18)
    buttons.setSpacing(spacing)  # (as when the row was inside the body)
    for button in left:
        buttons.addWidget(button)
    buttons.addStretch(1)
    for button in right:
        buttons.addWidget(button)
    row = [*left, *right]
    margins = buttons.contentsMargins()

    def chrome() -> QSize:  # the header and the buttons' row (from the widgets: their layout caches)
        tallest = max((button.sizeHint().height() for button in row), default=0)
        own = header.sizeHint().expandedTo(header.minimumSize()).height()
        return QSize(0, own + margins.top() + tallest + margins.bottom())

    outer = QVBoxLayout(dialog)
    outer.setSizeConstraint(QVBoxLayout.SizeConstraint.SetMinimumSize)
    outer.setContentsMargins(0, 0, 0, 0)
    outer.setSpacing(0)
    outer.addWidget(header)
    outer.addWidget(BodyScroll(content, chrome, dialog), 1)
    outer.addLayout(buttons)


def side_by_side(*cards: tuple[QWidget, int]) -> CardRow:
    """Cards in a row, each with its stretch; one under the other where the row is too narrow."""
    return CardRow(*cards)


def time_limit_choice() -> SegmentedChoice:
    """The seconds per decision a player may choose (gui.settings.TIME_LIMITS), or no limit."""
    limits: list[tuple[Any, TextKey, dict[str, Any]]] = [
        (n, "time.seconds", {"n": n}) for n in TIME_LIMITS if n
    ]
    return SegmentedChoice([(None, "time.off", {}), *limits])


def field_label(parent: QWidget | None = None) -> QLabel:
    label = PlainLabel(parent)
    label.setObjectName("fieldLabel")
    return label


def hint_label(parent: QWidget | None = None, wrap: bool = False) -> QLabel:
    """A hint in small print; with `wrap`, on as many lines as it takes, none of them cut."""
    label = WrappedLabel(parent) if wrap else PlainLabel(parent)
    label.setObjectName("hint")
    return label
