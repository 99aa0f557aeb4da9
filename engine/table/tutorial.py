"""新手教学: one guided hand on a scripted wall that shows what surprises players of other
variants (RULES §1, §3, §4, §5), each at the moment it happens:

1. the dealer's first 14 tiles are a complete hand, but no suit holds 8 tiles: the 8-tile rule
   (8张) refuses the win, and the player discards the 5条 it "drew";
2. the 4th 8万 comes: a concealed kong (暗杠), its replacement drawn from the back of the wall
   (杠尾), a 5万;
3. the 13 tiles left are ready (2万 or 5万, 8 万 with the kong): the player declares ready
   (报听) with the other 5条, and the hand is locked (each later tile goes out at once);
4. the wall is down to its last four: 海捞 — 对家… each draws one tile, no discard;
5. the player's 海捞 tile is the 5万: 海捞胡, a self-draw win, and its itemised score.

Pure engine, no Qt: the GUI (gui.table.tutorial) plays this match at the real table, the person in
seat 0 and :class:`ScriptedSeat` in the others, through the normal seat interface.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.game.actions import PASS, WIN, Action
from engine.game.events import Event, HandWon, KongDeclared, LastFourStarted, ReadyDeclared, TileDrawn
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.tiles import parse_tile
from engine.game.view import SeatView
from engine.game.wall import Wall
from engine.game.wall_script import scripted_wall
from engine.table.match import Match
from engine.table.seat import BaseSeat

PLAYER = 0  # the person's seat; the dealer, so the hand starts with the player's decision
RULES = Ruleset(room=Room.BAOTING, rounds=1, time_limit=None)  # 报听 room: base 12, 报听 shown
DICE = (4, 5)  # the break on the dealer's side: the back of the wall and the 海捞 tiles at the player's edge

# The deal: the dealer's 14 tiles end with the tile it "drew" (5s). 234m 888m 345p 678p 55s is a
# complete hand with 6 万, 6 饼, 2 条: no suit reaches 8, so it may not win. The opponents hold
# every other 2万 and 5万 (the player's waits): they never discard one.
HANDS = (
    "234m888m345p678p55s",
    "2256677m2233p88s",
    "234567m4455p678s",
    "34m667788p3344s5s",
)
# The front draws after the deal, in turn order from 下家 (seat 1). The opponents discard what
# they draw (摸打), so none of them is a 2万 or a 5万; the player draws the 4th 8万 on the first
# turn, then five tiles it cannot use (discarded at once, as 报听 locks the hand); after 26
# draws four tiles are left: 海捞 starts with 上家 (seat 3), then the player draws the 5万.
DRAWS = (
    "2p3m6s" "8m"  # 下家, 对家, 上家, then the player: one turn each
    "2s7p4m" "6s"
    "8s2p6m" "3s"
    "7s3p2s" "7s"
    "4p6s7m" "4s"
    "5p4s3s" "2s"
    "6p8p"  # four tiles left: 海捞
    "2s" "5m"  # 上家's 海捞 tile, then the player's
)
BACK = "5m"  # the kong's replacement tile, from the back of the wall

# The player's decisions, in order: what the tutorial asks for, and refuses anything else.
PLAYER_MOVES: tuple[Action, ...] = (
    Action.discard(parse_tile("5s")),
    Action.kong(parse_tile("8m")),
    Action.discard(parse_tile("5s"), declare=True),
    WIN,
)
KONG_TILE = parse_tile("8m")
WIN_TILE = parse_tile("5m")


def tutorial_wall() -> Wall:
    return scripted_wall(HANDS, DRAWS, BACK, dealer=PLAYER, dice=DICE)


def tutorial_hand() -> Hand:
    return Hand(RULES, dealer=PLAYER, dealer_streak=1, wall=tutorial_wall())


class TutorialMatch(Match):
    """A match of the one scripted hand: the player deals, and it ends after that hand."""

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(RULES, seed=0, names=names)
        self.first_dealer = self.dealer = PLAYER

    @property
    def over(self) -> bool:
        return self.played >= 1

    def next_hand(self) -> Hand:
        if self.over:
            raise RuntimeError("the tutorial has one hand")
        return tutorial_hand()


class ScriptedSeat(BaseSeat):
    """An opponent of the tutorial: discards the tile it drew (摸打), never wins, never kongs,
    so the scripted wall stays on track."""

    def __init__(self, name: str) -> None:
        self.name = name

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if view.drawn is not None and Action.discard(view.drawn) in legal:
            return Action.discard(view.drawn)
        if PASS in legal:
            return PASS
        return legal[0]  # never reached on the scripted wall: a legal move keeps the table going


class ScriptedPlayer(BaseSeat):
    """The person's moves as the tutorial asks for them (the engine-level test plays it)."""

    name = "player"

    def __init__(self) -> None:
        self.moves = list(PLAYER_MOVES)
        self.refusals: list[object] = []  # why a winning shape could not win, per decision
        self.events: list[Event] = []  # the player's view of the hand
        self.decided_after: list[int] = []  # per decision: how many events came before it

    def on_event(self, event: Event) -> None:
        self.events.append(event)

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        self.refusals.append(view.win_refusal)
        self.decided_after.append(len(self.events))
        return self.moves.pop(0)


