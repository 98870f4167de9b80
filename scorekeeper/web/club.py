"""Who speaks for the club: a browser signed in as the director of a tournament or of a season.

The club's own records (the roster, each player's page with their casual games, merging two records of one
person) are shown to a club director only: one sign-in of any tournament or season run on this server. Even
then a director sees only their own part of the server (``scope``): on a server many clubs and families share,
starting a tournament must not open everyone else's players and games.
"""

from __future__ import annotations

from flask import g, session

from ..db import get_db
from ..stores.players import Scope
from scorekeeper.stores.tournaments import access
from .devices import device_id
from .seasons import directed_seasons, signed_in_any


def is_club_director() -> bool:
    """Whether this browser holds a live director sign-in of any tournament or season."""
    if "club_director" not in g:
        g.club_director = _signed_in()
    return g.club_director


def _signed_in() -> bool:
    return bool(directed_tournaments()) or signed_in_any()


def directed_tournaments() -> tuple[int, ...]:
    """The tournaments this browser holds a live director sign-in of."""
    db = get_db()
    return tuple(int(tournament_id) for tournament_id, token in session.get("tournament_director", {}).items()
                 if str(tournament_id).isascii() and str(tournament_id).isdigit()
                 and access.session_name(db, int(tournament_id), token) is not None)


def scope() -> Scope:
    """What this browser's director may see of the roster: the players of the tournaments in this phone's list
    (opened from their links), those it directs and those of the seasons it directs, and the casual games in this
    phone's list."""
    return Scope(device=device_id(), seasons=directed_seasons(), directs=directed_tournaments())
