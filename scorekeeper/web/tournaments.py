"""Club tournaments: the director's pages, the table phones, live standings, exports.

Three kinds of visitor:

* anyone: the list, a tournament's overview, round seatings, standings, a player's games, the exports;
* the director, after signing in with the tournament's password (a flag per tournament in the session):
  entries, rounds, corrections, adjusted scores, the log, table cards with their codes;
* a table: whoever holds its secret link (or typed its short code) records that table's deals and confirms
  its score, only while its round is open.
"""

from __future__ import annotations

import csv
import io
from datetime import date as date_type
from functools import wraps
from urllib.parse import urlsplit, urlunsplit

import segno
from flask import Blueprint, Response, abort, flash, redirect, request, session, url_for
from flask_wtf import FlaskForm
from wtforms import DateField, IntegerField, PasswordField, RadioField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import EqualTo, InputRequired, Length, NumberRange, Optional

from .. import store as game_store
from ..db import get_db
from ..netinfo import lan_addresses
from ..rules import PROFILES, RulesError, get_profile, profile_options
from ..tournaments import store
from ..tournaments.standings import SIT_OUT_VP, TIE_BREAK_LABELS, TIE_BREAKS, VP_TOTAL, vp_bands
from . import error_response
from .forms import deal_form, error_map, option_field, option_value, read_version, sides_from_deal_form
from .htmx import render

bp = Blueprint("tournaments", __name__)

WRONG_PASSWORD = "Wrong password for this tournament's director."
#: How often the projector and the table phones ask for fresh figures.
STANDINGS_POLL_SECONDS = 15
TABLE_POLL_SECONDS = 20


# --- Helpers -------------------------------------------------------------------------------------------


def load(tournament_id: int) -> dict:
    tournament = store.get_tournament(get_db(), tournament_id)
    if tournament is None:
        abort(404)
    return tournament


def is_director(tournament_id: int) -> bool:
    return str(tournament_id) in session.get("tournament_director", {})


def director_name(tournament_id: int) -> str:
    name = session.get("tournament_director", {}).get(str(tournament_id)) or ""
    return f"director {name}".strip() if name else "director"


def sign_in(tournament_id: int, name: str) -> None:
    directors = dict(session.get("tournament_director", {}))
    directors[str(tournament_id)] = name.strip()[:40]
    session["tournament_director"] = directors


def director_only(view):
    """The view runs for the signed-in director; others are sent to sign in (GET) or refused."""

    @wraps(view)
    def wrapped(tournament_id: int, *args, **kwargs):
        tournament = load(tournament_id)
        if not is_director(tournament_id):
            if request.method == "GET":
                return redirect(url_for("tournaments.login", tournament_id=tournament_id, next=request.path), 303)
            return error_response(403, "Only the tournament director can do that. Sign in as director first.")
        return view(tournament, *args, **kwargs)

    return wrapped


def phone_url(path: str) -> str:
    """An absolute address of ``path`` that a phone in the room can open.

    When the director's laptop opened the app as localhost, the phones need its address on the Wi-Fi.
    """
    parts = urlsplit(request.host_url)
    host = parts.hostname or "localhost"
    if host in ("localhost", "127.0.0.1", "::1"):
        addresses = lan_addresses()
        if addresses:
            netloc = addresses[0] + (f":{parts.port}" if parts.port else "")
            parts = parts._replace(netloc=netloc)
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def qr_data_uri(url: str) -> str:
    return segno.make(url, error="m").svg_data_uri(scale=4, border=2, dark="#000", light="#fff")


def entry_label(entries: dict[int, dict], ids) -> str:
    return " & ".join(entries[i]["name"] for i in ids if i in entries)


def back_to(tournament: dict, anchor: str = ""):
    return redirect(url_for("tournaments.show", tournament_id=tournament["id"]) + anchor, 303)


# --- Forms ---------------------------------------------------------------------------------------------


def _choices(labels: dict[str, str]) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in labels.items()]



