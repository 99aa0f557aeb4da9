"""The words under the table: my suits and waits, what I may do now, and what a discard leaves.

Pure functions of the table model and the decision on screen, so the table widget only shows
them and the tests can read them without a window.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.game import analysis
from engine.game import events as ev
from engine.game.actions import WIN, Action, ActionKind
from engine.game.scoring import WinRefusal
from engine.game.tiles import to_counts
from engine.game.view import SeatView
from gui.i18n import codes, refusal_reason, tile_label, tr
from gui.table.model import HUMAN, TableModel


def human_kongs(model: TableModel) -> list[int]:
    return [k for k in model.seats[HUMAN].kong_kinds if k is not None]


def _waits_text(waits: Sequence[int], left: Sequence[int]) -> str:
    return " ".join(f"{tile_label(w)}×{left[w]}" for w in waits)


def hand_line(model: TableModel, unseen: Sequence[int]) -> str:
    """My suit lengths, the 8-tile rule, and my waits — also on my own turn, when the hand
    holds the drawn tile (the waits are those of the hand before it). `unseen`: the copies of
    each kind I have not seen, as the engine's tile tracker (记牌器) counts them."""
    kinds = model.human_kinds()
    kongs = human_kongs(model)
    size = len(kinds) + 3 * len(kongs)
    if size < 13 and not model.ended:
        return ""  # the deal: "Characters 0 · Dots 0 · Bamboo 0" read as a fact about the hand (QA)
    counts = to_counts(kinds)
    suits = analysis.suit_lengths(counts, kongs)
    best = max(range(3), key=lambda s: suits[s])
    parts = [tr("info.suits", m=suits[0], p=suits[1], s=suits[2]),
             tr("info.eight", suit=tr(codes.SUIT['mps'[best]]), n=suits[best])]
    if model.ended:
        return "   ".join(parts)
    if size == 14:
        drawn = model.seats[HUMAN].drawn
        kind = model.kinds.get(drawn) if drawn is not None else None
        if kind is not None:
            counts[kind] -= 1
            size = 13
    if size == 13:
        waits = analysis.waits_counts(counts, kongs)
        if waits:
            parts.append(tr("info.waits", waits=_waits_text(waits, unseen)))
    return "   ".join(parts)


def refusal_of(model: TableModel, event: ev.Event) -> tuple[int, WinRefusal] | None:
    """A winning shape that may not win on this discard (the engine tells each seat its own
    reason): the tile and why; None for any other event."""
    if model.ended or not isinstance(event, ev.TileDiscarded) or len(event.refusals) <= HUMAN:
        return None
    reason = event.refusals[HUMAN]
    return None if reason is None else (event.tile, reason)


def refusal_text(refusal: tuple[int, WinRefusal] | None) -> str:
    """The words for :func:`refusal_of`, instead of silently showing no 胡 button."""
    if refusal is None:
        return ""
    tile, reason = refusal
    return tr("info.cannot_win", tile=tile_label(tile), reason=refusal_reason(reason))


# between the things the player may do: a gap alone ran "a kong: 2p  Your turn" together (QA)
PROMPT_SEPARATOR = "  ·  "


def decision_prompt(view: SeatView, legal: tuple[Action, ...], refusal: WinRefusal | None) -> str:
    """What I may do now, in words: a win, a kong, 报听 — not only a button that appeared."""
    kinds = {a.kind for a in legal}
    my_turn = ActionKind.DISCARD in kinds
    parts = []
    if WIN in legal:
        if my_turn or view.last_discard is None:
            tile = view.drawn
            parts.append(tr("prompt.can_self_draw", tile=tile_label(tile) if tile is not None else ""))
        else:
            parts.append(tr("prompt.can_win", tile=tile_label(view.last_discard[1])))
    kongs = [a.tile for a in legal if a.kind is ActionKind.KONG and a.tile is not None]
    if kongs:
        parts.append(tr("prompt.can_kong", tiles=" ".join(tile_label(k) for k in kongs)))
    if any(a.declare for a in legal):
        parts.append(tr("prompt.can_declare"))
    if not parts:
        parts.append(tr("prompt.turn") if my_turn else tr("prompt.claim"))
    elif my_turn:
        parts.append(tr("prompt.turn"))
    if refusal is not None and refusal.blocks_a_winning_shape:
        parts.append(tr("info.cannot_win_now", reason=refusal_reason(refusal)))
    return PROMPT_SEPARATOR.join(parts)


def discard_hints(view: SeatView, legal: tuple[Action, ...]) -> dict[int, str]:
    """For each tile I may discard: the waits it leaves, or how far from ready, and the count
    of useful tiles (进张: kinds and unseen copies) for the hand it leaves."""
    if not any(a.kind is ActionKind.DISCARD for a in legal):
        return {}
    hand = list(view.concealed)
    kongs = list(view.kongs)
    visible = view.visible_outside_hand()
    left = view.unseen_counts()
    counts = analysis.hand_counts(hand)
    ks = analysis.kong_kinds(kongs)
    out = {}
    for option in analysis.discard_options(hand, kongs, visible):
        useful = analysis.useful_after_discard(counts, ks, visible, option.tile)
        if option.shanten == 0:
            waits = _waits_text(list(option.waits), left)
            text = tr("hover.waits", tile=tile_label(option.tile), waits=waits)
        else:
            text = tr("hover.shanten", tile=tile_label(option.tile), n=option.shanten)
        if useful:
            text += "  ·  " + tr("hover.ukeire", kinds=len(useful), tiles=sum(useful.values()))
        out[option.tile] = text
    return out
