"""Results members can open from home: each evening's and each season's read-only page, reached by its own
unguessable link (``results_token``) and its QR code.

These pages show standings, each table's deals and each player's line, and nothing that changes anything: no
form posts from them, and the app refuses every director's request from a browser with no director's sign-in.
A player appears as they chose in their club (``players.shown_choices``): by name, by initials, or not shown.
``?lang=es`` shows a page in that language (the language links at its foot), so a link can be shared in the
reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, url_for

from ..db import get_db
from ..i18n import language_from_link, names
from ..stores import clubs, players, seasons
from scorekeeper.stores.tournaments import results as tournament_results
from ..tournaments.rows import Entry, Tournament
from .htmx import render
from .season_words import COUNTS, RANKINGS, TIE_BREAKS
from .club_words import hidden_name
from .ladder_sheet import ladder_pdf_response, public_shown, season_link
from .tournaments.common import evening_link
from .tournaments.shown import tie_break_words

bp = Blueprint("results", __name__)


bp.before_request(language_from_link)


@dataclass(frozen=True)
class PublicEvening:
    """What an evening's public page shows: names as public pages write them."""

    tournament: Tournament
    outcome: tournament_results.Results
    names: dict[int, str]  # entry id -> its players' public names

    def label(self, ids) -> str:
        return names([self.names[i] for i in ids if i in self.names])


def public_evening(db, tournament: Tournament) -> PublicEvening:
    outcome = tournament_results.results(db, tournament.id)
    return PublicEvening(tournament, outcome, public_names(db, outcome.entries, tournament.club_id))


def public_names(db, entries: dict[int, Entry], club_id: int | None) -> dict[int, str]:
    """Each entry's players as public pages write them (as each chose on the club's roster), joined the
    language's way."""
    entries = players.public_entries(db, entries, club_id, hidden_name())
    return {i: names(list(entry.players)) for i, entry in entries.items()}


@bp.get("/results/<link>")
def evening(link: str):
    db = get_db()
    tournament = seasons.evening_by_token(db, link)
    if tournament is None:
        abort(404)
    shown = public_evening(db, tournament)
    season = seasons.get_season(db, tournament.season_id) if tournament.season_id else None
    rounds_shown = sorted({table.round_number for table, _status in shown.outcome.tables})
    return render("results/evening.html", tournament=tournament, shown=shown, rounds=rounds_shown,
                  link=evening_link(tournament), season=season,
                  tie_breaks=tie_break_words(tournament),
                  club=clubs.get_club(db, tournament.club_id) if tournament.club_id else None,
                  season_url=url_for("results.season", link=season.results_token) if season else None)


@bp.get("/results/season/<link>")
def season(link: str):
    db = get_db()
    found = seasons.season_by_token(db, link)
    if found is None:
        abort(404)
    return render("results/season.html", season=found, ladder=seasons.season_ladder(db, found),
                  evenings=seasons.evenings(db, found.id), link=season_link(found),
                  shown=public_shown(players.shown_choices(db, found.club_id)), counts=COUNTS, rankings=RANKINGS,
                  tie_breaks=TIE_BREAKS, club=clubs.get_club(db, found.club_id) if found.club_id else None)


@bp.get("/results/season/<link>/ladder.pdf")
def season_pdf(link: str):
    db = get_db()
    found = seasons.season_by_token(db, link)
    if found is None:
        abort(404)
    return ladder_pdf_response(found, public_shown(players.shown_choices(db, found.club_id)))
