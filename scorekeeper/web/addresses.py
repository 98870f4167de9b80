"""The address phones are given: every share link, QR code, table card and printed sheet goes through ``absolute``.

``PUBLIC_URL`` (``SCOREKEEPER_PUBLIC_URL``) names it when the organiser knows it: a hosted server's
``https://canasta.example.org``, or a club's fixed name. Without it, the app advertises only an address the
server listens on: the address the request came in by, except that a loopback name (``localhost``) becomes the
machine's LAN address when, and only when, ``scorekeeper serve`` listens on every interface (``LISTEN_HOST``
``0.0.0.0``). Started on ``127.0.0.1``, the links say ``127.0.0.1``: no phone can open them, and ``serve`` says so
rather than printing an address nobody listens on.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import current_app, request

from scorekeeper.ops.netinfo import for_phones

#: ``LISTEN_HOST`` values that mean every interface of the machine.
EVERY_INTERFACE = ("0.0.0.0", "::", "")


def public_url() -> str | None:
    """``PUBLIC_URL`` without its trailing slash, or None when it is not set."""
    value = str(current_app.config.get("PUBLIC_URL") or "").strip()
    return value.rstrip("/") or None


def absolute(path: str) -> str:
    """The full address of ``path`` (a path of this app, such as ``url_for`` gives) as phones should open it."""
    base = public_url()
    if base:
        return base + path
    parts = urlsplit(request.host_url)
    url = f"{parts.scheme}://{parts.netloc}{path}"
    listen = current_app.config.get("LISTEN_HOST")
    if listen is not None and str(listen).strip() in EVERY_INTERFACE:
        return for_phones(url)
    return url
