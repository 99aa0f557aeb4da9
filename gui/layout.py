"""Where every tile item belongs on the table, computed from the :class:`TableModel` (no Qt).

The scene has a fixed logical size (:data:`SCENE_W` × :data:`SCENE_H`) that the view scales to
the window. Each seat's side of the table has a local frame: ``a`` runs along the side from
the player's left to right, ``b`` from the table centre toward the player. The human sits at
the bottom; play goes counter-clockwise (bottom → right → top → left).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.wall import SIDE_LENGTHS

from .table_model import SEATS, TableModel

SCENE_W, SCENE_H = 1600, 1000
CENTER = (800.0, 470.0)

# tile widths per use; height is 4/3 of the width
HAND_W, KONG_W, DISCARD_W, OPP_W, WALL_W = 56, 40, 34, 30, 28
HAND_WIDTHS = {"small": 48, "medium": HAND_W, "large": 64}  # the player's own tiles, by setting
WALL_R = 190  # centre to the wall's middle line
WALL_LIFT = 7  # the top layer of a stack is drawn this much higher
DISCARD_B = 250
DISCARD_COLS = (9, 8, 9, 8)  # per screen side: more room at the bottom and top
HAND_B = (450, 505, 410, 505)  # per screen side
DRAWN_GAP = 14
KONG_GAP = 10

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


def height_of(width: int) -> float:
    return width * 4 / 3


def to_scene(side: int, a: float, b: float) -> tuple[float, float]:
    (ux, uy), (vx, vy) = _U[side], _V[side]
    return CENTER[0] + a * ux + b * vx, CENTER[1] + a * uy + b * vy


def screen_side(model: TableModel, seat: int) -> int:
    return (seat - model.human) % SEATS


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
    return Placement(x, y, ROTATION[side], WALL_W, False, 1 + (1 - place.layer) + y / 10000)


def _row(side: int, b: float, widths: list[float], gaps: list[float]) -> list[tuple[float, float]]:
    """Centre points of tiles laid side by side, the row centred on the side."""
    total = sum(widths) + sum(gaps)
    a = -total / 2
    out = []
    for w, gap in zip(widths, [*gaps, 0.0], strict=False):
        out.append(to_scene(side, a + w / 2, b))
        a += w + gap
    return out


def hand_placements(model: TableModel, seat: int) -> dict[int, Placement]:
    """A seat's kongs (on its left) and hand; the drawn tile set apart on the right."""
    side = screen_side(model, seat)
    s = model.seats[seat]
    human = seat == model.human
    hand_w = HAND_WIDTHS.get(model.tile_size, HAND_W) if human else OPP_W
    kong_w = KONG_W if human else OPP_W
    items: list[tuple[int, int, bool]] = []  # (item, width, face up)
    gaps: list[float] = []
    for group in s.kongs:
        for n, item in enumerate(group):
            items.append((item, kong_w, item in model.face_up))
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
    centres = _row(side, HAND_B[side], [float(w) for _, w, _ in items], gaps)
    out = {}
    for (item, w, up), (x, y) in zip(items, centres, strict=True):
        out[item] = Placement(x, y, ROTATION[side], w, up, 5)
    return out


def discard_placements(model: TableModel, seat: int) -> dict[int, Placement]:
    side = screen_side(model, seat)
    s = model.seats[seat]
    cols = DISCARD_COLS[side]
    out = {}
    pitch = DISCARD_W + 1
    row_pitch = height_of(DISCARD_W) + 2
    for n, item in enumerate(s.discards):
        row, col = divmod(n, cols)
        # the declaring (报听) discard lies sideways; the rest of its row shifts right
        extra = 0.0
        if s.declare_index is not None and s.declare_index // cols == row:
            if col > s.declare_index % cols:
                extra = height_of(DISCARD_W) - DISCARD_W
            elif col == s.declare_index % cols:
                extra = (height_of(DISCARD_W) - DISCARD_W) / 2
        a = (col - (cols - 1) / 2) * pitch + extra
        b = DISCARD_B + row * row_pitch
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
