"""The table's sounds through the real window: each effect when its tile lands, at the
default animation speed and at instant speed, the deal heard once at instant speed, the player's
turn and the last seconds of a time limit, a level change, the M key, silence in the background,
and the sound settings in their dialog and file.

No test opens an audio device: tests/conftest.py sets ``HEFEI_MAHJONG_SOUND=record``, so the
window's sound records what it plays (gui.sound.backends.RecordingBackend).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from engine.game import events as ev
from engine.game.actions import Action
from engine.game.ranks import RANKS
from engine.game.rules import Ruleset
from engine.table.decision import DecisionRequest
from engine.table.seat import HandRunner
from engine.table.waiting_seat import WaitingSeat
from gui import settings as settings_store
from gui import theme
from gui.main_window import MainWindow
from gui.screens.settings_dialog import SettingsDialog
from gui.settings import Settings
from gui.sound import player
from gui.sound.backends import RecordingBackend
from gui.sound.cues import TICK_FROM, cue_of
from gui.sound.effects import effect_of
from gui.table.scene import DEAL_MS, MOVE_MS, REPLACEMENT_MS
from gui.table.widget import TableWidget
from tests.gui.test_connection import RecordedTable
from tests.table_states import DEALS, Deal

KONGS_AND_SELF_DRAW = next(d for d in DEALS if d.name == "kongs-3-win")  # seat 0 deals, lays 3 kongs, 自摸
DECLARED_DISCARD_WIN = next(d for d in DEALS if d.name == "baoting-1")  # two seats 报听, a win on a discard


def _recorded_hand(deal: Deal) -> tuple[Ruleset, list[object], list[Action]]:
    """One hand's messages to seat 0 (its events and decision requests) and seat 0's answers."""
    messages: list[object] = []
    answers: list[Action] = []
    seats = deal.seats()
    ai = seats[0]

    class Recorder(WaitingSeat):
        def decide(self, view: Any, legal: Any) -> Action:
            self._next_id += 1
            messages.append(DecisionRequest(self._next_id, view, tuple(legal), None))
            answers.append(ai.decide(view, legal))
            return answers[-1]

    hand = deal.hand()
    runner = HandRunner(hand, [Recorder("me", messages.append, ai, acknowledged=False), *seats[1:]])
    while True:
        runner.flush_events()
        if hand.ended:
            return deal.rules, messages, answers
        runner.step()


@dataclass
class Heard:
    """A sound, and the table at that moment. When it came is told by what the table was doing,
    not by a clock: a busy machine delays Qt's timers, never this order."""

    effect: str
    event: ev.Event  # the event the table was showing
    at_once: bool  # played while the table took the event in (not by a timer or an animation)
    landing_ms: int  # when its tiles were to land
    landed: bool  # every tile it moved was at its place
    deciding: bool  # the player had a decision to make


