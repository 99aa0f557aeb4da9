"""The parts of the game's window a GUI test reaches: the window and the table hold them as
optional (made when first shown, gone when closed), so each is asserted there, and of its kind;
likewise a table's cells and headings, which Qt gives as optional."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

from gui.lan.joining import Joined
from gui.main_window import MainWindow
from gui.profile.page import ProfilePage
from gui.table.end_dialogs import EndOfHandDialog, StandingsDialog
from gui.table.local_table import LocalTable
from gui.table.replay import ReplayWidget
from gui.table.widget import TableWidget
from storage.model import Profile


def profile_of(window: MainWindow) -> Profile:
    """The player's current profile."""
    profile = window.session.profile
    assert profile is not None, "no current profile"
    return profile


def saved_match(window: MainWindow) -> dict[str, Any]:
    """The match kept for the player to continue."""
    saved = window.session.saved_match()
    assert saved is not None, "no match is kept"
    return saved


def profile_page(window: MainWindow) -> ProfilePage:
    """The profile page, once shown (``show_profile``)."""
    page = window.pages.profile_page
    assert page is not None, "the profile page was never shown"
    return page


def replay_of(window: MainWindow) -> ReplayWidget:
    """The replay, once a saved hand was opened (``show_replay``)."""
    replay = window.pages.replay
    assert replay is not None, "no replay was opened"
    return replay


def joined(window: MainWindow) -> Joined:
    """The LAN table this window has joined."""
    table = window.lan.joined
    assert table is not None, "the window joined no table"
    return table


def local_table(table: TableWidget) -> LocalTable:
    """The table's connection: a match played on this computer."""
    connection = table.connection
    assert isinstance(connection, LocalTable), connection
    return connection


def hand_result(table: TableWidget) -> EndOfHandDialog:
    """The open result of a hand."""
    dialog = table.end_dialog
    assert isinstance(dialog, EndOfHandDialog), dialog
    return dialog


def standings(table: TableWidget) -> StandingsDialog:
    """The open standings at the end of a match."""
    dialog = table.end_dialog
    assert isinstance(dialog, StandingsDialog), dialog
    return dialog


def cell(table: QTableWidget, row: int, column: int) -> QTableWidgetItem:
    """A filled cell of a table (Qt gives None for an empty one)."""
    item = table.item(row, column)
    assert item is not None, (row, column)
    return item


def heading(table: QTableWidget, column: int) -> QTableWidgetItem:
    """A column's heading."""
    item = table.horizontalHeaderItem(column)
    assert item is not None, column
    return item
