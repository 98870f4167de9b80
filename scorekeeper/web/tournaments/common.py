"""What the tournament views share: the blueprint, loading a tournament, the director's flag, links."""

from __future__ import annotations

from functools import lru_cache, wraps

import segno
from flask import Blueprint, abort, g, redirect, request, session, url_for
from scorekeeper.rules.i18n import _, gettext

from ...db import get_db
from ...i18n import names
from scorekeeper.web.addresses import absolute
from scorekeeper.stores.tournaments import access, records
from ...tournaments.rows import Entry, Tournament
from ..club import club_director
from ..errors import error_response

bp = Blueprint("tournaments", __name__)

#: How often the projector and the table phones ask for fresh figures.
STANDINGS_POLL_SECONDS = 15
TABLE_POLL_SECONDS = 20


def load(tournament_id: int) -> Tournament:
    tournament = records.get_tournament(get_db(), tournament_id)
    if tournament is None:
        abort(404)
    return tournament


def _token(tournament_id: int) -> str | None:
    return session.get("tournament_director", {}).get(str(tournament_id))


def _director(tournament_id: int) -> str | None:
    """The name of this browser's live director sign-in for the tournament ("" unnamed), or None: the evening's
    own (by its password, a visiting director), or a sign-in as a director of the evening's club (issue 30)."""
    cache = g.setdefault("tournament_directors", {})
    if tournament_id not in cache:
        name = access.session_name(get_db(), tournament_id, _token(tournament_id))
        if name is None:
            tournament = records.get_tournament(get_db(), tournament_id)
            director = club_director(tournament.club_id) if tournament else None
            name = director.name if director else None
        cache[tournament_id] = name
    return cache[tournament_id]


def is_club_director(tournament: Tournament) -> bool:
    """Whether this browser directs the evening's club (a visiting director, by the evening's password, does
    not: the club's seasons and players are the club's)."""
    return club_director(tournament.club_id) is not None


def is_director(tournament_id: int) -> bool:
    return _director(tournament_id) is not None


def director_name(tournament_id: int) -> str:
    name = _director(tournament_id) or ""
    # Written into the tournament's log as the words of the director's language (a name, not a message).
    return gettext("director %(name)s", name=name).strip() if name else gettext("director")


def director_token(tournament_id: int) -> str | None:
    return _token(tournament_id)


def sign_in(tournament_id: int, name: str) -> None:
    """Start a sign-in held on the server; the browser keeps only its token."""
    directors = dict(session.get("tournament_director", {}))
    directors[str(tournament_id)] = access.start_session(get_db(), tournament_id, name)
    session["tournament_director"] = directors
    g.pop("tournament_directors", None)


def sign_out(tournament_id: int) -> None:
    access.end_session(get_db(), _token(tournament_id))
    directors = dict(session.get("tournament_director", {}))
    directors.pop(str(tournament_id), None)
    session["tournament_director"] = directors
    g.pop("tournament_directors", None)


def director_only(view):
    """The view runs for the signed-in director; others are sent to sign in (GET) or refused."""

    @wraps(view)
    def wrapped(tournament_id: int, *args, **kwargs):
        tournament = load(tournament_id)
        if not is_director(tournament_id):
            if request.method == "GET":
                return redirect(url_for("tournaments.login", tournament_id=tournament_id, next=request.path), 303)
            return error_response(403, _("Only the tournament director can do that. Sign in as director first."))
        return view(tournament, *args, **kwargs)

    return wrapped


def phone_url(path: str) -> str:
    """The absolute address of ``path`` that phones are given (``PUBLIC_URL``, or an address the server listens
    on: ``web.addresses``)."""
    return absolute(path)


def url_for_join() -> str:
    """The address where a phone types a table's number and code, as phones are given it."""
    return phone_url(url_for("tournaments.join"))


@lru_cache(maxsize=256)
def qr_data_uri(url: str) -> str:
    """The QR code of ``url`` as an image in the page: made once per address (a director's page shows one per
    table and refreshes by itself)."""
    return segno.make(url, error="m").svg_data_uri(scale=4, border=2, dark="#000", light="#fff")


def entry_label(entries: dict[int, Entry], ids) -> str:
    return names([entries[i].name for i in ids if i in entries])


def back_to(tournament: Tournament, anchor: str = ""):
    return redirect(url_for("tournaments.show", tournament_id=tournament.id) + anchor, 303)


def by_id(entries: list[Entry]) -> dict[int, Entry]:
    return {e.id: e for e in entries}


def link_with_qr(path: str) -> dict:
    """An address phones can open (``phone_url``) and its QR code."""
    url = phone_url(path)
    return {"url": url, "qr": qr_data_uri(url)}


def evening_link(tournament: Tournament) -> dict:
    """The tournament's public results page (read only, ``web.results``): its address and QR code."""
    return link_with_qr(url_for("results.evening", link=tournament.results_token))