class TournamentBase(FlaskForm):
    name = StringField("Name", validators=[InputRequired("Give the tournament a name."), Length(max=80)])
    date = DateField("Date", validators=[InputRequired("Give the date.")], default=date_type.today)
    rules = RadioField("Rules", choices=[SelectChoice(pid, p.name) for pid, p in PROFILES.items()], default="bicycle")
    format = RadioField("Format", choices=_choices(store.FORMATS), default="pairs")
    rounds = IntegerField("Rounds", default=4, validators=[
        InputRequired("How many rounds?"), NumberRange(1, 30, "Between 1 and 30 rounds.")])
    round_end = RadioField("A round ends", choices=_choices(store.ROUND_ENDS), default="minutes")
    round_limit = IntegerField("Minutes or deals per round", default=45, validators=[
        Optional(), NumberRange(1, 600, "Between 1 and 600.")])
    scoring = RadioField("Standings by", choices=_choices(store.SCORINGS), default="points")
    password = PasswordField("Director's password", validators=[
        InputRequired("Choose a password for the director."), Length(min=6, max=128, message="At least 6 characters.")])
    password_again = PasswordField("The password again", validators=[EqualTo("password", "The two passwords differ.")])


def tournament_form(profile, formdata=None):
    attrs = {f"opt_{o.name}": option_field(o) for o in profile_options(profile)}
    cls = type("TournamentForm", (TournamentBase,), attrs)
    form = cls(formdata=formdata)
    form.option_list = profile_options(profile)
    form.profile = profile
    return form


class LoginForm(FlaskForm):
    name = StringField("Your name (for the log)", validators=[Optional(), Length(max=40)])
    password = PasswordField("Director's password")


class EntryForm(FlaskForm):
    player1 = StringField("Player", validators=[Optional(), Length(max=40)])
    player2 = StringField("Partner", validators=[Optional(), Length(max=40)])


#: A director's total for a side: far past any game's score, and always a number SQLite can store.
RESULT_MAX = 999_999
RESULT_RANGE = f"A total between -{RESULT_MAX:,} and {RESULT_MAX:,}."


class ResultForm(FlaskForm):
    kind = RadioField("What is it", choices=[
        SelectChoice("corrected", "Correction: the score entered was wrong"),
        SelectChoice("adjusted", "Adjusted score: the table could not finish"),
    ], default="corrected")
    we = IntegerField("North-South total", validators=[
        InputRequired("Give North-South's total."), NumberRange(-RESULT_MAX, RESULT_MAX, RESULT_RANGE)])
    they = IntegerField("East-West total", validators=[
        InputRequired("Give East-West's total."), NumberRange(-RESULT_MAX, RESULT_MAX, RESULT_RANGE)])
    reason = StringField("Reason", validators=[InputRequired("Give the reason; it goes in the log."),
                                               Length(max=300)])


# --- The list and a new tournament ---------------------------------------------------------------------


@bp.get("/tournaments/")
def index():
    return render("tournaments/index.html", tournaments=store.list_tournaments(get_db()),
                  formats=store.FORMATS)


def _chosen_profile(values):
    try:
        return get_profile(values.get("rules") or "bicycle")
    except RulesError:
        return get_profile("bicycle")


@bp.route("/tournaments/new", methods=["GET", "POST"])
def new():
    values = request.form if request.method == "POST" else request.args
    profile = _chosen_profile(values)
    form = tournament_form(profile, formdata=request.form if request.method == "POST" else None)
    if request.method == "GET":
        form.rules.data = profile.id
        return render("tournaments/new.html", "tournaments/_options.html", form=form)
    errors = []
    if form.validate():
        if form.round_end.data != "target" and not form.round_limit.data:
            form.round_limit.errors = ["Give the minutes or deals of a round."]
        else:
            try:
                options = {o.name: option_value(o, form[f"opt_{o.name}"].data) for o in form.option_list}
                # Only what differs from the profile is kept, so the game pages show the club's choices.
                defaults = profile.option_values()
                options = {k: v for k, v in options.items() if defaults.get(k) != v}
                tournament_id = store.create_tournament(
                    get_db(), name=form.name.data, date=form.date.data.isoformat(), rules=profile.id,
                    options=options, format=form.format.data, rounds=form.rounds.data,
                    round_end=form.round_end.data, round_limit=form.round_limit.data, scoring=form.scoring.data,
                    password=form.password.data,
                )
            except (RulesError, ValueError) as error:
                errors.append(getattr(error, "message", str(error)))
            else:
                sign_in(tournament_id, "")
                flash("Tournament created. You are signed in as its director on this device.", "ok")
                return redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)
    return render("tournaments/new.html", form=form, errors=errors, status=422)


