"""The table phone: open a table by its link or short code, record its deals, undo, confirm its score."""

from __future__ import annotations

from flask import abort, flash, make_response, redirect, request, url_for
from scorekeeper.rules.i18n import _, ngettext

from ...stores import club_tables
from ...stores.deals import replayed
from ...stores.errors import GameLocked, GameOver, NothingToUndo, StaleGame
from ...stores.games import game_version
from ...stores.summary import game_standing
from ...db import get_db
from ...rules import RulesError
from scorekeeper.stores import players
from scorekeeper.stores.tournaments import access, base, play, records, results, rounds, running
from ...tournaments.rows import Card, Table
from ..deal_path import read_deal, render_preview
from ..club_words import hidden_name
from ..devices import routed_table
from ..form_errors import error_map
from ..forms import deal_form, read_version, whole_number
from ..htmx import render
from ..keys import client_key
from .common import TABLE_POLL_SECONDS, bp, by_id, entry_label, load

CLOSED = _("This round is closed: the table's score can no longer change here. "
            "Ask the director if it is wrong.")


@bp.get("/tournaments/join")
def join():
    """Open a table by its number and the code on its card (the form on the tournaments page); a wrong code
    counts against each running tournament with a table of that number (``access.guess_limits``)."""
    return _join(None)


@bp.get("/tournaments/<tournament:tournament_id>/join")
def join_tournament(tournament_id: int):
    """The same, from one tournament's page: its guesses count against that tournament."""
    load(tournament_id)
    return _join(tournament_id)


def _join(tournament_id: int | None):
    number_text = (request.args.get("table") or "").strip()
    code = (request.args.get("code") or "").strip()
    context = {"code": code, "number": number_text, "tournament_id": tournament_id, "errors": {}}
    if not number_text and not code:
        return render("tournaments/join.html", **context)
    if not whole_number(number_text, below=1000):
        context["errors"]["table"] = _("Type the table's number, as printed on its card.")
    if not code:
        context["errors"]["code"] = _("Type the code printed on the table card.")
    if context["errors"]:
        return render("tournaments/join.html", status=422, **context)
    db = get_db()
    card, wait = access.join_table(db, code, request.remote_addr or "unknown", number=whole_number(number_text, below=1000),
                                   tournament_id=tournament_id,
                                   other=lambda typed, number: club_tables.join_card(db, typed, number))
    if wait:
        minutes = max(1, round(wait / 60))
        context["error"] = ngettext(
            "Too many wrong codes have been typed: wait %(num)d minute, or scan the QR code on the table card.",
            "Too many wrong codes have been typed: wait %(num)d minutes, or scan the QR code on the table card.",
            minutes)
        return render("tournaments/join.html", status=429, **context)
    if card is None:
        context["error"] = _("No table has that number and code. Check both on the table card.")
        return render("tournaments/join.html", status=404, **context)
    return redirect(url_for("tournaments.phone", token=card.token), 303)


def _load_by_token(token: str) -> Table:
    table = routed_table(token) or access.table_by_token(get_db(), token)  # routing read it with its language
    if table is None:
        abort(404)
    return table


def _load_card(token: str) -> Card:
    card = access.device_by_token(get_db(), token)
    if card is None:
        abort(404)
    return card


def _posted_card(table: Table) -> Card | None:
    """The table card a phone posted from (hidden field ``phone``), when it stands for this table."""
    token = request.values.get("phone")
    card = access.device_by_token(get_db(), token) if token else None
    if card and (card.tournament_id, card.number) == (table.tournament_id, table.number):
        return card
    return None


def _home(table: Table) -> str:
    """Where the phone goes back to after a write: its table card's page, or this round's table page."""
    card = _posted_card(table)
    return url_for("tournaments.phone", token=card.token) if card else url_for("tournaments.table",
                                                                                   token=table.token)


def _table_context(table: Table, form=None, **extra) -> dict:
    db = get_db()
    extra.setdefault("phone", _posted_card(table))
    tournament = records.get_tournament(db, table.tournament_id)
    hidden = hidden_name()  # the table's phones read its names as each player chose
    entries = players.public_entries(db, by_id(records.list_entries(db, tournament.id)), tournament.club_id, hidden)
    status = results.table_status(db, table)
    round_row = rounds.get_round(db, tournament.id, table.round_number)
    summary = players.public_summary(db, status.summary, tournament.club_id, hidden)
    is_open = round_row.status == "playing" and tournament.status != "finished"
    if form is None and is_open:
        form = deal_form(summary.profile, summary.game, "totals")
        form.version.data = str(status.version)
    moves = running.next_tables(db, tournament, table.round_number)
    return {
        "tournament": tournament, "table": table, "state": status, "summary": summary, "round": round_row,
        "open": is_open, "form": form, "errors": extra.pop("errors", {}),
        "we_name": entry_label(entries, table.we_entries), "they_name": entry_label(entries, table.they_entries),
        "clock": rounds.round_clock(tournament, round_row, status, table), "poll": TABLE_POLL_SECONDS,
        "next_tables": {e: moves.get(e) for e in table.we_entries + table.they_entries},
        "entries": entries, **extra,
    }


