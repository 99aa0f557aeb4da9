"""The profile page: the profile view, switching and creating profiles, and the hand history
with replay, export and import."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QMargins, QSize, QStandardPaths, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui import fonts, message_box, theme
from gui.i18n import player_name, result_label, room_label, seat_label, tr
from gui.i18n.store import refusal_text
from gui.parts.plain_label import PlainLabel
from gui.profile.view import ProfileView
from gui.tiles.art import THEMES, TileArt, get_art
from storage.codes import RESULT_OTHER
from storage.saved_hands import ImportRefused
from storage.store import HistoryRow, ProfileStore

log = logging.getLogger(__name__)



def history_result(row: HistoryRow) -> str:
    """The result column: the player's own result, or who won when somebody else did."""
    if row.result == RESULT_OTHER and row.winners:
        return tr("result.other_won", who="、".join(seat_label(w) for w in row.winners))
    return result_label(row.result)


def documents_folder() -> str:
    """Where export and import start: the user's documents (a bare file name would start in
    the program's working folder, e.g. where the game was installed)."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return folder or str(Path.home())


class HistoryPanel(QWidget):
    """The history beside the profile: as wide as its five columns (agreement with 大师 the last)
    where the window has room, narrower in the smallest window (the table scrolls sideways)."""

    WIDTH, MIN_W = 390, 360

    def __init__(self) -> None:
        super().__init__()
        self.table: QTableWidget | None = None  # the history: the panel is as wide as its columns

    def sizeHint(self) -> QSize:
        return super().sizeHint().expandedTo(QSize(max(self.WIDTH, self._columns_width()), 0))

    def _columns_width(self) -> int:
        """The width that shows every column whole (QA: "Agree" cut, even at 1400 wide)."""
        table = self.table
        if table is None:
            return 0
        header = table.horizontalHeader()
        columns = sum(max(table.sizeHintForColumn(c), header.sectionSizeHint(c))
                      for c in range(table.columnCount()))
        layout = self.layout()
        inner = layout.contentsMargins() if layout is not None else QMargins()
        return (columns + 2 * table.frameWidth() + table.verticalScrollBar().sizeHint().width()
                + inner.left() + inner.right())

    def minimumSizeHint(self) -> QSize:
        return super().minimumSizeHint().expandedTo(QSize(self.MIN_W, 0))


class ProfilePage(QWidget):
    back_requested = Signal()
    replay_requested = Signal(int)  # a hand id in the history
    practice_requested = Signal()  # 练习: the worst moves of the history as puzzles
    profile_changed = Signal(str)  # the current profile's name

    def __init__(self, store: ProfileStore, art: TileArt | None = None) -> None:
        super().__init__()
        self.store = store
        self.view = ProfileView(art=art)
        panel = HistoryPanel()
        panel.setObjectName("historyPanel")
        panel.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        panel.setStyleSheet(theme.HISTORY_PANEL_STYLE)
        side = QVBoxLayout(panel)
        self.player_label = PlainLabel()
        self.player_label.setFont(fonts.ui_font(16))
        self.switcher = QComboBox()
        self.switcher.setFont(fonts.ui_font(15))
        self.switcher.activated.connect(self._switch)
        self.new_button = self._button(self._create)
        self.rename_button = self._button(self._rename)
        row = QHBoxLayout()
        row.addWidget(self.switcher, 1)
        row.addWidget(self.new_button)
        row.addWidget(self.rename_button)
        self.history_label = PlainLabel()
        self.history_label.setFont(fonts.ui_font(17))
        self.table = QTableWidget(0, 5)
        self.table.setFont(fonts.ui_font(14))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        # every column as wide as its words (a result is never cut: the table scrolls instead),
        # the last one takes what is left
        header = self.table.horizontalHeader()
        for column in range(self.table.columnCount()):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        # (not "stretch last section": that keeps the column at least as wide as it was made,
        # 100 px, wider than its words, and it pushed the table past its panel)
        header.setSectionResizeMode(self.table.columnCount() - 1, QHeaderView.ResizeMode.Stretch)
        self.table.cellDoubleClicked.connect(lambda _r, _c: self._replay())
        self.replay_button = self._button(self._replay)
        self.export_button = self._button(self._export)
        self.import_button = self._button(self._import)
        self.practice_button = self._button(self.practice_requested.emit)
        self.practice_button.setObjectName("practiceButton")
        self.back_button = self._button(self.back_requested.emit)
        actions = QHBoxLayout()
        for b in (self.replay_button, self.export_button, self.import_button):
            actions.addWidget(b)
        side.addWidget(self.player_label)
        side.addLayout(row)
        side.addSpacing(10)
        side.addWidget(self.history_label)
        side.addWidget(self.table, 1)
        panel.table = self.table
        self._panel = panel
        side.addLayout(actions)
        side.addWidget(self.practice_button)
        side.addWidget(self.back_button)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.view, 1)
        layout.addWidget(panel)
        self.rows: list[HistoryRow] = []
        self.retranslate()

    def _button(self, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton()
        button.setFont(fonts.ui_font(15))
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        button.clicked.connect(slot)
        return button

    def retranslate(self) -> None:
        self.player_label.setText(tr("profile_page.player"))
        self.new_button.setText(tr("profile_page.new"))
        self.rename_button.setText(tr("profile_page.rename"))
        self.history_label.setText(tr("profile_page.history"))
        self.table.setHorizontalHeaderLabels([tr("profile_page.date"), tr("profile_page.room"),
                                              tr("profile_page.result"), tr("profile_page.points"),
                                              tr("profile_page.agreement")])
        self._fit_columns()
        self.replay_button.setText(tr("profile_page.replay"))
        self.export_button.setText(tr("profile_page.export"))
        self.import_button.setText(tr("profile_page.import"))
        self.practice_button.setText(tr("practice.button"))
        self.practice_button.setToolTip(tr("practice.tip"))
        self.back_button.setText(tr("replay.back"))
        for index in range(self.switcher.count()):
            self.switcher.setItemText(index, player_name(self.switcher.itemData(index)))
        self.view.retranslate()

    def _follow_tile_theme(self) -> None:
        """The best hand in the tile theme the player chose: the window's settings say which
        (the theme may have changed since this page was made)."""
        theme = getattr(getattr(self.window(), "settings", None), "tile_theme", None)
        if isinstance(theme, str) and theme in THEMES and theme != self.view.art.theme_name:
            self.view.set_art(get_art(theme))

    def refresh(self) -> None:
        self._follow_tile_theme()
        current = self.store.current()
        self.switcher.clear()
        for profile in self.store.profiles():
            self.switcher.addItem(player_name(profile.name), profile.name)  # shown, and the key
        if current is None:
            return
        self.switcher.setCurrentIndex(self.switcher.findData(current.name))
        self.rows = self.store.history(current.name)
        self.table.setRowCount(len(self.rows))
        for r, row in enumerate(self.rows):
            agreement = "—" if row.agreement is None else f"{round(row.agreement * 100)}%"
            cells = [row.played_at.replace("T", " ")[5:16], room_label(row.room, short=True),
                     history_result(row), f"{row.delta:+d}", agreement]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c == 3:
                    item.setForeground(Qt.GlobalColor.green if row.delta > 0 else
                                       Qt.GlobalColor.red if row.delta < 0 else Qt.GlobalColor.white)
                self.table.setItem(r, c, item)
        self._fit_columns()
        self.view.set_profile(current, agreements=self.store.agreement_history(current.name))

    def _fit_columns(self) -> None:
        """The last column (stretched over what is left) never narrower than its words: in the
        smallest window the table scrolls sideways rather than cut it; the panel as wide as the
        columns are, where the window has room."""
        table, last = self.table, self.table.columnCount() - 1
        header = table.horizontalHeader()
        header.setMinimumSectionSize(max(table.sizeHintForColumn(last), header.sectionSizeHint(last)))
        self._panel.updateGeometry()

    def selected_hand(self) -> int | None:
        row = self.table.currentRow()
        return self.rows[row].id if 0 <= row < len(self.rows) else None

    # -- actions --------------------------------------------------------------------------------
    def _switch(self, index: int) -> None:
        name = self.switcher.itemData(index)
        current = self.store.current()
        if name and (current is None or name != current.name):
            self._try(lambda: self.store.select(name))
            self.refresh()
            self.profile_changed.emit(name)

    def _create(self) -> None:
        name, ok = QInputDialog.getText(self, tr("profile_page.new"), tr("profile_page.name_prompt"))
        if ok and name.strip() and self._try(lambda: self.store.create(name)):
            self._try(lambda: self.store.select(name.strip()))
            self.refresh()
            self.profile_changed.emit(name.strip())

    def _rename(self) -> None:
        current = self.store.current()
        if current is None:
            return
        name, ok = QInputDialog.getText(self, tr("profile_page.rename"), tr("profile_page.name_prompt"),
                                        text=current.name)
        if ok and name.strip() and self._try(lambda: self.store.rename(current.name, name)):
            self.refresh()
            self.profile_changed.emit(name.strip())

    def _replay(self) -> None:
        hand = self.selected_hand()
        if hand is not None:
            self.replay_requested.emit(hand)

    def _export(self) -> None:
        hand = self.selected_hand()
        if hand is None:
            return
        suggested = str(Path(documents_folder()) / f"hand-{hand}.json")
        path, _ = QFileDialog.getSaveFileName(self, tr("profile_page.export"), suggested, "JSON (*.json)")
        if path:
            self._try(lambda: self.store.export_hand(hand, path))

    def _import(self) -> None:
        current = self.store.current()
        if current is None:
            return
        path, _ = QFileDialog.getOpenFileName(self, tr("profile_page.import"), documents_folder(),
                                              "JSON (*.json)")
        if path and self._import_file(path, current.name):
            self.refresh()

    def _import_file(self, path: str, profile: str) -> bool:
        """Import one saved hand; any refusal is told in the player's language, never a crash."""
        try:
            self.store.import_hand(path, profile)
        except ImportRefused as refused:
            message = refusal_text(refused)
        except Exception as exc:  # the store or the history refused (or failed): words, not a crash
            log.exception("importing %s failed", path)
            message = tr("import.failed", name=Path(path).name, reason=str(exc) or type(exc).__name__)
        else:
            return True
        message_box.warn(self, tr("app.title"), message)
        return False

    def _try(self, action: Callable[[], object]) -> bool:
        """Run a store action; a refusal is told to the player in words, never a crash."""
        try:
            action()
        except (ValueError, OSError) as exc:
            message_box.warn(self, tr("app.title"), str(exc))
            return False
        return True
