"""Scoring (RULES §4, §5): the acceptance examples, the worked examples and each item."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from math import prod
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.game.arrangements import arrangements, decompositions, is_seven_pairs, is_standard_shape
from engine.game.rules import Room, Ruleset
from engine.game.scoring import Score, WinContext, score_win, win_refusal
from engine.game.tiles import parse_tile, parse_tiles, to_counts
from engine.records.score_request import score_request, score_stream

# The worked examples of docs/rules.md and more, in the `score` command's request/answer form.
EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "score-examples.jsonl"


def _examples() -> list[Any]:
    lines = EXAMPLES.read_text(encoding="utf-8").splitlines()
    return [pytest.param(json.loads(line), id=f"line{n}") for n, line in enumerate(lines, 1) if line.strip()]


@pytest.mark.parametrize("example", _examples())
def test_acceptance_example(example: dict[str, Any]) -> None:
    got = score_request(example["in"])
    want = dict(example["want"])
    if "error" in want:
        assert "error" in got, got
        if want["error"]:
            assert got["error"] == want["error"]
        return
    assert got["legal"] == want["legal"], got
    if not want["legal"]:
        assert got == {"legal": False, "reason": want["reason"]}
        return
    tied = want.pop("tied_items", None)
    assert got["value"] == want["value"], got
    assert got["dealer_bonus"] == want["dealer_bonus"], got
    assert got["items"] in (tied or [want["items"]]), got


# -- helpers ----------------------------------------------------------------------------------


def ctx(hand: str, win: str, *, kongs: str = "", self_draw: bool = True, **flags: Any) -> WinContext:
    return WinContext(
        hand=tuple(parse_tiles(hand)),
        kongs=tuple(parse_tile(k) for k in kongs.split(",") if k),
        win_tile=parse_tile(win),
        self_draw=self_draw,
        **flags,
    )


def score(hand: str, win: str, *, rules: Ruleset | None = None, **kwargs: Any) -> Score:
    return score_win(ctx(hand, win, **kwargs), rules or Ruleset())


def items(hand: str, win: str, **kwargs: Any) -> dict[str, int]:
    return score(hand, win, **kwargs).as_items_dict()


BAOTING = Ruleset(room=Room.BAOTING)


# -- the worked examples of RULES §5 ----------------------------------------------------------


def test_worked_example_1_single_wait_self_draw() -> None:
    s = score("234345567888m5p", "5p")
    assert s.as_items_dict() == {"base": 10, "zhi": 4, "missing_suit": 1, "kan": 1, "ka": 1}
    assert (s.value, s.value + s.dealer_bonus) == (17, 19)  # non-dealers pay 17, the dealer 19
    assert s.arrangement[s.win_group] == "55p"


def test_worked_example_2_declared_dealer_discard() -> None:
    s = score("22245456456s77p", "3s", self_draw=False, declared=True, dealer=True, dealer_streak=2,
              rules=BAOTING)
    assert s.as_items_dict() == {"base": 12, "zhi": 4, "missing_suit": 1, "kan": 1, "twin_sequences": 2}
    assert (s.value, s.value + s.dealer_bonus) == (20, 22)


def test_worked_example_3_huo() -> None:
    s = score("23455556888p66m", "7p")
    assert s.as_items_dict() == {"base": 10, "zhi": 4, "missing_suit": 1, "kan": 1, "huo": 4}
    assert (s.value, s.value + s.dealer_bonus) == (20, 22)


def test_worked_example_4_seven_pairs() -> None:
    s = score("2233556677m44p8s", "8s", self_draw=False)
    assert s.as_items_dict() == {"base": 10, "zhi": 2, "seven_pairs": 5}
    assert s.seven_pairs
    assert (s.value, s.dealer_bonus) == (17, 0)


def test_worked_example_5_kong_replacement() -> None:
    s = score("34545678s33p", "6s", kongs="2m", kong_replacement=True)
    assert s.as_items_dict() == {
        "base": 10, "zhi": 1, "gang": 2, "ka": 1, "kong_replacement_multiplier": 2,
    }
    assert (s.base_sum, s.value, s.value + s.dealer_bonus) == (14, 28, 30)
    assert "[2222m]" in s.arrangement


def test_worked_example_6_heavenly() -> None:
    s = score("2288m224455677p", "6p", dealer=True, first_draw=True)
    assert s.as_items_dict() == {"base": 10, "heavenly": 100}
    assert (s.value, s.value + s.dealer_bonus) == (110, 112)  # from each of three


def test_worked_example_7_pure_suit_after_doubling() -> None:
    s = score("4555678s", "6s", kongs="2s,3s", kong_replacement=True)
    assert s.as_items_dict() == {
        "base": 10, "zhi": 8, "gang": 4, "ka": 1, "kong_replacement_multiplier": 2, "pure_suit": 30,
    }
    assert (s.base_sum, s.value, s.value + s.dealer_bonus) == (23, 76, 78)


# -- items ------------------------------------------------------------------------------------


@pytest.mark.parametrize("win", ["3m", "6m"])
def test_3456_winning_on_either_end_is_ka(win: str) -> None:
    assert items("3456m222555888p", win)["ka"] == 1


def test_two_sided_wait_is_not_ka() -> None:
    assert "ka" not in items("555m2244556667s", "8s", rules=BAOTING)  # 67 waits on 5 and 8


@pytest.mark.parametrize(("hand", "win"), [("23m456p567p22888p", "4m"), ("78m234p567p22888p", "6m")])
def test_edge_waits_are_ka(hand: str, win: str) -> None:
    assert items(hand, win)["ka"] == 1


def test_three_identical_sequences_score_four() -> None:
    got = items("555666777m2234p", "5p", self_draw=False)
    assert got["twin_sequences"] == 4 and "kan" not in got  # 567m ×3 beats 555 666 777 as 坎


def test_triplet_completed_by_discard_is_not_kan() -> None:
    assert items("22345678m34555p", "2m")["kan"] == 1
    assert "kan" not in items("22345678m34555p", "2m", self_draw=False)


def test_gang_and_kan_with_kongs() -> None:
    got = items("3344777m", "4m", kongs="4p,7p", declared=True, rules=BAOTING)
    assert got == {
        "base": 12, "double_eight": 50, "missing_suit": 1, "tong": 6, "kan": 2, "gang": 4,
    }


def test_huo_triplet_is_not_also_kan() -> None:
    got = items("2333445666m", "3m", kongs="8p", last_four=True)
    assert got["huo"] == 4 and "kan" not in got


def test_four_tiles_as_pair_and_sequences_is_no_huo() -> None:
    assert "huo" not in items("4555567m456p567s", "6m", dealer=True)


def test_tong_counts_ranks_over_suits() -> None:
    assert items("44556667778m66p", "6p", self_draw=False)["tong"] == 2  # six 6s


def test_last_four() -> None:
    assert items("2224448m", "8m", kongs="5m,4s", last_four=True)["last_four"] == 10


# -- seven pairs and the choice between readings ---------------------------------------------


def test_seven_pairs_and_standard_take_the_higher() -> None:
    hand, win = "2222333344445m", "5m"
    standard = score(hand, win)  # 222 333 444 + 234 + 55: three 活 beat seven pairs
    assert not standard.seven_pairs and standard.as_items_dict()["huo"] == 12
    assert standard.value == 10 + 6 + 12 + 1 + 30
    luxury = score(hand, win, rules=Ruleset(luxury_seven_pairs=True))  # ×4 turns it round
    assert luxury.seven_pairs and luxury.value == (10 + 6 + 5) * 4 + 30


def test_seven_pairs_take_no_arrangement_items() -> None:
    got = items("44m22556666888p", "8p", dealer=True)
    assert got == {"base": 10, "zhi": 4, "missing_suit": 1, "seven_pairs": 5}


# -- options ----------------------------------------------------------------------------------


def test_concealed_exposed_huo() -> None:
    hand, win = "23455567888p66m", "5p"  # 555p + the 5 in 567p; the discarded 5p is one of them
    exposed = Ruleset(concealed_exposed=True)
    assert items(hand, win, self_draw=False)["huo"] == 4
    assert items(hand, win, self_draw=False, rules=exposed)["huo"] == 2
    assert items(hand, win, rules=exposed)["huo"] == 4  # a self-drawn tile stays concealed


def test_concealed_exposed_twin_sequences() -> None:
    hand, win = "55667888m23444p", "7m"
    exposed = Ruleset(concealed_exposed=True)
    assert items(hand, win, self_draw=False)["twin_sequences"] == 2
    assert items(hand, win, self_draw=False, rules=exposed)["twin_sequences"] == 1
    assert items(hand, win, rules=exposed)["twin_sequences"] == 2
    # A discard elsewhere leaves the twin sequences concealed.
    assert items("55667788m23444p", "8m", self_draw=False, rules=exposed)["twin_sequences"] == 2


def test_huo_any_four_in_seven_pairs() -> None:
    hand, win = "2233555m667788s", "5m"
    assert "huo" not in items(hand, win)
    assert items(hand, win, rules=Ruleset(huo_any_four=True))["huo"] == 4
    assert score(hand, win, rules=Ruleset(huo_any_four=True)).value == 20


def test_huo_any_four_when_not_a_triplet() -> None:
    hand, win = "4555567m456p567s", "6m"  # 55 + 456 + 567: four 5m, no triplet
    assert "huo" not in items(hand, win)
    assert items(hand, win, rules=Ruleset(huo_any_four=True))["huo"] == 4


def test_two_missing_suits_with_pure_suit() -> None:
    hand, win = "2224455667888m", "3m"
    plain = score(hand, win)
    option = score(hand, win, rules=Ruleset(two_missing_suits=True))
    assert "missing_suit" not in plain.as_items_dict()
    assert option.as_items_dict()["missing_suit"] == 2
    assert option.items[[i.code for i in option.items].index("missing_suit")].zh == "缺两门"
    assert (option.base_sum, option.value) == (plain.base_sum + 2, plain.value + 2)


def test_two_missing_suits_is_doubled_with_s() -> None:
    plain = score("4555678s", "6s", kongs="2s,3s", kong_replacement=True)
    option = score("4555678s", "6s", kongs="2s,3s", kong_replacement=True,
                   rules=Ruleset(two_missing_suits=True))
    assert option.value == plain.value + 4


def test_luxury_seven_pairs_multipliers() -> None:
    luxury = Ruleset(luxury_seven_pairs=True)
    one = score("22335668888p33s", "5p", rules=luxury)
    assert one.as_items_dict()["luxury_multiplier"] == 2 and one.value == 2 * one.base_sum
    three = score("2222555588886m", "6m", rules=luxury)
    assert three.as_items_dict()["luxury_multiplier"] == 4
    assert (three.base_sum, three.value) == (21, 21 * 4 + 30)
    two = score("88m25555667777p", "2p", rules=luxury)
    assert two.as_items_dict()["luxury_multiplier"] == 3 and two.value == 60
    assert "luxury_multiplier" not in items("88m25555667777p", "2p")


# -- 天胡 and 地胡 ------------------------------------------------------------------------------


def test_earthly_hand() -> None:
    s = score("23445567m33p567s", "3m", first_draw=True, dealer_streak=3, rules=BAOTING)
    assert s.as_items_dict() == {"base": 12, "earthly": 80}
    assert (s.value, s.dealer_bonus) == (92, 6)


def test_first_draw_still_needs_the_eight_tile_rule() -> None:
    c = ctx("234m34522p45678s", "6s", dealer=True, first_draw=True)
    assert win_refusal(c, Ruleset()) == "8-tile rule"
    with pytest.raises(ValueError):
        score_win(c, Ruleset())


def test_first_draw_ignores_pure_suit() -> None:
    s = score("2223334567888m", "5m", dealer=True, first_draw=True)
    assert s.as_items_dict() == {"base": 10, "heavenly": 100}


# -- refusals and 庄分 --------------------------------------------------------------------------


def test_refusal_order() -> None:
    assert win_refusal(ctx("23355568888m37p", "2s", self_draw=False), BAOTING) == "shape"
    assert win_refusal(ctx("678m22666p45666s", "6s", self_draw=False), BAOTING) == "8-tile rule"
    assert win_refusal(ctx("44445567777m33s", "3m", self_draw=False), BAOTING) == "not declared"
    assert win_refusal(ctx("44445567777m33s", "3m", self_draw=False, declared=True), BAOTING) is None
    assert win_refusal(ctx("44445567777m33s", "3m", self_draw=False), Ruleset()) is None


@pytest.mark.parametrize(
    ("flags", "bonus"),
    [
        ({"self_draw": True, "dealer_streak": 3}, 6),
        ({"self_draw": True, "dealer": True, "dealer_streak": 2}, 4),
        ({"self_draw": False, "dealer": True, "dealer_streak": 2}, 2),
        ({"self_draw": False, "discarder_is_dealer": True, "dealer_streak": 3}, 3),
        ({"self_draw": False, "dealer_streak": 3}, 0),
    ],
)
def test_dealer_bonus(flags: dict[str, Any], bonus: int) -> None:
    assert score("44445567777m33s", "3m", **flags).dealer_bonus == bonus


# -- the request contract ---------------------------------------------------------------------

GOOD = {"hand": "234345567888m5p", "win_tile": "5p", "self_draw": True}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hand": "2223456m"}, "wrong tile count"),
        ({"hand": "22m35577778888s5m5m5m5m5m"}, "wrong tile count"),
        ({"hand": "234345567888m8m", "win_tile": "8m"}, "five of a tile: 8m"),
        ({"hand": "234345m5p", "kongs": ["8m", "8m"]}, "five of a tile: 8m"),
        ({"hand": "234345567m5p", "kongs": ["5p"]}, "five of a tile: 5p"),
        ({"win_tile": ""}, "bad tile ''"),
        ({"win_tile": "9m"}, "bad tile '9m'"),
        ({"hand": "234x"}, None),
        ({"hand": "234"}, "bad tile string '234'"),
        ({"kongs": [2]}, None),
        ({"first_draw": True, "self_draw": False}, "first_draw needs a self-draw"),
        ({"hand": "234345567m5p", "kongs": ["8m"], "first_draw": True}, "first_draw cannot follow a kong"),
        ({"first_draw": True, "last_four": True}, "first_draw cannot be a last_four win"),
        ({"kong_replacement": True}, "kong_replacement needs a self-draw and a kong"),
        ({"hand": "234345567m5p", "kongs": ["8m"], "kong_replacement": True, "self_draw": False},
         "kong_replacement needs a self-draw and a kong"),
        ({"last_four": True, "self_draw": False}, "last_four needs a self-draw"),
        ({"hand": "234345567m5p", "kongs": ["8m"], "kong_replacement": True, "last_four": True},
         "last_four cannot be a kong_replacement win"),
        ({"discarder_is_dealer": True}, "discarder_is_dealer needs a discard win"),
        ({"discarder_is_dealer": True, "self_draw": False, "dealer": True},
         "discarder_is_dealer contradicts dealer"),
        ({"colour": "red"}, None),
        ({"options": {"flowers": True}}, None),
        ({"options": {"huo_any_four": 1}}, None),
        ({"options": []}, None),
        ({"self_draw": 1}, None),
        ({"declared": "yes"}, None),
        ({"dealer_streak": 0}, None),
        ({"dealer_streak": True}, None),
        ({"dealer_streak": 1.5}, None),
        ({"room": "closed"}, None),
        ({"hand": None}, None),
    ],
)
def test_request_errors(change: dict[str, Any], message: str | None) -> None:
    got = score_request({**GOOD, **change})
    assert set(got) == {"error"}, got
    if message is not None:
        assert got["error"] == message


def test_request_missing_keys_and_non_objects() -> None:
    assert "error" in score_request({"win_tile": "5p"})
    assert "error" in score_request({"hand": GOOD["hand"]})
    assert "error" in score_request([GOOD])


def test_request_defaults() -> None:
    assert score_request(GOOD) == {
        "legal": True, "value": 17, "dealer_bonus": 2,
        "items": {"base": 10, "zhi": 4, "missing_suit": 1, "kan": 1, "ka": 1},
    }


def test_score_stream_keeps_going() -> None:
    lines = ["", json.dumps(GOOD), "not json", "[1, 2]", "   ", json.dumps({**GOOD, "room": "baoting"})]
    out = io.BytesIO()
    score_stream(io.BytesIO(("\n".join(lines) + "\n").encode()), out)
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r.get("value", "error" in r) for r in results] == [True, 17, True, True, True, 19]


def test_score_stream_writes_unicode() -> None:
    out = io.BytesIO()
    score_stream(io.BytesIO(json.dumps({"hand": "万"}, ensure_ascii=False).encode() + b"\n"), out)
    assert json.loads(out.getvalue()) == {"error": "bad tile string '万'"}
    assert "万" in out.getvalue().decode("utf-8")


# -- arrangements -----------------------------------------------------------------------------


def test_decompositions_are_unique() -> None:
    counts = to_counts(parse_tiles("22223333444455m"))
    splits = decompositions(counts)
    assert len(splits) == len(set(splits)) >= 2


def test_arrangement_per_group_holding_the_winning_tile() -> None:
    counts = to_counts(parse_tiles("33456m222555888p"))
    found = {a.winning for a in arrangements(counts, (), parse_tile("3m"))}
    assert {g.shape for g in found} == {"pair"}
    counts = to_counts(parse_tiles("22223333444455m"))
    found = {a.winning for a in arrangements(counts, (), parse_tile("2m"))}
    assert {g.shape for g in found} == {"pair", "triplet", "sequence"}
    # 234×4+55 | 222 333 444 234 55 | 22 234×2 345×2, each with every group holding a 2m
    assert len(decompositions(counts)) == 3
    assert len(arrangements(counts, (), parse_tile("2m"))) == 5


def test_shapes() -> None:
    assert is_seven_pairs(to_counts(parse_tiles("22223344m556677s")), 0)
    assert not is_seven_pairs(to_counts(parse_tiles("22223344m556677s")), 1)
    assert is_standard_shape(to_counts(parse_tiles("23455m")), 3)
    assert not is_standard_shape(to_counts(parse_tiles("23456m")), 3)


# -- properties -------------------------------------------------------------------------------


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[WinContext, Ruleset]:
    main = draw(st.integers(0, 2))

    def kind() -> int:
        suit = main if draw(st.integers(0, 4)) else draw(st.integers(0, 2))
        return suit * 7 + draw(st.integers(0, 6))

    counts = [0] * 21
    kongs: list[int] = []
    if draw(st.integers(0, 5)) == 0:
        concealed = [t for _ in range(7) for t in [kind()] * 2]
    else:
        for _ in range(draw(st.integers(0, 2))):
            kongs.append(kind())
            counts[kongs[-1]] += 4
        concealed = [kind()] * 2
        for _ in range(4 - len(kongs)):
            start = kind()
            if draw(st.booleans()) and start % 7 <= 4:
                concealed += [start, start + 1, start + 2]
            else:
                concealed += [start] * 3
    for t in concealed:
        counts[t] += 1
    assume(max(counts) <= 4)
    win = draw(st.sampled_from(concealed))
    hand = list(concealed)
    hand.remove(win)
    self_draw = draw(st.booleans())
    dealer = draw(st.booleans())
    kong_replacement = self_draw and bool(kongs) and draw(st.booleans())
    last_four = self_draw and not kong_replacement and draw(st.booleans())
    first_draw = self_draw and not kongs and not last_four and draw(st.integers(0, 5)) == 0
    c = WinContext(
        hand=tuple(hand), kongs=tuple(kongs), win_tile=win, self_draw=self_draw,
        declared=draw(st.booleans()), dealer=dealer, dealer_streak=draw(st.integers(1, 5)),
        kong_replacement=kong_replacement, last_four=last_four, first_draw=first_draw,
        discarder_is_dealer=not self_draw and not dealer and draw(st.booleans()),
    )
    rules = Ruleset(
        room=draw(st.sampled_from(list(Room))),
        luxury_seven_pairs=draw(st.booleans()), concealed_exposed=draw(st.booleans()),
        two_missing_suits=draw(st.booleans()), huo_any_four=draw(st.booleans()),
    )
    assume(win_refusal(c, rules) is None)
    return c, rules


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(winning_hands(), st.randoms(use_true_random=False))
def test_score_properties(hand: tuple[WinContext, Ruleset], rnd: Any) -> None:
    c, rules = hand
    s = score_win(c, rules)
    assert s.value >= rules.base_score
    summed = sum(i.points for i in s.items if not i.is_factor and i.code != "pure_suit")
    factor = prod(i.points for i in s.items if i.is_factor)
    pure = s.as_items_dict().get("pure_suit", 0)
    assert summed == s.base_sum
    assert s.value == s.base_sum * factor + pure
    assert all(i.points != 0 for i in s.items)
    shuffled = list(c.hand)
    rnd.shuffle(shuffled)
    again = score_win(replace(c, hand=tuple(shuffled)), rules)
    assert again.value == s.value
    assert again.as_items_dict() == s.as_items_dict()
    assert again.dealer_bonus == s.dealer_bonus
