"""Where every tile item belongs on the table, computed from the :class:`TableModel` (no Qt).

The scene has a fixed logical size (:data:`SCENE_W` × :data:`SCENE_H`) that the view scales to
the window. Each seat's side of the table has a local frame: ``a`` runs along the side from
the player's left to right, ``b`` from the table centre toward the player. The human sits at
the bottom; play goes counter-clockwise (bottom → right → top → left).

From the centre out, each side has: the centre box (round, dealer, tiles left), a lane for the
wall marks, the wall (a square of two-layer stacks), the river (discards, six to a row), and
the hand at the table's edge. The four corners between the rivers hold the name plates, the
top-left corner the log; :data:`PLATE_ANCHORS` and :data:`LOG_RECT` say where.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.game.wall import SIDE_LENGTHS
from gui.table.model import SEATS, TableModel

SCENE_W, SCENE_H = 1600, 1000
CENTER = (800.0, 480.0)

# tile widths per use; height is 4/3 of the width
OPP_W, WALL_W = 34, 34
# the player's own tiles, by setting: each size about a fifth larger than the one before;
# 14 large tiles and the drawn tile's gap still leave the bottom corners free
HAND_WIDTHS = {"small": 54, "medium": 66, "large": 78}
HAND_W = HAND_WIDTHS["medium"]
KONG_SCALE = 0.72  # the player's kongs beside the hand, smaller than the hand's tiles
DISCARD_W = 50  # readable pips at 1280×800 (37 screen pixels wide; 32 at 1024×700)
DISCARD_COLS = 6
WALL_LIFT = 8  # the top layer of a stack is drawn this much higher
WALL_R = 213  # centre to the wall's middle line: the 11-stack sides clear the 10-stack ones
BOX_HALF = 128  # half the centre box: the lane for the wall marks is left between it and the wall
RIVER_B = 248  # the river's edge nearest the centre, clear of the wall's lifted top layer
DISCARD_GAP, ROW_GAP = 1, 2
HAND_BOTTOM = 992  # scene y of the bottom edge of the player's own hand
HAND_B = (None, 540, 440, 540)  # per screen side, the middle of the others' hands
DRAWN_GAP = 14
KONG_GAP = 14  # clear of the next kong's frame (gui.table.kong_frames)
HOVER_ROOM = 10  # a hovered tile of the player's hand rises this much (tile_item.HOVER_LIFT)

_U = ((1, 0), (0, -1), (-1, 0), (0, 1))
_V = ((0, 1), (1, 0), (0, -1), (-1, 0))
ROTATION = (0, -90, 180, 90)


@dataclass(frozen=True)
class Placement:
    x: float
    y: float
    rotation: float
    width: int
    face_up: bool
    z: float
    lower: bool = False  # the bottom tile of a wall stack (drawn a shade darker)


def height_of(width: float) -> float:
    return width * 4 / 3


def to_scene(side: int, a: float, b: float) -> tuple[float, float]:
    (ux, uy), (vx, vy) = _U[side], _V[side]
    return CENTER[0] + a * ux + b * vx, CENTER[1] + a * uy + b * vy


def screen_side(model: TableModel, seat: int) -> int:
    return (seat - model.human) % SEATS


# -- regions of the table for the texts (scene rectangles as x, y, width, height) -----------------
RIVER_DEPTH = 2 * height_of(DISCARD_W) + ROW_GAP  # a hand never discards more than 12 tiles
RIVER_A = (-DISCARD_COLS / 2 * (DISCARD_W + DISCARD_GAP),
           DISCARD_COLS / 2 * (DISCARD_W + DISCARD_GAP) + height_of(DISCARD_W) - DISCARD_W)
PLATE_W = 250  # the widest a name plate grows (longer names are elided)
PLATE_GAP = 16


@dataclass(frozen=True)
class PlateAnchor:
    """Where a seat's name plate sits: a corner point and which way the plate grows from it."""

    x: float
    y: float
    grow_left: bool  # the point is the plate's right edge (else its left edge)
    grow_up: bool  # the point is the plate's bottom edge (else its top edge)


def _plate_anchors() -> tuple[PlateAnchor, ...]:
    # each plate sits in the corner to its owner's left, diagonally off the start of its river
    starts = [to_scene(side, RIVER_A[0], RIVER_B) for side in range(SEATS)]
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = starts
    return (
        PlateAnchor(x0 - PLATE_GAP, y0, grow_left=True, grow_up=False),
        PlateAnchor(x1, y1 + PLATE_GAP, grow_left=False, grow_up=False),
        PlateAnchor(x2 + PLATE_GAP, y2, grow_left=False, grow_up=True),
        PlateAnchor(x3, y3 - PLATE_GAP, grow_left=True, grow_up=True),
    )


PLATE_ANCHORS = _plate_anchors()
LOG_RECT = (14.0, 12.0, 470.0, 140.0)  # above the left hand, left of the top hand
# calls and key moments are shown inside the square the rivers ring (over the wall and the centre
# box): never on a river, a hand, a name plate or the log (gui.table.call_marks)
CALL_RING = float(RIVER_B)
# the tile tracker (记牌器): the strip right of the right seat's hand, below the rules line, holds
# nothing else whatever the hands, kongs and tile size (gui.table.tracker_panel)
TRACKER_TILE_W = 30
TRACKER_CELL_H = 44  # a row: one rank of each suit
TRACKER_TITLE_H = 30
TRACKER_PAD = 8.0
_TRACKER_H = 2 * TRACKER_PAD + TRACKER_TITLE_H + 6 * TRACKER_CELL_H + TRACKER_TILE_W * 4 / 3
_TRACKER_X = CENTER[0] + (HAND_B[1] or 0) + height_of(OPP_W) / 2 + 12.0  # beyond the right hand's outer edge
TRACKER_RECT = (_TRACKER_X, SCENE_H - 12.0 - _TRACKER_H, SCENE_W - 12.0 - _TRACKER_X, _TRACKER_H)
BOX_RECT = (CENTER[0] - BOX_HALF, CENTER[1] - BOX_HALF, 2 * BOX_HALF, 2 * BOX_HALF)


