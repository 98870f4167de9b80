"""A club's directors (issue 30): signing in and out at the club's director area with one's own name and password,
inviting another director with a one-time link, taking an invitation, revoking a director, the club's log of who
did what, and becoming the first director of a club from before clubs (from one of its evenings).

Wrong passwords are slowed down like a tournament director's (``access.guarded``, per club and address).
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, request, session, url_for
from scorekeeper.rules.i18n import _, ngettext
from flask_wtf import FlaskForm
from wtforms import PasswordField, StringField
from wtforms.validators import Length

from ..db import get_db
from ..stores import club_access, club_log, clubs
from ..stores.club_access import INVITE_DAYS
from scorekeeper.stores.tournaments import access
from .club import NewDirectorForm, director_only, load_club, sign_in, sign_out
from .club_words import CLUB_ERRORS, sentence
from .errors import error_response
from .htmx import render
from .tournaments.common import is_director, link_with_qr, load

bp = Blueprint("directors", __name__)
INVITATION_KEY = "club_invitation"


class LoginForm(FlaskForm):
    director = StringField(_("Your name"), validators=[Length(max=club_access.NAME_MAX)],
                           render_kw={"autocomplete": "username"})
    password = PasswordField(_("Your director's password"), render_kw={"autocomplete": "current-password"})


class JoinForm(NewDirectorForm):
    """A director joining by an invitation: their own name and password."""


def _wait_words(wait: int) -> str:
    minutes = -(-wait // 60)
    return ngettext("Too many wrong passwords: try again in %(num)d minute.",
                    "Too many wrong passwords: try again in %(num)d minutes.", minutes)


@bp.route("/director/<club:club_id>/login", methods=["GET", "POST"])
def login(club_id: int):
    club = load_club(club_id)
    form = LoginForm()
    target = request.values.get("next") or ""
    if not target.startswith(f"/director/{club.link}"):
        target = url_for("clubs.area", club_id=club.id)
    if request.method == "GET":
        return render("directors/login.html", club=club, form=form, next=target)
    db = get_db()
    ok, wait = access.guarded(db, f"club:{club.id}", request.remote_addr or "unknown",  # i18n: not for people
                              lambda: club_access.check_sign_in(db, club.id, form.director.data or "",
                                                                form.password.data or ""))
    if ok:
        session.pop("_flashes", None)
        sign_in(ok)
        flash(_("Signed in as %(name)s, a director of %(club)s.", name=ok.name, club=club.name), "ok")
        return redirect(target, 303)
    error = _("That name and password are not those of a director of this club.")
    return render("directors/login.html", club=club, form=form, next=target, status=429 if wait else 422,
                  error=f"{error} {_wait_words(wait)}" if wait else error)


@bp.post("/director/<club:club_id>/logout")
def logout(club_id: int):
    sign_out(load_club(club_id).id)
    flash(_("Signed out."), "ok")
    return redirect(url_for("clubs.index"), 303)


@bp.get("/director/<club:club_id>/directors")
@director_only
def index(club, director):
    token = session.pop(INVITATION_KEY, None)
    invitation = link_with_qr(url_for("directors.join", token=token)) if token else None
    return render("directors/index.html", club=club, director=director, invitation=invitation, days=INVITE_DAYS,
                  directors=club_access.directors(get_db(), club.id))


@bp.post("/director/<club:club_id>/directors/invite")
@director_only
def invite(club, director):
    """A one-time invitation link, shown once on the next page."""
    session[INVITATION_KEY] = club_access.invite(get_db(), club.id, director)
    return redirect(url_for("directors.index", club_id=club.id) + "#invitation", 303)


@bp.post("/director/<club:club_id>/directors/<int:director_id>/revoke")
@director_only
def revoke(club, director, director_id: int):
    try:
        gone = club_access.revoke(get_db(), club.id, director_id, director)
    except club_access.ClubError as error:
        flash(str(CLUB_ERRORS[error.code][1]), "error")
    else:
        flash(_("%(name)s is no longer a director: their sign-ins have ended.", name=gone.name) if gone.name
              else _("The invitation is withdrawn."), "ok")
    return redirect(url_for("directors.index", club_id=club.id), 303)


@bp.route("/clubs/join/<token>", methods=["GET", "POST"])
def join(token: str):
    """Take an invitation: choose one's own name and password, then sign in."""
    db = get_db()
    invited = club_access.invitation(db, token)
    if invited is None:
        return error_response(404, _("This invitation has been used, withdrawn or has expired: ask a director of the "
                                     "club for a new one."))
    club = clubs.get_club(db, invited.club_id)
    form = JoinForm()
    if request.method == "GET" or not form.validate():
        return render("directors/join.html", club=club, form=form, status=200 if request.method == "GET" else 422)
    try:
        joined = club_access.accept(db, token, form.director.data, form.password.data)
    except club_access.ClubError as error:
        form.director.errors = [str(CLUB_ERRORS[error.code][1])]
        return render("directors/join.html", club=club, form=form, status=422)
    sign_in(joined)
    flash(_("Welcome: you are a director of %(club)s. Keep this page's address, it is the director area's.",
            club=club.name), "ok")
    return redirect(url_for("clubs.area", club_id=club.id), 303)


@bp.get("/director/<club:club_id>/log")
@director_only
def log(club, director):
    items = club_log.list_log(get_db(), club.id)
    return render("directors/log.html", club=club, items=items, sentence=sentence)


@bp.post("/tournaments/<tournament:tournament_id>/claim-club")
def claim(tournament_id: int):
    """The director of an evening of a club from before clubs becomes the club's first director."""
    tournament = load(tournament_id)
    if not is_director(tournament.id) or tournament.club_id is None:
        return error_response(403, _("Only the evening's director can do that. Sign in as its director first."))
    name, password = request.form.get("director") or "", request.form.get("password") or ""
    if len(password) < 6:
        flash(_("Choose a password of at least 6 characters."), "error")
        return redirect(url_for("tournaments.show", tournament_id=tournament.id) + "#season", 303)
    try:
        first = clubs.claim(get_db(), tournament.club_id, director=name, password=password)
    except club_access.ClubError as error:
        flash(str(CLUB_ERRORS[error.code][1]), "error")
        return redirect(url_for("tournaments.show", tournament_id=tournament.id) + "#season", 303)
    sign_in(first)
    flash(_("You are the club's first director. Rename it below, and invite the other directors."), "ok")
    return redirect(url_for("clubs.area", club_id=tournament.club_id) + "#settings", 303)
