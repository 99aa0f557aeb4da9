"""Shared by the profile store tests: real hands played by AIs, fake replay records, a quick
way to record a hand, a freshly loaded store. (The ``store`` fixture is in tests/conftest.py.)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from engine.ai import make_ai
from engine.game.hand import Hand
from engine.game.rules import Ruleset
from engine.records.replay import FORMAT
from engine.table.match import Match
from engine.table.seat import HandRunner
from storage.model import HandOutcome, Profile
from storage.store import ProfileStore


@cache
def played(seed: int) -> Hand:
    """A real hand, played by four AIs (cached: several tests read the same hands)."""
    match = Match(Ruleset(), seed)
    hand = match.next_hand()
    HandRunner(hand, [make_ai("normal", seed=i) for i in range(4)]).run()
    assert hand.result is not None
    return hand


def outcome_for(hand: Hand, seat: int) -> HandOutcome:
    result = hand.result
    assert result is not None
    won = seat in result.winners
    return HandOutcome(
        room=hand.rules.room.value, delta=result.deltas[seat], won=won, self_draw=won and result.self_draw,
        deal_in=result.discarder == seat and not won, exhaustive=result.exhaustive,
    )


def fake_record(deltas: list[int], winners: list[int] | None = None,
                exhaustive: bool = False) -> dict[str, Any]:
    """Enough of an engine.records.replay record for record_hand (which does not replay it)."""
    return {
        "format": FORMAT, "format_version": 1, "rules": Ruleset().to_dict(), "seed": 1, "actions": [],
        "result": {"winners": winners or [], "deltas": deltas, "exhaustive": exhaustive},
    }


def add_hand(store: ProfileStore, name: str, delta: int, *, won: bool = False,
             deal_in: bool = False) -> tuple[Any, Any]:
    outcome = HandOutcome(room="open", delta=delta, won=won, deal_in=deal_in)
    return store.record_hand(name, outcome, fake_record([delta, -delta, 0, 0]), "m", [name, "b", "c", "d"], 0)


def current(store: ProfileStore) -> Profile:
    """The store's current profile, asserted there."""
    profile = store.current()
    assert profile is not None, "no current profile"
    return profile


def new_store(path: Path) -> ProfileStore:
    store = ProfileStore(path)
    assert store.load() == []
    return store


def bad_files(directory: Path, name: str) -> list[Path]:
    return sorted(directory.glob(f"{name}.bad-*"))


def refuse_saves(monkeypatch: Any) -> None:
    """A data folder that has become read-only: neither profiles.json nor the history can be
    written (as root, chmod would not stop the writes)."""
    import os
    import sqlite3

    def read_only(src: Any, dst: Any) -> None:
        raise OSError(30, "Read-only file system")

    def no_db(*args: Any, **kwargs: Any) -> Any:
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(os, "replace", read_only)
    monkeypatch.setattr("storage.history.HistoryDB._journal_write", no_db)
