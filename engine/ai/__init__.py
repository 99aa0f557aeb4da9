"""AI players. Every AI is deterministic given its seed: search is bounded by counts, never time.

Levels: easy (careless discards), normal (tile efficiency), hard (expected value and defence),
master 大师 (plans the hand's value over the draws that remain, reads declared players' waits).
SimpleAI is the built-in player of auto-play (托管).
"""

from __future__ import annotations

from engine.ai.easy import EasyAI
from engine.ai.hard import HardAI
from engine.ai.master import MasterAI, MasterV1
from engine.ai.normal import NormalAI
from engine.ai.simple import SimpleAI

LEVELS = ("easy", "normal", "hard", "master")
AI = EasyAI | NormalAI | HardAI | MasterAI
_MAKERS: dict[str, type[AI]] = {
    "easy": EasyAI, "normal": NormalAI, "hard": HardAI, "master": MasterAI,
    "master_v1": MasterV1,  # hidden: today's 大师 without the search, for paired runs only
}


def make_ai(level: str, seed: int = 0, name: str | None = None) -> AI:
    """An AI seat of the given level ("easy", "normal", "hard", "master")."""
    try:
        maker = _MAKERS[level]
    except KeyError:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}") from None
    return maker(seed=seed, name=name or level) if name else maker(seed=seed)


__all__ = ["LEVELS", "EasyAI", "HardAI", "MasterAI", "NormalAI", "SimpleAI", "make_ai"]
