"""Importing saved hands: only regular files, read with a hard byte limit,
every value in range; special files, links out of a folder, huge numbers, NaN and deep nesting
are refused in words, never by an exception escaping or a hang."""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.records.replay import record, replay
from storage.imports import REFUSALS, ImportRefused
from storage.saved_hands import MAX_IMPORT_BYTES, SavedHand, read_saved_hand, read_saved_hand_folder
from storage.store import ProfileStore
from tests.profile_helpers import played

POSIX = os.name == "posix"
needs_posix = pytest.mark.skipif(not POSIX, reason="FIFOs, /dev/zero and alarms are POSIX")
ROOT = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def _within(seconds: float) -> Iterator[None]:
    """Fail instead of hanging: SIGALRM interrupts even a blocking open() of a FIFO."""
    if not POSIX:
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@cache
def _saved_text(seed: int) -> str:
    hand = played(seed)
    data = record(hand, ("a", "东家", "南家", "西家"), "2024-05-01T10:00:00+08:00")
    data.update(profile="a", human_seat=0, match_id="m-1")
    return json.dumps(data, ensure_ascii=False)


def _saved(seed: int = 3) -> dict[str, Any]:
    """A valid saved-hand file's content, as export writes it (a fresh copy)."""
    data: dict[str, Any] = json.loads(_saved_text(seed))
    return data


def _consistent(data: dict[str, Any]) -> dict[str, Any]:
    """`data` with the result its replay reaches: a changed value gets past the result check."""
    data = dict(data, result=None)
    result = replay(data).result
    assert result is not None
    data["result"] = {"winners": list(result.winners), "deltas": list(result.deltas),
                      "exhaustive": result.exhaustive}
    return data


def _write(tmp_path: Path, content: Any, name: str = "hand.json") -> Path:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    return path


def _assert_explained(exc: ImportRefused) -> None:
    """A refusal the GUI can tell: a known code with exactly its values, all text (that every
    code has words in both languages is checked in tests/gui/test_store_words.py)."""
    assert exc.code in REFUSALS, exc.code
    assert set(exc.values) == set(REFUSALS[exc.code]), exc.values
    assert all(isinstance(value, str) for value in exc.values.values()), exc.values
    assert exc.code in str(exc)  # the log says which


def _refused(path: Path) -> ImportRefused:
    with _within(20), pytest.raises(ImportRefused) as refused:
        read_saved_hand(path)
    _assert_explained(refused.value)
    return refused.value


# -- the reported failures --------------------------------------------------------------------------

_CHILD = """
import json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # the unfixed reader would eat 1.8 GB
from pathlib import Path
from storage.saved_hands import read_saved_hand
start = time.process_time()  # CPU time: another program on the machine does not add to it
try:
    read_saved_hand(Path(sys.argv[1]))
    outcome = "imported"
except ValueError as exc:
    outcome = "refused: " + str(exc)
except BaseException as exc:
    outcome = "escaped: " + type(exc).__name__
ms = (time.process_time() - start) * 1000
try:  # VmHWM is this process's own peak; ru_maxrss keeps the parent's across a vfork + exec
    status = Path("/proc/self/status").read_text()
    rss_mb = int(status.split("VmHWM:")[1].split()[0]) / 1024
except (OSError, IndexError):
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"outcome": outcome, "ms": ms, "rss_mb": rss_mb}))
"""


def _import_in_child(path: Path) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", _CHILD, str(path)], capture_output=True, text=True,
                          timeout=60, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


@needs_posix
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_json_link_to_dev_zero_is_refused_at_once_and_reads_nothing(tmp_path: Path) -> None:
    link = tmp_path / "hand.json"
    link.symlink_to("/dev/zero")
    report = _import_in_child(link)
    assert report["outcome"].startswith("refused: ") and "not_a_file" in report["outcome"], report
    assert report["ms"] < 1000 and report["rss_mb"] < 200, report


@needs_posix
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "hand.json"
    os.mkfifo(fifo)
    refused = _refused(fifo)  # within its alarm's 20 s: a wait for a writer would never end
    assert refused.code == "not_a_file"


def test_a_directory_is_refused(tmp_path: Path) -> None:
    (tmp_path / "hand.json").mkdir()
    assert _refused(tmp_path / "hand.json").code in ("not_a_file", "unreadable")


def test_a_file_that_grows_past_the_limit_is_cut_off(tmp_path: Path) -> None:
    """The size is checked on what is read, not only on what stat() says (a /proc file says 0)."""
    path = _write(tmp_path, b" " * (MAX_IMPORT_BYTES + 1))
    assert _refused(path).code == "too_large"


