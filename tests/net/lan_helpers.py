"""Tables on loopback for the LAN tests: a host on a free port, bot clients in threads, every
wait bounded."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from engine.ai import make_ai
from engine.game.rules import Ruleset
from engine.net.bot_client import BotPlayer, BotResult
from engine.net.host import Host, TableConfig

FAST = TableConfig(name="测试桌", rules=Ruleset.hefei(rounds=1), seed=7, claim_pause=0.0, countdown=0.5)
MATCH_SECONDS = 90.0  # a bound, far above what a 1-圈 match of bots takes


def config(**changes: object) -> TableConfig:
    return replace(FAST, **changes)  # type: ignore[arg-type]


@contextmanager
def hosted(table: TableConfig = FAST) -> Iterator[Host]:
    host = Host(table, bind="127.0.0.1", port=0, discovery_port=None)
    host.start()
    try:
        yield host
    finally:
        host.stop()


class BotThread:
    """A bot client playing one seat in a thread; `result` once it is done."""

    def __init__(self, port: int, name: str, level: str = "normal", seed: int = 1, code: str | None = None,
                 return_for: float = 10.0, run_for: float = MATCH_SECONDS, token: str | None = None) -> None:
        """`token`: a return to a seat held before (a new run of a program that died)."""
        self.run_for = run_for
        self.player = BotPlayer("127.0.0.1", port, name, lambda: make_ai(level, seed=seed, name=name),
                                code=code, return_for=return_for, token=token)
        self.result: BotResult | None = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name=f"bot-{name}", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.result = self.player.run(deadline=time.monotonic() + self.run_for)
        except BaseException as exc:  # kept for the test to show
            self.error = exc

    def join(self, timeout: float | None = None) -> BotResult:
        self.thread.join(self.run_for + 5 if timeout is None else timeout)
        assert not self.thread.is_alive(), "the bot client did not finish in time"
        if self.error is not None:
            raise self.error
        assert self.result is not None
        return self.result


def bots(port: int, count: int, **kwargs: object) -> list[BotThread]:
    return [BotThread(port, f"bot{i}", seed=i + 1, **kwargs) for i in range(count)]  # type: ignore[arg-type]
