"""The view of the table scene, for play and for replays: the fixed logical scene scaled to the
window, its aspect ratio kept; beside a room kept free of it where one is asked for (the
tutorial's guide, :attr:`TableView.room`)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QMargins, QRectF, QSize, Qt
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
        # the viewport's edges kept free of the table for a widget on the view (the tutorial's
        # guide), asked at each fit: what it needs depends on the window's size
        self.room: Callable[[QSize], QMargins] | None = None

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def fit(self) -> None:
        """The table as large as the viewport allows, beside the room asked for."""
        table = self.scene().sceneRect()
        room = self.room(self.viewport().size()) if self.room is not None else QMargins()
        if room.isNull():
            self.setSceneRect(QRectF())  # (null: the scene's own rect)
            self.fitInView(table, Qt.AspectRatioMode.KeepAspectRatio)
            return
        free = self.viewport().size().shrunkBy(room)
        scale = min(free.width() / table.width(), free.height() / table.height())
        if scale <= 0:
            return
        # the view shows the table with the room around it, as if the room were part of it
        shown = table.adjusted(-room.left() / scale, -room.top() / scale,
                               room.right() / scale, room.bottom() / scale)
        self.setSceneRect(shown)
        self.fitInView(shown, Qt.AspectRatioMode.KeepAspectRatio)


__all__ = ["TableView"]
