"""This computer's IPv4 addresses and where to send a discovery query, and reading a typed
``host:port`` (docs/protocol.md, "Finding tables").

A single broadcast to 255.255.255.255 leaves through one interface only, so discovery needs
each interface's own subnet broadcast. On Linux they are read from the kernel (ioctl on each
interface); elsewhere, without third-party packages, the addresses are guessed from the host
name and the default route, each taken as a /24. Nothing here raises for a missing network:
every failure gives a shorter list.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from engine.net.messages import DEFAULT_PORT

EVERYWHERE = "255.255.255.255"


@dataclass(frozen=True)
class Interface:
    """One up IPv4 interface: its address and the broadcast address of its subnet ("" when it
    has none, as on a point-to-point VPN link)."""

    name: str
    address: str
    broadcast: str


# -- Linux: ask the kernel ------------------------------------------------------------------------

_SIOCGIFFLAGS = 0x8913
_SIOCGIFADDR = 0x8915
_SIOCGIFBRDADDR = 0x8919
_SIOCGIFNETMASK = 0x891B
_IFF_UP = 0x1
_IFF_BROADCAST = 0x2
_IFF_LOOPBACK = 0x8
_IFREQ_SIZE = 40  # struct ifreq: a 16-byte name, then a 24-byte union (a sockaddr_in here)


def _ioctl(sock: socket.socket, request: int, name: str) -> bytes:
    import fcntl  # not on Windows; only reached on Linux

    buffer = struct.pack("16s", name.encode()[:15]).ljust(_IFREQ_SIZE, b"\0")
    return fcntl.ioctl(sock.fileno(), request, buffer)


def _ioctl_address(sock: socket.socket, request: int, name: str) -> str:
    # sockaddr_in after the name: family (2), port (2), then the address (4)
    return socket.inet_ntoa(_ioctl(sock, request, name)[20:24])


def _linux_interfaces() -> list[Interface]:
    found: list[Interface] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _, name in socket.if_nameindex():
            try:
                flags = struct.unpack_from("H", _ioctl(sock, _SIOCGIFFLAGS, name), 16)[0]
                if not flags & _IFF_UP or flags & _IFF_LOOPBACK:
                    continue
                address = _ioctl_address(sock, _SIOCGIFADDR, name)  # OSError: no IPv4 address
            except OSError:
                continue
            broadcast = ""
            if flags & _IFF_BROADCAST:
                with contextlib.suppress(OSError):
                    broadcast = _ioctl_address(sock, _SIOCGIFBRDADDR, name)
                if broadcast in ("", "0.0.0.0"):
                    try:
                        netmask = _ioctl_address(sock, _SIOCGIFNETMASK, name)
                        network = ipaddress.IPv4Network(f"{address}/{netmask}", strict=False)
                        broadcast = str(network.broadcast_address)
                    except (OSError, ValueError):
                        broadcast = ""
            found.append(Interface(name, address, broadcast))
    return found


# -- elsewhere: guess -----------------------------------------------------------------------------

def _route_address(probe: str) -> str:
    """The address this computer would send from to reach `probe` (nothing is sent: connecting
    a UDP socket only picks the route)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect((probe, 9))
            return str(sock.getsockname()[0])
    except OSError:
        return ""


def _guessed_interfaces() -> list[Interface]:
    addresses = [_route_address("192.0.2.1"), _route_address("10.255.255.255")]
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_DGRAM)
        addresses += [str(info[4][0]) for info in infos]
    except (OSError, UnicodeError):
        pass
    found = []
    for address in dict.fromkeys(addresses):
        if _is_usable(address):
            broadcast = str(ipaddress.IPv4Network(f"{address}/24", strict=False).broadcast_address)
            found.append(Interface("", address, broadcast))
    return found


def _is_usable(address: str) -> bool:
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_multicast
                or ip == ipaddress.IPv4Address(EVERYWHERE))


def interfaces() -> list[Interface]:
    """Every up IPv4 interface but loopback (on Linux the kernel's list, elsewhere a guess)."""
    if sys.platform.startswith("linux"):
        try:
            found = [i for i in _linux_interfaces() if _is_usable(i.address)]
        except (OSError, ImportError, AttributeError, struct.error):
            found = []
        if found:
            return found
    try:
        return _guessed_interfaces()
    except (OSError, ValueError):
        return []


# -- what the host shows and where a client asks -------------------------------------------------

