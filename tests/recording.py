"""Instruments for a live server, shared by the tests and the benches: a recorder of the paths the app is asked
for, and a phone that talks HTTP to it."""

from __future__ import annotations

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request


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
    """A browser-like HTTP client of its own (its cookies, so its session) that does not follow redirects."""

    def __init__(self, base: str):
        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect())

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
