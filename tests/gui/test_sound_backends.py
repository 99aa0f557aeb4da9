"""Where the sounds are heard (gui.sound.backends, gui.sound.mixer) and what happens when they
cannot be: no library, no device, sound off by the environment — silent, and said once in the
log. The device is a stand-in here (no test opens a real one), except the one test that lets the
real miniaudio library try and fail cleanly on a machine without sound."""

from __future__ import annotations

import enum
import itertools
import logging
import subprocess
import sys
import threading
import types
from array import array
from pathlib import Path
from typing import Any, ClassVar

import pytest
from PySide6.QtCore import QObject

from gui.settings import Settings
from gui.sound import backends, player
from gui.sound.backends import MiniaudioBackend, QtBackend, RecordingBackend
from gui.sound.effects import CLIPS, EFFECTS, effect_of, read_all, read_clip
from gui.sound.mixer import MAX_VOICES, Mixer
from gui.sound.player import ENV_SOUND, Sounds, gain_of

QUIET = Settings(mute_unfocused=False)
ROOT = Path(__file__).resolve().parents[2]


def _said_off(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith("sound is off")]


class FakeDevice:
    """miniaudio.PlaybackDevice as far as the backend uses it."""

    made: ClassVar[list[FakeDevice]] = []
    fail: ClassVar[Exception | None] = None

    def __init__(self, **config: Any) -> None:
        if FakeDevice.fail is not None:
            raise FakeDevice.fail
        self.config = config
        self.stream: Any = None
        self.closed = False
        FakeDevice.made.append(self)

    def start(self, stream: Any) -> None:
        self.stream = stream

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def fake_miniaudio(monkeypatch: pytest.MonkeyPatch) -> type[FakeDevice]:
    module = types.ModuleType("miniaudio")
    module.__dict__.update(
        Backend=enum.Enum("Backend", ["WASAPI", "PULSEAUDIO", "ALSA", "CUSTOM", "NULL"]),
        SampleFormat=types.SimpleNamespace(SIGNED16="s16"), PlaybackDevice=FakeDevice,
    )
    monkeypatch.setitem(sys.modules, "miniaudio", module)
    monkeypatch.setitem(sys.modules, "PySide6.QtMultimedia", None)  # (were a full PySide6 here)
    monkeypatch.setenv(ENV_SOUND, "on")
    monkeypatch.setattr(FakeDevice, "made", [])
    monkeypatch.setattr(FakeDevice, "fail", None)
    return FakeDevice


def _opened(sounds: Sounds) -> MiniaudioBackend:
    backend = sounds.backend
    assert isinstance(backend, MiniaudioBackend)
    backend._thread.join(timeout=5)
    return backend


# -- no sound: silent, said once -------------------------------------------------------------------


def test_no_device_is_silent_and_said_once(qapp, fake_miniaudio, caplog):
    fake_miniaudio.fail = RuntimeError("failed to init device -401")
    with caplog.at_level(logging.INFO):
        sounds = Sounds(QUIET)
        backend = _opened(sounds)
        assert not backend.ready
        assert not any(sounds.play(effect) for effect in EFFECTS)
        sounds.toggle()
        sounds.toggle()  # off and on again: still no device, and not said again
        assert not sounds.play("discard")
    assert _said_off(caplog) == ["sound is off: no audio device (RuntimeError: failed to init device -401)"]
    assert sounds.problem is not None


def test_no_library_is_silent_and_said_once(qapp, monkeypatch, caplog):
    monkeypatch.setenv(ENV_SOUND, "on")
    monkeypatch.setitem(sys.modules, "miniaudio", None)  # not installed
    monkeypatch.setitem(sys.modules, "PySide6.QtMultimedia", None)  # PySide6-Essentials
    with caplog.at_level(logging.INFO):
        sounds = Sounds(QUIET)
        assert sounds.backend is None and not sounds.play("kong") and not sounds.play("dice")
    [said] = _said_off(caplog)
    assert "miniaudio is not installed" in said and "no Qt Multimedia" in said


@pytest.mark.parametrize(("mode", "why"), [("off", "HEFEI_MAHJONG_SOUND is off"),
                                           ("", "the offscreen platform shows no window")])
def test_the_environment_and_the_offscreen_platform_keep_it_silent(qapp, monkeypatch, caplog, mode, why):
    monkeypatch.setenv(ENV_SOUND, mode)
    with caplog.at_level(logging.INFO):
        sounds = Sounds(QUIET)
        assert not sounds.play("discard")
    assert _said_off(caplog) == [f"sound is off: ${why}" if mode else f"sound is off: {why}"]


