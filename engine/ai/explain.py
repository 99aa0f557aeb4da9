"""Why 大师 chose: the candidates it weighed at one decision, with its figures for each.

:func:`weigh` is the one place the 复盘 (:mod:`engine.records.review`) and the 练习 puzzles get their
figures from: the move 大师 takes is the first candidate, and the others follow in its order.
Per candidate: the shanten the move leaves, its 进张 (the kinds that improve the hand and their
unseen copies; the winning kinds once ready), 大师's chance to win the hand after it and the
points it expects, and the danger it sees (what the discard pays away to a declared or likely
ready opponent). A stronger 大师 (a search over the hidden hands) replaces this function and
keeps its result's shape.

Pure: the same view, legal moves and memory of the table give the same figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.evaluate import improvements, own_hand, shanten_after_kong
from engine.ai.master import MasterAI, Note
from engine.ai.memory import TableMemory
from engine.game.actions import Action, ActionKind
from engine.game.analysis import TileCounts
from engine.game.view import SeatView


@dataclass(frozen=True)
class Weighed:
    """One legal move as 大师 weighed it."""

    action: Action
    value: float  # what 大师 ranks by (its choice is the highest)
    estimate: float  # expected points of the hand after the move, danger taken off
    shanten: int | None = None  # after the move (None: a move that leaves no hand to measure)
    ukeire: int = 0  # unseen tiles that lower that shanten (进张; the winning tiles when ready)
    kinds: tuple[int, ...] = ()  # the kinds that do
    win_chance: float | None = None  # 大师's chance to win the hand after the move
    points: float | None = None  # the points it expects to win, before danger
    danger: float = 0.0  # expected points the move pays away now
    deal_in: float = 0.0  # the chance the discard is a declared opponent's wait
    pure: bool = False  # planned as 清一色
    slow: bool = False  # gives up speed where 大师 would not (it keeps the efficient path)


def weigh(view: SeatView, legal: Sequence[Action], memory: TableMemory | None = None) -> tuple[Weighed, ...]:
    """Every legal move at `view` with 大师's figures, 大师's choice first. `memory`: what the
    seat has seen of the hand in order (the discards' order, who declared when); a fresh one
    when not given. The first candidate is what :meth:`MasterAI.decide` plays."""
    master = MasterAI()
    if memory is not None:
        master.memory = memory
    master.notes = {}
    options = master.appraise(view, legal)
    notes = master.notes
    hand = own_hand(view)
    left = view.unseen_counts()
    out = []
    for option in options:
        note = notes.get(option.action)
        if note is not None:
            out.append(_from_note(option.action, option.value, note, _kinds(hand, left, option.action)))
        elif option.action.kind is ActionKind.KONG and option.action.tile is not None:
            out.append(_kong(option.action, option.value, hand, left))
        else:
            out.append(Weighed(option.action, option.value, option.value))
    return tuple(out)


def _kinds(hand: TileCounts, left: Sequence[int], action: Action) -> tuple[int, ...]:
    """The kinds that improve the hand after the discard `action` (its 进张)."""
    assert action.tile is not None
    hand.remove(action.tile)
    try:
        return tuple(improvements(hand, left, hand.kongs)[1])
    finally:
        hand.add(action.tile)


def _from_note(action: Action, value: float, note: Note, kinds: tuple[int, ...]) -> Weighed:
    c = note.candidate
    estimate = note.points - note.danger if note.slow else value
    return Weighed(action, value, round(estimate, 4), c.shanten, c.ukeire, kinds,
                   round(note.win_chance, 4), round(note.points, 4), round(note.danger, 4),
                   round(note.deal_in, 4), note.pure, note.slow)


def _kong(action: Action, value: float, hand: TileCounts, left: Sequence[int]) -> Weighed:
    kind = action.tile
    assert kind is not None
    after = TileCounts([0 if t == kind else n for t, n in enumerate(hand.counts)], (*hand.kongs, kind))
    ukeire, kinds = improvements(after, left, after.kongs)
    return Weighed(action, value, value, shanten_after_kong(hand, kind), ukeire, tuple(kinds))


__all__ = ["Weighed", "weigh"]
