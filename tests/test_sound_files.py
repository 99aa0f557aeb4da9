"""The sound effects' files (resources/sounds/): made by tools/make_sounds.py and nothing else
(running it again gives the same bytes), licensed, and sane as audio — modest levels without
clipping, no DC offset, silent at both ends (no click), short, and sounding like what they are
named (a tile's click is high and short, an arpeggio rises or falls)."""

from __future__ import annotations

import math
import wave
from io import BytesIO

import pytest

import resources
from gui.sound.effects import CLIPS, EFFECTS, RATE, clip_resource, read_clip
from tools import make_sounds


def test_the_generator_writes_the_committed_files_byte_for_byte() -> None:
    assert set(make_sounds.EFFECTS) == set(CLIPS)
    for clip in CLIPS:
        assert make_sounds.render(clip) == resources.read_bytes(clip_resource(clip)), clip


def test_every_file_is_a_known_clip_and_licensed() -> None:
    shipped = {name for name in resources.names() if name.startswith("sounds/")}
    assert shipped == {clip_resource(c) for c in CLIPS} | {"sounds/LICENSES"}
    licence = resources.read_text("sounds/LICENSES")
    assert "tools/make_sounds.py" in licence and "CC0" in licence and "MIT" in licence
    for effect in EFFECTS:
        assert effect in licence.replace("_1..4", "").replace("_1..2", ""), effect
    assert sum(len(resources.read_bytes(clip_resource(c))) for c in CLIPS) < 1_200_000


def _db(value: float) -> float:
    return 20 * math.log10(max(value, 1e-9) / 32768)


@pytest.mark.parametrize("clip", CLIPS)
def test_each_file_is_quiet_clean_and_short(clip: str) -> None:
    with wave.open(BytesIO(resources.read_bytes(clip_resource(clip)))) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, RATE)
    samples = read_clip(clip)
    seconds = len(samples) / RATE
    assert 0.05 <= seconds <= 2.0
    peak = max(abs(s) for s in samples)
    assert -20 <= _db(peak) <= -5.9  # never near clipping; the loudest at −6 dBFS
    assert abs(sum(samples) / len(samples)) < 0.001 * 32768  # no DC offset
    assert samples[0] == 0 and _db(max(abs(s) for s in samples[-220:])) < -50  # no click at the ends


def _power(samples: list[float], freq: float) -> float:
    """The power at `freq` Hz of a Hann-windowed stretch (Goertzel)."""
    n = len(samples)
    k = 2 * math.cos(2 * math.pi * freq / RATE)
    s1 = s2 = 0.0
    for i, x in enumerate(samples):
        w = 0.5 - 0.5 * math.cos(2 * math.pi * i / (n - 1))
        s1, s2 = x * w + k * s1 - s2, s1
    return s1 * s1 + s2 * s2 - k * s1 * s2


def _window(clip: str, start: float, seconds: float) -> list[float]:
    samples = read_clip(clip)
    return [float(s) for s in samples[round(start * RATE): round((start + seconds) * RATE)]]


def _band(samples: list[float], low: float, high: float) -> float:
    return sum(_power(samples, f) for f in range(int(low), int(high), 100))


def _weight(clip: str) -> float:
    """How much thud there is to a clack, over its first 30 ms."""
    start = _window(clip, 0.0, 0.03)
    return _band(start, 100, 600) / _band(start, 2000, 4500)


@pytest.mark.parametrize("clip", ["discard_1", "discard_2", "discard_3", "discard_4", "kong", "deal_1"])
def test_a_tile_clacks_and_dies_away_fast(clip: str) -> None:
    assert _weight(clip) < (1.0 if clip == "kong" else 0.34)  # a clack, not a thud
    start, late = _window(clip, 0.0, 0.03), _window(clip, 0.12, 0.03)
    assert sum(x * x for x in late) < 0.01 * sum(x * x for x in start)  # −20 dB within 120 ms


def test_a_draw_slides_before_its_tap() -> None:
    for clip in ("draw_1", "draw_2", "draw_back"):
        slide, tap = _window(clip, 0.02, 0.04), _window(clip, 0.12, 0.03)
        assert 0 < max(map(abs, slide)) < 0.6 * max(map(abs, tap))  # soft, then the tile is set down


def test_a_kong_is_heavier_than_any_discard() -> None:
    assert _weight("kong") > 2 * max(_weight(f"discard_{n}") for n in range(1, 5))


def test_the_arpeggios_go_the_right_way() -> None:
    c5, e6 = make_sounds.note("C5"), make_sounds.note("E6")
    early, late = _window("level_up", 0.01, 0.08), _window("level_up", 0.5, 0.1)
    assert _power(early, c5) > 10 * _power(early, e6) and _power(late, e6) > _power(late, c5)
    a5, a4 = make_sounds.note("A5"), make_sounds.note("A4")
    early, late = _window("level_down", 0.01, 0.1), _window("level_down", 0.6, 0.1)
    assert _power(early, a5) > 10 * _power(early, a4) and _power(late, a4) > _power(late, a5)


def test_a_self_draw_rings_longer_and_higher_than_a_win_on_a_discard() -> None:
    def ringing(clip: str) -> float:  # seconds above −40 dBFS
        samples = read_clip(clip)
        last = max(i for i, s in enumerate(samples) if abs(s) > 32768 * 0.01)
        return last / RATE

    assert ringing("win_self_draw") > ringing("win_discard") + 0.2
    top = make_sounds.note("E7")
    self_draw, on_discard = _window("win_self_draw", 0.35, 0.1), _window("win_discard", 0.35, 0.1)
    assert _power(self_draw, top) > 10 * _power(on_discard, top)
