"""The view of the table scene, for play and for replays: the fixed logical scene scaled to the
window, its aspect ratio kept."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QResizeEvent
from PySide6.QtWidgets import QGraphicsView

from gui.table.scene import TableScene


class TableView(QGraphicsView):
    """Scales the fixed logical scene to the window, aspect ratio kept."""

    def __init__(self, scene: TableScene) -> None:
        super().__init__(scene)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        # No background cache: the scene copies its felt (kept at the window's pixel size) straight
        # onto the window with Qt's fast copy, clipped to what changed, and fills only the margins
        # around it. A cache would be one more window-sized picture (65 MB at 2560×1600 × 2), filled,
        # drawn and copied again on every resize, and copied by Qt's slower general path.
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        # every pixel is painted by the scene's drawBackground (the felt and the margins): Qt need
        # not fill the viewport with its palette first, a whole-window fill on every frame (at
        # 2560×1600 × 2, 65 MB written: a third of a full frame)
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)


__all__ = ["TableView"]
