"""The table's pace: the player's animation speed, a short hold after an AI's (or 托管's) draw so
a person sees who moves and what, and none of either while a LAN table catches up (drawn again
at once from the start of its hand, then at the player's speed again)."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton

from engine.game import events as ev
from gui.parts.connection import HUMAN
from gui.settings import AI_PAUSES
from gui.table.scene import TableScene


class TablePace:
    def __init__(self, scene: TableScene, autoplay: QAbstractButton, ai_pause: str) -> None:
        """`autoplay`: the 托管 toggle (on: my own draws are held too)."""
        self._scene = scene
        self._autoplay = autoplay
        self.ai_pause = ai_pause  # a key of settings.AI_PAUSES
        self._player_speed: float | None = None  # the player's speed while a LAN table catches up

    @property
    def catching_up(self) -> bool:
        return self._player_speed is not None

    def set_speed(self, speed: float) -> None:
        """A new speed applies from the next animation; instant also ends the running one."""
        if self._player_speed is not None:  # catching up at once: the new speed comes after
            self._player_speed = speed
            return
        self._scene.speed = speed
        if speed <= 0:
            self._scene.animator.finish_now()

    def catch_up(self, starting: bool) -> None:
        """At once while a LAN table is drawn again or catches up with what it played behind a
        result left open (`starting`), then at the player's speed."""
        if starting:
            if self._player_speed is None:
                self._player_speed = self._scene.speed
            self._scene.speed = 0.0
        elif self._player_speed is not None:
            self._scene.speed, self._player_speed = self._player_speed, None

    def pause_ms(self, event: ev.Event) -> int:
        """The hold after `event`: after an AI's (or 托管's) draw, scaled like the animations (not
        beyond normal), none at instant speed."""
        if not isinstance(event, ev.TileDrawn):
            return 0
        if event.seat == HUMAN and not self._autoplay.isChecked():
            return 0
        return round(AI_PAUSES.get(self.ai_pause, 0) * min(1.0, self._scene.speed))


__all__ = ["TablePace"]
