"""新游戏: choose the room, match length, time limit, opponents and the rule preset."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QDialog, QLabel, QWidget

from engine.game.rules import Preset, Ruleset
from gui.i18n import codes, tr
from gui.i18n.texts.levels import AI_LEVELS
from gui.parts.dialog_parts import (
    DIALOG_STYLE,
    DialogHeader,
    FormCard,
    field_label,
    hint_label,
    lay_out_dialog,
    side_by_side,
)
from gui.parts.match_form import RulesCard, TableCard, ai_level_combo, dialog_buttons, retranslate_levels

OPPONENT_SEATS: tuple[str, ...] = ("right", "opposite", "left")  # 下家, 对家, 上家


class NewGameDialog(QDialog):
    """One click on 开始 starts a default 合肥麻将 game; ``result_rules()`` and ``ai_levels()``."""

    def __init__(self, parent: QWidget | None = None, last: dict[str, Any] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("newGameDialog")
        self.setStyleSheet(DIALOG_STYLE)
        self.setModal(True)

        self.header = DialogHeader(self)
        self.table_card = TableCard(self)
        self.table_card.setMinimumWidth(720)
        self.room_choice = self.table_card.room_choice
        self.rounds_choice = self.table_card.rounds_choice
        self.time_choice = self.table_card.time_choice
        self.room_hint = self.table_card.room_hint

        # -- opponents -------------------------------------------------------------------
        self.opponents_card = FormCard(self)
        self.seat_labels: list[QLabel] = []
        self.level_combos: list[QComboBox] = []
        for row, _seat in enumerate(OPPONENT_SEATS):
            label = field_label()
            combo = ai_level_combo()
            self.seat_labels.append(label)
            self.level_combos.append(combo)
            self.opponents_card.grid.addWidget(label, row, 0)
            self.opponents_card.grid.addWidget(combo, row, 1)
        self.opponents_hint = hint_label(wrap=True)
        self.opponents_card.grid.addWidget(self.opponents_hint, len(OPPONENT_SEATS), 0, 1, 2)
        self.opponents_card.grid.setColumnStretch(1, 1)

        self.rules_card = RulesCard(self)
        self.option_boxes = self.rules_card.option_boxes
        self.preset_combo = self.rules_card.preset_combo
        self.cancel_button, self.start_button = dialog_buttons(self)

        lay_out_dialog(self, self.header,
                       [self.table_card, side_by_side((self.opponents_card, 2), (self.rules_card, 3))],
                       [], [self.cancel_button, self.start_button])

        if last:
            self.apply_choices(last)
        self.retranslate()
        self.start_button.setFocus()

    # -- the preset and its options -----------------------------------------------------------
    def preset(self) -> Preset:
        return self.rules_card.preset()

    def set_preset(self, preset: Preset | str) -> None:
        self.rules_card.set_preset(preset)

    def options(self) -> dict[str, bool]:
        return self.rules_card.options()

    # -- results --------------------------------------------------------------------------------
    def result_rules(self) -> Ruleset:
        return self.rules_card.rules(self.room_choice.value(), self.rounds_choice.value(),
                                     self.time_choice.value())

    def ai_levels(self) -> list[str]:
        """The level of the AI at 下家, 对家 and 上家, in that order."""
        return [str(combo.currentData()) for combo in self.level_combos]

    def choices(self) -> dict[str, Any]:
        """Everything chosen, as plain JSON data (kept in Settings.last_new_game)."""
        return {**self.table_card.choices(), **self.rules_card.choices(), "ai_levels": self.ai_levels()}

    def apply_choices(self, data: dict[str, Any]) -> None:
        """Restore earlier ``choices()``; anything missing or invalid keeps its default."""
        self.table_card.apply_choices(data)
        self.rules_card.apply_choices(data)
        levels = data.get("ai_levels")
        if isinstance(levels, list):
            for combo, level in zip(self.level_combos, levels, strict=False):
                if level in AI_LEVELS:
                    combo.setCurrentIndex(AI_LEVELS.index(level))

    # -- texts -------------------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.setWindowTitle(tr("new_game.title"))
        self.header.set_texts(tr("new_game.title"), tr("new_game.heading"))
        self.table_card.retranslate()
        self.opponents_card.title.setText(tr("new_game.opponents"))
        self.opponents_hint.setText(tr("new_game.opponents_hint"))
        for label, combo, seat in zip(self.seat_labels, self.level_combos, OPPONENT_SEATS, strict=True):
            label.setText(tr(codes.SEAT[seat]))
            retranslate_levels(combo)
        self.rules_card.retranslate()
        self.cancel_button.setText(tr("button.cancel"))
        self.start_button.setText(tr("button.start"))
