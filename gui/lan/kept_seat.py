"""The seat this player holds at a LAN table, kept on disk (``lan_seat.json`` in the user data
folder, owner-only: storage.lan_tables): the session token lives in the client's memory, so
without it a player whose game crashed, or whose computer restarted, could never sit down at
their own seat again (the table refuses a plain hello once it plays).

Kept when a seat is taken; forgotten when the player leaves the lobby, the match ends, or the
table is gone or no longer knows the token. The start screen's 回到局域网牌桌 connects with it
in one click; the join dialog also returns with it when the player picks that table again (by
its id from discovery, or by its address typed in). Older versions kept it in the settings
(``Settings.lan_seat``): it is moved to its file the first time it is read."""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.net import messages as m
from storage.lan_tables import seat_file, table_file

if TYPE_CHECKING:
    from gui.settings import Settings

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class KeptSeat:
    table: str  # the table's id (TableInfo.id): a new table at the same address is another one
    host: str
    port: int
    token: str
    code: str | None = None  # a return still says the room code
    name: str = ""  # the table's name, for the player to recognise it

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> KeptSeat | None:
        """The seat in a settings value, or None for anything that is not a whole one."""
        if not isinstance(data, dict):
            return None
        keys = ("table", "host", "port", "token", "code", "name")
        table, host, port, token, code, name = (data.get(k) for k in keys)
        texts_ok = all(isinstance(v, str) and 0 < len(v) <= limit
                       for v, limit in ((table, 64), (host, 255), (token, m.TOKEN_CHARS)))
        port_ok = isinstance(port, int) and not isinstance(port, bool) and 0 < port < 65536
        code_ok = code is None or (isinstance(code, str) and 0 < len(code) <= m.CODE_CHARS)
        name_ok = name is None or (isinstance(name, str) and len(name) <= m.NAME_CHARS)
        if not (texts_ok and port_ok and code_ok and name_ok):
            return None
        assert isinstance(table, str) and isinstance(host, str) and isinstance(token, str)
        assert isinstance(port, int) and (code is None or isinstance(code, str))
        return cls(table, host, port, token, code, name if isinstance(name, str) else "")

    def is_at(self, host: str, port: int) -> bool:
        return self.host == host and self.port == port

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


class SeatStore:
    """The kept seat on disk (`folder`: the user data folder unless given), moved there from an
    older version's settings on the first read."""

    def __init__(self, folder: Path | None = None) -> None:
        self.file = seat_file(folder)

    def read(self, settings: Settings | None = None) -> KeptSeat | None:
        if settings is not None and settings.lan_seat is not None:
            older = KeptSeat.from_dict(settings.lan_seat)
            settings.lan_seat = None  # (the caller saves the settings)
            if older is not None and self.file.read() is None:
                self.keep(older)
        data = self.file.read()
        if data is None:
            return None
        seat = KeptSeat.from_dict(data)
        if seat is None:
            self.file.damaged_aside()
        return seat

    def keep(self, seat: KeptSeat) -> None:
        try:
            self.file.write(seat.to_dict())
        except OSError as exc:  # the play goes on; only a return after a crash would need it
            log.warning("the seat could not be kept: %s", exc)

    def forget(self) -> None:
        try:
            self.file.clear()
        except OSError as exc:
            log.warning("the kept seat could not be removed: %s", exc)


def comeback(settings: Settings | None = None, folder: Path | None = None) -> str | None:
    """What the start screen offers after a LAN match was cut off: "reopen" (the table this
    program hosted is kept), "return" (a seat at another's table is kept), or None."""
    if table_file(folder).read() is not None:
        return "reopen"
    if SeatStore(folder).read(settings) is not None:
        return "return"
    return None


__all__ = ["KeptSeat", "SeatStore", "comeback"]
