"""The player's bar: what is happening and what I may do, in words; 胡 / 杠 / 报听 / 过 appear only
when legal; my waits; the 托管 toggle and 能胡就胡.

The bar has one fixed height whatever it shows, so the table above it never rescales or jumps
when buttons come and go; that height and its words grow with the window's width (a bar made for
1280 px is small on a 1920 px window and large on an 800 px one). Nothing in it takes keyboard
focus: ←/→ and Enter always reach the table.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, SignalInstance
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gui import fonts, theme
from gui.i18n import tr

BAR_HEIGHT = 64  # px at BASE_WIDTH: the tallest content (two text lines or a button) with margins
BASE_WIDTH = 1280  # px: the window width the bar's sizes are made for
MIN_SCALE, MAX_SCALE = 0.85, 1.5


def bar_scale(width: int) -> float:
    """How much larger than its base sizes the bar is at a window `width` px wide."""
    return max(MIN_SCALE, min(MAX_SCALE, width / BASE_WIDTH))


class ElidedLabel(QLabel):
    """One line that never widens the window: a text longer than the room ends in "…" and
    shows whole as its tooltip."""

    def __init__(self) -> None:
        super().__init__()
        self._full = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(120)

    def setText(self, text: str) -> None:
        self._full = text
        self._elide()

    def text(self) -> str:
        return self._full

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, max(0, self.width()))
        super().setText(shown)
        self.setToolTip(self._full if shown != self._full else "")


class ActionBar(QWidget):
    win_clicked = Signal()
    kong_clicked = Signal()
    declare_clicked = Signal()
    pass_clicked = Signal()
    autoplay_toggled = Signal(bool)
    autowin_toggled = Signal(bool)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("actionBar")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(theme.bar_style("actionBar") + theme.TOGGLE_STYLE)
        self.setFixedHeight(BAR_HEIGHT)
        self.scale = 1.0
        self._sized: list[tuple[QWidget, int, bool]] = []  # each text's base pixel size and weight
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 4, 12, 4)
        texts = QVBoxLayout()
        texts.setSpacing(0)
        texts.setContentsMargins(0, 0, 0, 0)
        self.status = ElidedLabel()  # what is happening / what I may do / the hovered tile
        self._size(self.status, 16)
        self.waits = ElidedLabel()  # my suits and waits: stays while hover texts come and go
        self.waits.setObjectName("waits")
        self._size(self.waits, 15)
        self.waits.setStyleSheet(theme.WAITS_STYLE)
        texts.addWidget(self.status)
        texts.addWidget(self.waits)
        row.addLayout(texts, 1)
        self.win = self._button("win", self.win_clicked)
        self.kong = self._button("kong", self.kong_clicked)
        self.declare = self._button("declare", self.declare_clicked)
        self.pass_ = self._button("pass", self.pass_clicked)
        for b in (self.win, self.kong, self.declare, self.pass_):
            row.addWidget(b)
        self.autoplay = QPushButton()
        self.autoplay.setObjectName("autoplay")
        self.autoplay.setCheckable(True)
        self._size(self.autoplay, 15, bold=True)
        self.autoplay.setCursor(Qt.CursorShape.PointingHandCursor)
        self.autoplay.toggled.connect(self.autoplay_toggled)
        self.autowin = QCheckBox()
        self._size(self.autowin, 14)
        self.autowin.setCursor(Qt.CursorShape.PointingHandCursor)
        self.autowin.toggled.connect(self.autowin_toggled)
        for widget in (self.autoplay, self.autowin):
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.declare_mode = False
        row.addSpacing(12)
        row.addWidget(self.autoplay)
        row.addWidget(self.autowin)
        self.retranslate()
        self.show_actions(win=False, kong=False, declare=False, pass_=False)

    def _button(self, name: str, signal: SignalInstance) -> QPushButton:
        button = QPushButton()
        button.setObjectName(name)
        self._size(button, 18, bold=True)
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.clicked.connect(signal)
        return button

    def _size(self, widget: QWidget, px: int, bold: bool = False) -> None:
        self._sized.append((widget, px, bold))
        widget.setFont(fonts.ui_font(round(px * self.scale), bold))

    def set_scale(self, scale: float) -> None:
        """Every size of the bar × `scale` (its height, its words and buttons)."""
        if abs(scale - self.scale) < 0.01:
            return
        self.scale = scale
        self.setFixedHeight(round(BAR_HEIGHT * scale))
        for widget, px, bold in self._sized:
            widget.setFont(fonts.ui_font(round(px * scale), bold))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.set_scale(bar_scale(self.width()))

    def buttons(self) -> list[QAbstractButton]:
        return [self.win, self.kong, self.declare, self.pass_, self.autoplay, self.autowin]

    def retranslate(self) -> None:
        self.win.setText(tr("action.win") + " (H)")
        self.kong.setText(tr("action.kong") + " (G)")
        self.pass_.setText(tr("action.pass") + " (Space)")
        self.autoplay.setText(tr("action.auto_play"))
        self.autowin.setText(tr("action.auto_win"))
        self.set_declare_mode(self.declare_mode)

    def show_actions(self, *, win: bool, kong: bool, declare: bool, pass_: bool) -> None:
        self.win.setVisible(win)
        self.kong.setVisible(kong)
        self.declare.setVisible(declare)
        self.pass_.setVisible(pass_)

    def set_declare_mode(self, on: bool) -> None:
        self.declare_mode = on
        self.declare.setText(tr("action.declare_cancel" if on else "action.declare") + " (T)")
