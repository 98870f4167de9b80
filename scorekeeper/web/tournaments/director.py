"""The director's pages: a new tournament, signing in and out, entries, rounds, corrections and the log."""

from __future__ import annotations

from flask import abort, flash, redirect, request, session, url_for
from scorekeeper.rules.i18n import _, ngettext

from ...db import get_db
from wtforms.fields.choices import SelectChoice

from ...stores import rule_sets, seasons
from ...rules import DEFAULT_PROFILE, RulesError, get_profile, profile_options
from scorekeeper.stores.tournaments import access, base, log as tlog, play, records, results, rounds
from ...tournaments.rows import Table, Tournament
from ...stores.games import get_deal
from ...stores.summary import game_summary
from ..deal_path import read_deal, render_preview
from ..forms import deal_form, form_data_from_deal, option_text, whole_number
from ..limits import club_wait, too_many_tournaments
from ..devices import remember_tournament
from ..htmx import render
from ..season_words import SEASON_ERRORS
from ..club import club_director, offered_sets
from ..errors import error_response
from .common import (
    back_to, bp, by_id, director_name, director_only, director_token, entry_label, is_club_director, load, sign_in,
    sign_out,
)
from .forms import LoginForm, PasswordForm, ResultForm, chosen_options, tournament_form

WRONG_PASSWORD = _("Wrong password for this tournament's director.")


# --- A new tournament -------------------------------------------------------------------------------------


def _chosen_profile(values):
    """(profile, club rule set or None): one of the five, or a club's set of four at a table with its options."""
    found = _club_set(values.get("rules"))
    try:
        if found:
            return found.profile, found
        return get_profile(values.get("rules") or DEFAULT_PROFILE), None
    except RulesError:
        return get_profile(DEFAULT_PROFILE), None


def _club_sets(named=None) -> list:
    """The rule sets a tournament can use (those of the clubs this browser directs, and one asked for by id):
    four at a table, in two partnerships."""
    return [found for found in offered_sets(named) if found.profile.side_sizes == (2, 2)]


def _club_set(rules_id):
    named = rule_sets.by_id(get_db(), rules_id)
    return next((found for found in _club_sets(named) if found.id == rules_id), None)


@bp.route("/tournaments/new", methods=["GET", "POST"])
def new():
    values = request.form if request.method == "POST" else request.args
    profile, found = _chosen_profile(values)
    data = {f"opt_{o.name}": option_text(o, profile.option_values()[o.name]) for o in profile_options(profile)}
    form = tournament_form(profile, formdata=request.form if request.method == "POST" else None, data=data)
    form.rules.choices = [*form.rules.choices, *(SelectChoice(s.id, s.name) for s in _club_sets(found))]
    form.club_set = found
    if request.method == "GET":
        form.rules.data = found.id if found else profile.id
        return render("tournaments/new.html", "tournaments/_options.html", form=form)
    errors = []
    if form.validate():
        if form.round_end.data != "target" and not form.round_limit.data:
            form.round_limit.errors = [_("Give the minutes or deals of a round.")]
        elif wait := club_wait():
            errors.append(too_many_tournaments(wait))
            return render("tournaments/new.html", form=form, errors=errors, status=429)
        else:
            try:
                tournament_id = _create(form, profile)
            except (RulesError, ValueError) as error:
                errors.append(getattr(error, "message", str(error)))
            else:
                sign_in(tournament_id, "")
                remember_tournament(tournament_id)
                flash(_("Tournament created. You are signed in as its director on this device."), "ok")
                return redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)
    return render("tournaments/new.html", form=form, errors=errors, status=422)


def _create(form, profile, club_id: int | None = None) -> int:
    options, found = chosen_options(form, profile), form.club_set
    tournament_id = records.create_tournament(
        get_db(), name=form.name.data, date=form.date.data.isoformat(), rules=profile.id,
        options=options, format=form.format.data, rounds=form.rounds.data,
        round_end=form.round_end.data, round_limit=form.round_limit.data, scoring=form.scoring.data,
        password=form.password.data or None, club_id=club_id,
        rule_set={"key": found.key, "version": found.version, "name": found.name} if found else None,
    )
    return tournament_id


