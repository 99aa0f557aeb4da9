"""A hostile network while a match runs: at least 10,000 malformed, oversized, truncated,
unknown and out-of-turn frames — from strangers that never said a proper hello and from a
seated client that plays — and the match still finishes correctly for the honest seats."""

from __future__ import annotations

import contextlib
import json
import queue
import random
import socket
import struct
import threading
import time

from engine.ai import make_ai
from engine.game.rules import Ruleset
from engine.net import frames
from engine.net import messages as m
from engine.net.client import Client, Disconnected
from engine.records.replay import replay
from tests.net.lan_helpers import bots, config, hosted

FRAMES = 10_000


def _frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def _json(value: object) -> bytes:
    return _frame(json.dumps(value).encode())


def stranger_frames(rng: random.Random) -> list[bytes]:
    """One stranger's opening: mostly broken frames, some well-formed but wrong."""
    kinds = [
        lambda: struct.pack(">I", rng.randrange(m_frame_limit() + 1, 2**32)) + b"x" * rng.randrange(8),
        lambda: struct.pack(">I", 200) + b"{" * rng.randrange(1, 199),  # truncated, then closed
        lambda: _frame(bytes(rng.randrange(128, 256) for _ in range(rng.randrange(1, 40)))),  # not UTF-8
        lambda: _frame(b"{not json" + bytes(str(rng.random()), "ascii")),
        lambda: _json([1, 2, 3]),
        lambda: _frame(b"[" * 200 + b"]" * 200),
        lambda: _json({"type": rng.choice(["xyz", "welcome", "event", "", "choice", "lobby"])}),
        lambda: _json({"type": "hello", "protocol": rng.choice([0, 2, "1", None, 10**30]), "name": "x"}),
        lambda: _json({"type": "hello", "protocol": 1, "name": rng.choice(["", " ", "\x00", "n" * 5000, 7])}),
        lambda: _json({"type": "hello", "protocol": 1, "name": "late",
                       "token": f"{rng.getrandbits(128):032x}"}),
        lambda: _json({"type": "hello", "protocol": 1, "name": "late"}),  # the match is on: refused
        lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))),
        lambda: _json({"type": "choice", "request": 1, "action": {"kind": "win"}}),  # before any hello
    ]
    return [rng.choice(kinds)() for _ in range(3)]


def m_frame_limit() -> int:
    return frames.MAX_FRAME


def seated_junk(rng: random.Random, open_request: int) -> dict[str, object]:
    """Out of turn or malformed, from a seated client: each earns an error reply, no more."""
    choices: list[dict[str, object]] = [
        {"type": "choice", "request": open_request + rng.randrange(1, 50), "action": {"kind": "pass"}},
        {"type": "choice", "request": max(0, open_request - rng.randrange(1, 5)), "action": {"kind": "win"}},
        {"type": "choice", "request": open_request, "action": {"kind": "discard", "tile": "9z"}},
        {"type": "choice", "request": "one", "action": None},
        {"type": "ready", "ready": True},
        {"type": "ack", "n": -1},
        {"type": "nonsense", "x": [1, {"y": None}]},
        {"type": "hello", "protocol": 1, "name": "again"},
        {"type": "autoplay", "on": "yes"},
    ]
    return rng.choice(choices)


def test_fuzz_while_a_match_runs() -> None:
    rng = random.Random(2026)
    table = config(seed=5, rules=Ruleset.hefei(rounds=1, time_limit=30))
    with hosted(table) as host:
        honest = bots(host.address[1], 3)
        inbox: queue.Queue[object] = queue.Queue()
        attacker = Client("127.0.0.1", host.address[1], m.Hello("攻击者"), inbox.put)
        attacker.connect()
        ai = make_ai("normal", seed=9)
        sent = 0
        errors = 0
        fuzzed = threading.Event()
        held: list[m.RequestMessage] = []

        def strangers() -> None:
            nonlocal sent
            while sent < FRAMES:
                with contextlib.suppress(OSError), socket.create_connection(host.address, timeout=2) as s:
                    for data in stranger_frames(rng):
                        s.sendall(data)
                        sent += 1
            fuzzed.set()

        deadline = time.monotonic() + 120
        fuzz = threading.Thread(target=strangers, daemon=True)
        open_request = 0
        ended: m.Ended | None = None
        while ended is None and time.monotonic() < deadline:
            try:
                message = inbox.get(timeout=0.2)
            except queue.Empty:
                message = None
            if isinstance(message, m.Lobby):
                attacker.ready(True)
            elif isinstance(message, m.EventMessage):
                ai.on_event(message.event)
            elif isinstance(message, m.RequestMessage):
                open_request = message.request.id
                if not fuzz.is_alive() and not fuzzed.is_set():
                    fuzz.start()  # the match is surely on: the first decision waits for the fuzz
                    held.append(message)
                else:
                    attacker.choose(open_request, ai.decide(message.request.view, message.request.legal))
            elif isinstance(message, m.Error):
                errors += 1
            elif isinstance(message, m.Ended):
                ended = message
            elif isinstance(message, Disconnected):
                attacker.reconnect()  # cut off for flooding: come back with the token
            if fuzz.is_alive() and errors < 400 and rng.random() < 0.5:
                attacker.send_raw(seated_junk(rng, open_request))  # under the rate limit
                sent += 1
            if held and fuzzed.is_set():
                request = held.pop().request
                attacker.choose(request.id, ai.decide(request.view, request.legal))
        results = [b.join() for b in honest]
        attacker.close()
        assert fuzzed.is_set() and sent >= FRAMES
        assert ended is not None and ended.reason == m.END_FINISHED
        assert host.wait(5) and host.finished
    assert all(r.finished for r in results)
    assert errors > 0  # the seated junk was answered
    final = results[0].scores
    assert sum(final) == 0 and all(r.scores == final for r in results)
    for document in host.replays:  # every hand is a legal hand the engine replays exactly
        assert replay(document).ended
