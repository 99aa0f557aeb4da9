"""The table: a QGraphicsScene with the 84 tile items, the name plates, the centre box, the wall
marks, the log and the calls.

:meth:`TableScene.show_event` applies one engine event to the mirror model, lays the tiles out
again and returns the animation that shows it (or None when nothing moves or animations are
instant). Each animation's duration is the base time × the speed setting (0 = instant). Where
each text goes is fixed by :mod:`gui.table.layout` so that no text ever lies on another or on a tile
(``tests/gui/test_table_layout.py`` checks it).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QRect,
    QRectF,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsScene

from engine.game import events as ev
from engine.game.tiles import NUM_TILES
from engine.game.wall import SIDE_LENGTHS
from gui import theme
from gui.i18n import codes, player_name, tr
from gui.parts.felt import felt_pixmap
from gui.table.animation import Animator
from gui.table.call_marks import CALL_MS, Call, CallMarks
from gui.table.centre_box import CentreBox, CentreText
from gui.table.device_blit import blit, fill_around, on_device
from gui.table.kong_frames import KongFrames
from gui.table.layout import PLATE_ANCHORS, SCENE_H, SCENE_W, WALL_W, Placement, layout, screen_side
from gui.table.log_panel import LogPanel
from gui.table.model import SEATS, TableModel
from gui.table.name_plate import NamePlate, PlateText
from gui.table.scene_text import Badge, set_wrapped, text_item
from gui.table.speech import SpeechBubbles
from gui.table.tile_item import TileItem
from gui.table.tracker_panel import TrackerPanel
from gui.table.wall_marks import MarkSpot, WallMarks

if TYPE_CHECKING:
    from gui.tiles.art import TileArt


def _paint_rim(painter: QPainter, w: int, h: int) -> None:
    """On the table's felt: a faint line around its edge."""
    painter.setPen(QPen(theme.FELT_RIM, 2))
    painter.drawRoundedRect(QRectF(0, 0, w, h).adjusted(8, 8, -8, -8), 24, 24)


# base durations in ms at speed 1.0
MOVE_MS = 260
DEAL_MS = 140
DICE_MS = 700
REVEAL_MS = 400
# the kong's replacement tile from the back of the wall and each 海捞 draw fly slowly enough to
# be followed (a normal draw takes MOVE_MS)
REPLACEMENT_MS = 700
LAST_FOUR_DRAW_MS = 700

DICE_FACES = "⚀⚁⚂⚃⚄⚅"
HURRY_SECONDS = 5  # the countdown on my plate turns red
RULES_RIGHT, RULES_TOP, RULES_W = SCENE_W - 14.0, 12.0, 460.0  # the rules line, right of the top hand


@dataclass(frozen=True)
class MoveRecord:
    """What an animation did, kept for tests and debugging."""

    item: int
    start: tuple[float, float]
    end: tuple[float, float]


