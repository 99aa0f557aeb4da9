import random
from functools import cache
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.game import analysis
from engine.game.arrangements import is_seven_pairs, is_standard_shape
from engine.game.scoring import has_long_suit
from engine.game.suit_table import ENTRIES, NUM_VECTORS, exact_costs, index_vector, load_table, vector_index
from engine.game.tiles import parse_tiles, tile_name, to_counts

WALL = [t for t in range(21) for _ in range(4)]


def test_shipped_table_matches_the_dynamic_program_on_a_sample():
    table = load_table()
    rng = random.Random(5)
    for index in [0, NUM_VECTORS - 1, *rng.sample(range(NUM_VECTORS), 400)]:
        assert list(table[index * ENTRIES : (index + 1) * ENTRIES]) == exact_costs(index_vector(index))


def test_vector_index_round_trip():
    for index in (0, 1, 777, NUM_VECTORS - 1):
        assert vector_index(index_vector(index)) == index


@cache
def _targets(m: int, p: int) -> tuple[tuple[int, ...], ...]:
    """Every single-suit target of m sets and p pairs, found independently of the table."""
    groups = [(i, i, i) for i in range(7)] + [(i, i + 1, i + 2) for i in range(5)]
    out = set()
    for sets in combinations_with_replacement(groups, m):
        for pair in ([()] if p == 0 else [(i, i) for i in range(7)]):
            counts = [0] * 7
            for g in (*sets, pair):
                for r in g:
                    counts[r] += 1
            if max(counts) <= 4:
                out.add(tuple(counts))
    return tuple(out)


def _brute_cost(vec: tuple[int, ...], m: int, p: int) -> int:
    return min(sum(max(0, t - c) for t, c in zip(target, vec, strict=True)) for target in _targets(m, p))


def test_suit_costs_agree_with_brute_force_over_all_targets():
    rng = random.Random(11)
    table = load_table()
    for _ in range(60):
        vec = tuple(rng.randint(0, 4) if rng.random() < 0.5 else 0 for _ in range(7))
        index = vector_index(vec)
        for m in range(5):
            for p in range(2):
                assert table[index * ENTRIES + m * 2 + p] == _brute_cost(vec, m, p), (vec, m, p)


def test_four_copies_limit_is_respected():
    # 2222m alone: one set and a pair needs two more tiles, not one (no fifth 2m)
    assert exact_costs((4, 0, 0, 0, 0, 0, 0))[1 * 2 + 1] == 2


@pytest.mark.parametrize(
    ("hand", "kongs", "expected"),
    [
        ("234345567888m55p", "", -1),
        ("234567m234567p55s", "", 1),  # a standard shape that breaks the 8-tile rule
        ("2233556677m44p88s", "", -1),  # seven pairs
        ("22223333m444455p", "", -1),  # four identical tiles are two pairs
        ("234345567888m5p", "", 0),
        ("4555678s", "2s,3s", 0),
        ("45556678s", "2s,3s", -1),
    ],
)
def test_shanten_examples(hand, kongs, expected):
    assert analysis.shanten(hand, kongs) == expected
    if len(parse_tiles(hand)) + 3 * len(kongs.split(",") if kongs else []) == 14:
        assert analysis.is_win(hand, kongs) == (expected == -1)


def test_waits():
    assert [tile_name(t) for t in analysis.waits("234345567888m5p")] == ["5p"]
    assert [tile_name(t) for t in analysis.waits("4555678s", "2s,3s")] == ["4s", "6s"]
    # a shape that waits, but only 6 tiles in the best suit: not ready
    assert analysis.waits("234567m234567p5s") == []
    assert not analysis.is_ready("234567m234567p5s")


def test_ukeire_counts_unseen_copies():
    got = analysis.ukeire("234345567888m5p", visible=to_counts(parse_tiles("5p")))
    assert got == {parse_tiles("5p")[0]: 2}


def _brute_is_win(counts, kongs=()):
    if not has_long_suit([c + (4 if t in kongs else 0) for t, c in enumerate(counts)]):
        return False
    return is_standard_shape(counts, len(kongs)) or is_seven_pairs(counts, len(kongs))


