"""Who speaks for the club: a browser signed in as the director of a tournament or of a season.

The club's own records (the roster, each player's page with their casual games, merging two records of one
person) are shown to a club director only: one sign-in of any tournament or season run on this server.
"""

from __future__ import annotations

from flask import g, session

from ..db import get_db
from scorekeeper.stores.tournaments import access
from .seasons import signed_in_any


def is_club_director() -> bool:
    """Whether this browser holds a live director sign-in of any tournament or season."""
    if "club_director" not in g:
        g.club_director = _signed_in()
    return g.club_director


def _signed_in() -> bool:
    db = get_db()
    for tournament_id, token in session.get("tournament_director", {}).items():
        if str(tournament_id).isdigit() and access.session_name(db, int(tournament_id), token) is not None:
            return True
    return signed_in_any()