class TableScene(QGraphicsScene):
    tile_clicked = Signal(int)
    tile_hovered = Signal(int, bool)

    def __init__(self, art: TileArt, human: int = 0, names: tuple[str, ...] = ("", "", "", "")) -> None:
        super().__init__(0, 0, SCENE_W, SCENE_H)
        self.art = art
        self.model = TableModel(human=human)
        self.names = list(names)
        self.levels = ["", "", "", ""]
        self.seat_states = [(True, False)] * SEATS  # (connected, autoplay) of a LAN table's seats
        self.thinking: int | None = None  # the seat marked 思考中 (gui.table.thinking)
        self.seconds_left: int | None = None  # my decision's countdown, shown on my plate
        self.rules_line = ""  # the table's rules in words, shown in the top-right corner
        self.speed = 1.0
        self.animator = Animator(self)  # owns every animation the scene makes (gui.table.animation)
        self.last_moves: list[MoveRecord] = []
        self.landing_ms = 0  # when the moving tiles of the last event shown reach their places
        self.tiles = [TileItem(i, art) for i in range(NUM_TILES)]
        for tile in self.tiles:
            tile.setVisible(False)
            tile.clicked.connect(self.tile_clicked)
            tile.hovered.connect(self.tile_hovered)
            self.addItem(tile)
        self.plates = [NamePlate(self) for _ in range(SEATS)]
        self.centre = CentreBox(self)
        self.wall_marks = WallMarks(self)
        self.kong_frames = KongFrames(self)
        self.log_panel = LogPanel(self)
        self.calls = CallMarks(self, art)
        self.tracker = TrackerPanel(self, art, human)  # 记牌器: hidden until the player shows it
        self._rules = text_item(self, theme.LOG_PX, theme.TEXT_DIM)
        self.speech = SpeechBubbles(self)  # 快捷语 by the speakers' plates
        self.watch_badge = Badge(self, theme.PLATE_NAME_PX, theme.AUTOPLAY_BADGE)  # 观战中
        self.watching = False
        self._placements: dict[int, Placement] = {}
        self._felt: QPixmap | None = None
        self._felt_size = (0, 0)
        self.refresh_texts()

    # -- background -----------------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        # the felt is the same every frame: painted once per device size and ratio, then copied
        # pixel for pixel
        scene_rect = self.sceneRect()
        margins = not scene_rect.contains(QRectF(rect))  # the window's, around the table
        place = on_device(painter, scene_rect)
        scale = place.scale * place.dpr if place is not None else 1.0
        size = (round(SCENE_W * scale), round(SCENE_H * scale))
        if self._felt is None or self._felt_size != size:
            self._felt = felt_pixmap(SCENE_W, SCENE_H, theme.TABLE_FELT, scale, _paint_rim)
            if place is not None:
                self._felt.setDevicePixelRatio(place.dpr)  # the screen's ratio: one pixel per pixel
            self._felt_size = size
        if place is not None and place.quarter_turns == 0:
            if margins:
                fill_around(painter, place, self._felt, QRectF(rect), theme.FELT_BASE)
            blit(painter, place, self._felt)
        else:
            if margins:
                painter.fillRect(rect, theme.FELT_BASE)
            painter.drawPixmap(scene_rect, self._felt, QRectF(self._felt.rect()))

    # -- events -----------------------------------------------------------------------------
    def reset(self) -> None:
        """An empty table (before a hand), keeping the seat names and the settings."""
        self.model = TableModel(human=self.model.human, tile_size=self.model.tile_size)
        self.tracker.reset(self.model.human)
        self._clear_tiles()

    def _clear_tiles(self) -> None:
        for tile in self.tiles:
            tile.setVisible(False)
            tile.set_flags(latest=False, zone=False, lower=False)
            tile.moved_away()
        self._placements = {}
        self.kong_frames.show([])
        self.last_moves = []
        self.centre.set_dice("")
        self.calls.hide()
        self.refresh_texts()

    def set_art(self, art: TileArt) -> None:
        """Another tile theme: every tile of the table is painted with `art` from now on."""
        self.art = art
        for tile in self.tiles:
            tile.art = art
            tile.update()
        self.calls.set_art(art)
        self.tracker.set_art(art)

    def set_tracker_visible(self, on: bool) -> None:
        """Show or hide the tile tracker (记牌器)."""
        self.tracker.set_visible(on)
        self.refresh_texts()

    def set_tile_size(self, size: str) -> None:
        """The player's own tiles: "small", "medium" or "large" (a setting); lays them out again."""
        self.model.tile_size = size
        if self._placements:
            self._relayout(instant=True)

    def duration(self, base_ms: int) -> int:
        return max(0, round(base_ms * self.speed))

    def turn_seat(self) -> int | None:
        """The seat to act (its plate is lit), or None while a discard may be claimed."""
        return self.model.turn

    def show_event(self, event: ev.Event) -> QAbstractAnimation | None:
        """Apply `event` and return the animation showing it (not started), or None.

        The animation is a child of :attr:`animator`, which is to play it.
        """
        self.model.apply(event)
        self.tracker.apply(event)  # this seat's view: the tracker counts what the seat may see
        self.last_moves = []
        self.landing_ms = 0
        self.calls.hide()  # a call still up (its animation cancelled) goes with the next event
        if isinstance(event, ev.HandStarted):
            self._clear_tiles()  # the model has started the hand afresh
            return None
        if isinstance(event, ev.DiceRolled):
            self._relayout(instant=True)
            return self._dice_animation(event.dice)
        group = self.animator.parallel()
        if isinstance(event, ev.TilesDealt):
            self._relayout(group, ms=DEAL_MS)
        elif isinstance(event, ev.HandEnded):
            self._relayout(group, ms=REVEAL_MS)
        elif isinstance(event, ev.TileDrawn) and (event.from_back or event.last_four):
            self._relayout(group, ms=LAST_FOUR_DRAW_MS if event.last_four else REPLACEMENT_MS)
        else:
            self._relayout(group, ms=MOVE_MS)
        self._call(event, group)
        if group.animationCount():
            return group
        self.animator.discard(group)
        return None

    def _call(self, event: ev.Event, group: QParallelAnimationGroup) -> None:
        """胡, 自摸, 杠, 报听 and the key moments (海捞, 杠尾补牌, 荒庄) shown by the seat they
        concern (gui.table.call_marks)."""
        call = self.call_of(event)
        duration = self.duration(CALL_MS)
        if call is None or duration <= 0:
            return
        seat = getattr(event, "seat", None)
        side = screen_side(self.model, seat) if isinstance(seat, int) else None
        self.calls.animate(side, call, group, duration)

    def call_of(self, event: ev.Event) -> Call | None:
        """The call or moment `event` makes (None for most events), from this seat's view: a
        tile is face up only where the event names it."""
        if isinstance(event, ev.HandWon):
            kind = "self_draw" if event.self_draw else "win"
            return Call(kind, tr(codes.CALL[kind]), self._seat_name(event.seat), event.tile)
        if isinstance(event, ev.KongDeclared):
            return Call("kong", tr("table.call_kong"), self._seat_name(event.seat), event.tile,
                        back=event.tile is None)
        if isinstance(event, ev.TileDiscarded) and event.declaring:  # 报听, with its tile
            return Call("ready", tr("table.call_ready"), self._seat_name(event.seat), event.tile)
        if isinstance(event, ev.LastFourStarted):
            return Call("last_four", tr("table.call_last_four"), tr("table.last_four_line"))
        if isinstance(event, ev.TileDrawn) and event.last_four:
            n = sum(1 for i in self.model.last_four if i not in self.model.in_wall)
            return Call("last_four_draw", tr("table.call_last_four_draw", n=n),
                        self._seat_name(event.seat), event.tile, back=event.tile is None)
        if isinstance(event, ev.TileDrawn) and event.from_back:
            return Call("replacement", tr("table.call_replacement"),
                        tr("table.replacement_line", who=self._seat_name(event.seat)), event.tile,
                        back=event.tile is None)
        if isinstance(event, ev.HandEnded) and event.exhaustive:
            return Call("exhaustive", tr("table.call_exhaustive"))
        return None

    def _relayout(self, group: QParallelAnimationGroup | None = None, ms: int = MOVE_MS,
                  instant: bool = False) -> None:
        new = layout(self.model)
        duration = 0 if instant or group is None else self.duration(ms)
        # the 海捞区 in the wall, and each 海捞 tile once drawn: it keeps its tint at its seat
        zone = set(self.model.last_four_zone()) | set(self.model.last_four) if self.model.wall else set()
        own = set(self.model.seats[self.model.human].hand)
        for item_id, place in new.items():
            tile = self.tiles[item_id]
            old = self._placements.get(item_id)
            tile.set_look(self.model.kinds.get(item_id), place.face_up, place.width)
            tile.setRotation(place.rotation)
            tile.setVisible(True)
            tile.set_flags(latest=item_id == self.model.last_discard, zone=item_id in zone, lower=place.lower)
            if item_id not in own and (tile.clickable or tile.selected_key or tile.hovered_now):
                tile.moved_away()  # out of the hand: no rise, no selection, no click
            end = QPointF(place.x, place.y)
            if old is None or duration == 0:
                tile.setPos(end)
                tile.setZValue(place.z)
                if old is not None and (old.x, old.y) != (place.x, place.y):
                    self.last_moves.append(MoveRecord(item_id, (old.x, old.y), (place.x, place.y)))
                continue
            if (old.x, old.y) == (place.x, place.y):
                tile.setZValue(place.z)
                continue
            self.last_moves.append(MoveRecord(item_id, (old.x, old.y), (place.x, place.y)))
            tile.setZValue(10 + place.z)
            assert group is not None
            anim = QPropertyAnimation(tile, b"pos", group)
            anim.setStartValue(tile.pos())
            anim.setEndValue(end)
            anim.setDuration(duration)
            anim.setEasingCurve(QEasingCurve.Type.OutCubic)
            anim.finished.connect(lambda t=tile, z=place.z: t.setZValue(z))
            group.addAnimation(anim)
            self.landing_ms = duration
        for item_id in set(self._placements) - set(new):
            self.tiles[item_id].setVisible(False)
        self._placements = new
        self.kong_frames.show([[new[i] for i in group if i in new]
                               for seat in self.model.seats for group in seat.kongs])
        self.refresh_texts()

    def _dice_animation(self, dice: tuple[int, int]) -> QAbstractAnimation | None:
        final = f"{DICE_FACES[dice[0] - 1]} {DICE_FACES[dice[1] - 1]}"
        self.centre.set_dice(final)
        if self.duration(DICE_MS) == 0:
            return None
        seq = self.animator.sequential()
        roll = QVariantAnimation(seq)
        roll.setStartValue(0)
        roll.setEndValue(17)
        roll.setDuration(self.duration(DICE_MS))
        # the slot must not hold the scene: the roll is the scene's grandchild, and a last
        # reference to the scene dropped while Qt deletes the roll would delete the scene
        # from inside its own child's destructor (a crash once the roll is deleted)
        centre = weakref.ref(self.centre)

        def spin(value: int) -> None:  # the roll runs from 0 to 17
            box = centre()
            if box is None:
                return
            n = int(value)
            if n >= 17:
                box.set_dice(final)
            else:
                a, b = DICE_FACES[(n * 5 + dice[0]) % 6], DICE_FACES[(n * 3 + dice[1]) % 6]
                box.set_dice(f"{a} {b}")

        roll.valueChanged.connect(spin)
        roll.finished.connect(lambda: spin(17))
        seq.addAnimation(roll)
        return seq

    # -- text -------------------------------------------------------------------------------
    def _seat_name(self, seat: int) -> str:
        return player_name(self.names[seat]) or tr(codes.SEAT_SIDE[screen_side(self.model, seat)])

    def set_seat_state(self, seat: int, connected: bool, autoplay: bool) -> None:
        """A LAN seat's person dropped or returned, or 托管 plays it: marked on its plate."""
        self.seat_states[seat % SEATS] = (connected, autoplay)
        self.refresh_texts()

    def set_thinking(self, seat: int | None) -> None:
        """Mark `seat`'s plate 思考中 (None: no seat's)."""
        if seat != self.thinking:
            self.thinking = seat
            if seat is not None:
                self.plates[seat].thinking.set_phase(0)
            self.refresh_texts()

    def set_countdown(self, seconds: int | None) -> None:
        """My decision's seconds left, shown on my name plate (None: no countdown)."""
        if seconds != self.seconds_left:
            self.seconds_left = seconds
            self.refresh_texts()

    def step_thinking(self) -> None:
        """The next dot of the marked seat's 思考中."""
        if self.thinking is not None:
            mark = self.plates[self.thinking].thinking
            mark.set_phase(mark.phase + 1)

    def _status_word(self, seat: int) -> str:
        connected, autoplay = self.seat_states[seat]
        if not connected:
            return tr("lan.plate_offline")
        return tr("lan.plate_autoplay") if autoplay else ""

    def refresh_texts(self) -> None:
        m = self.model
        playing = m.wall is not None
        for seat in range(SEATS):
            side = screen_side(m, seat)
            text = PlateText(
                name=self._seat_name(seat),
                level=self.levels[seat],
                score=tr("table.score", score=m.scores[seat]),
                dealer=tr("table.dealer_badge") if playing and seat == m.dealer else "",
                ready=tr("table.ready_mark") if m.seats[seat].declare_index is not None else "",
                status=self._status_word(seat),
                offline=not self.seat_states[seat][0],
                thinking=tr("table.thinking") if seat == self.thinking else "",
                countdown=tr("table.countdown", n=self.seconds_left)
                if seat == m.human and self.seconds_left is not None else "",
                hurry=self.seconds_left is not None and self.seconds_left <= HURRY_SECONDS,
            )
            self.plates[seat].show(text, PLATE_ANCHORS[side], lit=m.turn == seat)
        if playing:
            self.centre.show(CentreText(
                round_line=tr("table.centre_round", round=m.round_number, hand=m.hand_number),
                tiles_left=tr("table.tiles_left", n=m.tiles_left),
                streak=tr("table.centre_streak", n=m.dealer_streak),
                dealer=tr("table.dealer_badge"),
                dealer_side=screen_side(m, m.dealer),
                turn_side=None if m.turn is None else screen_side(m, m.turn),
            ))
        else:
            self.centre.show(CentreText("", "", "", "", None, None))
            self.centre.set_dice("")
        self._place_wall_marks()
        self.log_panel.show([tr(codes.LOG[key], **self._log_args(data)) for key, data in m.log])
        if self.tracker.visible:
            self.tracker.show(tr("table.tracker_title"))
        set_wrapped(self._rules, self.rules_line, RULES_W)
        r = self._rules.boundingRect()
        self._rules.setPos(RULES_RIGHT - r.width(), RULES_TOP)
        self.watch_badge.set_text(tr("watch.badge") if self.watching else "")
        badge_w, _h = self.watch_badge.size()
        self.watch_badge.set_pos(RULES_RIGHT - badge_w, RULES_TOP + r.height() + 8)  # under the rules line
        for seat in range(SEATS):
            side = screen_side(m, seat)
            if self.speech.codes[side] is not None:
                self.speech.follow(side, self.plates[seat].rect())

    def say(self, seat: int, code: str) -> bool:
        """快捷语: `seat` said `code`, shown in a bubble by its plate; False for a code this
        program does not know (ignored)."""
        return self.speech.say(screen_side(self.model, seat), code, self.plates[seat].rect())

    def _place_wall_marks(self) -> None:
        m = self.model
        standing = sorted(m.in_wall)
        if m.wall is None or not standing or m.ended:
            self.wall_marks.hide()
            return
        spots = []
        back_stack = standing[-1] // 2
        wanted = {"front": standing[0], "back": back_stack * 2}
        if 83 in m.in_wall and 0 in m.in_wall:  # before the deal: where the wall was broken
            wanted = {"break": 83, **wanted}
        for key, index in wanted.items():
            place = m.wall.place(index)
            side = screen_side(m, (m.dealer + place.side) % SEATS)
            n = SIDE_LENGTHS[place.side]
            a = (n - 1) / 2 * WALL_W - place.index * WALL_W
            if key == "break":
                a -= WALL_W / 2  # between the last stack and the first
            spots.append(MarkSpot(key, tr(codes.WALL_MARK[key]), side, a))
        self.wall_marks.show(spots)

    def _log_args(self, data: dict[str, int | str]) -> dict[str, object]:
        from gui.i18n import refusal_reason, tile_label

        out: dict[str, object] = dict(data)
        for key in ("seat", "dealer"):
            if key in data:
                out["who"] = self._seat_name(int(data[key]))
        if "tile" in data:
            out["tile"] = tile_label(int(data["tile"]))
        if "reason" in data:
            out["reason"] = refusal_reason(str(data["reason"]))
        return out

    # -- queries for the widget and tests ----------------------------------------------------
    def human_hand_items(self) -> list[int]:
        """The human's hand items in display order (sorted, drawn tile last)."""
        places = self._placements
        hand = self.model.seats[self.model.human].hand
        return sorted((i for i in hand if i in places), key=lambda i: places[i].x)

    def placement(self, item: int) -> Placement | None:
        return self._placements.get(item)

    def visible_tile_count(self) -> int:
        return sum(1 for t in self.tiles if t.isVisible())
