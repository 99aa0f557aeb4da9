"""The key moments of a hand, shown long enough to read at the default speed: the
海捞 card when the last four begin and one for each 海捞 draw, the kong's replacement tile flying
slowly from the back of the wall (杠尾补牌 on the table and in the log), 报听 called with its tile;
after a 荒庄 the result says who was 听 on which tiles.

Durations are read from the animations themselves (their own timing values), never from a clock.
"""

from __future__ import annotations

from typing import TypedDict

import pytest
from PySide6.QtCore import QAbstractAnimation, QAnimationGroup, QPropertyAnimation, QRectF
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from engine.game import events as ev
from engine.game.rules import Room, Ruleset
from engine.table.seat import HandRunner
from engine.table.summary import HandSummary, track
from gui import i18n
from gui.i18n import tr
from gui.table.call_marks import CALL_MS, MAX_W, Call
from gui.table.end_dialogs import EndOfHandDialog
from gui.table.layout import CALL_RING, CENTER
from gui.table.scene import LAST_FOUR_DRAW_MS, REPLACEMENT_MS
from gui.tiles.art import TileArt
from tests.gui.built_keys import as_key
from tests.table_states import KONGS_EVERYWHERE, Deal, new_scene, play_animated

READABLE_MS = 600  # the least a moment stays on screen at the default speed


@pytest.fixture(scope="module")
def art() -> TileArt:
    return TileArt()


def _tile_flights(anim: QAbstractAnimation) -> list[QPropertyAnimation]:
    assert isinstance(anim, QAnimationGroup), anim
    group = [anim.animationAt(i) for i in range(anim.animationCount())]
    return [a for a in group if isinstance(a, QPropertyAnimation) and a.propertyName() == b"pos"]


class Shown(TypedDict):
    """What the call's card showed halfway through its moment."""

    total: int
    visible: bool
    title: str
    face_up: bool
    kind: int | None
    tile_shown: bool
    flights: list[int]


