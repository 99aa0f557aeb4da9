"""Talk at a LAN table (快捷语): fixed quick phrases and reactions, sent by code, never free text,
so there is nothing to moderate (docs/protocol.md, "Talk and watchers").

A code is a short ASCII word; the words a player reads are each client's own, in its own
language (gui/i18n). The host relays only the codes it knows, at most :data:`SAY_BURST` in a
row per seat and then one per :data:`SAY_EVERY` seconds; a client ignores a code it does not
know, so a newer host may add phrases without breaking older clients.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from engine.net.connection import TokenBucket

PHRASES = ("hurry", "nice_hand", "again", "hello", "thanks", "sorry", "well_played", "lucky", "wait", "bye")
REACTIONS = ("thumbs_up", "laugh", "wow")
CODES = PHRASES + REACTIONS

SAY_EVERY = 2.0  # seconds per phrase, per seat …
SAY_BURST = 3  # … after a burst of this many


def known(code: str) -> bool:
    return code in CODES


class SayLimit:
    """The host's limit on each seat's phrases; the clock is passed in so that tests turn it."""

    def __init__(self, every: float = SAY_EVERY, burst: int = SAY_BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.every = every
        self.burst = burst
        self.clock = clock
        self._buckets: dict[int, TokenBucket] = {}

    def allow(self, seat: int) -> bool:
        """`seat` may say one more now (and it is counted)."""
        bucket = self._buckets.get(seat)
        if bucket is None:
            bucket = self._buckets[seat] = TokenBucket(1.0 / self.every, self.burst, self.clock)
        return bucket.take()


__all__ = ["CODES", "PHRASES", "REACTIONS", "SAY_BURST", "SAY_EVERY", "SayLimit", "known"]