# --- The director signs in ---------------------------------------------------------------------------------


@bp.route("/tournaments/<int:tournament_id>/login", methods=["GET", "POST"])
def login(tournament_id: int):
    tournament = load(tournament_id)
    form = LoginForm()
    target = request.values.get("next") or ""
    if not target.startswith(f"/tournaments/{tournament_id}"):
        target = url_for("tournaments.show", tournament_id=tournament_id)
    if request.method == "GET":
        return render("tournaments/login.html", tournament=tournament, form=form, next=target)
    # Same message whatever was wrong; a refused CSRF token is answered before this view.
    client = request.remote_addr or "unknown"
    result = store.try_login(get_db(), tournament_id, client, form.password.data or "")
    if result.ok:
        session.pop("_flashes", None)
        sign_in(tournament_id, form.name.data or "")
        flash("Signed in as director.", "ok")
        return redirect(target, 303)
    if result.wait:
        message = (f"{WRONG_PASSWORD} Too many tries: wait {result.wait} second"
                   f"{'s' if result.wait != 1 else ''} before the next one.")
        return render("tournaments/login.html", tournament=tournament, form=form, next=target, error=message,
                      status=429)
    return render("tournaments/login.html", tournament=tournament, form=form, next=target, error=WRONG_PASSWORD,
                  status=422)


@bp.post("/tournaments/<int:tournament_id>/logout")
def logout(tournament_id: int):
    directors = dict(session.get("tournament_director", {}))
    directors.pop(str(tournament_id), None)
    session["tournament_director"] = directors
    flash("Signed out.", "ok")
    return redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)


# --- The overview ------------------------------------------------------------------------------------------


def _round_tables(db, tournament: dict, number: int, entries: dict[int, dict]) -> list[dict]:
    """The tables of a round with their names, score and confirmations, and where everyone goes next."""
    rows = []
    for table in store.list_tables(db, tournament["id"], number):
        status = store.table_status(db, table)
        rows.append({
            "table": table,
            "status": status,
            "we_name": entry_label(entries, table["we_entries"]),
            "they_name": entry_label(entries, table["they_entries"]),
        })
    return rows


def _next_moves(db, tournament: dict, number: int) -> dict[int, int | None]:
    """Entry -> table in the following round (the real one if started, else the planned one)."""
    following = store.get_round(db, tournament["id"], number + 1)
    if following is not None:
        seats = {}
        for t in store.list_tables(db, tournament["id"], number + 1):
            for e in t["we_entries"] + t["they_entries"]:
                seats[e] = t["number"]
        return seats
    latest = store.latest_round(db, tournament["id"])
    if latest is None or latest["number"] != number:
        return {}
    plan = store.preview_next(db, tournament)
    if plan is None:
        return {}
    return {e: t.table for t in plan.tables for e in t.entries}


@bp.get("/tournaments/<int:tournament_id>")
def show(tournament_id: int):
    tournament = load(tournament_id)
    db = get_db()
    entries = store.list_entries(db, tournament_id)
    rounds = store.list_rounds(db, tournament_id)
    current = store.current_round(db, tournament_id)
    by_id = {e["id"]: e for e in entries}
    tables = _round_tables(db, tournament, current["number"], by_id) if current else []
    return render(
        "tournaments/show.html", tournament=tournament, entries=entries, rounds=rounds, current=current,
        tables=tables, director=is_director(tournament_id), profile=store.profile_of(tournament),
        entry_form=EntryForm(), can_start=_can_start(tournament, rounds, current, entries),
        formats=store.FORMATS, round_ends=store.ROUND_ENDS, scorings=store.SCORINGS,
    )


def _can_start(tournament, rounds, current, entries) -> bool:
    active = sum(1 for e in entries if e["active"])
    return (tournament["status"] != "finished" and current is None and len(rounds) < tournament["rounds"]
            and active >= store.minimum_entries(tournament))


# --- Entries -----------------------------------------------------------------------------------------------


