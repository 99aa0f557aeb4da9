"""Play the real window as a person does: mouse clicks on tiles and buttons, and keys."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from engine.game.actions import PASS, WIN, ActionKind
from gui.table.widget import TableWidget


def click_tile(qtbot: object, table: TableWidget, item: int) -> None:
    tile = table.scene.tiles[item]
    view = table.view
    point = view.mapFromScene(tile.scenePos())
    qtbot.mouseMove(view.viewport(), QPoint(point.x(), point.y()))  # type: ignore[attr-defined]
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)  # type: ignore[attr-defined]


def act(qtbot: object, table: TableWidget, turn: int) -> None:
    """Make the pending decision through the widgets: 胡 when offered, else discard a tile."""
    request = table.pending
    assert request is not None
    legal = request.legal
    if WIN in legal:
        qtbot.mouseClick(table.bar.win, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
        return
    if not any(a.kind is ActionKind.DISCARD for a in legal):
        assert PASS in legal
        qtbot.mouseClick(table.bar.pass_, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
        return
    if any(a.declare for a in legal):
        qtbot.mouseClick(table.bar.declare, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    items = table.clickable_items()
    assert items, "a discard decision must offer tiles to click"
    if turn % 2:
        click_tile(qtbot, table, items[-1])
    else:  # the keyboard path: ← selects, Enter discards
        qtbot.keyClick(table, Qt.Key.Key_Left)  # type: ignore[attr-defined]
        qtbot.keyClick(table, Qt.Key.Key_Return)  # type: ignore[attr-defined]


def pump_until(qtbot: object, table: TableWidget, done: Callable[[], bool], timeout: float = 90.0,
               on_dialog: Callable[[object], bool] | None = None) -> int:
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
            button = getattr(dialog, "next_button", None) or dialog.close_button  # type: ignore[attr-defined]
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
        time.sleep(0.001)
    return turns
