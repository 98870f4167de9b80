"""Running the event: start, close and reopen rounds, end and reopen the tournament. Closing a round with
tables open, and ending the tournament, say what is open and ask first."""

from __future__ import annotations

from flask import flash, redirect, request, url_for
from scorekeeper.rules.i18n import _

from ...db import get_db
from ...i18n import listed
from scorekeeper.stores.tournaments import base, rounds, running
from scorekeeper.tournaments import timing
from ..errors import error_response
from ..htmx import render
from .common import back_to, bp, director_name, director_only


@bp.post("/tournaments/<tournament:tournament_id>/rounds")
@director_only
def start_round(tournament):
    try:
        number = running.start_round(get_db(), tournament.id, who=director_name(tournament.id),
                                    time_up=request.form.get("time_up"))
    except base.TournamentError as error:
        flash(str(error.message), "error")
        return back_to(tournament)
    flash(_("Round %(number)s started. The phone at each table shows its new pairing.", number=number), "ok")
    return redirect(url_for("tournaments.round_page", tournament_id=tournament.id, number=number), 303)


def _open_words(open_tables: list[tuple[int, str]]) -> list[str]:
    """What is still open, in sentences: "Tables 1 and 2 are not confirmed." "Table 3 is disputed." """
    lines = []
    for kind, words in (("unconfirmed", (_("Table %(list)s is not confirmed."), _("Tables %(list)s are not confirmed."))),
                        ("disputed", (_("Table %(list)s is disputed."), _("Tables %(list)s are disputed.")))):
        numbers = [str(n) for n, k in open_tables if k == kind]
        if numbers:
            lines.append(words[len(numbers) > 1] % {"list": listed(numbers)})
    return lines


def _ask(tournament, *, title: str, lines: list[str], action: str, button: str):
    """The page that says what is open and asks before acting (the form posts again with confirm=yes)."""
    return render("tournaments/confirm.html", tournament=tournament, title=title, lines=lines, action=action,
                  button=button, then=request.form.get("then", ""))


@bp.post("/tournaments/<tournament:tournament_id>/round/<int:number>/close")
@director_only
def close_round(tournament, number: int):
    db = get_db()
    current = rounds.current_round(db, tournament.id)
    if current is None or current.number != number:
        flash(_("Round %(number)s is not the round being played.", number=number), "error")
        return back_to(tournament)
    still_open = running.open_tables(db, tournament.id)
    if still_open and request.form.get("confirm") != "yes":
        return _ask(tournament, title=_("Close round %(number)s?", number=number), lines=_open_words(still_open),
                    action=url_for("tournaments.close_round", tournament_id=tournament.id, number=number),
                    button=_("Close round %(number)s anyway", number=number))
    running.close_round(db, tournament.id, who=director_name(tournament.id))
    flash(_("Round %(number)s closed: its games are locked and count in the standings.", number=number), "ok")
    if request.form.get("then") == "next":
        return start_round.__wrapped__(tournament)
    return back_to(tournament)


@bp.post("/tournaments/<tournament:tournament_id>/round/<int:number>/time-up")
@director_only
def time_up(tournament, number: int):
    """The director changes how the timed round being played ends: finish the deal in play, or stop (logged)."""
    choice = request.form.get("time_up")
    try:
        running.set_time_up(get_db(), tournament.id, number, choice, who=director_name(tournament.id))
    except base.TournamentError as error:
        flash(str(error.message), "error")
    else:
        flash(_("Round %(number)s, when time is up: %(choice)s. The table phones say so.", number=number,
                choice=timing.choice_words(choice)), "ok")
    return back_to(tournament)


@bp.post("/tournaments/<tournament:tournament_id>/round/<int:number>/reopen")
@director_only
def reopen_round(tournament, number: int):
    try:
        running.reopen_round(get_db(), tournament.id, number, who=director_name(tournament.id))
    except base.TournamentError as error:
        return error_response(409, error.message)
    flash(_("Round %(number)s is open again: its tables can score and confirm.", number=number), "ok")
    return redirect(url_for("tournaments.round_page", tournament_id=tournament.id, number=number), 303)


@bp.post("/tournaments/<tournament:tournament_id>/finish")
@director_only
def finish(tournament):
    if request.form.get("confirm") != "yes":
        lines = _open_words(running.open_tables(get_db(), tournament.id))
        lines.append(_("Ending the tournament closes the round being played and makes the standings final; "
                       "it can be reopened."))
        return _ask(tournament, title=_("End the tournament now?"), lines=lines,
                    action=url_for("tournaments.finish", tournament_id=tournament.id),
                    button=_("End the tournament now"))
    running.finish_tournament(get_db(), tournament.id, who=director_name(tournament.id))
    flash(_("The tournament is over. The standings are final."), "ok")
    return redirect(url_for("tournaments.standings", tournament_id=tournament.id), 303)


@bp.post("/tournaments/<tournament:tournament_id>/reopen")
@director_only
def reopen(tournament):
    try:
        running.reopen_tournament(get_db(), tournament.id, who=director_name(tournament.id))
    except base.TournamentError as error:
        return error_response(409, error.message)
    flash(_("The tournament is open again."), "ok")
    return back_to(tournament)
