"""The kept pictures' files (storage.picture_cache): what is written reads back whole and for its
key only; a file whose lengths do not add up — cut short, grown, or a length damaged to ask for
a gigabyte — reads as "not kept" at once, without making room for what it claims."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from storage import picture_cache

LENGTHS_AT = len(picture_cache.MAGIC)


@settings(max_examples=60, deadline=None)
@given(key=st.text(max_size=40), head=st.binary(max_size=64), body=st.binary(max_size=20_000))
def test_what_is_written_reads_back_whole_for_its_key_only(
        tmp_path_factory: pytest.TempPathFactory, key: str, head: bytes, body: bytes) -> None:
    file = tmp_path_factory.mktemp("pictures") / "p.picture"
    assert picture_cache.write(file, key, head, body)
    kept = picture_cache.read(file, key)
    assert kept is not None
    assert kept[0] == head and bytes(kept[1]) == body
    assert picture_cache.read(file, key + "x") is None


def _written(tmp_path: Path, body: bytes = bytes(range(256)) * 64) -> Path:
    file = tmp_path / "p.picture"
    assert picture_cache.write(file, "k", b"head", body)
    return file


def test_a_cut_short_or_grown_file_is_not_kept(tmp_path: Path) -> None:
    file = _written(tmp_path)
    data = file.read_bytes()
    for spoilt in (data[:-1], data[: len(data) // 2], data + b"\0"):
        file.write_bytes(spoilt)
        assert picture_cache.read(file, "k") is None


def test_a_damaged_pixel_is_caught_by_the_crc(tmp_path: Path) -> None:
    file = _written(tmp_path)
    data = bytearray(file.read_bytes())
    data[-100] ^= 0x01
    file.write_bytes(bytes(data))
    assert picture_cache.read(file, "k") is None


def test_a_length_damaged_to_ask_for_a_gigabyte_makes_no_room_for_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    file = _written(tmp_path)
    data = bytearray(file.read_bytes())
    key_len, head_len, _, crc = struct.unpack_from("<IIQI", data, LENGTHS_AT)
    struct.pack_into("<IIQI", data, LENGTHS_AT, key_len, head_len, picture_cache.MAX_BODY, crc)
    file.write_bytes(bytes(data))
    asked: list[int] = []

    def room(length: int) -> bytearray:
        asked.append(length)
        return bytearray(length)

    monkeypatch.setattr(picture_cache, "_room", room)
    assert picture_cache.read(file, "k") is None
    assert asked == []
