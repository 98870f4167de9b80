"""A club's permanent table cards (issue 30): table N of the club has one link (its QR code) and one code for
every evening (``stores.club_tables``). A phone that opens a card is sent to that table of the club's evening now
running (the evening's own table page: ``tournaments.phone``); with none running it reads a plain page saying so,
which waits for the next evening and opens it by itself. The director area prints the cards once, for good."""

from __future__ import annotations

from flask import Blueprint, abort, make_response, redirect, request, url_for
from scorekeeper.rules.i18n import _

from ..db import get_db
from ..stores import club_tables, clubs
from scorekeeper.sheets import UnknownPaper, paper_from, pdf_response, render_pdf
from .club import director_only
from .errors import error_response
from .forms import whole_number
from .htmx import render
from .tournaments.common import TABLE_POLL_SECONDS, link_with_qr, url_for_join
from .tournaments.shown import club_card_link

bp = Blueprint("club_tables", __name__)

#: Cards printed when the director does not say how many tables.
DEFAULT_TABLES = 10


def _card(token: str) -> club_tables.ClubCard:
    found = club_tables.by_token(get_db(), token)
    if found is None:
        abort(404)
    return found


@bp.get("/clubs/table/<token>")
def open_table(token: str):
    """Table N of the club, tonight: the evening's table page, or a page saying no evening is running."""
    found = _card(token)
    card = club_tables.evening_card(get_db(), found)
    if card is not None:
        return redirect(url_for("tournaments.phone", token=card.token), 303)
    return render("clubs/table_waiting.html", card=found, club=clubs.get_club(get_db(), found.club_id),
                  poll=TABLE_POLL_SECONDS)


@bp.get("/clubs/table/<token>/status")
def table_status(token: str):
    """The waiting page's poll: once an evening is running, the page reloads into it."""
    found = _card(token)
    response = make_response("", 200)
    if club_tables.evening_card(get_db(), found) is not None:
        response.headers["HX-Refresh"] = "true"
    else:
        response.headers["HX-Reswap"] = "none"
    return response


@bp.get("/director/<club:club_id>/cards.pdf")
@director_only
def cards_pdf(club, director):
    """The club's table cards, ``tables`` of them (1 to ``MOST_TABLES``), printed once for every evening."""
    count = whole_number(request.args.get("tables") or str(DEFAULT_TABLES), below=club_tables.MOST_TABLES + 1)
    if not count:
        return error_response(400, _("Give the number of tables, from 1 to %(most)s.", most=club_tables.MOST_TABLES))
    try:
        paper = paper_from(request.args)
    except UnknownPaper as error:
        return error_response(400, str(error))
    pdf = render_pdf("clubs/pdf/table_cards.html", paper=paper, club=club,
                     tables=[club_card_link(club.id, n) for n in range(1, count + 1)], join_url=url_for_join(),
                     public=link_with_qr(url_for("clubs.public", club_id=club.public_link)))
    return pdf_response(pdf, f"canasta-club-table-cards-{paper}.pdf")
