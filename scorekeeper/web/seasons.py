"""A club's seasons (issue 30), in its director area: a new season (its name and its ladder's rules), the
season's page with the ladder, attaching and detaching several of the club's evenings at once, its public results
link, archiving it, and moving it to another server as one file (exported here, imported into a club there).

Only the club's directors reach these pages (``club.director_only``); a season is named by the secret of its
results link, and only the club's own seasons and evenings are found.
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, flash, redirect, request, url_for
from scorekeeper.rules.i18n import _, ngettext
from flask_wtf import FlaskForm
from wtforms import IntegerField, RadioField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..db import get_db
from ..stores import clubs, season_transfer, seasons
from scorekeeper.stores.tournaments import records
from ..tournaments.ladder import LadderRulesError, Rules
from .club import club_director, director_only
from .errors import error_response
from .htmx import render
from .limits import club_wait, too_many_made
from .ladder_sheet import ladder_cells, ladder_pdf_response, season_link
from .season_words import COUNTS, IMPORT_REFUSALS, RANKINGS, RULE_ERRORS, SEASON_ERRORS, TIE_BREAKS
from .tournaments.forms import visible

bp = Blueprint("seasons", __name__)
bp.add_app_template_global(ladder_cells, "ladder_cells")  # the ladder's columns, on every page that shows one


def _choices(labels: dict) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in labels.items()]


class SeasonForm(FlaskForm):
    name = StringField(_("Name"), filters=[records.clean_name], validators=[
        InputRequired(_("Give the season a name.")), visible(_("Give the season a name.")), Length(max=80)])
    count = RadioField(_("Which evenings count"), choices=_choices(COUNTS), default="all")
    best = IntegerField(_("Best evenings counted (N)"), validators=[Optional(), NumberRange(1, 100, _(
        "Between 1 and 100."))])
    of = IntegerField(_("Evenings in the season (M)"), validators=[Optional(), NumberRange(1, 100, _(
        "Between 1 and 100."))])
    minimum = IntegerField(_("Evenings needed to be ranked"), default=1, validators=[
        InputRequired(_("How many evenings?")), NumberRange(1, 100, _("Between 1 and 100."))])
    ranking = RadioField(_("Ladder by"), choices=_choices(RANKINGS), default="vp")
    tie_break = RadioField(_("Equal players are split by"), choices=_choices(TIE_BREAKS), default="best_evening")

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


class ImportForm(FlaskForm):
    pass


def _load(club, token: str) -> seasons.Season:
    season = seasons.club_season(get_db(), club.id, token)
    if season is None:
        abort(404)
    return season


def _same(name: str) -> str:
    return name


@bp.route("/director/<club:club_id>/seasons/new", methods=["GET", "POST"])
@director_only
def new(club, director):
    form = SeasonForm()
    if request.method == "GET":
        return render("seasons/new.html", form=form, club=club)
    rules = form.rules() if form.validate() else None
    if rules is None:
        return render("seasons/new.html", form=form, club=club, status=422)
    season = seasons.create_season(get_db(), club.id, name=form.name.data, rules=rules, director=director)
    flash(_("Season made. Add the club's evenings to it below, or choose it for the next evening."), "ok")
    return redirect(url_for("seasons.show", club_id=club.id, token=season.results_token), 303)


@bp.get("/director/<club:club_id>/seasons/<token>")
@director_only
def show(club, director, token: str):
    season = _load(club, token)
    db = get_db()
    evenings = seasons.evenings(db, season.id)
    others = [t for t in clubs.evenings(db, club.id) if t.season_id != season.id]
    return render("seasons/show.html", club=club, season=season, ladder=seasons.season_ladder(db, season),
                  evenings=evenings, others=others, link=season_link(season), shown=_same, counts=COUNTS,
                  rankings=RANKINGS, tie_breaks=TIE_BREAKS,
                  names={s.id: s.name for s in seasons.list_seasons(db, club.id)})


@bp.post("/director/<club:club_id>/seasons/<token>/evenings")
@director_only
def evenings(club, director, token: str):
    """Attach the evenings ticked (``evening``: their links) to the season, or detach them (``action``)."""
    season = _load(club, token)
    links = [link for link in request.form.getlist("evening") if link]
    back = redirect(url_for("seasons.show", club_id=club.id, token=season.results_token) + "#season-evenings", 303)
    if not links:
        flash(_("Tick the evenings first."), "error")
        return back
    try:
        if request.form.get("action") == "detach":
            moved = seasons.detach(get_db(), season, links, director=director)
            flash(ngettext("%(num)d evening taken out of the season.", "%(num)d evenings taken out of the season.",
                           len(moved)), "ok")
        else:
            moved = seasons.attach(get_db(), season, links, director=director)
            flash(ngettext("%(num)d evening added to the season.", "%(num)d evenings added to the season.",
                           len(moved)), "ok")
    except seasons.SeasonError as error:
        flash(str(SEASON_ERRORS[error.code]), "error")
    return back


@bp.post("/director/<club:club_id>/seasons/<token>/archive")
@director_only
def archive(club, director, token: str):
    season = _load(club, token)
    try:
        if request.form.get("action") == "reopen":
            seasons.reopen(get_db(), season.id, director=director)
            flash(_("The season is open again: its ladder follows its evenings."), "ok")
        else:
            seasons.archive(get_db(), season.id, director=director)
            flash(_("The season is archived: its ladder stays as it is now, and stays readable."), "ok")
    except seasons.SeasonError as error:
        flash(str(SEASON_ERRORS[error.code]), "error")
    return redirect(url_for("seasons.show", club_id=club.id, token=season.results_token), 303)


@bp.get("/director/<club:club_id>/seasons/<token>/ladder.pdf")
@director_only
def ladder_pdf(club, director, token: str):
    """The ladder with every name written out (the public one writes them as each player chose)."""
    return ladder_pdf_response(_load(club, token), _same)


# --- Moving a season between servers -------------------------------------------------------------------------


@bp.get("/director/<club:club_id>/seasons/<token>/export")
@director_only
def export(club, director, token: str):
    """The season with its evenings and players as one JSON file (season_transfer)."""
    season = _load(club, token)
    document = season_transfer.export_season(get_db(), season.id)
    response = Response(json.dumps(document, ensure_ascii=False, indent=1), mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="{season_transfer.file_name(season)}"'  # i18n: not for people
    return response


@bp.route("/director/<club:club_id>/seasons/import", methods=["GET", "POST"])
@director_only
def import_file(club, director):
    """A season file exported on another server, into this club: refused whole, with the reason, when it is not a
    season within the bounds of the forms (400; 413 over the size limit) or would duplicate what is here (409); it
    changes none of the players the club already has. Counted as a season made here (``limits.club_wait``)."""
    form = ImportForm()
    if request.method == "GET":
        return _import_page(form, club)
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return _import_page(form, club, error=_("Choose the season's file."), status=422)
    if wait := club_wait():
        return _import_page(form, club, status=429, error=too_many_made(wait))
    try:
        season_id = season_transfer.import_season(get_db(), upload.read(season_transfer.MAX_FILE_BYTES + 1), club.id,
                                                  director=director)
    except season_transfer.SeasonImportRefused as refused:
        status = {"too_large": 413, "duplicate": 409}.get(refused.code, 400)
        return _import_page(form, club, status=status, error=import_refusal(refused))
    flash(_("Season imported into the club, with its evenings and players."), "ok")
    return redirect(url_for("seasons.show", club_id=club.id,
                            token=seasons.get_season(get_db(), season_id).results_token), 303)


def _import_page(form, club, **values):
    """The import page, saying how large a file it reads."""
    return render("seasons/import.html", form=form, club=club, evenings=season_transfer.MAX_EVENINGS,
                  megabytes=season_transfer.MAX_FILE_BYTES // (1024 * 1024), **values)


def import_refusal(refused: season_transfer.SeasonImportRefused) -> str:
    most = season_transfer.MAX_FILE_BYTES
    return str(IMPORT_REFUSALS[refused.code]) % {"name": refused.name, "limit": refused.limit,
                                                 "megabytes": max(1, most // (1024 * 1024))}


@bp.errorhandler(413)
def too_large(error):
    """A request too large to read at all (werkzeug stops it before the view): the import page, saying why, to the
    club's director; the reason alone to anyone else."""
    refused = season_transfer.SeasonImportRefused("too_large")
    club_id = (request.view_args or {}).get("club_id")
    club = clubs.get_club(get_db(), club_id) if isinstance(club_id, int) else None
    if club is None or club_director(club.id) is None:
        return error_response(413, import_refusal(refused))
    return _import_page(ImportForm(formdata=None), club, status=413,
                  error=import_refusal(refused))
