"""快捷语 and 观战 in the window: a phrase said at the LAN table shows as a bubble by the speaker's
plate, in this player's language, clear of the player's own hand; an unknown code shows
nothing; muting hides them (and is kept as a setting); the menu is reached by the keyboard and
the window holds back a fourth phrase in a row (a clock the test turns). A watcher's table is
drawn from seat 0's side with every hand face down and a 观战中 badge, and sends nothing back;
the join dialog's 观战 watches a real host; the lobby lists the watchers."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from engine.game import events as ev
from engine.net import messages as m
from engine.net.host import Host, TableConfig
from engine.net.talk import SAY_BURST, SAY_EVERY, SayLimit
from gui.i18n import set_language, tr
from gui.lan.bridge import MessageBridge
from gui.lan.join_dialog import JoinDialog
from gui.lan.lobby import LobbyScreen
from gui.lan.remote_table import RemoteTable
from gui.table.layout import HAND_BOTTOM, HAND_WIDTHS, HOVER_ROOM, SCENE_H, SCENE_W, height_of
from storage.store import ProfileStore
from tests.gui.test_remote_table import (
    NAMES,
    FakeClient,
    _events,
    _first_request_index,
    _playing,
    _recorded,
    _window,
)
from tests.gui.window_parts import profile_of
from tests.net.lan_helpers import bots, config, hosted

# the host's seat of each speaker, and the screen side it has for the player at host seat 2
SPEAKERS = {2: ("nice_hand", 0), 3: ("hurry", 1), 0: ("laugh", 2), 1: ("again", 3)}
WORDS = {"zh": {"nice_hand": "好牌!", "hurry": "快点吧!", "again": "再来一局"},
         "en": {"nice_hand": "Nice hand!", "hurry": "Hurry up, please!", "again": "One more game!"}}


class FakeClock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def _chinese_after() -> Any:
    yield
    set_language("zh")


@pytest.mark.parametrize("language", ["zh", "en"])
def test_phrases_show_by_the_speakers_plate_in_the_players_language(
        qtbot: QtBot, store: ProfileStore, tmp_path: Path, language: str) -> None:
    first_request = _first_request_index(_recorded(seed=31)[1]) + 1  # the hand dealt, my turn
    w, bridge, client, _remote, _stream = _playing(qtbot, store, first_request, language)
    try:
        scene = w.table.scene
        qtbot.waitUntil(lambda: len(scene.human_hand_items()) >= 13, timeout=10_000)
        for seat, (code, _side) in SPEAKERS.items():
            bridge.deliver(m.Said(seat, code))
        speech = scene.speech
        qtbot.waitUntil(lambda: all(speech.codes[side] == code for code, side in SPEAKERS.values()),
                        timeout=5_000)
        for code, side in SPEAKERS.values():
            assert speech.text(side) == WORDS[language].get(code, "")  # the reaction is a face, no words
            assert speech.backs[side].isVisible()
        # where they are: on the table, off their own plates, never on the player's own hand
        hand_top = HAND_BOTTOM - height_of(HAND_WIDTHS["large"]) - HOVER_ROOM
        own = [scene.tiles[i].sceneBoundingRect() for i in scene.human_hand_items()]
        for _code, side in SPEAKERS.values():
            rect = speech.rect(side)
            assert QRectF(0, 0, SCENE_W, SCENE_H).contains(rect)
            assert rect.bottom() < hand_top
            assert not any(rect.intersects(tile) for tile in own)
            seat = next(s for s, (_c, sd) in SPEAKERS.items() if sd == side)
            plate = scene.plates[(seat - 2) % 4].rect()
            assert not rect.intersects(plate)
        shot = tmp_path / f"talk_{language}.png"
        assert w.grab().save(str(shot)) and shot.stat().st_size > 0
    finally:
        client.join()


def test_an_unknown_code_shows_nothing_and_muting_hides_the_bubbles(qtbot: QtBot,
                                                                     store: ProfileStore) -> None:
    w, bridge, client, remote, _stream = _playing(qtbot, store, 10)
    try:
        table, speech = w.table, w.table.scene.speech
        heard: list[tuple[int, str]] = []
        remote.said.connect(lambda seat, code: heard.append((seat, code)))
        bridge.deliver(m.Said(3, "dance_all_night"))  # a newer host's phrase: no words for it here
        bridge.deliver(m.Said(0, "wow"))
        qtbot.waitUntil(lambda: speech.codes[2] == "wow", timeout=5_000)
        assert heard == [(1, "dance_all_night"), (2, "wow")]
        assert speech.codes[1] is None and not speech.backs[1].isVisible()
        # muted: the bubble goes, the next phrase shows nothing, and the setting keeps it
        table.talk.mute.click()
        assert table.talk_muted and not speech.backs[2].isVisible()
        assert w.settings.talk_muted
        bridge.deliver(m.Said(3, "hurry"))
        qtbot.waitUntil(lambda: len(heard) == 3, timeout=5_000)
        assert all(code is None for code in speech.codes)
        table.talk.mute.click()
        assert not w.settings.talk_muted
        bridge.deliver(m.Said(3, "hurry"))
        qtbot.waitUntil(lambda: speech.codes[1] == "hurry", timeout=5_000)
    finally:
        client.join()


def test_the_menu_by_keyboard_says_a_phrase_and_a_fourth_in_a_row_waits(
        qtbot: QtBot, store: ProfileStore) -> None:
    w, _bridge, client, _remote, _stream = _playing(qtbot, store, 10)
    try:
        table = w.table
        clock = FakeClock()
        table.talking.limit = SayLimit(clock=clock)
        assert table.talk.isVisible() and table.talk.say_button.isVisible()
        table.setFocus()
        QTest.keyClick(table, Qt.Key.Key_Q)
        menu = table.talk.menu
        assert menu is not None
        qtbot.waitUntil(menu.isVisible, timeout=5_000)
        assert menu.activeAction() is menu.actions()[0]
        QTest.keyClick(menu, Qt.Key.Key_Down)
        QTest.keyClick(menu, Qt.Key.Key_Return)
        said = [x.phrase for x in client.sent if isinstance(x, m.Say)]
        assert said == ["nice_hand"]  # the second entry
        for _ in range(SAY_BURST - 1):
            assert table.say("thanks")
        assert not table.say("thanks")  # the fourth in a row: held back here, as the host would
        assert table.bar.status.text() == tr("talk.too_fast")
        clock.now += SAY_EVERY
        assert table.say("bye")
        said = [x.phrase for x in client.sent if isinstance(x, m.Say)]
        assert said == ["nice_hand", *["thanks"] * (SAY_BURST - 1), "bye"]
    finally:
        client.join()


def test_a_watchers_table_is_seat_0s_side_face_down_badged_and_sends_nothing(
        qtbot: QtBot, store: ProfileStore, tmp_path: Path) -> None:
    rules, stream, _answers = _recorded(seed=31)
    events = _events(stream)
    won = next(i for i, e in enumerate(events) if isinstance(e, ev.HandWon))
    public = [e.for_watcher() for e in events[:won]]  # what the host sends a watcher: hand 1, not its end
    w = _window(qtbot, store)
    bridge = MessageBridge()
    client = FakeClient(bridge, public)  # type: ignore[arg-type]
    started = m.Started(0, NAMES, ("", "", "", ""), rules)
    remote = RemoteTable(client, bridge, started, watching=True)
    w.play_lan(remote, started)
    table, scene = w.table, w.table.scene
    try:
        client.start(until=len(public))
        discards = sum(isinstance(e, ev.TileDiscarded) for e in public)
        qtbot.waitUntil(lambda: sum(len(s.discards) for s in scene.model.seats) == discards
                        and not scene.animator.busy, timeout=20_000)  # every event shown
        assert table.watching and not table.hand_in_play
        assert scene.watch_badge.text.text() == "观战中" and scene.watch_badge.pill.isVisible()
        assert not table.bar.autoplay.isVisible() and not table.talk.say_button.isVisible()
        assert table.talk.mute.isVisible()
        hand = scene.human_hand_items()
        assert len(hand) >= 13 and not any(scene.tiles[i].face_up for i in hand)
        assert any(isinstance(e, ev.TileDiscarded) for e in public)
        assert not client.sent  # no ack, no 托管, no 能胡就胡, no choice
        assert table.bar.waits.text() == ""  # no hand of mine to count
        assert not table.say("hurry") and not client.sent
        profile = store.current()
        assert profile is None or profile.totals().hands == 0
        assert w.grab().save(str(tmp_path / "watching_zh.png"))
    finally:
        client.join()


def test_the_join_dialogs_watch_button_watches_a_real_table(qtbot: QtBot, tmp_path: Path) -> None:
    host = Host(TableConfig(name="观战桌"), bind="127.0.0.1", port=0, discovery_port=None)
    host.start()
    try:
        dialog = JoinDialog("小明", 120, [], browse=False)
        qtbot.addWidget(dialog)
        dialog.show()
        assert dialog.watch_button.text() == "观战"
        dialog.address_box.setCurrentText(f"127.0.0.1:{host.address[1]}")
        assert dialog.grab().save(str(tmp_path / "join_watch_zh.png"))
        dialog.watch_button.click()
        qtbot.waitUntil(lambda: dialog.joined is not None, timeout=10_000)
        joined = dialog.joined
        assert joined is not None and joined.welcome.watching
        assert joined.client.hello.watch and not joined.client.hello.shows
        qtbot.waitUntil(lambda: host.watchers == ("小明",), timeout=10_000)
        assert host.lobby().seats[0].kind == "empty"  # no seat taken
        joined.client.close()
    finally:
        host.stop()


def test_the_lobby_lists_the_watchers_and_a_watcher_has_no_ready(qtbot: QtBot, tmp_path: Path) -> None:
    lobby = LobbyScreen()
    qtbot.addWidget(lobby)
    lobby.resize(1000, 700)
    lobby.show()
    table = m.TableInfo("0" * 16, "桌", 47321, "open", 1, 3, False, False, "1")
    seats = (m.LobbySeat("person", "甲", connected=True), m.LobbySeat("empty"), m.LobbySeat("empty"),
             m.LobbySeat("empty"))
    message = m.Lobby(table, rules=_recorded(seed=31)[0], seats=seats, watchers=("小红", "小刚"))
    lobby.set_table(0, hosting=False)
    lobby.show_lobby(message)
    assert lobby.watchers.isVisible() and lobby.watchers.text() == "观战：小红 · 小刚"
    assert lobby.ready_button.isVisible()
    lobby.set_table(0, hosting=False, watching=True)
    lobby.show_lobby(message)
    assert not lobby.ready_button.isVisible()
    assert "小红 · 小刚" in lobby.watchers.text() and tr("watch.lobby_hint") in lobby.watchers.text()
    assert lobby.cards[0].place.text() == "1 号位" and lobby.cards[0].name.text() == "甲"
    assert lobby.grab().save(str(tmp_path / "lobby_watching_zh.png"))


def test_a_friend_watches_a_running_match_from_the_window_and_leaves(
        qtbot: QtBot, store: ProfileStore, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """End to end over loopback, at the normal animation speed: four bots play at a host; a
    window's 局域网 → address → 观战 comes in mid-match, is shown the table from seat 0's side
    with the badge, is listed by the host, and leaves without a question."""
    with hosted(config(seed=7, claim_pause=0.2)) as host:
        players = bots(host.address[1], 4)
        deadline = time.monotonic() + 30
        while not host.info().started:
            assert time.monotonic() < deadline, "the bots' match never started"
            time.sleep(0.05)

        def type_and_watch(dialog: JoinDialog) -> int:
            dialog.show()
            dialog.address_box.setCurrentText(f"127.0.0.1:{host.address[1]}")
            qtbot.mouseClick(dialog.watch_button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda: dialog.joined is not None or bool(dialog.status.property("error")),
                            timeout=10_000)
            return dialog.result()

        monkeypatch.setattr(JoinDialog, "exec", type_and_watch)
        w = _window(qtbot, store, speed=1.0)
        w.lan.discovery_port, w.lan.browse = None, False
        w.open_lan()
        table, scene = w.table, w.table.scene
        qtbot.waitUntil(lambda: w.stack.currentWidget() is table and table.watching, timeout=15_000)
        assert host.watchers == (profile_of(w).name,)
        qtbot.waitUntil(lambda: sum(len(s.discards) for s in scene.model.seats) >= 4, timeout=30_000)
        assert scene.watch_badge.pill.isVisible()
        hand = scene.human_hand_items()
        assert hand and (scene.model.ended or not any(scene.tiles[i].face_up for i in hand))
        assert w.settings.lan_seat is None  # a watcher keeps no seat to come back to
        assert w.grab().save(str(tmp_path / "watching_live_zh.png"))
        w.leave_table()  # no question: a watcher leaves nothing behind
        assert w.stack.currentWidget() is w.start_screen
        qtbot.waitUntil(lambda: host.watchers == (), timeout=10_000)
        assert not host.problems  # the players' table went on untroubled
    for player in players:  # the host has stopped: the bots are told (or had finished)
        assert player.join().ended in (m.END_HOST_QUIT, m.END_FINISHED)
