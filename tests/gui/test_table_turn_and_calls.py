"""Whose turn it is, and the calls (胡, 自摸, 杠, 报听) shown on the table."""

from __future__ import annotations

import gc
import weakref

import pytest
from PySide6.QtCore import QAbstractAnimation, QAnimationGroup, QRectF
from PySide6.QtWidgets import QApplication

from engine.ai import SimpleAI
from engine.game import events as ev
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.view import Phase
from engine.table.seat import HandRunner
from gui.table.call_marks import CALL_MS, Call
from gui.table.layout import CALL_RING, CENTER, river_centre, screen_side
from gui.table.scene import TableScene
from gui.tiles.art import TileArt
from tests.table_states import DEALS, THREE_KONGS_AND_WIN, Deal, new_scene, play, play_animated


@pytest.mark.parametrize("deal", DEALS[:4] + DEALS[-2:], ids=lambda d: d.name)
def test_the_seat_to_act_is_the_engines_and_its_plate_is_lit(qtbot, art, deal: Deal):
    scene = new_scene(art, deal.rules)
    hand = deal.hand()
    runner = HandRunner(hand, deal.seats())
    sent, claims, turns = 0, 0, 0
    while True:
        for event in hand.events[sent:]:
            scene.show_event(event.for_seat(0))
        sent = len(hand.events)
        if hand.phase in (Phase.TURN, Phase.LAST_FOUR):
            # the engine waits for one seat: the table says which
            assert scene.turn_seat() == hand.current
            turns += 1
        else:  # a discard open to claims, or the hand is over: nobody's turn, the discard marked
            assert scene.turn_seat() is None
            if hand.phase is Phase.CLAIM:
                claims += 1
                assert scene.model.last_discard is not None and scene.tiles[scene.model.last_discard].latest
        lit = [seat for seat, plate in enumerate(scene.plates) if plate.lit]
        assert lit == ([] if scene.turn_seat() is None else [scene.turn_seat()])
        glow = scene.centre.glow
        assert glow.isVisible() == (scene.turn_seat() is not None)
        if hand.ended:
            break
        runner.step()
    assert turns > 4


def test_a_claimable_discard_lights_no_seat(qtbot, art):
    scene = new_scene(art, Ruleset())
    for event in play(scene, Deal("open", Ruleset(), 3, 3)):
        if isinstance(event, ev.TileDiscarded):
            assert scene.turn_seat() is None
            assert scene.model.last_discard is not None and scene.tiles[scene.model.last_discard].latest
        elif isinstance(event, ev.TileDrawn):
            assert scene.turn_seat() == event.seat
            assert scene.plates[event.seat].lit


def _owned(scene, anim: QAbstractAnimation | None) -> bool | None:
    """None without an animation; else whether the animator owns it and it owns its parts."""
    if anim is None:
        return None
    assert isinstance(anim, QAnimationGroup), anim
    parts = [anim.animationAt(i) for i in range(anim.animationCount())]
    return anim.parent() is scene.animator and all(p.parent() is anim for p in parts)


SEATED = (ev.HandWon, ev.KongDeclared, ev.TileDiscarded, ev.TileDrawn)  # the calls a seat makes
Seen = tuple[ev.Event, bool | None, tuple[int | None, Call] | None, TableScene]
Shown = tuple[ev.Event, bool | None, tuple[int | None, Call], TableScene]


def _calls_of(deal: Deal, art: TileArt, speed: float) -> list[Seen]:
    """(event, whether its animation is owned as it must be (None: no animation), the call
    shown as (screen side, Call), the scene) for every event that makes a call or a moment,
    each animation played to its end."""
    scene = new_scene(art, deal.rules)
    scene.speed = speed
    out: list[Seen] = []
    for seen, anim in play_animated(scene, deal):
        if scene.call_of(seen) is not None:
            out.append((seen, _owned(scene, anim), scene.calls.last, scene))
        scene.calls.last = None
    return out


def _shown(calls: list[Seen]) -> list[Shown]:
    """The calls, each asserted on the card (at a speed above 0 each is animated)."""
    out: list[Shown] = []
    for event, owned, shown, scene in calls:
        assert shown is not None, event
        out.append((event, owned, shown, scene))
    return out


def _kinds(calls: list) -> list[tuple[str, str]]:
    return [(c[2][1].kind, c[2][1].title) for c in calls]


def test_kongs_their_replacements_and_a_self_drawn_win_are_called_by_their_seat(qtbot, art):
    deal = Deal("kongs", Ruleset(), rigged=THREE_KONGS_AND_WIN)
    calls = _shown(_calls_of(deal, art, speed=1.0))
    assert _kinds(calls) == [("kong", "杠"), ("replacement", "杠尾补牌")] * 3 + [("self_draw", "自摸")]
    for event, owned, (side, call), scene in calls:
        assert isinstance(event, SEATED) and side == screen_side(scene.model, event.seat) == 0
        assert call.line == "你" or "你" in call.line
        # part of the event's animation (the engine waits for it), owned as gui.table.animation says
        assert owned is True
    # my own kong and my own replacement tile are mine to see: shown face up
    assert all(c[2][1].tile is not None and not c[2][1].back for c in calls)
    scene = calls[-1][3]
    assert not scene.calls.card.isVisible()  # gone once played


