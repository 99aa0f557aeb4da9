"""What the parts of a LAN host ask of the table as a whole: the host hands them its own
callables, so that no part needs to know the host (engine.net.host imports them, never the
other way round)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.net.messages import TableInfo


@dataclass(frozen=True)
class TableCalls:
    # The lobby or the table changed: a lobby to everyone before the start, the match started
    # when all are ready, the host's owner told. Any thread; changes close together make one.
    changed: Callable[[], None]
    tell_owner: Callable[[], None]  # only the owner (the host's window or command) is told
    info: Callable[[], TableInfo]  # what the table says of itself (in a welcome)


__all__ = ["TableCalls"]
