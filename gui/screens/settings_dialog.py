"""设置: edit the player's Settings (animation speed, language, auto-win, tiles, time limit,
sound)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QHBoxLayout,
    QPushButton,
    QSlider,
    QWidget,
)

from gui.i18n import LANGUAGES, codes, tr
from gui.parts.dialog_parts import (
    DIALOG_STYLE,
    DialogHeader,
    FormCard,
    SegmentedChoice,
    field_label,
    lay_out_dialog,
    side_by_side,
    time_limit_choice,
)
from gui.parts.plain_label import PlainLabel
from gui.settings import (
    AI_PAUSES,
    ANIMATION_SPEEDS,
    MAX_VOLUME,
    TILE_SIZES,
    TILE_THEMES,
    TIME_LIMITS,
    Settings,
    speed_name,
)

# The speed buttons run from slow (left) to instant (right).
SPEED_STEPS: tuple[str, ...] = ("slow", "normal", "fast", "instant")


class SettingsDialog(QDialog):
    """Edits a copy of ``settings``; ``result_settings()`` gives the edited Settings."""

    def __init__(self, settings: Settings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.setStyleSheet(DIALOG_STYLE)
        self.setModal(True)
        self._original = settings if settings is not None else Settings()

        self.header = DialogHeader(self)

        # -- display ------------------------------------------------------------------------
        self.display_card = FormCard(self)
        self.display_card.setMinimumWidth(500)
        self.speed_label = field_label()
        self.speed_choice = SegmentedChoice([(step, codes.SPEED[step], {}) for step in SPEED_STEPS])
        self.theme_label = field_label()
        self.theme_choice = SegmentedChoice([(theme, codes.TILE_THEME[theme], {}) for theme in TILE_THEMES])
        self.size_label = field_label()
        self.size_choice = SegmentedChoice([(size, codes.TILE_SIZE[size], {}) for size in TILE_SIZES])
        self.language_label = field_label()
        self.language_choice = SegmentedChoice([(lang, codes.LANGUAGE[lang], {}) for lang in LANGUAGES])
        self.display_card.add_rows([
            (self.speed_label, self.speed_choice), (self.theme_label, self.theme_choice),
            (self.size_label, self.size_choice), (self.language_label, self.language_choice),
        ])

        # -- play -------------------------------------------------------------------------------
        self.play_card = FormCard(self)
        self.auto_win_label = field_label()
        self.auto_win_box = QCheckBox()
        self.auto_win_box.setCursor(Qt.CursorShape.PointingHandCursor)
        self.time_label = field_label()
        self.time_choice = time_limit_choice()
        self.pause_label = field_label()
        self.pause_choice = SegmentedChoice([(key, codes.AI_PAUSE[key], {}) for key in AI_PAUSES])
        self.confirm_label = field_label()
        self.confirm_box = QCheckBox()
        self.confirm_box.setCursor(Qt.CursorShape.PointingHandCursor)
        self.tracker_label = field_label()
        self.tracker_box = QCheckBox()
        self.tracker_box.setCursor(Qt.CursorShape.PointingHandCursor)
        self.play_card.add_rows([
            (self.auto_win_label, self.auto_win_box), (self.confirm_label, self.confirm_box),
            (self.tracker_label, self.tracker_box),
            (self.pause_label, self.pause_choice), (self.time_label, self.time_choice),
        ])

        # -- sound ------------------------------------------------------------------------------
        self.sound_card = FormCard(self)
        self.sound_label = field_label()
        self.sound_box = QCheckBox()
        self.sound_box.setCursor(Qt.CursorShape.PointingHandCursor)
        self.volume_label = field_label()
        self.volume_slider = QSlider(Qt.Orientation.Horizontal)
        self.volume_slider.setRange(0, MAX_VOLUME)
        self.volume_slider.setPageStep(10)
        self.volume_slider.setMinimumWidth(140)
        self.volume_value = PlainLabel()
        self.volume_value.setMinimumWidth(44)
        self.volume_slider.valueChanged.connect(self._show_volume)
        # with the sound off, the whole row greys out: the slider and its figure
        self.volume_row = volume_row = QWidget()
        self.sound_box.toggled.connect(volume_row.setEnabled)
        row = QHBoxLayout(volume_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.volume_slider, 1)
        row.addWidget(self.volume_value)
        self.unfocused_label = field_label()
        self.unfocused_box = QCheckBox()
        self.unfocused_box.setCursor(Qt.CursorShape.PointingHandCursor)
        self.talk_label = field_label()  # 快捷语 at LAN tables: heard here as the sounds are
        self.talk_box = QCheckBox()
        self.talk_box.setCursor(Qt.CursorShape.PointingHandCursor)
        self.sound_card.add_rows([
            (self.sound_label, self.sound_box), (self.volume_label, volume_row),
            (self.unfocused_label, self.unfocused_box), (self.talk_label, self.talk_box),
        ])
        # in line with the display's rows
        for field in (self.sound_box, volume_row, self.unfocused_box, self.talk_box):
            field.setMinimumHeight(self.speed_choice.sizeHint().height())

        # -- buttons --------------------------------------------------------------------------
        self.defaults_button = QPushButton()
        self.defaults_button.setObjectName("secondary")
        self.defaults_button.setAutoDefault(False)
        self.defaults_button.clicked.connect(lambda: self._show(Settings()))
        self.cancel_button = QPushButton()
        self.cancel_button.setObjectName("secondary")
        self.cancel_button.setAutoDefault(False)
        self.cancel_button.clicked.connect(self.reject)
        self.ok_button = QPushButton()
        self.ok_button.setObjectName("primary")
        self.ok_button.setDefault(True)
        self.ok_button.clicked.connect(self.accept)

        # the sound beside the display: one column of three cards is too tall for a 768 px screen
        lay_out_dialog(self, self.header, [side_by_side((self.display_card, 3), (self.sound_card, 2)),
                                           self.play_card],
                       [self.defaults_button], [self.cancel_button, self.ok_button])

        self._show(self._original)
        self.retranslate()

    def _show(self, settings: Settings) -> None:
        self._shown_speed = settings.animation_speed
        self._shown_step = speed_name(settings.animation_speed)
        self.speed_choice.set_value(speed_name(settings.animation_speed))
        self.theme_choice.set_value(settings.tile_theme)
        self.size_choice.set_value(settings.tile_size)
        self.language_choice.set_value(settings.language)
        self.auto_win_box.setChecked(settings.auto_win)
        self.confirm_box.setChecked(settings.confirm_discard)
        self.tracker_box.setChecked(settings.show_tracker)
        self.pause_choice.set_value(settings.ai_pause)
        self.time_choice.set_value(settings.time_limit if settings.time_limit in TIME_LIMITS else None)
        self.sound_box.setChecked(settings.sound_on)
        self.volume_slider.setValue(settings.volume)
        self.volume_row.setEnabled(settings.sound_on)
        self.unfocused_box.setChecked(settings.mute_unfocused)
        self.talk_box.setChecked(settings.talk_muted)
        self._show_volume(settings.volume)

    def _show_volume(self, value: int) -> None:
        self.volume_value.setText(tr("settings.volume_value", n=value))

    def animation_speed(self) -> float:
        """The factor chosen; a loaded in-between value is kept unless another speed is picked."""
        step = self.speed_choice.value()
        if step == self._shown_step:
            return self._shown_speed
        return ANIMATION_SPEEDS[step]

    def result_settings(self) -> Settings:
        return replace(
            self._original,
            animation_speed=self.animation_speed(),
            language=self.language_choice.value(),
            auto_win=self.auto_win_box.isChecked(),
            confirm_discard=self.confirm_box.isChecked(),
            show_tracker=self.tracker_box.isChecked(),
            ai_pause=self.pause_choice.value(),
            tile_theme=self.theme_choice.value(),
            tile_size=self.size_choice.value(),
            time_limit=self.time_choice.value(),
            sound_on=self.sound_box.isChecked(),
            volume=self.volume_slider.value(),
            mute_unfocused=self.unfocused_box.isChecked(),
            talk_muted=self.talk_box.isChecked(),
        )

    def retranslate(self) -> None:
        self.setWindowTitle(tr("settings.title"))
        self.header.set_texts(tr("settings.title"), tr("settings.heading"))
        self.display_card.title.setText(tr("settings.display"))
        self.play_card.title.setText(tr("settings.play"))
        self.speed_label.setText(tr("settings.animation"))
        self.theme_label.setText(tr("settings.tile_theme"))
        self.size_label.setText(tr("settings.tile_size"))
        self.language_label.setText(tr("settings.language"))
        self.auto_win_label.setText(tr("settings.auto_win_label"))
        self.auto_win_box.setText(tr("settings.auto_win"))
        self.time_label.setText(tr("settings.time_limit"))
        self.confirm_label.setText(tr("settings.confirm_discard_label"))
        self.confirm_box.setText(tr("settings.confirm_discard"))
        self.tracker_label.setText(tr("settings.tracker_label"))
        self.tracker_box.setText(tr("settings.tracker"))
        self.pause_label.setText(tr("settings.ai_pause"))
        self.sound_card.title.setText(tr("settings.sound"))
        self.sound_label.setText(tr("settings.sound_label"))
        self.sound_box.setText(tr("settings.sound_on"))
        self.volume_label.setText(tr("settings.volume"))
        self._show_volume(self.volume_slider.value())
        self.unfocused_label.setText(tr("settings.mute_unfocused_label"))
        self.unfocused_box.setText(tr("settings.mute_unfocused"))
        self.talk_label.setText(tr("settings.talk_label"))
        self.talk_box.setText(tr("settings.talk_muted"))
        for choice in (
            self.speed_choice, self.theme_choice, self.size_choice, self.language_choice, self.time_choice,
            self.pause_choice,
        ):
            choice.retranslate()
        self.defaults_button.setText(tr("button.defaults"))
        self.cancel_button.setText(tr("button.cancel"))
        self.ok_button.setText(tr("button.ok"))
