"""Where a LAN table is in its life: open (the lobby), locked, started, stopping, finished.

The flags are read by every part of the host (the door, the seats, the match thread) and
changed only under the table's lock; the lobby's changes are refused once the match started or
the table is closing.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.net.lobby import LobbyError


@dataclass
class TablePhase:
    started: bool = False  # the match has begun (a reopened table's too): no one new sits down
    stopping: bool = False  # the host closes the table
    finished: bool = False  # the match was played to its end
    locked: bool = False  # the host's lock: no new players

    @property
    def over(self) -> bool:
        """No one comes in or back any more."""
        return self.finished or self.stopping

    def check_lobby(self) -> None:
        """LobbyError unless the lobby may still change."""
        if self.started or self.stopping:
            raise LobbyError("the match has started" if self.started else "the table is closed")


__all__ = ["TablePhase"]
