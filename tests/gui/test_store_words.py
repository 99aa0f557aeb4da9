"""The GUI's side of the stores' codes: every code has words in both languages (a refusal to
import, a result, a seat named by its place), and what the table writes is stored as codes."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from gui import i18n
from gui.i18n.store import display_names, notice_text, refusal_text
from storage.codes import PLACE_NAMES, RESULT_CODES, coded_names
from storage.imports import REFUSALS, ImportRefused
from storage.notice import Notice
from storage.store import ProfileStore
from tests.gui.built_keys import as_key
from tests.profile_helpers import current, fake_record


@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_every_import_refusal_is_told_in_both_languages(code: str) -> None:
    values = {name: f"<{name}>" for name in REFUSALS[code]}
    refused = ImportRefused(code, **values)
    for lang in i18n.LANGUAGES:
        text = refusal_text(refused, lang)
        assert text != f"import.{code}" and text == i18n.tr_in(lang, as_key(f"import.{code}"), **values)
        assert not re.search(r"\{[a-z_]+\}", text), text  # every placeholder filled
        assert all(value in text for value in values.values()), (lang, text)  # and every value said
    assert refusal_text(refused) == refusal_text(refused, "zh")  # the player's language by default
    i18n.set_language("en")
    assert refusal_text(refused) == refusal_text(refused, "en")


def test_a_refusal_takes_exactly_its_values() -> None:
    with pytest.raises(TypeError):
        ImportRefused("too_large")
    with pytest.raises(TypeError):
        ImportRefused("no_such_reason", name="x")
    assert refusal_text(ImportRefused("too_large", name="x.json")) == "x.json 太大，不是保存的牌局"


def test_store_notices_are_told_in_the_players_language() -> None:
    notice = Notice("saved_again", "Saved again: 2 change(s) …", count=2)
    assert notice == "Saved again: 2 change(s) …"  # its English text, for logs
    assert notice_text(notice) == "已经保存好了：之前没能保存的 2 项改动现在都已保存。"
    i18n.set_language("en")
    assert notice_text(notice) == "Saved again: 2 changes that could not be saved before are now saved."
    one = Notice("saved_again", "Saved again: 1 change(s) …", count=1)
    assert notice_text(one) == "Saved again: the change that could not be saved before is now saved."
    assert notice_text("plain words") == "plain words"
    assert notice_text(Notice("no_such_code", "as it is")) == "as it is"


def test_every_result_code_has_its_words() -> None:
    zh = {"self_draw": "自摸", "win_discard": "点炮胡", "deal_in": "点炮", "exhaustive": "荒庄", "other": "—"}
    en = {"self_draw": "Self-draw", "win_discard": "Won on discard", "deal_in": "Dealt in",
          "exhaustive": "Exhaustive draw", "other": "—"}
    assert set(zh) == set(RESULT_CODES)
    assert {code: i18n.result_label(code) for code in RESULT_CODES} == zh
    i18n.set_language("en")
    assert {code: i18n.result_label(code) for code in RESULT_CODES} == en
    assert i18n.result_label("future_code") == "future_code"  # a newer program's code, as it is


def test_seats_named_by_their_place_are_shown_in_the_players_language() -> None:
    assert display_names(["小明", "", "", ""], 0) == ["小明", "下家", "对家", "上家"]
    assert display_names(["", "", "me", ""], 2) == ["对家", "上家", "me", "下家"]
    i18n.set_language("en")
    assert display_names(["小明", "", "Carol", ""], 0) == ["小明", "Right", "Carol", "Left"]
    assert display_names(["", "", "小明", ""], 2) == ["Opposite", "Left", "小明", "Right"]


def test_the_stores_know_every_word_the_table_names_a_seat_by() -> None:
    """What the table calls a computer seat, in any language, is read from an old file as ""
    (its place): the migration knows every word the game has shown."""
    for relative in (1, 2, 3):
        assert i18n.seat_labels(relative) <= PLACE_NAMES[relative]
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        assert coded_names(display_names(["me", "", "", ""], 0), 0) == ["me", "", "", ""]
        assert coded_names(display_names(["", "me", "", ""], 1), 1) == ["", "me", "", ""]


def test_match_names_in_progress_are_saved_as_codes(store: ProfileStore) -> None:
    """What ProfileSession.hand_saved writes between hands: the engine's codes, as they come."""
    from engine.game import events as ev
    from engine.game.rules import Ruleset
    from engine.table.setup import local_match
    from gui.session import ProfileSession

    table = list(local_match(Ruleset(), 1, ["normal"] * 3, "me").names)
    state = {"rules": {}, "seed": 1, "names": table, "dealer": 0, "dealer_streak": 2, "passes": 0,
             "scores": [0, 0, 0, 0], "played": 1}
    saved = SimpleNamespace(record=fake_record([0, 0, 0, 0], exhaustive=True) | {"names": table},
                            match_state=state, over=False, seat=0)
    ended = ev.HandEnded((), True, (0, 0, 0, 0), (0, 0, 0, 0), ((),) * 4, ((),) * 4, 0, 2)
    summary = SimpleNamespace(ended=ended, wins=[])
    store.create("me")
    store.select("me")
    session = ProfileSession(store)
    session.begin_match(session.rules, ["normal"] * 3)
    session.save_start(state)  # a new match is saved before its first hand
    started = store.match_in_progress("me")
    assert started is not None and started["match"]["names"] == ["me", "", "", ""]
    session.hand_saved(saved, summary)  # type: ignore[arg-type]
    in_progress = store.match_in_progress("me")
    assert in_progress is not None and in_progress["match"]["names"] == ["me", "", "", ""]
    assert store.history("me")[0].result == "exhaustive"


