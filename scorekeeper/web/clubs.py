"""Clubs (issue 30): making one at /clubs/new, its director area (``/director/<link>``: the next evening, its
evenings, seasons, rule sets, players, table cards, directors and log) and its public page (``/clubs/<public
link>``: its evenings' results, its seasons' ladders, its rule sets, its next evening and its members, with the
page's QR code), whose ladders also print on paper.

The public page shows only what its readers were given: results pages by their links, the ladders, the rule sets'
names, and each player as they chose (``players.shown``); nothing that changes anything.
"""

from __future__ import annotations

from flask import Blueprint, current_app, flash, redirect, request, url_for
from scorekeeper.rules.i18n import _
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import InputRequired, Length, Optional

from .. import clock
from ..db import get_db
from ..i18n import language_from_link
from ..stores import club_access, club_log, clubs, players, rule_sets, seasons
from scorekeeper.stores.tournaments import access
from .club import NewDirectorForm, directed_clubs, director_only, load_club, sign_in
from .club_words import CLUB_ERRORS, sentence
from .errors import error_response
from .hosting import setting
from .htmx import render
from .ladder_sheet import club_ladders_pdf, public_shown
from .tournaments.common import link_with_qr

bp = Blueprint("clubs", __name__)


bp.before_request(language_from_link)  # a public page, or its printed ladders, in the language of its link


class ClubForm(NewDirectorForm):
    """A new club: its name, and its first director's own name and password."""

    name = StringField(_("The club's name"), validators=[InputRequired(_("Give the club a name.")),
                                                          Length(max=clubs.NAME_MAX)],
                       render_kw={"autocomplete": "off", "placeholder": _("Thursday Canasta Club")})


class SettingsForm(FlaskForm):
    name = StringField(_("The club's name"), validators=[InputRequired(_("Give the club a name.")),
                                                          Length(max=clubs.NAME_MAX)])
    meets = StringField(_("When and where the club plays (shown on its public page)"), validators=[
        Optional(), Length(max=clubs.MEETS_MAX)], render_kw={"placeholder": _("Thursdays at 7.30 pm, upstairs")})


def club_error(form, error: club_access.ClubError) -> None:
    """Put a store's refusal next to the field it is about."""
    field, message = CLUB_ERRORS[error.code]
    form[field or "name"].errors = [str(message)]


@bp.get("/clubs/")
def index():
    """The clubs this browser directs (and nothing else), and making a new one."""
    return render("clubs/index.html", clubs=directed_clubs())


@bp.route("/clubs/new", methods=["GET", "POST"])
def new():
    """A new club and its first director, signed in at once on this device."""
    form = ClubForm()
    if request.method == "GET":
        return render("clubs/new.html", form=form)
    if not form.validate():
        return render("clubs/new.html", form=form, status=422)
    if access.allow_create(get_db(), request.remote_addr or "unknown", setting(current_app, "TOURNAMENTS_PER_HOUR")):
        return render("clubs/new.html", form=form, status=429, error=_(
            "Too many clubs, seasons and tournaments were created from this device lately: try again later."))
    try:
        club, first = clubs.create_club(get_db(), name=form.name.data, director=form.director.data,
                                        password=form.password.data)
    except club_access.ClubError as error:
        club_error(form, error)
        return render("clubs/new.html", form=form, status=422)
    sign_in(first)
    flash(_("Club made. You are signed in as its director on this device: keep this page's address, it is the "
            "director area's."), "ok")
    return redirect(url_for("clubs.area", club_id=club.id), 303)


def _area(club, director, form=None, status: int = 200):
    db = get_db()
    return render("clubs/area.html", status=status, club=club, director=director, public=link_with_qr(
        url_for("clubs.public", club_id=club.public_link)), next_evening=clubs.next_evening(
        db, club.id, clock.now().date().isoformat()), evenings=clubs.evenings(db, club.id)[:30],
        seasons=seasons.list_seasons(db, club.id), sets=rule_sets.latest(db, club.id, retired=True),
        form=form or SettingsForm(data={"name": club.name, "meets": club.meets or ""}),
        log=club_log.list_log(db, club.id, limit=5), sentence=sentence)


@bp.get("/director/<club:club_id>")
@director_only
def area(club, director):
    """The director area: tonight first, then everything the club keeps."""
    return _area(club, director)


@bp.post("/director/<club:club_id>/settings")
@director_only
def settings(club, director):
    """Rename the club, or say when it meets."""
    form = SettingsForm()
    if form.validate():
        try:
            clubs.update(get_db(), club, name=form.name.data, meets=form.meets.data or "", director=director)
        except club_access.ClubError as error:
            club_error(form, error)
        else:
            flash(_("Saved."), "ok")
            return redirect(url_for("clubs.area", club_id=club.id) + "#settings", 303)
    return _area(club, director, form, 422)


# --- The public page -------------------------------------------------------------------------------------------


def _public_context(club) -> dict:
    db = get_db()
    choices = players.shown_choices(db, club.id)
    people = [p for p in players.list_players(db, club.id) if p.shown != "hidden" and p.evenings]
    shown_seasons = []
    for season in seasons.list_seasons(db, club.id):
        shown_seasons.append({"season": season, "ladder": seasons.season_ladder(db, season),
                              "evenings": seasons.evenings(db, season.id)})
    return {"club": club, "link": link_with_qr(url_for("clubs.public", club_id=club.public_link)),
            "next_evening": clubs.next_evening(db, club.id, clock.now().date().isoformat()),
            "evenings": clubs.evenings(db, club.id, started=True), "seasons": shown_seasons,
            "sets": rule_sets.latest(db, club.id), "people": people, "shown": public_shown(choices),
            "links": {p.id: p.link for p in people}}


@bp.get("/clubs/<public_club:club_id>")
def public(club_id: int):
    """The club's page for everyone who has its link: read only."""
    return render("clubs/public.html", **_public_context(load_club(club_id)))


@bp.get("/clubs/<public_club:club_id>/ladders.pdf")
def ladders_pdf(club_id: int):
    """Every season's ladder, one page each, as the public page shows them."""
    club = load_club(club_id)
    found = seasons.list_seasons(get_db(), club.id)
    if not found:
        return error_response(404, _("The club has no season yet, so no ladder to print."))
    return club_ladders_pdf(club, found, public_shown(players.shown_choices(get_db(), club.id)))