def river_centre(side: int) -> tuple[float, float]:
    """The middle of a seat's river (where its calls are shown)."""
    return to_scene(side, (RIVER_A[0] + RIVER_A[1]) / 2, RIVER_B + RIVER_DEPTH / 2)


# -- tiles -------------------------------------------------------------------------------------------
def wall_placement(model: TableModel, item: int) -> Placement:
    assert model.wall is not None
    place = model.wall.place(item)
    seat = (model.dealer + place.side) % SEATS
    side = screen_side(model, seat)
    n = SIDE_LENGTHS[place.side]
    a = (n - 1) / 2 * WALL_W - place.index * WALL_W
    x, y = to_scene(side, a, WALL_R)
    if place.layer == 0:
        y -= WALL_LIFT
    z = 1 + (1 - place.layer) + y / 10000
    return Placement(x, y, ROTATION[side], WALL_W, False, z, lower=place.layer == 1)


def _row(side: int, b: float, widths: list[float], gaps: list[float]) -> list[tuple[float, float]]:
    """Centre points of tiles laid side by side, the row centred on the side."""
    total = sum(widths) + sum(gaps)
    a = -total / 2
    out = []
    for w, gap in zip(widths, [*gaps, 0.0], strict=False):
        out.append(to_scene(side, a + w / 2, b))
        a += w + gap
    return out


def hand_width(model: TableModel) -> int:
    return HAND_WIDTHS.get(model.tile_size, HAND_W)


def hand_placements(model: TableModel, seat: int) -> dict[int, Placement]:
    """A seat's kongs (on its left) and hand; the drawn tile set apart on the right."""
    side = screen_side(model, seat)
    s = model.seats[seat]
    human = seat == model.human
    hand_w = hand_width(model) if human else OPP_W
    kong_w = round(hand_w * KONG_SCALE) if human else OPP_W
    items: list[tuple[int, int, bool]] = []  # (item, width, face up)
    gaps: list[float] = []
    for group in s.kongs:
        for n, item in enumerate(group):
            # a kong is laid face down (暗杠); its owner sees the middle two, to know what it is
            up = item in model.face_up and (not human or model.ended or n in (1, 2))
            items.append((item, kong_w, up))
            gaps.append(KONG_GAP if n == 3 else 1)
    ordered = [i for i in s.hand if i != s.drawn]
    if human or model.ended:
        ordered.sort(key=lambda i: (model.kinds.get(i, 99), i))
    for item in ordered:
        items.append((item, hand_w, item in model.face_up))
        gaps.append(1)
    if s.drawn is not None and s.drawn in s.hand:
        if gaps:
            gaps[-1] = DRAWN_GAP
        items.append((s.drawn, hand_w, s.drawn in model.face_up))
        gaps.append(0)
    if gaps:
        gaps.pop()
    out = {}
    if human:  # bottom edges in line, whatever the tile size: the hand grows upward
        xs = _row(side, 0.0, [float(w) for _, w, _ in items], gaps)
        for (item, w, up), (x, _y) in zip(items, xs, strict=True):
            out[item] = Placement(x, HAND_BOTTOM - height_of(w) / 2, ROTATION[side], w, up, 5)
        return out
    b = HAND_B[side]
    assert b is not None
    centres = _row(side, b, [float(w) for _, w, _ in items], gaps)
    for (item, w, up), (x, y) in zip(items, centres, strict=True):
        out[item] = Placement(x, y, ROTATION[side], w, up, 5)
    return out


def discard_placements(model: TableModel, seat: int) -> dict[int, Placement]:
    """A seat's river: six to a row from its left, rows going away from the centre."""
    side = screen_side(model, seat)
    s = model.seats[seat]
    cols = DISCARD_COLS
    out = {}
    pitch = DISCARD_W + DISCARD_GAP
    h = height_of(DISCARD_W)
    row_pitch = h + ROW_GAP
    for n, item in enumerate(s.discards):
        row, col = divmod(n, cols)
        # the declaring (报听) discard lies sideways; the rest of its row shifts right
        extra = 0.0
        if s.declare_index is not None and s.declare_index // cols == row:
            if col > s.declare_index % cols:
                extra = h - DISCARD_W
            elif col == s.declare_index % cols:
                extra = (h - DISCARD_W) / 2
        a = RIVER_A[0] + DISCARD_W / 2 + col * pitch + extra
        b = RIVER_B + h / 2 + row * row_pitch
        x, y = to_scene(side, a, b)
        rotation = ROTATION[side] + (90 if n == s.declare_index else 0)
        out[item] = Placement(x, y, rotation, DISCARD_W, True, 3 + row * 0.01)
    return out


def layout(model: TableModel) -> dict[int, Placement]:
    """Placement of every tile item (all 84, wherever each one is)."""
    out: dict[int, Placement] = {}
    if model.wall is not None:
        for item in model.in_wall:
            out[item] = wall_placement(model, item)
    for seat in range(SEATS):
        out.update(hand_placements(model, seat))
        out.update(discard_placements(model, seat))
    return out