def _moments(deal: Deal, art: TileArt, speed: float = 1.0) -> list[tuple[ev.Event, Call, Shown]]:
    """Every moment of the hand seen from seat 0: the event, its call, and what the card showed
    halfway through its own animation (played by the animator, as the table plays it)."""
    scene = new_scene(art, deal.rules)
    scene.speed = speed
    out: list[tuple[ev.Event, Call, Shown]] = []
    for seen, anim in play_animated(scene, deal):
        call = scene.call_of(seen)
        if call is None:
            continue
        assert anim is not None and anim.parent() is scene.animator
        card = scene.calls.card
        anim.setCurrentTime(int(CALL_MS * speed // 2))  # the animation's own clock, halfway
        out.append((seen, call, {
            "total": anim.totalDuration(),
            "visible": card.isVisible() and card.opacity() == 1.0,
            "title": scene.calls.title.text(),
            "face_up": scene.calls.tile.face_up, "kind": scene.calls.tile.kind,
            "tile_shown": scene.calls.tile.isVisible(),
            "flights": [f.duration() for f in _tile_flights(anim)],
        }))
    return out


def test_the_last_four_and_the_replacement_draws_are_moments_readable_at_the_default_speed(qtbot: QtBot, art):
    deal = Deal("kongs-all", Ruleset(), rigged=KONGS_EVERYWHERE)
    moments = _moments(deal, art)
    kinds = [call.kind for _e, call, _s in moments]
    assert kinds.count("last_four") == 1 and kinds.count("last_four_draw") == 4
    assert kinds.count("replacement") == kinds.count("kong") >= 4
    for event, call, shown in moments:
        # on the table for at least the readable time, by the animation's own timing
        assert shown["total"] >= READABLE_MS and shown["visible"], (event, shown)
        assert shown["title"] == call.title
        if isinstance(event, ev.TileDrawn):
            # the tile's flight itself is slowed, not only the card
            assert shown["flights"] and max(shown["flights"]) >= min(REPLACEMENT_MS, LAST_FOUR_DRAW_MS)
            assert min(REPLACEMENT_MS, LAST_FOUR_DRAW_MS) >= READABLE_MS
            # hidden information: face up only the tile the event names (my own draw)
            assert shown["tile_shown"]
            assert shown["face_up"] == (event.seat == 0 and event.tile is not None)
            if event.seat != 0:
                assert event.tile is None and shown["kind"] is None
            else:
                assert shown["kind"] == event.tile
    draws = [e for e, call, _s in moments if call.kind == "last_four_draw"]
    assert [c.title for _e, c, _s in moments if c.kind == "last_four_draw"] == [
        tr("table.call_last_four_draw", n=n) for n in (1, 2, 3, 4)]
    assert len({e.seat for e in draws if isinstance(e, ev.TileDrawn)}) == 4


def test_replacement_draws_and_last_four_draws_are_logged(qtbot: QtBot, art):
    deal = Deal("kongs-all", Ruleset(), rigged=KONGS_EVERYWHERE)
    scene = new_scene(art, deal.rules)
    hand = deal.hand()
    HandRunner(hand, deal.seats()).run()
    for event in hand.events:
        scene.show_event(event.for_seat(0))
    keys = [key for key, _data in scene.model.log]
    assert keys.count("replacement") == keys.count("kong") >= 4
    # each replacement right after its kong
    for n, key in enumerate(keys):
        if key == "kong":
            assert keys[n + 1] == "replacement"
    assert keys.count("last_four_draw") + keys.count("last_four_draw_own") == 4
    assert keys.count("last_four_draw_own") == 1  # only my own 海捞 tile is named
    assert tr("log.replacement", who="x") == "x 杠尾补牌"


def test_declaring_ready_is_called_as_large_as_a_self_draw_with_its_tile(qtbot: QtBot, art):
    deal = Deal("baoting-1", Ruleset(room=Room.BAOTING), 1, 0)
    moments = _moments(deal, art)
    ready = [(e, c) for e, c, _s in moments if c.kind == "ready"]
    assert len(ready) >= 2
    scene = new_scene(art, deal.rules)
    for event, call in ready:
        assert isinstance(event, ev.TileDiscarded) and event.declaring and call.tile == event.tile
        scene.calls.place(0, call)
        ready_px = scene.calls.title.font().pixelSize()
        scene.calls.place(0, Call("self_draw", tr("table.call_self_draw")))
        assert ready_px == scene.calls.title.font().pixelSize()


@pytest.mark.parametrize("language", ["zh", "en"])
def test_every_call_card_fits_inside_the_rivers_ring(qtbot: QtBot, art, language):
    i18n.set_language(language)
    try:
        scene = new_scene(art, Ruleset())
        ring = QRectF(CENTER[0] - CALL_RING, CENTER[1] - CALL_RING, 2 * CALL_RING, 2 * CALL_RING)
        long_name = "Alexandria Featherstonehaugh" if language == "en" else "一位名字特别长的玩家"
        calls = [Call(k, tr(as_key(f"table.call_{k}")), long_name, 3)
                 for k in ("win", "self_draw", "kong", "ready")]
        calls += [Call("last_four", tr("table.call_last_four"), tr("table.last_four_line")),
                  Call("last_four_draw", tr("table.call_last_four_draw", n=4), long_name, back=True),
                  Call("replacement", tr("table.call_replacement"),
                       tr("table.replacement_line", who=long_name), back=True),
                  Call("exhaustive", tr("table.call_exhaustive"))]
        for call in calls:
            for side in (None, 0, 1, 2, 3):
                scene.calls.place(side, call)
                card = scene.calls.card
                assert card.path().boundingRect().width() <= MAX_W, call
                card.setScale(1.1)  # the most it grows while coming in
                assert ring.contains(card.sceneBoundingRect()), (call, side)
    finally:
        i18n.set_language("zh")


def _exhaustive_summary(seed: int, dealer: int) -> HandSummary:
    from engine.ai import SimpleAI
    from engine.game.hand import Hand

    hand = Hand(Ruleset(), dealer=dealer, seed=seed)
    HandRunner(hand, [SimpleAI() for _ in range(4)]).run()
    summary = HandSummary()
    for event in hand.events:
        summary = track(summary, event.for_seat(0))
    assert summary.ended is not None and summary.ended.exhaustive
    return summary


def test_after_an_exhaustive_draw_the_result_says_who_was_ready_on_which_tiles(qtbot: QtBot, art):
    summary = _exhaustive_summary(34, 2)  # every seat was 听 when the wall ran out
    dialog = EndOfHandDialog(art, summary, ["", "下家", "对家", "上家"])
    qtbot.addWidget(dialog)
    words = [label.text() for label in dialog.findChildren(QLabel, "readyAtDraw")]
    assert len(words) == 4 and all(w.startswith("听 ") for w in words)
    summary = _exhaustive_summary(2, 2)  # only one seat was
    dialog = EndOfHandDialog(art, summary, ["", "下家", "对家", "上家"])
    qtbot.addWidget(dialog)
    words = [label.text() for label in dialog.findChildren(QLabel, "readyAtDraw")]
    assert sorted(w.startswith("听 ") for w in words) == [False, False, False, True]
    assert words.count(tr("end.not_ready")) == 3



def test_each_last_four_tile_keeps_its_mark_at_its_seat(qtbot: QtBot, art):
    deal = Deal("kongs-all", Ruleset(), rigged=KONGS_EVERYWHERE)
    scene = new_scene(art, deal.rules)
    for seen, _anim in play_animated(scene, deal):
        if isinstance(seen, ev.TileDrawn) and seen.last_four:
            tile = scene.tiles[seen.wall_index]
            assert tile.zone and scene.model.seat_of_item(seen.wall_index) == seen.seat
            # hidden information: face up only at my own seat
            assert tile.face_up == (seen.seat == 0)
    marked = [t.item_id for t in scene.tiles if t.zone]
    assert sorted(marked) == sorted(scene.model.last_four)  # after the hand, the four still marked
