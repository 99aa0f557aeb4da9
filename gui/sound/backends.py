"""Where the effects are heard: an audio backend plays a clip at a gain, and closes.

- :class:`MiniaudioBackend` — the ``miniaudio`` package (a 0.3–0.6 MB wheel: the C library
  miniaudio, which loads PulseAudio, ALSA, WASAPI or Core Audio at run time). One playback
  device, opened in a thread of its own (a slow sound server never holds the window up), fed by
  :class:`~gui.sound.mixer.Mixer` from the device's thread.
- :class:`QtBackend` — ``QSoundEffect`` of Qt Multimedia, when a full PySide6 is installed
  (PySide6-Essentials, this game's dependency, has no Qt Multimedia): the fallback where
  miniaudio has no wheel.
- :class:`RecordingBackend` — tests: remembers what was played, and when; plays nothing.
"""

from __future__ import annotations

import atexit
import importlib
import logging
import threading
import time
import weakref
from array import array
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from PySide6.QtCore import QObject, QUrl

import resources
from engine import APP_NAME
from gui.sound.effects import CLIPS, RATE, clip_resource
from gui.sound.mixer import Mixer

log = logging.getLogger(__name__)


class Backend(Protocol):
    name: str

    def play(self, clip: str, gain: float) -> None: ...

    def close(self) -> None: ...


class RecordingBackend:
    """Plays nothing; keeps (clip, gain, time) of every clip asked for. ``probe``, if set, is
    called with the clip at the moment it would start (tests look at the table then)."""

    name = "recording"

    def __init__(self) -> None:
        self.played: list[tuple[str, float, float]] = []
        self.probe: Callable[[str], None] | None = None
        self.closed = False

    def play(self, clip: str, gain: float) -> None:
        self.played.append((clip, gain, time.monotonic()))
        if self.probe is not None:
            self.probe(clip)

    def close(self) -> None:
        self.closed = True


_open_devices: weakref.WeakSet[MiniaudioBackend] = weakref.WeakSet()


@atexit.register
def _close_devices() -> None:
    """A device left open would call into Python while the interpreter shuts down."""
    for backend in list(_open_devices):
        backend.close()


class MiniaudioBackend:
    """One miniaudio playback device, mono 16-bit, mixing every effect. ``on_failure(reason)``
    is called (from the opening thread) when no device can be opened."""

    name = "miniaudio"
    PERIOD_MS = 30  # the device asks for this much at a time: short enough to land with the tile
    # miniaudio's backends to try, by name; None: every real one (tests: its silent "NULL" device)
    backends: tuple[str, ...] | None = None

    def __init__(self, clips: Mapping[str, array], on_failure: Callable[[str], None]) -> None:
        self._miniaudio = importlib.import_module("miniaudio")  # ImportError: not installed
        self._mixer = Mixer(clips)
        self._on_failure = on_failure
        self._device: Any = None
        self._closed = False
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._open, name="sound-device", daemon=True)
        _open_devices.add(self)
        self._thread.start()

    def _open(self) -> None:
        ma = self._miniaudio
        # the null backend "plays" into nothing: no device is better said than silently faked
        tried = ([ma.Backend[name] for name in self.backends] if self.backends else
                 [b for b in ma.Backend if b not in (ma.Backend.NULL, ma.Backend.CUSTOM)])
        try:
            device = ma.PlaybackDevice(output_format=ma.SampleFormat.SIGNED16, nchannels=1,
                                       sample_rate=RATE, buffersize_msec=self.PERIOD_MS,
                                       backends=tried, app_name=APP_NAME)
            stream = self._mixer.stream()
            next(stream)
            device.start(stream)
        except Exception as exc:  # miniaudio raises its own errors, cffi others: all mean no sound
            if not self._closed:  # (closed: its owner may be gone, and no one asks any more)
                self._on_failure(f"no audio device ({type(exc).__name__}: {exc})")
            return
        with self._lock:
            if not self._closed:
                self._device = device
                return
        device.close()  # closed while it opened

    @property
    def ready(self) -> bool:
        return self._device is not None

    def play(self, clip: str, gain: float) -> None:
        if self._device is not None:
            self._mixer.add(clip, gain)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            device, self._device = self._device, None
        if device is not None:
            device.close()  # stops the device thread: no callback after this
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)
        _open_devices.discard(self)


class QtBackend:
    """Qt Multimedia's QSoundEffect: two per clip, so that a clip can overlap itself once."""

    name = "QtMultimedia"
    PER_CLIP = 2

    def __init__(self, parent: QObject) -> None:
        multimedia = importlib.import_module("PySide6.QtMultimedia")  # ImportError: Essentials only
        if not multimedia.QMediaDevices.audioOutputs():
            raise OSError("Qt Multimedia finds no audio output")
        self._effects: dict[str, list[Any]] = {}
        for clip in CLIPS:
            url = QUrl.fromLocalFile(str(resources.path_of(clip_resource(clip))))
            effects = []
            for _ in range(self.PER_CLIP):
                effect = multimedia.QSoundEffect(parent)
                effect.setSource(url)
                effects.append(effect)
            self._effects[clip] = effects

    def play(self, clip: str, gain: float) -> None:
        effects = self._effects[clip]
        effect = next((e for e in effects if not e.isPlaying()), effects[0])
        effect.setVolume(gain)
        effect.play()

    def close(self) -> None:
        for effects in self._effects.values():
            for effect in effects:
                effect.stop()
                effect.deleteLater()
        self._effects = {}
