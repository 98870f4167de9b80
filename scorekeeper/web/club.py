"""Who speaks for a club (issue 30): a browser signed in as one of its directors.

A club director signs in at the club's director area with their own name and password; the sign-in is held on
the server (``stores.club_access``) and the browser keeps only its token, in its session, per club. Revoking a
director, or signing out, ends it. A club's director directs everything of the club: its evenings (with or
without their own password: ``web.tournaments.common``), seasons, rule sets, players and table cards.
"""

from __future__ import annotations

from functools import wraps

from flask import abort, g, redirect, request, session, url_for
from scorekeeper.rules.i18n import _
from flask_wtf import FlaskForm
from wtforms import PasswordField, StringField
from wtforms.validators import EqualTo, InputRequired, Length

from ..db import get_db
from ..stores import club_access, clubs, rule_sets
from ..stores.club_access import Director
from .devices import current_device
from .errors import error_response

SESSION_KEY = "club_director"


class NewDirectorForm(FlaskForm):
    """A director's own name and password, chosen when they make a club or join one by an invitation."""

    director = StringField(_("Your name (as the other directors know you)"), validators=[
        InputRequired(_("Give your name, as the other directors know you.")), Length(max=club_access.NAME_MAX)],
        render_kw={"autocomplete": "username"})
    password = PasswordField(_("Your director's password"), validators=[
        InputRequired(_("Choose a password.")), Length(min=6, max=128, message=_("At least 6 characters."))],
        render_kw={"autocomplete": "new-password"})
    password_again = PasswordField(_("The password again"), validators=[
        EqualTo("password", _("The two passwords differ."))], render_kw={"autocomplete": "new-password"})


def _tokens() -> dict:
    tokens = session.get(SESSION_KEY)
    return tokens if isinstance(tokens, dict) else {}


def club_director(club_id: int | None) -> Director | None:
    """The director this browser is signed in as for the club, else None."""
    if club_id is None:
        return None
    cache = g.setdefault("club_directors", {})
    if club_id not in cache:
        cache[club_id] = club_access.session_director(get_db(), club_id, _tokens().get(str(club_id)))
    return cache[club_id]


def directed_clubs() -> list[clubs.Club]:
    """The clubs this browser holds a live director's sign-in of."""
    found = []
    for club_id in _tokens():
        if club_id.isascii() and club_id.isdigit() and club_director(int(club_id)) is not None:
            club = clubs.get_club(get_db(), int(club_id))
            if club is not None:
                found.append(club)
    return found


def sign_in(director: Director) -> None:
    tokens = dict(_tokens())
    tokens[str(director.club_id)] = club_access.start_session(get_db(), director)
    session[SESSION_KEY] = tokens
    g.pop("club_directors", None)


def sign_out(club_id: int) -> None:
    tokens = dict(_tokens())
    club_access.end_session(get_db(), tokens.pop(str(club_id), None))
    session[SESSION_KEY] = tokens
    g.pop("club_directors", None)


def load_club(club_id: int) -> clubs.Club:
    club = clubs.get_club(get_db(), club_id)
    if club is None:
        abort(404)
    return club


def director_only(view):
    """The view runs for a signed-in director of the club in the address (``club_id``), as ``view(club, director,
    ...)``; anyone else is sent to sign in (GET) or refused (403)."""

    @wraps(view)
    def wrapped(club_id: int, *args, **kwargs):
        club = load_club(club_id)
        director = club_director(club.id)
        if director is None:
            if request.method == "GET":
                return redirect(url_for("directors.login", club_id=club.id, next=request.path), 303)
            return error_response(403, _("Only a director of the club can do that. Sign in as a director first."))
        return view(club, director, *args, **kwargs)

    return wrapped


def offered_sets(named=None) -> list:
    """The rule sets offered beside the profiles in this browser's forms: the sets of the clubs it directs and those
    of its phone's list (opened on it; not the retired ones), and the set it asked for by id (``named``: whoever
    has a set's id may copy it into a casual game). Never every club's sets of the server."""
    found = rule_sets.latest(get_db(), [c.id for c in directed_clubs()], device=current_device())
    if named is not None and named.id not in {s.id for s in found}:
        found.append(named)
    return found