def _refused(table_row: dict, status: int, message: str, form=None, fragment: str | None = None):
    """The table page again, with ``message`` saying why nothing was written (a conflict or a closed round)."""
    return render("tournaments/table.html", fragment, status=status,
                  **_table_context(table_row, form, conflict=message))


@bp.get("/tournaments/phone/<token>")
def phone(token: str):
    """A table's phone for the whole event: it shows whatever round is being played at its table."""
    card = _load_card(token)
    table_row = access.current_table(get_db(), card)
    if table_row is None:
        return render("tournaments/phone_waiting.html", card=card, poll=TABLE_POLL_SECONDS,
                      tournament=records.get_tournament(get_db(), card.tournament_id))
    return render("tournaments/table.html", **_table_context(table_row, phone=card))


@bp.get("/tournaments/phone/<token>/status")
def phone_status(token: str):
    """The phone's self-refreshing part; when a new round has seated its table, the whole page reloads. A phone
    left on a club's table goes on to the club's next evening by itself: once another evening of the club is
    running, it is sent to the club's card of its table (``club_tables``), which opens that evening's table."""
    card = _load_card(token)
    if moved := _next_club_evening(card):
        return moved
    table_row = access.current_table(get_db(), card)
    shown = request.args.get("table", "")
    if (str(table_row.id) if table_row else "") != shown:
        response = make_response("", 200)
        response.headers["HX-Refresh"] = "true"
        return response
    if table_row is None:
        response = make_response("", 200)
        response.headers["HX-Reswap"] = "none"
        return response
    return render("tournaments/_table_status.html", **_table_context(table_row, phone=card))


def _next_club_evening(card: Card):
    """An answer sending the phone to its club table's card when the club now runs another evening, else None."""
    db = get_db()
    tournament = records.get_tournament(db, card.tournament_id)
    if tournament is None or tournament.club_id is None:
        return None
    running = club_tables.running_evening(db, tournament.club_id)
    if running is None or running.id == tournament.id:
        return None
    response = make_response("", 200)
    response.headers["HX-Redirect"] = url_for("club_tables.open_table",
                                              token=club_tables.card(db, tournament.club_id, card.number).token)
    return response


@bp.get("/tournaments/table/<token>")
def table(token: str):
    table_row = _load_by_token(token)
    return render("tournaments/table.html", **_table_context(table_row))


@bp.get("/tournaments/table/<token>/status")
def table_status(token: str):
    """The part of the table page that refreshes itself: score, confirmations and the round's clock."""
    table_row = _load_by_token(token)
    return render("tournaments/_table_status.html", **_table_context(table_row))


def read_table_deal(table_row: Table):
    """Read the table phone's deal through the scorepad's own deal path (``web.deal_path.read_deal``), with what
    a tournament table adds: the side entering it ("we" is North-South), and no blank deal (a round counts its
    deals). Returns (summary, reading, side, errors): the game as read and the deal read on it (the store reuses
    both); the deal may be saved when ``reading.can_save`` and no errors.
    """
    summary = game_standing(get_db(), table_row.game_id)  # scores nothing: the running totals kept with the deals
    reading = read_deal(summary, request.form, "totals")
    side = request.form.get("side", "")
    errors = {}
    if side not in play.SIDE_NAMES:
        errors["side"] = [_("Say which side is entering this deal.")]
    if reading.sides is not None and all(_blank(entry) for entry in reading.sides.values()):
        errors["_"] = [_("Nothing was entered for this deal: fill in the points, or who went out, before saving.")]
    return summary, reading, side, errors


@bp.post("/tournaments/table/<token>/preview")
def table_preview(token: str):
    """The live preview of the deal being entered at the table: the scorepad's own (``deals.preview``)."""
    table_row = _load_by_token(token)
    return render_preview(game_standing(get_db(), table_row.game_id), request.form)


def _blank(entry: dict) -> bool:
    return not any(value for key, value in entry.items() if key != "concealed")


