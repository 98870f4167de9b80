"""A recorder of the paths a live app is asked for, shared by the browser tests and the page-weight bench."""

from __future__ import annotations


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
