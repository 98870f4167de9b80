"""What leaves the app: the results as CSV and PDF, and the table cards to print."""

from __future__ import annotations

import csv
import io

from flask import Response, abort, request, url_for

from ...db import get_db
from ...tournaments import records, results, rounds
from .. import error_response
from .common import bp, by_id, director_only, entry_label, load, phone_url
from .public import add_table_links, round_tables, standings_context


@bp.get("/tournaments/<int:tournament_id>/results.csv")
def results_csv(tournament_id: int):
    load(tournament_id)
    outcome = results.results(get_db(), tournament_id)
    kinds = {(t["round_number"], t["number"]): t["status"] for t in outcome.tables}
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["place", "entry", "name", "round", "table", "partners", "opponents", "points", "against",
                     "difference", "won", "vp", "result_kind", "total_points", "total_won", "total_vp"])
    for line in outcome.standings:
        place = f"{line.place}=" if line.shared else str(line.place)
        number = outcome.entries[line.entry]["number"]
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


@bp.get("/tournaments/<int:tournament_id>/round/<int:number>/cards.pdf")
@director_only
def cards_pdf(tournament, number: int):
    from ...sheets import UnknownPaper, paper_from, pdf_response, render_pdf

    db = get_db()
    round_row = rounds.get_round(db, tournament["id"], number)
    if round_row is None:
        abort(404)
    try:
        paper = paper_from(request.args)
    except UnknownPaper as error:
        return error_response(400, str(error))
    entries = by_id(records.list_entries(db, tournament["id"]))
    tables = round_tables(db, tournament, number, entries)
    add_table_links(tables)
    pdf = render_pdf("tournaments/pdf/table_cards.html", paper=paper, tournament=tournament, round=round_row,
                     tables=tables, entries=entries, profile=records.profile_of(tournament),
                     join_url=phone_url(url_for("tournaments.join")))
    return pdf_response(pdf, f"tournament-{tournament['id']}-round-{number}-table-cards-{paper}.pdf")


@bp.get("/tournaments/<int:tournament_id>/results.pdf")
def results_pdf(tournament_id: int):
    from ...sheets import UnknownPaper, paper_from, pdf_response, render_pdf

    tournament = load(tournament_id)
    try:
        paper = paper_from(request.args)
    except UnknownPaper as error:
        return error_response(400, str(error))
    context = standings_context(tournament)
    entries = context["results"].entries
    pdf = render_pdf("tournaments/pdf/results.html", paper=paper, profile=records.profile_of(tournament),
                     label=lambda ids: entry_label(entries, ids), **context)
    return pdf_response(pdf, f"tournament-{tournament_id}-results-{paper}.pdf")
