"""End of a hand (all hands revealed, itemised score, payments) and end of a match (standings)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine import events as ev
from engine.tiles import tile_name

from . import fonts
from .i18n import score_label, tr
from .layout import height_of

if TYPE_CHECKING:
    from .table_widget import HandSummary

DIALOG_STYLE = """
QDialog { background: #123d2a; }
QLabel { color: #f3ecd2; }
QTableWidget { background: #0e3322; color: #f3ecd2; gridline-color: #2c6a4c; border: none; }
QHeaderView::section { background: #1d5a3d; color: #ffe6a0; padding: 4px; border: none; }
QPushButton { background: #e9a62a; color: #3a1d00; border: 2px solid #8a4d00; border-radius: 8px;
  padding: 6px 22px; font-weight: bold; }
QPushButton:hover { background: #ffd36a; }
"""


def tile_row(art: object, kinds: Sequence[int], width: int = 34, kongs: Sequence[int] = (),
             highlight: int | None = None, dpr: float = 2.0) -> QPixmap:
    """One pixmap showing a row of tile faces, then the kongs, the winning tile apart."""
    h = round(height_of(width))
    groups: list[list[int]] = [list(kinds)] + [[k] * 4 for k in kongs]
    extra = 1 if highlight is not None else 0
    total = sum(len(g) for g in groups) + extra
    gap = width // 3
    canvas = QPixmap(round((total * (width + 1) + gap * (len(groups) + extra)) * dpr), round((h + 4) * dpr))
    canvas.setDevicePixelRatio(dpr)
    canvas.fill(Qt.GlobalColor.transparent)
    painter = QPainter(canvas)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    x = 0.0
    sequence = [*groups, [highlight]] if highlight is not None else groups
    for n, group in enumerate(sequence):
        for kind in group:
            face = art.face(kind, round(width * dpr), 1.0)  # type: ignore[attr-defined]
            painter.drawPixmap(round(x), 2, width, h, face)
            if n == len(sequence) - 1 and highlight is not None:
                painter.setPen(QColor(255, 120, 0))
                painter.drawRoundedRect(round(x), 2, width - 1, h - 1, 4, 4)
            x += width + 1
        x += gap
    painter.end()
    return canvas


def _label(text: str, size: int = 15, bold: bool = False, color: str | None = None) -> QLabel:
    label = QLabel(text)
    label.setFont(fonts.ui_font(size, bold))
    if color:
        label.setStyleSheet(f"color: {color};")
    return label


class EndOfHandDialog(QDialog):
    def __init__(self, art: object, summary: HandSummary, names: Sequence[str], parent: QWidget | None = None,
                 last_in_match: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("endOfHandDialog")
        self.setStyleSheet(DIALOG_STYLE)
        self.setWindowTitle(tr("end.title", n=summary.hand_number))
        self.summary = summary
        ended = summary.ended
        layout = QVBoxLayout(self)
        if ended is None or ended.exhaustive:
            heading = tr("end.exhaustive")
        else:
            who = "、".join(names[w] for w in ended.winners)
            how = tr("end.self_draw") if summary.wins and summary.wins[0].self_draw else tr(
                "end.discard_win", who=names[summary.wins[0].discarder or 0]) if summary.wins else ""
            heading = tr("end.won", who=who, how=how)
        self.heading = _label(heading, 26, True, "#ffd36a")
        layout.addWidget(self.heading, alignment=Qt.AlignmentFlag.AlignHCenter)
        grid = QGridLayout()
        layout.addLayout(grid)
        wins = {w.seat: w for w in summary.wins}
        if ended is not None:
            for seat in range(4):
                name = names[seat] + (" " + tr("table.dealer_short") if seat == summary.dealer else "")
                grid.addWidget(_label(name, 16, True), seat, 0)
                win = wins.get(seat)
                if win is not None:
                    hand = list(win.concealed)
                    hand.remove(win.tile)
                    row = tile_row(art, hand, kongs=win.kongs, highlight=win.tile)
                else:
                    row = tile_row(art, ended.concealed[seat], kongs=ended.kongs[seat])
                picture = QLabel()
                picture.setPixmap(row)
                grid.addWidget(picture, seat, 1)
                delta = ended.deltas[seat]
                colour = "#7dff9a" if delta > 0 else "#ff8a7a" if delta < 0 else "#f3ecd2"
                grid.addWidget(_label(f"{delta:+d}", 18, True, colour), seat, 2)
                grid.addWidget(_label(tr("end.total", total=ended.scores[seat]), 15), seat, 3)
        for win in summary.wins:
            layout.addWidget(_label(tr("end.score_of", who=names[win.seat], value=win.score.value), 17, True,
                                    "#ffe6a0"))
            layout.addWidget(self._score_table(win, summary))
        if summary.payments is not None and summary.payments.transfers:
            lines = [tr("end.payment", payer=names[p], payee=names[q], amount=a)
                     for p, q, a in summary.payments.transfers]
            layout.addWidget(_label("   ".join(lines), 14))
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.next_button = QPushButton(tr("end.standings") if last_in_match else tr("end.next_hand"))
        self.next_button.setObjectName("nextHandButton")
        self.next_button.setFont(fonts.ui_font(17, True))
        self.next_button.clicked.connect(self.accept)
        self.next_button.setDefault(True)
        buttons.addWidget(self.next_button)
        layout.addLayout(buttons)
        self.resize(980, 560)

    def _score_table(self, win: ev.HandWon, summary: HandSummary) -> QTableWidget:
        rows: list[tuple[str, str, str]] = []
        for item in win.score.items:
            en = item.en
            zh = score_label(item.code, item.points) if item.is_factor else score_label(item.code)
            rows.append((zh, en, f"×{item.points}" if item.is_factor else f"+{item.points}"))
        rows.append((tr("end.base_sum"), "S", str(win.score.base_sum)))
        rows.append((tr("end.value"), "V", str(win.score.value)))
        if win.score.dealer_bonus and (win.seat == summary.dealer or win.discarder == summary.dealer
                                       or win.self_draw):
            rows.append((tr("end.dealer_bonus"), "庄分", f"+{win.score.dealer_bonus}"))
        table = QTableWidget(len(rows), 3)
        table.setHorizontalHeaderLabels([tr("end.item"), tr("profile.col_english"), tr("end.points")])
        table.verticalHeader().setVisible(False)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                cell = QTableWidgetItem(text)
                cell.setFlags(Qt.ItemFlag.ItemIsEnabled)
                table.setItem(r, c, cell)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        table.setMinimumHeight(min(30 * len(rows) + 34, 300))
        arrangement = "  ".join(win.score.arrangement)
        table.setToolTip(arrangement)
        return table


class StandingsDialog(QDialog):
    def __init__(self, summaries: Sequence[HandSummary], names: Sequence[str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("standingsDialog")
        self.setStyleSheet(DIALOG_STYLE)
        self.setWindowTitle(tr("standings.title"))
        layout = QVBoxLayout(self)
        totals = list(summaries[-1].ended.scores) if summaries and summaries[-1].ended else [0] * 4
        order = sorted(range(4), key=lambda s: -totals[s])
        podium = "   ".join(f"{n + 1}. {names[s]} {totals[s]:+d}" for n, s in enumerate(order))
        layout.addWidget(_label(tr("standings.title"), 26, True, "#ffd36a"),
                         alignment=Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(_label(podium, 18, True), alignment=Qt.AlignmentFlag.AlignHCenter)
        self.table = QTableWidget(len(summaries) + 1, 6)
        self.table.setHorizontalHeaderLabels([tr("standings.hand"), tr("standings.result"), *names])
        self.table.verticalHeader().setVisible(False)
        for r, s in enumerate(summaries):
            ended = s.ended
            if ended is None:
                continue
            if ended.exhaustive:
                result = tr("end.exhaustive")
            else:
                who = "、".join(names[w] for w in ended.winners)
                first = s.wins[0] if s.wins else None
                if first is None or first.self_draw:
                    result = tr("standings.self_draw", who=who, tile=tile_name(first.tile) if first else "")
                else:
                    result = tr("standings.on_discard", who=who, tile=tile_name(first.tile),
                                discarder=names[first.discarder or 0])
            values = [f"{s.round_number}-{s.hand_number}", result, *(f"{d:+d}" for d in ended.deltas)]
            for c, text in enumerate(values):
                cell = QTableWidgetItem(text)
                cell.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.table.setItem(r, c, cell)
        last = len(summaries)
        for c, text in enumerate([tr("standings.total"), "", *(f"{t:+d}" for t in totals)]):
            cell = QTableWidgetItem(text)
            cell.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.table.setItem(last, c, cell)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table)
        self.close_button = QPushButton(tr("standings.close"))
        self.close_button.setObjectName("standingsCloseButton")
        self.close_button.clicked.connect(self.accept)
        layout.addWidget(self.close_button, alignment=Qt.AlignmentFlag.AlignRight)
        self.resize(900, 600)
