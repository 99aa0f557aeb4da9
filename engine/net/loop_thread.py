"""The LAN host's listening socket and the asyncio loop that serves it, run in a thread."""

from __future__ import annotations

import asyncio
import os
import socket
import threading
from collections.abc import Callable


def listen(bind: str, port: int) -> socket.socket:
    """A bound, listening, non-blocking TCP socket; OSError if the port is taken."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        if os.name == "posix":  # elsewhere SO_REUSEADDR would let two hosts share the port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((bind, port))
        sock.listen(64)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


def run_loop(loop: asyncio.AbstractEventLoop, sock: socket.socket,
             protocol: Callable[[], asyncio.Protocol], serving: Callable[[asyncio.Server], None],
             ready: threading.Event, failed: list[BaseException]) -> None:
    """Serve `sock` with `protocol` on `loop` until the loop is stopped (the thread's target).
    `serving` is given the server once it is up, in the loop's thread; `ready` is set then, or
    when serving failed (the exception in `failed`). The loop is closed at the end."""
    asyncio.set_event_loop(loop)
    try:
        try:
            server = loop.run_until_complete(loop.create_server(protocol, sock=sock))
        except BaseException as exc:
            failed.append(exc)
            sock.close()
            return
        serving(server)
        ready.set()
        loop.run_forever()
    finally:
        ready.set()
        try:
            for task in asyncio.all_tasks(loop):
                task.cancel()
            loop.run_until_complete(loop.shutdown_asyncgens())
        finally:
            loop.close()


__all__ = ["listen", "run_loop"]
