"""Recent hosts for the join dialog: most recent first, each once, bounded."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.net.recent import remember


def test_the_newest_comes_first_and_each_host_once() -> None:
    recent = remember([], "192.168.1.5:47321")
    recent = remember(recent, "192.168.1.9:5000")
    assert recent == ["192.168.1.9:5000", "192.168.1.5:47321"]
    assert remember(recent, "192.168.1.5") == ["192.168.1.5:47321", "192.168.1.9:5000"]


def test_one_host_written_several_ways_is_one_entry() -> None:
    recent = ["Mahjong-PC:47321", "[::1]:47321"]
    assert remember(recent, " mahjong-pc ") == ["mahjong-pc:47321", "[::1]:47321"]
    assert remember(recent, "::1") == ["[::1]:47321", "mahjong-pc:47321"]
    assert remember(recent, "192.168.1.5：47321")[0] == "192.168.1.5:47321"


def test_the_list_is_bounded() -> None:
    recent: list[str] = []
    for i in range(20):
        recent = remember(recent, f"10.0.0.{i}")
    assert recent == [f"10.0.0.{i}:47321" for i in range(19, 11, -1)]
    assert remember(recent, "10.0.0.1", keep=3) == ["10.0.0.1:47321", "10.0.0.19:47321", "10.0.0.18:47321"]
    assert remember(recent, "10.0.0.1", keep=0) == []


def test_bad_entries_are_dropped_and_a_bad_address_changes_nothing_else() -> None:
    stored = ["10.0.0.1:47321", "", "not an address at all", 7, "10.0.0.2:99999"]
    assert remember(stored, "host:0") == ["10.0.0.1:47321"]  # type: ignore[arg-type]


@given(st.lists(st.text(max_size=30), max_size=12), st.text(max_size=30), st.integers(-2, 10))
@settings(max_examples=200, deadline=None)
def test_any_list_and_address_give_a_short_list_without_repeats(recent: list[str], address: str,
                                                                keep: int) -> None:
    result = remember(recent, address, keep=keep)
    assert len(result) <= max(0, keep)
    assert len(result) == len(set(result))
    if result:  # remembering the newest again changes nothing
        assert remember(result, result[0], keep=keep) == result
