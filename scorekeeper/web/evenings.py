"""A club's next evening from its template (issue 30): the form starts from the club's rules or rule set, format,
rounds, how a round ends and its limit, scoring and season, with last evening's partnerships filled in to edit
rather than type again. From the director area that is three clicks: *New evening*, *Create the evening*, then
*Start round 1* on the evening's page. The evening is the club's: its directors direct it, and a password is only
for a visiting director."""

from __future__ import annotations

from datetime import date as date_type

from flask import Blueprint, flash, redirect, request, url_for
from scorekeeper.rules.i18n import _
from wtforms.fields.choices import SelectChoice

from ..db import get_db
from ..i18n import format_when
from ..rules import DEFAULT_PROFILE, PROFILES, RulesError, get_profile, profile_options
from ..stores import clubs, rule_sets, seasons
from scorekeeper.stores.tournaments import base, records
from .club import director_only
from .devices import remember_tournament
from .forms import option_text
from .htmx import render
from .season_words import SEASON_ERRORS
from .tournaments.forms import ClubEveningBase, chosen_options, tournament_form

bp = Blueprint("evenings", __name__)

#: Empty rows for new partnerships under last evening's, and the most rows the form takes.
NEW_ROWS, MOST_ROWS = 4, 80


def _sets(club) -> list[rule_sets.RuleSet]:
    """The club's own rule sets an evening can use: four at a table, in two partnerships."""
    return [s for s in rule_sets.latest(get_db(), club.id) if s.profile.side_sizes == (2, 2)]


def _profile(club, rules_id: str):
    """(profile, the club's set or None) for the rules chosen: one of the profiles, or one of the club's sets."""
    found = next((s for s in _sets(club) if s.id == rules_id), None)
    if found:
        return found.profile, found
    return get_profile(rules_id if rules_id in PROFILES else DEFAULT_PROFILE), None


def _rows(last: list[list[str]]) -> list[list[str]]:
    """The partnership rows: as posted, else (a new form) last evening's with room for new ones."""
    if request.method == "POST":
        values = request.form
        return [[values.get(f"entry-{n}-1", ""), values.get(f"entry-{n}-2", "")] for n in range(MOST_ROWS)
                if f"entry-{n}-1" in values or f"entry-{n}-2" in values]
    return [list(players) + [""] * (2 - len(players)) for players in last] + [["", ""]] * NEW_ROWS


def _entries(rows: list[list[str]], format: str) -> tuple[list[list[str]], str | None]:
    """The entries the rows make (blank rows left out), or the reason they cannot: a partnership needs two names."""
    entries = []
    for first, second in rows:
        names = [records.entry_name(first), records.entry_name(second)] if format == "pairs" else \
            [records.entry_name(first)]
        names = [n for n in names if n]
        if not names:
            continue
        if format == "pairs" and len(names) != 2:
            return [], _("A partnership needs both names: “%(name)s” has no partner.", name=names[0])
        entries.append(names)
    return entries, None


def _form(club, values):
    template = club.template
    rules_id = values.get("rules") or template["rules"]
    profile, found = _profile(club, rules_id)
    open_seasons = [s for s in seasons.list_seasons(get_db(), club.id) if not s.archived]
    season_token = next((s.results_token for s in open_seasons if s.id == template.get("season")), "")
    data = {f"opt_{o.name}": option_text(o, profile.option_values()[o.name]) for o in profile_options(profile)}
    today = date_type.today()
    data.update(name=_("%(club)s, %(date)s", club=club.name, date=format_when(today, "date")), date=today,
                rules=found.id if found else profile.id, format=template["format"], rounds=template["rounds"],
                round_end=template["round_end"], round_limit=template["round_limit"], scoring=template["scoring"],
                season=season_token)
    form = tournament_form(profile, formdata=request.form if request.method == "POST" else None, data=data,
                           base=ClubEveningBase)
    form.rules.choices = [*form.rules.choices, *(SelectChoice(s.id, s.name) for s in _sets(club))]
    form.season.choices = [("", _("None"))] + [(s.results_token, s.name) for s in open_seasons]
    if request.method == "GET":
        form.rules.data = found.id if found else profile.id
    form.club_set = found
    return form, profile


@bp.route("/director/<club:club_id>/evenings/new", methods=["GET", "POST"])
@director_only
def new(club, director):
    values = request.form if request.method == "POST" else request.args
    form, profile = _form(club, values)
    last = clubs.last_evening(get_db(), club.id)
    rows = _rows([list(e.players) for e in records.list_entries(get_db(), last.id)] if last else [])
    context = {"form": form, "club": club, "rows": rows, "action": url_for("evenings.new", club_id=club.id)}
    if request.method == "GET":
        return render("tournaments/new.html", "tournaments/_options.html", **context)
    errors = []
    if form.validate():
        entries, problem = _entries(rows, form.format.data)
        if form.round_end.data != "target" and not form.round_limit.data:
            form.round_limit.errors = [_("Give the minutes or deals of a round.")]
        elif problem:
            errors.append(problem)
        else:
            try:
                tournament_id = _create(club, director, form, profile, entries)
            except (RulesError, ValueError, base.TournamentError, seasons.SeasonError) as error:
                errors.append(str(SEASON_ERRORS[error.code]) if isinstance(error, seasons.SeasonError)
                              else getattr(error, "message", str(error)))
            else:
                remember_tournament(tournament_id)
                flash(_("Evening made. Start its first round when the players are seated."), "ok")
                return redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)
    return render("tournaments/new.html", errors=errors, status=422, **context)


def _create(club, director, form, profile, entries: list[list[str]]) -> int:
    options, found = chosen_options(form, profile), form.club_set
    season = seasons.club_season(get_db(), club.id, form.season.data) if form.season.data else None
    if form.season.data and season is None:
        raise seasons.SeasonError("missing")
    settings = {"name": form.name.data, "date": form.date.data.isoformat(), "rules": profile.id, "options": options,
                "format": form.format.data, "rounds": form.rounds.data, "round_end": form.round_end.data,
                "round_limit": form.round_limit.data, "scoring": form.scoring.data, "season": season,
                "template_rules": found.id if found else profile.id}
    return clubs.make_evening(get_db(), club, settings=settings, entries=entries, director=director,
                              password=form.password.data or None,
                              rule_set={"key": found.key, "version": found.version, "name": found.name} if found
                              else None)
