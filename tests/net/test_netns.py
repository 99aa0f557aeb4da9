"""A LAN table on a simulated LAN rather than loopback: two network namespaces joined
by a veth pair, private addresses inside them only. The host (`main.py serve`) runs in one, a
player (`main.py join`) in the other.

* Discovery finds the table by a real subnet broadcast (10.231.n.255 over the veth).
* Mid-hand the player's link goes down for 25 s (`ip link set … down`: no FIN, no RST, the
  connection just goes silent): the host marks the drop within its heartbeat window (15 s), 托管
  plays the seat meanwhile, and when the link is back the player's reconnect loop takes its
  seat again.

Needs root (or CAP_NET_ADMIN) for `ip netns`; skipped cleanly where that is not permitted. The
namespaces (and with them the veth pair) are deleted whatever happens.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.net.processes import ROOT, Proc

pytestmark = pytest.mark.slow

DOWN_FOR = 25.0  # seconds the player's link is down
DEAD_AFTER = 15.0  # the host's heartbeat window (TableConfig.dead_after)


def _ip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=30)


@dataclass(frozen=True)
class Lan:
    host_ns: str
    player_ns: str
    player_link: str  # the veth end in the player's namespace
    host_address: str
    broadcast: str


@pytest.fixture
def lan() -> Iterator[Lan]:
    if shutil.which("ip") is None:
        pytest.skip("no `ip` command")
    tag = f"hm{os.getpid() % 100000}"
    host_ns, player_ns = f"{tag}h", f"{tag}p"
    subnet = f"10.231.{os.getpid() % 250}"
    probe = _ip("netns", "add", host_ns)
    if probe.returncode != 0:
        pytest.skip(f"`ip netns` is not permitted here: {probe.stderr.strip()[:120]}")
    try:
        steps = [
            ("netns", "add", player_ns),
            ("link", "add", f"{tag}a", "netns", host_ns, "type", "veth", "peer", "name", f"{tag}b",
             "netns", player_ns),
            *(("-n", ns, "addr", "add", f"{subnet}.{n}/24", "broadcast", f"{subnet}.255", "dev", link)
              for ns, n, link in ((host_ns, 1, f"{tag}a"), (player_ns, 2, f"{tag}b"))),
            ("-n", host_ns, "link", "set", "lo", "up"),
            ("-n", player_ns, "link", "set", "lo", "up"),
            ("-n", host_ns, "link", "set", f"{tag}a", "up"),
            ("-n", player_ns, "link", "set", f"{tag}b", "up"),
        ]
        for step in steps:
            done = _ip(*step)
            if done.returncode != 0:
                why = done.stderr.strip()[:120]
                pytest.skip(f"cannot build the test network (ip {' '.join(step)}): {why}")
        yield Lan(host_ns, player_ns, f"{tag}b", f"{subnet}.1", f"{subnet}.255")
    finally:
        for ns in (player_ns, host_ns):  # the veth pair goes with its namespaces
            _ip("netns", "del", ns)


def _in(ns: str) -> tuple[str, ...]:
    return ("ip", "netns", "exec", ns)


FIND = """
import json, sys
from engine.net.addresses import broadcast_targets
from engine.net.discovery import discover
subnet = [t for t in broadcast_targets() if t != "255.255.255.255"]
found = discover(timeout=2.0, targets=subnet)  # the subnet's broadcast only: no unicast, no loopback
print(json.dumps({"targets": subnet, "found": [[f.host, f.table.name, f.table.port] for f in found]}))
"""


def test_a_table_on_a_real_subnet_is_found_by_broadcast_and_its_player_survives_a_dead_link(
        lan: Lan, tmp_path: Path) -> None:
    procs: list[Proc] = []
    try:
        host = Proc("serve", "--bind", "0.0.0.0", "--port", "47321", "--name", "隔壁的牌桌", "--ai", "3",
                    "--rounds", "4", "--claim-pause", "0.1", "--state", str(tmp_path / "table.json"),
                    prefix=_in(lan.host_ns))
        procs.append(host)
        host.wait_for(r"on port 47321", 60)

        # discovery, from the other namespace, by the subnet's broadcast address
        found = subprocess.run([*_in(lan.player_ns), sys.executable, "-c", FIND], capture_output=True,
                               text=True, cwd=ROOT, timeout=60)
        assert found.returncode == 0, found.stderr
        answer = json.loads(found.stdout)
        assert answer["targets"] == [lan.broadcast]
        assert answer["found"] == [[lan.host_address, "隔壁的牌桌", 47321]]

        player = Proc("join", f"{lan.host_address}:47321", "--bot", "normal", "--name", "网友",
                      prefix=_in(lan.player_ns))
        procs.append(player)
        seat = int(player.wait_for(r"joined .* at seat (\d)", 60).group(1))
        host.wait_for(r"the match starts")
        player.wait_for(r"^hand 1: ")  # a hand is under way (the second)

        down = _ip("-n", lan.player_ns, "link", "set", lan.player_link, "down")
        assert down.returncode == 0, down.stderr
        went_down = time.monotonic()
        mark = len(host.lines)
        # the host takes the silent seat for dead within its heartbeat window: before the link is back
        host.wait_for(rf"seat {seat}: 网友 dropped; 托管 plays", DOWN_FOR, start=mark)
        assert time.monotonic() - went_down < DOWN_FOR
        dropped_at = len(host.lines)
        time.sleep(max(0.0, went_down + DOWN_FOR - time.monotonic()))  # the 25 s the link stays down
        up = _ip("-n", lan.player_ns, "link", "set", lan.player_link, "up")
        assert up.returncode == 0, up.stderr

        # the player's own side saw the silence, and its reconnect loop takes the seat again
        player.wait_for(r"connection lost \(dead\); coming back")
        player.wait_for(r"back at the table", 60)
        back = host.wait_for(rf"seat {seat}: 网友 is back", 60, start=dropped_at)
        assert back is not None
        # 托管 played the seat while it was gone: the host finished hands without the player
        between = host.lines[dropped_at:host.lines.index(f"seat {seat}: 网友 is back", dropped_at)]
        assert any(line.startswith("hand ") for line in between), between
        # and the player plays on from its seat
        hands = len([line for line in player.lines if line.startswith("hand ")])
        player.wait_for(rf"^hand {hands + 1}: ", 90)
        assert player.proc.poll() is None and host.proc.poll() is None
    finally:
        for proc in procs:
            proc.kill()
