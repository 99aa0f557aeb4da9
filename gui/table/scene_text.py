"""Small building blocks for the table's texts: a text item, elision, and a badge (a word on a
coloured pill). Every text of the table is made here, so they share one font and one look."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gui import theme
from gui.table.device_blit import DevicePicture

TEXT_Z = 20


class SharpText(QGraphicsSimpleTextItem):
    """A table text kept as a picture of the screen's pixels (on a large screen the letters are
    big, and Qt draws big glyphs from their outlines on every frame)."""

    def __init__(self) -> None:
        super().__init__()
        self._picture = DevicePicture()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        key = (self.text(), self.font().key(), self.brush(), self.pen())

        def base(target: QPainter) -> None:  # (Qt takes no widget too; the stub wants one)
            QGraphicsSimpleTextItem.paint(self, target, option, widget)  # type: ignore[arg-type]

        if not self.text() or not self._picture.draw(painter, self.boundingRect(), key, base):
            base(painter)


class SharpPath(QGraphicsPathItem):
    """A table panel or pill kept as a picture of the screen's pixels (a large antialiased
    shape is slow to fill on every frame)."""

    def __init__(self, path: QPainterPath | None = None) -> None:
        super().__init__(path if path is not None else QPainterPath())
        self._picture = DevicePicture()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        key = (self.path(), self.brush(), self.pen())

        def base(target: QPainter) -> None:
            QGraphicsPathItem.paint(self, target, option, widget)

        if not self._picture.draw(painter, self.boundingRect(), key, base):
            base(painter)


def text_item(parent: QGraphicsScene | QGraphicsItem, px: int, colour: QColor = theme.TEXT,
              bold: bool = False) -> QGraphicsSimpleTextItem:
    """A text in the scene (or inside `parent` item), `px` scene pixels high."""
    item = SharpText()
    item.setFont(theme.font(px, bold))
    item.setBrush(QBrush(colour))
    if isinstance(parent, QGraphicsScene):
        item.setZValue(TEXT_Z)
        parent.addItem(item)
    else:
        item.setParentItem(parent)
    return item


def set_elided(item: QGraphicsSimpleTextItem, text: str, width: float) -> None:
    """Show `text`, cut with an ellipsis if it is wider than `width`."""
    metrics = QFontMetricsF(item.font())
    if metrics.horizontalAdvance(text) > width:
        text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
    item.setText(text)


def set_wrapped(item: QGraphicsSimpleTextItem, text: str, width: float, joint: str = " · ") -> None:
    """Show `text` on as few lines as fit `width`, broken after a `joint` (the rules line's
    parts: "Declared-ready room · 1 round(s) · Hefei (standard)" is too long for one line in
    English), which stays at the end of the broken line ("… room ·" / "not counted": without
    it, the two lines read as one phrase); a part wider than `width` alone is cut with an
    ellipsis."""
    metrics = QFontMetricsF(item.font())
    mark = joint.rstrip()
    parts = text.split(joint)
    lines: list[str] = []
    for n, part in enumerate(parts):
        tail = mark if n < len(parts) - 1 else ""  # the mark this line ends with, if it breaks here
        if lines:
            joined = f"{lines[-1]}{joint}{part}"
            if metrics.horizontalAdvance(joined + tail) <= width:
                lines[-1] = joined
                continue
            lines[-1] += mark
        lines.append(part)
    item.setText("\n".join(metrics.elidedText(line, Qt.TextElideMode.ElideRight, width) for line in lines))


def rounded(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


def panel_back(scene: QGraphicsScene, rect: QRectF) -> QGraphicsPathItem:
    """The dark rounded panel under a block of table text (the log, the tile tracker)."""
    back = SharpPath(rounded(QRectF(0, 0, rect.width(), rect.height()), 10))
    back.setBrush(QBrush(theme.PANEL_FILL))
    back.setPen(QPen(theme.PANEL_RIM, 1))
    back.setPos(rect.topLeft())
    back.setZValue(TEXT_Z - 1)
    scene.addItem(back)
    return back


class Badge:
    """A short word on a coloured pill (庄, 听): a path item with its text as a child."""

    PAD_X, PAD_Y = 6.0, 1.0

    def __init__(self, parent: QGraphicsScene | QGraphicsItem, px: int, fill: QColor) -> None:
        self.pill = SharpPath()
        self.pill.setBrush(QBrush(fill))
        self.pill.setPen(QPen(Qt.PenStyle.NoPen))
        if isinstance(parent, QGraphicsScene):
            self.pill.setZValue(TEXT_Z)
            parent.addItem(self.pill)
        else:
            self.pill.setParentItem(parent)
        self.text = text_item(self.pill, px, theme.BADGE_TEXT, bold=True)

    def set_text(self, text: str) -> None:
        self.text.setText(text)
        r = self.text.boundingRect()
        self.text.setPos(self.PAD_X, self.PAD_Y)
        self.pill.setPath(rounded(QRectF(0, 0, r.width() + 2 * self.PAD_X, r.height() + 2 * self.PAD_Y), 6))
        self.pill.setVisible(bool(text))

    def set_fill(self, fill: QColor) -> None:
        self.pill.setBrush(QBrush(fill))

    def size(self) -> tuple[float, float]:
        r = self.pill.path().boundingRect()
        return r.width(), r.height()

    def set_pos(self, x: float, y: float) -> None:
        self.pill.setPos(x, y)
