"""The LAN files kept on disk (storage.lan_tables): owner-only, atomic, a damaged one kept aside."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from storage.lan_tables import LanFile, seat_file, table_file


def test_a_lan_file_is_the_owners_only_even_over_a_file_others_could_read(tmp_path: Path) -> None:
    path = tmp_path / "lan_table.json"
    path.write_text("{}", "utf-8")
    os.chmod(path, 0o644)
    kept = LanFile(path)
    kept.write({"token": "a" * 32, "wall_key": "00" * 32})
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert kept.read() == {"token": "a" * 32, "wall_key": "00" * 32}
    assert not list(tmp_path.glob(".lan_table.json*.tmp"))  # no temporary file left with the secrets
    kept.clear()
    assert kept.read() is None and not path.exists()
    kept.clear()  # clearing nothing is no error


def test_a_damaged_or_oversized_lan_file_reads_as_nothing(tmp_path: Path) -> None:
    path = tmp_path / "lan_seat.json"
    for content in (b"{not json", b"[1, 2]", b'"text"'):
        path.write_bytes(content)
        assert LanFile(path).read() is None
        assert not path.exists()  # kept aside, never deleted
    assert len(list(tmp_path.glob("lan_seat.json.bad-*"))) == 3
    big = tmp_path / "big.json"
    big.write_bytes(b'{"a": "' + b"x" * 300_000 + b'"}')
    assert LanFile(big).read() is None and big.exists()  # too big to be one of ours: left alone


def test_the_files_live_in_the_user_data_folder_and_serve_keeps_its_own(tmp_path: Path) -> None:
    assert seat_file(tmp_path).path == tmp_path / "lan_seat.json"
    assert table_file(tmp_path).path == tmp_path / "lan_table.json"
    assert table_file(tmp_path, serve=True).path == tmp_path / "lan_serve.json"
    assert "hefei-mahjong" in str(seat_file().path)  # (conftest points the user folders at a temporary one)
