"""The seat this player holds at a LAN table, kept in the settings file: the session token lives
in the client's memory, so without it a player whose game crashed, or whose computer restarted,
could never sit down at their own seat again (the table refuses a plain hello once it plays).

Kept when a seat is taken; forgotten when the player leaves the lobby, the match ends, or the
table no longer knows the token. The join dialog returns with it when the player picks that table
again (by its id from discovery, or by its address typed in)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine.net import messages as m


@dataclass(frozen=True)
class KeptSeat:
    table: str  # the table's id (TableInfo.id): a new table at the same address is another one
    host: str
    port: int
    token: str
    code: str | None = None  # a return still says the room code

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> KeptSeat | None:
        """The seat in a settings value, or None for anything that is not a whole one."""
        if not isinstance(data, dict):
            return None
        table, host, port, token, code = (data.get(k) for k in ("table", "host", "port", "token", "code"))
        texts_ok = all(isinstance(v, str) and 0 < len(v) <= limit
                       for v, limit in ((table, 64), (host, 255), (token, m.TOKEN_CHARS)))
        port_ok = isinstance(port, int) and not isinstance(port, bool) and 0 < port < 65536
        code_ok = code is None or (isinstance(code, str) and 0 < len(code) <= m.CODE_CHARS)
        if not (texts_ok and port_ok and code_ok):
            return None
        assert isinstance(table, str) and isinstance(host, str) and isinstance(token, str)
        assert isinstance(port, int) and (code is None or isinstance(code, str))
        return cls(table, host, port, token, code)

    def is_at(self, host: str, port: int) -> bool:
        return self.host == host and self.port == port


__all__ = ["KeptSeat"]
