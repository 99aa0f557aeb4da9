"""托管中 — 取消: a banner over the table while the computer plays for the player.

A checkbox in the corner was easy to miss: while auto-play is on, the table says so plainly
and offers the way back in one click. The banner is a strip of its own between the table and the
player's bar (in the host's layout), so it covers nothing of the table: lying over the view, it
hid 对家's hand.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QWidget

from gui import fonts, theme
from gui.i18n import tr
from gui.parts.plain_label import PlainLabel


class AutoplayBanner(QFrame):
    cancel_clicked = Signal()
    TOP = 10  # its place from the top of the table

    def __init__(self, host: QWidget) -> None:
        super().__init__(host)
        self.setObjectName("autoplayBanner")
        self.setStyleSheet(theme.AUTOPLAY_BANNER_STYLE)
        row = QHBoxLayout(self)
        row.setContentsMargins(16, 4, 8, 4)
        row.setSpacing(14)
        row.addStretch(1)
        self.label = PlainLabel()
        self.label.setFont(fonts.ui_font(16, bold=True))
        self.cancel = QPushButton()
        self.cancel.setObjectName("autoplayCancel")
        self.cancel.setFont(fonts.ui_font(15, bold=True))
        self.cancel.setCursor(Qt.CursorShape.PointingHandCursor)
        self.cancel.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.cancel.clicked.connect(self.cancel_clicked)
        row.addWidget(self.label)
        row.addWidget(self.cancel)
        row.addStretch(1)
        host.installEventFilter(self)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        self.label.setText(tr("autoplay.banner"))
        self.cancel.setText(tr("autoplay.cancel"))
        self._place()

    def setVisible(self, visible: bool) -> None:
        super().setVisible(visible)
        if visible:
            self._place()
            self.raise_()

    def _place(self) -> None:
        host = self.parentWidget()
        layout = host.layout() if host is not None else None
        if host is None or (layout is not None and layout.indexOf(self) >= 0):
            return  # a strip in the host's layout: the layout places it
        self.adjustSize()
        self.move(max(0, (host.width() - self.width()) // 2), self.TOP)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self._place()
        return super().eventFilter(watched, event)
