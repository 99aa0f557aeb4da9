"""The door of a LAN table: how often an address may try a room code, and when an address or a
name may take a seat again (docs/protocol.md, Limits). No sockets, no threads: the host asks and
tells it, with the clock passed in so that tests can turn it.

- **Room codes.** Each wrong code costs its address a growing wait (``code_wait`` seconds, then
  twice that, … at most ``code_wait_cap``); during the wait that address's hellos are refused
  ``wait`` without the code being looked at. Over the whole table, at most ``wrong_codes`` wrong
  codes are taken in ``code_window`` seconds; beyond that every code is refused ``wait`` until
  the window ends. A right code clears its address's count.
- **Seats.** An address that gave a seat up before the start ``churn_leaves`` times within
  ``churn_window`` seconds must wait ``rejoin_cooldown`` seconds after its last leave before it
  takes a seat again (``cooldown``); one the host removed may not sit again for ``removed_wait``
  seconds, from its address or under its name (``removed``).

The host is told what to show its owner: :class:`DoorNotice`, one per address and kind.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace

MAX_KEPT = 4096  # addresses remembered; past it the quietest are forgotten (a flood of addresses
FORGET = 600.0  # … cannot grow the table); seconds without a wrong code before an address's count is gone
NOTICES = 8  # notices kept for the host's lobby, newest last

WRONG_CODES = "wrong_codes"  # a notice: `count` wrong codes from `address`
CODES_PAUSED = "codes_paused"  # a notice: no code is checked for `seconds`


@dataclass(frozen=True)
class DoorLimits:
    """How the door counts (TableConfig holds these; tests make them small)."""

    code_wait: float = 1.0  # the wait after an address's first wrong code; doubled by each next one …
    code_wait_cap: float = 60.0  # … up to this
    wrong_codes: int = 10  # wrong codes taken by the whole table per window …
    code_window: float = 60.0  # … of this many seconds
    churn_leaves: int = 3  # seats given up from one address within churn_window …
    churn_window: float = 60.0
    rejoin_cooldown: float = 30.0  # … then this wait after the last leave before it sits again
    removed_wait: float = 600.0  # a person the host removed may not sit again for this long


@dataclass(frozen=True)
class DoorNotice:
    """Something the host should know of the door: `count` wrong codes from `address` (and
    whether it then gave the right one: a friend's typo, or a guess that came in), or codes
    paused for `seconds`."""

    kind: str  # WRONG_CODES or CODES_PAUSED
    address: str = ""
    count: int = 0
    seconds: float = 0.0
    then_right: bool = False


@dataclass
class _Strikes:
    count: int = 0
    until: float = 0.0  # the address's hellos are refused until then
    last: float = 0.0  # its last wrong code


class Door:
    def __init__(self, limits: DoorLimits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.notices: deque[DoorNotice] = deque(maxlen=NOTICES)
        self._strikes: dict[str, _Strikes] = {}
        self._window_start = -float("inf")
        self._window_count = 0
        self._leaves: dict[str, deque[float]] = {}
        self._removed: dict[str, float] = {}  # "address:…" / "name:…" → until

    # -- room codes -------------------------------------------------------------------------
    def address_wait(self, address: str) -> float | None:
        """Seconds left of `address`'s wait after a wrong code, or None."""
        strikes = self._strikes.get(address)
        left = 0.0 if strikes is None else strikes.until - self.clock()
        return left if left > 0 else None

    def table_wait(self) -> float | None:
        """Seconds until codes are checked again, when the table took its wrong codes for the
        window; else None."""
        if self._window_count < self.limits.wrong_codes:
            return None
        left = self._window_start + self.limits.code_window - self.clock()
        return left if left > 0 else None

    def wrong_code(self, address: str) -> float:
        """A wrong code from `address`: its wait (seconds), and the notices for the host."""
        now = self.clock()
        if now >= self._window_start + self.limits.code_window:
            self._window_start, self._window_count = now, 0
        self._window_count += 1
        strikes = self._strikes.get(address)
        if strikes is None or now - strikes.last >= FORGET:
            strikes = self._strikes[address] = _Strikes(last=now)
            self._forget(now)
        strikes.count += 1
        strikes.last = now
        wait = min(self.limits.code_wait_cap, self.limits.code_wait * 2 ** min(strikes.count - 1, 60))
        strikes.until = now + wait
        self._notice(DoorNotice(WRONG_CODES, address, strikes.count))
        if (paused := self.table_wait()) is not None:
            self._notice(DoorNotice(CODES_PAUSED, seconds=paused))
        return wait

    def wrong_count(self, address: str) -> int:
        """Wrong codes from `address` since its last right one (or since it was forgotten)."""
        strikes = self._strikes.get(address)
        return 0 if strikes is None else strikes.count

    def right_code(self, address: str) -> None:
        if self._strikes.pop(address, None) is not None:
            wrong = next((n for n in self.notices if (n.kind, n.address) == (WRONG_CODES, address)), None)
            if wrong is not None:  # the host is told it came in after all (QA: the warning stayed)
                self._notice(replace(wrong, then_right=True))

    # -- seats ------------------------------------------------------------------------------
    def left(self, address: str) -> None:
        """A person from `address` gave a seat up before the start."""
        now = self.clock()
        leaves = self._leaves.setdefault(address, deque(maxlen=max(1, self.limits.churn_leaves)))
        leaves.append(now)
        if len(self._leaves) > MAX_KEPT:
            self._leaves = {a: q for a, q in self._leaves.items()
                            if q and now - q[-1] < self.limits.churn_window + self.limits.rejoin_cooldown}

    def removed(self, address: str, name: str) -> None:
        """The host removed the person of `name` at `address`."""
        until = self.clock() + self.limits.removed_wait
        for key in (f"address:{address}", f"name:{name}"):
            self._removed[key] = until
        if len(self._removed) > MAX_KEPT:
            now = self.clock()
            self._removed = {k: u for k, u in self._removed.items() if u > now}

    def removed_wait(self, address: str, name: str) -> float | None:
        """Seconds before a person removed from `address` or named `name` may sit again, or None."""
        now = self.clock()
        left = max(self._removed.get(f"address:{address}", now), self._removed.get(f"name:{name}", now)) - now
        return left if left > 0 else None

    def rejoin_wait(self, address: str) -> float | None:
        """Seconds before `address` may take a seat again after leaving too often, or None."""
        leaves = self._leaves.get(address)
        limits = self.limits
        if not leaves or limits.churn_leaves < 1 or len(leaves) < limits.churn_leaves:
            return None
        now = self.clock()
        if leaves[-1] - leaves[0] > limits.churn_window:  # spread out: no churn
            return None
        left = leaves[-1] + limits.rejoin_cooldown - now
        return left if left > 0 else None

    # -- inside -----------------------------------------------------------------------------
    def _notice(self, notice: DoorNotice) -> None:
        """The newest notice of each address and kind, the latest last."""
        kept = [n for n in self.notices if (n.kind, n.address) != (notice.kind, notice.address)]
        self.notices.clear()
        self.notices.extend(kept)
        self.notices.append(notice)

    def _forget(self, now: float) -> None:
        if len(self._strikes) > MAX_KEPT:
            self._strikes = {a: s for a, s in self._strikes.items() if s.until > now or now - s.last < FORGET}
            while len(self._strikes) > MAX_KEPT:  # all recent: the oldest go
                del self._strikes[min(self._strikes, key=lambda a: self._strikes[a].last)]


__all__ = ["CODES_PAUSED", "WRONG_CODES", "Door", "DoorLimits", "DoorNotice"]
