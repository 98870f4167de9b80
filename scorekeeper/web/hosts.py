"""Only the club's own addresses: refuse a request whose ``Host`` is not this machine or a configured name.

A web page on the internet can point a name it controls at the laptop's LAN address (DNS rebinding) and then
drive the app from a club phone's browser as if it were the same site. Such a request still carries the
attacker's name in its ``Host`` header, so accepting only this machine's own addresses, ``localhost`` and the
names the organiser configured (``ALLOWED_HOSTS`` in ``instance/config.py``, or
``SCOREKEEPER_ALLOWED_HOSTS="canasta.lan, scores.lan"``) stops it.

This machine's own addresses are every address of every interface (``netinfo.is_local_address``: a laptop may be
on a second Wi-Fi, a hotspot or a USB network, none of them its default route), and whatever ``scorekeeper serve
--host`` was told to listen on (``LISTEN_HOST``, set by the command), a name included. An address is never a
rebinding attacker's Host: the attack needs a name the attacker controls.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time

from flask import Flask, current_app, request

from ..ops.netinfo import is_local_address, lan_addresses
from scorekeeper.rules.i18n import _
from scorekeeper.web.errors import error_response

LOCAL_NAMES = {"localhost", "127.0.0.1", "::1"}
#: The machine's addresses are asked again this often (a laptop may change Wi-Fi during an afternoon).
REFRESH_SECONDS = 60.0

_lock = threading.Lock()
_own: dict = {"at": -REFRESH_SECONDS, "names": frozenset()}


def own_names() -> frozenset[str]:
    """This machine's addresses and host name, refreshed every minute."""
    with _lock:
        if time.monotonic() - _own["at"] >= REFRESH_SECONDS:
            names = set(lan_addresses())
            hostname = socket.gethostname().lower()
            if hostname:
                names.update({hostname, f"{hostname}.local"})
            _own.update(at=time.monotonic(), names=frozenset(names))
        return _own["names"]


def configured_names(value) -> set[str]:
    """``ALLOWED_HOSTS`` as a set of lower-case names: a list, or one comma-separated string."""
    if not value:
        return set()
    items = value.split(",") if isinstance(value, str) else value
    return {str(item).strip().lower().rstrip(".") for item in items if str(item).strip()}


def host_name(header: str) -> str:
    """The name in a Host header, without its port: ``[::1]:8000`` gives ``::1``."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    name = header.rsplit(":", 1)[0] if header.count(":") == 1 else header
    return name.rstrip(".")


def is_allowed(name: str, configured: set[str]) -> bool:
    """``configured``: the names the organiser allowed, and the address the server was told to listen on."""
    if name in LOCAL_NAMES or name in configured:
        return True
    try:
        if ipaddress.ip_address(name).is_loopback:
            return True
    except ValueError:
        pass
    return name in own_names() or is_local_address(name)


def allowed_names(config) -> set[str]:
    """The names the configuration allows: ``ALLOWED_HOSTS`` and the host ``serve`` listens on (``LISTEN_HOST``;
    the wildcard ``0.0.0.0`` or ``::`` adds nothing: every local address is allowed anyway)."""
    names = configured_names(config.get("ALLOWED_HOSTS"))
    listen = host_name(str(config.get("LISTEN_HOST") or ""))
    if listen and listen not in ("0.0.0.0", "::"):
        names.add(listen)
    return names


def check_host():
    name = host_name(request.environ.get("HTTP_HOST") or request.environ.get("SERVER_NAME") or "")
    if is_allowed(name, allowed_names(current_app.config)):
        return None

    return error_response(
        400,
        _("This address is not one the scorekeeper answers to. Open it by the laptop's own address, as shown when "
          "it starts; the organiser can add a name to ALLOWED_HOSTS in the configuration."),
        code="request.host",
    )


def init_app(app: Flask) -> None:
    # First of all the checks: nothing else runs for a request to a foreign name.
    app.before_request_funcs.setdefault(None, []).insert(0, check_host)
