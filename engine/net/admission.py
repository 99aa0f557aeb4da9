"""Who may sit at a LAN table: the checks of a hello that need nothing of the table's state
(the protocol version, the room code) and the search for a returning player's token."""

from __future__ import annotations

import hmac
from collections.abc import Iterable

from . import messages
from .messages import CODE_CHARS, PROTOCOL_VERSION, Hello, Refused, clean_text
from .remote_seat import RemoteSeat


def protocol_refusal(theirs: int) -> Refused:
    return Refused(
        messages.REFUSE_PROTOCOL,
        f"This table speaks protocol version {PROTOCOL_VERSION} and your program speaks version "
        f"{theirs}: the host and every player need versions of the game that speak the same protocol.")


def hello_refusal(hello: Hello, code: str | None) -> Refused | None:
    """Why `hello` may not sit at a table with room code `code` whatever its state; None if it may."""
    if hello.protocol != PROTOCOL_VERSION:
        return protocol_refusal(hello.protocol)
    if not code:
        return None
    if not hello.code:
        return Refused(messages.REFUSE_CODE_NEEDED, "This table needs a room code.")
    wanted = clean_text(code, CODE_CHARS).encode("utf-8")
    if not hmac.compare_digest(hello.code.encode("utf-8"), wanted):
        return Refused(messages.REFUSE_WRONG_CODE, "That is not this table's room code.")
    return None


def holder_of(token: str, people: Iterable[RemoteSeat]) -> RemoteSeat | None:
    """The person the table gave `token` to; every token is compared in full, so that the time
    taken tells nothing of how close a guess came."""
    found = None
    for person in people:
        if hmac.compare_digest(person.token.encode("utf-8"), token.encode("utf-8")):
            found = person
    return found


__all__ = ["hello_refusal", "holder_of", "protocol_refusal"]
