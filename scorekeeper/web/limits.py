"""How much one address may make in an hour on a hosted server (``web.hosting``): games (``GAMES_PER_HOUR``), and
the club's things, tournaments, seasons and rule sets (``TOURNAMENTS_PER_HOUR``, one budget for the three). An
import counts as the form it stands for: a game's file as a new game, a season's file and a rule set's as a
season and a set made here. Each ``*_wait`` counts one when allowed and answers 0, else the seconds to wait;
``too_many_*`` words the refusal.

A request's body is held to ``MAX_CONTENT_LENGTH`` (1 MB), but for the routes of ``LARGER_BODIES``: a season's file
to import holds a club's year, so that route alone reads up to 8 MB (``larger_body``, and ``largest_body`` for
``scorekeeper serve``'s waitress)."""

from __future__ import annotations

from flask import Flask, current_app, request
from scorekeeper.rules.i18n import ngettext

from ..db import get_db
from scorekeeper.stores import season_transfer
from scorekeeper.stores.tournaments import access
from .hosting import setting


#: The routes that read a larger body than ``MAX_CONTENT_LENGTH``, and the most each reads.
LARGER_BODIES = {"seasons.import_file": season_transfer.MAX_REQUEST_BYTES}


def larger_body() -> None:
    """The limit of the route asked for, set before anything reads the body (the CSRF check reads the form)."""
    most = LARGER_BODIES.get(request.endpoint or "")
    if most and most > (current_app.config["MAX_CONTENT_LENGTH"] or 0):
        request.max_content_length = most


def largest_body(app: Flask) -> int:
    """The most any route reads: the limit ``scorekeeper serve`` gives waitress, which stops a larger body before
    the app sees it."""
    return max(app.config["MAX_CONTENT_LENGTH"] or 0, *LARGER_BODIES.values())


def _client() -> str:
    return request.remote_addr or "unknown"


def game_wait() -> int:
    return access.allow_create(get_db(), _client(), setting(current_app, "GAMES_PER_HOUR"), what="create-game")


def club_wait() -> int:
    return access.allow_create(get_db(), _client(), setting(current_app, "TOURNAMENTS_PER_HOUR"))


def _minutes(wait: int) -> int:
    return max(1, round(wait / 60))


def too_many_games(wait: int) -> str:
    return ngettext("Too many games were started from this address lately: try again in %(num)d minute.",
                    "Too many games were started from this address lately: try again in %(num)d minutes.",
                    _minutes(wait))


def too_many_tournaments(wait: int) -> str:
    return ngettext("Too many tournaments were created from this device lately: try again in %(num)d minute.",
                    "Too many tournaments were created from this device lately: try again in %(num)d minutes.",
                    _minutes(wait))


def too_many_made(wait: int) -> str:
    """Said to a new or imported season or rule set over the club budget."""
    return ngettext("Too many tournaments, seasons and rule sets were made from this device lately: try again in "
                    "%(num)d minute.", "Too many tournaments, seasons and rule sets were made from this device "
                    "lately: try again in %(num)d minutes.", _minutes(wait))