@bp.post("/tournaments/<tournament:tournament_id>/season")
@director_only
def season(tournament):
    """Count a club's evening in one of the club's seasons (``season``: the secret of its results link), or in
    none (empty). For the club's directors only: a one-off tournament has no season, and a visiting director
    (by the evening's password) does not choose the club's."""
    if not is_club_director(tournament):
        return error_response(403, _("Only a director of the evening's club chooses its season."))
    chosen = (request.form.get("season") or "").strip()
    db, director = get_db(), club_director(tournament.club_id)
    try:
        if chosen:
            found = seasons.club_season(db, tournament.club_id, chosen)
            if found is None:
                raise seasons.SeasonError("missing")
            seasons.attach(db, found, [tournament.link], director=director)
            flash(_("The tournament counts in the season %(name)s.", name=found.name), "ok")
        elif tournament.season_id:
            seasons.detach(db, seasons.get_season(db, tournament.season_id), [tournament.link], director=director)
            flash(_("The tournament counts in no season."), "ok")
    except seasons.SeasonError as error:
        flash(str(SEASON_ERRORS[error.code]), "error")
    return back_to(tournament, "#season")


# --- Signing in and out ------------------------------------------------------------------------------------


@bp.route("/tournaments/<tournament:tournament_id>/login", methods=["GET", "POST"])
def login(tournament_id: int):
    tournament = load(tournament_id)
    form = LoginForm()
    target = request.values.get("next") or ""
    home = url_for("tournaments.show", tournament_id=tournament_id)
    if not target.startswith(home):  # back to a page of this tournament only, by its link
        target = home
    if request.method == "GET":
        return render("tournaments/login.html", tournament=tournament, form=form, next=target)
    # Same message whatever was wrong; a refused CSRF token is answered before this view.
    client = request.remote_addr or "unknown"
    result = access.try_login(get_db(), tournament_id, client, form.password.data or "")
    if result.ok:
        session.pop("_flashes", None)
        sign_in(tournament_id, form.name.data or "")
        flash(_("Signed in as director."), "ok")
        return redirect(target, 303)
    if result.paused:
        return render("tournaments/login.html", tournament=tournament, form=form, next=target,
                      error=_paused_message(result.wait), status=429)
    if result.wait:
        message = WRONG_PASSWORD + " " + ngettext("Too many tries: wait %(num)d second before the next one.",
                                                  "Too many tries: wait %(num)d seconds before the next one.",
                                                  result.wait)
        return render("tournaments/login.html", tournament=tournament, form=form, next=target, error=message,
                      status=429)
    return render("tournaments/login.html", tournament=tournament, form=form, next=target, error=str(WRONG_PASSWORD),
                  status=422)


def _paused_message(wait: int) -> str:
    """Said while a client waits after too many wrong passwords: nothing was checked, so nothing is "wrong"."""
    if wait < 60:
        return ngettext("Signing in is paused after too many wrong passwords: try again in %(num)d second.",
                        "Signing in is paused after too many wrong passwords: try again in %(num)d seconds.", wait)
    minutes = -(-wait // 60)
    return ngettext("Signing in is paused after too many wrong passwords: try again in %(num)d minute.",
                    "Signing in is paused after too many wrong passwords: try again in %(num)d minutes.", minutes)


@bp.post("/tournaments/<tournament:tournament_id>/logout")
def logout(tournament_id: int):
    sign_out(tournament_id)
    flash(_("Signed out."), "ok")
    return redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)


@bp.route("/tournaments/<tournament:tournament_id>/password", methods=["GET", "POST"])
@director_only
def password(tournament):
    """Change the director's password; every other device signed in as director is signed out."""
    form = PasswordForm()
    if request.method == "GET" or not form.validate():
        return render("tournaments/password.html", tournament=tournament, form=form,
                      status=200 if request.method == "GET" else 422)
    changed = access.change_password(get_db(), tournament.id, form.current.data, form.password.data,
                                     keep=director_token(tournament.id), who=director_name(tournament.id))
    if not changed:
        form.current.errors = [_("That is not the current password.")]
        return render("tournaments/password.html", tournament=tournament, form=form, status=422)
    flash(_("Password changed. Every other device signed in as director has been signed out."), "ok")
    return back_to(tournament)


# --- Corrections and the log ---------------------------------------------------------------------------------


def _load_table(tournament: Tournament, table_id: int) -> Table:
    table = rounds.get_table(get_db(), tournament.id, table_id)
    if table is None:
        abort(404)
    return table


def _back_to_round(table: Table, message: str):
    flash(message, "ok")
    return redirect(url_for("tournaments.round_page", tournament_id=table.tournament_id,
                            number=table.round_number), 303)


