"""Measure the door's attacks (docs/protocol.md, Limits) against the engine this Python imports: a host
in this process on 127.0.0.1 (any free port, no discovery) and attackers from 127.0.0.x.

    .venv/bin/python tools/door_attacks.py guess|slots|grief|trickle|all

Run it with another tree's interpreter (e.g. /work/main/.venv/bin/python) to measure that
tree's code: the script only uses what every version of the host has, and fields of
TableConfig that a version lacks are left out. Linux only (127.0.0.2 and up on the loopback).
"""

from __future__ import annotations

import contextlib
import dataclasses
import selectors
import socket
import struct
import sys
import threading
import time
from typing import Any

from engine.game.rules import Ruleset
from engine.net import frames
from engine.net import messages as m
from engine.net.host import Host, TableConfig


def host(**options: Any) -> Host:
    known = {f.name for f in dataclasses.fields(TableConfig)}
    if "door" in options and "door" in known:
        from engine.net.door import DoorLimits

        options["door"] = DoorLimits(**options["door"])
    table = Host(TableConfig(**{k: v for k, v in options.items() if k in known}), bind="127.0.0.1", port=0,
                 discovery_port=None)
    table.start()
    return table


class Peer:
    def __init__(self, port: int, address: str = "127.0.0.1", timeout: float = 5.0) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.bind((address, 0))
        self.sock.connect(("127.0.0.1", port))
        self.reader = frames.FrameReader()
        self.inbox: list[dict[str, Any]] = []

    def send(self, message: m.Message) -> None:
        self.sock.sendall(frames.encode(m.to_wire(message)))

    def read(self, timeout: float = 5.0) -> m.Message | None:
        """The next message, or None when the host closed or nothing came."""
        self.sock.settimeout(timeout)
        try:
            while not self.inbox:
                data = self.sock.recv(65536)
                if not data:
                    return None
                self.inbox.extend(self.reader.feed(data))
        except OSError:
            return None
        return m.parse(self.inbox.pop(0), "host")

    def read_until(self, kind: type, timeout: float = 5.0) -> Any:
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            message = self.read(left)
            if message is None or isinstance(message, kind):
                return message
        return None

    def close(self) -> None:
        self.sock.close()


def guess(seconds: float = 5.0) -> None:
    """A room code guessed as fast as the host answers, from one address and from eight."""
    for addresses in (["127.0.0.2"], [f"127.0.0.{a}" for a in range(2, 10)]):
        table = host(code="4821", rules=Ruleset(rounds=1))
        port = table.address[1]
        checked = other = 0
        started = time.monotonic()
        n = 0
        while time.monotonic() - started < seconds:
            peer = Peer(port, addresses[n % len(addresses)])
            peer.send(m.Hello(name="guesser", code=f"{n:04d}" if f"{n:04d}" != "4821" else "0000"))
            reply = peer.read()
            peer.close()
            n += 1
            if isinstance(reply, m.Refused) and reply.code == m.REFUSE_WRONG_CODE:
                checked += 1
            else:
                other += 1
        elapsed = time.monotonic() - started
        table.stop()
        print(f"guess from {len(addresses)} address(es): {checked} wrong codes checked in {elapsed:.1f} s "
              f"= {checked / elapsed:.1f} guesses/s ({other} hellos refused unchecked)")