@settings(max_examples=400, deadline=None)
@given(st.randoms(use_true_random=False))
def test_win_check_agrees_with_the_arrangement_enumerator(rng):
    hand = rng.sample(WALL, 14)
    counts = to_counts(hand)
    assert analysis.is_win_counts(counts) == _brute_is_win(counts)


def test_win_check_agrees_on_generated_winning_hands():
    # random hands are rarely wins: build winning shapes on purpose and perturb them
    rng = random.Random(3)
    checked = 0
    while checked < 300:
        suit = rng.randrange(3)
        groups = []
        for _ in range(4):
            s = suit if rng.random() < 0.7 else rng.randrange(3)
            r = rng.randrange(7)
            groups += [s * 7 + r] * 3 if rng.random() < 0.4 or r > 4 else [s * 7 + r + i for i in range(3)]
        pair = rng.randrange(21)
        hand = [*groups, pair, pair]
        counts = to_counts(hand)
        if max(counts) > 4:
            continue
        checked += 1
        assert analysis.is_win_counts(counts) == _brute_is_win(counts)
        swap = rng.randrange(14)
        hand[swap] = rng.randrange(21)
        counts = to_counts(hand)
        if max(counts) <= 4:
            assert analysis.is_win_counts(counts) == _brute_is_win(counts)


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_shanten_of_14_is_the_best_discard(rng):
    counts = to_counts(rng.sample(WALL, 14))
    best = min(
        analysis.shanten_counts([c - (t == d) for t, c in enumerate(counts)])
        for d in range(21) if counts[d]
    )
    # a complete hand (−1) leaves a ready one (0) after any good discard
    assert max(analysis.shanten_counts(counts), 0) == best


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_one_draw_lowers_shanten_by_at_most_one(rng):
    counts = to_counts(rng.sample(WALL, 13))
    s = analysis.shanten_counts(counts)
    after = [
        analysis.shanten_counts([c + (t == d) for t, c in enumerate(counts)])
        for d in range(21) if counts[d] < 4
    ]
    assert min(after) == s - 1
    assert all(a >= s - 1 for a in after)
    assert (s == 0) == bool(analysis.waits_counts(counts))


def test_discard_options_for_a_14_tile_hand():
    options = analysis.discard_options("23445m45677s8888m")
    best = options[0]
    assert tile_name(best.tile) == "8m" and best.shanten == 0
    assert [tile_name(t) for t in best.waits] == ["3m", "6m"]


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError):
        analysis.waits("234m")
    with pytest.raises(ValueError):
        analysis.discard_options("234m")
    assert analysis.is_win("234m") is False


def test_unseen_counts_take_away_own_tiles_kongs_and_what_is_visible():
    counts = to_counts(parse_tiles("2234m"))
    kong = parse_tiles("8s")[0]
    visible = to_counts(parse_tiles("2m2m3m5p"))
    left = analysis.unseen_counts(counts, [kong], visible)
    two, three, four = parse_tiles("2m3m4m")
    assert (left[two], left[three], left[four], left[kong]) == (0, 2, 3, 0)
    assert left[parse_tiles("5p")[0]] == 3 and left[parse_tiles("5m")[0]] == 4
    # never below nought, whatever a caller counts twice
    assert min(analysis.unseen_counts(to_counts(parse_tiles("2222m")), (), to_counts(parse_tiles("2m")))) == 0


def test_suit_lengths_count_a_kong_as_its_four_tiles():
    assert analysis.suit_lengths(to_counts(parse_tiles("234m56p")), parse_tiles("8s8m")) == (7, 2, 4)


def test_what_a_discard_leaves_counts_the_discarded_copy_as_seen():
    counts = to_counts(parse_tiles("234345567888m5p8p"))  # discard the 8p: ready on 5p
    eight, five = parse_tiles("8p5p")
    assert analysis.useful_after_discard(counts, (), [0] * 21, eight) == {five: 3}
    visible = to_counts(parse_tiles("5p"))
    assert analysis.useful_after_discard(counts, (), visible, eight) == {five: 2}
    # the counts and the visible tiles given are left as they were
    assert counts == to_counts(parse_tiles("234345567888m5p8p")) and visible == to_counts(parse_tiles("5p"))
