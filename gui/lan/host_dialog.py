"""开一桌: a LAN table of this computer — its name, the table's room, length and time (15 s unless
chosen otherwise: the host keeps every player's time), the rule preset, an optional room code,
the AI level for seats nobody takes, and the port friends connect to. 随机生成 makes up a code of
six digits (engine.net.room_code)."""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from engine.game.rules import Ruleset
from engine.net import messages as m
from engine.net.room_code import CODE_DIGITS, new_code
from gui import theme
from gui.i18n import tr
from gui.i18n.texts.levels import AI_LEVELS
from gui.parts.dialog_parts import (
    DIALOG_STYLE,
    DialogHeader,
    FormCard,
    field_label,
    lay_out_dialog,
    side_by_side,
)
from gui.parts.match_form import (
    DEFAULT_TIME_LIMIT,
    RulesCard,
    TableCard,
    ai_level_combo,
    dialog_buttons,
    retranslate_levels,
)

CODE_PADDING = 24  # the field's frame and text margins
FIRST_PORT = 1024  # below: ports a program may not open without privileges


class HostDialog(QDialog):
    """Accepted: :meth:`result_rules`, :meth:`table_name`, :meth:`code`, :meth:`ai_level`,
    :meth:`port`; :meth:`choices` for next time."""

    def __init__(self, default_name: str, parent: QWidget | None = None,
                 last: dict[str, Any] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hostDialog")
        self.setStyleSheet(DIALOG_STYLE + theme.LAN_STYLE)
        self.setModal(True)
        self.header = DialogHeader(self)

        # -- the room: its name, code, the seats left empty, the port --------------------------------
        self.room_card = FormCard(self)
        self.name_label = field_label()
        self.name_edit = QLineEdit(default_name[:m.NAME_CHARS])
        self.name_edit.setMaxLength(m.NAME_CHARS)
        self.code_label = field_label()
        self.code_edit = QLineEdit()
        self.code_edit.setMaxLength(m.CODE_CHARS)
        self.new_code_button = QPushButton()
        self.new_code_button.setObjectName("secondary")
        self.new_code_button.clicked.connect(lambda: self.code_edit.setText(new_code()))
        code_row = QWidget()
        code_layout = QHBoxLayout(code_row)
        code_layout.setContentsMargins(0, 0, 0, 0)
        code_layout.addWidget(self.code_edit, 1)
        code_layout.addWidget(self.new_code_button)
        self.ai_label = field_label()
        self.ai_combo = ai_level_combo()
        self.port_label = field_label()
        self.port_box = QSpinBox()
        self.port_box.setRange(FIRST_PORT, 65535)
        self.port_box.setValue(m.DEFAULT_PORT)
        self.room_card.add_rows([
            (self.name_label, self.name_edit), (self.code_label, code_row),
            (self.ai_label, self.ai_combo), (self.port_label, self.port_box),
        ])
        self.room_card.setMinimumWidth(330)
        self.table_card = TableCard(self)
        self.table_card.time_choice.set_value(DEFAULT_TIME_LIMIT)
        self.rules_card = RulesCard(self)
        self.cancel_button, self.start_button = dialog_buttons(self)

        lay_out_dialog(self, self.header,
                       [self.table_card, side_by_side((self.room_card, 1), (self.rules_card, 1))],
                       [], [self.cancel_button, self.start_button])
        if last:
            self.apply_choices(last)
        self.retranslate()
        self.start_button.setFocus()

    # -- results ------------------------------------------------------------------------------------
    def result_rules(self) -> Ruleset:
        card = self.table_card
        return self.rules_card.rules(card.room_choice.value(), card.rounds_choice.value(),
                                     card.time_choice.value())

    def table_name(self) -> str:
        return m.clean_text(self.name_edit.text(), m.NAME_CHARS) or tr("app.title")

    def code(self) -> str | None:
        return m.clean_text(self.code_edit.text(), m.CODE_CHARS) or None

    def ai_level(self) -> str:
        return str(self.ai_combo.currentData())

    def port(self) -> int:
        return self.port_box.value()

    def choices(self) -> dict[str, Any]:
        """What to offer next time (the code is not kept: a new table, a new code)."""
        return {**self.table_card.choices(), **self.rules_card.choices(), "name": self.name_edit.text(),
                "ai_level": self.ai_level(), "port": self.port()}

    def apply_choices(self, data: dict[str, Any]) -> None:
        """Earlier :meth:`choices`; anything missing or wrong keeps its default."""
        self.table_card.apply_choices(data)
        self.rules_card.apply_choices(data)
        name = data.get("name")
        if isinstance(name, str) and name.strip():
            self.name_edit.setText(name[:m.NAME_CHARS])
        level = data.get("ai_level")
        if level in AI_LEVELS:
            self.ai_combo.setCurrentIndex(AI_LEVELS.index(level))
        port = data.get("port")
        if isinstance(port, int) and not isinstance(port, bool):
            with contextlib.suppress(ValueError):
                if FIRST_PORT <= port <= 65535:
                    self.port_box.setValue(port)

    def retranslate(self) -> None:
        self.setWindowTitle(tr("lan.host.title"))
        self.header.set_texts(tr("lan.host.title"), tr("lan.host.heading"))
        self.table_card.retranslate()
        self.rules_card.retranslate()
        self.room_card.title.setText(tr("lan.host.room"))
        self.name_label.setText(tr("lan.host.name"))
        self.code_label.setText(tr("lan.host.code"))
        self.code_edit.setPlaceholderText(tr("lan.host.code_placeholder"))
        # room for a code (six digits) or the placeholder, whichever is longer: the row used to
        # squeeze it to "n…" beside its button
        metrics = self.code_edit.fontMetrics()
        shown = max(metrics.horizontalAdvance("0" * CODE_DIGITS),
                    metrics.horizontalAdvance(tr("lan.host.code_placeholder")))
        self.code_edit.setMinimumWidth(shown + CODE_PADDING)
        self.code_label.setToolTip(tr("lan.host.code_hint"))  # the why, where the room is scarce
        self.code_edit.setToolTip(tr("lan.host.code_hint"))
        self.new_code_button.setText(tr("lan.host.new_code"))
        self.new_code_button.setToolTip(tr("lan.host.new_code_hint"))
        self.ai_label.setText(tr("lan.host.ai_level"))
        retranslate_levels(self.ai_combo)
        self.port_label.setText(tr("lan.host.port"))
        self.port_label.setToolTip(tr("lan.host.port_hint", port=m.DEFAULT_PORT))
        self.port_box.setToolTip(tr("lan.host.port_hint", port=m.DEFAULT_PORT))
        self.cancel_button.setText(tr("button.cancel"))
        self.start_button.setText(tr("lan.host.open"))


__all__ = ["HostDialog"]