def test_sound_off_in_the_settings_opens_nothing_and_says_nothing(qapp, fake_miniaudio, caplog):
    with caplog.at_level(logging.INFO):
        sounds = Sounds(Settings(sound_on=False))
        assert sounds.backend is None and not sounds.play("discard")
    assert fake_miniaudio.made == [] and _said_off(caplog) == []


def test_the_real_library_opens_a_device_or_fails_cleanly(qapp, monkeypatch, caplog):
    """This machine's own miniaudio (where installed): a device opens and closes, or there is
    none and the log says so once; never an exception, never a thread left behind."""
    pytest.importorskip("miniaudio")
    monkeypatch.setenv(ENV_SOUND, "on")
    with caplog.at_level(logging.INFO):
        sounds = Sounds(QUIET)
        backend = _opened(sounds)
        sounds.play("tick")
        assert backend.ready or sounds.problem is not None
        sounds.close()
    assert not backend._thread.is_alive() and not backend.ready
    assert len(_said_off(caplog)) == (0 if sounds.problem is None else 1)


# -- the miniaudio backend ---------------------------------------------------------------------------

QUITS_WITH_A_DEVICE_OPEN = """
import time
from gui.sound.backends import MiniaudioBackend
from gui.sound.effects import read_all

MiniaudioBackend.backends = ("NULL",)  # miniaudio's own silent device: its thread pulls all the same
backend = MiniaudioBackend(read_all(), print)
backend._thread.join()
assert backend.ready
backend.play("dice", 0.5)
backend.play("kong", 0.5)
print("mixing", backend._mixer.active)
end = time.monotonic() + 10
while backend._mixer.active and time.monotonic() < end:  # the device's thread plays them out
    time.sleep(0.01)
print("mixing", backend._mixer.active)
"""  # and exits with the device still open


