"""The lobby's words say whom they are about (QA, LAN): the countdown to the last player made
ready names "you" when that is this player; the host is told to add computers itself, not
that "the host" will; a full table's 补上电脑 looks as disabled as it is."""

from __future__ import annotations

from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from engine.game.rules import Ruleset
from engine.net import messages as m
from engine.net.door import WRONG_CODES, DoorNotice
from gui.i18n import tr
from gui.lan.lobby import LobbyScreen, notice_text

TABLE = m.TableInfo(id="a" * 16, name="T", port=47321, room="open", rounds=1, seats_free=0, code=False,
                    started=False, version="0.1.0", protocol=m.PROTOCOL_VERSION)


def _lobby(seats: list[m.LobbySeat], countdown: float | None = None) -> m.Lobby:
    return m.Lobby(TABLE, Ruleset(), tuple(seats), countdown=countdown)


def _screen(qtbot: QtBot, hosting: bool) -> LobbyScreen:
    screen = LobbyScreen()
    qtbot.addWidget(screen)
    screen.hosting = hosting
    screen.clock = lambda: 100.0  # a fake clock: the countdown's seconds are the lobby's
    screen.resize(1024, 700)
    screen.show()
    return screen


def test_the_countdown_says_you_when_you_are_the_last(qtbot: QtBot, language: str) -> None:
    screen = _screen(qtbot, hosting=False)
    screen.my_seat = 1
    friend = m.LobbySeat("person", "A", ready=True, connected=True)
    computer = m.LobbySeat("ai", "AI", ready=True, connected=True, level="normal")
    me = m.LobbySeat("person", "B", ready=False, connected=True)
    screen.show_lobby(_lobby([friend, me, computer, computer], countdown=14.0))
    screen._show_countdown()
    assert screen.countdown.text() == tr("lan.lobby.countdown_me", n=14)
    # ready myself, another is the last: the words are about them
    other = m.LobbySeat("person", "A", ready=False, connected=True)
    me_ready = m.LobbySeat("person", "B", ready=True, connected=True)
    screen.show_lobby(_lobby([other, me_ready, computer, computer], countdown=9.0))
    screen._show_countdown()
    assert screen.countdown.text() == tr("lan.lobby.countdown", n=9)


def test_the_host_is_told_to_add_computers_and_a_full_table_s_button_looks_disabled(qtbot: QtBot,
                                                                                      language: str) -> None:
    screen = _screen(qtbot, hosting=True)
    host = m.LobbySeat("person", "H", ready=True, connected=True)
    empty = m.LobbySeat("empty")
    screen.show_lobby(_lobby([host, empty, empty, empty]))
    screen._show_countdown()
    assert screen.countdown.text() == tr("lan.lobby.waiting_for_host", n=3)
    button = screen.fill_button
    assert button.isEnabled()
    enabled: QImage = button.grab().toImage()
    computer = m.LobbySeat("ai", "AI", ready=True, connected=True, level="normal")
    screen.show_lobby(_lobby([host, computer, computer, computer]))
    assert not button.isEnabled()
    assert button.grab().toImage() != enabled  # (QA: the same pixels, enabled or not)


def test_a_wrong_code_then_the_right_one_is_told_in_a_calm_colour(qtbot: QtBot, language: str) -> None:
    """QA: a friend's typo stayed in the alarm's red after they came in with the right code."""
    screen = _screen(qtbot, hosting=True)
    host = m.LobbySeat("person", "H", ready=True, connected=True)
    screen.show_lobby(_lobby([host, m.LobbySeat("empty"), m.LobbySeat("empty"), m.LobbySeat("empty")]))
    guessed = DoorNotice(WRONG_CODES, "192.168.1.23", 1)
    screen.show_notices([guessed])
    alarm = screen.notice.grab().toImage()
    assert screen.notice.isVisible() and screen.notice.text() == notice_text(guessed)
    typo = DoorNotice(WRONG_CODES, "192.168.1.23", 1, then_right=True)
    screen.show_notices([typo])
    assert screen.notice.text() == tr("lan.lobby.wrong_codes_then_right", n=1, address="192.168.1.23")
    assert screen.notice.property("settled") is True
    assert _reddish(alarm) and not _reddish(screen.notice.grab().toImage())
    screen.show_notices([typo, DoorNotice(WRONG_CODES, "192.168.1.40", 2)])  # another still guessing
    assert screen.notice.property("settled") is False


def _reddish(image: QImage) -> bool:
    """Some of its text is drawn in a red (the alarm's colour)."""
    for x in range(image.width()):
        for y in range(image.height()):
            colour = image.pixelColor(x, y)
            if colour.red() > colour.green() + 80 and colour.red() > colour.blue() + 80:
                return True
    return False
