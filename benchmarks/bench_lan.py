"""LAN tables on loopback — latency, load and host memory.

    python benchmarks/bench_lan.py                 # 1 table for latency, then 16 tables at once
    python benchmarks/bench_lan.py --tables 4      # a lighter load run

The host runs in its own process (as a headless host would), the bot clients in this one.

* **Latency**: one table of four bot clients. For every discard a client chooses, the time from
  sending the choice to the moment *every* client has the resulting TileDiscarded event; median
  and p99 (targets: < 5 ms, < 20 ms). The reference, measured in the same run, is a bare
  loopback round trip of one frame between two sockets.
* **Load**: N tables of four bot clients each, all at once, 1 圈 each: hands per second, and
  the worst *extra wait* of any decision beyond the bot's own thinking — the time from the event
  before a request to the request's arrival, plus the time from sending the choice to the
  arrival of its result (target: < 100 ms).
* **Memory**: the host process's resident memory with N tables in play, minus the same process
  before any table, per table.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import SimpleAI, make_ai
from engine.game.actions import ActionKind
from engine.game.events import TileDiscarded
from engine.net import frames
from engine.net import messages as m
from engine.net.client import Client, Disconnected

MATCH_SECONDS = 600.0
BOT_LEVEL = os.environ.get("BENCH_BOT", "normal")
THINK = float(os.environ.get("BENCH_THINK_MS", "0")) / 1000


# -- the host process -------------------------------------------------------------------------------

def rss_kib() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    import resource

    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)  # KiB on Linux, a peak


def measure_host_share() -> list[float]:
    """Per decision, the wait the host itself adds: from the previous decision's action to this
    request (the engine's step, the events sent), plus from the choice's arrival to the engine
    taking it. Measured in the host process, so no client's CPU is in it."""
    from engine.table.waiting_seat import WaitingSeat

    shares: list[float] = []
    local = threading.local()  # each table's engine runs in a thread of its own
    decide, put = WaitingSeat.decide, WaitingSeat.put

    def timed_put(self: Any, message: Any) -> None:
        self.bench_arrived = time.perf_counter()
        put(self, message)

    def timed_decide(self: Any, view: Any, legal: Any) -> Any:
        asked = time.perf_counter()
        step = asked - getattr(local, "last", asked)
        action = decide(self, view, legal)
        taken = time.perf_counter()
        shares.append(step + max(0.0, taken - getattr(self, "bench_arrived", taken)))
        local.last = taken
        return action

    WaitingSeat.put = timed_put  # type: ignore[method-assign]
    WaitingSeat.decide = timed_decide  # type: ignore[method-assign]
    return shares


def serve(tables: int, rounds: int) -> None:
    """Host `tables` tables; print their ports, then memory figures, then wait for them all."""
    from engine.game.rules import Ruleset
    from engine.net.host import Host, TableConfig

    shares = measure_host_share()
    base = rss_kib()
    config = TableConfig(name="bench", rules=Ruleset.hefei(rounds=rounds), seed=1, claim_pause=0.0)
    hosts = [Host(config, bind="127.0.0.1", port=0, discovery_port=None) for _ in range(tables)]
    for host in hosts:
        host.start()
    print(json.dumps({"ports": [h.address[1] for h in hosts]}), flush=True)
    peak = base
    while not all(h.wait(0.2) for h in hosts):
        peak = max(peak, rss_kib())
    print(json.dumps({"base_kib": base, "peak_kib": peak, "shares": shares,
                      "hands": sum(len(h.records) for h in hosts)}), flush=True)
    for host in hosts:
        host.stop()


# -- a timed bot client -----------------------------------------------------------------------------

@dataclass
class Timings:
    extra: list[float] = field(default_factory=list)  # per decision: the table's share of its wait
    discards: dict[tuple[int, int], float] = field(default_factory=dict)  # (seat, n-th discard) → sent
    arrivals: dict[tuple[int, int], float] = field(default_factory=dict)  # (seat, n-th discard) → here
    where: list[str] = field(default_factory=list)  # each decision's moment, for the slowest


class TimedBot:
    def __init__(self, port: int, name: str, seed: int) -> None:
        self.ai = make_ai(BOT_LEVEL, seed=seed, name=name) if BOT_LEVEL != "simple" else SimpleAI(name)
        self.t = Timings()
        self.done = threading.Event()
        self.finished = False
        self._last_event = time.perf_counter()
        self._sent_at: float | None = None  # the last choice, until its result arrives
        self._discards_seen: dict[int, int] = {0: 0, 1: 0, 2: 0, 3: 0}
        self._my_discards = 0
        self.client = Client("127.0.0.1", port, m.Hello(name), self._on)

    def _on(self, message: object) -> None:
        now = time.perf_counter()
        if isinstance(message, m.Lobby):
            self.client.ready(True)
        elif isinstance(message, m.EventMessage):
            if self._sent_at is not None:
                self.t.extra[-1] += now - self._sent_at
                self._sent_at = None
            event = message.event
            if isinstance(event, TileDiscarded):
                self._discards_seen[event.seat] += 1
                self.t.arrivals[(event.seat, self._discards_seen[event.seat])] = now
            self._last_event = now
            self.ai.on_event(event)
        elif isinstance(message, m.RequestMessage):
            if self._sent_at is not None:  # a request straight after a choice: its result
                self.t.extra[-1] += now - self._sent_at
                self._sent_at = None
            self.t.extra.append(now - self._last_event)
            view = message.request.view
            self.t.where.append(f"hand {view.hand_number} left {view.tiles_left} phase {view.phase}")
            request = message.request
            action = self.ai.decide(request.view, request.legal)
            if THINK:
                time.sleep(THINK)  # a bot that takes its time, as players do: the CPU stays free
            if action.kind is ActionKind.DISCARD:
                self._my_discards += 1
                self.t.discards[(request.view.seat, self._my_discards)] = time.perf_counter()
            self._sent_at = time.perf_counter()
            self.client.choose(request.id, action)
            self._last_event = self._sent_at
        elif isinstance(message, m.Ended):
            self.finished = message.reason == m.END_FINISHED
        elif isinstance(message, Disconnected):
            self.done.set()


def play_tables(ports: Sequence[int]) -> tuple[list[TimedBot], float]:
    bots = [TimedBot(port, f"b{t}{i}", seed=t * 4 + i) for t, port in enumerate(ports) for i in range(4)]
    start = time.perf_counter()
    for bot in bots:
        bot.client.connect()
    for bot in bots:
        bot.done.wait(MATCH_SECONDS)
    elapsed = time.perf_counter() - start
    for bot in bots:
        bot.client.close()
    return bots, elapsed


def client_process(ports: Sequence[int]) -> None:
    """Play the tables at `ports` (one process per table: the bots of other tables do not hold
    this one's interpreter lock, so a delay measured here is the table's, not a neighbour's
    thinking); print the timings as one JSON line."""
    print("ready", flush=True)  # imported: the tables start together, not while others start up
    sys.stdin.readline()
    bots, elapsed = play_tables(ports)
    timed = ((x, w) for b in bots for x, w in zip(b.t.extra, b.t.where, strict=True))
    worst = sorted(timed, reverse=True)[:3]
    print(json.dumps({"extra": [x for b in bots for x in b.t.extra], "clients": len(bots), "worst": worst,
                      "finished": sum(b.finished for b in bots), "elapsed": elapsed}), flush=True)


def play_in_processes(ports: Sequence[int]) -> tuple[list[float], int, int, float]:
    workers = [subprocess.Popen([sys.executable, __file__, "--play", str(port)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for port in ports]
    for worker in workers:
        assert worker.stdout is not None
        worker.stdout.readline()
    start = time.perf_counter()
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write("go\n")
        worker.stdin.flush()
    extra: list[float] = []
    finished = clients = 0
    for worker in workers:
        out, _ = worker.communicate(timeout=MATCH_SECONDS)
        data = json.loads(out.strip().splitlines()[-1])
        extra += data["extra"]
        if os.environ.get("BENCH_WHERE"):
            print(data["worst"])
        finished += data["finished"]
        clients += data["clients"]
    return extra, finished, clients, time.perf_counter() - start


def start_host(tables: int, rounds: int) -> tuple[subprocess.Popen[str], list[int]]:
    process = subprocess.Popen([sys.executable, __file__, "--serve", str(tables), "--rounds", str(rounds)],
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    ports = json.loads(process.stdout.readline())["ports"]
    return process, ports


def finish_host(process: subprocess.Popen[str]) -> dict[str, Any]:
    assert process.stdout is not None
    figures = json.loads(process.stdout.readline())
    process.wait(30)
    return figures


# -- figures ----------------------------------------------------------------------------------------

def percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def loopback_round_trip(count: int = 2000) -> float:
    """The median seconds for one small frame there and back between two loopback sockets."""
    server = socket.create_server(("127.0.0.1", 0))
    a = socket.create_connection(server.getsockname())
    b, _ = server.accept()
    for s in (a, b):
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    frame = frames.encode({"type": "ping", "t": 1})

    def echo() -> None:
        reader = frames.FrameReader()
        for _ in range(count):
            while not reader.feed(b.recv(65536)):
                pass
            b.sendall(frame)

    thread = threading.Thread(target=echo, daemon=True)
    thread.start()
    times = []
    reader = frames.FrameReader()
    for _ in range(count):
        t0 = time.perf_counter()
        a.sendall(frame)
        while not reader.feed(a.recv(65536)):
            pass
        times.append(time.perf_counter() - t0)
    thread.join(5)
    for s in (a, b, server):
        s.close()
    return statistics.median(times)


def latency() -> None:
    reference = loopback_round_trip()
    process, ports = start_host(1, 1)
    bots, elapsed = play_tables(ports)
    finish_host(process)
    delays = []
    sent_at = {key: sent for b in bots for key, sent in b.t.discards.items()}
    for key, sent in sent_at.items():
        arrivals = [b.t.arrivals.get(key) for b in bots]
        if all(a is not None for a in arrivals):
            delays.append(max(a for a in arrivals if a is not None) - sent)
    median, p99 = statistics.median(delays), percentile(delays, 99)
    print(f"latency: {len(delays)} discards, 1 table of 4 bot clients, {elapsed:.1f} s")
    print(f"  choice -> every client has the event: median {median * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms "
          f"(targets < 5 ms, < 20 ms)")
    print(f"  reference: a bare loopback frame round trip {reference * 1000:.3f} ms; "
          f"median latency = {median / reference:.1f}x that")


def load(tables: int, rounds: int) -> None:
    process, ports = start_host(tables, rounds)
    extra, finished, clients, elapsed = play_in_processes(ports)
    figures = finish_host(process)
    hands = figures["hands"]
    print(f"load: {tables} tables x 4 bot clients at once, {rounds} 圈 each: "
          f"{hands} hands in {elapsed:.1f} s = {hands / elapsed:.1f} hands/s; "
          f"{finished}/{clients} clients saw the end (each table's clients in a process of their own)")
    print(f"  extra wait per decision beyond the bot's thinking ({len(extra)} decisions): "
          f"median {statistics.median(extra) * 1000:.2f} ms, p99 {percentile(extra, 99) * 1000:.2f} ms, "
          f"worst {max(extra) * 1000:.1f} ms (target < 100 ms)")
    shares = figures["shares"]
    print(f"  the host's own share of each decision's wait (its step, the events sent, the choice taken; "
          f"{len(shares)} decisions): median {statistics.median(shares) * 1000:.2f} ms, "
          f"p99 {percentile(shares, 99) * 1000:.2f} ms, worst {max(shares) * 1000:.1f} ms")
    per_table = (figures["peak_kib"] - figures["base_kib"]) / tables
    print(f"  host memory: {figures['base_kib'] / 1024:.1f} MiB before any table, "
          f"{figures['peak_kib'] / 1024:.1f} MiB at the peak: {per_table / 1024:.2f} MiB per table")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--play", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play is not None:
        client_process([args.play])
        return 0
    if args.serve is not None:
        serve(args.serve, args.rounds)
        return 0
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus")
    latency()
    load(args.tables, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
