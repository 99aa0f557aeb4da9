"""练习 (practice): the positions of a player's own hands where they gave most away to 大师,
asked again as "what would you discard?" puzzles.

A puzzle is one of the player's own discards (not 托管's nor a time-out's) that lost points by
大师's estimate, taken from the reviews of their saved hands; the seat's view at that moment is
the events it had seen (:func:`events_before`), never more. The player answers with a tile;
:func:`answer` says what that discard is worth against 大师's choice (its candidates give the
reasons). Pure: the same hands give the same puzzles in the same order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.ai.explain import Weighed
from engine.game.actions import ActionKind
from engine.game.events import Event
from engine.records.replay import ReplayError, replay_steps
from engine.records.review import AGREE, HandReview, ReviewedDecision


@dataclass(frozen=True)
class Puzzle:
    record: Mapping[str, Any]  # the saved hand
    seat: int  # the player's seat in it
    decision: ReviewedDecision  # the position, what was played then and 大师's candidates

    @property
    def tiles(self) -> tuple[int, ...]:
        """The kinds the player may discard here (the answer buttons), in order."""
        return tuple(sorted({c.action.tile for c in self.decision.candidates
                             if c.action.kind is ActionKind.DISCARD and c.action.tile is not None}))


def is_puzzle(decision: ReviewedDecision) -> bool:
    """A discard of the player's own that gave points away (and 大师 would discard too)."""
    return (decision.auto is None and decision.made.kind is ActionKind.DISCARD
            and decision.best.kind is ActionKind.DISCARD and decision.loss > AGREE
            and decision.made.tile != decision.best.tile)


def pick_puzzles(reviews: Iterable[tuple[Mapping[str, Any], HandReview]], limit: int = 10) -> list[Puzzle]:
    """The `limit` positions where the player lost most, biggest loss first (ties: the order
    the hands were given, then their moves)."""
    found: list[tuple[float, int, int, Puzzle]] = []
    for index, (record, review) in enumerate(reviews):
        for decision in review.decisions:
            if is_puzzle(decision):
                found.append((-decision.loss, index, decision.step, Puzzle(record, review.seat, decision)))
    found.sort(key=lambda item: item[:3])
    return [puzzle for *_, puzzle in found[:max(0, limit)]]


def answer(puzzle: Puzzle, tile: int) -> Weighed:
    """The candidate of discarding `tile` at the puzzle (the better of declaring 报听 with it
    or not, when both are legal: the player names a tile). ValueError for a tile not in hand."""
    options = [c for c in puzzle.decision.candidates
               if c.action.kind is ActionKind.DISCARD and c.action.tile == tile]
    if not options:
        raise ValueError(f"tile {tile} cannot be discarded here")
    return max(options, key=lambda c: c.estimate)


def loss_of_answer(puzzle: Puzzle, chosen: Weighed) -> float:
    """Points the chosen discard gives away against 大师's choice (0: as good)."""
    return max(0.0, puzzle.decision.candidates[0].estimate - chosen.estimate)


def events_before(record: Mapping[str, Any], step: int, seat: int) -> list[Event]:
    """What `seat` had seen of the hand just before its decision `step` (each event as that seat
    saw it: others' tiles hidden). ReplayError when the record has no such step."""
    for at, hand, _who, _action in replay_steps(dict(record)):
        if at == step:
            return [event.for_seat(seat) for event in hand.events]
    raise ReplayError(f"the saved hand has no decision {step}")


__all__ = ["Puzzle", "answer", "events_before", "is_puzzle", "loss_of_answer", "pick_puzzles"]