@bp.post("/tournaments/<int:tournament_id>/entries")
@director_only
def add_entry(tournament):
    form = EntryForm()
    names = [form.player1.data or ""]
    if tournament["format"] == "pairs":
        names.append(form.player2.data or "")
    try:
        store.add_entry(get_db(), tournament["id"], names, who=director_name(tournament["id"]))
    except store.TournamentError as error:
        flash(error.message, "error")
    else:
        flash(f"{' & '.join(n.strip() for n in names)} entered.", "ok")
    return back_to(tournament, "#entries")


@bp.post("/tournaments/<int:tournament_id>/entries/<int:entry_id>/withdraw")
@director_only
def withdraw(tournament, entry_id: int):
    return _set_active(tournament, entry_id, False)


@bp.post("/tournaments/<int:tournament_id>/entries/<int:entry_id>/return")
@director_only
def reinstate(tournament, entry_id: int):
    return _set_active(tournament, entry_id, True)


def _set_active(tournament, entry_id: int, active: bool):
    try:
        store.set_entry_active(get_db(), tournament["id"], entry_id, active, who=director_name(tournament["id"]))
    except store.TournamentError as error:
        return error_response(404, error.message)
    flash("Back in from the next round." if active else "Withdrawn: not seated from the next round.", "ok")
    return back_to(tournament, "#entries")


# --- Rounds ------------------------------------------------------------------------------------------------


@bp.post("/tournaments/<int:tournament_id>/rounds")
@director_only
def start_round(tournament):
    try:
        number = store.start_round(get_db(), tournament["id"], who=director_name(tournament["id"]))
    except store.TournamentError as error:
        flash(error.message, "error")
        return back_to(tournament)
    flash(f"Round {number} started. Give each table its card or code.", "ok")
    return redirect(url_for("tournaments.round_page", tournament_id=tournament["id"], number=number), 303)


@bp.post("/tournaments/<int:tournament_id>/round/<int:number>/close")
@director_only
def close_round(tournament, number: int):
    db = get_db()
    current = store.current_round(db, tournament["id"])
    if current is None or current["number"] != number:
        flash(f"Round {number} is not the round being played.", "error")
        return back_to(tournament)
    store.close_round(db, tournament["id"], who=director_name(tournament["id"]))
    flash(f"Round {number} closed: its games are locked and count in the standings.", "ok")
    if request.form.get("then") == "next":
        return start_round.__wrapped__(tournament)
    return back_to(tournament)


@bp.post("/tournaments/<int:tournament_id>/finish")
@director_only
def finish(tournament):
    store.finish_tournament(get_db(), tournament["id"], who=director_name(tournament["id"]))
    flash("The tournament is over. The standings are final.", "ok")
    return redirect(url_for("tournaments.standings", tournament_id=tournament["id"]), 303)


@bp.get("/tournaments/<int:tournament_id>/round/<int:number>")
def round_page(tournament_id: int, number: int):
    tournament = load(tournament_id)
    db = get_db()
    round_row = store.get_round(db, tournament_id, number)
    if round_row is None:
        abort(404)
    entries = {e["id"]: e for e in store.list_entries(db, tournament_id)}
    director = is_director(tournament_id)
    tables = _round_tables(db, tournament, number, entries)
    if director:
        for row in tables:
            row["url"] = phone_url(url_for("tournaments.table", token=row["table"]["token"]))
            row["qr"] = qr_data_uri(row["url"])
    moves = _next_moves(db, tournament, number)
    seats = []
    for row in tables:
        for side, ids in (("North-South", row["table"]["we_entries"]), ("East-West", row["table"]["they_entries"])):
            for e in ids:
                seats.append({"entry": entries[e], "table": row["table"]["number"], "side": side,
                              "next": moves.get(e)})
    for e in round_row["sit_out"]:
        seats.append({"entry": entries[e], "table": None, "side": "Sits out", "next": moves.get(e)})
    seats.sort(key=lambda s: s["entry"]["number"])
    return render("tournaments/round.html", tournament=tournament, round=round_row, tables=tables, seats=seats,
                  director=director, entries=entries, has_next=bool(moves),
                  clock=store.round_clock(tournament, round_row))


# --- Corrections and the log ---------------------------------------------------------------------------------


def _load_table(tournament: dict, table_id: int) -> dict:
    table = store.get_table(get_db(), tournament["id"], table_id)
    if table is None:
        abort(404)
    return table


