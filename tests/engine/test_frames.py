"""The LAN wire framing: a stream cut anywhere gives the same messages;
an oversize frame is refused from its length alone; every malformed body is a FrameError."""

from __future__ import annotations

import json
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.net.frames import MAX_DEPTH, MAX_FRAME, FrameError, FrameReader, decode_body, encode

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**63) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
messages = st.dictionaries(st.text(max_size=10), json_values, max_size=5)


@given(st.lists(messages, max_size=6), st.data())
@settings(max_examples=200, deadline=None)
def test_a_stream_cut_anywhere_gives_the_same_messages(sent: list[dict], data: st.DataObject) -> None:
    stream = b"".join(encode(m) for m in sent)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=8)))
    reader = FrameReader()
    got: list[dict] = []
    for start, end in zip([0, *cuts], [*cuts, len(stream)], strict=True):
        got += reader.feed(stream[start:end])
    assert got == sent and reader.buffered == 0


def test_an_oversize_frame_is_refused_from_its_length_alone() -> None:
    reader = FrameReader()
    with pytest.raises(FrameError) as refused:
        reader.feed(struct.pack(">I", MAX_FRAME + 1))  # no body sent at all
    assert refused.value.code == "too_long"
    assert reader.buffered == 0  # nothing of it is kept


def test_a_frame_at_the_limit_is_read_and_one_beyond_it_cannot_be_sent() -> None:
    filler = "x" * (MAX_FRAME - len(json.dumps({"a": ""}, separators=(",", ":"))))
    frame = encode({"a": filler})
    assert len(frame) == 4 + MAX_FRAME
    assert FrameReader().feed(frame) == [{"a": filler}]
    with pytest.raises(ValueError):
        encode({"a": filler + "x"})


@pytest.mark.parametrize("body, code", [
    (b"\xff\xfe", "bad_utf8"),
    (b"{", "bad_json"),
    (b'{"a": NaN}', "bad_json"),
    (b'{"a": Infinity}', "bad_json"),
    (b"[1, 2]", "not_an_object"),
    (b'"text"', "not_an_object"),
    (b"", "bad_json"),
    (b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), "too_deep"),
    (b'{"a": ' + b"[" * 30000 + b"]" * 30000 + b"}", "too_deep"),
])
def test_malformed_bodies_are_refused_by_name(body: bytes, code: str) -> None:
    with pytest.raises(FrameError) as refused:
        FrameReader().feed(struct.pack(">I", len(body)) + body)
    assert refused.value.code == code


def test_brackets_inside_strings_are_not_nesting() -> None:
    text = {"a": "[[[[[[[[[[[[[[[[[[[[[[{{{{{{{{{{\\\"", "b": [[1]]}
    assert decode_body(json.dumps(text).encode()) == text


@given(st.binary(max_size=300))
@settings(max_examples=300, deadline=None)
def test_any_bytes_give_messages_or_a_frame_error_and_nothing_else(junk: bytes) -> None:
    reader = FrameReader()
    try:
        for message in reader.feed(junk):
            assert isinstance(message, dict)
    except FrameError as refused:
        assert refused.code in {"too_long", "bad_utf8", "bad_json", "not_an_object", "too_deep"}
    assert reader.buffered <= 4 + MAX_FRAME
