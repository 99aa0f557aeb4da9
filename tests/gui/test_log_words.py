"""The table's log tells the hand in lines that fit its panel whole, in both languages, for the
seats by their places (QA: "Opposite: kong replacement from the …" lost its key words)."""

from __future__ import annotations

from PySide6.QtGui import QFontMetricsF

from engine.game.tiles import NUM_KINDS
from gui import theme
from gui.i18n import TextKey, seat_label, tile_label, tr
from gui.table.layout import LOG_RECT
from gui.table.log_panel import PAD_X

# every line of the hand's story (not the refusal, which carries a reason of any length)
KEYS: tuple[TextKey, ...] = ("log.hand_started", "log.dice", "log.kong", "log.declared", "log.discard",
                             "log.last_four", "log.last_four_draw", "log.last_four_draw_own",
                             "log.replacement", "log.win", "log.exhaustive", "log.hand_ended")


def test_every_log_line_fits_the_panel_whole(qtbot, language: str) -> None:
    metrics = QFontMetricsF(theme.font(theme.LOG_PX))
    room = LOG_RECT[2] - 2 * PAD_X
    tiles = [tile_label(k) for k in range(NUM_KINDS)]
    longest_tile = max(tiles, key=metrics.horizontalAdvance)
    for key in KEYS:
        for place in range(4):
            line = tr(key, who=seat_label(place), tile=longest_tile, value=888, n=16, a=6, b=6)
            assert metrics.horizontalAdvance(line) <= room, line
