"""A whole LAN match as it is played: two people at two real windows (one hosts, the other
joins by typing the address) and two bot clients, over loopback, at the normal animation speed.
The match runs its 圈 to the standings; the scores are zero-sum and the same everywhere; every
client saved each hand as the host played it (the windows in their profiles, the bots from the
hands' ends)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gui.table.end_dialogs import EndOfHandDialog
from tests.gui.test_lan_play import _window, host_here_join_there
from tests.gui.test_lan_play import warnings as warnings  # a fixture this test uses
from tests.gui_driver import act
from tests.net.lan_helpers import BotThread
from tests.profile_helpers import new_store

MATCH_SECONDS = 900.0  # a bound: a 1-圈 match at speed 1.0 takes a few minutes


def _same_hand(document: dict[str, Any]) -> dict[str, Any]:
    """A saved hand without what differs by who saved it (when, and from which seat)."""
    return {k: v for k, v in document.items() if k not in ("played_at", "human_seat")}


@pytest.mark.slow
def test_two_people_and_two_bots_play_a_whole_match(qtbot: QtBot, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    warnings: list[str]) -> None:
    port = host_here_join_there(qtbot, monkeypatch)
    stores = new_store(tmp_path / "host"), new_store(tmp_path / "guest")
    host, guest = _window(qtbot, stores[0], "房主"), _window(qtbot, stores[1], "客人")
    bots: list[BotThread] = []
    try:
        host.lan.host_table()
        qtbot.waitUntil(lambda: host.lan.lobby.lobby is not None, timeout=30_000)
        qtbot.mouseClick(guest.start_screen.lan_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: guest.lan.lobby.lobby is not None, timeout=30_000)
        bots = [BotThread(port, f"机器人{i}", seed=i, return_for=0, run_for=MATCH_SECONDS) for i in (1, 2)]
        lobby = host.lan.lobby
        qtbot.waitUntil(lambda: lobby.lobby is not None
                        and all(s.kind == "person" for s in lobby.lobby.seats), timeout=30_000)
        qtbot.mouseClick(guest.lan.lobby.ready_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: lobby.lobby is not None and sum(s.ready for s in lobby.lobby.seats) == 3,
                        timeout=30_000)
        qtbot.mouseClick(lobby.start_button, Qt.MouseButton.LeftButton)
        tables = host.table, guest.table
        qtbot.waitUntil(lambda: host.stack.currentWidget() is tables[0]
                        and guest.stack.currentWidget() is tables[1], timeout=30_000)
        assert all(t.scene.speed == 1.0 for t in tables)  # the game people get

        standings: list[bool] = [False, False]
        end = time.monotonic() + MATCH_SECONDS
        turns = 0
        while not all(standings):
            assert time.monotonic() < end, "the match did not end in time"
            qtbot.wait(5)
            for index, table in enumerate(tables):
                if table.pending is not None:
                    act(qtbot, table, turns)
                    turns += 1
                dialog = table.end_dialog
                if dialog is None or not dialog.isVisible():
                    continue
                if isinstance(dialog, EndOfHandDialog):
                    qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)
                else:  # the standings: the match is over for this window
                    standings[index] = True
        results = [b.join() for b in bots]
        hosted = host.lan.host
        assert hosted is not None and hosted.wait(10)
        truth = [_same_hand(d) for d in hosted.replays]
        assert warnings == []
    finally:
        for window in (guest, host):
            window.leave_table()
        for b in bots:
            b.thread.join(30)
    assert len(truth) >= 4 and turns > 0
    # the bots: the whole match, zero-sum, and their replays are the host's hands
    scores = results[0].scores
    assert all(r.finished for r in results) and sum(scores) == 0
    assert all(r.scores == scores for r in results)
    for result in results:
        assert [_same_hand(d) for d in result.replays] == truth
    # the people: each profile saved every hand of the match, exactly as the host played it
    for store, name in zip(stores, ("房主", "客人"), strict=True):
        rows = store.history(name)
        saved = [_same_hand(store.hand_record(row.id)) for row in reversed(rows)]
        assert saved == truth
        assert hosted.match is not None
        assert sum(row.delta for row in rows) == scores[hosted.match.names.index(name)]
