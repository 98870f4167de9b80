"""The JSON API of ``docs/API.md``: the referee and the scorer for other club tools.

Every endpoint is a pure computation: it reads nothing from the database and stores nothing,
so the blueprint needs no login and no CSRF token.
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")

#: Clients of a JSON API hold no session cookie, so there is no CSRF token to check.
CSRF_EXEMPT = True

from . import views  # noqa: E402,F401  (registers the routes on bp)
