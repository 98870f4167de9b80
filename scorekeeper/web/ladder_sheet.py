"""A season's ladder as both the director's page and the public results give it: the public page's link with its
QR code, and the ladder on one PDF page."""

from __future__ import annotations

from flask import request, url_for

from ..db import get_db
from scorekeeper.sheets import UnknownPaper, paper_from, pdf_response, render_pdf
from ..stores import seasons
from .errors import error_response
from .season_words import COUNTS, RANKINGS, TIE_BREAKS
from .tournaments.common import link_with_qr


def season_link(season: seasons.Season) -> dict:
    """The season's public results page: its address and QR code."""
    return link_with_qr(url_for("results.season", link=season.results_token))


#: The ladder's page: the height (mm) its table may take, and how many evenings get a column of their own.
LADDER_HEIGHT_MM, LADDER_EVENING_COLUMNS = 180, 12


def ladder_layout(players_count: int, evenings_count: int) -> dict:
    """How the ladder fits one page: a column per evening while they fit across it, the rows in two halves
    side by side when long (without those columns), and the type as large as the rows allow (4 to 9 pt)."""
    columns = evenings_count <= LADDER_EVENING_COLUMNS
    halves = players_count > 40 and not columns
    rows = -(-players_count // 2) if halves else players_count
    # A row is about 0.41 mm for each point of type (line height 1.15) plus 0.6 mm of padding and rule; the
    # header takes two rows, as its longer words wrap in a half's narrow columns (Spanish "Mejor jornada").
    size = max(4.0, min(9.0, (LADDER_HEIGHT_MM / (rows + 2) - 0.6) / 0.41))
    return {"columns": columns, "halves": 2 if halves else 1, "rows": rows, "size": round(size, 1)}


def ladder_pdf_response(season: seasons.Season, shown):
    try:
        paper = paper_from(request.args)
    except UnknownPaper as error:
        return error_response(400, str(error))
    db = get_db()
    ladder, evenings = seasons.season_ladder(db, season), seasons.evenings(db, season.id)
    pdf = render_pdf("seasons/pdf/ladder.html", paper=paper, season=season, ladder=ladder, evenings=evenings,
                     shown=shown, counts=COUNTS, rankings=RANKINGS, tie_breaks=TIE_BREAKS, link=season_link(season),
                     layout=ladder_layout(len(ladder), len(evenings)))
    return pdf_response(pdf, f"canasta-season-{season.id}-ladder-{paper}.pdf")
