"""This computer's addresses and broadcast targets (never an exception, only dotted quads),
and reading a typed host:port (a manual entry always works)."""

from __future__ import annotations

import ipaddress
import socket
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.net import addresses
from engine.net.addresses import (
    EVERYWHERE,
    Interface,
    broadcast_targets,
    format_address,
    interfaces,
    local_addresses,
    parse_address,
)
from engine.net.messages import DEFAULT_PORT


def _is_dotted_quad(text: str) -> bool:
    try:
        return str(ipaddress.IPv4Address(text)) == text
    except ValueError:
        return False


# -- this computer --------------------------------------------------------------------------------

def test_broadcast_targets_hold_everywhere_and_only_dotted_quads() -> None:
    targets = broadcast_targets()
    assert EVERYWHERE in targets
    assert all(_is_dotted_quad(t) for t in targets)
    assert len(targets) == len(set(targets))


def test_extra_targets_are_added_once_and_bad_ones_left_out() -> None:
    targets = broadcast_targets(["10.1.2.255", "10.1.2.255", "not an address", "::1", "", "300.1.1.1"])
    assert targets.count("10.1.2.255") == 1
    assert targets[-1] == EVERYWHERE
    assert all(_is_dotted_quad(t) for t in targets)


def test_local_addresses_are_usable_ipv4_addresses() -> None:
    found = local_addresses()
    assert all(_is_dotted_quad(a) and not a.startswith("127.") for a in found)
    assert len(found) == len(set(found))
    for interface in interfaces():
        assert interface.address in found
        assert interface.broadcast == "" or _is_dotted_quad(interface.broadcast)


def test_no_network_gives_short_lists_not_exceptions(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise OSError("no network")

    monkeypatch.setattr(socket, "if_nameindex", fail)
    monkeypatch.setattr(socket, "getaddrinfo", fail)
    monkeypatch.setattr(addresses, "_route_address", lambda probe: "")
    assert interfaces() == []
    assert local_addresses() == []
    assert broadcast_targets() == [EVERYWHERE]


def test_a_socket_that_cannot_be_made_gives_empty_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_socket(*args: object, **kwargs: object) -> None:
        raise OSError("no sockets here")

    monkeypatch.setattr(addresses.socket, "socket", no_socket)
    assert local_addresses() == []
    assert broadcast_targets() == [EVERYWHERE]


def _ifreq(name: str, tail: bytes) -> bytes:
    return struct.pack("16s", name.encode()).ljust(40, b"\0")[:16] + tail.ljust(24, b"\0")


def _sockaddr(address: str) -> bytes:
    return struct.pack("H", socket.AF_INET) + b"\0\0" + socket.inet_aton(address)


def test_the_kernels_interfaces_are_read_by_their_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    """Down and loopback interfaces are skipped, one without IPv4 too; a point-to-point link
    (no IFF_BROADCAST, a VPN) has no broadcast; a broadcast the kernel leaves at 0.0.0.0 is
    computed from the netmask."""
    up, broadcast, loopback = 0x1, 0x2, 0x8
    kernel = {  # name: (flags, address, netmask, broadcast); address None: no IPv4 address
        "lo": (up | loopback, "127.0.0.1", "255.0.0.0", "0.0.0.0"),
        "eth0": (up | broadcast, "192.168.1.5", "255.255.255.0", "192.168.1.255"),
        "wlan0": (broadcast, "192.168.7.9", "255.255.255.0", "192.168.7.255"),  # down
        "tun0": (up, "10.8.0.2", "255.255.255.255", "0.0.0.0"),
        "br0": (up | broadcast, "172.20.3.4", "255.255.0.0", "0.0.0.0"),
        "eth1": (up | broadcast, None, None, None),
    }

    def ioctl(sock: socket.socket, request: int, name: str) -> bytes:
        flags, address, netmask, brd = kernel[name]
        if request == addresses._SIOCGIFFLAGS:
            return _ifreq(name, struct.pack("H", flags))
        value = {addresses._SIOCGIFADDR: address, addresses._SIOCGIFNETMASK: netmask,
                 addresses._SIOCGIFBRDADDR: brd}[request]
        if value is None:
            raise OSError(99, "Cannot assign requested address")
        return _ifreq(name, _sockaddr(value))

    monkeypatch.setattr(socket, "if_nameindex", lambda: list(enumerate(kernel, 1)))
    monkeypatch.setattr(addresses, "_ioctl", ioctl)
    assert addresses._linux_interfaces() == [
        Interface("eth0", "192.168.1.5", "192.168.1.255"),
        Interface("tun0", "10.8.0.2", ""),
        Interface("br0", "172.20.3.4", "172.20.255.255"),
    ]


def test_local_addresses_put_the_default_route_first_and_link_local_last(
        monkeypatch: pytest.MonkeyPatch) -> None:
    found = ["169.254.9.9", "8.8.4.4", "172.17.0.1", "192.168.1.5", "10.0.0.7"]
    monkeypatch.setattr(addresses, "interfaces", lambda: [Interface("x", a, "") for a in found])
    monkeypatch.setattr(addresses, "_route_address", lambda probe: "10.0.0.7")
    assert local_addresses() == ["10.0.0.7", "192.168.1.5", "172.17.0.1", "8.8.4.4", "169.254.9.9"]


def test_elsewhere_addresses_are_guessed_as_24s(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(addresses.sys, "platform", "darwin")
    monkeypatch.setattr(addresses, "_route_address",
                        lambda probe: "192.168.1.5" if probe == "192.0.2.1" else "")
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: [
        (socket.AF_INET, socket.SOCK_DGRAM, 0, "", ("127.0.1.1", 0)),
        (socket.AF_INET, socket.SOCK_DGRAM, 0, "", ("10.3.4.5", 0)),
    ])
    assert interfaces() == [Interface("", "192.168.1.5", "192.168.1.255"),
                            Interface("", "10.3.4.5", "10.3.4.255")]
    assert broadcast_targets() == ["192.168.1.255", "10.3.4.255", EVERYWHERE]


# -- a typed address ------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("192.168.1.5:47321", ("192.168.1.5", 47321)),
    ("192.168.1.5", ("192.168.1.5", DEFAULT_PORT)),
    ("  192.168.1.5:8000\n", ("192.168.1.5", 8000)),
    ("192.168.1.5：47321", ("192.168.1.5", 47321)),  # a full-width colon from a Chinese input method
    ("１９２.１６８.１.５", ("192.168.1.5", DEFAULT_PORT)),
    ("[::1]:47321", ("::1", 47321)),
    ("[::1]", ("::1", DEFAULT_PORT)),
    ("::1", ("::1", DEFAULT_PORT)),
    ("[fe80::1%eth0]:5", ("fe80::1%eth0", 5)),
    ("localhost", ("localhost", DEFAULT_PORT)),
    ("my-pc.local:1", ("my-pc.local", 1)),
    ("DESKTOP_7Q:65535", ("DESKTOP_7Q", 65535)),
    ("麻将桌.lan", ("麻将桌.lan", DEFAULT_PORT)),
])
def test_good_addresses(text: str, expected: tuple[str, int]) -> None:
    assert parse_address(text) == expected


