"""Synthesise the game's sound effects into ``resources/sounds/*.wav``.

Every effect is made here from numbers — no recording, no sample library — so its licence is
the project's own (``resources/sounds/LICENSES``). Pure Python (``math``, ``random`` seeded per
effect, ``wave``): running it again writes the same bytes, which ``tests/test_sound_files.py``
checks. Run it from the project folder after changing a recipe: ``python tools/make_sounds.py``.

The recipes, by what is heard at a mahjong table:

- a tile set down (discard, deal, draw): a short noise burst (the contact) rings a few damped
  resonances of the tile itself (2.5–7 kHz: a hard plastic or bone block) and one of the table
  top (200–400 Hz, a short knock), often with a smaller bounce a few milliseconds later;
- a draw: the tile slides off the wall (band-limited noise rising and falling), then a soft tap;
- a kong: four tiles slapped down together, a flam of impacts with a heavier body;
- the dice: two small cubes bouncing, each bounce quicker and softer than the last;
- the chimes (a win, your turn, a level up or down, 报听): struck bars and bells, additive
  partials with their own decays (glockenspiel bars at 1 : 2.76 : 5.40, a marimba bar's
  1 : 3.93, a bowl's 1 : 2.71 : 5.2 with a slow beat).

Levels stay modest (peaks −6 dBFS or lower, quieter for the frequent clicks), each file begins
and ends at zero (short fades), and a DC blocker keeps the mean at zero. 16-bit mono, 44.1 kHz.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

RATE = 44_100
SOUNDS = Path(__file__).resolve().parents[1] / "resources" / "sounds"
Signal = list[float]


# -- building blocks -------------------------------------------------------------------------------

def silence(seconds: float) -> Signal:
    return [0.0] * round(seconds * RATE)


def mix_into(track: Signal, sound: Sequence[float], at: float, gain: float = 1.0) -> None:
    """Add `sound` into `track` from `at` seconds on (what does not fit is cut)."""
    start = round(at * RATE)
    for i, value in enumerate(sound[: max(0, len(track) - start)]):
        track[start + i] += gain * value


def resonate(x: Sequence[float], freq: float, tau: float) -> Signal:
    """A two-pole resonator: `x` rings a mode at `freq` Hz decaying with time constant `tau` s
    (scaled so that a unit impulse gives a damped sine of amplitude 1)."""
    r = math.exp(-1.0 / (tau * RATE))
    w = 2 * math.pi * freq / RATE
    a1, a2, g = 2 * r * math.cos(w), -r * r, math.sin(w)
    y1 = y2 = 0.0
    out = []
    for value in x:
        y = a1 * y1 + a2 * y2 + g * value
        out.append(y)
        y2, y1 = y1, y
    return out


def lowpass(x: Sequence[float], cutoff: float) -> Signal:
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y = 0.0
    out = []
    for value in x:
        y += k * (value - y)
        out.append(y)
    return out


def highpass(x: Sequence[float], cutoff: float) -> Signal:
    return [a - b for a, b in zip(x, lowpass(x, cutoff), strict=True)]


def noise(rng: random.Random, n: int) -> Signal:
    # only random(): the one method whose sequence Python keeps from version to version
    return [2 * rng.random() - 1 for _ in range(n)]


def contact(rng: random.Random, seconds: float, burst: float, length: float) -> Signal:
    """The excitation of an impact: a unit click and a noise burst decaying in `burst` s."""
    x = [0.0] * round(length * RATE)
    x[0] = 1.0
    for i in range(min(len(x), round(seconds * RATE))):
        x[i] += 0.6 * (2 * rng.random() - 1) * math.exp(-i / (burst * RATE))
    return x


def impact(rng: random.Random, modes: Iterable[tuple[float, float, float]],
           body: tuple[float, float, float], crisp: float = 0.35, length: float = 0.12) -> Signal:
    """One hard tile striking: (freq, tau, gain) tile modes, a (freq, tau, gain) table knock,
    and `crisp`: how much of the raw contact (high-passed) is heard."""
    x = contact(rng, 0.004, 0.0007, length)
    out = [crisp * v for v in highpass(x, 2500)]
    for freq, tau, gain in modes:
        jitter = 1 + 0.03 * (2 * rng.random() - 1)  # no two strikes ring exactly alike
        for i, v in enumerate(resonate(x, freq * jitter, tau)):
            out[i] += gain * v
    freq, tau, gain = body
    for i, v in enumerate(resonate(lowpass(x, 1200), freq, tau)):
        out[i] += gain * v
    return out


def tone(freq: float, partials: Iterable[tuple[float, float, float]], seconds: float,
         attack: float = 0.002, detune: float = 0.0) -> Signal:
    """A struck bar or bell: (ratio, gain, tau) partials over `freq`, each decaying on its own;
    `detune` adds a twin of each partial that far off in Hz (the slow beat of a bowl)."""
    n = round(seconds * RATE)
    out = [0.0] * n
    for ratio, gain, tau in partials:
        for f in (freq * ratio, freq * ratio + detune) if detune else (freq * ratio,):
            if f >= RATE / 2 * 0.9:
                continue
            w = 2 * math.pi * f / RATE
            decay = math.exp(-1.0 / (tau * RATE))
            level = gain / (2 if detune else 1)
            for i in range(n):
                out[i] += level * math.sin(w * i)
                level *= decay
    ramp = max(1, round(attack * RATE))
    for i in range(min(ramp, n)):
        out[i] *= i / ramp
    return out


def note(name: str) -> float:
    """The frequency of a note name such as "C6" or "F#5" (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    steps += name.count("#") - name.count("b")
    return 440.0 * 2 ** ((steps + 12 * (int(name[-1]) - 4)) / 12)


LEAD = 0.0015  # s of silence before the first sound: a file starts at zero, the strike's edge intact


def finish(x: Signal, peak_db: float, fade: float) -> Signal:
    """DC blocked, begun from silence and faded out over `fade` s (no click at either end),
    scaled to `peak_db` dBFS."""
    y = highpass([0.0] * round(LEAD * RATE) + x, 25)
    fade_out = round(fade * RATE)
    for i in range(min(fade_out, len(y))):
        y[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_out)
    mean = sum(y) / len(y)
    y = [v - mean for v in y]
    peak = max(abs(v) for v in y) or 1.0
    scale = 10 ** (peak_db / 20) / peak
    return [v * scale for v in y]


# -- the effects -------------------------------------------------------------------------------------

# a tile's own modes (freq Hz, decay s, gain): a short, pitched clack rather than a ping
TILE_MODES = (
    (2650.0, 0.018, 1.0), (3350.0, 0.012, 0.45), (4100.0, 0.014, 0.5), (5350.0, 0.009, 0.35),
    (6600.0, 0.006, 0.25), (8200.0, 0.004, 0.15),
)


def tile_modes(pitch: float, ring: float) -> list[tuple[float, float, float]]:
    return [(f * pitch, tau * ring, g) for f, tau, g in TILE_MODES]


def discard(seed: int, pitch: float, ring: float, bounce: float) -> Signal:
    """A tile put down in the river: a clack on the table, then its bounce `bounce` s later."""
    rng = random.Random(seed)
    track = silence(0.2)
    mix_into(track, impact(rng, tile_modes(pitch, ring), (240 * pitch, 0.016, 0.55)), 0.0)
    mix_into(track, impact(rng, tile_modes(pitch * 1.02, ring * 0.7), (260.0, 0.01, 0.2), 0.2), bounce, 0.28)
    return track


def slide(rng: random.Random, seconds: float, centre: float) -> Signal:
    """A tile pushed over the table: band-limited noise that swells and fades."""
    n = round(seconds * RATE)
    band = highpass(lowpass(lowpass(noise(rng, n), centre * 1.4), centre * 1.4), centre * 0.4)
    return [v * math.sin(math.pi * i / n) ** 1.5 for i, v in enumerate(band)]


def draw(seed: int, from_back: bool = False) -> Signal:
    """A tile taken off the wall and set into the hand: a slide, then a soft tap. From the back
    of the wall (a kong's replacement) the slide is shorter and the tap brighter, twice."""
    rng = random.Random(seed)
    track = silence(0.28)
    mix_into(track, slide(rng, 0.07 if from_back else 0.11, 2400 if from_back else 1800), 0.0, 0.5)
    tap = impact(rng, tile_modes(1.1 if from_back else 0.95, 0.6), (300.0, 0.01, 0.35), crisp=0.15)
    mix_into(track, tap, 0.075 if from_back else 0.115, 0.6)
    if from_back:
        mix_into(track, impact(rng, tile_modes(1.16, 0.5), (320.0, 0.008, 0.2), crisp=0.1), 0.13, 0.35)
    return track


def deal(seed: int) -> Signal:
    """A stack of tiles set down before a player: three taps in quick succession."""
    rng = random.Random(seed)
    track = silence(0.2)
    at = 0.0
    for k in range(3):
        mix_into(track, impact(rng, tile_modes(0.9 + 0.08 * rng.random(), 0.6), (220.0, 0.014, 0.5),
                               crisp=0.15), at, 0.8 - 0.2 * k)
        at += 0.012 + 0.01 * rng.random()
    return track


def kong() -> Signal:
    """Four tiles slapped down together: a flam of strikes, lower and heavier than a discard."""
    rng = random.Random(40)
    track = silence(0.28)
    for k, at in enumerate((0.0, 0.007, 0.016, 0.022)):
        mix_into(track, impact(rng, tile_modes(0.86 + 0.05 * k, 1.2), (170.0, 0.03, 0.9), 0.4), at)
    mix_into(track, impact(rng, tile_modes(0.9, 0.8), (190.0, 0.012, 0.3), 0.2), 0.055, 0.3)
    return track


def dice() -> Signal:
    """Two dice thrown on the table: each bounces, ever quicker and softer, then settles."""
    rng = random.Random(60)
    track = silence(0.7)
    for die, (start, gap) in enumerate(((0.0, 0.15), (0.04, 0.12))):
        at, gain = start, 1.0
        while gain > 0.06 and at < 0.6:
            modes = [(f * (1.0 + 0.1 * die) * (1.35 + 0.1 * rng.random()), tau * 0.35, g)
                     for f, tau, g in TILE_MODES]
            mix_into(track, impact(rng, modes, (350.0, 0.006, 0.3), 0.5, 0.05), at, gain)
            at += gap * (0.8 + 0.4 * rng.random())
            gap *= 0.78
            gain *= 0.76
    return track


GLOCK = ((1.0, 1.0, 0.45), (2.76, 0.28, 0.12), (5.40, 0.12, 0.05), (8.93, 0.05, 0.025))
MARIMBA = ((1.0, 1.0, 0.18), (3.93, 0.22, 0.04), (9.2, 0.05, 0.01))
BOWL = ((1.0, 1.0, 0.9), (2.71, 0.45, 0.45), (5.2, 0.15, 0.2))


def arpeggio(notes: Sequence[str], step: float, partials: Sequence[tuple[float, float, float]],
             seconds: float, last_ring: float = 1.0, gains: Callable[[int], float] = lambda k: 1.0,
             ) -> Signal:
    track = silence(seconds)
    for k, name in enumerate(notes):
        ring = last_ring if k == len(notes) - 1 else 1.0
        struck = [(r, g, tau * ring) for r, g, tau in partials]
        mix_into(track, tone(note(name), struck, seconds - k * step), k * step, gains(k))
    return track


def win_discard() -> Signal:
    """A win on a discard: a bright major triad struck upward, the top note left to ring."""
    return arpeggio(("G5", "B5", "D6", "G6"), 0.085, GLOCK, 1.3, last_ring=1.8)


def win_self_draw() -> Signal:
    """自摸: longer and brighter than a win on a discard, rising two octaves, with a sparkle
    above it as it rings out."""
    track = arpeggio(("C6", "E6", "G6", "C7", "E7"), 0.075, GLOCK, 1.8, last_ring=2.2)
    rng = random.Random(71)
    for k in range(6):
        sparkle = tone(note(("G7", "C8", "E7")[k % 3]), ((1.0, 1.0, 0.08),), 0.3)
        mix_into(track, sparkle, 0.4 + 0.09 * k + 0.02 * rng.random(), 0.18 * (1 - k / 7))
    return track


def turn() -> Signal:
    """Your turn: two soft marimba notes, a fourth apart."""
    return arpeggio(("E5", "A5"), 0.11, MARIMBA, 0.55)


def tick() -> Signal:
    """A second of a time limit running out: a woodblock tick."""
    rng = random.Random(90)
    x = contact(rng, 0.002, 0.0004, 0.08)
    track = [0.0] * len(x)
    for freq, tau, gain in ((1180.0, 0.014, 1.0), (2650.0, 0.006, 0.45), (4300.0, 0.003, 0.2)):
        for i, v in enumerate(resonate(x, freq, tau)):
            track[i] += gain * v
    return track


def level_up() -> Signal:
    """A level up: a rising major arpeggio on bars, the top note ringing."""
    return arpeggio(("C5", "E5", "G5", "C6", "E6"), 0.1, GLOCK, 1.4, last_ring=1.6)


def level_down() -> Signal:
    """A level down: a falling minor line, slower and darker (marimba, fewer overtones)."""
    return arpeggio(("A5", "F5", "D5", "A4"), 0.15, MARIMBA, 1.2, last_ring=2.5,
                    gains=lambda k: 1.0 - 0.12 * k)


def ready() -> Signal:
    """报听: one stroke of a small bowl (a slow beat) under a clear high ping — not a chime."""
    track = silence(1.1)
    mix_into(track, tone(note("D5"), BOWL, 1.1, attack=0.004, detune=2.5), 0.0)
    mix_into(track, tone(note("A6"), ((1.0, 1.0, 0.25), (2.76, 0.2, 0.06)), 0.8), 0.0, 0.35)
    return track


# name -> (the recipe, its peak in dBFS, its fade-out in s): the frequent clicks quieter than the
# rare chimes, whose ringing tails fade out slowly
CLICK, RING = 0.02, 0.35
EFFECTS: dict[str, tuple[Callable[[], Signal], float, float]] = {
    "discard_1": (lambda: discard(11, 1.00, 1.00, 0.018), -8.0, CLICK),
    "discard_2": (lambda: discard(12, 0.93, 1.15, 0.024), -8.0, CLICK),
    "discard_3": (lambda: discard(13, 1.07, 0.85, 0.014), -8.5, CLICK),
    "discard_4": (lambda: discard(14, 0.97, 1.05, 0.030), -8.0, CLICK),
    "draw_1": (lambda: draw(21), -13.0, CLICK),
    "draw_2": (lambda: draw(22), -13.0, CLICK),
    "draw_back": (lambda: draw(23, from_back=True), -12.0, CLICK),
    "deal_1": (lambda: deal(31), -12.0, CLICK),
    "deal_2": (lambda: deal(32), -12.0, CLICK),
    "kong": (kong, -6.0, CLICK),
    "dice": (dice, -9.0, CLICK),
    "ready": (ready, -11.0, RING),
    "win_discard": (win_discard, -10.0, RING),
    "win_self_draw": (win_self_draw, -9.0, RING),
    "turn": (turn, -18.0, RING),
    "tick": (tick, -13.0, CLICK),
    "level_up": (level_up, -11.0, RING),
    "level_down": (level_down, -12.0, RING),
}


def render(name: str) -> bytes:
    """The WAV file of effect `name`, as bytes."""
    recipe, peak_db, fade = EFFECTS[name]
    samples = finish(recipe(), peak_db, fade)
    frames = b"".join(max(-32768, min(32767, round(v * 32767))).to_bytes(2, "little", signed=True)
                      for v in samples)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return buffer.getvalue()


def _effect(name: str) -> str:
    if name not in EFFECTS:
        raise argparse.ArgumentTypeError(f"no effect {name!r} (the effects: {', '.join(EFFECTS)})")
    return name


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog=f"The effects: {', '.join(EFFECTS)}.")
    parser.add_argument("effects", nargs="*", type=_effect, metavar="EFFECT",
                        help="write only these effects (default: every one)")
    names = parser.parse_args(argv).effects or list(EFFECTS)
    SOUNDS.mkdir(parents=True, exist_ok=True)
    for name in names:
        data = render(name)
        (SOUNDS / f"{name}.wav").write_bytes(data)
        print(f"{name}.wav  {len(data) // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
