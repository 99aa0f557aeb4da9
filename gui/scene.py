"""The table: a QGraphicsScene with the 84 tile items, seat labels and the centre display.

:meth:`TableScene.show_event` applies one engine event to the mirror model, lays the tiles out
again and returns the animation that moves them (or None when nothing moves or animations
are instant). Each animation's duration is the base time × the speed setting (0 = instant).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QPointF,
    QPropertyAnimation,
    QRectF,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPen, QPixmap, QRadialGradient
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSimpleTextItem

from engine import events as ev
from engine.tiles import NUM_TILES
from engine.wall import SIDE_LENGTHS

from . import fonts
from .animation import Animator
from .i18n import tr
from .layout import CENTER, SCENE_H, SCENE_W, WALL_R, WALL_W, Placement, layout, screen_side, to_scene
from .table_model import SEATS, TableModel
from .tile_item import TileItem

# base durations in ms at speed 1.0
MOVE_MS = 260
DEAL_MS = 140
DICE_MS = 700
REVEAL_MS = 400

DICE_FACES = "⚀⚁⚂⚃⚄⚅"


@dataclass(frozen=True)
class MoveRecord:
    """What an animation did, kept for tests and debugging."""

    item: int
    start: tuple[float, float]
    end: tuple[float, float]


class TableScene(QGraphicsScene):
    tile_clicked = Signal(int)
    tile_hovered = Signal(int, bool)

    def __init__(self, art: object, human: int = 0, names: tuple[str, ...] = ("", "", "", "")) -> None:
        super().__init__(0, 0, SCENE_W, SCENE_H)
        self.art = art
        self.model = TableModel(human=human)
        self.names = list(names)
        self.levels = ["", "", "", ""]
        self.rules_line = ""  # the table's rules in words, shown under the round info
        self.speed = 1.0
        self.animator = Animator(self)  # owns every animation the scene makes (gui.animation)
        self.last_moves: list[MoveRecord] = []
        self.tiles = [TileItem(i, art) for i in range(NUM_TILES)]
        for tile in self.tiles:
            tile.setVisible(False)
            tile.clicked.connect(self.tile_clicked)
            tile.hovered.connect(self.tile_hovered)
            self.addItem(tile)
        self._labels = [self._text(20) for _ in range(SEATS)]
        self._centre = self._text(22)
        self._dice = self._text(44)
        self._info = self._text(18)
        self._log = self._text(17)
        self._ready_marks = [self._text(20, QColor(255, 90, 60)) for _ in range(SEATS)]
        # where the wall broke, where the next draw comes from (front) and the next kong
        # replacement (back): small labels just outside the wall
        self._wall_marks = {key: self._text(15, QColor(255, 214, 110)) for key in ("break", "front", "back")}
        self._placements: dict[int, Placement] = {}
        self._felt: QPixmap | None = None
        self._felt_size = (0, 0)
        self.refresh_texts()

    def _text(self, size: int, color: QColor | None = None) -> QGraphicsSimpleTextItem:
        item = QGraphicsSimpleTextItem()
        item.setFont(fonts.ui_font(size))
        item.setBrush(QBrush(color or QColor(245, 240, 220)))
        item.setZValue(20)
        self.addItem(item)
        return item

    # -- background -----------------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        # the felt is the same every frame: paint it once per device size, then blit it
        t = painter.worldTransform()
        dpr = painter.device().devicePixelRatioF() if painter.device() else 1.0
        scale = math.hypot(t.m11(), t.m12()) * dpr
        size = (round(SCENE_W * scale), round(SCENE_H * scale))
        if self._felt is None or self._felt_size != size:
            self._felt = self._paint_felt(size)
            self._felt_size = size
        painter.fillRect(rect, QColor(18, 60, 40))
        painter.drawPixmap(self.sceneRect(), self._felt, QRectF(self._felt.rect()))

    def _paint_felt(self, size: tuple[int, int]) -> QPixmap:
        pixmap = QPixmap(max(1, size[0]), max(1, size[1]))
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.scale(size[0] / SCENE_W, size[1] / SCENE_H)
        felt = QRadialGradient(QPointF(*CENTER), SCENE_W * 0.6)
        felt.setColorAt(0.0, QColor(40, 120, 80))
        felt.setColorAt(1.0, QColor(18, 70, 45))
        painter.fillRect(self.sceneRect(), QBrush(felt))
        painter.setPen(QPen(QColor(255, 255, 255, 25), 2))
        painter.drawRoundedRect(self.sceneRect().adjusted(8, 8, -8, -8), 24, 24)
        inner = QRectF(CENTER[0] - 150, CENTER[1] - 150, 300, 300)  # inside the wall
        grad = QLinearGradient(inner.topLeft(), inner.bottomRight())
        grad.setColorAt(0, QColor(25, 85, 55))
        grad.setColorAt(1, QColor(15, 60, 38))
        painter.setBrush(QBrush(grad))
        painter.setPen(QPen(QColor(255, 255, 255, 30), 1))
        painter.drawRoundedRect(inner, 18, 18)
        painter.end()
        return pixmap

    # -- events -----------------------------------------------------------------------------
    def reset(self) -> None:
        """An empty table (before a hand), keeping the seat names and the settings."""
        self.model = TableModel(human=self.model.human, tile_size=self.model.tile_size)
        self._clear_tiles()

    def _clear_tiles(self) -> None:
        for tile in self.tiles:
            tile.setVisible(False)
            tile.set_flags(latest=False, zone=False, clickable=False, dimmed=False, selected_key=False)
        self._placements = {}
        self.last_moves = []
        self._dice.setText("")
        self.refresh_texts()

    def set_tile_size(self, size: str) -> None:
        """The player's own tiles: "small", "medium" or "large" (a setting); lays them out again."""
        self.model.tile_size = size
        if self._placements:
            self._relayout(instant=True)

    def duration(self, base_ms: int) -> int:
        return max(0, round(base_ms * self.speed))

    def show_event(self, event: ev.Event) -> QAbstractAnimation | None:
        """Apply `event` and return the animation showing it (not started), or None.

        The animation is a child of :attr:`animator`, which is to play it.
        """
        self.model.apply(event)
        self.last_moves = []
        if isinstance(event, ev.HandStarted):
            self._clear_tiles()  # the model has started the hand afresh
            return None
        if isinstance(event, ev.DiceRolled):
            self._relayout(instant=True)
            return self._dice_animation(event.dice)
        if isinstance(event, ev.TilesDealt):
            return self._relayout(ms=DEAL_MS)
        if isinstance(event, ev.HandEnded):
            anim = self._relayout(ms=REVEAL_MS)
            self.refresh_texts()
            return anim
        return self._relayout(ms=MOVE_MS)

    def _relayout(self, ms: int = MOVE_MS, instant: bool = False) -> QAbstractAnimation | None:
        new = layout(self.model)
        group = self.animator.parallel()
        duration = 0 if instant else self.duration(ms)
        zone = set(self.model.last_four_zone()) if self.model.wall is not None else set()
        for item_id, place in new.items():
            tile = self.tiles[item_id]
            old = self._placements.get(item_id)
            tile.set_look(self.model.kinds.get(item_id), place.face_up, place.width)
            tile.setRotation(place.rotation)
            tile.setVisible(True)
            tile.set_flags(latest=item_id == self.model.last_discard, zone=item_id in zone)
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
            anim = QPropertyAnimation(tile, b"pos", group)
            anim.setStartValue(tile.pos())
            anim.setEndValue(end)
            anim.setDuration(duration)
            anim.setEasingCurve(QEasingCurve.Type.OutCubic)
            anim.finished.connect(lambda t=tile, z=place.z: t.setZValue(z))
            group.addAnimation(anim)
        for item_id in set(self._placements) - set(new):
            self.tiles[item_id].setVisible(False)
        self._placements = new
        self.refresh_texts()
        if group.animationCount():
            return group
        self.animator.discard(group)
        return None

    def _dice_animation(self, dice: tuple[int, int]) -> QAbstractAnimation | None:
        final = f"{DICE_FACES[dice[0] - 1]} {DICE_FACES[dice[1] - 1]}"
        self._dice.setText(final)
        self._place_dice()
        if self.duration(DICE_MS) == 0:
            return None
        seq = self.animator.sequential()
        roll = QVariantAnimation(seq)
        roll.setStartValue(0)
        roll.setEndValue(17)
        roll.setDuration(self.duration(DICE_MS))

        def spin(value: object) -> None:
            n = int(value)  # type: ignore[call-overload]
            if n >= 17:
                self._dice.setText(final)
            else:
                self._dice.setText(f"{DICE_FACES[(n * 5 + dice[0]) % 6]} {DICE_FACES[(n * 3 + dice[1]) % 6]}")
            self._place_dice()

        roll.valueChanged.connect(spin)
        roll.finished.connect(lambda: spin(17))
        seq.addAnimation(roll)
        return seq

    def _place_dice(self) -> None:
        r = self._dice.boundingRect()
        self._dice.setPos(CENTER[0] - r.width() / 2, CENTER[1] - 95 - r.height() / 2)

    # -- text -------------------------------------------------------------------------------
    def refresh_texts(self) -> None:
        m = self.model
        for seat in range(SEATS):
            side = screen_side(m, seat)
            parts = [self.names[seat] or tr(f"table.seat_{side}")]
            if self.levels[seat]:
                parts.append(self.levels[seat])
            if seat == m.dealer and m.wall is not None:
                parts.append(tr("table.dealer_mark", streak=m.dealer_streak))
            parts.append(tr("table.score", score=m.scores[seat]))
            label = self._labels[seat]
            label.setText("  ".join(parts))
            self._place_label(label, side)
            mark = self._ready_marks[seat]
            mark.setText(tr("table.ready_mark") if m.seats[seat].declare_index is not None else "")
            r = label.boundingRect()
            mark.setPos(label.pos().x() + r.width() + 8, label.pos().y() - 3)
        self._place_wall_marks()
        if m.wall is None:
            self._centre.setText("")
            self._dice.setText("")
        else:
            self._centre.setText(tr("table.tiles_left", n=m.tiles_left))
        r = self._centre.boundingRect()
        self._centre.setPos(CENTER[0] - r.width() / 2, CENTER[1] + 60)
        info = tr("table.info", round=m.round_number, hand=m.hand_number, streak=m.dealer_streak)
        self._info.setText(info + ("\n" + self.rules_line if self.rules_line else ""))
        self._info.setPos(24, 20)
        lines = [tr("log." + key, **self._log_args(data)) for key, data in m.log[-9:]]
        self._log.setText("\n".join(lines))
        self._log.setPos(SCENE_W - 320, 20)

    def _place_wall_marks(self) -> None:
        m = self.model
        standing = sorted(m.in_wall)
        for mark in self._wall_marks.values():
            mark.setVisible(bool(standing) and m.wall is not None and not m.ended)
        if m.wall is None or not standing:
            return
        back_stack = standing[-1] // 2
        spots = {"break": 83, "front": standing[0], "back": back_stack * 2}
        for key, index in spots.items():
            if key == "break" and (83 not in m.in_wall or 0 not in m.in_wall):
                self._wall_marks[key].setVisible(False)
                continue
            place = m.wall.place(index)
            side = screen_side(m, (m.dealer + place.side) % SEATS)
            n = SIDE_LENGTHS[place.side]
            a = (n - 1) / 2 * WALL_W - place.index * WALL_W
            if key == "break":
                a -= WALL_W / 2  # between the last stack and the first
            x, y = to_scene(side, a, WALL_R + 34)
            mark = self._wall_marks[key]
            mark.setText(tr(f"table.wall_{key}"))
            r = mark.boundingRect()
            mark.setPos(x - r.width() / 2, y - r.height() / 2)

    def _log_args(self, data: dict[str, object]) -> dict[str, object]:
        from .i18n import tile_label

        out = dict(data)
        if "seat" in out:
            seat = int(out["seat"])  # type: ignore[call-overload]
            out["who"] = self.names[seat] or tr(f"table.seat_{screen_side(self.model, seat)}")
        if "dealer" in out:
            seat = int(out["dealer"])  # type: ignore[call-overload]
            out["who"] = self.names[seat] or tr(f"table.seat_{screen_side(self.model, seat)}")
        if "tile" in out:
            out["tile"] = tile_label(int(out["tile"]))  # type: ignore[call-overload]
        return out

    def _place_label(self, label: QGraphicsSimpleTextItem, side: int) -> None:
        r = label.boundingRect()
        if side == 0:
            x, y = CENTER[0] - r.width() / 2, SCENE_H - 34
        elif side == 2:
            x, y = CENTER[0] - r.width() / 2, 8
        else:
            px, py = to_scene(side, 0, 505)
            x = min(max(px - r.width() / 2, 10), SCENE_W - r.width() - 10)
            y = py - 275
        label.setPos(x, y)

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