@pytest.mark.parametrize(("text", "says"), [
    ("", "empty"),
    ("   ", "empty"),
    ("192.168.1.5 :47321", "space"),
    ("my pc", "space"),
    ("192.168.1.5:", "no port"),
    (":47321", "no host"),
    ("host:0", "between 1 and 65535"),
    ("host:65536", "between 1 and 65535"),
    ("host:99999999999999999999", "between 1 and 65535"),
    ("host:-1", "not a number"),
    ("host:http", "not a number"),
    ("host:٣٣", "not a number"),
    ("192.168.1.256", "not an IPv4 address"),
    ("192.168.1", "not an IPv4 address"),
    ("1.2.3.4.5:80", "not an IPv4 address"),
    ("[::1", "without its ']'"),
    ("[nope]:80", "not an IPv6 address"),
    ("[::1]80", "only ':port'"),
    ("host:1:2", "too many ':'"),
    ("-bad-.lan", "not a host name"),
    ("a..b", "not a host name"),
    ("http://host", "without a scheme"),
    ("host/path", "not a host name"),
    ("x" * 64, "not a host name"),
])
def test_bad_addresses_say_why(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        parse_address(text)


def test_the_default_port_is_the_callers() -> None:
    assert parse_address("host", default_port=5000) == ("host", 5000)


@given(st.text(max_size=80))
@settings(max_examples=500, deadline=None)
def test_any_text_is_an_address_or_a_value_error(text: str) -> None:
    try:
        host, port = parse_address(text)
    except ValueError as exc:
        assert str(exc)
        return
    assert host and not any(c.isspace() for c in host)
    assert 1 <= port <= 65535
    assert parse_address(format_address(host, port)) == (host, port)


@given(st.ip_addresses(), st.integers(1, 65535))
@settings(max_examples=200, deadline=None)
def test_every_address_and_port_reads_back(address: ipaddress.IPv4Address | ipaddress.IPv6Address,
                                           port: int) -> None:
    assert parse_address(format_address(str(address), port)) == (str(address), port)
