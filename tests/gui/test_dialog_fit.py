"""The settings, new-game and LAN host dialogs fit a small screen (800×560, a small laptop): their buttons
(确定 / 取消, 开始) stay in view and the body scrolls to every field; on a large screen they
look as they always did, nothing scrolled (they used to be 608-627 px high and up to 872 px
wide whatever the screen, their buttons off its bottom)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, QSize, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QDialog, QPushButton, QScrollArea, QSlider, QWidget
from pytestqt.qtbot import QtBot

from gui import window_fit
from gui.lan.host_dialog import HostDialog
from gui.lan.join_dialog import JoinDialog
from gui.screens.new_game import NewGameDialog
from gui.screens.settings_dialog import SettingsDialog
from gui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def _settings() -> tuple[QDialog, list[QPushButton], list[QWidget]]:
    d = SettingsDialog(Settings())
    return d, [d.ok_button, d.cancel_button, d.defaults_button], [d.speed_choice, d.talk_box, d.time_choice]


def _new_game() -> tuple[QDialog, list[QPushButton], list[QWidget]]:
    d = NewGameDialog()
    last_option = list(d.option_boxes.values())[-1]
    return d, [d.start_button, d.cancel_button], [d.room_choice, d.level_combos[-1], last_option]


def _host() -> tuple[QDialog, list[QPushButton], list[QWidget]]:
    d = HostDialog("Player")
    last_option = list(d.rules_card.option_boxes.values())[-1]
    return d, [d.start_button, d.cancel_button], [d.table_card.room_choice, d.ai_combo, last_option]


def _join() -> tuple[QDialog, list[QPushButton], list[QWidget]]:
    d = JoinDialog("Player", 0, [], browse=False)
    return d, [d.join_button, d.cancel_button, d.host_button], [d.table_list, d.manual_card]


Maker = Callable[[], tuple[QDialog, list[QPushButton], list[QWidget]]]
# (the host dialog was 810 px wide whatever the screen: its table card asked for 760 px)
DIALOGS: dict[str, Maker] = {"settings": _settings, "new_game": _new_game, "host": _host}
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


# Opened from the start screen on a real small screen (Qt's offscreen platform given one): the LAN
# dialog's body and its scroll bar once resized each other without end, in English at 600 px high,
# until the stack overflowed and the game died (SIGSEGV). In a process of its own: a crash is its
# exit code, not the suite's.
SMALL_SCREEN_PROBE = r"""
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog
from gui.app import application
app = application([])
from gui import i18n
i18n.set_language(sys.argv[1])
from gui.main_window import MainWindow
from gui.settings import Settings
window = MainWindow(Settings(language=sys.argv[1]), confirm_quit=False)
window.show()
def close_it():
    shown = [w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible()]
    for dialog in shown:
        print("shown", dialog.width(), dialog.height(), flush=True)
        dialog.reject()
    if not shown:
        QTimer.singleShot(200, close_it)
QTimer.singleShot(500, close_it)
window.start_screen.lan_button.click()
print("closed", flush=True)
"""


@pytest.mark.parametrize("size", [(800, 600), (1024, 600)], ids=["800x600", "1024x600"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_lan_dialog_opens_on_a_small_screen_without_crashing(tmp_path: Path, size: tuple[int, int],
                                                                  lang: str) -> None:
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "small", "x": 0, "y": 0, "width": size[0],
                                               "height": size[1], "logicalDpi": 96, "dpr": 1}]}))
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    env.update(QT_QPA_PLATFORM=f"offscreen:configfile={config}",
               HEFEI_MAHJONG_CONFIG_DIR=str(tmp_path / "config"),
               HEFEI_MAHJONG_DATA_DIR=str(tmp_path / "data"),
               HEFEI_MAHJONG_CACHE_DIR=str(tmp_path / "cache"), HEFEI_MAHJONG_SOUND="record")
    out = subprocess.run([sys.executable, "-X", "faulthandler", "-c", SMALL_SCREEN_PROBE, lang], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    shown = [line.split() for line in out.stdout.splitlines() if line.startswith("shown")]
    assert shown and "closed" in out.stdout
    width, height = int(shown[0][1]), int(shown[0][2])
    assert width <= size[0] and height <= size[1]  # on the screen, its buttons with it


def _wheel(widget: QWidget, steps: int) -> None:
    """A mouse wheel turned `steps` notches down over the middle of `widget`."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(widget.rect().center())), QPoint(0, 0),
                        QPoint(0, -120 * steps), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


@pytest.mark.parametrize("screen", [QSize(800, 560)], indirect=True)
def test_a_wheel_over_a_field_scrolls_a_small_screens_body_and_leaves_the_field(
        qtbot: QtBot, screen: QSize) -> None:
    """Scrolling the settings on a small screen with the wheel over the volume, or the new game's
    over its preset, scrolls the body; the field changes only once the player has clicked it."""
    settings = SettingsDialog(Settings(volume=70))
    new_game = NewGameDialog()
    for dialog, field in ((settings, settings.volume_slider), (new_game, new_game.preset_combo)):
        qtbot.addWidget(dialog)
        dialog.show()
        dialog.resize(100, 100)
        qtbot.waitUntil(lambda d=dialog: _laid_out(d), timeout=10_000)  # type: ignore[misc]
        body = dialog.findChild(QScrollArea)
        assert body is not None and body.verticalScrollBar().isVisible()
        def now(f: QWidget = field) -> int:
            return f.value() if isinstance(f, QSlider) else f.currentIndex()  # type: ignore[attr-defined]

        value = now()
        top = body.verticalScrollBar().value()
        _wheel(field, 2)
        assert body.verticalScrollBar().value() > top  # the body scrolled …
        assert now() == value  # … not the field
        dialog.activateWindow()
        field.setFocus()
        qtbot.waitUntil(field.hasFocus, timeout=10_000)
        _wheel(field, 1)  # focused, the wheel is the field's own again
        assert now() != value


@pytest.mark.parametrize("screen", [QSize(800, 600), QSize(1920, 1200)], indirect=True)
def test_the_rules_fit_the_screen_with_their_close_button(qtbot: QtBot, language: str, screen: QSize) -> None:
    from gui.screens.rules import RulesDialog

    dialog = RulesDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: _laid_out_size(dialog), timeout=10_000)
    frame = window_fit.FRAME_ROOM
    assert dialog.height() <= screen.height() - frame.top() - frame.bottom()
    assert dialog.width() <= screen.width() - frame.left() - frame.right()
    assert dialog.close_button.isVisible() and _inside(dialog.close_button, dialog)
    if screen.height() > 1000:
        assert dialog.size() == QSize(780, 680)  # where there is room, as it always was


def _laid_out_size(dialog: QDialog) -> bool:
    before = dialog.size()
    QApplication.processEvents()
    return dialog.size() == before