def test_a_call_grows_in_inside_the_rivers_ring_and_lasts_long_enough_to_read(qtbot, art):
    deal = Deal("kongs", Ruleset(), rigged=THREE_KONGS_AND_WIN)
    scene = new_scene(art, deal.rules)
    scene.speed = 1.0
    hand = deal.hand()
    for event in hand.events:
        anim = scene.show_event(event.for_seat(0))
        scene.animator.discard(anim)
    hand.apply(0, next(a for a in hand.legal_actions(0) if a.kind.value == "kong"))
    kong = next(e for e in hand.events if isinstance(e, ev.KongDeclared))
    anim = scene.show_event(kong.for_seat(0))
    assert anim is not None and anim.parent() is scene.animator
    assert CALL_MS >= 600 and anim.totalDuration() >= CALL_MS
    card = scene.calls.card
    assert card.isVisible() and scene.calls.title.text() == "杠"
    assert isinstance(anim, QAnimationGroup), anim
    children = [anim.animationAt(i) for i in range(anim.animationCount())]
    assert all(child.parent() is anim for child in children)
    done = []
    scene.animator.play(anim, lambda: done.append(True))
    anim.setCurrentTime(60)  # growing in
    assert 0 < card.opacity() < 1 and card.scale() < 1.0
    anim.setCurrentTime(CALL_MS // 2)  # held
    assert card.opacity() == 1.0
    # by the caller (toward the bottom), off its river: inside the square the rivers ring
    rect = card.sceneBoundingRect()
    ring = QRectF(CENTER[0] - CALL_RING, CENTER[1] - CALL_RING, 2 * CALL_RING, 2 * CALL_RING)
    assert ring.contains(rect) and rect.center().y() > CENTER[1]
    x, y = river_centre(0)
    assert not rect.contains(x, y)
    scene.animator.finish_now()
    assert done and not card.isVisible()


def test_a_win_on_a_discard_and_declaring_ready_are_called_in_english(qtbot, art, english):
    deal = Deal("baoting-1", Ruleset(room=Room.BAOTING), 1, 0)
    calls = _shown(_calls_of(deal, art, speed=0.5))
    shown = [(type(e).__name__, getattr(e, "seat", None), c[1].kind, c[1].title) for e, _a, c, _s in calls]
    # 报听 is called with its discard, as large as 自摸, and the declaring tile is shown
    assert ("TileDiscarded", 0, "ready", "Ready") in shown
    assert ("TileDiscarded", 1, "ready", "Ready") in shown
    assert ("HandWon", 1, "win", "Win") in shown
    for event, _a, (_side, call), _s in calls:
        if call.kind == "ready":
            assert isinstance(event, ev.TileDiscarded) and event.declaring and call.tile == event.tile
    scene = calls[0][3]
    sides = {e.seat: c[0] for e, _a, c, _s in calls if isinstance(e, SEATED)}
    assert sides == {seat: screen_side(scene.model, seat) for seat in sides}


def test_at_instant_speed_calls_make_no_animation(qtbot, art):
    calls = _calls_of(Deal("baoting-1", Ruleset(room=Room.BAOTING), 1, 0), art, speed=0)
    assert calls
    for *_, shown, scene in calls:
        assert shown is None
        assert not scene.calls.card.isVisible()


def test_a_hand_played_by_the_engine_lights_every_seat_in_turn(qtbot, art):
    scene = new_scene(art, Ruleset())
    hand = Hand(Ruleset(), dealer=2, seed=4)
    HandRunner(hand, [SimpleAI() for _ in range(4)]).run()
    lit = set()
    for event in hand.events:
        scene.show_event(event.for_seat(0))
        if scene.turn_seat() is not None:
            lit.add(scene.turn_seat())
    assert lit == {0, 1, 2, 3}
    assert scene.turn_seat() is None  # the hand is over


def test_animation_slots_do_not_keep_the_scene_alive(qtbot, art):
    """A slot that holds the scene keeps it alive until Qt deletes the animation, and then the
    scene is deleted from inside its own grandchild's destructor: a segfault. No slot may."""
    scene = new_scene(art, Ruleset())
    scene.speed = 1.0
    hand = Deal("kongs", Ruleset(), rigged=THREE_KONGS_AND_WIN).hand()
    hand.apply(0, next(a for a in hand.legal_actions(0) if a.kind.value == "kong"))
    for event in hand.events:  # the dice roll, the deal, the kong and its call
        anim = scene.show_event(event.for_seat(0))
        if anim is not None:
            scene.animator.play(anim, lambda: None)
            scene.animator.finish_now()  # finished: deleted later, as in play
    assert scene.calls.last is not None
    ref = weakref.ref(scene)
    del scene, anim
    gc.collect()
    assert ref() is None
    QApplication.processEvents()  # the pending deletions find nothing to bring down
