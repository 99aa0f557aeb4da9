"""Recent hosts, for the join dialog: the addresses a player typed or joined, most recent
first. Pure: the GUI keeps the list in its settings."""

from __future__ import annotations

from collections.abc import Iterable

from engine.net.addresses import format_address, parse_address
from engine.net.messages import DEFAULT_PORT


def _canonical(address: str, default_port: int) -> str | None:
    try:
        host, port = parse_address(address, default_port)
    except ValueError:
        return None
    return format_address(host.casefold(), port)


def remember(recent: Iterable[str], address: str, keep: int = 8,
             default_port: int = DEFAULT_PORT) -> list[str]:
    """`recent` with `address` first, each host:port once, at most `keep` of them. Addresses
    are written as ``host:port`` (``192.168.1.5`` and ``192.168.1.5:47321`` are one); one that
    is not an address (a stored list edited by hand) is dropped, and an unreadable `address`
    leaves the rest as they were."""
    entries = [_canonical(a, default_port) if isinstance(a, str) else None for a in recent]
    newest = _canonical(address, default_port)
    ordered = [a for a in [newest, *entries] if a is not None]
    return list(dict.fromkeys(ordered))[:max(0, keep)]


__all__ = ["remember"]
