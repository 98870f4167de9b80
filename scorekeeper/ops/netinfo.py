"""Which address the phones in the room should open."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit, urlunsplit


def lan_addresses() -> list[str]:
    """The machine's IPv4 addresses that other devices on the local network can reach.

    Asks the operating system only; no packet leaves the machine.
    """
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(info[4][0])
    except OSError:
        pass
    # The address the OS would route outward from. A UDP connect() sends nothing.
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never a real host
        found.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    usable = []
    for address in found:
        ip = ipaddress.ip_address(address)
        if ip.is_loopback or ip.is_unspecified or ip.is_link_local:
            continue
        if address not in usable:
            usable.append(address)
    return usable


def is_loopback(host: str) -> bool:
    """``localhost``, ``127.0.0.1``, ``::1``: a name only this machine can open."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_local_address(host: str) -> bool:
    """Whether ``host`` is an IP address of this machine, on any of its interfaces (a second Wi-Fi, a hotspot,
    a USB network, a container's bridge): the operating system lets a socket bind to its own addresses only.

    Asks the operating system only; nothing is sent, and a name (not an address) is never looked up."""
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    if address.is_unspecified or address.is_multicast:
        return False
    family = socket.AF_INET6 if address.version == 6 else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.bind((str(address), 0))
    except OSError:
        return False
    return True


def for_phones(url: str) -> str:
    """``url`` as a phone in the room can open it: a loopback host becomes this machine's LAN address
    (the port, path and query stay). Unchanged when the host is already reachable or no LAN address is known."""
    parts = urlsplit(url)
    if not is_loopback(parts.hostname or "localhost"):
        return url
    addresses = lan_addresses()
    if not addresses:
        return url
    netloc = addresses[0] + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def public_urls(host: str, port: int) -> list[str]:
    """The URLs to show on start: LAN addresses when listening on all interfaces."""
    if host in ("0.0.0.0", "", "::"):
        addresses = lan_addresses() or ["127.0.0.1"]
    else:
        addresses = [host]
    return [f"http://{address}:{port}/" for address in addresses]  # i18n: not for people
