"""The JSON API of ``docs/API.md``: the referee and the scorer for other club tools.

Every endpoint but the results (``results``: what the public results pages show, read from the database) is
a pure computation; none stores anything, so the blueprint needs no login and no CSRF token.
"""

from __future__ import annotations

from scorekeeper.api.blueprint import bp

__all__ = ["CSRF_EXEMPT", "bp"]

#: Clients of a JSON API hold no session cookie, so there is no CSRF token to check.
CSRF_EXEMPT = True

from scorekeeper.api import results, views  # noqa: E402,F401  (each puts its endpoints on bp)
