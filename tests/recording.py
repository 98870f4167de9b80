"""Instruments for a live server, shared by the tests and the benches: a recorder of the paths the app is asked
for, a phone that talks HTTP to it, and the address of a started game or tournament."""

from __future__ import annotations

import functools
import http.client
import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request

from scorekeeper.db import Database, connect


class Recorder:
    """Wraps a Flask app's WSGI callable to note every path the server is asked for, in order."""

    def __init__(self, app):
        self.wsgi_app = app.wsgi_app
        self.paths: list[str] = []
        app.wsgi_app = self

    def __call__(self, environ, start_response):
        self.paths.append(environ["PATH_INFO"])
        return self.wsgi_app(environ, start_response)

    def static(self) -> list[str]:
        """The static files asked for since ``paths`` was last cleared."""
        return [path for path in self.paths if path.startswith("/static/")]


class Phone:
    """A browser-like HTTP client of its own (its cookies, so its session) that does not follow redirects;
    ``source``: the local address it connects from (any of 127.0.0.0/8 on Linux), to be told apart from another
    phone on the same machine."""

    def __init__(self, base: str, source: str | None = None):
        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        class FromSource(urllib.request.HTTPHandler):
            def http_open(self, req):
                return self.do_open(functools.partial(http.client.HTTPConnection, source_address=(source, 0)), req)

        self.base = base
        handlers = [urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect()]
        self.opener = urllib.request.build_opener(*handlers, *([FromSource()] if source else []))

    def call(self, path: str, data: dict | None = None, headers: dict | None = None, body: bytes | None = None):
        """(status, text, headers) of a GET, or of a POST of the form ``data`` (or of the raw ``body``)."""
        if data is not None:
            body = urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(self.base + path, data=body, headers=headers or {})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode(), response.headers
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(), error.headers

    def token(self, path: str) -> str:
        """The CSRF token of the form on the page at ``path``."""
        status, html, _ = self.call(path)
        assert status == 200, status
        return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def _database(where) -> str | None:
    """The database file of a Flask app, a test client, a live server (anything with ``.app``) or a path."""
    for holder in (getattr(where, "application", None), getattr(where, "app", None), where):
        config = getattr(holder, "config", None)
        if config is not None and "DATABASE" in config:
            return config["DATABASE"]
    return str(where) if isinstance(where, str) else None


def _one(where, sql: str, params: list):
    """One row read from the database of ``where``: a database connection the test already holds (SQLite or
    PostgreSQL, ``scorekeeper.db.connect``), or else the database of an app, client, server or path."""
    if isinstance(where, Database):
        return where.one(sql, params)
    db = connect(_database(where))
    try:
        return db.execute(sql, params).fetchone()
    finally:
        db.close()


def _link(where, table: str, row_id: int) -> str:
    row = _one(where, f"SELECT link FROM {table} WHERE id = ?", [row_id])
    assert row and row[0], f"no {table} row {row_id} with a link"
    return row[0]


def game_path(where, game_id: int) -> str:
    """A started game's address, ``/games/<its link>`` (games are private by link: the number is no address).
    ``where`` is what the game is in: the app, its test client, the live server, or a database."""
    return f"/games/{_link(where, 'games', game_id)}"


def tournament_path(where, tournament_id: int) -> str:
    """A tournament's address, ``/tournaments/<its link>``; ``where`` as for ``game_path``."""
    return f"/tournaments/{_link(where, 'tournaments', tournament_id)}"


def started_id(where, address: str) -> int:
    """The row id of the game or tournament at ``address`` (a redirect's Location or a page's URL, such as
    ``/games/<link>``), for a test that reads the database; ``where`` as for ``game_path``."""
    match = re.search(r"/(games|tournaments)/([A-Za-z0-9_-]{22})(?:[/?#]|$)", address)
    assert match, f"no game or tournament address in {address!r}"
    table, link = match.groups()
    row = _one(where, f"SELECT id FROM {table} WHERE link = ?", [link])
    assert row, f"no {table} row at {address!r}"
    return row[0]
