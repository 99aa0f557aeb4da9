"""Joining a table: the hello this player sends, and the connect made in a thread of its own
(TCP, hello, welcome can take seconds on a real network: the window stays alive meanwhile)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine import __version__
from engine.game.ranks import rank_for
from engine.net import messages as m
from engine.net.client import Client, JoinRefused
from gui.i18n import tr
from gui.lan.bridge import Background, MessageBridge
from gui.lan.words import refusal_text

CLIENT_NAME = f"hefei-mahjong {__version__}"


@dataclass
class Joined:
    """A seat taken at a table: the connected client and where its messages wait."""

    client: Client
    bridge: MessageBridge
    welcome: m.Welcome
    address: str  # "host:port", as the player would type it again


def profile_title(points: int) -> str:
    """级别·段位 of a profile with these 积分, as the table shows it to the others."""
    level = rank_for(points)
    return m.clean_text(f"{level.rank_title}·{level.dan_title}", m.TITLE_CHARS)


def hello(name: str, points: int, code: str | None, token: str | None = None,
          watch: bool = False) -> m.Hello:
    """`token`: a return to a seat held before (gui.lan.kept_seat); `watch`: 观战, no seat."""
    return m.Hello(name=m.clean_text(name, m.NAME_CHARS) or tr("start.default_name"),
                   title=profile_title(points), code=code or None, shows=not watch, client=CLIENT_NAME,
                   token=None if watch else token or None, watch=watch)


def join_in_background(host: str, port: int, greeting: m.Hello, on_done: Callable[[Joined], object],
                       on_error: Callable[[BaseException], object]) -> Background:
    """Connect to `host`:`port` in a thread; `on_done(Joined)` or `on_error(exception)` follow in
    the GUI thread. The bridge is made here, in the GUI thread, so that it lives there."""
    bridge = MessageBridge()
    client = Client(host, port, greeting, bridge.deliver)
    address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    task = Background(lambda: Joined(client, bridge, client.connect(), address), name="lan-join")
    task.done.connect(on_done)
    task.failed.connect(on_error)
    return task.start()


def failure_text(error: BaseException, address: str) -> str:
    """Why joining failed, in the player's words."""
    if isinstance(error, JoinRefused):
        return refusal_text(error.code, error.message, error.retry_after)
    if isinstance(error, TimeoutError):
        return tr("lan.join.timeout", address=address)
    if isinstance(error, ConnectionRefusedError):
        return tr("lan.join.nobody", address=address)
    if isinstance(error, OSError):
        return tr("lan.join.unreachable", address=address, reason=error.strerror or str(error))
    return tr("lan.join.unreachable", address=address, reason=str(error) or type(error).__name__)


__all__ = ["CLIENT_NAME", "Joined", "failure_text", "hello", "join_in_background", "profile_title"]
