import random

import pytest

from engine.game.hand import Hand
from engine.game.rules import Ruleset
from engine.game.tiles import NUM_TILES
from engine.game.wall import CLOCKWISE_SLOTS, NUM_STACKS, SIDE_LENGTHS, Wall, WallEmpty


def test_42_stacks_11_10_11_10():
    assert SIDE_LENGTHS == (11, 10, 11, 10)
    assert NUM_STACKS == 42 == len(CLOCKWISE_SLOTS) == len(set(CLOCKWISE_SLOTS))


@pytest.mark.parametrize(("dice", "side"), [((1, 1), 1), ((2, 2), 3), ((6, 6), 3), ((4, 5), 0), ((3, 4), 2)])
def test_dice_choose_the_side_counter_clockwise_from_the_dealer(dice, side):
    # sum 2 → right, 4 → left, 12 → left, 9 → dealer, 7 → opposite
    wall = Wall(list(range(NUM_TILES)), dice)
    assert wall.break_side == side
    assert wall.break_count == sum(dice)


def test_live_wall_starts_after_the_counted_stacks_and_runs_clockwise():
    wall = Wall(list(range(NUM_TILES)), (2, 3))  # 5: dealer's side, count 5 from its right end
    assert wall.place(0).side == 0 and wall.place(0).index == 5 and wall.place(0).layer == 0
    assert wall.place(1).index == 5 and wall.place(1).layer == 1
    assert (wall.place(2).side, wall.place(2).index) == (0, 6)
    # the last stack of the live wall is the 5th counted one: the back
    assert (wall.place(83).side, wall.place(83).index) == (0, 4)


def test_counting_continues_on_the_next_side_clockwise():
    wall = Wall(list(range(NUM_TILES)), (6, 6))  # 12 on the left side, which has 10 stacks
    first = wall.place(0)
    # clockwise after the left side (3) comes the opposite side (2)
    assert (first.side, first.index) == (2, 2)


def test_front_and_back_draws():
    wall = Wall(list(range(NUM_TILES)), (1, 2))
    assert wall.draw_front() == (0, 0)
    assert wall.draw_front() == (1, 1)
    # kong replacement: top of the last stack, then its bottom, then the stack before it
    assert wall.draw_back() == (82, 82)
    assert wall.draw_back() == (83, 83)
    assert wall.draw_back() == (80, 80)
    assert wall.remaining == 84 - 5
    assert wall.last_four_indices() == [76, 77, 78, 79] or wall.last_four_indices() == [77, 78, 79, 81]


def test_last_four_zone_moves_with_back_draws():
    wall = Wall(list(range(NUM_TILES)), (1, 2))
    assert wall.last_four_indices() == [80, 81, 82, 83]
    wall.draw_back()  # 82 gone, 83 still there
    assert wall.last_four_indices() == [79, 80, 81, 83]
    wall.draw_back()
    assert wall.last_four_indices() == [78, 79, 80, 81]


def test_front_skips_a_half_taken_back_stack_and_empties_cleanly():
    wall = Wall(list(range(NUM_TILES)), (1, 2))
    wall.draw_back()  # takes 82
    seen = [wall.draw_front()[0] for _ in range(83)]
    assert seen == [*range(82), 83]
    with pytest.raises(WallEmpty):
        wall.draw_front()


def test_same_seed_same_wall_and_deal():
    a = Hand(Ruleset(), seed=42)
    b = Hand(Ruleset(), seed=42)
    assert a.events == b.events
    c = Hand(Ruleset(), seed=43)
    assert a.events != c.events


def test_deal_order_4_4_4_then_1_each_then_the_dealer():
    hand = Hand(Ruleset(), dealer=2, seed=7)
    from engine.game.events import TilesDealt

    deals = [e for e in hand.events if isinstance(e, TilesDealt)]
    assert [(d.seat, len(d.wall_indices)) for d in deals] == (
        [(s, 4) for _ in range(3) for s in (2, 3, 0, 1)] + [(s, 1) for s in (2, 3, 0, 1)] + [(2, 1)]
    )
    assert [i for d in deals for i in d.wall_indices] == list(range(53))
    assert hand.wall.remaining == 31
    assert [len(s.concealed) for s in hand.seats] == [13, 13, 14, 13]


def test_a_wall_must_hold_each_tile_once():
    with pytest.raises(ValueError):
        Wall([0] * NUM_TILES, (1, 1))
    with pytest.raises(ValueError):
        Wall(list(range(NUM_TILES)), (0, 7))


def test_shuffled_wall_is_a_permutation():
    wall = Wall.shuffled(random.Random(1))
    assert sorted(wall.tile_at(i) for i in range(NUM_TILES)) == list(range(NUM_TILES))
