"""Seasons: a new season (its name and its ladder's rules), its director's page with the ladder, the evenings
it counts, its public results link, and archiving it.

A season has its own director's password (the sign-in is kept as ``web.club`` says). Wrong passwords are slowed
down like a tournament director's (``access.guarded``).
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, current_app, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import IntegerField, PasswordField, RadioField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import EqualTo, InputRequired, Length, NumberRange, Optional

from ..db import get_db
from ..stores import season_transfer, seasons
from scorekeeper.stores.tournaments import access, records
from ..tournaments.ladder import LadderRulesError, Rules
from .errors import error_response
from .htmx import render
from .season_words import COUNTS, IMPORT_REFUSALS, RANKINGS, RULE_ERRORS, SEASON_ERRORS, TIE_BREAKS
from .club import directed_seasons, directs_season, sign_in_season, sign_out_season
from .devices import current_device, remember_season
from .limits import club_wait, too_many_made
from .ladder_sheet import ladder_pdf_response, season_link
from .tournaments.forms import visible

bp = Blueprint("seasons", __name__)

def _choices(labels: dict) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in labels.items()]


class SeasonForm(FlaskForm):
    name = StringField(_l("Name"), filters=[records.clean_name], validators=[
        InputRequired(_l("Give the season a name.")), visible(_l("Give the season a name.")), Length(max=80)])
    count = RadioField(_l("Which evenings count"), choices=_choices(COUNTS), default="all")
    best = IntegerField(_l("Best evenings counted (N)"), validators=[Optional(), NumberRange(1, 100, _l(
        "Between 1 and 100."))])
    of = IntegerField(_l("Evenings in the season (M)"), validators=[Optional(), NumberRange(1, 100, _l(
        "Between 1 and 100."))])
    minimum = IntegerField(_l("Evenings needed to be ranked"), default=1, validators=[
        InputRequired(_l("How many evenings?")), NumberRange(1, 100, _l("Between 1 and 100."))])
    ranking = RadioField(_l("Ladder by"), choices=_choices(RANKINGS), default="vp")
    tie_break = RadioField(_l("Equal players are split by"), choices=_choices(TIE_BREAKS), default="best_evening")
    password = PasswordField(_l("Director's password"), validators=[
        InputRequired(_l("Choose a password for the director.")),
        Length(min=6, max=128, message=_l("At least 6 characters."))])
    password_again = PasswordField(_l("The password again"), validators=[
        EqualTo("password", _l("The two passwords differ."))])

    def rules(self) -> Rules | None:
        """The ladder's rules, or None with the message put next to the field at fault."""
        best = self.count.data == "best"
        if best and not self.best.data:
            self.best.errors = [_("Give the number of evenings that count.")]
            return None
        try:
            return Rules(count=self.count.data, best=self.best.data if best else None,
                         of=self.of.data if best else None, minimum=self.minimum.data, ranking=self.ranking.data,
                         tie_break=self.tie_break.data).check()
        except LadderRulesError as error:
            name, message = RULE_ERRORS[error.code]
            self[name].errors = [str(message)]
            return None


class SeasonLoginForm(FlaskForm):
    password = PasswordField(_l("Director's password"))


# --- Signing in ---------------------------------------------------------------------------------------------


def load(season_id: int) -> seasons.Season:
    season = seasons.get_season(get_db(), season_id)
    if season is None:
        abort(404)
    return season


def _director_only(season: seasons.Season):
    """None when this browser directs the season; else where to go (GET) or a refusal."""
    if directs_season(season):
        return None
    if request.method == "GET":
        return redirect(url_for("seasons.login", season_id=season.id), 303)
    return error_response(403, _("Only the season's director can do that. Sign in as its director first."))


# --- Views ---------------------------------------------------------------------------------------------------


@bp.get("/seasons/")
def index():
    """The seasons this phone made, imported or opened by their link, and those it directs: never all of them."""
    return render("seasons/index.html", seasons=seasons.list_seasons(get_db(), current_device(), directed_seasons()))


@bp.route("/seasons/new", methods=["GET", "POST"])
def new():
    form = SeasonForm()
    if request.method == "GET":
        return render("seasons/new.html", form=form)
    rules = form.rules() if form.validate() else None
    if rules is None:
        return render("seasons/new.html", form=form, status=422)
    if wait := club_wait():
        return render("seasons/new.html", form=form, status=429, error=too_many_made(wait))
    season_id = seasons.create_season(get_db(), name=form.name.data, rules=rules, password=form.password.data)
    remember_season(season_id)
    sign_in_season(seasons.get_season(get_db(), season_id))
    flash(_("Season created. You are signed in as its director on this device."), "ok")
    return redirect(url_for("seasons.show", season_id=season_id), 303)


