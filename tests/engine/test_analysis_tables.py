"""The lookup tables behind hand analysis, checked against independent brute force and
against the `mahjong` package (a test-only dependency)."""

from __future__ import annotations

import random
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.game import analysis, combo_table
from engine.game.suit_table import ENTRIES, NUM_VECTORS, load_table, vector_index
from engine.game.tiles import to_counts
from tests.engine.test_analysis import _targets

WALL = [t for t in range(21) for _ in range(4)]
POW5 = [5**i for i in range(7)]


def _digits() -> list[tuple[int, ...]]:
    out = []
    for index in range(NUM_VECTORS):
        digits, rest = [], index
        for _ in range(7):
            digits.append(rest % 5)
            rest //= 5
        out.append(tuple(digits))
    return out


def _brute_costs(m: int, p: int, digits: list[tuple[int, ...]]) -> bytearray:
    """Tiles missing for m sets + p pairs, for every suit vector: mark every vector holding a
    target, then walk down adding one tile at a time (no search over arrangements)."""
    holds = bytearray(NUM_VECTORS)
    for target in _targets(m, p):
        holds[vector_index(target)] = 1
    for index in range(NUM_VECTORS):
        if not holds[index]:
            d = digits[index]
            for i in range(7):
                if d[i] and holds[index - POW5[i]]:
                    holds[index] = 1
                    break
    cost = bytearray(NUM_VECTORS)
    for index in range(NUM_VECTORS - 1, -1, -1):
        if not holds[index]:
            d = digits[index]
            cost[index] = 1 + min(cost[index + POW5[i]] for i in range(7) if d[i] < 4)
    return cost


def test_suit_table_agrees_with_brute_force_on_all_single_suit_vectors():
    table = load_table()
    digits = _digits()
    for m in range(5):
        for p in range(2):
            brute = _brute_costs(m, p, digits)
            assert brute == table[m * 2 + p :: ENTRIES], f"{m} sets, {p} pair"


def test_shipped_combo_tables_are_what_the_generator_builds():
    assert zlib.decompress(combo_table.TABLE_PATH.read_bytes()) == combo_table.build()


def _seven_pairs_missing(counts: list[int]) -> int:
    """Tiles missing for seven pairs (four identical = two pairs) with ≥ 4 pairs in one suit."""
    best = 99
    per_suit = []
    for suit in range(3):
        chunk = counts[suit * 7 : suit * 7 + 7]
        pairs = sum(c // 2 for c in chunk)
        singles = sum(c % 2 for c in chunk)
        cost = []
        for q in range(8):
            extra = max(0, q - pairs)
            cost.append(min(extra, singles) + 2 * max(0, extra - singles))
        per_suit.append(cost)
    for q0 in range(8):
        for q1 in range(8 - q0):
            q2 = 7 - q0 - q1
            if max(q0, q1, q2) >= 4:
                value = per_suit[0][q0] + per_suit[1][q1] + per_suit[2][q2]
                if value < best:
                    best = value
    return best


def test_combo_lookup_equals_the_per_suit_search():
    rng = random.Random(21)
    for _ in range(5000):
        counts = to_counts(rng.sample(WALL, rng.choice((13, 14))))
        k0, k1, k2 = (analysis._suit_index(counts, s) for s in range(3))
        searched = analysis._missing_with_kongs(k0, k1, k2, counts, ())  # no kongs: every split
        searched = min(searched, _seven_pairs_missing(counts))
        assert analysis.missing_tiles(counts) == searched


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 20)), max_size=40))
def test_tile_counts_keep_their_keys_up_to_date(moves):
    hand = analysis.TileCounts()
    for add, tile in moves:
        if add and hand.counts[tile] < 4:
            hand.add(tile)
        elif not add and hand.counts[tile] > 0:
            hand.remove(tile)
    fresh = analysis.TileCounts(hand.counts)
    assert hand.keys == fresh.keys and hand.size == fresh.size
    assert hand.missing() == analysis.missing_tiles(hand.counts)


def _to_34(counts: list[int]) -> list[int]:
    out = [0] * 34
    for suit in range(3):
        for r in range(7):
            out[suit * 9 + r + 1] = counts[suit * 7 + r]
    return out


def test_standard_shanten_and_win_check_agree_with_the_mahjong_package():
    shanten_mod = pytest.importorskip("mahjong.shanten")
    agari_mod = pytest.importorskip("mahjong.agari")
    shanten, agari = shanten_mod.Shanten(), agari_mod.Agari()
    rng = random.Random(2024)
    for _ in range(20_000):
        counts = to_counts(rng.sample(WALL, 14))
        ours = analysis.standard_shanten_without_eight_rule(counts)
        h34 = _to_34(counts)
        assert ours == shanten.calculate_shanten_for_regular_hand(h34), counts
        assert (ours == -1) == agari.is_agari(h34), counts


@pytest.mark.parametrize(("hand", "kongs"), [("2223344578m", "6m"), ("4588p555s", "6p,3p")])
def test_a_kong_uses_up_its_kind(hand, kongs):
    # 78m would wait on 6m and 45p on 3p/6p, but the kongs hold every copy: not ready
    assert analysis.shanten(hand, kongs) == 1
    assert analysis.waits(hand, kongs) == []


def test_ready_means_a_real_wait_with_kongs_too():
    rng = random.Random(8)
    checked = 0
    while checked < 1500:
        kongs = rng.sample(range(21), rng.choice((1, 2)))
        pool = [t for t in WALL if t not in kongs]
        counts = to_counts(rng.sample(pool, 13 - 3 * len(kongs)))
        checked += 1
        s = analysis.shanten_counts(counts, kongs)
        assert (s == 0) == bool(analysis.waits_counts(counts, kongs)), (counts, kongs)
        if s > 0:  # some draw lowers it by one, none by more
            after = [analysis.shanten_counts([c + (t == x) for t, c in enumerate(counts)], kongs)
                     for x in range(21) if counts[x] < 4 and x not in kongs]
            assert min(after) == s - 1
