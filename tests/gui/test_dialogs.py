"""Settings storage, i18n, the dialogs and the start screen (pytest-qt, offscreen)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import json
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from engine.game.rules import Preset, Room, Ruleset
from engine.game.scoring import REFUSE_EIGHT, REFUSE_SHAPE, REFUSE_UNDECLARED
from gui import i18n
from gui import settings as store
from gui.screens.new_game import NewGameDialog
from gui.screens.rules import RulesDialog
from gui.screens.settings_dialog import SettingsDialog
from gui.screens.start import StartScreen
from gui.settings import Settings
from tests.gui.built_keys import as_key

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"

SCORE_CODES = (
    "base", "zhi", "double_eight", "missing_suit", "pure_suit", "tong", "kan", "gang", "huo", "ka",
    "twin_sequences", "seven_pairs", "last_four", "heavenly", "earthly", "luxury_multiplier",
    "kong_replacement_multiplier",
)


def not_blank(image: QImage) -> bool:
    """Many different colours over a grid of samples: something was drawn."""
    colours = {
        image.pixel(x, y)
        for x in range(0, image.width(), max(1, image.width() // 40))
        for y in range(0, image.height(), max(1, image.height() // 40))
    }
    return len(colours) > 30


# -- i18n ---------------------------------------------------------------------------------------

def test_every_key_has_both_languages_with_the_same_placeholders() -> None:
    import string

    for key in i18n.all_keys():
        i18n.set_language("zh")
        zh = i18n.tr(as_key(key))
        i18n.set_language("en")
        en = i18n.tr(as_key(key))
        assert zh and en, key
        names = [{f for _, f, _, _ in string.Formatter().parse(text) if f} for text in (zh, en)]
        assert names[0] == names[1], key


def test_tr_defaults_to_chinese_and_switches() -> None:
    assert i18n.language() == "zh"
    assert i18n.tr("action.win") == "胡"
    i18n.set_language("en")
    assert i18n.tr("action.win") == "Win"
    assert i18n.tr("end.title", n=12) == "Hand 12 results"
    assert i18n.tr("no.such.key") == "no.such.key"  # type: ignore[arg-type]  # as only a bypassed check can
    with pytest.raises(ValueError):
        i18n.set_language("fr")


def test_score_items_and_refusals_have_words() -> None:
    for code in SCORE_CODES:
        assert i18n.has_key(f"score.{code}"), code
    assert i18n.score_label("luxury_multiplier", 3) == "豪华七对 ×3"
    assert i18n.score_label("missing_suit", 2) == "缺两门"
    assert i18n.refusal_reason(REFUSE_SHAPE) == "没有胡牌牌型"
    assert "8" in i18n.refusal_reason(REFUSE_EIGHT)
    i18n.set_language("en")
    assert i18n.refusal_reason(REFUSE_UNDECLARED) == "not declared ready"
    assert i18n.refusal_reason(REFUSE_EIGHT) == "the 8-tile rule: one suit needs 8+ tiles"


# -- settings storage ---------------------------------------------------------------------------

def test_settings_round_trip(tmp_path: Path) -> None:
    file = tmp_path / "settings.json"
    settings = Settings(
        animation_speed=0.5, language="en", auto_win=False, tile_theme="contrast", tile_size="large",
        time_limit=30, window_geometry="AdnQywADAAA=",
        last_new_game={"room": "baoting", "rounds": 2, "preset": "bianfeng", "ai_levels": ["hard"] * 3},
    )
    assert store.save(settings, file) == file
    data = json.loads(file.read_text(encoding="utf-8"))
    assert data["schema"] == store.SCHEMA_VERSION
    loaded, warning = store.load(file)
    assert warning is None
    assert loaded == settings
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temporary file left


def test_missing_file_gives_defaults_and_env_var_moves_the_folder(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(store.ENV_CONFIG_DIR, str(tmp_path / "cfg"))
    assert store.settings_path() == tmp_path / "cfg" / "settings.json"
    assert store.load() == (Settings(), None)
    store.save(Settings(language="en"))
    assert store.load().settings.language == "en"
    assert store.settings_path(tmp_path / "cfg") == tmp_path / "cfg" / "settings.json"  # a folder works too


def test_atomic_write_keeps_the_old_file_when_replace_fails(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    file = tmp_path / "settings.json"
    store.save(Settings(tile_size="small"), file)
    before = file.read_bytes()

    def broken_replace(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(store.os, "replace", broken_replace)
    with pytest.raises(OSError):
        store.save(Settings(tile_size="large"), file)
    monkeypatch.undo()
    assert file.read_bytes() == before
    assert store.load(file).settings.tile_size == "small"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


@pytest.mark.parametrize("text", ["{not json", "[1, 2, 3]", "\xff\xfe garbage", ""])
def test_corrupt_file_gives_defaults_a_warning_and_is_kept_aside(tmp_path: Path, text: str) -> None:
    file = tmp_path / "settings.json"
    file.write_bytes(text.encode("latin-1"))
    settings, warning = store.load(file)
    assert settings == Settings()
    assert warning
    kept = list(tmp_path.glob("settings.json.bad-*"))
    assert len(kept) == 1
    assert kept[0].read_bytes() == text.encode("latin-1")
    assert kept[0].name in warning
    store.save(settings, file)  # the next save works and the next load is clean
    assert store.load(file) == (Settings(), None)


def test_bad_values_fall_back_field_by_field(tmp_path: Path) -> None:
    file = tmp_path / "settings.json"
    file.write_text(json.dumps({
        "schema": 1, "language": "fr", "animation_speed": 9, "auto_win": "yes", "tile_size": "small",
        "time_limit": -5, "future_field": 1,
    }), encoding="utf-8")
    settings, warning = store.load(file)
    assert warning is None
    assert settings == Settings(tile_size="small")


# -- the new game dialog ----------------------------------------------------------------------------

def test_new_game_defaults_are_a_standard_hefei_game(qtbot: QtBot) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    assert dialog.result_rules() == Ruleset.hefei(room=Room.OPEN, rounds=4)
    assert dialog.ai_levels() == ["normal", "normal", "normal"]
    assert dialog.start_button.isDefault()


def test_new_game_preset_flips_options_and_editing_makes_it_custom(qtbot: QtBot) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.set_preset(Preset.BIANFENG)
    assert dialog.option_boxes["two_missing_suits"].isChecked()
    assert dialog.option_boxes["huo_any_four"].isChecked()
    assert not dialog.option_boxes["auto_win"].isChecked()
    assert dialog.result_rules() == Ruleset.bianfeng(rounds=4)

    dialog.set_preset(Preset.HEFEI_002)
    assert dialog.options() == {"luxury_seven_pairs": True, "concealed_exposed": True,
                                "two_missing_suits": False, "huo_any_four": False, "auto_win": True}
    assert dialog.result_rules() == Ruleset.hefei_002(rounds=4)

    dialog.option_boxes["auto_win"].setChecked(False)
    assert dialog.preset() is Preset.CUSTOM
    rules = dialog.result_rules()
    assert rules.preset is Preset.CUSTOM and rules.luxury_seven_pairs and not rules.auto_win
    dialog.option_boxes["auto_win"].setChecked(True)  # back to exactly the preset's options
    assert dialog.preset() is Preset.HEFEI_002


def test_new_game_clicks_and_remembered_choices(qtbot: QtBot) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.room_choice.button(Room.BAOTING), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.rounds_choice.button(1), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.time_choice.button(None), Qt.MouseButton.LeftButton)
    dialog.level_combos[2].setCurrentIndex(2)
    assert dialog.result_rules() == Ruleset.hefei(room=Room.BAOTING, rounds=1, time_limit=None)
    assert dialog.ai_levels() == ["normal", "normal", "hard"]
    assert "12" in dialog.room_hint.text()

    again = NewGameDialog(last=json.loads(json.dumps(dialog.choices())))
    qtbot.addWidget(again)
    assert again.result_rules() == dialog.result_rules()
    assert again.ai_levels() == dialog.ai_levels()
    stale = NewGameDialog(last={"room": "nope", "rounds": 3, "preset": "x", "ai_levels": "bad"})
    qtbot.addWidget(stale)
    assert stale.result_rules() == Ruleset.hefei()


def test_new_game_custom_choices_come_back(qtbot: QtBot) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.option_boxes["huo_any_four"].setChecked(True)
    again = NewGameDialog(last=dialog.choices())
    qtbot.addWidget(again)
    assert again.preset() is Preset.CUSTOM
    assert again.result_rules() == dialog.result_rules()
    assert again.result_rules().huo_any_four


# -- settings and rules dialogs ---------------------------------------------------------------------

def test_settings_dialog_edits_a_copy(qtbot: QtBot) -> None:
    original = Settings(animation_speed=1.3, window_geometry="abc", last_new_game={"rounds": 1})
    dialog = SettingsDialog(original)
    qtbot.addWidget(dialog)
    assert dialog.result_settings() == original  # nothing touched: even 1.3 survives
    qtbot.mouseClick(dialog.speed_choice.button("instant"), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.language_choice.button("en"), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.size_choice.button("large"), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.theme_choice.button("contrast"), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.time_choice.button(10), Qt.MouseButton.LeftButton)
    dialog.auto_win_box.setChecked(False)
    assert dialog.result_settings() == replace(
        original, animation_speed=0.0, language="en", tile_size="large", tile_theme="contrast",
        time_limit=10, auto_win=False,
    )
    qtbot.mouseClick(dialog.defaults_button, Qt.MouseButton.LeftButton)
    assert dialog.result_settings() == replace(Settings(), window_geometry="abc", last_new_game={"rounds": 1})


def test_rules_dialog_has_both_languages(qtbot: QtBot) -> None:
    dialog = RulesDialog()
    qtbot.addWidget(dialog)
    assert dialog.tabs.count() == 2
    zh, en = dialog.text("zh"), dialog.text("en")
    for words in ("84 张", "八张规则", "报听", "海捞", "荒庄", "庄分", "双铺子", "财神"):
        assert words in zh, words
    for words in ("84 tiles", "8-tile rule", "Declare ready", "Last four", "dealer bonus", "God of wealth"):
        assert words in en, words
    assert dialog.tabs.currentIndex() == 0
    i18n.set_language("en")
    dialog.retranslate()
    assert dialog.tabs.currentIndex() == 1
    assert dialog.close_button.text() == "Close"


# -- start screen --------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["new_game", "continue", "rules", "settings", "quit"])
def test_start_screen_buttons_emit_their_signals(qtbot: QtBot, name: str) -> None:
    screen = StartScreen()
    qtbot.addWidget(screen)
    screen.set_continue_enabled(True)
    screen.show()
    button = getattr(screen, f"{name}_button")
    signal = getattr(screen, f"{name}_requested")
    with qtbot.waitSignal(signal, timeout=30_000):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_continue_is_hidden_until_enabled(qtbot: QtBot) -> None:
    screen = StartScreen()
    qtbot.addWidget(screen)
    assert not screen.continue_enabled()
    screen.set_continue_enabled(True)
    assert screen.continue_enabled()
    screen.set_continue_enabled(False)
    assert not screen.continue_enabled()


def test_language_switch_changes_button_texts(qtbot: QtBot) -> None:
    screen = StartScreen()
    dialog = NewGameDialog()
    qtbot.addWidget(screen)
    qtbot.addWidget(dialog)
    assert screen.new_game_button.text() == "新游戏"
    assert dialog.start_button.text() == "开始"
    i18n.set_language("en")
    screen.retranslate()
    dialog.retranslate()
    assert [b.text() for b in (screen.new_game_button, screen.continue_button, screen.rules_button,
                               screen.settings_button, screen.quit_button)] == [
        "New game", "Continue", "Rules", "Settings", "Quit"]
    assert dialog.start_button.text() == "Start"
    assert dialog.room_choice.button(Room.BAOTING).text() == "Declared-ready room"
    assert dialog.level_combos[0].currentText() == "Normal"


# -- screenshots ---------------------------------------------------------------------------------------

def test_screenshots(qtbot: QtBot) -> None:
    SHOTS.mkdir(exist_ok=True)
    screen = StartScreen()
    qtbot.addWidget(screen)
    screen.resize(1280, 800)
    screen.show()
    qtbot.waitExposed(screen)
    shot = screen.grab()
    assert (shot.width(), shot.height()) == (1280, 800)
    assert shot.save(str(SHOTS / "start_screen.png"))
    assert not_blank(QImage(str(SHOTS / "start_screen.png")))

    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    shot = dialog.grab()
    assert shot.save(str(SHOTS / "new_game.png"))
    assert not_blank(QImage(str(SHOTS / "new_game.png")))