def test_a_dealer_streak_too_large_for_the_history_is_refused(store: ProfileStore, tmp_path: Path) -> None:
    store.create("a")
    data = _consistent(dict(_saved(3), dealer_streak=10**19))  # seed 3: the dealer pays, so the deltas
    assert max(abs(d) for d in data["result"]["deltas"]) > 2**63  # no longer fit an SQLite integer
    path = _write(tmp_path, data)
    with pytest.raises(ImportRefused) as refused:
        store.import_hand(path, "a")
    _assert_explained(refused.value)
    assert "dealer_streak" in str(refused.value)
    assert store.history("a") == []


OUT_OF_RANGE = [
    ("dealer", 4), ("dealer", -1), ("dealer", True), ("dealer_streak", 0), ("dealer_streak", 1001),
    ("dealer_streak", 2.0), ("hand_number", 0), ("hand_number", "1"), ("round_number", -3),
    ("seed", 2**64), ("seed", -(2**63) - 1), ("seed", 1.5), ("scores_before", [10**12, 0, 0, -(10**12)]),
    ("scores_before", [0, 0, 0]), ("scores_before", [0, 0, 0, True]),
    ("actions", [[0, {"type": "win"}]] * 1001), ("actions", [["0", {"type": "win"}]]),
    ("actions", [[0, {"type": "win"}, 3]]), ("rules", {"time_limit": 10**19}), ("rules", [4]),
]


@pytest.mark.parametrize(("field", "value"), OUT_OF_RANGE,
                         ids=[f"{f}={str(v)[:20]}" for f, v in OUT_OF_RANGE])
def test_a_value_out_of_range_is_refused_by_name(tmp_path: Path, field: str, value: Any) -> None:
    refused = _refused(_write(tmp_path, dict(_saved(), **{field: value})))
    assert field in str(refused), str(refused)


JSON_REFUSED = [
    ("NaN", b'{"format": "hefei-mahjong-hand", "seed": NaN}', "bad_number"),
    ("Infinity", b'{"seed": Infinity}', "bad_number"),
    ("-Infinity", b'[-Infinity]', "bad_number"),
    ("1e999", b'{"seed": 1e999}', "bad_number"),
    ("huge int", b'{"seed": 1' + b"0" * 40 + b"}", "bad_number"),
    ("4000 digits", b'{"seed": ' + b"9" * 4000 + b"}", "bad_number"),
    ("deep 100", b"[" * 100 + b"]" * 100, "too_deep"),
    ("deep 100000", b"[" * 100_000, "too_deep"),
    ("deep objects", b'{"a": ' * 50 + b"1" + b"}" * 50, "too_deep"),
    ("not utf-8", b"\xff\xfe{}", "not_json"),
    ("truncated", b'{"format": "hefei', "not_json"),
    ("empty", b"", "not_json"),
]


@pytest.mark.parametrize(("content", "code"), [j[1:] for j in JSON_REFUSED], ids=[j[0] for j in JSON_REFUSED])
def test_json_that_no_saved_hand_contains_is_refused_cleanly(tmp_path: Path, content: bytes,
                                                             code: str) -> None:
    assert _refused(_write(tmp_path, content)).code == code


def test_a_valid_hand_still_imports_and_is_stored_as_the_engine_writes_it(tmp_path: Path) -> None:
    data = _saved()
    data["result"]["note"] = "x" * 1000  # a foreign key inside a known one is not stored either
    data["rules"] = dict(data["rules"])
    hand = read_saved_hand(_write(tmp_path, data))
    assert isinstance(hand, SavedHand)
    assert hand.names == ["a", "东家", "南家", "西家"] and hand.seat == 0 and hand.match_id == "m-1"
    assert "note" not in hand.record["result"]
    assert replay(hand.record).events == played(3).events
    result = played(3).result
    assert result is not None and hand.delta == result.deltas[0]


# -- a folder of saved hands --------------------------------------------------------------------------


