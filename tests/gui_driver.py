"""Play the real window as a person does: mouse clicks on tiles and buttons, and keys."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from engine.game.actions import PASS, WIN, ActionKind
from gui.table.end_dialogs import EndOfHandDialog, StandingsDialog
from gui.table.widget import TableWidget


def click_tile(qtbot: QtBot, table: TableWidget, item: int) -> None:
    tile = table.scene.tiles[item]
    view = table.view
    point = view.mapFromScene(tile.scenePos())
    qtbot.mouseMove(view.viewport(), QPoint(point.x(), point.y()))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def act(qtbot: QtBot, table: TableWidget, turn: int) -> None:
    """Make the pending decision through the widgets: 胡 when offered, else discard a tile."""
    request = table.pending
    assert request is not None
    legal = request.legal
    if WIN in legal:
        qtbot.mouseClick(table.bar.win, Qt.MouseButton.LeftButton)
        return
    if not any(a.kind is ActionKind.DISCARD for a in legal):
        assert PASS in legal
        qtbot.mouseClick(table.bar.pass_, Qt.MouseButton.LeftButton)
        return
    if any(a.declare for a in legal):
        qtbot.mouseClick(table.bar.declare, Qt.MouseButton.LeftButton)
    items = table.clickable_items()
    assert items, "a discard decision must offer tiles to click"
    if turn % 2:
        click_tile(qtbot, table, items[-1])
    else:  # the keyboard path: ← selects, Enter discards
        qtbot.keyClick(table, Qt.Key.Key_Left)
        qtbot.keyClick(table, Qt.Key.Key_Return)


def pump_until(qtbot: QtBot, table: TableWidget, done: Callable[[], bool], timeout: float = 90.0,
               on_dialog: Callable[[QWidget], bool] | None = None) -> int:
    """Process events, answer decisions and dialogs, until `done()`; returns decisions made."""
    end = time.monotonic() + timeout
    turns = 0
    while not done():
        if time.monotonic() > end:
            raise TimeoutError("the table did not get there in time")
        QApplication.processEvents()
        if table.pending is not None:
            act(qtbot, table, turns)
            turns += 1
        dialog = table.end_dialog
        if dialog is not None and dialog.isVisible() and (on_dialog is None or on_dialog(dialog)):
            if isinstance(dialog, EndOfHandDialog):
                button = dialog.next_button
            else:
                assert isinstance(dialog, StandingsDialog), dialog
                button = dialog.close_button
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        time.sleep(0.001)
    return turns