def slots(honest: int = 20, addresses: int = 4) -> None:
    """16 silent connections from `addresses` addresses (4: 127.0.0.2-5; 16: 127.0.1.1-16),
    opened again when dropped; once each was dropped once, `honest` hellos from 127.0.0.6
    (joining and leaving: churn limits off, that is another attack)."""
    table = host(rules=Ruleset(rounds=1), door={"churn_leaves": 0})
    port = table.address[1]
    stop = threading.Event()
    reopened = [0]

    def hold() -> None:
        selector = selectors.DefaultSelector()

        def open_one(address: str) -> None:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind((address, 0))
            sock.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                sock.connect(("127.0.0.1", port))
            selector.register(sock, selectors.EVENT_READ, address)

        silent = [f"127.0.0.{a}" for a in range(2, 6)] if addresses == 4 else \
            [f"127.0.1.{a}" for a in range(1, addresses + 1)]
        for address in silent:
            for _ in range(16 // addresses):
                open_one(address)
        while not stop.is_set():
            for key, _ in selector.select(0.05):
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                try:
                    data = sock.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    selector.unregister(sock)
                    sock.close()
                    reopened[0] += 1
                    open_one(str(key.data))
        for key in list(selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while reopened[0] < 16 and time.monotonic() < deadline:  # the attack under way
        time.sleep(0.05)
    outcomes: dict[str, int] = {}
    for attempt in range(honest):
        peer = Peer(port, "127.0.0.6")
        peer.send(m.Hello(name=f"honest{attempt}"))
        reply = peer.read(10.0)
        kind = "welcome" if isinstance(reply, m.Welcome) else \
            reply.code if isinstance(reply, m.Refused) else "none"
        outcomes[kind] = outcomes.get(kind, 0) + 1
        if isinstance(reply, m.Welcome):
            peer.send(m.Leave())
            peer.read_until(m.Ended, 2.0)
        peer.close()
        time.sleep(0.25)
    stop.set()
    thread.join(10)
    table.stop()
    print(f"slots ({addresses} silent addresses): {outcomes.get('welcome', 0)} of {honest} honest hellos "
          f"welcomed {outcomes}; "
          f"silent connections reopened {reopened[0]} times")


def grief(seconds: float = 80.0) -> None:
    """Three ready friends; a stranger takes the free seat and leaves it every second (from four
    addresses in turn): the countdown seen at each join, and whether the match starts."""
    table = host(rules=Ruleset(rounds=1, time_limit=None))
    port = table.address[1]
    friends = []
    done = threading.Event()

    def answer_pings(peer: Peer) -> None:  # a friend's window: alive (its own pings too), waiting
        beat = 0
        while not done.is_set():
            message = peer.read(0.5)
            with contextlib.suppress(OSError):
                if isinstance(message, m.Ping):
                    peer.send(m.Pong(message.t))
                beat += 1
                if beat % 4 == 0:
                    peer.send(m.Ping(beat))

    for name in "abc":
        peer = Peer(port)
        peer.send(m.Hello(name=name))
        peer.read_until(m.Welcome)
        peer.send(m.Ready(True))
        friends.append(peer)
        threading.Thread(target=answer_pings, args=(peer,), daemon=True).start()
    seen: list[float | None] = []
    refusals: dict[str, int] = {}
    started_at = None
    began = time.monotonic()
    n = 0
    while time.monotonic() - began < seconds and started_at is None:
        stranger = Peer(port, f"127.0.0.{30 + n % 4}")
        n += 1
        stranger.send(m.Hello(name="stranger"))
        reply = stranger.read()
        if isinstance(reply, m.Welcome):
            lobby = stranger.read_until(m.Lobby)
            seen.append(None if lobby is None else lobby.countdown)
            time.sleep(1.0)
            if table.info().started:
                started_at = time.monotonic() - began
                break
            stranger.send(m.Leave())
            stranger.read_until(m.Ended, 2.0)
        else:
            code = reply.code if isinstance(reply, m.Refused) else "none"
            refusals[code] = refusals.get(code, 0) + 1
            time.sleep(1.0)
        stranger.close()
        if table.info().started:
            started_at = time.monotonic() - began
    joins = len(seen)
    shown = ", ".join("-" if c is None else f"{c:.1f}" for c in seen)
    print(f"grief: {joins} joins in {time.monotonic() - began:.0f} s; countdown at each join: {shown}; "
          f"refused {refusals}; match started: "
          + (f"yes, after {started_at:.1f} s" if started_at is not None else "no"))
    done.set()
    time.sleep(0.6)
    for peer in friends:
        peer.close()
    table.stop()


def trickle(every: float = 10.0, cap: float = 60.0) -> None:
    """A seated client that sends one byte every `every` seconds and never a whole message: how
    long it stays connected (up to `cap`)."""
    table = host(rules=Ruleset(rounds=1))
    peer = Peer(table.address[1])
    peer.send(m.Hello(name="trickle"))
    peer.read_until(m.Welcome)
    peer.sock.sendall(struct.pack(">I", 60_000))  # a frame it never finishes
    began = time.monotonic()
    ended = None
    while time.monotonic() - began < cap and ended is None:
        with contextlib.suppress(OSError):
            peer.sock.sendall(b" ")
        deadline = time.monotonic() + every
        while ended is None and (left := deadline - time.monotonic()) > 0:
            message = peer.read(left)
            if message is None and time.monotonic() < deadline:
                ended = "closed"
            elif isinstance(message, m.Ended):
                ended = message.reason
    alive = time.monotonic() - began
    print(f"trickle (a byte every {every:g} s): " + (f"dropped ({ended}) after {alive:.1f} s" if ended
                                                      else f"still seated after {alive:.1f} s"))
    peer.close()
    table.stop()


if __name__ == "__main__":
    import engine

    print("engine from", engine.__file__)
    chosen = sys.argv[1:] or ["all"]
    for name in ("guess", "slots", "grief", "trickle"):
        if name in chosen or "all" in chosen:
            globals()[name]()
    if "slots16" in chosen or "all" in chosen:
        slots(addresses=16)
