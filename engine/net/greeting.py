"""Room at the door for every address (docs/protocol.md, Limits): which connection that has not
said hello yet must give way to a new one. Pure: the host passes the addresses in.

One address may hold at most ``per_address`` of the ``total`` greeting slots. When all are
taken, each address stands by the slots it holds plus the greetings it let lapse lately (no
hello before the deadline, or pushed out: :class:`Silence`). A connection from an address that
would stand lower than the highest, even with this slot, takes the place of that address's
oldest greeting. Failing that, it takes the place of the oldest greeting once that one has
waited ``stale`` seconds (an honest hello comes within milliseconds of connecting); otherwise it
is refused. So silent connections, from a few addresses or from many, cannot keep a new address
out, an honest greeting is never the one pushed out, and silent ones do not push each other out
in turn for nothing.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

NEARLY_FULL = 0.75  # from this share of the slots taken, the handshake deadline is the short one
FORGET = 60.0  # seconds after an address's last lapsed greeting before its lapses are forgotten
MAX_KEPT = 4096  # addresses remembered


@dataclass(frozen=True)
class Admission:
    admit: bool
    evict: int | None = None  # the index (in the addresses given) of the greeting that gives way


def admit(greeting: Sequence[str], new: str, total: int, per_address: int,
          lapsed: Mapping[str, int] | None = None, oldest_waited: float = 0.0,
          stale: float | None = None) -> Admission:
    """Whether a connection from `new` may say hello, with `greeting` the addresses of the
    connections saying hello now, oldest first (the oldest has waited `oldest_waited` seconds),
    and `lapsed` the greetings each address let lapse lately."""
    counts = Counter(greeting)
    if counts[new] >= per_address:
        return Admission(False)
    if len(greeting) < total:
        return Admission(True)
    lapses = lapsed or {}

    def standing(address: str) -> int:
        return counts[address] + lapses.get(address, 0)

    highest = max((standing(a) for a in greeting), default=0)
    if standing(new) + 1 < highest:
        return Admission(True, next(i for i, a in enumerate(greeting) if standing(a) == highest))
    if stale is not None and greeting and oldest_waited >= stale and greeting[0] != new:
        return Admission(True, 0)
    return Admission(False)


def nearly_full(taken: int, total: int) -> bool:
    return taken >= NEARLY_FULL * total


class Silence:
    """How many greetings each address let lapse lately, forgotten FORGET seconds after its last."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lapsed: dict[str, tuple[int, float]] = {}  # address → (lapses, the last one's time)

    def lapsed(self, address: str) -> None:
        now = self._clock()
        count, last = self._lapsed.get(address, (0, now))
        self._lapsed[address] = (1 if now - last >= FORGET else count + 1, now)
        if len(self._lapsed) > MAX_KEPT:
            fresh = sorted(self._lapsed.items(), key=lambda item: item[1][1])[-MAX_KEPT:]
            self._lapsed = dict(fresh)

    def counts(self) -> dict[str, int]:
        now = self._clock()
        return {a: n for a, (n, last) in self._lapsed.items() if now - last < FORGET}


__all__ = ["NEARLY_FULL", "Admission", "Silence", "admit", "nearly_full"]
