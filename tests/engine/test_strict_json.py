"""The one strict reader of untrusted JSON (engine.records.strict_json): every caller's limits hold, and
any bytes give a value or a JsonRefused, never another exception."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.records import strict_json
from engine.records.strict_json import JsonLimits, JsonRefused, loads, nesting_depth

LIMITS = JsonLimits(max_depth=4, max_int_digits=5)


@pytest.mark.parametrize(("raw", "code"), [
    (b"\xff{}", strict_json.BAD_UTF8),
    (b"{", strict_json.BAD_JSON),
    (b"[NaN]", strict_json.NOT_A_NUMBER),
    (b"-Infinity", strict_json.NOT_A_NUMBER),
    (b"1e400", strict_json.BAD_NUMBER),
    (b"123456", strict_json.BAD_NUMBER),
    (b"[[[[[1]]]]]", strict_json.TOO_DEEP),
    (b"[" * 100_000 + b"]" * 100_000, strict_json.TOO_DEEP),
    (b'{"a": 1, "b": {"c": 2, "c": 2}}', strict_json.DUPLICATE_KEY),
])
def test_each_refusal_has_its_code(raw: bytes, code: str) -> None:
    with pytest.raises(JsonRefused) as refused:
        loads(raw, LIMITS)
    assert refused.value.code == code


def test_values_within_the_limits_are_read() -> None:
    assert loads(b'{"a": [[[12345, -1.5e3, "x"]]]}', LIMITS) == {"a": [[[12345, -1500.0, "x"]]]}
    assert loads('"文"', LIMITS) == "文"
    assert loads(b"1" * 40, JsonLimits(max_depth=1)) == int("1" * 40)  # no digit limit asked


def test_nesting_depth_counts_without_recursion_and_stops_early() -> None:
    deep: list[object] = []
    for _ in range(10_000):
        deep = [deep]
    assert nesting_depth(deep) == 10_001
    assert nesting_depth(deep, stop_at=5) == 5
    assert nesting_depth({"a": 1, "b": {"c": []}}) == 3
    assert nesting_depth(7) == 0


@given(st.binary(max_size=200))
def test_any_bytes_give_a_value_or_a_refusal(raw: bytes) -> None:
    try:
        value = loads(raw, LIMITS)
    except JsonRefused as refused:
        assert refused.code in {strict_json.BAD_UTF8, strict_json.BAD_JSON, strict_json.BAD_NUMBER,
                                strict_json.NOT_A_NUMBER, strict_json.TOO_DEEP}
    else:
        assert nesting_depth(value) <= LIMITS.max_depth


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-99_999, 99_999) | st.text(max_size=5)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=10)


@given(json_values)
def test_what_json_writes_within_the_limits_reads_back(value: object) -> None:
    text = json.dumps(value, allow_nan=False)
    if nesting_depth(value) <= LIMITS.max_depth:
        assert loads(text.encode(), LIMITS) == value
    else:
        with pytest.raises(JsonRefused):
            loads(text.encode(), LIMITS)


@pytest.mark.parametrize(("raw", "detail"), [
    (b'{"a": 1, "a": 2}', "a"),  # json.loads would keep the last one without a word
    (b'{"x": "a\x01"}', "Invalid control character (character 9)"),  # the place was cut off
    (b"\xef\xbb\xbf{}", "the text starts with a byte order mark (BOM), which JSON does not allow"),
    (b'{"a": }', "Expecting value (character 7)"),
])
def test_a_refusal_says_what_and_where(raw: bytes, detail: str) -> None:
    with pytest.raises(JsonRefused) as refused:
        loads(raw, LIMITS)
    assert refused.value.detail == detail