class Listener:
    """Spies on the table: each event shown, each sound (and what the table looked like at
    that moment)."""

    def __init__(self, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
        self.heard: list[Heard] = []
        self.shown: list[ev.Event] = []
        self.taking_in = False  # inside the table's _on_event
        table = window.table
        original = TableWidget._on_event
        spy = self

        def on_event(widget: TableWidget, event: ev.Event) -> None:
            spy.shown.append(event)
            spy.taking_in = True
            try:
                original(widget, event)
            finally:
                spy.taking_in = False

        monkeypatch.setattr(TableWidget, "_on_event", on_event)
        backend = window.sounds.backend
        assert isinstance(backend, RecordingBackend)

        def probe(clip: str) -> None:
            event = spy.shown[-1] if spy.shown else ev.Event()
            scene = table.scene
            landed = all(scene.tiles[m.item].pos() == QPointF(*m.end) for m in scene.last_moves)
            spy.heard.append(Heard(effect_of(clip), event, spy.taking_in, scene.landing_ms, landed,
                                   table.pending is not None))

        backend.probe = probe

    @property
    def effects(self) -> list[str]:
        return [h.effect for h in self.heard]


def _window(qtbot: QtBot, speed: float, **settings: Any) -> MainWindow:
    settings.setdefault("mute_unfocused", False)  # whether an offscreen window is active varies
    w = MainWindow(Settings(animation_speed=speed, ai_pause="off", **settings), confirm_quit=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    return w


def _play(qtbot: QtBot, window: MainWindow, deal: Deal, until: Any = None) -> RecordedTable:
    """Seat the window's table at the recorded hand of `deal`; the player's choices are the
    recorded ones, made once the table is still. Returns when the hand is over (or `until()`)."""
    rules, messages, answers = _recorded_hand(deal)
    table = window.table
    table.results.show_dialogs = False
    window.stack.setCurrentWidget(table)
    recorded = RecordedTable(messages, answers)
    table.sit_at(recorded, rules, ["me", "a", "b", "c"], ["", "", "", ""])
    _drive(qtbot, table, recorded, until)
    return recorded


def _drive(qtbot: QtBot, table: TableWidget, recorded: RecordedTable, until: Any = None) -> None:
    def step() -> bool:
        if table.pending is not None and not table.scene.animator.busy:
            assert table.choose(recorded.answers[0])
        return not recorded.running or (until is not None and until())

    qtbot.waitUntil(step, timeout=60_000)
    assert recorded.wrong == []


def _expected(events: list[object], instant: bool) -> list[str]:
    """The sounds a hand's events make (and the player's turns), in order."""
    out: list[str] = []
    for event in events:
        if isinstance(event, DecisionRequest):
            out.append("turn")
            continue
        assert isinstance(event, ev.Event), event
        effect, _ = cue_of(event)
        if effect == "deal" and instant and "deal" in out:
            continue  # the deal at once: heard once
        if effect is not None:
            out.append(effect)
    return out


def _check_landings(heard: list[Heard]) -> None:
    """A tile's sound starts as its tiles land: not before (they are in place), not after its
    event (the table still shows it); the others (and one whose event moves no tile) at once,
    as the table takes the event in; the player's turn as the decision comes."""
    for h in heard:
        effect, at_landing = cue_of(h.event)
        if h.effect == "turn":
            assert h.deciding, h
            continue
        assert not h.deciding and h.effect == effect, h  # its own event's sound, while it is shown
        if not at_landing or h.landing_ms == 0:  # (a 自摸 moves no tile)
            assert h.at_once, h
            continue
        assert h.landed and not h.at_once, h  # played by the landing, not with the event


@pytest.mark.slow
def test_kongs_and_a_self_draw_at_the_default_speed_sound_as_the_tiles_land(qtbot: QtBot, monkeypatch):
    w = _window(qtbot, speed=1.0)
    assert Settings().animation_speed == 1.0  # the default speed
    listener = Listener(w, monkeypatch)
    recorded = _play(qtbot, w, KONGS_AND_SELF_DRAW)
    assert listener.effects == _expected(recorded.messages, instant=False)
    assert listener.effects[:2] == ["dice", "deal"]
    assert listener.effects.count("kong") == listener.effects.count("draw_back") == 3
    assert listener.effects[-1] == "win_self_draw"
    _check_landings(listener.heard)
    deals = [h for h in listener.heard if h.effect == "deal"]
    assert deals and all(h.landing_ms == DEAL_MS for h in deals)
    assert all(h.landing_ms == MOVE_MS for h in listener.heard if h.effect == "kong")
    # the replacement flies slowly from the back of the wall: a moment (issue on the table's moments)
    assert all(h.landing_ms == REPLACEMENT_MS for h in listener.heard if h.effect == "draw_back")


@pytest.mark.slow
def test_discards_at_the_default_speed_sound_after_their_animation(qtbot: QtBot, monkeypatch):
    """The first turns of a hand of discards, at the default speed (then the table is left)."""
    w = _window(qtbot, speed=1.0)
    listener = Listener(w, monkeypatch)
    _play(qtbot, w, DECLARED_DISCARD_WIN, until=lambda: listener.effects.count("discard") >= 5)
    w.table.stop_match()
    discards = [h for h in listener.heard if h.effect == "discard"]
    assert len(discards) >= 5
    assert all(h.landing_ms == MOVE_MS and h.landed and not h.at_once for h in discards)
    assert "turn" in listener.effects and "draw" in listener.effects
    _check_landings(listener.heard)


def test_a_declared_hand_won_on_a_discard_at_instant_speed(qtbot: QtBot, monkeypatch):
    """At instant speed each event sounds at once, the deal once; 报听 and the win on a discard
    have their own sounds. (The same effect twice within MIN_GAP_S is heard once: off here, to
    compare the whole sequence.)"""
    monkeypatch.setattr(player, "MIN_GAP_S", 0.0)
    w = _window(qtbot, speed=0.0)
    listener = Listener(w, monkeypatch)
    recorded = _play(qtbot, w, DECLARED_DISCARD_WIN)
    effects = listener.effects
    assert effects == _expected(recorded.messages, instant=True)
    assert effects[:3] == ["dice", "deal", "turn"] or effects[:2] == ["dice", "deal"]
    assert effects.count("deal") == 1 and effects.count("dice") == 1
    assert effects.count("ready") == 2 and effects[-1] == "win_discard"
    assert "win_self_draw" not in effects
    _check_landings(listener.heard)  # at instant speed every tile lands at once
    assert all(h.at_once for h in listener.heard if h.effect != "turn")


def test_an_instant_deal_is_one_rattle_and_one_deal_even_with_the_gap_on(qtbot: QtBot, monkeypatch):
    w = _window(qtbot, speed=0.0)
    listener = Listener(w, monkeypatch)
    recorded = _play(qtbot, w, KONGS_AND_SELF_DRAW)
    assert listener.effects[:2] == ["dice", "deal"]
    assert listener.effects.count("deal") == 1
    # a hand at once is not a hail of clicks: a sound an event at most (the gap may take more off,
    # as many as came within it: that depends on the machine's speed)
    assert len(listener.effects) <= len(_expected(recorded.messages, instant=True)) == 13


@pytest.mark.slow
def test_a_cancelled_animation_makes_no_sound_and_one_finished_at_once_does(qtbot: QtBot, monkeypatch):
    """Leaving the table in the middle of a discard: no click after. The speed turned instant in
    the middle of one: its click at once."""
    w = _window(qtbot, speed=1.0)
    listener = Listener(w, monkeypatch)
    table = w.table

    def discard_moving() -> bool:
        return bool(listener.shown) and isinstance(listener.shown[-1], ev.TileDiscarded) \
            and table.scene.animator.busy

    recorded = _play(qtbot, w, DECLARED_DISCARD_WIN, until=discard_moving)
    heard = len(listener.heard)
    discard = listener.shown[-1]
    table.set_speed(0.0)  # finishes the running animation: the tile lands now (the table goes on)
    assert listener.effects[heard] == "discard"
    assert listener.heard[heard].event is discard and listener.heard[heard].landed
    table.set_speed(1.0)
    _drive(qtbot, table, recorded, until=discard_moving)
    heard = len(listener.heard)
    table.stop_match()
    qtbot.wait(MOVE_MS * 2 + 100)
    assert len(listener.heard) == heard


def test_the_last_seconds_of_a_time_limit_tick(qtbot: QtBot, monkeypatch):
    monkeypatch.setattr(player, "MIN_GAP_S", 0.0)  # the seconds come at once here, not 1 s apart
    w = _window(qtbot, speed=0.0, time_limit=10)
    w.start_match(Ruleset(rounds=1, time_limit=10), ["normal"] * 3, seed=4)
    table = w.table
    qtbot.waitUntil(lambda: table.pending is not None, timeout=20_000)
    backend = w.sounds.backend
    assert isinstance(backend, RecordingBackend)
    assert effect_of(backend.played[-1][0]) == "turn"
    before = len(backend.played)
    for _ in range(9):  # the countdown's seconds, as its timer shows them
        table.clock.timer.timeout.emit()
    ticks = [effect_of(c) for c, _, _ in backend.played[before:]]
    assert ticks == ["tick"] * TICK_FROM  # 5, 4, 3, 2, 1 s left
    w.close()


def test_a_level_change_sounds_up_or_down(qtbot: QtBot):
    w = _window(qtbot, speed=0.0)
    w.table  # noqa: B018 - the banner covers the table
    backend = w.sounds.backend
    assert isinstance(backend, RecordingBackend)
    w.session.level_changed.emit(RANKS[2], RANKS[3])
    w.session.level_changed.emit(RANKS[3], RANKS[2])
    assert [effect_of(c) for c, _, _ in backend.played] == ["level_up", "level_down"]


def test_the_m_key_switches_sound_and_the_setting_is_saved(qtbot: QtBot, tmp_path):
    path = tmp_path / "settings.json"
    w = MainWindow(Settings(animation_speed=0.0, mute_unfocused=False), settings_path=str(path),
                   confirm_quit=False)
    qtbot.addWidget(w)
    w.show()
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=4)
    table = w.table
    qtbot.waitUntil(lambda: table.pending is not None, timeout=20_000)
    backend = w.sounds.backend
    assert isinstance(backend, RecordingBackend) and w.sounds.play("tick")
    qtbot.keyClick(table, Qt.Key.Key_M)
    assert not w.settings.sound_on and "M" in table.bar.status.text()
    assert settings_store.load(path).settings.sound_on is False
    assert w.sounds.backend is None and backend.closed  # the device closes with sound off
    assert not w.sounds.play("discard")
    table.status_line.show()  # the table's next event: the note stays (it was wiped at once)
    assert "M" in table.bar.status.text()
    table.status_line.note_timer.stop()
    table.status_line.note_timer.timeout.emit()  # the note goes, the prompt comes back
    assert "M" not in table.bar.status.text() and table.bar.status.text()
    qtbot.keyClick(table, Qt.Key.Key_M)
    assert w.settings.sound_on and settings_store.load(path).settings.sound_on is True
    assert w.sounds.play("level_up")
    w.close()


def test_silent_while_another_application_has_the_focus(qtbot: QtBot):
    w = _window(qtbot, speed=0.0, mute_unfocused=True)
    assert w.sounds is not None  # made once the window is on screen (here now): it follows the focus
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.applicationStateChanged.emit(Qt.ApplicationState.ApplicationInactive)
    assert not w.sounds.play("discard")
    app.applicationStateChanged.emit(Qt.ApplicationState.ApplicationActive)
    assert w.sounds.play("discard")
    w.settings.mute_unfocused = False
    app.applicationStateChanged.emit(Qt.ApplicationState.ApplicationInactive)
    assert w.sounds.play("kong")
    app.applicationStateChanged.emit(Qt.ApplicationState.ApplicationActive)


def test_the_settings_dialog_edits_the_sound_settings(qtbot: QtBot):
    dialog = SettingsDialog(Settings(sound_on=True, volume=70, mute_unfocused=True))
    qtbot.addWidget(dialog)
    assert dialog.sound_box.isChecked() and dialog.volume_slider.value() == 70
    assert dialog.volume_value.text() == "70%"
    dialog.volume_slider.setValue(35)
    dialog.unfocused_box.setChecked(False)
    dialog.sound_box.setChecked(False)
    assert not dialog.volume_slider.isEnabled()  # no volume to set with sound off
    result = dialog.result_settings()
    assert (result.sound_on, result.volume, result.mute_unfocused) == (False, 35, False)
    dialog.defaults_button.click()
    result = dialog.result_settings()
    assert (result.sound_on, result.volume, result.mute_unfocused) == (True, 70, True)


def test_the_sound_cards_rows_line_up_with_the_display_cards_and_the_slider_is_the_felts(qtbot: QtBot):
    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)

    def middle(widget) -> int:
        return widget.mapTo(dialog, widget.rect().center()).y()

    rows = ((dialog.sound_label, dialog.speed_label), (dialog.volume_label, dialog.theme_label),
            (dialog.unfocused_label, dialog.size_label))
    for sound, display in rows:
        assert abs(middle(sound) - middle(display)) <= 2, (sound.text(), display.text())
    shot = dialog.volume_slider.grab().toImage()
    filled = shot.pixelColor(4, shot.height() // 2)  # the groove's part up to the handle (70%)
    assert filled.name() == theme.FELT  # (not the platform's blue)


def _darkest_ink(label) -> str:
    """The darkest pixel of a label's text: its colour where a stroke covers a whole pixel."""
    shot = label.grab().toImage()
    pixels = (shot.pixelColor(x, y) for x in range(shot.width()) for y in range(shot.height()))
    return min(pixels, key=lambda c: c.lightness()).name()


def test_with_the_sound_off_the_volume_figure_greys_out_with_its_slider(qtbot: QtBot):
    dialog = SettingsDialog(Settings(sound_on=True, volume=70))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.volume_value.isEnabled() and _darkest_ink(dialog.volume_value) == theme.INK
    dialog.sound_box.click()
    assert not dialog.volume_slider.isEnabled() and not dialog.volume_value.isEnabled()
    assert _darkest_ink(dialog.volume_value) == theme.MUTED  # as grey as the slider, no longer ink
    dialog.sound_box.click()
    assert dialog.volume_value.isEnabled() and _darkest_ink(dialog.volume_value) == theme.INK
    off = SettingsDialog(Settings(sound_on=False, volume=70))  # a dialog opened with the sound off
    qtbot.addWidget(off)
    off.show()
    qtbot.waitExposed(off)
    assert not off.volume_value.isEnabled() and _darkest_ink(off.volume_value) == theme.MUTED


def test_the_window_follows_new_sound_settings(qtbot: QtBot):
    w = _window(qtbot, speed=0.0, volume=100)
    backend = w.sounds.backend
    assert isinstance(backend, RecordingBackend)
    w.sounds.play("kong")
    w.sounds.apply(Settings(volume=50, mute_unfocused=False))
    w.sounds.play("dice")
    assert [round(g, 3) for _, g, _ in backend.played] == [1.0, 0.25]  # a squared volume curve
    w.sounds.apply(Settings(volume=0, mute_unfocused=False))
    assert not w.sounds.play("dice")


@pytest.mark.parametrize(("value", "kept"), [
    ({"sound_on": False, "volume": 35, "mute_unfocused": False}, True),
    ({"volume": 101}, False), ({"volume": -1}, False), ({"volume": True}, False), ({"volume": 7.5}, False),
    ({"sound_on": "yes"}, False), ({"mute_unfocused": 1}, False),
])
def test_sound_settings_are_saved_and_checked_on_load(tmp_path, value, kept):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": settings_store.SCHEMA_VERSION, **value}))
    loaded = settings_store.load(path).settings
    expected = Settings(**value) if kept else Settings()
    assert (loaded.sound_on, loaded.volume, loaded.mute_unfocused) == (
        expected.sound_on, expected.volume, expected.mute_unfocused)
    settings_store.save(loaded, path)
    assert settings_store.load(path).settings == loaded


def test_a_lan_table_drawn_again_at_once_is_silent(qtbot: QtBot, monkeypatch):
    """A player back at a LAN table sees its hand drawn again at once: no burst of old clicks."""

    class Resyncing(RecordedTable):
        def start(self) -> None:  # a LAN table that is catching up from the start of the hand
            self._running = True
            self.resyncing.emit(True)
            self._next()

    w = _window(qtbot, speed=1.0)
    listener = Listener(w, monkeypatch)
    table = w.table
    rules, messages, answers = _recorded_hand(DECLARED_DISCARD_WIN)
    table.results.show_dialogs = False
    w.stack.setCurrentWidget(table)
    recorded = Resyncing(messages, answers)
    table.sit_at(recorded, rules, ["me", "a", "b", "c"], ["", "", "", ""])
    _drive(qtbot, table, recorded, until=lambda: len(listener.shown) >= 40)
    assert [h for h in listener.heard if h.effect != "turn"] == []  # the player's turns still say so
    recorded.resyncing.emit(False)
    shown = len(listener.shown)
    _drive(qtbot, table, recorded, until=lambda: len(listener.shown) >= shown + 4)
    assert any(h.effect in ("draw", "discard") and h.landed for h in listener.heard)
    table.stop_match()
