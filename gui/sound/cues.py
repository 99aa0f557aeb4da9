"""Which sound each table event makes, and when: as its tiles land.

The table widget hands every event's animation here before playing it (:meth:`TableCues.event`).
A tile's sound is tied to the moment the tile reaches its place: a marker of the tiles' move
duration joins the event's animation group, and the sound starts when the marker finishes —
at every speed, since the durations are the scene's own. Cancelled (a table left, a LAN
resync), the marker never finishes and nothing is heard; finished at once (the speed turned
instant), it plays then. With no animation (instant speed) the sound plays at once, except that
the deal, a dozen events in a blink, is heard once.

Some sounds belong to the start of their animation rather than its end: the dice rattle while
they roll, 报听 sounds as its call appears.
"""

from __future__ import annotations

import weakref
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractAnimation, QAnimationGroup, QPauseAnimation

from engine.game import events as ev

if TYPE_CHECKING:
    from gui.sound.player import Sounds

TICK_FROM = 5  # seconds left of a time limit from which each second ticks


# event → (effect, whether it waits for the tiles to land); a draw and a win depend on the event
_CUES: dict[type[ev.Event], tuple[str, bool]] = {
    ev.DiceRolled: ("dice", False),  # they rattle while they roll
    ev.TilesDealt: ("deal", True),
    ev.KongDeclared: ("kong", True),
    ev.ReadyDeclared: ("ready", False),  # as its call appears
    ev.TileDiscarded: ("discard", True),
}


def cue_of(event: ev.Event) -> tuple[str | None, bool]:
    """The effect an event makes (or None), and whether it waits for the tiles to land."""
    if isinstance(event, ev.TileDrawn):
        return ("draw_back" if event.from_back else "draw"), True
    if isinstance(event, ev.HandWon):
        return ("win_self_draw" if event.self_draw else "win_discard"), True
    effect, at_landing = _CUES.get(type(event), (None, False))
    return effect, at_landing


class TableCues:
    """The table's sounds; silent until :attr:`sounds` is set (the window's :class:`Sounds`)."""

    def __init__(self) -> None:
        self._sounds: weakref.ref[Sounds] | None = None
        self._dealt = 0  # deal events of the hand so far

    @property
    def sounds(self) -> Sounds | None:
        return self._sounds() if self._sounds is not None else None

    @sounds.setter
    def sounds(self, sounds: Sounds | None) -> None:
        # a weak reference: the markers' slots hold this, never the window's sound itself
        self._sounds = weakref.ref(sounds) if sounds is not None else None

    def _play(self, effect: str) -> None:
        sounds = self.sounds
        if sounds is not None:
            sounds.play(effect)

    def event(self, event: ev.Event, animation: QAbstractAnimation | None, landing_ms: int,
              quiet: bool = False) -> None:
        """`event` is about to be shown by `animation` (None: at once), whose tiles land after
        `landing_ms`. `quiet`: the table is being drawn again at once (a LAN resync)."""
        if isinstance(event, ev.HandStarted):
            self._dealt = 0
        effect, at_landing = cue_of(event)
        if isinstance(event, ev.TilesDealt):
            self._dealt += 1
            if animation is None and self._dealt > 1:
                return
        if effect is None or quiet:
            return
        if at_landing and landing_ms > 0 and isinstance(animation, QAnimationGroup):
            marker = QPauseAnimation(landing_ms, animation)  # a child of the group: played, cancelled with it
            marker.finished.connect(partial(_play_from, weakref.ref(self), effect))
        else:
            self._play(effect)

    def decision(self) -> None:
        """The player must act."""
        self._play("turn")

    def countdown(self, seconds_left: int) -> None:
        """The time limit's display shows `seconds_left`."""
        if 0 < seconds_left <= TICK_FROM:
            self._play("tick")


def _play_from(cues: weakref.ref[TableCues], effect: str) -> None:
    target = cues()
    if target is not None:
        target._play(effect)