@bp.route("/seasons/<season:season_id>/login", methods=["GET", "POST"])
def login(season_id: int):
    season = load(season_id)
    remember_season(season.id)  # opened from its link: in this phone's list from now on
    form = SeasonLoginForm()
    if request.method == "GET":
        return render("seasons/login.html", season=season, form=form)
    db = get_db()
    ok, wait = access.guarded(db, f"season:{season.id}", request.remote_addr or "unknown",  # i18n: not for people
                              lambda: seasons.check_password(db, season.id, form.password.data or ""))
    if ok:
        sign_in_season(season)
        flash(_("Signed in as the season's director."), "ok")
        return redirect(url_for("seasons.show", season_id=season.id), 303)
    error = _("Wrong password for this season's director.")
    if wait:
        error += " " + _("Too many tries: wait a little before the next one.")
    return render("seasons/login.html", season=season, form=form, error=error, status=429 if wait else 422)


@bp.post("/seasons/<season:season_id>/logout")
def logout(season_id: int):
    sign_out_season(season_id)
    flash(_("Signed out."), "ok")
    return redirect(url_for("seasons.index"), 303)


def _same(name: str) -> str:
    return name


@bp.get("/seasons/<season:season_id>")
def show(season_id: int):
    season = load(season_id)
    if refused := _director_only(season):
        return refused
    db = get_db()
    evenings = seasons.evenings(db, season.id)
    return render("seasons/show.html", season=season, ladder=seasons.season_ladder(db, season), evenings=evenings,
                  link=season_link(season), shown=_same, counts=COUNTS, rankings=RANKINGS, tie_breaks=TIE_BREAKS)


@bp.post("/seasons/<season:season_id>/archive")
def archive(season_id: int):
    season = load(season_id)
    if refused := _director_only(season):
        return refused
    try:
        if request.form.get("action") == "reopen":
            seasons.reopen(get_db(), season.id)
            flash(_("The season is open again: its ladder follows its evenings."), "ok")
        else:
            seasons.archive(get_db(), season.id)
            flash(_("The season is archived: its ladder stays as it is now, and stays readable."), "ok")
    except seasons.SeasonError as error:
        flash(str(SEASON_ERRORS[error.code]), "error")
    return redirect(url_for("seasons.show", season_id=season.id), 303)


# --- Moving a season between servers -------------------------------------------------------------------------


@bp.get("/seasons/<season:season_id>/export")
def export(season_id: int):
    """The season with its tournaments and players as one JSON file (season_transfer)."""
    season = load(season_id)
    if refused := _director_only(season):
        return refused
    document = season_transfer.export_season(get_db(), season.id)
    response = Response(json.dumps(document, ensure_ascii=False, indent=1), mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="{season_transfer.file_name(season)}"'  # i18n: not for people
    return response


@bp.route("/seasons/import", methods=["GET", "POST"])
def import_file():
    """A season file exported on another server: refused whole, with the reason, when it is not a season within
    the bounds of the forms (400; 413 over the size limit) or would duplicate what is here (409). Counted as a
    season made here (``limits.club_wait``)."""
    form = ImportForm()
    if request.method == "GET":
        return render("seasons/import.html", form=form)
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return render("seasons/import.html", form=form, error=_("Choose the season's file."), status=422)
    if wait := club_wait():
        return render("seasons/import.html", form=form, status=429, error=too_many_made(wait))
    try:
        season_id = season_transfer.import_season(get_db(), upload.read(season_transfer.MAX_FILE_BYTES + 1))
    except season_transfer.SeasonImportRefused as refused:
        status = {"too_large": 413, "duplicate": 409}.get(refused.code, 400)
        return render("seasons/import.html", form=form, status=status, error=import_refusal(refused))
    remember_season(season_id)
    flash(_("Season imported, with its evenings and players. Sign in with the season's director's password."),
          "ok")
    return redirect(url_for("seasons.login", season_id=season_id), 303)


class ImportForm(FlaskForm):
    pass


def import_refusal(refused: season_transfer.SeasonImportRefused) -> str:
    most = min(season_transfer.MAX_FILE_BYTES, current_app.config["MAX_CONTENT_LENGTH"] or 0)
    return str(IMPORT_REFUSALS[refused.code]) % {"name": refused.name, "limit": refused.limit,
                                                 "megabytes": max(1, most // (1024 * 1024))}


@bp.errorhandler(413)
def too_large(error):
    """A request too large to read at all (werkzeug stops it before the view): the import page, saying why."""
    refused = season_transfer.SeasonImportRefused("too_large")
    return render("seasons/import.html", form=ImportForm(formdata=None), status=413,
                  error=import_refusal(refused))


# --- The ladder on paper ----------------------------------------------------------------------------------------


@bp.get("/seasons/<season:season_id>/ladder.pdf")
def ladder_pdf(season_id: int):
    season = load(season_id)
    if refused := _director_only(season):
        return refused
    return ladder_pdf_response(season, _same)
