"""Build walls that deal chosen hands and draws, to drive the state machine into a rule."""

from __future__ import annotations

from collections.abc import Sequence

from engine.game.hand import Hand
from engine.game.rules import Ruleset
from engine.game.wall import Wall
from engine.game.wall_script import back_index, scripted_wall

__all__ = ["back_index", "rigged_hand", "rigged_wall", "state_snapshot"]


def rigged_wall(hands: Sequence[str], draws: str = "", back: str = "", dealer: int = 0,
                dice: tuple[int, int] = (3, 4)) -> Wall:
    """`hands[s]` is seat s's deal (the dealer's has 14 tiles, the others 13); `draws` are the
    front draws after the deal, in order; `back` the kong replacement tiles, in order.
    Other positions are filled with the tiles left over."""
    return scripted_wall(hands, draws, back, dealer, dice)


def rigged_hand(rules: Ruleset, hands: Sequence[str], draws: str = "", back: str = "",
                dealer: int = 0, dealer_streak: int = 1) -> Hand:
    return Hand(rules, dealer, dealer_streak, wall=rigged_wall(hands, draws, back, dealer))


def state_snapshot(hand: Hand) -> tuple[object, ...]:
    """Everything a refused action must leave alone: every seat's view, the phase, the wall,
    the event count, the seats' tile ids and the machine's bookkeeping."""
    seats = tuple(
        (tuple(s.concealed), tuple(s.kongs), tuple(s.kong_ids), tuple(s.discards), s.declare_index,
         s.front_draws)
        for s in hand.seats
    )
    return (
        tuple(hand.view(s) for s in range(4)),
        hand.phase,
        hand.wall.snapshot(),
        len(hand.events),
        tuple(hand.pending()),
        tuple(tuple(hand.legal_actions(s)) for s in range(4)),
        seats,
        hand.current,
        hand.drawn,
        hand.drawn_from_back,
        hand.claim_tile,
        tuple(hand.claim_pending),
        tuple(hand.claim_winners),
        tuple(hand.last_four_queue),
        hand.result,
    )
