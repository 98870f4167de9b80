"""The JSON API of ``docs/API.md``: the referee and the scorer for other club tools.

Every endpoint is a pure computation: it reads nothing from the database and stores nothing,
so the blueprint needs no login and no CSRF token.
"""

from __future__ import annotations

from scorekeeper.api.views import bp

__all__ = ["CSRF_EXEMPT", "bp"]

#: Clients of a JSON API hold no session cookie, so there is no CSRF token to check.
CSRF_EXEMPT = True
