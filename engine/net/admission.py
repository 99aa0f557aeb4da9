"""Who may sit at a LAN table: the checks of a hello (the protocol version, the door's waits,
the lock, the room code, the seat's cool-downs) and the search for a returning player's token."""

from __future__ import annotations

import hmac
import math
from collections.abc import Iterable

from engine.net import messages
from engine.net.door import Door
from engine.net.messages import CODE_CHARS, PROTOCOL_VERSION, Hello, Refused, clean_text
from engine.net.remote_seat import RemoteSeat


def protocol_refusal(theirs: int) -> Refused:
    return Refused(
        messages.REFUSE_PROTOCOL,
        f"This table speaks protocol version {PROTOCOL_VERSION} and your program speaks version "
        f"{theirs}: the host and every player need versions of the game that speak the same protocol.")


def _seconds(left: float) -> str:
    return f"{math.ceil(left):d} s"


def door_refusal(hello: Hello, code: str | None, door: Door, peer: str, *, locked: bool,
                 returning: bool) -> Refused | None:
    """Why `hello` from `peer` may not pass the door, or None. `returning`: its token is held at
    the table (a return passes the lock and the table-wide pause, never an address's own wait).
    A wrong code is counted here (engine.net.door); while an address or the table waits, the
    code is not even compared."""
    if hello.protocol != PROTOCOL_VERSION:
        return protocol_refusal(hello.protocol)
    if (left := door.address_wait(peer)) is not None:
        return Refused(messages.REFUSE_WAIT, f"Wrong room codes from your address: try again in "
                                             f"{_seconds(left)}.", retry_after=round(left, 3))
    if locked and not returning:
        return Refused(messages.REFUSE_LOCKED, "The host has locked this table: it takes no new players.")
    if not code:
        return None
    if not hello.code:  # (asked before any pause: a friend is asked the code, not blamed for others)
        return Refused(messages.REFUSE_CODE_NEEDED, "This table needs a room code.")
    if not returning and (left := door.table_wait()) is not None:
        return Refused(messages.REFUSE_PAUSED, f"Too many wrong room codes at this table: no code is checked "
                                               f"for {_seconds(left)}.", retry_after=round(left, 3))
    wanted = clean_text(code, CODE_CHARS).encode("utf-8")
    if not hmac.compare_digest(hello.code.encode("utf-8"), wanted):
        wait = door.wrong_code(peer)
        return Refused(messages.REFUSE_WRONG_CODE, "That is not this table's room code.", retry_after=wait)
    door.right_code(peer)
    return None


def seat_refusal(door: Door, peer: str, name: str) -> Refused | None:
    """Why a person from `peer` called `name` may not take a seat now (removed by the host, or
    leaving and joining too often), or None."""
    if (left := door.removed_wait(peer, name)) is not None:
        return Refused(messages.REFUSE_REMOVED, f"The host removed you from this table: not again for "
                                                f"{_seconds(left)}.", retry_after=round(left, 3))
    if (left := door.rejoin_wait(peer)) is not None:
        return Refused(messages.REFUSE_COOLDOWN, f"You left and joined this table too often: take a seat "
                                                 f"again in {_seconds(left)}.", retry_after=round(left, 3))
    return None


def holder_of(token: str, people: Iterable[RemoteSeat]) -> RemoteSeat | None:
    """The person the table gave `token` to; every token is compared in full, so that the time
    taken tells nothing of how close a guess came."""
    found = None
    for person in people:
        if hmac.compare_digest(person.token.encode("utf-8"), token.encode("utf-8")):
            found = person
    return found


__all__ = ["door_refusal", "holder_of", "protocol_refusal", "seat_refusal"]
