"""What a host sends and takes, in one order: the frames leaving the match thread for each seat
(at the outbox, before the network thread writes them) and the messages arriving from each
seat. A test asserts on the order (this before that), never on how long anything took. Also
a clock that only moves when a test moves it, and a first hand rigged from tests.hand_helpers."""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from engine.game.hand import Hand
from engine.net import match_thread
from engine.net import messages as m
from engine.net.host import Host
from engine.net.loop_thread import NetworkThread
from engine.table.match import Match


@dataclass(frozen=True)
class Logged:
    seq: int
    way: str  # "out" (host → seat) or "in" (seat → host)
    seat: int | None
    type: str
    body: dict[str, Any]


class TableLog:
    def __init__(self, monkeypatch: pytest.MonkeyPatch,
                 on_in: Callable[[m.Message], None] | None = None) -> None:
        self.entries: list[Logged] = []
        self._lock = threading.Lock()
        self._count = itertools.count()
        post, received = NetworkThread.post, Host.received
        log = self

        def logged_post(network: NetworkThread, connection: Any, data: bytes) -> None:
            body = json.loads(data[4:].decode("utf-8"))
            log.add("out", connection.seat, body.get("type", ""), body)
            post(network, connection, data)

        def logged_received(host: Host, connection: Any, message: m.Message) -> None:
            if on_in is not None:
                on_in(message)
            log.add("in", connection.seat, message.TYPE, m.to_wire(message))
            received(host, connection, message)

        monkeypatch.setattr(NetworkThread, "post", logged_post)
        monkeypatch.setattr(Host, "received", logged_received)

    def add(self, way: str, seat: int | None, kind: str, body: dict[str, Any]) -> None:
        with self._lock:
            self.entries.append(Logged(next(self._count), way, seat, kind, body))

    def find(self, way: str, kind: str, seat: int | None = None,
             where: Callable[[dict[str, Any]], bool] = lambda _body: True) -> list[Logged]:
        with self._lock:
            return [e for e in self.entries if e.way == way and e.type == kind
                    and (seat is None or e.seat == seat) and where(e.body)]


class StepClock:
    """The host's clock in a test: it stands still until the test moves it."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def rig_first_hand(monkeypatch: pytest.MonkeyPatch, make: Callable[[], Hand]) -> None:
    """The match's first hand is `make()` (dealer 0); the others are dealt as usual."""
    deal = Match.next_hand

    def next_hand(match: Match) -> Hand:
        return make() if match.played == 0 else deal(match)

    monkeypatch.setattr(Match, "next_hand", next_hand)
    saved = match_thread.replay_record  # a rigged wall has no seed to replay it from

    def record(hand: Hand, names: Any) -> dict[str, Any]:
        return saved(hand, names) if hand.seed is not None else {}

    monkeypatch.setattr(match_thread, "replay_record", record)


__all__ = ["Logged", "StepClock", "TableLog", "rig_first_hand"]
