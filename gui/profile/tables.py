"""The profile page's table cards: the record (the statistics overall and per room) and the
recent matches."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtWidgets import QWidget

from engine.game.ranks import RANKS
from gui.i18n import TextKey, room_label, tr
from gui.i18n.titles import level_words
from gui.profile.charts import format_number
from gui.profile.data_table import DataTable
from gui.profile.style import ProfileCard
from gui.theme import LOSS_RED, WIN_GREEN
from storage.model import ROOMS, Profile, RoomStats


def win_rate(stats: RoomStats) -> str:
    """"38.5%" (or "—" before the first hand)."""
    return f"{100 * stats.wins / stats.hands:.1f}%" if stats.hands else "—"


# the record's rows of counts: the field of RoomStats → its label
STAT_ROWS: dict[str, TextKey] = {
    "matches": "profile.matches", "hands": "profile.hands", "wins": "profile.wins",
    "self_draws": "profile.self_draws", "discard_wins": "profile.discard_wins",
    "deal_ins": "profile.deal_ins",
    "exhaustive": "profile.exhaustive",
}

class RecordCard(ProfileCard):
    """The record: matches, hands, wins, … and the net score, in total and per room."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = DataTable(self)
        self.body.addWidget(self.table)
        self.body.addStretch(1)

    def fill(self, profile: Profile) -> None:
        self.title.setText(tr("profile.record"))
        columns = [profile.totals()] + [profile.rooms.get(room, RoomStats()) for room in ROOMS]
        self.note.setText("")
        rows: list[list[str]] = []
        colours: dict[tuple[int, int], str] = {}
        for name in STAT_ROWS:
            rows.append([tr(STAT_ROWS[name])] + [format_number(getattr(s, name)) for s in columns])
        rows.append([tr("profile.win_rate")] + [win_rate(s) for s in columns])
        net_row = [tr("profile.net")]
        for column, stats in enumerate(columns, start=1):
            net_row.append(f"{stats.net:+,}" if stats.net else "0")
            if stats.net:
                colours[(len(rows), column)] = WIN_GREEN if stats.net > 0 else LOSS_RED
        rows.append(net_row)
        header = ["", tr("profile.total"), *(room_label(room, short=True) for room in ROOMS)]
        self.table.set_table(header, rows, weights=[1.5, 1, 1, 1], accent_column=1, colours=colours)


class RecentCard(ProfileCard):
    """The recent matches (hidden while there are none); see :class:`gui.profile.view.ProfileView`
    for the rows it takes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = DataTable(self)
        self.body.addWidget(self.table)

    def fill(self, history_rows: Sequence[Any]) -> None:
        self.title.setText(tr("profile.recent"))
        rows_in = [row for row in history_rows if isinstance(row, Mapping | Sequence)]
        self.setVisible(bool(rows_in))
        if not rows_in:
            self.table.set_table([], [])
            return
        mappings = [row for row in rows_in if isinstance(row, Mapping)]
        if len(mappings) == len(rows_in):
            header, rows, colours = self._from_mappings(mappings)
        else:
            rows = [[str(x) for x in (row if not isinstance(row, str) else [row])] for row in rows_in]
            header = [""] * max(len(r) for r in rows)
            colours = {}
        weights = [1.6] + [1.0] * (len(header) - 1)
        self.table.set_table(header, rows, weights=weights, colours=colours,
                             left_columns=(0, 1) if len(header) > 2 else (0,))


    @staticmethod
    def _from_mappings(rows_in: Sequence[Mapping[str, Any]]
                       ) -> tuple[list[str], list[list[str]], dict[tuple[int, int], str]]:
        columns: list[tuple[TextKey, tuple[str, ...]]] = [
            ("profile.col_date", ("played_at", "date", "time")),
            ("profile.col_room", ("room",)),
            ("profile.hands", ("hands",)),
            ("profile.col_result", ("net", "delta", "result")),
            ("profile.col_after", ("points",)),
            ("profile.col_level", ("level",)),
        ]
        present = [(key, names) for key, names in columns if any(n in row for row in rows_in for n in names)]
        header = [tr(key) for key, _ in present]
        rows: list[list[str]] = []
        colours: dict[tuple[int, int], str] = {}
        for r, row in enumerate(rows_in):
            cells: list[str] = []
            for c, (key, names) in enumerate(present):
                value = next((row[n] for n in names if n in row), "")
                if key == "profile.col_room" and value in ROOMS:
                    text = room_label(value, short=True)
                elif key == "profile.col_result" and isinstance(value, int | float):
                    text = f"{int(value):+,}" if value else "0"
                    if value:
                        colours[(r, c)] = WIN_GREEN if value > 0 else LOSS_RED
                elif key == "profile.col_date":
                    text = str(value)[:16].replace("T", " ")
                elif key == "profile.col_level" and isinstance(value, int) and 1 <= value <= len(RANKS):
                    level = RANKS[value - 1]
                    text = level_words(level)
                elif isinstance(value, int):
                    text = format_number(value)
                else:
                    text = str(value)
                cells.append(text)
            rows.append(cells)
        return header, rows, colours


__all__ = ["RecentCard", "RecordCard", "win_rate"]