@needs_posix
def test_a_folder_import_stays_inside_the_folder_and_never_waits(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    _write(outside, _saved(), "secret.json")
    folder = tmp_path / "hands"
    folder.mkdir()
    _write(folder, _saved(), "good.json")
    _write(folder, b"{", "broken.json")
    _write(folder, b"not a hand", "notes.txt")  # not a .json: not looked at
    (folder / "inside.json").symlink_to("good.json")
    (folder / "out.json").symlink_to(outside / "secret.json")
    (folder / "up.json").symlink_to("../elsewhere/secret.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "loop.json").symlink_to("loop.json")
    (folder / "dangling.json").symlink_to("nowhere.json")
    os.mkfifo(folder / "fifo.json")
    (folder / "sub.json").mkdir()
    _write(folder / "sub.json", _saved(), "deeper.json")  # a sub-folder is not entered
    with _within(20):
        outcomes = dict(read_saved_hand_folder(folder))
    assert set(outcomes) == {"good.json", "broken.json", "inside.json", "out.json", "up.json", "zero.json",
                             "loop.json", "dangling.json", "fifo.json", "sub.json"}
    assert isinstance(outcomes["good.json"], SavedHand) and isinstance(outcomes["inside.json"], SavedHand)
    codes = {name: o.code for name, o in outcomes.items() if isinstance(o, ImportRefused)}
    for o in outcomes.values():
        if isinstance(o, ImportRefused):
            _assert_explained(o)
    assert codes == {
        "broken.json": "not_json", "fifo.json": "not_a_file", "sub.json": "not_a_file",
        "out.json": "outside_folder", "up.json": "outside_folder",
        "zero.json": "outside_folder", "loop.json": "unreadable",
        "dangling.json": "unreadable",
    }


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ImportRefused) as refused:
        read_saved_hand_folder(tmp_path / "nowhere")
    _assert_explained(refused.value)


# -- fuzz: mutated valid saved hands -------------------------------------------------------------------

_json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-2**70, 2**70), st.floats(),
              st.text(max_size=6)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=4), inner, max_size=4)),
    max_leaves=12,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:6]):  # the first actions stand for the rest
            out += _paths(item, (*prefix, index))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    if not path:
        return value
    *head, last = path
    parent = data
    for step in head:
        parent = parent[step]
    if delete:
        del parent[last]
    else:
        parent[last] = value
    return data


@st.composite
def _mutated(draw: st.DrawFn) -> bytes:
    data = _saved(draw(st.sampled_from([1, 3])))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        path = draw(st.sampled_from(paths))
        data = _set(data, path, draw(_json_values), delete=bool(path) and draw(st.booleans()))
    if isinstance(data, dict) and draw(st.booleans()):
        with contextlib.suppress(Exception):  # a value that replays gets past the result check
            data = _consistent(data)
    raw = json.dumps(data, allow_nan=True).encode()
    for _ in range(draw(st.integers(0, 2))):  # and damage at the byte level
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(max_size=4)) + raw[at + draw(st.integers(0, 4)):]
    return raw


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=_mutated())
def test_a_mutated_saved_hand_is_imported_correctly_or_refused_in_words(
        tmp_path_factory: pytest.TempPathFactory, raw: bytes) -> None:
    path = _write(tmp_path_factory.mktemp("fuzz"), raw)
    start = time.thread_time()  # this thread's CPU seconds, whatever else runs on the machine
    try:
        with _within(20):
            hand = read_saved_hand(path)
    except ImportRefused as refused:
        _assert_explained(refused)
    else:
        again = replay(hand.record)
        assert again.result is not None and list(again.result.deltas) == hand.summary["deltas"]
        assert hand.delta == again.result.deltas[hand.seat] and 0 <= hand.seat < 4
        assert all(abs(d) < 2**63 for d in again.result.deltas)
        assert not any(isinstance(x, float) and not math.isfinite(x) for x in _leaves(hand.record))
    assert time.thread_time() - start < 5


def _leaves(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


@pytest.mark.parametrize("bad", ["a\x00b", "a\u202eb", "two\nlines", " padded "])
def test_names_no_table_could_show_come_back_as_the_seats_places(tmp_path: Path, bad: str) -> None:
    """A NUL, a right-to-left override or a line break in a name used to be kept and shown in
    the history row; "not a date" as the time too."""
    data = json.loads(_saved_text(1))
    data["names"] = ["a", bad, "南家", "西家"]
    data["played_at"] = "not a date"
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(data), "utf-8")
    saved = read_saved_hand(path)
    assert saved.names == ["", "", "", ""]
    assert saved.played_at != "not a date" and saved.played_at[:4].isdigit()


def test_a_name_that_looks_like_html_is_kept_as_text(tmp_path: Path) -> None:
    data = json.loads(_saved_text(1))
    data["names"] = ["a", "<b>x</b>", "南家", "西家"]
    path = tmp_path / "html.json"
    path.write_text(json.dumps(data), "utf-8")
    assert read_saved_hand(path).names[1] == "<b>x</b>"  # (the labels draw it as typed)
