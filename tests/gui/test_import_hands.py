"""The profile page's Import button: every refusal, and every failure of
the store behind it, is told to the player in the player's language; nothing escapes."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from gui import i18n, message_box
from gui.profile import page as profile_page
from gui.profile.page import ProfilePage
from storage.store import ProfileStore
from tests.storage.test_import_hands import _consistent, _saved, _within


@pytest.fixture
def page(qtbot: QtBot, store: ProfileStore, monkeypatch: pytest.MonkeyPatch) -> Iterator[ProfilePage]:
    store.create("a")
    store.select("a")
    widget = ProfilePage(store)
    qtbot.addWidget(widget)
    widget.warnings = []  # type: ignore[attr-defined]
    monkeypatch.setattr(message_box, "warn",
                        lambda parent, title, text: widget.warnings.append(text))  # type: ignore[attr-defined]
    yield widget
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def _choose(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(profile_page.QFileDialog, "getOpenFileName", lambda *args, **kw: (str(path), ""))


def _fifo(tmp_path: Path) -> Path:
    os.mkfifo(tmp_path / "hand.json")
    return tmp_path / "hand.json"


def _huge_streak(tmp_path: Path) -> Path:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(_consistent(dict(_saved(3), dealer_streak=10**19))), "utf-8")
    return path


def _nan(tmp_path: Path) -> Path:
    path = tmp_path / "hand.json"
    path.write_bytes(b'{"seed": NaN}')
    return path


CASES = [
    (_huge_streak, {"zh": "dealer_streak 的值", "en": "dealer_streak is"}),
    (_nan, {"zh": "数值", "en": "a number no saved hand has"}),
]
if os.name == "posix":
    CASES.append((_fifo, {"zh": "不是普通文件", "en": "not a regular file"}))


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(("make", "words"), CASES, ids=[c[0].__name__ for c in CASES])
def test_import_refusals_are_told_in_the_players_language(page: ProfilePage, monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path, lang: str, make: Any,
                                                          words: dict[str, str]) -> None:
    i18n.set_language(lang)
    _choose(monkeypatch, make(tmp_path))
    with _within(20):
        page._import()
    assert len(page.warnings) == 1 and words[lang] in page.warnings[0], page.warnings  # type: ignore[attr-defined]
    assert page.store.history("a") == []


@pytest.mark.parametrize("failure", [OverflowError("int too large"), RuntimeError(), OSError("disk gone")])
def test_any_failure_behind_the_import_is_told_not_raised(page: ProfilePage, monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path, failure: Exception) -> None:
    i18n.set_language("en")
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(_saved()), "utf-8")
    _choose(monkeypatch, path)

    def fail(*args: object) -> int:
        raise failure

    monkeypatch.setattr(page.store, "import_hand", fail)
    page._import()
    [message] = page.warnings  # type: ignore[attr-defined]
    assert message.startswith("hand.json could not be imported: ")
    assert (str(failure) or type(failure).__name__) in message


def test_a_good_file_is_imported_without_a_word(page: ProfilePage, monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(_saved()), "utf-8")
    _choose(monkeypatch, path)
    page._import()
    assert page.warnings == []  # type: ignore[attr-defined]
    assert len(page.store.history("a")) == 1
