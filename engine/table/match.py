"""The match (一锅, RULES §2): hands one after another, dealer rotation, 连庄数, rounds, totals."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.game.events import HandEnded, HandStarted, MatchEnded, MatchStarted
from engine.game.hand import SEATS, Hand, HandResult
from engine.game.rules import Ruleset
from engine.game.wall_key import keyed_seed, parse_key


def is_over(passes: int, rounds: int) -> bool:
    """The match ends once the deal has gone round the table `rounds` 圈 (RULES §2): 4 × rounds
    passes of the deal to the next seat."""
    return passes >= SEATS * rounds


def passes_after(passes: int, dealer: int, next_dealer: int) -> int:
    """The passes of the deal after a hand dealt by `dealer`: one more when the deal moves on."""
    return passes + (next_dealer != dealer)


def over_after(rounds: int, first_dealer: int, started: HandStarted, ended: HandEnded) -> bool:
    """Whether the match ends with this hand, from the hand's events alone (a LAN seat has no
    :class:`Match`; the rule is :func:`is_over` all the same). The passes before the hand follow
    from its 圈 and how far the deal has gone round from the first dealer."""
    before = (started.round_number - 1) * SEATS + (started.dealer - first_dealer) % SEATS
    return is_over(passes_after(before, started.dealer, ended.next_dealer), rounds)


@dataclass(frozen=True)
class HandRecord:
    hand_number: int
    round_number: int
    dealer: int
    dealer_streak: int
    seed: int
    result: HandResult


class Match:
    """The match state between hands; :func:`engine.table.match_loop.play_match` plays it.

    Everything follows from the seed: the first dealer and each hand's wall. With a
    ``wall_key`` (engine.game.wall_key) the walls follow from the seed and the key, so that a seat
    that knows or guesses the seed still cannot work out the walls.
    """

    def __init__(self, rules: Ruleset, seed: int, names: Sequence[str] = ("东", "南", "西", "北"),
                 wall_key: bytes | None = None) -> None:
        self.rules = rules
        self.seed = seed
        self.wall_key = wall_key
        self.names = tuple(names)
        self.first_dealer = random.Random(seed).randrange(SEATS)
        self.dealer = self.first_dealer
        self.dealer_streak = 1
        self.passes = 0  # how often the deal has passed to the next seat
        self.scores = [0] * SEATS
        self.played = 0  # hands finished (a resumed match has no `history` of its earlier hands)
        self.redeals = 0  # hands abandoned unfinished: each one burns the wall it was dealt
        self.history: list[HandRecord] = []

    @property
    def round_number(self) -> int:
        """The current 圈, 1-based."""
        return min(self.passes // SEATS + 1, self.rules.rounds)

    @property
    def over(self) -> bool:
        return is_over(self.passes, self.rules.rounds)

    def hand_seed(self, index: int) -> int:
        """The wall of the match's hand number `index` (0-based): a function of the match seed
        alone, so a saved match resumes with the very walls it would have had — unless a hand was
        left unfinished (:attr:`redeals`): its wall was seen, so it is dealt afresh."""
        label = f"{self.seed}:{index}" if not self.redeals else f"{self.seed}:{index}:redeal{self.redeals}"
        if self.wall_key is None:
            return random.Random(label).getrandbits(64)  # unchanged: saved matches and replays rely on it
        return keyed_seed(self.wall_key, f"hand:{label}")

    def next_hand(self) -> Hand:
        if self.over:
            raise RuntimeError("the match is over")
        seed = self.hand_seed(self.played)
        hand = Hand(
            self.rules, self.dealer, self.dealer_streak, seed=seed,
            hand_number=self.played + 1, round_number=self.round_number,
            scores=tuple(self.scores),
        )
        return hand

    def finish_hand(self, hand: Hand) -> HandRecord:
        result = hand.result
        if result is None:
            raise RuntimeError("the hand has not ended")
        record = HandRecord(
            hand.hand_number, hand.round_number, hand.dealer, hand.dealer_streak,
            hand.seed or 0, result,
        )
        self.history.append(record)
        self.played += 1
        self.scores = [s + d for s, d in zip(self.scores, result.deltas, strict=True)]
        self.passes = passes_after(self.passes, self.dealer, result.next_dealer)
        self.dealer = result.next_dealer
        self.dealer_streak = result.next_dealer_streak
        return record

    def state(self) -> dict[str, Any]:
        """Everything needed to go on with the match later (JSON-able). The wall key, if any, is
        part of it: keep the state from the seats as long as the match goes on."""
        state: dict[str, Any] = {
            "rules": self.rules.to_dict(), "seed": self.seed, "names": list(self.names),
            "dealer": self.dealer, "dealer_streak": self.dealer_streak, "passes": self.passes,
            "scores": list(self.scores), "played": self.played, "redeals": self.redeals,
        }
        if self.wall_key is not None:
            state["wall_key"] = self.wall_key.hex()
        return state

    @classmethod
    def restore(cls, state: dict[str, Any]) -> Match:
        """A match saved by :meth:`state`; raises ValueError if the state does not fit."""
        try:
            key = state.get("wall_key")  # states saved before keys existed have none
            match = cls(Ruleset.from_dict(state["rules"]), int(state["seed"]), tuple(state["names"]),
                        None if key is None else parse_key(str(key)))
            match.dealer = int(state["dealer"])
            match.dealer_streak = int(state["dealer_streak"])
            match.passes = int(state["passes"])
            match.scores = [int(x) for x in state["scores"]]
            match.played = int(state["played"])
            match.redeals = int(state.get("redeals", 0))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"damaged saved match: {exc}") from None
        if not (0 <= match.dealer < SEATS and match.dealer_streak >= 1 and len(match.scores) == SEATS
                and sum(match.scores) == 0 and match.played >= 0 and match.passes >= 0
                and match.redeals >= 0):
            raise ValueError("damaged saved match: inconsistent values")
        return match

    def start_event(self) -> MatchStarted:
        return MatchStarted(self.rules.to_dict(), self.names, self.first_dealer)

    def end_event(self) -> MatchEnded:
        # played, not len(history): a resumed match counts its hands before the resumption too
        return MatchEnded(tuple(self.scores), self.played, self.rules.rounds)
