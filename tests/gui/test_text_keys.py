"""Typed access to the texts (gui.i18n): the generated TextKey type is exactly the table's keys,
mypy refuses a misspelt key, every text has both languages and is used, and each mapping of
codes to keys (gui.i18n.codes) covers exactly the codes it translates."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path
from typing import get_args

import pytest

from engine.game import scoring
from engine.game.actions import ActionKind
from engine.game.rules import Preset, Room
from engine.game.scoring import WinRefusal
from engine.net import talk
from engine.table.tutorial import MOMENTS
from gui import settings
from gui.i18n import codes, set_language, tr, tr_in
from gui.i18n.keys import TextKey
from gui.i18n.texts import LANGUAGES, ONE_FORMS, TEXTS, joined
from gui.i18n.texts.levels import AI_LEVELS
from gui.lan.words import ENDS, REFUSALS
from gui.parts.match_form import RULE_OPTIONS
from gui.table.candidate_table import COLUMNS
from storage.codes import RESULT_CODES
from storage.imports import REFUSALS as IMPORT_REFUSALS
from tests.gui.built_keys import as_key

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import make_text_keys  # noqa: E402  (tools/ is not a package)


def _string_constants(files: list[Path]) -> set[str]:
    found: set[str] = set()
    for file in files:
        for node in ast.walk(ast.parse(file.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def test_the_generated_key_type_is_up_to_date() -> None:
    assert (ROOT / "gui" / "i18n" / "keys.py").read_text("utf-8") == make_text_keys.render(list(TEXTS)), \
        "gui/i18n/keys.py is stale: run python tools/make_text_keys.py"
    assert list(get_args(TextKey)) == list(TEXTS)


def test_every_text_has_both_languages_and_no_key_is_defined_twice() -> None:
    for key, entry in TEXTS.items():
        assert set(LANGUAGES) <= set(entry) <= set(LANGUAGES + ONE_FORMS), key
        assert all(entry.values()), key
    with pytest.raises(ValueError, match="defined twice"):
        joined(({"a.b": {"zh": "一", "en": "one"}}, {"a.b": {"zh": "二", "en": "two"}}))
    with pytest.raises(ValueError, match="needs exactly"):
        joined(({"a.b": {"zh": "一"}},))
    with pytest.raises(ValueError, match="needs exactly"):
        joined(({"a.b": {"zh": "一", "en": "one", "fr_one": "un"}},))


# An English count the reader must not see as "1 tiles left": "{n} tiles", "{count} changes",
# or a hedge like "seat(s)".
_ORDINALS = {"end.title"}  # "Hand {n} results": the hand's number, not a count
_ENGLISH_PLURAL = re.compile(r"\{(n|count)\} (\w+ )?\w+s\b|\w\(s\)")


def test_an_english_count_of_one_reads_singular() -> None:
    """Every English text that counts things has its singular, and ``tr`` picks it for 1 only
    (the centre box said "1 tiles left" at the last draw)."""
    plural = {key for key, entry in TEXTS.items() if _ENGLISH_PLURAL.search(entry["en"])} - _ORDINALS
    assert plural, "the pattern finds the counted texts"
    assert sorted(key for key in plural if "en_one" not in TEXTS[key]) == []
    assert not [key for key, entry in TEXTS.items() if re.search(r"\w\(s\)", entry["en"])]  # "seat(s)"
    set_language("en")
    try:
        assert tr("table.tiles_left", n=1) == "1 tile left"
        assert tr("table.tiles_left", n=2) == "2 tiles left"
        assert tr("table.tiles_left", n=0) == "0 tiles left"
        assert tr("store.saved_again", count=1).startswith("Saved again: the change ")
        for key in sorted(plural):
            one = tr_in("en", as_key(key), **_placeholders(key, 1))
            many = tr_in("en", as_key(key), **_placeholders(key, 3))
            assert not re.search(r"\b1 (\w+ )?\w+s\b", one), (key, one)
            assert one != many, key
            assert tr_in("zh", as_key(key), **_placeholders(key, 1)) == \
                TEXTS[key]["zh"].format(**_placeholders(key, 1)), key
    finally:
        set_language("zh")


def _placeholders(key: str, count: int) -> dict[str, object]:
    import string

    names = {f for _, f, _, _ in string.Formatter().parse(TEXTS[key]["en"]) if f}
    return {name: count if name in ("n", "count") else name.upper() for name in names}


def test_every_text_is_used_by_the_gui() -> None:
    """Each key appears as a string in the GUI's code (a call of tr, or a mapping of codes)."""
    files = [f for f in (ROOT / "gui").rglob("*.py") if "texts" not in f.parts and f.name != "keys.py"]
    used = _string_constants(files)
    assert [key for key in TEXTS if key not in used] == []


