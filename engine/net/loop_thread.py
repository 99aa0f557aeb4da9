"""The LAN host's listening socket and the asyncio loop that serves it, run in a thread (the
network thread): every client's connection lives there, and other threads reach it only through
:meth:`NetworkThread.call` and the frames they post to the :class:`~engine.net.outbox.Outbox`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import threading
import weakref
from collections.abc import Callable, Iterable

from engine.net import messages
from engine.net.connection import Connection
from engine.net.messages import Ended
from engine.net.outbox import Outbox

log = logging.getLogger(__name__)

SHUTDOWN_WAIT = 2.0  # seconds the last messages have to leave when the table closes
JOIN_WAIT = 10.0  # seconds a stop waits for the thread


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


class NetworkThread:
    """The host's network thread: its socket, its loop and the connections whose socket may be up."""

    def __init__(self, bind: str, port: int) -> None:
        self.bind = bind
        self.port = port
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.sock: socket.socket | None = None
        self._server: asyncio.Server | None = None
        self._sockets: weakref.WeakSet[Connection] = weakref.WeakSet()  # every one whose socket may be up
        self._outbox = Outbox()  # frames from the match thread, one wake-up of the loop per burst

    def start(self, protocol: Callable[[], Connection], serving: Callable[[], None]) -> None:
        """Bind (OSError if the port is taken) and serve in a new thread; `serving` is called
        in it once the server is up."""
        if self.sock is not None:
            raise RuntimeError("the host has been started already")
        self.sock = sock = listen(self.bind, self.port)
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        failed: list[BaseException] = []

        def connection() -> Connection:
            made = protocol()
            self._sockets.add(made)
            return made

        def up(server: asyncio.Server) -> None:
            self._server = server
            server.get_loop().call_soon(serving)

        self.thread = threading.Thread(target=run_loop, args=(self.loop, sock, connection, up, ready, failed),
                                       name="lan-host-network", daemon=True)
        self.thread.start()
        ready.wait(JOIN_WAIT)
        if failed:
            raise failed[0]

    @property
    def address(self) -> tuple[str, int]:
        if self.sock is None:
            return self.bind, self.port
        host, port = self.sock.getsockname()[:2]
        return str(host), int(port)

    @property
    def running(self) -> bool:
        return self.loop is not None and not self.loop.is_closed()

    def call(self, callback: Callable[[], None]) -> None:
        """Run `callback` in the network thread (now, if this is it)."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        if threading.current_thread() is self.thread:
            callback()
        else:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(callback)

    def call_soon(self, callback: Callable[[], None]) -> bool:
        """Run `callback` in the network thread soon, from any thread; False if its loop has closed."""
        assert self.loop is not None
        try:
            self.loop.call_soon_threadsafe(callback)
        except RuntimeError:
            return False
        return True

    def call_later(self, delay: float, callback: Callable[[], None]) -> None:
        """In the network thread: `callback` after `delay` seconds."""
        assert self.loop is not None
        self.loop.call_later(delay, callback)

    def post(self, connection: Connection, data: bytes) -> None:
        """Hand a frame to a connection, from the match thread; frames keep their order."""
        if self.loop is not None:
            self._outbox.post(self.loop, connection, data)

    def held(self) -> contextlib.AbstractContextManager[object]:
        """Frames posted meanwhile leave in one write (several claimants are asked)."""
        if self.loop is None:
            return contextlib.nullcontext()
        return self._outbox.held(self.loop)

    def stop(self, connections: Callable[[], Iterable[Connection]], message: str) -> None:
        """Close the server and the open `connections` (`end host_quit` to the welcomed), give
        the last words a moment to leave, and stop the loop (from any thread)."""
        loop = self.loop
        if loop is None or self.thread is None or not self.thread.is_alive():
            return
        future = asyncio.run_coroutine_threadsafe(self._shut_down(connections, message), loop)
        if threading.current_thread() is not self.thread:
            try:
                future.result(JOIN_WAIT)
            except Exception:  # the loop is gone already: nothing more to say to anyone
                log.exception("closing the table")

    def join(self) -> None:
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(JOIN_WAIT)

    async def _shut_down(self, connections: Callable[[], Iterable[Connection]], message: str) -> None:
        if self._server is not None:
            self._server.close()
        for conn in list(connections()):
            conn.close(Ended(messages.END_HOST_QUIT, message) if conn.welcomed else None)
        closing = list(self._sockets)  # those closed before and still sending their last words too
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SHUTDOWN_WAIT
        while any(not c.lost for c in closing) and loop.time() < deadline:
            await asyncio.sleep(0.01)
        for conn in closing:
            conn.abort()
        loop.call_soon(loop.stop)


__all__ = ["JOIN_WAIT", "SHUTDOWN_WAIT", "NetworkThread", "listen", "run_loop"]
