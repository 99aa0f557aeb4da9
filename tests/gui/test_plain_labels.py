"""Names come from other people (a LAN table, an imported hand): no label draws them as HTML.

QLabel's default renders text that looks like HTML as rich text, so a player named
``<h1>x</h1>`` was drawn huge in the lobby and the result dialog."""

from __future__ import annotations

import ast
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from gui import message_box
from gui.parts.dialog_parts import field_label, hint_label
from gui.parts.plain_label import PlainLabel
from gui.parts.wrapped_label import WrappedLabel

GUI = Path(__file__).resolve().parents[2] / "gui"


def test_every_label_of_the_game_is_plain() -> None:
    made = []
    for path in GUI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            if getattr(node.func, "id", getattr(node.func, "attr", "")) == "QLabel":
                made.append(f"{path.relative_to(GUI)}:{node.lineno}")
    assert made == []  # (PlainLabel, or a class of its own that sets PlainText)


def test_a_name_that_looks_like_html_is_shown_as_typed(qtbot: QtBot) -> None:
    name = "<h1 style='font-size:200px'>Bob</h1>"
    labels = [PlainLabel(name), WrappedLabel(), field_label(), hint_label(), hint_label(wrap=True)]
    for label in labels[1:]:
        label.setText(name)
    for label in labels:
        qtbot.addWidget(label)
        assert label.textFormat() == Qt.TextFormat.PlainText
    rich = QLabel(name)  # what the default does with it
    qtbot.addWidget(rich)
    plain = labels[0].sizeHint()
    assert rich.sizeHint().height() > plain.height() and plain.width() > 3 * rich.sizeHint().width()
    box = message_box.box(None, "t", f"{name} left the table")
    qtbot.addWidget(box)
    assert box.textFormat() == Qt.TextFormat.PlainText