def test_the_real_library_mixes_on_its_thread_and_the_program_quits_with_a_device_open():
    """miniaudio's device thread pulls the mixer; a device left open at the end (no window
    closed it) is closed at exit: without that, the interpreter hangs as it shuts down."""
    pytest.importorskip("miniaudio")
    done = subprocess.run([sys.executable, "-c", QUITS_WITH_A_DEVICE_OPEN], cwd=ROOT, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["mixing 2", "mixing 0"]



def test_the_device_plays_the_mixed_clips_and_closes(qapp, fake_miniaudio):
    sounds = Sounds(Settings(volume=100, mute_unfocused=False))
    backend = _opened(sounds)
    [device] = fake_miniaudio.made
    config = device.config
    assert (config["nchannels"], config["sample_rate"], config["output_format"]) == (1, 44_100, "s16")
    assert "NULL" not in {b.name for b in config["backends"]}  # no device is said, not faked
    assert device.stream.send(100) == bytes(200)  # silence while nothing plays
    assert sounds.play("kong")
    out = array("h")
    out.frombytes(device.stream.send(2000))
    assert list(out) == list(read_clip("kong")[:2000])  # at volume 100: the clip as it is
    sounds.close()
    assert device.closed and not backend._thread.is_alive() and backend not in backends._open_devices
    assert not sounds.play("kong")


def test_a_device_left_open_is_closed_at_exit(qapp, fake_miniaudio):
    backend = MiniaudioBackend(read_all(), lambda why: None)
    backend._thread.join(timeout=5)
    [device] = fake_miniaudio.made
    backends._close_devices()  # what atexit runs
    assert device.closed and not backend.ready


def test_a_device_closed_while_it_opens_is_closed_by_its_thread(qapp, fake_miniaudio, monkeypatch):
    opening, release = threading.Event(), threading.Event()
    real_init = FakeDevice.__init__

    def slow_init(self: FakeDevice, **config: Any) -> None:  # a sound server that takes its time
        opening.set()
        release.wait(5)
        real_init(self, **config)

    monkeypatch.setattr(FakeDevice, "__init__", slow_init)
    backend = MiniaudioBackend(read_all(), lambda why: None)
    assert opening.wait(5)
    threading.Timer(0.1, release.set).start()
    backend.close()  # the window quits while the device is being opened
    assert not backend._thread.is_alive()
    [device] = fake_miniaudio.made
    assert device.closed and not backend.ready


# -- the mixer ---------------------------------------------------------------------------------------


def _clips() -> dict[str, array]:
    return {"a": array("h", [1000] * 10), "b": array("h", [30000] * 4), "c": array("h", [-30000] * 4)}


def _frames(data: bytes) -> list[int]:
    out = array("h")
    out.frombytes(data)
    return list(out)


def test_the_mixer_sums_voices_with_their_gains_and_clamps():
    mixer = Mixer(_clips())
    mixer.add("a", 0.5)
    mixer.add("b", 1.0)
    mixer.add("b", 1.0)
    assert _frames(mixer.render(6)) == [32767] * 4 + [500, 500]  # two b's clip, a's half goes on
    assert _frames(mixer.render(6)) == [500] * 4 + [0, 0]
    assert mixer.active == 0 and mixer.render(3) == bytes(6)
    mixer.add("c", 1.0)
    mixer.add("c", 1.0)
    assert _frames(mixer.render(4)) == [-32768] * 4


def test_the_mixer_keeps_the_newest_voices():
    mixer = Mixer({"a": array("h", [1] * 8)}, max_voices=MAX_VOICES)
    for _ in range(MAX_VOICES + 3):
        mixer.add("a", 1.0)
    assert _frames(mixer.render(2)) == [MAX_VOICES] * 2


def test_the_mixer_stream_survives_a_failure_silently(caplog):
    mixer = Mixer(_clips())
    stream = mixer.stream()
    assert next(stream) == b""
    mixer.add("a", 1.0)
    assert _frames(stream.send(2)) == [1000, 1000]
    mixer._voices.append(["not samples", 0, 1.0])
    with caplog.at_level(logging.ERROR):
        assert stream.send(2) == b"" and stream.send(2) == b""
    assert len(caplog.records) == 1


# -- Qt Multimedia (a stand-in: PySide6-Essentials has none) ------------------------------------------


class FakeEffect:
    def __init__(self, parent: QObject) -> None:
        self.source: Any = None
        self.volume: float | None = None
        self.plays = 0
        self.stopped = False

    def setSource(self, url: Any) -> None:
        self.source = url

    def setVolume(self, volume: float) -> None:
        self.volume = volume

    def isPlaying(self) -> bool:
        return self.plays > 0

    def play(self) -> None:
        self.plays += 1

    def stop(self) -> None:
        self.stopped = True

    def deleteLater(self) -> None:
        pass


def _fake_multimedia(monkeypatch: pytest.MonkeyPatch, outputs: list[str]) -> None:
    module = types.ModuleType("PySide6.QtMultimedia")
    module.__dict__.update(QMediaDevices=types.SimpleNamespace(audioOutputs=lambda: outputs),
                           QSoundEffect=FakeEffect)
    monkeypatch.setitem(sys.modules, "PySide6.QtMultimedia", module)


def test_qt_multimedia_is_the_fallback_without_miniaudio(qapp, monkeypatch):
    monkeypatch.setenv(ENV_SOUND, "on")
    monkeypatch.setitem(sys.modules, "miniaudio", None)
    _fake_multimedia(monkeypatch, ["speakers"])
    sounds = Sounds(Settings(volume=50, mute_unfocused=False))
    backend = sounds.backend
    assert isinstance(backend, QtBackend) and set(backend._effects) == set(CLIPS)
    assert backend._effects["kong"][0].source.toLocalFile().endswith("sounds/kong.wav")
    assert sounds.play("kong")
    backend.play("kong", 0.3)  # the first one still plays: the second of the pair
    first, second = backend._effects["kong"]
    assert (first.plays, first.volume, second.plays, second.volume) == (1, gain_of(50), 1, 0.3)
    sounds.close()
    assert first.stopped and second.stopped


def test_qt_multimedia_without_an_output_is_no_backend(qapp, monkeypatch):
    _fake_multimedia(monkeypatch, [])
    with pytest.raises(OSError, match="no audio output"):
        QtBackend(QObject())


# -- the front: variants, volume, the gap -------------------------------------------------------------


def test_variants_change_and_a_burst_is_heard_once(qapp, monkeypatch):
    sounds = Sounds(QUIET)
    backend = sounds.backend
    assert isinstance(backend, RecordingBackend)
    clock = [100.0]
    monkeypatch.setattr(player.time, "monotonic", lambda: clock[0])
    for _ in range(12):
        assert sounds.play("discard")
        assert not sounds.play("discard")  # the same moment: once
        clock[0] += 0.5
    clips = [c for c, _, _ in backend.played]
    assert len(clips) == 12 and {effect_of(c) for c in clips} == {"discard"}
    assert all(a != b for a, b in itertools.pairwise(clips))  # never the same twice running
    assert len(set(clips)) > 2
    gains = [g for _, g, _ in backend.played]
    assert all(gain_of(70) * (1 - player.JITTER) <= g <= gain_of(70) for g in gains)


def test_the_volume_curve():
    assert gain_of(0) == 0.0 and gain_of(100) == 1.0 and gain_of(50) == 0.25
    assert gain_of(150) == 1.0 and gain_of(-5) == 0.0
