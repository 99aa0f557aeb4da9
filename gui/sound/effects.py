"""The game's sound effects by name, and their clips: the WAV files in ``resources/sounds/``
(made by ``tools/make_sounds.py``). No Qt and no audio library here.

An effect may have several clips (variants): a discard picks one of four, so that a whole hand
of discards does not sound like one sample played over and over.
"""

from __future__ import annotations

import sys
import wave
from array import array
from io import BytesIO

import resources

RATE = 44_100  # every clip: 16-bit mono at this rate (the mixer plays them as they are)

EFFECTS: dict[str, tuple[str, ...]] = {
    "deal": ("deal_1", "deal_2"),  # a stack of tiles set down at the deal
    "dice": ("dice",),
    "draw": ("draw_1", "draw_2"),  # a tile slid off the wall into a hand
    "draw_back": ("draw_back",),  # a kong's replacement tile, from the back of the wall
    "discard": ("discard_1", "discard_2", "discard_3", "discard_4"),
    "kong": ("kong",),
    "ready": ("ready",),  # 报听
    "win_discard": ("win_discard",),
    "win_self_draw": ("win_self_draw",),  # 自摸: brighter and longer
    "turn": ("turn",),  # the player must act
    "tick": ("tick",),  # the last seconds of a time limit
    "level_up": ("level_up",),
    "level_down": ("level_down",),
}
CLIPS: tuple[str, ...] = tuple(clip for clips in EFFECTS.values() for clip in clips)
_EFFECT_OF = {clip: effect for effect, clips in EFFECTS.items() for clip in clips}


def effect_of(clip: str) -> str:
    """The effect a clip belongs to ("discard_3" → "discard")."""
    return _EFFECT_OF[clip]


def clip_resource(clip: str) -> str:
    """The resource name of a clip's file (for :mod:`resources`)."""
    return f"sounds/{clip}.wav"


def read_clip(clip: str) -> array:
    """A clip's samples (signed 16-bit, native byte order). Raises ValueError for a file that is
    not 16-bit mono at :data:`RATE`, OSError when it cannot be read."""
    with wave.open(BytesIO(resources.read_bytes(clip_resource(clip))), "rb") as wav:
        if (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) != (1, 2, RATE):
            raise ValueError(f"{clip}.wav is not 16-bit mono at {RATE} Hz")
        data = wav.readframes(wav.getnframes())
    samples = array("h")
    samples.frombytes(data)
    if sys.byteorder == "big":  # WAV is little-endian
        samples.byteswap()
    return samples


def read_all() -> dict[str, array]:
    """Every clip, by name."""
    return {clip: read_clip(clip) for clip in CLIPS}
