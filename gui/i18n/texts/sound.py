"""The texts of sound: the settings' 声音 card and the notes of the table's M key."""

from __future__ import annotations

SOUND_TEXTS: dict[str, dict[str, str]] = {
    "settings.sound": {"zh": "声音", "en": "Sound"},
    "settings.sound_label": {"zh": "音效", "en": "Effects"},
    "settings.sound_on": {"zh": "开（牌桌上按 M 开关）", "en": "On (M at the table)"},
    "settings.volume": {"zh": "音量", "en": "Volume"},
    "settings.volume_value": {"zh": "{n}%", "en": "{n}%"},
    "settings.mute_unfocused_label": {"zh": "后台静音", "en": "Background"},
    "settings.mute_unfocused": {"zh": "切到其他窗口时不出声", "en": "Silent when not in focus"},
    "sound.on": {"zh": "声音已打开（M 关闭）", "en": "Sound on (M turns it off)"},
    "sound.off": {"zh": "声音已关闭（M 打开）", "en": "Sound off (M turns it on)"},
    "sound.unavailable": {
        "zh": "声音已打开，但本机没有可用的音频输出",
        "en": "Sound on, but this computer has no audio output here",
    },
}
