"""The door's state alone (engine.net.door, engine.net.greeting, engine.net.room_code): no
sockets, a clock the test turns."""

from __future__ import annotations

from engine.net.door import CODES_PAUSED, MAX_KEPT, WRONG_CODES, Door, DoorLimits, DoorNotice
from engine.net.greeting import FORGET, Admission, Silence, admit, nearly_full
from engine.net.room_code import new_code
from tests.net.helpers import FakeClock


def _door(**limits: float) -> tuple[Door, FakeClock]:
    clock = FakeClock()
    return Door(DoorLimits(**limits), clock), clock  # type: ignore[arg-type]


def test_each_wrong_code_doubles_the_addresss_wait_up_to_the_cap_and_a_right_one_clears_it() -> None:
    door, clock = _door(wrong_codes=1000)
    waits = [door.wrong_code("a") for _ in range(9)]
    assert waits == [1, 2, 4, 8, 16, 32, 60, 60, 60]
    assert door.address_wait("a") == 60 and door.address_wait("b") is None
    clock.now += 59.5
    assert door.address_wait("a") == 0.5
    clock.now += 0.5
    assert door.address_wait("a") is None
    assert door.wrong_count("a") == 9
    door.right_code("a")
    assert door.wrong_count("a") == 0 and door.wrong_code("a") == 1


def test_an_addresss_count_is_forgotten_after_ten_quiet_minutes() -> None:
    door, clock = _door()
    for _ in range(3):
        door.wrong_code("a")
        clock.now += 100
    clock.now += 600
    assert door.wrong_code("a") == 1


def test_the_table_takes_so_many_wrong_codes_a_window_then_none_until_it_ends() -> None:
    door, clock = _door(wrong_codes=3, code_window=60)
    for address in "abc":
        assert door.table_wait() is None
        door.wrong_code(address)
    assert door.table_wait() == 60
    clock.now += 45
    assert door.table_wait() == 15
    clock.now += 15
    assert door.table_wait() is None
    door.wrong_code("d")  # a new window
    assert door.table_wait() is None


def test_notices_keep_one_line_per_address_and_say_when_codes_pause() -> None:
    door, _ = _door(wrong_codes=3)
    door.wrong_code("192.168.1.23")
    door.wrong_code("192.168.1.23")
    door.wrong_code("192.168.1.40")
    assert list(door.notices) == [DoorNotice(WRONG_CODES, "192.168.1.23", 2),
                                  DoorNotice(WRONG_CODES, "192.168.1.40", 1),
                                  DoorNotice(CODES_PAUSED, seconds=60.0)]


def test_a_right_code_after_wrong_ones_is_told_to_the_host_not_hidden() -> None:
    """QA: "1 wrong code from 127.0.0.1" stayed in the lobby after the friend typed it right.
    The notice now says so, with its count kept: a typo, or a guess that came in."""
    door = Door(DoorLimits(), clock=FakeClock())
    door.wrong_code("192.168.1.23")
    door.wrong_code("192.168.1.23")
    door.wrong_code("192.168.1.40")
    door.right_code("192.168.1.23")
    assert list(door.notices) == [DoorNotice(WRONG_CODES, "192.168.1.40", 1),
                                  DoorNotice(WRONG_CODES, "192.168.1.23", 2, then_right=True)]
    door.right_code("192.168.1.50")  # no wrong code before: nothing to tell
    assert len(door.notices) == 2 and door.wrong_count("192.168.1.23") == 0


def test_many_addresses_are_remembered_only_up_to_a_bound() -> None:
    door, clock = _door(wrong_codes=10**9)
    for n in range(MAX_KEPT + 50):
        door.wrong_code(f"10.0.{n // 256}.{n % 256}")
        clock.now += 0.001
    assert len(door._strikes) <= MAX_KEPT + 1


def test_leaving_three_times_in_a_minute_holds_the_address_back_and_spread_out_leaves_do_not() -> None:
    door, clock = _door(churn_leaves=3, churn_window=60, rejoin_cooldown=30)
    door.left("a")
    clock.now += 10
    door.left("a")
    assert door.rejoin_wait("a") is None
    clock.now += 10
    door.left("a")
    assert door.rejoin_wait("a") == 30 and door.rejoin_wait("b") is None
    clock.now += 30
    assert door.rejoin_wait("a") is None
    door2, clock2 = _door(churn_leaves=3, churn_window=60)
    for _ in range(3):
        door2.left("a")
        clock2.now += 40
    assert door2.rejoin_wait("a") is None
    door3, _ = _door(churn_leaves=0)  # off
    for _ in range(10):
        door3.left("a")
    assert door3.rejoin_wait("a") is None


def test_a_removed_person_waits_by_address_and_by_name() -> None:
    door, clock = _door(removed_wait=600)
    door.removed("10.0.0.5", "小明")
    assert door.removed_wait("10.0.0.5", "other") == 600
    assert door.removed_wait("10.0.0.6", "小明") == 600
    assert door.removed_wait("10.0.0.6", "other") is None
    clock.now += 600
    assert door.removed_wait("10.0.0.5", "小明") is None


def test_a_new_address_takes_the_busiest_addresss_oldest_greeting_slot() -> None:
    full = ["a"] * 4 + ["b"] * 4 + ["c"] * 4 + ["d"] * 4
    assert admit(full[:15], "e", 16, 4) == Admission(True)
    assert admit(full, "a", 16, 4) == Admission(False)  # its own four
    assert admit(full, "e", 16, 4) == Admission(True, 0)  # the oldest of the busiest
    after = [*full[1:], "e"]  # a: 3, b: 4 …
    assert admit(after, "a", 16, 4) == Admission(False)  # 3 + 1 is not fewer than 4: no churn among them
    assert admit(after, "e", 16, 4) == Admission(True, 3)  # b's oldest
    assert admit(["a"] * 2 + ["e"] * 2, "e", 4, 4) == Admission(False)
    many = [f"10.0.0.{n}" for n in range(16)]  # one slot each …
    assert admit(many, "e", 16, 4, {"10.0.0.3": 1, "10.0.0.5": 1}) == Admission(True, 3)  # … lapses
    assert admit(many, "10.0.0.9", 16, 4, {"10.0.0.9": 1, "10.0.0.5": 1}) == Admission(False)
    # all as good as each other: the oldest goes once it has waited
    assert admit(many, "e", 16, 4, oldest_waited=0.1, stale=0.5) == Admission(False)
    assert admit(many, "e", 16, 4, oldest_waited=0.5, stale=0.5) == Admission(True, 0)
    assert admit(many, "10.0.0.0", 16, 4, oldest_waited=0.5, stale=0.5) == Admission(False)  # not its own
    assert nearly_full(12, 16) and not nearly_full(11, 16)


def test_a_made_up_room_code_has_six_digits_at_least() -> None:
    codes = {new_code() for _ in range(50)}
    assert all(len(c) == 6 and c.isdigit() for c in codes) and len(codes) > 40
    assert len(new_code(3)) == 6 and len(new_code(8)) == 8


def test_lapsed_greetings_are_counted_per_address_and_forgotten() -> None:
    clock = FakeClock()
    silence = Silence(clock)
    for _ in range(3):
        silence.lapsed("a")
    silence.lapsed("b")
    assert silence.counts() == {"a": 3, "b": 1}
    clock.now += FORGET
    assert silence.counts() == {}
    silence.lapsed("a")
    assert silence.counts() == {"a": 1}
