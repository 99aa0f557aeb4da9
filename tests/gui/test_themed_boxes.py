"""Questions, notices and menus in the game's look (issue 23 §6: they were plain system style):
every message box the game shows comes from gui.message_box with the theme's felt and gold
buttons, and the menu bar and its menus are the theme's. Checked on what is drawn (the pixels of
the box and of the bar), in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton, QWidget

from engine.game.rules import Ruleset
from gui import message_box, theme
from gui.i18n import tr
from tests.gui.test_controls import _stop_quietly, _window


def _share(image: QImage, colour: str) -> float:
    """The share of the image's pixels of ``colour`` (within a few levels: antialiasing)."""
    want = QColor(colour)
    hits = total = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            got = image.pixelColor(x, y)
            total += 1
            hits += max(abs(got.red() - want.red()), abs(got.green() - want.green()),
                        abs(got.blue() - want.blue())) <= 6
    return hits / max(1, total)


class Shown:
    """The boxes the game opens, captured as they would show (a modal box would wait forever):
    each one drawn, then answered ``answer``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, answer: QMessageBox.StandardButton) -> None:
        self.boxes: list[tuple[QMessageBox, QImage, dict[str, QImage]]] = []

        def exec_(box: QMessageBox) -> int:
            box.show()
            QApplication.processEvents()
            buttons = {b.text(): b.grab().toImage() for b in box.findChildren(QPushButton)}
            self.boxes.append((box, box.grab().toImage(), buttons))
            box.hide()
            return int(answer.value)

        monkeypatch.setattr(QMessageBox, "exec", exec_)


def _looks_themed(box: QMessageBox, image: QImage, buttons: dict[str, QImage]) -> None:
    assert box.styleSheet() == theme.MESSAGE_BOX_STYLE
    assert _share(image, theme.DARK_DIALOG) > 0.5  # the felt of the table's dialogs, not grey
    assert buttons and all(_share(face, theme.BUTTON) > 0.3 for face in buttons.values())  # gold buttons


def test_leaving_a_match_asks_in_a_themed_box(qtbot, tmp_path: Path, monkeypatch, language) -> None:
    w = _window(qtbot, tmp_path, language=language)
    w.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=31)
    qtbot.waitUntil(lambda: w.table.pending is not None, timeout=20000)
    shown = Shown(monkeypatch, QMessageBox.StandardButton.No)
    w.leave_table()  # 返回首页 mid-match: the game asks first
    [(box, image, buttons)] = shown.boxes
    assert box.text().startswith(tr("confirm.leave").split("\n")[0][:6])
    _looks_themed(box, image, buttons)
    assert w.match_running  # "no": the match goes on
    _stop_quietly(w)


def test_every_kind_of_box_is_themed(qtbot, monkeypatch, language) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    shown = Shown(monkeypatch, QMessageBox.StandardButton.Yes)
    assert message_box.ask(parent, tr("app.title"), tr("confirm.quit")) is True
    message_box.tell(parent, tr("app.title"), tr("confirm.quit"))
    message_box.warn(parent, tr("app.title"), tr("error.engine", message="x"))
    assert len(shown.boxes) == 3
    for box, image, buttons in shown.boxes:
        _looks_themed(box, image, buttons)


def test_a_question_says_no_unless_answered_yes(qtbot, monkeypatch) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    Shown(monkeypatch, QMessageBox.StandardButton.No)
    assert message_box.ask(parent, "t", "?") is False


def test_the_menu_bar_and_its_menu_are_themed(qtbot, tmp_path: Path, language) -> None:
    w = _window(qtbot, tmp_path, language=language)
    bar = w.menuBar()
    QApplication.processEvents()
    assert _share(bar.grab().toImage(), theme.BAR) > 0.5  # the bar: the table's dark felt
    assert [a.text() for a in bar.actions()] == [tr("menu.game")]
    menu = w.menus.game
    menu.popup(bar.mapToGlobal(QPoint(0, bar.height())))
    qtbot.waitUntil(menu.isVisible, timeout=10000)
    assert _share(menu.grab().toImage(), theme.PANEL) > 0.4  # its menu: the panels' green
    assert tr("start.new_game") in [a.text() for a in menu.actions()]
    menu.close()


def test_the_tables_pop_up_menu_is_themed(qtbot, language) -> None:
    from gui.table.talk_controls import TalkControls

    talk = TalkControls()
    qtbot.addWidget(talk)
    talk.show()
    menu = talk.open_menu()  # 快捷语: the phrases, in the player's language
    menu.popup(talk.mapToGlobal(QPoint(0, 0)))
    qtbot.waitUntil(menu.isVisible, timeout=10000)
    assert _share(menu.grab().toImage(), theme.PANEL) > 0.4
    assert menu.actions() and all(a.text() for a in menu.actions() if not a.isSeparator())
    menu.close()


def test_no_box_bypasses_the_theme() -> None:
    """Every message box comes from gui.message_box: QMessageBox's static functions (whose boxes
    cannot be styled) and bare QMessageBox(...) are used nowhere else in gui/."""
    import re

    gui = Path(__file__).resolve().parents[2] / "gui"
    direct = re.compile(r"QMessageBox\s*\(|QMessageBox\.(question|information|warning|critical|about)\s*\(")
    offenders = [f"{path.relative_to(gui.parent)}:{n}" for path in sorted(gui.rglob("*.py"))
                 if path.name != "message_box.py"
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if direct.search(line)]
    assert offenders == []
