"""What a LAN table is hosted with (:class:`engine.net.host.Host`), and where friends reach it."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.game.rules import Ruleset
from engine.net.addresses import format_address, local_addresses
from engine.net.connection import OUT_LIMIT
from engine.net.door import DoorLimits


@dataclass(frozen=True)
class TableConfig:
    name: str = "合肥麻将"
    rules: Ruleset = Ruleset()  # noqa: RUF009 - a frozen value; rules.time_limit is the per-decision limit (None: none)
    code: str | None = None  # the room code a hello must give
    seed: int | None = None  # None: random, with a secret wall key; a seed given repeats the deals
    claim_pause: float = 1.0  # seconds after every discard before anything more is sent
    ack_wait: float = 5.0  # the most the table waits for `shows` clients' acknowledgements
    handshake_timeout: float = 5.0
    busy_handshake_timeout: float = 1.0  # … when the greeting slots are nearly full (engine.net.greeting)
    max_greeting: int = 16  # connections that have not said hello yet, in all …
    max_greeting_per_address: int = 4  # … and from one address
    heartbeat: float = 5.0  # a ping after this many quiet seconds …
    dead_after: float = 15.0  # … and a client heard nothing from for this long is dead
    countdown: float = 15.0  # RULES §3: the fourth player's time once three are ready
    out_limit: int = OUT_LIMIT  # bytes a client may leave unread before it is dropped (slow)
    between_wait: float = 15.0  # RULES §3: the table's one countdown between hands
    show_wait: float = 60.0  # the most a decision's clock waits for its client to show the table
    # A person whose time runs out this many times in a row is switched to 托管 (and switches it
    # off themselves): an absent player does not cost the others a whole limit every turn. 0: never.
    autoplay_after_timeouts: int = 2
    # the clock of the countdown between hands and of the decisions' time (a test's may be fake)
    clock: Callable[[], float] = field(default=time.monotonic, compare=False, repr=False)
    door: DoorLimits = DoorLimits()  # noqa: RUF009 - frozen; wrong codes, leaving and removal (engine.net.door)


def join_addresses(bind: str, port: int) -> tuple[str, ...]:
    """``host:port`` for friends to type: the bound address, or this computer's LAN addresses."""
    if bind not in ("", "0.0.0.0"):
        return (format_address(bind, port),)
    return tuple(format_address(a, port) for a in local_addresses()) or (format_address("127.0.0.1", port),)


__all__ = ["TableConfig", "join_addresses"]