@bp.post("/tournaments/table/<token>/deals")
def table_add_deal(token: str):
    """Save the table's next deal: read on the game as it stands, recorded in one write (``play.table_add_deal``,
    the game's own save), then back to the table's page."""
    db = get_db()
    table_row = _load_by_token(token)
    key = client_key(request.form)
    summary, reading, side, errors = read_table_deal(table_row)
    form = reading.form
    if errors or not reading.can_save:
        if replayed(db, table_row.game_id, key) is not None:  # a retry, read on the game it changed
            return _saved_here(table_row)
        if not rounds.round_is_open(db, table_row):
            return _refused(table_row, 403, CLOSED)
        context = {k: v for k, v in reading.context().items() if k != "form"}
        context["errors"] = {**context["errors"], **errors}
        return render("tournaments/table.html", status=422, **_table_context(table_row, form, **context))
    who = play.who_at(table_row, side, form.who.data or "")
    try:
        play.table_add_deal(db, table_row, reading.sides, side=side,
                            expected_version=read_version(form.version.data), who=who, result=reading.result,
                            summary=summary, client_key=key)
    except StaleGame:
        if not rounds.round_is_open(db, table_row):
            return _refused(table_row, 403, CLOSED)
        form.version.data = str(game_version(db, table_row.game_id))
        return _refused(table_row, 409, _("Another phone at this table saved a deal first. Check the score "
                                          "below, then save yours again if it is still missing."), form)
    except (GameOver, GameLocked, play.Refused) as error:
        return _refused(table_row, 409, error.message, form)
    except base.TournamentError:
        return _refused(table_row, 403, CLOSED)
    except RulesError as error:
        return render("tournaments/table.html", status=422,
                      **_table_context(table_row, form, errors=error_map(form, error)))
    return _saved_here(table_row)


def _saved_here(table_row: Table):
    flash(_("Deal saved."), "ok")
    return redirect(_home(table_row), 303)


def _side_write(token: str, missing: str):
    """(table, side, None) for a write a side makes at an open table, or (table, side, the refusal)."""
    table_row = _load_by_token(token)
    side = request.form.get("side", "")
    if not rounds.round_is_open(get_db(), table_row):
        return table_row, side, _refused(table_row, 403, CLOSED)
    if side not in play.SIDE_NAMES:
        return table_row, side, _refused(table_row, 422, missing)
    return table_row, side, None


@bp.post("/tournaments/table/<token>/undo")
def table_undo(token: str):
    db = get_db()
    table_row, side, refusal = _side_write(token, _("Say which side is undoing the last change."))
    if refusal:
        return refusal
    try:
        play.table_undo(db, table_row, side=side, expected_version=read_version(request.form.get("version")),
                        who=play.who_at(table_row, side))
    except play.Refused as error:
        return _refused(table_row, 409, error.message)
    except base.TournamentError:
        return _refused(table_row, 403, CLOSED)
    except StaleGame:
        return _refused(table_row, 409, _("The score changed on another phone. Look at it again before undoing."))
    except NothingToUndo:
        flash(_("There is no deal to undo."), "error")
    else:
        flash(_("Last change undone."), "ok")
    return redirect(_home(table_row), 303)


@bp.post("/tournaments/table/<token>/started")
def deal_started(token: str):
    """The table says its next deal has been dealt: in a round that finishes the deal in play, that deal may
    then be recorded after time is up (``tournaments.timing``)."""
    table_row = _load_by_token(token)
    if not rounds.round_is_open(get_db(), table_row):
        return _refused(table_row, 403, CLOSED)
    try:
        number = play.mark_deal_started(get_db(), table_row, who=play.who_at(table_row, None))
    except base.TournamentError as error:
        return _refused(table_row, 409, error.message)
    flash(_("Deal %(deal)s started: if time is up during it, you may still finish it and record it.", deal=number),
          "ok")
    return redirect(_home(table_row), 303)


@bp.post("/tournaments/table/<token>/dispute")
def dispute(token: str):
    """A side says "we disagree", with the reason; the director is alerted."""
    db = get_db()
    table_row, side, refusal = _side_write(token, _("Say which side disagrees."))
    if refusal:
        return refusal
    try:
        play.dispute(db, table_row, side, request.form.get("reason", ""), who=play.who_at(table_row, side))
    except play.Refused as error:
        return _refused(table_row, 422, error.message)
    except base.TournamentError:
        return _refused(table_row, 403, CLOSED)
    flash(_("Noted: the director has been told this table disagrees."), "ok")
    return redirect(_home(table_row), 303)


@bp.post("/tournaments/table/<token>/confirm")
def confirm(token: str):
    db = get_db()
    table_row = _load_by_token(token)
    side = request.form.get("side", "")
    try:
        play.confirm(db, table_row, side, version=read_version(request.form.get("version")),
                     who=play.who_at(table_row, side) if side in play.SIDE_NAMES else "")
    except base.TournamentError as error:
        status = 409 if rounds.round_is_open(db, table_row) else 403
        return _refused(table_row, status, error.message, fragment="tournaments/_table_status.html")
    return render("tournaments/table.html", "tournaments/_table_status.html",
                  **_table_context(_load_by_token(token), saved=_("Confirmed. Thank you.")))
