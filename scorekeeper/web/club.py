"""Who speaks for the club: a browser signed in as the director of a tournament or of a season.

A season has its own director's password. A browser signed in keeps, in its session, a fingerprint of the
password's hash: changing nothing on the server ends it, but a new password would. (A tournament's director
sign-ins are kept by the server: ``stores.tournaments.access``.)

The club's own records (the roster, each player's page with their casual games, merging two records of one
person) are shown to a club director only: one sign-in of any tournament or season run on this server. Even
then a director sees only their own part of the server (``scope``): on a server many clubs and families share,
starting a tournament must not open everyone else's players and games.
"""

from __future__ import annotations

import hashlib

from flask import g, session

from ..db import get_db
from ..stores import rule_sets, seasons
from ..stores.players import Scope
from scorekeeper.stores.tournaments import access
from .devices import current_device, device_id

# --- A season's director ---------------------------------------------------------------------------------------


def _fingerprint(season: seasons.Season) -> str:
    return hashlib.sha256(season.password_hash.encode()).hexdigest()[:24]


def directs_season(season: seasons.Season) -> bool:
    return session.get("season_director", {}).get(str(season.id)) == _fingerprint(season)


def directed_seasons() -> tuple[int, ...]:
    """The seasons this browser is signed in to as their director (a sign-in dies with a changed password)."""
    db = get_db()
    found = []
    for season_id, mark in session.get("season_director", {}).items():
        season = seasons.get_season(db, int(season_id)) if season_id.isascii() and season_id.isdigit() else None
        if season is not None and mark == _fingerprint(season):
            found.append(season.id)
    return tuple(found)


def sign_in_season(season: seasons.Season) -> None:
    directors = dict(session.get("season_director", {}))
    directors[str(season.id)] = _fingerprint(season)
    session["season_director"] = directors


def sign_out_season(season_id: int) -> None:
    directors = dict(session.get("season_director", {}))
    directors.pop(str(season_id), None)
    session["season_director"] = directors


def my_seasons(open_only: bool = False) -> list[seasons.Season]:
    """The seasons this browser may name: those in its phone's list (made, imported or opened by their link) and
    those it directs. Never every season of the server: a season is chosen from these, by its link."""
    found = seasons.list_seasons(get_db(), current_device(), directed_seasons())
    return [s for s in found if not (open_only and s.archived)]


def chosen_season(link: str | None) -> seasons.Season | None:
    """The season of this browser's own (``my_seasons``) whose link was posted, or None."""
    return next((s for s in my_seasons() if link and s.link == link), None)


def listed_sets(named=None) -> list:
    """The club rule sets a form offers this browser: those of its phone's list, and ``named``, the set a link
    or the form itself names by its id (whoever has its id was given it)."""
    found = rule_sets.latest(get_db(), current_device())
    if named is not None and all(s.key != named.key for s in found):
        found.append(named)
    return found


# --- The club's director ---------------------------------------------------------------------------------------


def is_club_director() -> bool:
    """Whether this browser holds a live director sign-in of any tournament or season."""
    if "club_director" not in g:
        g.club_director = bool(directed_tournaments()) or bool(directed_seasons())
    return g.club_director


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