# -- the moments ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Moment:
    """One explanation of the tutorial. ``decision``: shown with the player's n-th decision
    (0-based), which must then be ``PLAYER_MOVES[decision]``; otherwise shown once the event
    that ``event_moment`` names has been animated, the table waiting until the player reads on."""

    key: str
    decision: int | None = None


# In the order they happen (gui.table.tutorial shows their texts, "tutorial.<key>.title/.text").
MOMENTS: tuple[Moment, ...] = (
    Moment("intro", decision=0),
    Moment("eight", decision=0),
    Moment("kong", decision=1),
    Moment("kong_back"),
    Moment("declare", decision=2),
    Moment("locked"),
    Moment("last_four"),
    Moment("haulao_win", decision=3),
    Moment("score"),
    Moment("done"),
)


def event_moment(event: Event, seen: set[str]) -> str | None:
    """The moment an event of the player's view starts (not yet in ``seen``), or None."""
    if isinstance(event, TileDrawn) and event.seat == PLAYER and event.from_back:
        key = "kong_back"
    elif isinstance(event, TileDrawn) and event.seat == PLAYER and "declare" in seen and not event.last_four:
        key = "locked"
    elif isinstance(event, LastFourStarted):
        key = "last_four"
    elif isinstance(event, HandWon) and event.seat == PLAYER:
        key = "score"
    else:
        return None
    return None if key in seen else key


def decision_moments(decision: int) -> tuple[str, ...]:
    return tuple(m.key for m in MOMENTS if m.decision == decision)


# The events the tutorial is built on, in the order the engine must produce them (tested); the
# 8-tile refusal comes before them, in the view of the player's first decision.
SCRIPTED_ORDER = ("kong", "kong_back", "declared", "last_four", "haulao_draw", "won")


def scripted_marks(events: Sequence[Event]) -> list[str]:
    """The tutorial's events among a hand's events (all seats' view), as SCRIPTED_ORDER names them."""
    marks = []
    for event in events:
        if isinstance(event, KongDeclared) and event.seat == PLAYER:
            marks.append("kong")
        elif isinstance(event, TileDrawn) and event.seat == PLAYER and event.from_back:
            marks.append("kong_back")
        elif isinstance(event, ReadyDeclared) and event.seat == PLAYER:
            marks.append("declared")
        elif isinstance(event, LastFourStarted):
            marks.append("last_four")
        elif isinstance(event, TileDrawn) and event.seat == PLAYER and event.last_four:
            marks.append("haulao_draw")
        elif isinstance(event, HandWon):
            marks.append("won" if event.seat == PLAYER else f"won by {event.seat}")
    return marks


__all__ = [
    "BACK", "DRAWS", "HANDS", "MOMENTS", "PLAYER", "PLAYER_MOVES", "RULES", "SCRIPTED_ORDER",
    "Moment", "ScriptedPlayer", "ScriptedSeat", "TutorialMatch", "decision_moments", "event_moment",
    "scripted_marks", "tutorial_hand", "tutorial_wall",
]
