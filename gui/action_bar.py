"""The player's buttons: 胡 / 杠 / 报听 / 过 appear only when legal; 托管 and 自动胡 toggles."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QPushButton, QWidget

from . import fonts
from .i18n import tr

BUTTON_STYLE = """
QPushButton {
  background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #ffcf5a, stop:1 #e79a1c);
  color: #3a1d00; border: 2px solid #8a4d00; border-radius: 10px;
  padding: 6px 18px; font-weight: bold;
}
QPushButton:hover { background: #ffe08a; }
QPushButton:pressed { background: #d88a10; }
QPushButton#win { background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #ff7a5a, stop:1 #d8321c);
  color: white; border-color: #7a1000; }
"""


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
        self.setStyleSheet(
            "#actionBar { background: #0d3a26; } QLabel, QCheckBox { color: #f3ecd2; }" + BUTTON_STYLE
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 6, 12, 6)
        self.status = QLabel()
        self.status.setFont(fonts.ui_font(16))
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setMinimumWidth(200)
        self.countdown = QLabel()
        self.countdown.setFont(fonts.ui_font(18, bold=True))
        self.countdown.setStyleSheet("color: #ffcf5a;")
        row.addWidget(self.status, 1)
        row.addWidget(self.countdown)
        self.win = self._button("win", self.win_clicked)
        self.kong = self._button("kong", self.kong_clicked)
        self.declare = self._button("declare", self.declare_clicked)
        self.pass_ = self._button("pass", self.pass_clicked)
        for b in (self.win, self.kong, self.declare, self.pass_):
            row.addWidget(b)
        self.autoplay = QCheckBox()
        self.autoplay.toggled.connect(self.autoplay_toggled)
        self.autowin = QCheckBox()
        self.autowin.toggled.connect(self.autowin_toggled)
        self.declare_mode = False
        row.addSpacing(12)
        row.addWidget(self.autoplay)
        row.addWidget(self.autowin)
        self.retranslate()
        self.show_actions(win=False, kong=False, declare=False, pass_=False)

    def _button(self, name: str, signal: Signal) -> QPushButton:
        button = QPushButton()
        button.setObjectName(name)
        button.setFont(fonts.ui_font(18, bold=True))
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        button.clicked.connect(signal)
        return button

    def retranslate(self) -> None:
        self.win.setText(tr("action.win") + " (H)")
        self.kong.setText(tr("action.kong") + " (G)")
        self.declare.setText(tr("action.declare_cancel" if self.declare_mode else "action.declare") + " (T)")
        self.pass_.setText(tr("action.pass") + " (Space)")
        self.autoplay.setText(tr("action.auto_play"))
        self.autowin.setText(tr("action.auto_win"))

    def show_actions(self, *, win: bool, kong: bool, declare: bool, pass_: bool) -> None:
        self.win.setVisible(win)
        self.kong.setVisible(kong)
        self.declare.setVisible(declare)
        self.pass_.setVisible(pass_)

    def set_declare_mode(self, on: bool) -> None:
        self.declare_mode = on
        self.declare.setText(tr("action.declare_cancel") + " (T)" if on else tr("action.declare") + " (T)")