def _mypy(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    snippet = tmp_path / "snippet.py"
    snippet.write_text(source, "utf-8")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--follow-imports=silent", str(snippet)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )


def test_mypy_refuses_a_misspelt_key_and_takes_a_right_one(tmp_path: Path) -> None:
    wrong = _mypy(tmp_path, 'from gui.i18n import tr\n\ntr("app.titel")\n')
    assert wrong.returncode == 1 and 'Argument 1 to "tr" has incompatible type' in wrong.stdout, wrong.stdout
    right = _mypy(tmp_path, 'from gui.i18n import codes, tr\n\ntr("app.title")\ntr(codes.ROOM["open"])\n')
    assert right.returncode == 0, right.stdout


def _raised_codes(path: Path, name: str) -> set[object]:
    """The first argument of every ``name("code", ...)`` call in a file."""
    found: set[object] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == name \
                and node.args and isinstance(node.args[0], ast.Constant):
            found.add(node.args[0].value)
    return found


@pytest.mark.parametrize(("mapping", "covered"), [
    (codes.ROOM, {room.value for room in Room}),
    (codes.ROOM_HINT, {room.value for room in Room}),
    (codes.ROOM_SHORT, {room.value for room in Room}),
    (codes.PRESET, {preset.value for preset in Preset}),
    (codes.PRESET_HINT, {preset.value for preset in Preset}),
    (codes.OPTION, set(RULE_OPTIONS)),
    (codes.OPTION_TIP, set(RULE_OPTIONS)),
    (codes.LEVEL, set(AI_LEVELS)),
    (codes.AI_TITLE, set(AI_LEVELS)),
    (codes.REFUSAL, {refusal.value for refusal in WinRefusal}),
    (codes.RESULT, set(RESULT_CODES)),
    (codes.MOVE, {kind.value for kind in ActionKind}),
    (codes.EXPLAIN_COLUMN, set(COLUMNS)),
    (codes.EXPLAIN_TIP, set(COLUMNS)),
    (codes.TALK, set(talk.CODES)),
    (codes.TUTORIAL, {moment.key for moment in MOMENTS}),
    (codes.RULES_TAB, set(LANGUAGES)),
    (codes.LANGUAGE, set(LANGUAGES)),
    (codes.SPEED, set(settings.ANIMATION_SPEEDS)),
    (codes.TILE_THEME, set(settings.TILE_THEMES)),
    (codes.TILE_SIZE, set(settings.TILE_SIZES)),
    (codes.AI_PAUSE, set(settings.AI_PAUSES)),
    (codes.LAN_REFUSED, set(REFUSALS)),
    (codes.LAN_END, set(ENDS)),
    (codes.SCORE, {rule.code for rule in scoring._ITEMS + scoring._FIRST_DRAW_ITEMS} | {"two_missing_suits"}),
    (codes.LOG, _raised_codes(ROOT / "gui" / "table" / "model.py", "_log")
     | {"exhaustive", "hand_ended"}),  # (the one call that chooses between two)
    (codes.IMPORT_REFUSED, set(IMPORT_REFUSALS)),
    (codes.STORE_NOTICE,
     set().union(*(_raised_codes(path, "Notice") for path in (ROOT / "storage").glob("*.py"))) - {"joined"}),
    # ("joined": parts told one after another, each by its own code)
])
def test_each_mapping_of_codes_covers_exactly_its_codes(mapping: dict[object, object],
                                                        covered: set[str]) -> None:
    assert set(mapping) == covered
