"""重新连接中 (第 2/12 次) — 放弃: a banner over a LAN table while its connection is being taken up
again after a drop. A word in the status line was easy to miss while the table stood still: the
player sees that the program is trying, how far it has got, and can stop waiting. It is the 托管
banner's shape (its button says 放弃), below it: both may show at once.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gui import theme
from gui.i18n import tr
from gui.table.autoplay_banner import AutoplayBanner


class ReconnectBanner(AutoplayBanner):
    """``cancel_clicked``: the player gives up waiting for the table."""

    TOP = 58

    def __init__(self, host: QWidget) -> None:
        self.attempt, self.attempts = 0, 0
        super().__init__(host)
        self.setObjectName("reconnectBanner")
        self.setStyleSheet(theme.RECONNECT_BANNER_STYLE)
        self.cancel.setObjectName("reconnectGiveUp")

    def show_attempt(self, attempt: int, attempts: int) -> None:
        """Try `attempt` of `attempts` is under way; (0, 0): hidden."""
        self.attempt, self.attempts = attempt, attempts
        self.retranslate()
        self.setVisible(attempt > 0)

    def retranslate(self) -> None:
        self.label.setText(tr("lan.reconnect_banner", attempt=self.attempt, attempts=self.attempts))
        self.cancel.setText(tr("lan.reconnect_give_up"))
        self._place()
