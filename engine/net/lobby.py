"""A LAN table's lobby before the match: four seats, who sits where, who is ready (no sockets,
no threads; the clock is passed in so that tests can turn it).

RULES §3: once every seat is taken and three are ready, the fourth has a countdown (15 s) and
is then made ready. An AI seat is always ready. When all four are ready the match may start.
The host calls :meth:`LobbyState.tick` now and then to let the countdown run out.

The countdown is one for the lobby's life: when it stops (a seat was given up, a player is no
longer ready) the time left is kept, and it goes on from there when it runs again. So somebody
who takes the free seat and leaves it again and again cannot hold the table back (the
countdown does not start over with each of them).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from engine.ai import LEVELS
from engine.game.rules import Ruleset
from engine.net.messages import NAME_CHARS, Lobby, LobbySeat, TableInfo

SEATS = 4
COUNTDOWN = 15.0  # seconds the fourth player has once three are ready (RULES §3)

EMPTY = LobbySeat("empty")


class LobbyError(ValueError):
    """A lobby change that cannot be made (no free seat, a seat that is not an AI's …)."""


class LobbyState:
    """The four seats of a lobby; every change returns whether anything changed."""

    def __init__(self, countdown: float = COUNTDOWN, clock: Callable[[], float] = time.monotonic) -> None:
        self.countdown = countdown
        self._clock = clock
        self._seats: list[LobbySeat] = [EMPTY] * SEATS
        self._deadline: float | None = None  # when the one seat not ready is made ready
        self._left = countdown  # the countdown's time left while it does not run

    # -- reading --------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[LobbySeat, ...]:
        return tuple(self._seats)

    @property
    def free_seats(self) -> int:
        return sum(s.kind == "empty" for s in self._seats)

    @property
    def all_taken(self) -> bool:
        return self.free_seats == 0

    @property
    def all_ready(self) -> bool:
        return all(s.kind != "empty" and s.ready for s in self._seats)

    def countdown_left(self) -> float | None:
        """Seconds until the fourth is made ready, or None when no countdown runs."""
        if self._deadline is None:
            return None
        return max(0.0, self._deadline - self._clock())

    def snapshot(self, table: TableInfo, rules: Ruleset, addresses: tuple[str, ...] = ()) -> Lobby:
        left = self.countdown_left()
        return Lobby(table=table, rules=rules, seats=self.seats,
                     countdown=None if left is None else round(left, 3), addresses=addresses)

    # -- changes --------------------------------------------------------------------------
    def join(self, name: str, title: str = "") -> int | None:
        """A person takes the first free seat: its number, or None when the table is full. A name
        another seat has already is told apart by a number ("Alice 2"): two Alices would make the
        results unreadable, and a stranger could pass for a friend."""
        for seat, slot in enumerate(self._seats):
            if slot.kind == "empty":
                self._seats[seat] = LobbySeat("person", name=self._unique(name), title=title, connected=True)
                self._update()
                return seat
        return None

    def _unique(self, name: str) -> str:
        taken = {slot.name.casefold() for slot in self._seats if slot.kind != "empty"}
        number = 1
        unique = name
        while unique.casefold() in taken:
            number += 1
            suffix = f" {number}"
            unique = name[:NAME_CHARS - len(suffix)].rstrip() + suffix
        return unique

    def leave(self, seat: int) -> bool:
        """The seat is given up (a person left, or the host took an AI away)."""
        self._check(seat)
        if self._seats[seat].kind == "empty":
            return False
        self._seats[seat] = EMPTY
        self._update()
        return True

    def place(self, seat: int, slot: LobbySeat) -> None:
        """Put `slot` in `seat` as it was (a table opened again from what its host kept)."""
        self._check(seat)
        self._seats[seat] = slot
        self._update()

    def set_ready(self, seat: int, ready: bool) -> bool:
        slot = self._check(seat)
        if slot.kind != "person":
            raise LobbyError(f"seat {seat} has no player to be ready")
        if slot.ready == ready:
            return False
        self._seats[seat] = replace(slot, ready=ready)
        self._update()
        return True

    def set_connected(self, seat: int, connected: bool) -> bool:
        slot = self._check(seat)
        if slot.kind != "person" or slot.connected == connected:
            return False
        self._seats[seat] = replace(slot, connected=connected)
        return True

    def add_ai(self, seat: int | None = None, level: str = "normal") -> int:
        """An AI of `level` takes `seat` (or the first free one); its number."""
        if level not in LEVELS:
            raise LobbyError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
        if seat is None:
            free = [s for s, slot in enumerate(self._seats) if slot.kind == "empty"]
            if not free:
                raise LobbyError("no free seat for an AI")
            seat = free[0]
        elif self._check(seat).kind != "empty":
            raise LobbyError(f"seat {seat} is taken")
        self._seats[seat] = LobbySeat("ai", name=f"AI {seat + 1}", title=level, ready=True,
                                      connected=True, level=level)
        self._update()
        return seat

    def remove_ai(self, seat: int) -> bool:
        if self._check(seat).kind != "ai":
            raise LobbyError(f"seat {seat} has no AI")
        return self.leave(seat)

    def fill_with_ai(self, level: str = "normal") -> list[int]:
        """AIs of `level` in every free seat; their numbers."""
        return [self.add_ai(seat, level) for seat, slot in enumerate(self._seats) if slot.kind == "empty"]

    def make_all_ready(self) -> bool:
        """The host starts: every seat must be taken; all are made ready."""
        if not self.all_taken:
            raise LobbyError("every seat must be taken before the start")
        changed = False
        for seat, slot in enumerate(self._seats):
            if not slot.ready:
                self._seats[seat] = replace(slot, ready=True)
                changed = True
        self._update()
        return changed

    def tick(self) -> bool:
        """Let the countdown run out: True when it made the fourth ready just now."""
        if self._deadline is None or self._clock() < self._deadline:
            return False
        for seat, slot in enumerate(self._seats):
            if not slot.ready:
                self._seats[seat] = replace(slot, ready=True)
        self._update()
        return True

    # -- inside ---------------------------------------------------------------------------
    def _check(self, seat: int) -> LobbySeat:
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise LobbyError(f"no seat {seat!r}: seats are 0 to {SEATS - 1}")
        return self._seats[seat]

    def _update(self) -> None:
        """Start the countdown when the table is full with exactly three ready; stop it when not."""
        counting = self.all_taken and sum(s.ready for s in self._seats) == SEATS - 1
        if not counting:
            if self._deadline is not None:
                self._left = max(0.0, self._deadline - self._clock())
            self._deadline = None
        elif self._deadline is None:
            self._deadline = self._clock() + self._left


__all__ = ["COUNTDOWN", "SEATS", "LobbyError", "LobbyState"]
