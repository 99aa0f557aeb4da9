"""The settings and new-game dialogs fit a small screen (800×560, a small laptop): their buttons
(确定 / 取消, 开始) stay in view and the body scrolls to every field; on a large screen they
look as they always did, nothing scrolled (they used to be 608-627 px high and up to 872 px
wide whatever the screen, their buttons off its bottom)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QApplication, QDialog, QPushButton, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from gui import window_fit
from gui.lan.join_dialog import JoinDialog
from gui.screens.new_game import NewGameDialog
from gui.screens.settings_dialog import SettingsDialog
from gui.settings import Settings


def _settings() -> tuple[QDialog, list[QPushButton], list[QWidget]]:
    d = SettingsDialog(Settings())
    return d, [d.ok_button, d.cancel_button, d.defaults_button], [d.speed_choice, d.talk_box, d.time_choice]


def _new_game() -> tuple[QDialog, list[QPushButton], list[QWidget]]:
    d = NewGameDialog()
    last_option = list(d.option_boxes.values())[-1]
    return d, [d.start_button, d.cancel_button], [d.room_choice, d.level_combos[-1], last_option]


def _join() -> tuple[QDialog, list[QPushButton], list[QWidget]]:
    d = JoinDialog("Player", 0, [], browse=False)
    return d, [d.join_button, d.cancel_button, d.host_button], [d.table_list, d.manual_card]


Maker = Callable[[], tuple[QDialog, list[QPushButton], list[QWidget]]]
DIALOGS: dict[str, Maker] = {"settings": _settings, "new_game": _new_game}
# every dialog laid out alike (gui.parts.dialog_parts): the LAN join dialog's wrapped hints once
# made its body scroll on any screen
ALL_DIALOGS: dict[str, Maker] = {**DIALOGS, "join": _join}


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Iterator[QSize]:
    size: QSize = request.param
    monkeypatch.setattr(window_fit, "available_area", lambda _w: QRect(0, 0, size.width(), size.height()))
    yield size


def _laid_out(dialog: QDialog) -> bool:
    """The dialog at its minimum, which an event loop's round (polish, wrapped texts) left as it was."""
    before = dialog.minimumSizeHint()
    QApplication.processEvents()
    return dialog.minimumSizeHint() == before == dialog.size()


def _rect(widget: QWidget) -> QRect:
    """Where `widget` is in its window."""
    return QRect(widget.mapTo(widget.window(), widget.rect().topLeft()), widget.size())


def _inside(widget: QWidget, outer: QWidget) -> bool:
    return _rect(outer).contains(_rect(widget))


@pytest.mark.parametrize("screen", [QSize(800, 560)], indirect=True)
@pytest.mark.parametrize("name", DIALOGS)
def test_the_dialog_fits_a_small_screen_with_its_buttons_in_view(
        qtbot: QtBot, language: str, screen: QSize, name: str) -> None:
    dialog, buttons, fields = DIALOGS[name]()
    qtbot.addWidget(dialog)
    frame = window_fit.FRAME_ROOM
    room = QSize(screen.width() - frame.left() - frame.right(),
                 screen.height() - frame.top() - frame.bottom())
    dialog.show()
    dialog.resize(100, 100)  # Qt opens it at its minimum on such a screen (more than 2/3 of it)
    qtbot.waitUntil(lambda: _laid_out(dialog), timeout=10_000)
    assert dialog.width() <= room.width() and dialog.height() <= room.height(), (dialog.size(), room)
    for button in buttons:
        assert button.isVisible() and _inside(button, dialog), button.text()
    body = dialog.findChild(QScrollArea)
    assert body is not None
    content = body.widget()
    assert content is not None
    assert content.height() > body.viewport().height()  # it scrolls …
    assert content.width() <= body.viewport().width()  # … up and down only
    for field in fields:  # … to every field
        body.ensureWidgetVisible(field, 0, 0)
        qtbot.waitUntil(lambda f=field: _inside(f, body.viewport()), timeout=10_000)  # type: ignore[misc]


@pytest.mark.parametrize("screen", [QSize(1280, 800), QSize(1920, 1200)], indirect=True)
@pytest.mark.parametrize("name", ALL_DIALOGS)
def test_on_a_large_screen_the_dialog_shows_everything_without_scrolling(
        qtbot: QtBot, language: str, screen: QSize, name: str) -> None:
    dialog, buttons, fields = ALL_DIALOGS[name]()
    qtbot.addWidget(dialog)
    dialog.show()
    body = dialog.findChild(QScrollArea)
    assert body is not None
    bars = (body.verticalScrollBar(), body.horizontalScrollBar())
    qtbot.waitUntil(lambda: _laid_out(dialog), timeout=10_000)
    assert not any(bar.isVisible() for bar in bars)
    content = body.widget()
    assert content is not None and content.size() == body.viewport().size()
    for widget in (*buttons, *fields):
        assert _inside(widget, dialog) and _inside(widget, body.viewport()) != (widget in buttons)
