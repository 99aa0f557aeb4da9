"""A painted read-only table for the profile page's cards (the record, the best hand's items,
the recent matches)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from gui.fonts import ui_font
from gui.theme import CARD_BORDER, CELL_INK, FELT, INK, MUTED


class DataTable(QWidget):
    """A painted read-only table: a header row, zebra rows, numbers right-aligned.

    ``set_table(header, rows, weights, accent_column, footer_rows, colours)``; the first column
    is left-aligned, the others right-aligned; ``colours`` maps (row, column) to a text colour.

    Column widths: every column first gets what its cells need, then what its header needs,
    and what is left is shared by ``weights``; only a table too narrow for its cells shrinks
    them all alike (and elides), so a long label ("Exhaustive draws") is not cut while a
    number column has room to spare.
    """

    ROW = 25
    HEAD = 28
    PAD = 10.0  # left and right of a cell's text

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._header: list[str] = []
        self._rows: list[list[str]] = []
        self._weights: list[float] = []
        self._accent: int | None = None
        self._footer = 0
        self._colours: dict[tuple[int, int], QColor] = {}
        self._align_left: set[int] = {0}
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_table(self, header: Sequence[str], rows: Sequence[Sequence[str]],
                  weights: Sequence[float] | None = None, accent_column: int | None = None,
                  footer_rows: int = 0, colours: Mapping[tuple[int, int], str] | None = None,
                  left_columns: Sequence[int] = (0,)) -> None:
        self._header = list(header)
        self._rows = [list(row) for row in rows]
        columns = len(self._header) or max((len(r) for r in self._rows), default=0)
        self._weights = list(weights) if weights else [1.0] * columns
        self._accent = accent_column
        self._footer = footer_rows
        self._colours = {key: QColor(value) for key, value in (colours or {}).items()}
        self._align_left = set(left_columns)
        self.setFixedHeight(self.HEAD + self.ROW * len(self._rows) + 2)
        self.update()

    def header(self) -> list[str]:
        return list(self._header)

    def rows(self) -> list[list[str]]:
        return [list(row) for row in self._rows]

    def cell(self, row: int, column: int) -> str:
        return self._rows[row][column]

    def sizeHint(self) -> QSize:
        return QSize(360, self.HEAD + self.ROW * len(self._rows) + 2)

    def _cell_font(self, row: int, column: int) -> QFont:
        footer = row >= len(self._rows) - self._footer
        return ui_font(13 if column in self._align_left and not footer else 14)

    def column_edges(self, width: float) -> list[float]:
        """Where the columns start and end across ``width`` (see the class docstring)."""
        columns = len(self._weights)
        if not columns:
            return [0.0]
        cells = [0.0] * columns
        for r, row in enumerate(self._rows):
            for c, text in enumerate(row[:columns]):
                cells[c] = max(cells[c], QFontMetricsF(self._cell_font(r, c)).horizontalAdvance(text))
        head_metrics = QFontMetricsF(ui_font(12))
        heads = [head_metrics.horizontalAdvance(text) for text in self._header[:columns]]
        heads += [0.0] * (columns - len(heads))
        widths = [cell + 2 * self.PAD + 1 for cell in cells]
        if sum(widths) > width:
            widths = [w * width / sum(widths) for w in widths]
        else:
            spare = width - sum(widths)
            need = [max(0.0, head + 2 * self.PAD + 1 - w) for head, w in zip(heads, widths, strict=True)]
            share = min(1.0, spare / sum(need)) if sum(need) else 0.0
            widths = [w + n * share for w, n in zip(widths, need, strict=True)]
            spare = width - sum(widths)
            total = sum(self._weights) or 1.0
            widths = [w + spare * weight / total for w, weight in zip(widths, self._weights, strict=True)]
        edges = [0.0]
        for w in widths:
            edges.append(edges[-1] + w)
        return edges

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        w = self.width()
        edges = self.column_edges(w)
        pad = self.PAD

        def cell_rect(column: int, top: float, height: float) -> QRectF:
            return QRectF(edges[column] + pad, top, edges[column + 1] - edges[column] - 2 * pad, height)

        if self._accent is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(23, 98, 61, 16))
            band = QRectF(edges[self._accent] + 2, 0, edges[self._accent + 1] - edges[self._accent] - 4,
                          self.height())
            painter.drawRoundedRect(band, 8, 8)
        painter.setFont(ui_font(12))
        painter.setPen(QColor(MUTED))
        for column, text in enumerate(self._header):
            align = Qt.AlignmentFlag.AlignLeft if column in self._align_left else Qt.AlignmentFlag.AlignRight
            flags = int(align | Qt.AlignmentFlag.AlignVCenter)
            rect = cell_rect(column, 0, self.HEAD - 4)
            text = painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, round(rect.width()))
            painter.drawText(rect, flags, text)
        painter.setPen(QPen(QColor(CARD_BORDER), 1.0))
        painter.drawLine(QPointF(0, self.HEAD - 1.5), QPointF(w, self.HEAD - 1.5))
        body = len(self._rows) - self._footer
        for index, row in enumerate(self._rows):
            top = self.HEAD + index * self.ROW
            footer = index >= body
            if index % 2 == 1 and not footer:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(240, 230, 204, 95))
                painter.drawRoundedRect(QRectF(0, top + 1, w, self.ROW - 2), 6, 6)
            if footer and index == body:
                painter.setPen(QPen(QColor(CARD_BORDER), 1.0))
                painter.drawLine(QPointF(0, top + 0.5), QPointF(w, top + 0.5))
            for column, text in enumerate(row):
                left = column in self._align_left
                font = self._cell_font(index, column)
                painter.setFont(font)
                colour = self._colours.get((index, column))
                if colour is None:
                    if footer or column == self._accent:
                        colour = QColor(FELT)
                    else:
                        colour = QColor(INK) if not left or column == 0 else QColor(CELL_INK)
                painter.setPen(colour)
                align = Qt.AlignmentFlag.AlignLeft if left else Qt.AlignmentFlag.AlignRight
                rect = cell_rect(column, top, self.ROW)
                text = QFontMetricsF(font).elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
                painter.drawText(rect, int(align | Qt.AlignmentFlag.AlignVCenter), text)
        painter.end()


__all__ = ["DataTable"]
