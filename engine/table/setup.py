"""Setting up a match's computer seats, one way for every table: the window's match against the
computer, the LAN host (and so ``serve``) and self-play.

Every computer seat's seed follows from the match seed and the seat (:func:`ai_seed`), so the
same seed gives the same seats and the same match. Each kind of table keeps its own stride (the
window 4, the LAN host 1, self-play 1,000,003): saved matches, replays and the self-play figures
rely on the seeds they were played with.

Names are codes, never words: a computer seat at the window's table is named :data:`PLACE`, its
place at the table (下家, 对家, 上家 as the player sees it), which only the GUI puts in words, in
the language the player reads (``gui.i18n.store.display_names``). The stores keep that code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.game.hand import SEATS
from engine.game.rules import Ruleset
from engine.table.match import Match

PLACE = ""  # the name of a seat known only by its place at the table (a code, not words)
HUMAN = 0  # the player's seat at the window's table (its computers sit at 1, 2, 3)

# seat seeds: match seed × stride + seat (each table's stride unchanged since it was first played)
WINDOW_STRIDE = 4
HOST_STRIDE = 1
SELFPLAY_STRIDE = 1_000_003


def ai_seed(seed: int, seat: int, stride: int) -> int:
    """The seed of the computer at `seat` in a match of `seed`."""
    return seed * stride + seat


def computer(level: str, seed: int, name: str | None = None) -> Any:
    """A computer seat of `level` ("simple" or one of engine.ai.LEVELS), seeded with `seed`."""
    from engine.ai import SimpleAI, make_ai  # the AIs load with the first match, not at import

    if level == "simple":
        return SimpleAI(name or "simple")
    return make_ai(level, seed=seed, name=name)


@dataclass(frozen=True)
class LocalMatch:
    """A match of the player (seat 0) against three computers at this computer's table."""

    rules: Ruleset
    seed: int
    names: tuple[str, ...]  # the player's name, then PLACE for each computer
    levels: tuple[str, ...]  # the computers' levels, seats 1, 2, 3
    ai_seeds: tuple[int, ...]  # their seeds, seats 1, 2, 3

    def computers(self) -> list[Any]:
        """The computer seats, 1 to 3 (new ones each time: a seat plays one match)."""
        return [computer(level, seed, name) for level, seed, name in
                zip(self.levels, self.ai_seeds, self.names[1:], strict=True)]

    def match(self) -> Match:
        return Match(self.rules, self.seed, self.names)

    def start_state(self) -> dict[str, Any]:
        """The match before its first hand, as it is saved to be continued."""
        return self.match().state()


def local_match(rules: Ruleset, seed: int, levels: Sequence[str], player: str) -> LocalMatch:
    """The player (named `player`) at seat 0 against computers of `levels` at seats 1, 2, 3."""
    if len(levels) != SEATS - 1:
        raise ValueError(f"three computer levels, not {len(levels)}")
    names = (player, *(PLACE for _ in levels))
    seeds = tuple(ai_seed(seed, seat, WINDOW_STRIDE) for seat in range(1, SEATS))
    return LocalMatch(rules, seed, names, tuple(levels), seeds)


__all__ = ["HOST_STRIDE", "HUMAN", "PLACE", "SELFPLAY_STRIDE", "WINDOW_STRIDE", "LocalMatch", "ai_seed",
           "computer", "local_match"]
