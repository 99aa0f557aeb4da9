"""The action log does not flicker (issue 23 §1: "the 荒庄 line appears, vanishes, returns").

A whole hand to 荒庄 in the real window at the default animation speed, the smallest window:
every state the log shows extends the one before it (a line once shown stays, until newer lines
push it off the top), what the panel shows is the newest lines of the log, and from the start of
the 海捞 to the result the log's corner of the window is drawn again only when a line comes in (no
blank frame, nothing passing over it)."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QRectF, QTimer
from PySide6.QtGui import QImage

from engine.game import events as ev
from engine.game.rules import Ruleset
from gui.i18n import tr
from gui.table.end_dialogs import EndOfHandDialog
from gui.table.layout import LOG_RECT
from tests.gui.test_controls import _never_left_asking, _stop_quietly, _window  # noqa: F401 (its windows closed)

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