def _rank(address: str, default: str) -> tuple[int, int]:
    ip = ipaddress.IPv4Address(address)
    if address == default:
        kind = 0
    elif ip in ipaddress.IPv4Network("192.168.0.0/16"):  # the usual home network
        kind = 1
    elif ip.is_link_local:  # 169.254.x.x: no DHCP answered; rarely reachable
        kind = 4
    elif ip.is_private:
        kind = 2
    else:
        kind = 3
    return kind, int(ip)


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses other than loopback, best first: the one of the default
    route, then home-network addresses, other private ones, the rest, link-local last. For the
    host's lobby ("friends join at 192.168.1.5:47321")."""
    try:
        found = [i.address for i in interfaces()]
        default = _route_address("192.0.2.1")
        if _is_usable(default):
            found.append(default)
        return sorted(set(found), key=lambda a: _rank(a, default))
    except (OSError, ValueError):
        return []


def broadcast_targets(extra: Iterable[str] = ()) -> list[str]:
    """The subnet broadcast address of every up IPv4 interface (loopback aside), then `extra`
    (e.g. broadcasts the GUI read from Qt) and 255.255.255.255, without repeats. Only dotted
    quads: an entry of `extra` that is not one is left out."""
    try:
        found = [i.broadcast for i in interfaces() if i.broadcast]
    except (OSError, ValueError):
        found = []
    targets = []
    for address in [*found, *extra, EVERYWHERE]:
        try:
            targets.append(str(ipaddress.IPv4Address(address)))
        except ValueError:
            continue
    return list(dict.fromkeys(targets))


# -- a typed address ------------------------------------------------------------------------------

def _label_ok(label: str) -> bool:
    return 0 < len(label) <= 63 and all(c.isalnum() or c in "-_" for c in label) \
        and not label.startswith("-") and not label.endswith("-")


def _check_host(host: str) -> str:
    if not host:
        raise ValueError("no host before the port")
    try:
        return str(ipaddress.IPv4Address(host))
    except ValueError:
        pass
    name = host[:-1] if host.endswith(".") else host
    labels = name.split(".")
    if all(label.isdigit() for label in labels):
        raise ValueError(f"{host[:64]!r} is not an IPv4 address (four numbers 0–255, e.g. 192.168.1.5)")
    if len(name) > 253 or not all(_label_ok(label) for label in labels):
        raise ValueError(f"{host[:64]!r} is not a host name or an address")
    try:
        host.encode("idna")  # how the name will be looked up
    except UnicodeError:
        raise ValueError(f"{host[:64]!r} is not a host name or an address") from None
    return host


def _check_port(text: str) -> int:
    if not text:
        raise ValueError("no port after the colon")
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"the port {text[:16]!r} is not a number")
    port = int(text[:8])
    if len(text) > 5 or not 1 <= port <= 65535:
        raise ValueError(f"the port {text[:16]} is not between 1 and 65535")
    return port


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """The host and port of a typed address: ``host:port``, ``host``, ``[::1]:47321``, ``[::1]``,
    a bare IPv6 address, or a host name. Full-width characters typed with a Chinese input method
    (``192.168.1.5：47321``) count as their ASCII forms, and spaces around it are dropped. A
    ValueError with a message fit to show says what is wrong with anything else."""
    text = unicodedata.normalize("NFKC", text).strip()
    if not text:
        raise ValueError("the address is empty")
    if any(c.isspace() for c in text):
        raise ValueError("the address has a space in it")
    if "://" in text:
        raise ValueError("just host:port, without a scheme such as http://")
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket:
            raise ValueError("a '[' without its ']'")
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise ValueError(f"{host[:64]!r} in brackets is not an IPv6 address") from None
        if rest and not rest.startswith(":"):
            raise ValueError("after ']' only ':port' may follow")
        return str(ipaddress.IPv6Address(host)), _check_port(rest[1:]) if rest else default_port
    if text.count(":") > 1:
        try:
            return str(ipaddress.IPv6Address(text)), default_port
        except ValueError:
            raise ValueError("too many ':' (an IPv6 address with a port is written [address]:port)") from None
    host, colon, port = text.partition(":")
    return _check_host(host), _check_port(port) if colon else default_port


def format_address(host: str, port: int) -> str:
    """``host:port`` as parse_address reads it back (brackets around an IPv6 address)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


__all__ = ["EVERYWHERE", "Interface", "broadcast_targets", "format_address", "interfaces",
           "local_addresses", "parse_address"]
