"""Tables to look at: whole hands played by the engine and fed, event by event, to a scene.

The hands cover what stretches the layout: rivers as long as a hand allows (exhaustive draws),
kongs at every seat (rigged walls), 报听 seats in a 报听 room, the 海捞 phase, ended hands.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QAbstractAnimation

from engine.ai import SimpleAI
from engine.game import events as ev
from engine.game.actions import Action, ActionKind
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.view import SeatView
from engine.table.seat import HandRunner
from gui.i18n import tr
from gui.table.scene import TableScene
from gui.tiles.art import TileArt
from tests.gui.built_keys import as_key
from tests.rigging import rigged_hand

# rigged deals for KongAI (found by a search over random deals with quads):
# the player lays three kongs and wins by self-draw at once
THREE_KONGS_AND_WIN = ("2222m3333p4444s68s", "5555m6666p2222s3s", "7777m8888p5555s6m", "8888m2222p7777s3m")
# every seat lays two kongs and the wall runs out (海捞, exhaustive draw)
KONGS_EVERYWHERE = ("4m5m6m7m6p6p6p6p2s5s6s6s6s6s", "2m2m2m2m2p4p2s5s7s7s7s7s8s",
                    "4m5m8m8m8m8m5p5p8p3s3s3s3s", "6m6m7m2p3p3p3p3p7p7p7p8p4s")
# the right seat lays three kongs, the others one or two, to the end of the wall
THREE_KONGS_RIGHT = ("2m8m2p3p3p7p8p2s6s7s8s8s8s8s", "4m4m4m4m5m5m5m5m8m6p6p6p6p",
                     "2m7m7m7m2p7p2s3s3s3s3s4s6s", "3m6m6m6m6m2p2p4p4s5s5s5s6s")


class KongAI(SimpleAI):
    """Lays every kong it may, otherwise plays as the built-in AI (which declares when it can)."""

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        kongs = [a for a in legal if a.kind is ActionKind.KONG]
        if kongs and not any(a.kind is ActionKind.WIN for a in legal):
            return kongs[0]
        return super().decide(view, legal)


@dataclass(frozen=True)
class Deal:
    name: str
    rules: Ruleset
    seed: int = 0  # a shuffled wall
    dealer: int = 0
    rigged: tuple[str, ...] | None = None  # or a rigged one (seat 0 deals), played by KongAI

    def hand(self) -> Hand:
        if self.rigged is not None:
            return rigged_hand(self.rules, self.rigged)
        return Hand(self.rules, dealer=self.dealer, seed=self.seed)

    def seats(self) -> list[SimpleAI]:
        return [KongAI() if self.rigged is not None else SimpleAI() for _ in range(4)]


DEALS = (
    *(Deal(f"open-{s}", Ruleset(), s, s % 4) for s in (1, 3, 8, 25)),
    *(Deal(f"baoting-{s}", Ruleset(room=Room.BAOTING), s, s % 4) for s in (2, 5, 11)),
    Deal("baoting-1", Ruleset(room=Room.BAOTING), 1, 0),  # two seats declare, one wins on a discard
    Deal("kongs-3-win", Ruleset(), rigged=THREE_KONGS_AND_WIN),
    Deal("kongs-all", Ruleset(), rigged=KONGS_EVERYWHERE),
    Deal("kongs-right-baoting", Ruleset(room=Room.BAOTING), rigged=THREE_KONGS_RIGHT),
)


def names(long_name: bool = False) -> tuple[str, ...]:
    human = tr("seat.you")
    if long_name:
        human = "一位名字特别特别长的玩家朋友" if tr("seat.you") == "你" else "Alexandria Featherstonehaugh"
    return (human, tr("table.ai_right"), tr("table.ai_opposite"), tr("table.ai_left"))


def new_scene(art: TileArt, rules: Ruleset, long_name: bool = False) -> TableScene:
    scene = TableScene(art, names=names(long_name))
    scene.levels = ["", tr("ai.normal"), tr("ai.master"), tr("ai.hard")]
    scene.rules_line = tr("table.rules_line", room=tr(as_key(f"room.{rules.room.value}")),
                          n=rules.rounds, preset=tr(as_key(f"preset.{rules.preset.value}")))
    scene.speed = 0
    return scene


def play(scene: TableScene, deal: Deal) -> Iterator[ev.Event]:
    """Play `deal` to its end, showing every event (seen from seat 0) on `scene`; yields each
    event after the scene has shown it."""
    hand = deal.hand()
    runner = HandRunner(hand, deal.seats())
    sent = 0
    while True:
        for event in hand.events[sent:]:
            scene.show_event(event.for_seat(0))
            yield event
        sent = len(hand.events)
        if hand.ended:
            return
        runner.step()


def play_animated(scene: TableScene, deal: Deal) -> Iterator[tuple[ev.Event, QAbstractAnimation | None]]:
    """As :func:`play`, at the scene's own speed: yields each event (as seat 0 sees it) with the
    animation the scene made for it; when the caller is done with it, the scene's animator plays
    it to its end, as the table does."""
    from PySide6.QtWidgets import QApplication

    hand = deal.hand()
    runner = HandRunner(hand, deal.seats())
    sent = 0
    while True:
        for event in hand.events[sent:]:
            seen = event.for_seat(0)
            anim = scene.show_event(seen)
            yield seen, anim
            if anim is not None:
                scene.animator.play(anim, lambda: None)
                scene.animator.finish_now()
                QApplication.processEvents()
        sent = len(hand.events)
        if hand.ended:
            return
        runner.step()