@bp.route("/tournaments/<tournament:tournament_id>/tables/<int:table_id>/result", methods=["GET", "POST"])
@director_only
def result(tournament, table_id: int):
    db = get_db()
    table = _load_table(tournament, table_id)
    status = results.table_status(db, table)
    entries = by_id(records.list_entries(db, tournament.id))
    form = ResultForm(data=None if request.method == "POST" else {
        "kind": status.kind or "corrected", "we": status.we, "they": status.they})
    context = {"tournament": tournament, "table": table, "state": status, "form": form,
               "we_name": entry_label(entries, table.we_entries),
               "they_name": entry_label(entries, table.they_entries)}
    if request.method == "GET":
        return render("tournaments/result.html", **context)
    who = director_name(tournament.id)
    where = _("Table %(number)s of round %(round_number)s", number=table.number, round_number=table.round_number)
    try:
        if request.form.get("action") == "clear":
            results.clear_result(db, table, reason=request.form.get("reason") or "", who=who)
            return _back_to_round(table, _("%(where)s counts the game's own score again.", where=where))
        if not form.validate():
            return render("tournaments/result.html", status=422, **context)
        results.set_result(db, table, kind=form.kind.data, we=form.we.data, they=form.they.data,
                           reason=form.reason.data, who=who)
    except base.TournamentError as error:
        return render("tournaments/result.html", error=error.message, status=422, **context)
    return _back_to_round(table, _("%(where)s: result saved and logged.", where=where))


@bp.post("/tournaments/<tournament:tournament_id>/tables/<int:table_id>/settle")
@director_only
def settle(tournament, table_id: int):
    """The director has dealt with a table's disagreement: the dispute ends, with the decision in the log."""
    table = _load_table(tournament, table_id)
    try:
        play.settle(get_db(), table, request.form.get("reason", ""), who=director_name(tournament.id))
    except base.TournamentError as error:
        flash(str(error.message), "error")
        return redirect(url_for("tournaments.result", tournament_id=tournament.id, table_id=table_id), 303)
    return _back_to_round(table, _("Table %(number)s: the dispute is settled and logged.", number=table.number))


@bp.route("/tournaments/<tournament:tournament_id>/tables/<int:table_id>/deals/<int:deal_id>", methods=["GET", "POST"])
@director_only
def correct_deal(tournament, table_id: int, deal_id: int):
    """The director corrects one deal of a table (not only the table's total); logged with the reason."""
    db = get_db()
    table = _load_table(tournament, table_id)
    summary = game_summary(db, table.game_id)
    deal = get_deal(db, table.game_id, deal_id)
    if deal is None:
        abort(404)
    context = {"tournament": tournament, "table": table, "deal": deal, "summary": summary, "error": None}
    if request.method == "GET":
        data = form_data_from_deal(summary.profile, summary.game, deal)
        form = deal_form(summary.profile, summary.game, "totals", data=data)
        return render("tournaments/deal.html", form=form, errors={}, **context)
    reading = read_deal(summary, request.form, "totals", deal_id=deal_id)
    if reading.errors or reading.sides is None:
        return render("tournaments/deal.html", form=reading.form, errors=reading.errors, status=422, **context)
    try:
        play.correct_deal(db, table, deal_id, reading.sides, reason=request.form.get("reason", ""),
                          who=director_name(tournament.id), summary=summary, result=reading.result)
    except base.TournamentError as error:
        context["error"] = error.message
        return render("tournaments/deal.html", form=reading.form, errors={}, status=422, **context)
    return _back_to_round(table, _("Table %(number)s: deal %(deal)s corrected and logged.", number=table.number,
                                   deal=deal.seq))


@bp.post("/tournaments/<tournament:tournament_id>/tables/<int:table_id>/deals/<int:deal_id>/preview")
@director_only
def correction_preview(tournament, table_id: int, deal_id: int):
    """The live preview of the director's correction, scored on the totals before that deal."""
    table = _load_table(tournament, table_id)
    summary = game_summary(get_db(), table.game_id)
    if summary.row_of(deal_id) is None:
        abort(404)
    return render_preview(summary, request.form, deal_id=deal_id)


@bp.get("/tournaments/<tournament:tournament_id>/log")
@director_only
def log(tournament):
    """The log as sentences, filtered by round and table (``?round=2&table=3``)."""
    db = get_db()
    round_filter = whole_number(request.args.get("round"), below=100_000)
    table_filter = whole_number(request.args.get("table"), below=100_000)
    items = tlog.list_log(db, tournament.id, round_number=round_filter, table_number=table_filter)
    numbers = sorted({t.number for t in rounds.list_tables(db, tournament.id)})
    return render("tournaments/log.html", tournament=tournament, items=items, rounds=rounds.list_rounds(
        db, tournament.id), table_numbers=numbers, round_filter=round_filter, table_filter=table_filter)

