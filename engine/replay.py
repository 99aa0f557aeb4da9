"""Saved hands: what it takes to replay one exactly (the rules, the wall's seed, the dealer and
every decision), as a small JSON document that can be exported and imported elsewhere."""

from __future__ import annotations

from typing import Any

from . import __version__
from .actions import Action
from .hand import Hand, IllegalAction
from .record_format import FORMAT, FORMAT_VERSION
from .rules import Ruleset

__all__ = ["FORMAT", "FORMAT_VERSION", "ReplayError", "record", "replay"]


class ReplayError(ValueError):
    """A saved hand that cannot be replayed (damaged, from an incompatible program, edited)."""


def record(hand: Hand, names: tuple[str, ...] = ("", "", "", ""), played_at: str = "") -> dict[str, Any]:
    if hand.seed is None:
        raise ValueError("only a hand dealt from a seed can be saved for replay")
    result = hand.result
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "program_version": __version__,
        "played_at": played_at,
        "rules": hand.rules.to_dict(),
        "seed": hand.seed,
        "dealer": hand.dealer,
        "dealer_streak": hand.dealer_streak,
        "hand_number": hand.hand_number,
        "round_number": hand.round_number,
        "scores_before": list(hand.scores_before),
        "names": list(names),
        "actions": [[seat, action.to_json()] for seat, action in hand.actions],
        "result": None if result is None else {
            "winners": list(result.winners), "deltas": list(result.deltas), "exhaustive": result.exhaustive,
        },
    }


def replay(data: dict[str, Any]) -> Hand:
    """Deal the saved hand again and apply its decisions; the result must match the saved one."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError("not a saved Hefei mahjong hand")
    if data.get("format_version") != FORMAT_VERSION:
        raise ReplayError(f"saved hand format {data.get('format_version')} is not supported")
    try:
        hand = Hand(
            Ruleset.from_dict(data["rules"]), dealer=int(data["dealer"]),
            dealer_streak=int(data["dealer_streak"]), seed=int(data["seed"]),
            hand_number=int(data["hand_number"]), round_number=int(data["round_number"]),
            scores=tuple(int(x) for x in data["scores_before"]),
        )
        for seat, action in data["actions"]:
            hand.apply(int(seat), Action.from_json(action))
    except IllegalAction as exc:
        raise ReplayError(f"the saved decisions do not fit this deal: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"damaged saved hand: {exc}") from None
    saved = data.get("result")
    if saved is not None and (hand.result is None or list(hand.result.deltas) != saved["deltas"]):
        raise ReplayError("the replay does not reach the saved result")
    return hand
