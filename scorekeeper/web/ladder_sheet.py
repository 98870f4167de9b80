"""A season's ladder as the director's page, the public results and the public club page give it: the public
page's link with its QR code, the names as public pages write them, and the ladder on paper (one season's, or
every season of a club, a page each)."""

from __future__ import annotations

from flask import request, url_for
from scorekeeper.rules.i18n import gettext

from ..db import get_db
from ..i18n import format_number
from scorekeeper.sheets import UnknownPaper, paper_from, pdf_response, render_pdf
from ..stores import players, seasons
from .club_words import hidden_name
from .errors import error_response
from .season_words import COUNTS, RANKINGS, TIE_BREAKS
from .tournaments.common import link_with_qr


def season_link(season: seasons.Season) -> dict:
    """The season's public results page: its address and QR code."""
    return link_with_qr(url_for("results.season", link=season.results_token))


def public_shown(choices: dict[str, str]):
    """How public pages write a name (``players.shown_choices`` of the club): the name, its initials, or the words
    for a player who chose not to be shown."""
    return lambda name: players.public_name(name, choices) or hidden_name()


#: Where an evening's number goes in its column's label, translated once for all the columns.
NUMBER = "\x00"


def ladder_cells(ladder, evenings) -> dict:
    """What the ladder's page writes in its columns, by player: a cell per evening, (its column's name, for a
    phone that stacks the cells; the figure as written, or None for an evening missed; whether it counts). A
    year's ladder has a cell for each player on each of its evenings, so each label and each distinct figure is
    written once, not once a cell, and a cell is read whole by the template (no lookup by its column's index)."""
    written: dict = {}

    def text(value) -> str:
        if value not in written:
            written[value] = format_number(value)
        return written[value]

    label = gettext("Evening %(number)s", number=NUMBER)  # translated once, each column's number in its place
    labels = [(e.id, label.replace(NUMBER, str(n))) for n, e in enumerate(evenings, start=1)]
    cells = {}
    for row in ladder:
        counting, scores = set(row.counted), row.scores
        cells[row.player] = [(name, text(scores[evening]), evening in counting) if evening in scores
                             else (name, None, False) for evening, name in labels]
    return cells


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


def _sheet(season: seasons.Season) -> dict:
    """What one season's ladder page shows."""
    db = get_db()
    ladder, evenings = seasons.season_ladder(db, season), seasons.evenings(db, season.id)
    return {"season": season, "ladder": ladder, "evenings": evenings, "link": season_link(season),
            "layout": ladder_layout(len(ladder), len(evenings))}


def _paper():
    try:
        return paper_from(request.args), None
    except UnknownPaper as error:
        return None, error_response(400, str(error))


def ladder_pdf_response(season: seasons.Season, shown):
    paper, refused = _paper()
    if refused:
        return refused
    pdf = render_pdf("seasons/pdf/ladder.html", paper=paper, sheets=[_sheet(season)], title=season.name,
                     shown=shown, counts=COUNTS, rankings=RANKINGS, tie_breaks=TIE_BREAKS)
    return pdf_response(pdf, f"canasta-season-{season.id}-ladder-{paper}.pdf")


def club_ladders_pdf(club, found: list[seasons.Season], shown):
    """Every season of the club, one page each, names as the public page writes them."""
    paper, refused = _paper()
    if refused:
        return refused
    pdf = render_pdf("seasons/pdf/ladder.html", paper=paper, sheets=[_sheet(s) for s in found], title=club.name,
                     shown=shown, counts=COUNTS, rankings=RANKINGS, tie_breaks=TIE_BREAKS)
    return pdf_response(pdf, f"canasta-club-ladders-{paper}.pdf")
