"""Saved hands: what it takes to replay one exactly (the rules, the wall's seed, the dealer and
every decision), as a small JSON document that can be exported and imported elsewhere."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine import __version__
from engine.game.actions import Action
from engine.game.events import HandEnded, HandStarted
from engine.game.hand import Hand, IllegalAction
from engine.game.rules import Ruleset
from engine.records.record_format import FORMAT, FORMAT_VERSION, version_shown

__all__ = [
    "AUTO_REASONS", "FORMAT", "FORMAT_VERSION", "ReplayError", "auto_moves", "mark_auto", "record",
    "record_from_events", "replay", "replay_steps",
]

AUTO_REASONS = ("autoplay", "timeout")  # why the table made a seat's move: 托管, or its time ran out


class ReplayError(ValueError):
    """A saved hand that cannot be replayed (damaged, from an incompatible program, edited)."""


def record(hand: Hand, names: tuple[str, ...] = ("", "", "", ""), played_at: str = "") -> dict[str, Any]:
    if hand.seed is None:
        raise ValueError("only a hand dealt from a seed can be saved for replay")
    result = hand.result
    return _document(
        hand.rules, hand.seed, hand.dealer, hand.dealer_streak, hand.hand_number, hand.round_number,
        hand.scores_before, hand.actions, names, played_at,
        None if result is None else (result.winners, result.deltas, result.exhaustive),
    )


def record_from_events(rules: Ruleset, started: HandStarted, ended: HandEnded,
                       names: tuple[str, ...] = ("", "", "", ""), played_at: str = "") -> dict[str, Any]:
    """The saved hand, from what any seat was told: the hand's start and its end, which reveals
    the wall's seed and every decision. A LAN client saves its replays with this; it equals
    :func:`record` of the host's hand. Raises ValueError when the end revealed no seed (a
    wall dealt again in duplicate play keeps it)."""
    if ended.seed is None:
        raise ValueError("the hand's end revealed no seed: it cannot be replayed")
    return _document(
        rules, ended.seed, started.dealer, started.dealer_streak, started.hand_number,
        started.round_number, started.scores, ended.actions, names, played_at,
        (ended.winners, ended.deltas, ended.exhaustive),
    )


def _document(rules: Ruleset, seed: int, dealer: int, dealer_streak: int, hand_number: int,
              round_number: int, scores_before: Sequence[int], actions: Sequence[tuple[int, Action]],
              names: Sequence[str], played_at: str,
              result: tuple[Sequence[int], Sequence[int], bool] | None) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "program_version": __version__,
        "played_at": played_at,
        "rules": rules.to_dict(),
        "seed": seed,
        "dealer": dealer,
        "dealer_streak": dealer_streak,
        "hand_number": hand_number,
        "round_number": round_number,
        "scores_before": list(scores_before),
        "names": list(names),
        "actions": [[seat, action.to_json()] for seat, action in actions],
        "result": None if result is None else {
            "winners": list(result[0]), "deltas": list(result[1]), "exhaustive": result[2],
        },
    }


def mark_auto(data: dict[str, Any], seat: int, made_by: Sequence[str | None]) -> bool:
    """Keep in the saved hand `data` which of `seat`'s decisions the table made (``made_by``: the
    seat's decisions in order, None for its own, else one of AUTO_REASONS) as ``"auto"``:
    ``[[step, reason], ...]``. Older programs ignore the key; a record without it is all the
    players' own. False, and nothing kept, when `made_by` does not match the seat's decisions
    (a seat auto-played after a failure of its own): a wrong mark is worse than none."""
    steps = [i for i, (who, _) in enumerate(data.get("actions", [])) if who == seat]
    if len(steps) != len(made_by) or any(m is not None and m not in AUTO_REASONS for m in made_by):
        return False
    marks = [[step, why] for step, why in zip(steps, made_by, strict=True) if why is not None]
    if marks:
        data["auto"] = marks
    return True


def auto_moves(data: Mapping[str, Any]) -> dict[int, str]:
    """The record's moves made by the table (step → "autoplay" or "timeout"). A record saved
    before these were kept, or one whose list is damaged, has none: it reads as all the player's."""
    marks = data.get("auto")
    out: dict[int, str] = {}
    if not isinstance(marks, list):
        return out
    for mark in marks:
        if (isinstance(mark, list) and len(mark) == 2 and type(mark[0]) is int and mark[0] >= 0
                and mark[1] in AUTO_REASONS):
            out[mark[0]] = mark[1]
    return out


def replay(data: dict[str, Any]) -> Hand:
    """Deal the saved hand again and apply its decisions; the result must match the saved one."""
    hand = None
    for step in replay_steps(data):  # each decision is applied as the next step is asked for
        hand = step[1]
    if hand is None:  # no decision at all: the deal alone
        hand = _deal(data)
    saved = data.get("result")
    if saved is not None and (hand.result is None or list(hand.result.deltas) != saved["deltas"]):
        raise ReplayError("the replay does not reach the saved result")
    return hand


def replay_steps(data: dict[str, Any]) -> Iterator[tuple[int, Hand, int, Action]]:
    """The saved hand decision by decision: (step, the hand just before it, seat, action). The
    caller sees each position before the decision is applied (the review asks 大师 there);
    the decision is applied when the caller asks for the next step."""
    hand = _deal(data)
    try:
        actions = [(int(seat), Action.from_json(action)) for seat, action in data["actions"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"damaged saved hand: {exc}") from None
    for step, (seat, action) in enumerate(actions):
        yield step, hand, seat, action
        _apply(hand, seat, action)


def _deal(data: dict[str, Any]) -> Hand:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError("not a saved Hefei mahjong hand")
    if data.get("format_version") != FORMAT_VERSION:
        shown = version_shown(data.get("format_version"))
        raise ReplayError(f"saved hand format {shown} is not supported "
                          f"(this program reads format {FORMAT_VERSION})")
    try:
        return Hand(
            Ruleset.from_dict(data["rules"]), dealer=int(data["dealer"]),
            dealer_streak=int(data["dealer_streak"]), seed=int(data["seed"]),
            hand_number=int(data["hand_number"]), round_number=int(data["round_number"]),
            scores=tuple(int(x) for x in data["scores_before"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"damaged saved hand: {exc}") from None


def _apply(hand: Hand, seat: int, action: Action) -> None:
    try:
        hand.apply(seat, action)
    except IllegalAction as exc:
        raise ReplayError(f"the saved decisions do not fit this deal: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"damaged saved hand: {exc}") from None
