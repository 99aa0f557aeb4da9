"""Hosts on loopback for the tests, and raw clients that play: every wait bounded."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from engine.game.rules import Ruleset
from engine.net import messages as m
from engine.net.host import Host, TableConfig
from tests.clocks import FakeClock as TurnedClock
from tests.net.raw_client import Closed, RawClient, first_legal

FAST = Ruleset(rounds=1, time_limit=5)


class FakeClock(TurnedClock):
    """A clock the test turns (`now` in seconds); the host's threads only read it. It starts
    well past 0, as a real monotonic clock does (the door's waits count back from now)."""

    def __init__(self, now: float = 1000.0) -> None:
        super().__init__(now)


@contextmanager
def hosted(clock: Callable[[], float] | None = None, connection_clock: Callable[[], float] | None = None,
           **config: Any) -> Iterator[Host]:
    """A started host on 127.0.0.1, any port, no discovery; stopped afterwards whatever happens.
    `clock`: the table's one clock (the lobby, the door, between hands, decisions), e.g. a
    :class:`FakeClock`; `connection_clock`: its connections' rate limits and heartbeats."""
    config.setdefault("rules", FAST)
    config.setdefault("claim_pause", 0.0)
    extra: dict[str, Any] = {} if clock is None else {"clock": clock}
    if connection_clock is not None:
        extra["connection_clock"] = connection_clock
    host = Host(TableConfig(**config), bind="127.0.0.1", port=0, discovery_port=None, **extra)
    host.start()
    try:
        yield host
    finally:
        host.stop()


def join(host: Host, name: str = "tester", **hello: Any) -> tuple[RawClient, m.Welcome]:
    """A client seated at `host`: its welcome read, and the lobby after it."""
    client = RawClient(host.address[1])
    welcome = client.hello(name, **hello)
    assert isinstance(welcome, m.Welcome), welcome
    if not welcome.resumed:
        client.read_until(m.Lobby)
    return client, welcome


@dataclass
class Player:
    """A raw client answering every request with its first legal action, in its own thread."""

    client: RawClient
    answer: Callable[[m.RequestMessage], m.Message | None] = first_legal
    messages: list[m.Message] = field(default_factory=list)
    ended: m.Ended | None = None
    error: BaseException | None = None
    thread: threading.Thread | None = None

    def start(self) -> Player:
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        return self

    def join(self, timeout: float = 60.0) -> None:
        assert self.thread is not None
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the player never saw the table end"

    def _run(self) -> None:
        try:
            while True:
                message = self.client.read(30.0)
                self.messages.append(message)
                if isinstance(message, m.RequestMessage):
                    reply = self.answer(message)
                    if reply is not None:
                        self.client.send(reply)
                elif isinstance(message, m.Ping):
                    self.client.send(m.Pong(message.t))
                elif isinstance(message, m.Ended):
                    self.ended = message
                    return
        except Closed:
            return
        except BaseException as exc:  # kept for the test to see
            self.error = exc

    def events(self) -> list[m.EventMessage]:
        return [x for x in self.messages if isinstance(x, m.EventMessage)]


__all__ = ["FAST", "FakeClock", "Player", "hosted", "join"]
