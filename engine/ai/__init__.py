"""AI players. Every AI is deterministic given its seed: search is bounded by counts, never time."""

from .simple import SimpleAI

__all__ = ["SimpleAI"]
