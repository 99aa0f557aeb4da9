"""The parts of a match's setup that the 新游戏 dialog and the LAN host's dialog share: the
table card (room, match length, time limit), the rules card (preset and options), the AI level
chooser and a dialog's 取消 / main buttons."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QGridLayout,
    QPushButton,
    QWidget,
)

from engine.game.rules import MATCH_LENGTHS, Preset, Room, Ruleset
from gui.i18n import codes, tr
from gui.i18n.texts.levels import AI_LEVELS
from gui.parts.dialog_parts import FormCard, SegmentedChoice, field_label, hint_label, time_limit_choice

DEFAULT_AI_LEVEL = "normal"
RULE_OPTIONS: tuple[str, ...] = (
    "luxury_seven_pairs", "concealed_exposed", "two_missing_suits", "huo_any_four", "auto_win",
)
PRESETS: tuple[Preset, ...] = (Preset.HEFEI, Preset.BIANFENG, Preset.HEFEI_002, Preset.CUSTOM)
DEFAULT_ROUNDS = 4
DEFAULT_TIME_LIMIT = 15


def preset_options(preset: Preset) -> dict[str, bool]:
    """The option switches a preset turns on (RULES §7)."""
    rules = Ruleset.from_preset(preset)
    return {name: bool(getattr(rules, name)) for name in RULE_OPTIONS}


def matching_preset(options: dict[str, bool]) -> Preset:
    """The preset with exactly these options, else 自定义."""
    for preset in PRESETS:
        if preset is not Preset.CUSTOM and preset_options(preset) == options:
            return preset
    return Preset.CUSTOM


class TableCard(FormCard):
    """The table: room (不报听 / 报听), match length (圈) and the time per decision."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.room_label = field_label()
        self.room_choice = SegmentedChoice([(Room.OPEN, "room.open", {}), (Room.BAOTING, "room.baoting", {})])
        self.room_hint = hint_label()
        self.rounds_label = field_label()
        self.rounds_choice = SegmentedChoice(
            [(n, "new_game.rounds_n", {"n": n}) for n in MATCH_LENGTHS]
        )
        self.rounds_hint = hint_label()
        self.time_label = field_label()
        self.time_choice = time_limit_choice()
        self.add_rows([
            (self.room_label, self.room_choice), (None, self.room_hint),
            (self.rounds_label, self.rounds_choice), (None, self.rounds_hint),
            (self.time_label, self.time_choice),
        ])
        self.room_choice.changed.connect(lambda _room: self._update_hint())
        self.rounds_choice.set_value(DEFAULT_ROUNDS)
        self.time_choice.set_value(DEFAULT_TIME_LIMIT)

    def choices(self) -> dict[str, Any]:
        return {"room": self.room_choice.value().value, "rounds": self.rounds_choice.value(),
                "time_limit": self.time_choice.value()}

    def apply_choices(self, data: dict[str, Any]) -> None:
        """Earlier ``choices()``; anything missing or invalid keeps its value."""
        with contextlib.suppress(ValueError):
            self.room_choice.set_value(Room(data.get("room", Room.OPEN)))
        for choice, key in ((self.rounds_choice, "rounds"), (self.time_choice, "time_limit")):
            if key in data:
                with contextlib.suppress(ValueError):
                    choice.set_value(data[key])
        self._update_hint()

    def _update_hint(self) -> None:
        self.room_hint.setText(tr(codes.ROOM_HINT[self.room_choice.value().value]))

    def retranslate(self) -> None:
        self.title.setText(tr("new_game.table"))
        self.room_label.setText(tr("new_game.room"))
        self.rounds_label.setText(tr("new_game.length"))
        self.rounds_hint.setText(tr("new_game.rounds_hint"))
        self.time_label.setText(tr("new_game.time_limit"))
        for choice in (self.room_choice, self.rounds_choice, self.time_choice):
            choice.retranslate()
        self._update_hint()


