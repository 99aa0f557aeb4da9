"""engine.net.client against a scripted host on loopback: the handshake, refusals, message
order, pings both ways, a dead host, a return with the token, and close()."""

from __future__ import annotations

import queue
import socket
import threading
from collections.abc import Callable, Iterator

import pytest

from engine.game.events import DiceRolled
from engine.game.rules import Ruleset
from engine.net import frames
from engine.net import messages as m
from engine.net.client import Client, Disconnected, JoinRefused

TABLE = m.TableInfo("0123456789abcdef", "桌", 47321, "open", 1, 3, False, False, "0.1.0")
WAIT = 5.0


class ScriptedHost:
    """Accepts connections on loopback; each is handed to `script(conn, hello)` in a thread."""

    def __init__(self, script: Callable[[socket.socket, m.Hello], None]) -> None:
        self.script = script
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.hellos: list[m.Hello] = []
        self.threads: list[threading.Thread] = []
        self.accepting = threading.Thread(target=self._accept, daemon=True)
        self.accepting.start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            thread = threading.Thread(target=self._serve, args=(conn,), daemon=True)
            self.threads.append(thread)
            thread.start()

    def _serve(self, conn: socket.socket) -> None:
        conn.settimeout(WAIT)
        with conn:
            hello = read_one(conn)
            assert isinstance(hello, m.Hello)
            self.hellos.append(hello)
            self.script(conn, hello)

    def close(self) -> None:
        self.server.close()
        for thread in self.threads:
            thread.join(WAIT)


def send(conn: socket.socket, message: m.Message) -> None:
    conn.sendall(frames.encode(m.to_wire(message)))


class Reader:
    """Messages from one connection, one at a time (several may come in one read)."""

    def __init__(self, conn: socket.socket) -> None:
        self.conn = conn
        self.frames = frames.FrameReader()
        self.ready: list[m.Message] = []

    def next(self) -> m.Message:
        while not self.ready:
            data = self.conn.recv(65536)
            if not data:
                raise ConnectionError("closed")
            self.ready += [m.parse(d, "client") for d in self.frames.feed(data)]
        return self.ready.pop(0)


def read_one(conn: socket.socket) -> m.Message:
    return Reader(conn).next()


@pytest.fixture
def inbox() -> queue.Queue[object]:
    return queue.Queue()


def host_with(script: Callable[[socket.socket, m.Hello], None]) -> Iterator[ScriptedHost]:
    host = ScriptedHost(script)
    yield host
    host.close()


def welcome(conn: socket.socket, token: str = "t" * 32) -> None:
    send(conn, m.Welcome(2, token, TABLE))


def test_welcome_then_messages_in_order_then_disconnected(inbox: queue.Queue[object]) -> None:
    lobby = m.Lobby(TABLE, Ruleset(), (m.LobbySeat("empty"),) * 4)

    def script(conn: socket.socket, hello: m.Hello) -> None:
        # the welcome and the first messages in one write: none may be lost
        conn.sendall(b"".join(frames.encode(m.to_wire(x)) for x in (
            m.Welcome(2, "a" * 32, TABLE), lobby, m.EventMessage(1, DiceRolled((3, 4), 1, 7)))))
        send(conn, m.Ended(m.END_FINISHED, "over"))

    for host in host_with(script):
        client = Client("127.0.0.1", host.port, m.Hello("小明", code="x"), inbox.put)
        welcomed = client.connect()
        assert (welcomed.seat, client.seat, client.token, client.table) == (2, 2, "a" * 32, TABLE)
        got = [inbox.get(timeout=WAIT) for _ in range(4)]
        assert got[0] == lobby
        assert got[1] == m.EventMessage(1, DiceRolled((3, 4), 1, 7))
        assert got[2] == m.Ended(m.END_FINISHED, "over")
        assert isinstance(got[3], Disconnected) and got[3].reason == "closed"
        assert host.hellos[0].name == "小明" and host.hellos[0].code == "x"
        assert host.hellos[0].protocol == m.PROTOCOL_VERSION
        client.close()


