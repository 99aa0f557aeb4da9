"""English as complete as Chinese: no Chinese-only words reach an English screen,
except the names players know in Chinese (rank titles, the game's own name, a language's own
name), always shown beside their English; the rank titles' English; the history's result says
who won."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QLabel

from engine.game.ranks import RANKS
from gui import i18n
from gui.i18n.texts import TEXTS
from gui.i18n.titles import ENGLISH, level_words, title_words
from gui.profile.page import history_result
from gui.table.end_dialogs import EndOfHandDialog
from gui.tiles.art import TileArt
from storage.history import HistoryRow, winners_of
from tests.gui.window_parts import cell
from tests.table_states import DEALS, new_scene, play

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
# words in their own script by design: the game's Chinese name under its English one, and each
# language named in itself
OWN_SCRIPT = {"app.subtitle", "lang.zh", "rules.tab_zh", "score.col_other"}


@pytest.fixture
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("zh")


def _chinese_only(text: str) -> list[str]:
    """Chinese words in `text` shown without their English: neither followed by it in brackets
    ("待业 (Jobless)") nor in brackets after it ("points (积分)")."""
    out = []
    for match in CJK.finditer(text):
        after = text[match.end():].lstrip()
        before = text[:match.start()].rstrip()
        if not after.startswith("(") and not before.endswith("("):
            out.append(match.group())
    return out


def test_every_english_text_is_english():
    bad = {key: v["en"] for key, v in TEXTS.items()
           if key not in OWN_SCRIPT and _chinese_only(v.get("en", ""))}
    assert not bad


def test_every_rank_title_has_its_english_beside_it(english):
    for level in RANKS:
        for title in (level.rank_title, level.dan_title):
            assert ENGLISH.get(title), title
            assert title_words(title) == f"{title} ({ENGLISH[title]})"
        assert not _chinese_only(level_words(level))
    assert level_words(RANKS[0]) == "待业 (Jobless) · 麻袋 (Sack)"
    i18n.set_language("zh")
    assert level_words(RANKS[0]) == "待业 · 麻袋"


def test_the_table_in_english_shows_no_chinese(qtbot, english):
    art = TileArt()
    for deal in (DEALS[7], DEALS[9]):  # 报听, kongs everywhere and the 海捞
        scene = new_scene(art, deal.rules)
        scene.set_tracker_visible(True)
        seen: set[str] = set()
        for event in play(scene, deal):
            call = scene.call_of(event.for_seat(0))
            if call is not None:
                scene.calls.place(None, call)
            for item in scene.items():
                if isinstance(item, QGraphicsSimpleTextItem) and item.isVisible():
                    seen.add(item.text())
        bad = sorted(t for t in seen if _chinese_only(t))
        assert not bad, bad


@pytest.mark.parametrize("seed, dealer", [(34, 2), (3, 0)])
def test_the_result_in_english_shows_no_chinese_but_the_other_language_column(qtbot, english, seed, dealer):
    from engine.ai import SimpleAI
    from engine.game.hand import Hand
    from engine.game.rules import Ruleset
    from engine.table.seat import HandRunner
    from engine.table.summary import HandSummary, track

    hand = Hand(Ruleset(), dealer=dealer, seed=seed)
    HandRunner(hand, [SimpleAI() for _ in range(4)]).run()
    summary = HandSummary()
    for event in hand.events:
        summary = track(summary, event.for_seat(0))
    dialog = EndOfHandDialog(TileArt(), summary, ["", "", "", ""])
    qtbot.addWidget(dialog)
    labels = [label.text() for label in dialog.findChildren(QLabel)]
    bad = [t for t in labels if _chinese_only(t)]
    for table in dialog.score_tables:  # column 1 is the item in the other language, by design
        for row in range(table.rowCount()):
            for col in (0, 2):
                item = table.item(row, col)
                if item is not None and _chinese_only(item.text()):
                    bad.append(item.text())
    assert not bad, bad


def test_the_history_says_who_won_when_somebody_else_did(english):
    row = HistoryRow(1, "2026-01-01T10:00", "open", "other", -10, "m", winners=(2,))
    assert history_result(row) == "Opposite won"
    drawn = HistoryRow(2, "2026-01-01T10:00", "open", "exhaustive", 0, "m")
    assert history_result(drawn) == "Exhaustive draw"
    i18n.set_language("zh")
    assert history_result(row) == "对家胡"
    # the winners as places to the player's right, from the saved record; damage shows none
    assert winners_of('{"result": {"winners": [3, 1]}}', 1) == (2, 0)
    for record in ("{", "[]", '{"result": null}', '{"result": {"winners": "x"}}', None):
        assert winners_of(record, 1) == ()


def test_the_score_shows_its_sums_as_totals_and_explains_the_dealer_bonus(qtbot):
    from engine.ai import SimpleAI
    from engine.game.hand import Hand
    from engine.game.rules import Ruleset
    from engine.table.seat import HandRunner
    from engine.table.summary import HandSummary, track

    explained = 0
    for seed in range(40):
        hand = Hand(Ruleset(), dealer=seed % 4, seed=seed, dealer_streak=1 + seed % 3)
        HandRunner(hand, [SimpleAI() for _ in range(4)]).run()
        summary = HandSummary()
        for event in hand.events:
            summary = track(summary, event.for_seat(0))
        if not summary.wins:
            continue
        dialog = EndOfHandDialog(TileArt(), summary, ["", "", "", ""])
        qtbot.addWidget(dialog)
        for win, table in zip(summary.wins, dialog.score_tables, strict=True):
            texts = {cell(table, r, 0).text(): cell(table, r, 2) for r in range(table.rowCount())}
            assert texts["基础分"].text() == f"= {win.score.base_sum}" and texts["基础分"].font().bold()
            assert texts["胡牌分"].text() == f"= {win.score.value}" and texts["胡牌分"].font().bold()
            bonus = [k for k in texts if k.startswith("庄分")]
            if bonus:
                per = 2 if win.self_draw else 1
                assert bonus == [f"庄分（{per} × 连庄 {summary.dealer_streak}）"]
                shown = texts[bonus[0]].text()
                assert shown == f"+{per * summary.dealer_streak}" == f"+{win.score.dealer_bonus}"
                explained += 1
    assert explained >= 3


def test_the_start_screen_names_the_players_titles_in_english_too(qtbot, english):
    from gui.main_window import MainWindow
    from gui.settings import Settings

    w = MainWindow(Settings(animation_speed=0.0, language="en"), confirm_quit=False)
    qtbot.addWidget(w)
    w.show_start()
    text = w.start_screen.player.text()
    assert "待业 (Jobless) · 麻袋 (Sack)" in text and not _chinese_only(text)


def test_a_lan_players_titles_get_their_english_too(english):
    from gui.i18n.titles import peer_title

    assert peer_title("待业·麻袋") == "待业 (Jobless) · 麻袋 (Sack)"
    assert peer_title("待业·麻袋", short=True) == "待业 (Jobless)"
    assert peer_title("some bot v2") == "some bot v2"  # not titles of this game: as it came
    i18n.set_language("zh")
    assert peer_title("待业·麻袋", short=True) == "待业·麻袋"


def test_switching_the_language_on_the_start_screen_names_the_players_titles_in_it(qtbot):
    from gui.i18n import set_language
    from gui.main_window import MainWindow
    from gui.settings import Settings

    w = MainWindow(Settings(animation_speed=0.0), confirm_quit=False)  # Chinese
    qtbot.addWidget(w)
    w.show_start()
    assert "(Jobless)" not in w.start_screen.player.text()
    try:
        set_language("en")
        w.retranslate()  # as the settings dialog's language switch does
        assert "待业 (Jobless) · 麻袋 (Sack)" in w.start_screen.player.text()
    finally:
        set_language("zh")