@pytest.mark.parametrize("over", [False, True])
def test_a_hand_hosted_elsewhere_counts_without_a_match_to_resume(store: ProfileStore, over: bool) -> None:
    """A table another computer hosts (LAN) gives no match state: the hand still counts, nothing
    is offered to continue, and a last hand records the match from the table's scores."""
    from engine.game import events as ev
    from gui.session import ProfileSession

    table = ["me", "下家", "对家", "上家"]
    saved = SimpleNamespace(record=fake_record([3, -3, 0, 0], exhaustive=False) | {"names": table},
                            match_state=None, over=over, seat=0)
    ended = ev.HandEnded((0,), False, (3, -3, 0, 0), (5, -3, -2, 0), ((),) * 4, ((),) * 4, 1, 1)
    summary = SimpleNamespace(ended=ended, wins=[], hand_number=4)
    store.create("me")
    store.select("me")
    session = ProfileSession(store)
    session.begin_match(session.rules, ["normal"] * 3)
    session.hand_saved(saved, summary)  # type: ignore[arg-type]
    assert len(store.history("me")) == 1  # the hand counts
    assert store.match_in_progress("me") is None  # nothing to resume here
    room = current(store).rooms[session.rules.room.value]
    assert room.matches == (1 if over else 0)


def test_a_lan_hand_counts_for_the_players_own_seat_and_keeps_the_saved_match(store: ProfileStore) -> None:
    """At a LAN table the player may sit at any of the host's seats: the record keeps the host's
    numbers, the summary is turned to the player; the profile credits the player's seat. A LAN
    match that ends leaves the match saved on this computer alone."""
    from engine.game import events as ev
    from gui.parts.connection import HandSaved
    from gui.session import ProfileSession

    store.create("me")
    store.select("me")
    session = ProfileSession(store)
    session.begin_match(session.rules, ["normal"] * 3)
    local = {"rules": {}, "seed": 1, "names": ["me", "下家", "对家", "上家"], "dealer": 0, "dealer_streak": 1,
             "passes": 0, "scores": [0, 0, 0, 0], "played": 0}
    session.save_start(local)
    session.begin_match(session.rules, [], match_id="lan-1")  # a LAN match: the local one stays
    assert store.match_in_progress("me") is not None
    names = ["东", "南", "me", "北"]
    record = fake_record([-6, -3, 12, -3], exhaustive=False) | {"names": names}
    saved = HandSaved(record, None, True, seat=2)
    # the summary as the player saw it: themselves at 0
    ended = ev.HandEnded((0,), False, (12, -3, -6, -3), (12, -3, -6, -3), ((),) * 4, ((),) * 4, 0, 2)
    summary = SimpleNamespace(ended=ended, wins=[], hand_number=1)
    session.hand_saved(saved, summary)  # type: ignore[arg-type]
    history = store.history("me")
    assert len(history) == 1 and history[0].delta == 12
    profile = store.current()
    assert profile is not None and profile.totals().net == 12 and profile.match_results == [12]
    assert store.match_in_progress("me") is not None  # the local match is still there to continue


def test_a_damaged_profile_file_is_told_whole_in_chinese(tmp_path) -> None:
    """It used to read "存档提示：Your profile file profiles.json is damaged…" in the Chinese game."""
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "profiles.json").write_bytes(b"{broken")
    (folder / "profiles.json.bak").write_bytes(b"\x00\x01")
    store = ProfileStore(folder)
    (warning,) = store.load()
    store.close()
    text = notice_text(warning)
    assert text.startswith("档案文件 profiles.json 已损坏（") and "没有找到可用的备份" in text
    assert "损坏的文件保留为 profiles.json.bad-" in text
    assert not any(word in text for word in ("Your", "damaged", "backup", "kept"))
    i18n.set_language("en")
    assert notice_text(warning) == str(warning)  # the English words are the store's own


def test_every_store_notice_is_in_both_languages() -> None:
    from gui.i18n import codes

    for code, key in codes.STORE_NOTICE.items():
        texts = i18n.texts_of(key)
        assert texts["zh"] and texts["en"], code
        words = re.sub(r"\{\w+\}|\w+\.(json|sqlite3)", "", texts["zh"])
        assert not re.search("[A-Za-z]", words), (code, texts["zh"])
