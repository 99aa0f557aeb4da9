"""The action log: the last few things that happened, one line each, in a panel of fixed size in
the top-left corner (:data:`gui.table.layout.LOG_RECT`). It never grows: older lines drop off the top
and a line too long for the panel is elided."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSimpleTextItem

from gui import theme
from gui.table.layout import LOG_RECT
from gui.table.scene_text import panel_back, set_elided, text_item

PAD_X, PAD_Y = 12.0, 8.0


class LogPanel:
    def __init__(self, scene: QGraphicsScene) -> None:
        x, y, w, h = LOG_RECT
        self.rect = QRectF(x, y, w, h)
        self.back = panel_back(scene, self.rect)
        first = text_item(scene, theme.LOG_PX, theme.TEXT)
        first.setText("国Ag")  # a text item's height (CJK glyphs reach beyond the font's line height)
        self.line_h = first.boundingRect().height() + 1
        self.capacity = max(1, int((h - 2 * PAD_Y) // self.line_h))
        self.lines: list[QGraphicsSimpleTextItem] = [first] + [
            text_item(scene, theme.LOG_PX, theme.TEXT) for _ in range(self.capacity - 1)
        ]

    def show(self, lines: list[str]) -> None:
        """The newest lines that fit, oldest first; the newest one bright, the others dimmer."""
        shown = lines[-self.capacity:]
        width = self.rect.width() - 2 * PAD_X
        for n, item in enumerate(self.lines):
            text = shown[n] if n < len(shown) else ""
            set_elided(item, text, width)
            item.setBrush(QBrush(theme.TEXT if n == len(shown) - 1 else theme.TEXT_DIM))
            item.setPos(self.rect.left() + PAD_X, self.rect.top() + PAD_Y + n * self.line_h)
        self.back.setVisible(bool(shown))