@bp.route("/tournaments/<int:tournament_id>/tables/<int:table_id>/result", methods=["GET", "POST"])
@director_only
def result(tournament, table_id: int):
    db = get_db()
    table = _load_table(tournament, table_id)
    status = store.table_status(db, table)
    entries = {e["id"]: e for e in store.list_entries(db, tournament["id"])}
    form = ResultForm(data=None if request.method == "POST" else {
        "kind": status["kind"] or "corrected", "we": status["we"], "they": status["they"]})
    context = {"tournament": tournament, "table": table, "state": status, "form": form,
               "we_name": entry_label(entries, table["we_entries"]),
               "they_name": entry_label(entries, table["they_entries"])}
    if request.method == "GET":
        return render("tournaments/result.html", **context)
    if request.form.get("action") == "clear":
        try:
            store.clear_result(db, table, reason=request.form.get("reason") or "", who=director_name(tournament["id"]))
        except store.TournamentError as error:
            return render("tournaments/result.html", error=error.message, status=422, **context)
        flash(f"Table {table['number']} of round {table['round_number']} counts the game's own score again.", "ok")
        return redirect(url_for("tournaments.round_page", tournament_id=tournament["id"],
                                number=table["round_number"]), 303)
    if not form.validate():
        return render("tournaments/result.html", status=422, **context)
    try:
        store.set_result(db, table, kind=form.kind.data, we=form.we.data, they=form.they.data,
                         reason=form.reason.data, who=director_name(tournament["id"]))
    except store.TournamentError as error:
        return render("tournaments/result.html", error=error.message, status=422, **context)
    flash(f"Table {table['number']} of round {table['round_number']}: result saved and logged.", "ok")
    return redirect(url_for("tournaments.round_page", tournament_id=tournament["id"],
                            number=table["round_number"]), 303)


@bp.get("/tournaments/<int:tournament_id>/log")
@director_only
def log(tournament):
    return render("tournaments/log.html", tournament=tournament, items=store.list_log(get_db(), tournament["id"]))


# --- Standings and players -------------------------------------------------------------------------------


def _standings_context(tournament: dict) -> dict:
    db = get_db()
    results = store.results(db, tournament["id"])
    rounds = store.list_rounds(db, tournament["id"])
    closed = sum(1 for r in rounds if r["status"] == "closed")
    current = store.current_round(db, tournament["id"])
    return {
        "tournament": tournament, "results": results, "standings": results.standings, "closed": closed,
        "current": current, "bands": vp_bands(), "tie_breaks": [TIE_BREAK_LABELS[k] for k in
                                                                TIE_BREAKS[tournament["scoring"]]],
        "sit_out_vp": SIT_OUT_VP, "vp_total": VP_TOTAL, "poll": STANDINGS_POLL_SECONDS,
        "clock": store.round_clock(tournament, current) if current else None,
    }


@bp.get("/tournaments/<int:tournament_id>/standings")
def standings(tournament_id: int):
    tournament = load(tournament_id)
    return render("tournaments/standings.html", "tournaments/_standings.html", **_standings_context(tournament))


@bp.get("/tournaments/<int:tournament_id>/players/<int:entry_id>")
def entry(tournament_id: int, entry_id: int):
    tournament = load(tournament_id)
    context = _standings_context(tournament)
    line = next((s for s in context["standings"] if s.entry == entry_id), None)
    if line is None:
        abort(404)
    entries = context["results"].entries
    return render("tournaments/entry.html", line=line, entry=entries[entry_id], entries=entries,
                  label=lambda ids: entry_label(entries, ids), **context)