class RulesCard(FormCard):
    """The rule preset and its option switches (RULES §7); a change of options that matches
    no preset is 自定义."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.preset_label = field_label()
        self.preset_combo = QComboBox()
        for preset in PRESETS:
            self.preset_combo.addItem("", preset.value)
        self.option_boxes: dict[str, QCheckBox] = {}
        options_grid = QGridLayout()
        options_grid.setHorizontalSpacing(18)
        options_grid.setVerticalSpacing(8)
        for index, name in enumerate(RULE_OPTIONS):
            box = QCheckBox()
            box.setCursor(Qt.CursorShape.PointingHandCursor)
            box.toggled.connect(self._option_edited)
            self.option_boxes[name] = box
            options_grid.addWidget(box, index // 2, index % 2)
        self.grid.addWidget(self.preset_label, 0, 0)
        self.grid.addWidget(self.preset_combo, 0, 1)
        self.preset_hint = hint_label()
        self.grid.addWidget(self.preset_hint, 1, 0, 1, 2)
        self.grid.addLayout(options_grid, 2, 0, 1, 2)
        self.grid.setColumnStretch(1, 1)
        self.preset_combo.currentIndexChanged.connect(self._preset_chosen)
        self._apply_preset(Preset.HEFEI)

    def preset(self) -> Preset:
        return Preset(self.preset_combo.currentData())

    def set_preset(self, preset: Preset | str) -> None:
        self.preset_combo.setCurrentIndex(PRESETS.index(Preset(preset)))

    def options(self) -> dict[str, bool]:
        return {name: box.isChecked() for name, box in self.option_boxes.items()}

    def _apply_preset(self, preset: Preset) -> None:
        self.preset_combo.blockSignals(True)
        self.preset_combo.setCurrentIndex(PRESETS.index(preset))
        self.preset_combo.blockSignals(False)
        self.preset_hint.setText(tr(codes.PRESET_HINT[preset.value]))
        if preset is not Preset.CUSTOM:
            for name, on in preset_options(preset).items():
                box = self.option_boxes[name]
                box.blockSignals(True)
                box.setChecked(on)
                box.blockSignals(False)

    def _preset_chosen(self, _index: int) -> None:
        self._apply_preset(self.preset())

    def _option_edited(self, _checked: bool) -> None:
        self._apply_preset(matching_preset(self.options()))

    def rules(self, room: Room, rounds: int, time_limit: int | None) -> Ruleset:
        """The ruleset of this preset (or these options) for the table's room, length and time."""
        preset = self.preset()
        if preset is Preset.CUSTOM:
            return Ruleset(
                room=room, rounds=rounds, time_limit=time_limit, preset=Preset.CUSTOM, **self.options()
            )
        return Ruleset.from_preset(preset, room=room, rounds=rounds, time_limit=time_limit)

    def choices(self) -> dict[str, Any]:
        return {"preset": self.preset().value, "options": self.options()}

    def apply_choices(self, data: dict[str, Any]) -> None:
        try:
            preset = Preset(data.get("preset", Preset.HEFEI))
        except ValueError:
            preset = Preset.HEFEI
        if preset is Preset.CUSTOM:
            options = data.get("options")
            if isinstance(options, dict):
                for name, box in self.option_boxes.items():
                    box.blockSignals(True)
                    box.setChecked(bool(options.get(name, False)))
                    box.blockSignals(False)
        self._apply_preset(preset)

    def retranslate(self) -> None:
        self.title.setText(tr("new_game.rules"))
        self.preset_label.setText(tr("new_game.preset"))
        for index, preset in enumerate(PRESETS):
            self.preset_combo.setItemText(index, tr(codes.PRESET[preset.value]))
        self.preset_hint.setText(tr(codes.PRESET_HINT[self.preset().value]))
        for name, box in self.option_boxes.items():
            box.setText(tr(codes.OPTION[name]))
            box.setToolTip(tr(codes.OPTION_TIP[name]))


def ai_level_combo() -> QComboBox:
    """The AI levels to choose from (texts from :func:`retranslate_levels`), normal first chosen."""
    combo = QComboBox()
    for level in AI_LEVELS:
        combo.addItem("", level)
    combo.setCurrentIndex(AI_LEVELS.index(DEFAULT_AI_LEVEL))
    return combo


def retranslate_levels(combo: QComboBox) -> None:
    for index, level in enumerate(AI_LEVELS):
        combo.setItemText(index, tr(codes.LEVEL[level]))


def dialog_buttons(dialog: QDialog,
                   main_action: Callable[[], object] | None = None) -> tuple[QPushButton, QPushButton]:
    """取消 and the dialog's main button (开始, 加入…), wired to reject and to `main_action`
    (by default accept)."""
    cancel = QPushButton()
    cancel.setObjectName("secondary")
    cancel.setAutoDefault(False)
    cancel.clicked.connect(dialog.reject)
    main = QPushButton()
    main.setObjectName("primary")
    main.setDefault(True)
    main.setCursor(Qt.CursorShape.PointingHandCursor)
    main.clicked.connect(main_action or dialog.accept)
    return cancel, main
