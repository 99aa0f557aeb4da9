"""The 积分 levels of RULES §6: the table, every boundary, promotion and demotion through
the profile store.
"""

from __future__ import annotations

import pytest

from engine.game.ranks import RANKS, apply_hand, progress, rank_for
from storage.model import HandOutcome, Profile
from storage.store import ProfileStore
from tests.profile_helpers import add_hand, current, new_store

# RULES §6, copied from the table (not computed), so a wrong formula in engine.game.ranks shows up:
# (级, 级别, 段位, next level at).
RULES_TABLE = [
    (1, "待业", "麻袋", 100), (2, "临时工", "街头一段", 200), (3, "合同工", "街头二段", 400),
    (4, "正式工", "街头三段", 800), (5, "助理主管", "街头霸王", 1600), (6, "副主管", "茶室一段", 3200),
    (7, "主管", "茶室二段", 6400), (8, "助理经理", "茶室三段", 12800), (9, "副经理", "茶室不败", 25600),
    (10, "经理", "酒店一段", 51200), (11, "助理总裁", "酒店二段", 102400), (12, "副总裁", "酒店三段", 204800),
    (13, "总裁", "酒店至尊", 409600), (14, "董事", "县级大师", 819200), (15, "副董事长", "市级大师", 1638400),
    (16, "董事长", "省级大师", 3276800), (17, "赌王", "国家大师", 6553600),
    (18, "赌圣", "国际大师", 13107200),
    (19, "赌神", "特级大师", 26214400), (20, "边锋首富", "麻将部长", 52428800),
    (21, "中国首富", "麻将总理", 104857600), (22, "亚洲首富", "麻将总统", 209715200),
    (23, "世界首富", "麻将皇帝", 419430400), (24, "财神", "麻将无敌", 838860800),
]
PROMOTIONS = RULES_TABLE[:-1]  # 23: level 24 is the top


# -- RULES §6: levels ----------------------------------------------------------------------------


def test_level_table_matches_rules() -> None:
    assert [(lv.number, lv.rank_title, lv.dan_title, lv.next_at) for lv in RANKS] == RULES_TABLE
    assert len(PROMOTIONS) == 23


@pytest.mark.parametrize(("number", "rank", "dan", "threshold"), PROMOTIONS)
def test_level_boundary_engine(number: int, rank: str, dan: str, threshold: int) -> None:
    below, at, above = rank_for(threshold - 1), rank_for(threshold), rank_for(threshold + 1)
    assert (below.number, below.rank_title, below.dan_title) == (number, rank, dan)
    assert at.number == above.number == number + 1
    assert (at.rank_title, at.dan_title) == RULES_TABLE[number][1:3]
    start, _end, fraction = progress(threshold)
    assert (start, fraction) == (threshold, 0.0)
    assert progress(threshold - 1)[1] == threshold


@pytest.mark.parametrize(("number", "rank", "dan", "threshold"), PROMOTIONS)
def test_level_boundary_profile(number: int, rank: str, dan: str, threshold: int) -> None:
    profile = Profile(name="p", points=threshold - 2)
    before, after = profile.record_hand(HandOutcome(room="open", delta=1))  # reaches just below
    assert (before.number, after.number, profile.points) == (number, number, threshold - 1)
    before, after = profile.record_hand(HandOutcome(room="open", delta=1))  # reaches the figure
    assert (before.number, after.number, profile.points) == (number, number + 1, threshold)
    before, after = profile.record_hand(HandOutcome(room="baoting", delta=1))  # just above
    assert (before.number, after.number) == (number + 1, number + 1)
    assert profile.points_history == [threshold - 1, threshold, threshold + 1]


def test_every_promotion_through_the_store(store: ProfileStore) -> None:
    """Walk the whole ladder with saved hands: each boundary announces exactly one promotion."""
    store.create("p")
    points = 0
    for number, _rank, _dan, threshold in PROMOTIONS:
        before, after = add_hand(store, "p", threshold - 1 - points)
        assert before.number <= after.number == number
        before, after = add_hand(store, "p", 1)
        assert (before.number, after.number) == (number, number + 1)
        before, after = add_hand(store, "p", 1)
        assert (before.number, after.number) == (number + 1, number + 1)
        points = threshold + 1
    profile = store.current()
    assert profile is not None
    assert profile.points == 838860800 // 2 + 1
    assert profile.level.number == 24 and profile.level.rank_title == "财神"
    store.close()
    assert new_store(store.base_dir).current() == profile  # and all of it was saved


def test_points_floor_at_zero_and_level_down(store: ProfileStore) -> None:
    assert apply_hand(30, -80) == 0
    assert apply_hand(0, -5) == 0
    store.create("p")
    add_hand(store, "p", 100)  # level 2
    before, after = add_hand(store, "p", -1)  # 99: back down
    assert (before.number, after.number) == (2, 1)
    before, after = add_hand(store, "p", 450)  # 549: level 4
    assert after.number == 4
    before, after = add_hand(store, "p", -10_000)  # floored at 0, down three levels at once
    assert (before.number, after.number) == (4, 1)
    profile = store.current()
    assert profile is not None
    assert profile.points == 0
    assert profile.points_history == [100, 99, 549, 0]
    assert profile.rooms["open"].net == 100 - 1 + 450 - 10_000  # the net is kept before the floor
    add_hand(store, "p", -3)  # at 0, a loss keeps 0
    assert current(store).points == 0
    add_hand(store, "p", 100)  # and climbing starts again from 0
    assert current(store).level.number == 2
