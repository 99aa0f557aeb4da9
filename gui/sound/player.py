"""The game's sound: :class:`Sounds`, owned by the main window, plays an effect by name
(``play("discard")``) as the settings allow — on or off, the volume, silent while another
application has the focus — and says once in the log why there is no sound when there is none.

Which backend plays (:mod:`gui.sound.backends`): miniaudio, else Qt Multimedia, else nothing.
``$HEFEI_MAHJONG_SOUND`` chooses otherwise: ``off`` (never a sound), ``record`` (the tests: a
backend that only remembers), ``on`` (try a device even on the offscreen platform, which
otherwise has none: it shows no window, so a smoke test of the start-up makes no noise).
"""

from __future__ import annotations

import logging
import os
import random
import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication

from gui.sound.backends import Backend, MiniaudioBackend, QtBackend, RecordingBackend
from gui.sound.effects import EFFECTS, read_all

if TYPE_CHECKING:
    from engine.game.ranks import Rank
    from gui.settings import Settings

log = logging.getLogger(__name__)

ENV_SOUND = "HEFEI_MAHJONG_SOUND"
# The same effect again this soon is not heard again: an instant table (or a burst of events)
# gives one click, not a machine-gun of them.
MIN_GAP_S = 0.06
JITTER = 0.15  # an effect with variants plays up to this much quieter, at random: less mechanical


def gain_of(volume: int) -> float:
    """The amplitude for a volume setting 0–100: squared, so that the slider's steps sound even."""
    return (max(0, min(100, volume)) / 100) ** 2


class Sounds(QObject):
    changed = Signal()  # the mute key switched sound on or off: a setting to save

    def __init__(self, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.backend: Backend | None = None
        self.problem: str | None = None  # why there is no sound (said once in the log)
        self._last_time: dict[str, float] = {}
        self._last_clip: dict[str, str] = {}
        self._rng = random.Random()
        app = QGuiApplication.instance()
        self._active = True
        if isinstance(app, QGuiApplication):
            self._active = QGuiApplication.applicationState() == Qt.ApplicationState.ApplicationActive
            app.applicationStateChanged.connect(self._application_state)
        self.apply(settings)

    # -- settings -------------------------------------------------------------------------------
    def apply(self, settings: Settings) -> None:
        """Follow `settings` (the dialog made new ones): the device opens or closes with sound."""
        self.settings = settings
        if settings.sound_on and self.backend is None and self.problem is None:
            self._open()
        elif not settings.sound_on:
            self.close()

    def toggle(self) -> bool:
        """The mute key: sound off, or on again (kept in the settings). Returns whether it is on."""
        self.settings.sound_on = not self.settings.sound_on
        self.apply(self.settings)
        self.changed.emit()
        return self.settings.sound_on

    @property
    def audible(self) -> bool:
        """Sound is on, a backend plays, and (if the setting says so) the game has the focus."""
        s = self.settings
        return (s.sound_on and self.backend is not None and self.problem is None and s.volume > 0
                and (self._active or not s.mute_unfocused))

    def _application_state(self, state: Qt.ApplicationState) -> None:
        self._active = state == Qt.ApplicationState.ApplicationActive

    # -- playing -------------------------------------------------------------------------------
    def play(self, effect: str) -> bool:
        """Start `effect` (a key of effects.EFFECTS) now, unless silent; True if it started."""
        if not self.audible or self.backend is None:
            return False
        now = time.monotonic()
        if now - self._last_time.get(effect, -1.0) < MIN_GAP_S:
            return False
        self._last_time[effect] = now
        clips = EFFECTS[effect]
        if len(clips) > 1:  # a variant, not the one just heard
            clip = self._rng.choice([c for c in clips if c != self._last_clip.get(effect)])
            gain = gain_of(self.settings.volume) * (1 - JITTER * self._rng.random())
        else:
            clip, gain = clips[0], gain_of(self.settings.volume)
        self._last_clip[effect] = clip
        self.backend.play(clip, gain)
        return True

    def level_changed(self, before: Rank, after: Rank) -> None:
        if after.number != before.number:
            self.play("level_up" if after.number > before.number else "level_down")

    # -- the backend -----------------------------------------------------------------------------
    def _open(self) -> None:
        mode = os.environ.get(ENV_SOUND, "").strip().lower()
        if mode == "record":
            self.backend = RecordingBackend()
            return
        if mode == "off":
            self._give_up(f"${ENV_SOUND} is off")
            return
        if mode != "on" and QGuiApplication.platformName() == "offscreen":
            self._give_up("the offscreen platform shows no window")
            return
        try:
            clips = read_all()
        except (OSError, ValueError) as exc:
            self._give_up(f"the sound files cannot be read ({exc})")
            return
        why = []
        try:
            self.backend = MiniaudioBackend(clips, self._give_up)  # a missing device: _give_up later
            return
        except ImportError as exc:
            why.append(f"miniaudio is not installed ({exc.name})")
        try:
            self.backend = QtBackend(self)
            return
        except (ImportError, OSError) as exc:
            why.append(f"no Qt Multimedia ({exc})")
        self._give_up("; ".join(why))

    def _give_up(self, why: str) -> None:
        """No sound for the rest of this session; the log says why, once. (May be called from the
        thread that opens the device.)"""
        if self.problem is None:
            self.problem = why
            log.info("sound is off: %s", why)

    def close(self) -> None:
        """Close the device (quitting, or sound turned off): nothing plays after this."""
        backend, self.backend = self.backend, None
        if backend is not None:
            backend.close()
