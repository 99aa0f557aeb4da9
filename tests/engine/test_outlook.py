"""大师's outlook chain: the draws a seat has left, and the chances it gives."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.ai.outlook import LAST_FOUR_POINTS, Chances, my_draws, win_chances


def test_draws_left_count_the_seats_in_turn_and_stop_at_the_last_four():
    # 8 tiles left after my discard: 4 normal tiles, drawn by the three after me and then me
    assert my_draws(8, seat=0, current=0) == 1
    assert my_draws(7, seat=0, current=0) == 0
    assert my_draws(8, seat=1, current=0) == 1  # the next seat draws first
    assert my_draws(4, seat=1, current=0) == 0  # only the 海捞区 is left
    assert my_draws(31, seat=0, current=0) == 6  # 27 before the 海捞区: the 4th, 8th … 24th


def test_with_no_normal_draw_left_only_the_last_four_draw_can_win():
    chances = win_chances((), waits=4, draws=0, unseen=40, discard_hit=1.0)
    assert chances == Chances(0.0, 0.0, 0.1)
    assert chances.points(20, 20, 0) == pytest.approx(0.1 * 3 * (20 + LAST_FOUR_POINTS))
    # the others may end the hand before it: no round passes, nothing to survive
    assert win_chances((), 4, 0, 40, 1.0, survive=0.5).last_four == 0.1


@given(st.integers(1, 12), st.integers(0, 8), st.integers(0, 40), st.floats(0, 1))
def test_more_waits_and_fewer_steps_never_lower_the_chance(waits, draws, ukeire, hit):
    def total(c: Chances) -> float:
        return c.self_draw + c.discard + c.last_four

    ready = win_chances((), waits, draws, 60, hit)
    assert total(win_chances((), waits + 1, draws, 60, hit)) >= total(ready) - 1e-12
    one_away = win_chances((ukeire,), waits, draws, 60, hit)
    assert total(one_away) <= total(ready) + 1e-12
    assert total(win_chances((10.0, ukeire), waits, draws, 60, hit)) <= total(one_away) + 1e-12
    assert 0 <= total(ready) <= 1 + 1e-12