@bp.get("/tournaments/<int:tournament_id>/results.csv")
def results_csv(tournament_id: int):
    tournament = load(tournament_id)
    results = store.results(get_db(), tournament_id)
    kinds = {(t["round_number"], t["number"]): t["status"] for t in results.tables}
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["place", "entry", "name", "round", "table", "partners", "opponents", "points", "against",
                     "difference", "won", "vp", "result_kind", "total_points", "total_won", "total_vp"])
    for line in results.standings:
        place = f"{line.place}=" if line.shared else str(line.place)
        number = results.entries[line.entry]["number"]
        for game in line.games:
            status = kinds.get((game.round, game.table))
            writer.writerow([
                place, number, line.name, game.round, game.table if game.table else "sit-out",
                entry_label(results.entries, game.partners), entry_label(results.entries, game.opponents),
                game.points, game.against, game.points - game.against, game.won, game.vp,
                (status["kind"] or ("confirmed" if status["confirmed"] else "unconfirmed")) if status else "sit-out",
                line.points, line.won, line.vp,
            ])
        if not line.games:
            writer.writerow([place, number, line.name, "", "", "", "", 0, 0, 0, 0, 0, "", 0, 0, 0])
    response = Response(out.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="tournament-{tournament_id}-results.csv"'
    return response


# --- PDF sheets --------------------------------------------------------------------------------------------


@bp.get("/tournaments/<int:tournament_id>/round/<int:number>/cards.pdf")
@director_only
def cards_pdf(tournament, number: int):
    from ..sheets import UnknownPaper, paper_from, pdf_response, render_pdf

    db = get_db()
    round_row = store.get_round(db, tournament["id"], number)
    if round_row is None:
        abort(404)
    try:
        paper = paper_from(request.args)
    except UnknownPaper as error:
        return error_response(400, str(error))
    entries = {e["id"]: e for e in store.list_entries(db, tournament["id"])}
    tables = _round_tables(db, tournament, number, entries)
    for row in tables:
        row["url"] = phone_url(url_for("tournaments.table", token=row["table"]["token"]))
        row["qr"] = qr_data_uri(row["url"])
    pdf = render_pdf("tournaments/pdf/table_cards.html", paper=paper, tournament=tournament, round=round_row,
                     tables=tables, entries=entries, profile=store.profile_of(tournament),
                     join_url=phone_url(url_for("tournaments.join")))
    return pdf_response(pdf, f"tournament-{tournament['id']}-round-{number}-table-cards-{paper}.pdf")


@bp.get("/tournaments/<int:tournament_id>/results.pdf")
def results_pdf(tournament_id: int):
    from ..sheets import UnknownPaper, paper_from, pdf_response, render_pdf

    tournament = load(tournament_id)
    try:
        paper = paper_from(request.args)
    except UnknownPaper as error:
        return error_response(400, str(error))
    context = _standings_context(tournament)
    entries = context["results"].entries
    pdf = render_pdf("tournaments/pdf/results.html", paper=paper, profile=store.profile_of(tournament),
                     label=lambda ids: entry_label(entries, ids), **context)
    return pdf_response(pdf, f"tournament-{tournament_id}-results-{paper}.pdf")


# --- The table phone ---------------------------------------------------------------------------------------


@bp.get("/tournaments/join")
def join():
    """Open a table by its short code (the form on the tournaments page, or ?code=)."""
    code = (request.args.get("code") or "").strip()
    if not code:
        return render("tournaments/join.html")
    table, wait = store.join_table(get_db(), code, request.remote_addr or "unknown")
    if wait:
        return render("tournaments/join.html", code=code, status=429,
                      error=f"Too many wrong codes from this phone: wait {wait} second{'s' if wait != 1 else ''} "
                            "before trying again.")
    if table is None:
        return render("tournaments/join.html", code=code, status=404,
                      error="No table of a round being played has that code. Check it on the table card.")
    return redirect(url_for("tournaments.table", token=table["token"]), 303)


def _load_by_token(token: str) -> dict:
    table = store.table_by_token(get_db(), token)
    if table is None:
        abort(404)
    return table


def _table_context(table: dict, form=None, **extra) -> dict:
    db = get_db()
    tournament = store.get_tournament(db, table["tournament_id"])
    entries = {e["id"]: e for e in store.list_entries(db, tournament["id"])}
    status = store.table_status(db, table)
    round_row = store.get_round(db, tournament["id"], table["round_number"])
    summary = status["summary"]
    is_open = round_row["status"] == "playing" and tournament["status"] != "finished"
    if form is None and is_open:
        form = deal_form(summary.profile, summary.game, "totals")
        form.version.data = str(status["version"])
    moves = _next_moves(db, tournament, table["round_number"])
    return {
        "tournament": tournament, "table": table, "state": status, "summary": summary, "round": round_row,
        "open": is_open, "form": form, "errors": extra.pop("errors", {}),
        "we_name": entry_label(entries, table["we_entries"]), "they_name": entry_label(entries, table["they_entries"]),
        "clock": store.round_clock(tournament, round_row, status), "poll": TABLE_POLL_SECONDS,
        "next_tables": {e: moves.get(e) for e in table["we_entries"] + table["they_entries"]},
        "entries": entries, **extra,
    }


@bp.get("/tournaments/table/<token>")
def table(token: str):
    table_row = _load_by_token(token)
    return render("tournaments/table.html", **_table_context(table_row))


@bp.get("/tournaments/table/<token>/status")
def table_status(token: str):
    """The part of the table page that refreshes itself: score, confirmations and the round's clock."""
    table_row = _load_by_token(token)
    return render("tournaments/_table_status.html", **_table_context(table_row))


@bp.post("/tournaments/table/<token>/deals")
def table_add_deal(token: str):
    db = get_db()
    table_row = _load_by_token(token)
    summary = game_store.game_summary(db, table_row["game_id"])
    form = deal_form(summary.profile, summary.game, "totals", formdata=request.form)
    if not store.round_is_open(db, table_row):
        return _refused_closed(table_row)
    form.validate()
    errors = error_map(form)
    errors.pop("version", None)
    errors.pop("mode", None)
    if errors:
        return render("tournaments/table.html", status=422, **_table_context(table_row, form, errors=errors))
    sides = sides_from_deal_form(form)
    who = (form.who.data or "").strip() or f"table {table_row['number']}"
    try:
        store.table_add_deal(db, table_row, sides, expected_version=read_version(form.version.data), who=who)
    except game_store.StaleGame:
        form.version.data = str(game_store.game_version(db, table_row["game_id"]))
        return render("tournaments/table.html", status=409, **_table_context(
            table_row, form, conflict="Another phone at this table saved a deal first. Check the score below, "
                                      "then save yours again if it is still missing."))
    except (game_store.GameOver, game_store.GameLocked) as error:
        return render("tournaments/table.html", status=409, **_table_context(table_row, form, conflict=error.message))
    except store.TournamentError:
        return _refused_closed(table_row)
    except RulesError as error:
        return render("tournaments/table.html", status=422,
                      **_table_context(table_row, form, errors=error_map(form, error)))
    flash("Deal saved.", "ok")
    return redirect(url_for("tournaments.table", token=token), 303)


@bp.post("/tournaments/table/<token>/undo")
def table_undo(token: str):
    db = get_db()
    table_row = _load_by_token(token)
    try:
        store.table_undo(db, table_row, expected_version=read_version(request.form.get("version")),
                         who=f"table {table_row['number']}")
    except store.TournamentError:
        return _refused_closed(table_row)
    except game_store.StaleGame:
        return render("tournaments/table.html", status=409, **_table_context(
            table_row, conflict="The score changed on another phone. Look at it again before undoing."))
    except game_store.NothingToUndo:
        flash("There is no deal to undo.", "error")
    else:
        flash("Last change undone.", "ok")
    return redirect(url_for("tournaments.table", token=token), 303)


@bp.post("/tournaments/table/<token>/confirm")
def confirm(token: str):
    db = get_db()
    table_row = _load_by_token(token)
    side = request.form.get("side", "")
    try:
        store.confirm(db, table_row, side, version=read_version(request.form.get("version")),
                      who=f"table {table_row['number']} {side}")
    except store.TournamentError as error:
        status = 409 if store.round_is_open(db, table_row) else 403
        return render("tournaments/table.html", "tournaments/_table_status.html", status=status,
                      **_table_context(table_row, conflict=error.message))
    return render("tournaments/table.html", "tournaments/_table_status.html",
                  **_table_context(_load_by_token(token), saved="Confirmed. Thank you."))


def _refused_closed(table_row: dict):
    return render("tournaments/table.html", status=403, **_table_context(
        table_row, conflict="This round is closed: the table's score can no longer change here. "
                            "Ask the director if it is wrong."))


@bp.app_template_filter("tournament_time")
def tournament_time(text: str | None) -> str:
    """A stored UTC time shown in the laptop's own time zone."""
    moment = store.parse_time(text)
    return moment.astimezone().strftime("%H:%M:%S") if moment else ""
