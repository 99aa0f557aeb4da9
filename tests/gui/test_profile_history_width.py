"""The hand history beside the profile shows every column whole where the window has room
(QA: its last column, agreement with 大师, was cut behind a sideways scroll bar at 1400 wide)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.test_review import _hand, saved_hand
from tests.gui.test_tutorial import _window
from tests.gui.window_parts import profile_of, profile_page
from tests.profile_helpers import outcome_for


@pytest.mark.parametrize("size", [(800, 560), (1280, 800), (1400, 1000), (1920, 1200)])
def test_every_history_column_shows_whole(qtbot: QtBot, tmp_path: Path, language: str,
                                          size: tuple[int, int]) -> None:
    w = _window(qtbot, tmp_path, language, size)
    name = profile_of(w).name
    hand = _hand()
    for seat in range(4):  # a result of each kind the seats had
        w.store.record_hand(name, outcome_for(hand, seat), saved_hand(), f"m{seat}", [name, "", "", ""], 0)
    w.show_profile()
    table = profile_page(w).table
    qtbot.waitUntil(lambda: table.rowCount() == 4 and table.isVisible())
    header = table.horizontalHeader()
    last = table.columnCount() - 1
    words = max(table.sizeHintForColumn(last), header.sectionSizeHint(last))
    qtbot.waitUntil(lambda: header.sectionSize(last) >= words)  # never cut: the table scrolls
    if size != (800, 560):  # room for the panel to be as wide as its columns
        qtbot.waitUntil(lambda: header.length() <= table.viewport().width())
        assert not table.horizontalScrollBar().isVisible()
    w.close()