def test_refusal_raises_join_refused() -> None:
    def script(conn: socket.socket, hello: m.Hello) -> None:
        send(conn, m.Refused(m.REFUSE_WRONG_CODE, "wrong room code"))

    for host in host_with(script):
        client = Client("127.0.0.1", host.port, m.Hello("a", code="nope"), lambda _m: None)
        with pytest.raises(JoinRefused) as refused:
            client.connect()
        assert refused.value.code == m.REFUSE_WRONG_CODE
        assert not client.connected


def test_a_host_that_never_answers_times_out() -> None:
    def script(conn: socket.socket, hello: m.Hello) -> None:
        conn.recv(1)  # holds the connection, says nothing

    for host in host_with(script):
        client = Client("127.0.0.1", host.port, m.Hello("a"), lambda _m: None, timeout=0.3)
        with pytest.raises(TimeoutError):
            client.connect()


def test_a_host_speaking_something_else_is_a_connection_error() -> None:
    def script(conn: socket.socket, hello: m.Hello) -> None:
        conn.sendall(b"\xff\xff\xff\xffHTTP/1.1 200 OK\r\n")

    for host in host_with(script):
        client = Client("127.0.0.1", host.port, m.Hello("a"), lambda _m: None)
        with pytest.raises(ConnectionError):
            client.connect()


def test_pings_answered_and_sent_when_quiet(inbox: queue.Queue[object]) -> None:
    seen: queue.Queue[m.Message] = queue.Queue()

    def script(conn: socket.socket, hello: m.Hello) -> None:
        welcome(conn)
        send(conn, m.Ping(42))
        reader = Reader(conn)
        for _ in range(2):
            seen.put(reader.next())

    for host in host_with(script):
        client = Client("127.0.0.1", host.port, m.Hello("a"), inbox.put, heartbeat=0.2)
        client.connect()
        first, second = seen.get(timeout=WAIT), seen.get(timeout=WAIT)
        assert first == m.Pong(42)
        assert isinstance(second, m.Ping)  # nothing else sent for a heartbeat: the client pings
        client.close()


def test_a_silent_host_is_found_dead(inbox: queue.Queue[object]) -> None:
    release = threading.Event()

    def script(conn: socket.socket, hello: m.Hello) -> None:
        welcome(conn)
        release.wait(WAIT)

    for host in host_with(script):
        client = Client("127.0.0.1", host.port, m.Hello("a"), inbox.put, dead_after=0.6)
        client.connect()
        gone = inbox.get(timeout=WAIT)
        release.set()
        assert isinstance(gone, Disconnected) and gone.reason == "dead"
        assert not client.connected


def test_reconnect_says_hello_with_the_token(inbox: queue.Queue[object]) -> None:
    def script(conn: socket.socket, hello: m.Hello) -> None:
        if hello.token is None:
            welcome(conn, token="b" * 32)  # then the host goes away
        else:
            send(conn, m.Welcome(2, hello.token, TABLE, resumed=True))
            send(conn, m.Error(m.STALE, "late"))
            conn.recv(1)

    for host in host_with(script):
        client = Client("127.0.0.1", host.port, m.Hello("a"), inbox.put)
        client.connect()
        assert isinstance(inbox.get(timeout=WAIT), Disconnected)
        again = client.reconnect()
        assert again.resumed and host.hellos[1].token == "b" * 32
        assert inbox.get(timeout=WAIT) == m.Error(m.STALE, "late")
        client.close()
        assert inbox.empty()  # close() reports nothing


def test_send_when_not_connected_is_nothing() -> None:
    client = Client("127.0.0.1", 9, m.Hello("a"), lambda _m: None)
    client.ready(True)  # no error, no connection
    client.close()
    with pytest.raises(RuntimeError):
        client.reconnect()
