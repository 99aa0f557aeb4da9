"""The action log does not flicker (issue 23 §1: "the 荒庄 line appears, vanishes, returns").

A whole hand to 荒庄 in the real window at the default animation speed, the smallest window:
every state the log shows extends the one before it (a line once shown stays, until newer lines
push it off the top), what the panel shows is the newest lines of the log, and from the start of
the 海捞 to the result the log's corner of the window is drawn again only when a line comes in (no
blank frame, nothing passing over it). And a LAN table drawn again after a drop (the one path that
empties the log mid-hand: scene.reset, then the hand so far at once) draws no frame until the
log is whole again."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QRect, QRectF, QTimer
from PySide6.QtGui import QImage

from engine.game import events as ev
from engine.game.rules import Ruleset
from engine.net import messages as m
from engine.net.client import Disconnected
from gui.i18n import tr
from gui.lan.bridge import MessageBridge
from gui.table.end_dialogs import EndOfHandDialog
from gui.table.layout import LOG_RECT
from tests.gui.test_controls import _stop_quietly, _window
from tests.gui.test_remote_table import MY_SEAT, NAMES, FakeClient, _first_request_index, _recorded, _sit
from tests.gui.test_remote_table import _window as lan_window
from tests.gui.test_remote_table import warnings as warnings  # the main window's warnings, kept

EXHAUSTIVE_SEED = 5  # the match's first hand, played by 托管 at seat 0, ends in 荒庄 (no winner)


@pytest.mark.slow
def test_the_log_only_grows_through_a_hand_to_an_exhaustive_draw(qtbot, tmp_path: Path, monkeypatch) -> None:
    w = _window(qtbot, tmp_path, speed=1.0, ai_pause="off")
    w.resize(800, 560)
    table = w.table
    scene = table.scene
    panel = scene.log_panel
    states: list[tuple[int, list[str], list[str]]] = []  # the hand, the whole log, the lines shown
    show = panel.show

    def recording(lines: list[str]) -> None:
        show(lines)
        states.append((scene.model.hand_number, list(lines), [item.text() for item in panel.lines]))

    monkeypatch.setattr(panel, "show", recording)
    frames: list[tuple[QImage, tuple[str, ...]]] = []  # the log's corner as drawn, and its lines
    watching = [False]

    def grab() -> None:
        if watching[0]:
            corner = table.view.mapFromScene(QRectF(*LOG_RECT)).boundingRect()
            where = QRect(table.view.mapTo(w, corner.topLeft()), corner.size())
            frames.append((w.grab(where).toImage(), tuple(item.text() for item in panel.lines)))

    show_event = scene.show_event

    def watch_from_the_last_four(event: ev.Event) -> object:
        if isinstance(event, ev.LastFourStarted):
            watching[0] = True
        return show_event(event)

    monkeypatch.setattr(scene, "show_event", watch_from_the_last_four)
    timer = QTimer()
    timer.timeout.connect(grab)
    timer.start(60)
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=EXHAUSTIVE_SEED)
    table.bar.autoplay.setChecked(True)
    qtbot.waitUntil(lambda: isinstance(table.end_dialog, EndOfHandDialog), timeout=240_000)
    qtbot.wait(1000)  # the result is up: the log stays as it is behind it
    timer.stop()
    dialog = table.end_dialog
    assert isinstance(dialog, EndOfHandDialog) and dialog.summary.ended is not None
    assert dialog.summary.ended.exhaustive

    hand = [s for s in states if s[0] == 1]
    assert len(hand) > 50 and hand[-1][1][-1] == tr("log.exhaustive")
    for (_h, before, _s), (_h2, after, _s2) in pairwise(hand):
        assert after[:len(before)] == before, (before[-3:], after[-3:])  # nothing taken back
    for _h, lines, seen in hand:  # the panel shows the newest lines, each whole or cut with "…"
        newest = lines[-panel.capacity:]
        shown = [text for text in seen if text]
        assert len(shown) == len(newest)
        assert all(text == line or (text.endswith("…") and line.startswith(text[:-1]))
                   for text, line in zip(shown, newest, strict=True))
    assert frames and frames[-1][1][-1] == tr("log.exhaustive")
    redrawn_alone = [n for n, ((a, lines_a), (b, lines_b)) in enumerate(pairwise(frames))
                     if a != b and lines_a == lines_b]
    assert redrawn_alone == []
    _stop_quietly(w)


def test_a_lan_table_drawn_again_after_a_drop_never_shows_a_shorter_log(qtbot, store) -> None:
    """A LAN return draws the table again from the host's resync (scene.reset, then the hand so
    far at once): the log is emptied and filled again in one go, with no frame drawn between."""
    rules, stream, _answers = _recorded(seed=31)
    w = lan_window(qtbot, store, speed=1.0)
    table = w.table
    bridge = MessageBridge()
    client = FakeClient(bridge, stream)
    remote = _sit(w, client, bridge, rules)
    until = _first_request_index(stream)
    client.start(until=until + 1)
    qtbot.waitUntil(lambda: table.pending is not None, timeout=60_000)
    panel = table.scene.log_panel
    before = [item.text() for item in panel.lines]
    assert sum(1 for text in before if text) >= 3

    frames = [0]  # frames the table's view has drawn

    class Frames(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                frames[0] += 1
            return False

    counter = Frames()
    table.view.viewport().installEventFilter(counter)
    shown: list[tuple[int, int]] = []  # (frames drawn so far, lines shown) at each change of the log
    show = panel.show

    def recording(lines: list[str]) -> None:
        show(lines)
        shown.append((frames[0], min(len(lines), panel.capacity)))

    panel.show = recording  # type: ignore[method-assign]
    client.join()
    bridge.deliver(Disconnected("reset"))
    qtbot.waitUntil(lambda: client.reconnects >= 1, timeout=30_000)
    request = stream[until]
    events = [m.EventMessage(n, e) for n, e in enumerate(stream[:until], 1)]  # type: ignore[arg-type]
    states = tuple(m.SeatState(True, False) for _ in range(4))
    started = m.Started(MY_SEAT, NAMES, ("", "", "", ""), rules)
    bridge.deliver(m.Resync(started, tuple(events), m.RequestMessage(request, 9.0), states))  # type: ignore[arg-type]
    full = sum(1 for text in before if text)
    qtbot.waitUntil(lambda: any(lines < full for _f, lines in shown) and shown[-1][1] == full
                    and table.pending is not None, timeout=30_000)
    table.view.viewport().removeEventFilter(counter)
    assert [item.text() for item in panel.lines] == before  # the same lines, back
    emptied = [n for n, (_f, lines) in enumerate(shown) if lines < full]
    assert emptied  # the table was drawn again from its start …
    drawn_while_short = {shown[n][0] for n in emptied} | {shown[emptied[-1] + 1][0]}
    assert len(drawn_while_short) == 1  # … with no frame drawn before the log was whole again
    assert remote.running
