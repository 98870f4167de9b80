"""Hosted for everyone: behind a reverse proxy, over HTTPS, with limits a public server needs.

Settings (``instance/config.py``, or ``SCOREKEEPER_`` variables like every other; docs/HOSTING.md, "Host it for everyone"):

- ``TRUSTED_PROXIES``: how many reverse proxies stand in front (Caddy: 1). werkzeug's ``ProxyFix`` then takes the
  client's address, the scheme and the host from that many ``X-Forwarded-*`` entries, so limits count the phone's
  address rather than the proxy's, and links say ``https``. 0 (the default) trusts no header: a club laptop
  serves the phones directly, and a header a phone sends is not believed. Under plain ``scorekeeper serve``,
  waitress itself drops every ``X-Forwarded-*`` header of a peer it does not trust before the app sees it, so it
  is told the same (``waitress_proxy``): trust ``PROXY_ADDRESS``, the address the proxy connects from
  (``127.0.0.1``, a proxy on the same machine, by default; ``*`` where only the proxy can reach the port), for that
  many proxies. Anyone else reaching the port has the headers removed. gunicorn (``--workers``) passes them on.
- ``PUBLIC_URL``: the address phones are given (``web.addresses``). When it is ``https://``, the session cookie
  is marked ``Secure`` and every answer carries ``Strict-Transport-Security`` (``HSTS_SECONDS``, a year by
  default), and its host name is one the host check answers to.
- ``GAMES_PER_HOUR`` and ``TOURNAMENTS_PER_HOUR``: how many one address may start within an hour (60 and 10).
- ``MAX_CONTENT_LENGTH``: the largest request body (1 MB); ``scorekeeper serve`` gives the same to waitress.
- ``UNTOUCHED_GAME_DAYS``: a casual game nobody changed for this many days goes to the bin (and is emptied from
  it 30 days later); unset or 0 keeps every game, as a club laptop always did (``stores.bin.retire_untouched``).
"""

from __future__ import annotations

import threading
import time
from urllib.parse import urlsplit

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper.db import get_db
from scorekeeper.stores.bin import retire_untouched, sweep

DEFAULTS = {"TRUSTED_PROXIES": 0, "GAMES_PER_HOUR": 60, "TOURNAMENTS_PER_HOUR": 10, "HSTS_SECONDS": 365 * 24 * 3600,
            "UNTOUCHED_GAME_DAYS": 0}


#: The headers waitress believes from a trusted proxy (those ``ProxyFix`` reads after it).
PROXY_HEADERS = {"x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "x-forwarded-port"}


def waitress_proxy(app: Flask) -> dict:
    """waitress's own settings for ``TRUSTED_PROXIES`` proxies connecting from ``PROXY_ADDRESS``; none for 0."""
    count = setting(app, "TRUSTED_PROXIES")
    if not count:
        return {}
    address = str(app.config.get("PROXY_ADDRESS") or "127.0.0.1").strip()
    return {"trusted_proxy": address, "trusted_proxy_count": count, "trusted_proxy_headers": set(PROXY_HEADERS)}


def setting(app: Flask, name: str) -> int:
    """A whole-number setting, from the configuration or an environment variable (which arrives as text)."""
    try:
        return max(0, int(app.config.get(name, DEFAULTS[name]) or 0))
    except (TypeError, ValueError):
        return DEFAULTS[name]


def is_https(app: Flask) -> bool:
    return str(app.config.get("PUBLIC_URL") or "").strip().lower().startswith("https://")


#: Untouched games are looked for at most this often (the first request after a start, then hourly).
HOUSEKEEPING_SECONDS = 3600.0


def _housekeeping(app: Flask) -> None:
    """With ``UNTOUCHED_GAME_DAYS`` set, retire untouched games and empty the bin, at most once an hour."""
    lock = threading.Lock()
    last = {"at": None}

    @app.before_request
    def tidy():
        days = setting(app, "UNTOUCHED_GAME_DAYS")
        if not days:
            return
        with lock:
            if last["at"] is not None and time.monotonic() - last["at"] < HOUSEKEEPING_SECONDS:
                return
            last["at"] = time.monotonic()
        db = get_db()
        retire_untouched(db, days)
        sweep(db)


def init_app(app: Flask) -> None:
    _housekeeping(app)
    proxies = setting(app, "TRUSTED_PROXIES")
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_port=proxies)
    public = str(app.config.get("PUBLIC_URL") or "").strip()
    if public:
        name = (urlsplit(public).hostname or "").lower()
        allowed = app.config.get("ALLOWED_HOSTS") or []
        allowed = allowed.split(",") if isinstance(allowed, str) else list(allowed)
        app.config["ALLOWED_HOSTS"] = [*allowed, name] if name else allowed
    if is_https(app):
        app.config["SESSION_COOKIE_SECURE"] = True
        hsts = f"max-age={setting(app, 'HSTS_SECONDS')}"

        @app.after_request
        def strict_transport(response):
            response.headers.setdefault("Strict-Transport-Security", hsts)
            return response
