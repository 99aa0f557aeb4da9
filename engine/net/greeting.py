"""Room at the door for every address (docs/protocol.md, Limits): which connection that has not
said hello yet must give way to a new one. Pure: the host passes the addresses in.

One address may hold at most ``per_address`` of the ``total`` greeting slots. When all are
taken, a connection from an address that holds fewer than the busiest address, less one, takes
the place of that address's oldest greeting; otherwise it is refused. So silent connections
from a few addresses cannot keep a new address out, and they cannot push each other out in turn
for nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

NEARLY_FULL = 0.75  # from this share of the slots taken, the handshake deadline is the short one


@dataclass(frozen=True)
class Admission:
    admit: bool
    evict: int | None = None  # the index (in the addresses given) of the greeting that gives way


def admit(greeting: Sequence[str], new: str, total: int, per_address: int) -> Admission:
    """Whether a connection from `new` may say hello, with `greeting` the addresses of the
    connections saying hello now, oldest first."""
    counts = Counter(greeting)
    if counts[new] >= per_address:
        return Admission(False)
    if len(greeting) < total:
        return Admission(True)
    most = max(counts.values(), default=0)
    if counts[new] + 1 >= most:
        return Admission(False)
    return Admission(True, next(i for i, a in enumerate(greeting) if counts[a] == most))


def nearly_full(taken: int, total: int) -> bool:
    return taken >= NEARLY_FULL * total


__all__ = ["NEARLY_FULL", "Admission", "admit", "nearly_full"]
