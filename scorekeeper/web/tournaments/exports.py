"""What leaves the app: the results as CSV and PDF, and the table cards to print."""

from __future__ import annotations

import io

from flask import Response, abort, request, url_for

from ...db import get_db
from scorekeeper.stores import players
from ...stores import clubs
from scorekeeper.stores.tournaments import records, results, rounds, running
from ...stores.transfer import csv_writer
from ...tournaments.rows import Round, Tournament
from ..club_words import hidden_name
from ..errors import error_response
from .common import bp, by_id, director_only, entry_label, evening_link, link_with_qr, load, phone_url
from .shown import add_table_links, card_link, round_tables, standings_context
from scorekeeper.sheets import UnknownPaper, paper_from, pdf_response, render_pdf


@bp.get("/tournaments/<tournament:tournament_id>/results.csv")
def results_csv(tournament_id: int):
    tournament = load(tournament_id)
    outcome = players.public_results(get_db(), results.results(get_db(), tournament_id), tournament.club_id,
                                     hidden_name())
    kinds = {(t.round_number, t.number): status for t, status in outcome.tables}
    out = io.StringIO()
    writer = csv_writer(out)
    writer.writerow(["place", "entry", "name", "round", "table", "partners", "opponents", "points", "against",
                     "difference", "won", "vp", "result_kind", "total_points", "total_won", "total_vp"])
    for line in outcome.standings:
        place = f"{line.place}=" if line.shared else str(line.place)
        number = outcome.entries[line.entry].number
        for game in line.games:
            status = kinds.get((game.round, game.table))
            writer.writerow([
                place, number, line.name, game.round, game.table if game.table else "sit-out",
                entry_label(outcome.entries, game.partners), entry_label(outcome.entries, game.opponents),
                game.points, game.against, game.points - game.against, game.won, game.vp,
                (status.kind or ("confirmed" if status.confirmed else "unconfirmed")) if status else "sit-out",
                line.points, line.won, line.vp,
            ])
        if not line.games:
            writer.writerow([place, number, line.name, "", "", "", "", 0, 0, 0, 0, 0, "", 0, 0, 0])
    response = Response(out.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="tournament-{tournament_id}-results.csv"'  # i18n: not for people
    return response


@bp.get("/tournaments/<tournament:tournament_id>/cards.pdf")
@director_only
def event_cards_pdf(tournament):
    """One card per table for the whole event, printed before the first round."""
    db = get_db()
    numbers = {t.number for t in rounds.list_tables(db, tournament.id)}
    plan = running.preview_next(db, tournament)
    numbers |= {t.table for t in plan.tables} if plan else set()
    tables = [card_link(tournament.id, n) for n in sorted(numbers)]
    return _cards_pdf(tournament, tables, None, f"tournament-{tournament.id}-table-cards")


@bp.get("/tournaments/<tournament:tournament_id>/round/<int:number>/cards.pdf")
@director_only
def cards_pdf(tournament, number: int):
    """The cards with the round's seating on them (the link and code are the event's)."""
    db = get_db()
    round_row = rounds.get_round(db, tournament.id, number)
    if round_row is None:
        abort(404)
    tables = round_tables(db, tournament, number, by_id(records.list_entries(db, tournament.id)))
    add_table_links(tables)
    for row in tables:
        row["number"] = row["table"].number
    return _cards_pdf(tournament, tables, round_row, f"tournament-{tournament.id}-round-{number}-table-cards")


def _cards_pdf(tournament: Tournament, tables: list[dict], round_row: Round | None, name: str):

    try:
        paper = paper_from(request.args)
    except UnknownPaper as error:
        return error_response(400, str(error))
    entries = by_id(records.list_entries(get_db(), tournament.id))
    club = clubs.get_club(get_db(), tournament.club_id) if tournament.club_id else None
    pdf = render_pdf("tournaments/pdf/table_cards.html", paper=paper, tournament=tournament, round=round_row,
                     tables=tables, entries=entries, profile=tournament.profile,
                     join_url=phone_url(url_for("tournaments.join")), results_link=evening_link(tournament),
                     club_link=link_with_qr(url_for("clubs.public", club_id=club.public_link)) if club else None)
    return pdf_response(pdf, f"{name}-{paper}.pdf")


@bp.get("/tournaments/<tournament:tournament_id>/results.pdf")
def results_pdf(tournament_id: int):

    tournament = load(tournament_id)
    try:
        paper = paper_from(request.args)
    except UnknownPaper as error:
        return error_response(400, str(error))
    context = standings_context(tournament)
    entries = context["results"].entries
    pdf = render_pdf("tournaments/pdf/results.html", paper=paper, profile=tournament.profile,
                     label=lambda ids: entry_label(entries, ids), results_link=evening_link(tournament), **context)
    return pdf_response(pdf, f"tournament-{tournament_id}-results-{paper}.pdf")
