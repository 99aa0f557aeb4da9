"""The window that holds a data folder answers the game's second start: "come to the front".

The data folder's lock (:mod:`storage.lock`) decides who saves; this is only the courtesy on
top: the first window listens on a local socket named after its data folder, and a second
start asks it to show itself before offering to open without saving.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from engine import APP_NAME

log = logging.getLogger(__name__)

REQUEST = b"raise\n"


def server_name(folder: Path) -> str:
    """One name per data folder (two data folders are two independent games)."""
    digest = hashlib.sha256(str(folder.resolve()).encode("utf-8", "surrogatepass")).hexdigest()
    return f"{APP_NAME}-{digest[:16]}"


class InstanceServer(QObject):
    """Listens while this window holds the folder; :attr:`activate_requested` on each ask."""

    activate_requested = Signal()

    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._server = QLocalServer(self)
        name = server_name(folder)
        # A socket file left by a killed process would block listen(); removing it is safe
        # because only the holder of the folder's lock gets here.
        QLocalServer.removeServer(name)
        if not self._server.listen(name):
            log.warning("cannot answer a second start (%s)", self._server.errorString())
        self._server.newConnection.connect(self._accept)

    def _accept(self) -> None:
        while (socket := self._server.nextPendingConnection()) is not None:
            socket.setParent(self)
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(socket.deleteLater)

    def _read(self, socket: QLocalSocket) -> None:
        # Bounded: a stranger on the socket gets at most this much read.
        if bytes(socket.read(64).data()).startswith(REQUEST):
            self.activate_requested.emit()
        socket.disconnectFromServer()

    def close(self) -> None:
        self._server.close()


def ask_to_activate(folder: Path, timeout_ms: int = 1000) -> bool:
    """Ask the window holding `folder` to come to the front; True if it was asked."""
    socket = QLocalSocket()
    socket.connectToServer(server_name(folder))
    if not socket.waitForConnected(timeout_ms):
        return False
    socket.write(REQUEST)
    sent = socket.waitForBytesWritten(timeout_ms)
    socket.disconnectFromServer()
    return sent


__all__ = ["InstanceServer", "ask_to_activate", "server_name"]
