"""Mixes the effects that play at once into one stream for the audio device. No Qt, no audio
library: :class:`Mixer` only turns clips into sample frames, and an audio backend feeds
:meth:`Mixer.stream` to its device.

Threads: :meth:`Mixer.add` is called by the GUI thread, :meth:`Mixer.render` by the device's
own thread; they share only a deque (whose append and popleft are atomic), so neither ever
waits for the other.
"""

from __future__ import annotations

import logging
from array import array
from collections import deque
from collections.abc import Generator, Mapping

log = logging.getLogger(__name__)

MAX_VOICES = 6  # effects heard at once: more is noise, and each costs the device thread time


class Mixer:
    def __init__(self, clips: Mapping[str, array], max_voices: int = MAX_VOICES) -> None:
        self._clips = clips
        self._max_voices = max_voices
        self._incoming: deque[tuple[array, float]] = deque()  # (samples, gain) not yet started
        self._voices: list[list] = []  # [samples, position, gain]: the device thread's alone
        self._zeros: dict[int, bytes] = {}
        self._failed = False

    def add(self, clip: str, gain: float) -> None:
        """Start `clip` at `gain` (0..1) with the next frames rendered."""
        self._incoming.append((self._clips[clip], gain))

    @property
    def active(self) -> int:
        """Voices playing or waiting to (for tests)."""
        return len(self._voices) + len(self._incoming)

    def render(self, frames: int) -> bytes:
        """The next `frames` mono 16-bit frames (native byte order): the sum of the voices."""
        while self._incoming:
            samples, gain = self._incoming.popleft()
            self._voices.append([samples, 0, gain])
        if len(self._voices) > self._max_voices:
            del self._voices[: len(self._voices) - self._max_voices]  # the oldest are nearly over
        if not self._voices:
            zeros = self._zeros.get(frames)
            if zeros is None:
                zeros = self._zeros[frames] = bytes(2 * frames)
            return zeros
        mixed = [0.0] * frames
        for voice in self._voices:
            samples, position, gain = voice
            chunk = samples[position: position + frames]
            for i, value in enumerate(chunk):
                mixed[i] += value * gain
            voice[1] = position + len(chunk)
        self._voices = [v for v in self._voices if v[1] < len(v[0])]
        return array("h", [-32768 if v < -32768 else 32767 if v > 32767 else int(v) for v in mixed]).tobytes()

    def stream(self) -> Generator[bytes, int, None]:
        """A primed generator for a pull-style device: it is sent the frames wanted and yields
        them. A failure is logged once and leaves it silent: the device thread must not die."""
        frames = yield b""
        while True:
            try:
                out = b"" if self._failed else self.render(frames)
            except Exception:
                log.exception("the sound mixer failed; silent from now on")
                self._failed = True
                out = b""
            frames = yield out
