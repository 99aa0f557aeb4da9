"""A loopback TCP proxy that keeps every byte a host sends to each client, for the tests that
check what a seat is told (and a way to cut a client off as a network would)."""

from __future__ import annotations

import contextlib
import socket
import threading
from dataclasses import dataclass, field

from engine.net import frames
from engine.net import messages as m


@dataclass
class Link:
    """One client's connection through the proxy."""

    client: socket.socket
    host: socket.socket
    to_client: bytearray = field(default_factory=bytearray)  # every byte the host sent
    to_host: bytearray = field(default_factory=bytearray)

    def messages(self) -> list[tuple[int, m.Message]]:
        """What the host sent, message by message, each with the offset where its frame starts."""
        data = bytes(self.to_client)
        out: list[tuple[int, m.Message]] = []
        offset = 0
        while offset + 4 <= len(data):
            end = offset + 4 + int.from_bytes(data[offset:offset + 4], "big")
            if end > len(data):
                break
            out.append((offset, m.parse(frames.decode_body(data[offset + 4:end]), "host")))
            offset = end
        return out

    def cut(self) -> None:
        """The network fails: both sides' connections close at once."""
        for sock in (self.client, self.host):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()


class RecordingProxy:
    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.links: list[Link] = []
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            host = socket.create_connection(self.target)
            link = Link(client, host)
            with self._lock:
                self.links.append(link)
            for source, sink, record in ((host, client, link.to_client), (client, host, link.to_host)):
                thread = threading.Thread(target=_pump, args=(source, sink, record), daemon=True)
                self._threads.append(thread)
                thread.start()

    def close(self) -> None:
        self.server.close()
        for link in self.links:
            link.cut()
        for thread in self._threads:
            thread.join(5)


def _pump(source: socket.socket, sink: socket.socket, record: bytearray) -> None:
    try:
        while data := source.recv(65536):
            record += data
            sink.sendall(data)
    except OSError:
        pass
    finally:
        for sock in (source, sink):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
