"""Windows at LAN tables on loopback, for the tests of coming back to a table (no discovery, no
broadcasts), and what the LAN controller tells the player, kept instead of shown."""

from __future__ import annotations

import socket

import pytest
from pytestqt.qtbot import QtBot

from gui.main_window import MainWindow
from gui.settings import Settings
from storage.store import ProfileStore


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def lan_window(qtbot: QtBot, store: ProfileStore, name: str, settings: Settings) -> MainWindow:
    """A window whose profile is `name`, hosting and joining on loopback only."""
    store.create(name)
    store.select(name)
    window = MainWindow(settings, confirm_quit=False, store=store)
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    window.lan.bind, window.lan.discovery_port, window.lan.browse = "127.0.0.1", None, False
    return window


def keep_told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the LAN controller tells the player (a modal box would wait forever)."""
    shown: list[str] = []
    monkeypatch.setattr("gui.message_box.tell",
                        lambda _parent, _title, message: shown.append(message))
    return shown
