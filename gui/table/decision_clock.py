"""The seconds left for my decision, counted down on my plate, where I look. Shown only: the
table keeps the time and decides for the seat when it runs out (and says so)."""

from __future__ import annotations

import math

from PySide6.QtCore import QObject, QTimer

from gui.sound.cues import TableCues
from gui.table.scene import TableScene


class DecisionClock(QObject):
    def __init__(self, scene: TableScene, cues: TableCues, parent: QObject) -> None:
        super().__init__(parent)
        self._scene = scene
        self._cues = cues
        self.seconds_left = 0
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self.tick)

    def start(self, time_limit: float) -> None:
        self.seconds_left = math.ceil(time_limit)
        self._scene.set_countdown(self.seconds_left)
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()
        self._scene.set_countdown(None)

    def tick(self) -> None:
        # only the shown count: when the time is up the table decides and says so
        self.seconds_left -= 1
        self._scene.set_countdown(max(0, self.seconds_left))
        self._cues.countdown(self.seconds_left)
        if self.seconds_left <= 0:
            self.timer.stop()
