"""Pages anyone may open: the list, a tournament's overview, a round's seating, standings, a player's games."""

from __future__ import annotations

import hashlib

from flask import abort, make_response, render_template, request
from markupsafe import Markup
from scorekeeper.rules.i18n import _

from ...db import get_db
from scorekeeper.stores import club_access, clubs, seasons
from scorekeeper.stores.tournaments import records, rounds, running
from scorekeeper.tournaments import timing
from ..devices import device_id, remember_tournament
from ..htmx import is_htmx, render
from .common import bp, by_id, entry_label, evening_link, is_club_director, is_director, load
from .forms import EntryForm
from .shown import add_table_links, round_tables, shown_entries, standings_context


@bp.get("/tournaments/")
def index():
    """The tournaments this phone created or opened from their link, a page at a time."""
    page = max(1, min(request.args.get("page", 1, type=int) or 1, 10**6))
    shown, more = records.list_tournaments(get_db(), device_id(), page=page)
    return render("tournaments/index.html", tournaments=shown, formats=records.FORMATS, page_number=page, more=more)


@bp.get("/tournaments/<tournament:tournament_id>")
def show(tournament_id: int):
    tournament = load(tournament_id)
    remember_tournament(tournament_id)  # opened from its link: in this phone's list from now on
    db = get_db()
    entries = list(shown_entries(db, tournament_id).values())
    played = rounds.list_rounds(db, tournament_id)
    current = rounds.current_round(db, tournament_id)
    tables = round_tables(db, tournament, current.number, by_id(entries)) if current else []
    return render(
        "tournaments/show.html", tournament=tournament, entries=entries, rounds=played, current=current,
        tables=tables, director=is_director(tournament_id), profile=tournament.profile,
        entry_form=EntryForm(), can_start=_can_start(tournament, played, current, entries),
        roster=records.roster(db, tournament.club_id) if is_director(tournament_id) else [],
        formats=records.FORMATS, round_ends=records.ROUND_ENDS, scorings=records.SCORINGS,
        season=seasons.get_season(db, tournament.season_id) if tournament.season_id else None,
        **_club_context(tournament),
        results_link=evening_link(tournament) if is_director(tournament_id) else None,
        time_ups=timing.TIME_UP, time_up_chosen=(played[-1].time_up if played else None)
        or timing.DEFAULT_TIME_UP,
    )


def _club_context(tournament) -> dict:
    """What the director's panel shows of the evening's club: to the club's directors, the club and its open
    seasons; to the director of an evening of a club that has no director yet (one from before clubs), the offer
    to become its first."""
    db = get_db()
    club = clubs.get_club(db, tournament.club_id) if tournament.club_id else None
    if club is None or not is_director(tournament.id):
        return {"club": None, "open_seasons": [], "claimable": None}
    if is_club_director(tournament):
        return {"club": club, "open_seasons": [s for s in seasons.list_seasons(db, club.id) if not s.archived],
                "claimable": None}
    return {"club": None, "open_seasons": [],
            "claimable": None if club_access.has_directors(db, club.id) else club}


def _can_start(tournament, played, current, entries) -> bool:
    active = sum(1 for e in entries if e.active)
    return (tournament.status != "finished" and current is None and len(played) < tournament.rounds
            and active >= running.minimum_entries(tournament))


@bp.get("/tournaments/<tournament:tournament_id>/round/<int:number>")
def round_page(tournament_id: int, number: int):
    tournament = load(tournament_id)
    db = get_db()
    round_row = rounds.get_round(db, tournament_id, number)
    if round_row is None:
        abort(404)
    entries = shown_entries(db, tournament_id)
    director = is_director(tournament_id)
    tables = round_tables(db, tournament, number, entries)
    if director:
        add_table_links(tables)
    moves = running.next_tables(db, tournament, number)
    seats = []
    for row in tables:
        for side, ids in ((_("North-South"), row["table"].we_entries), (_("East-West"), row["table"].they_entries)):
            for e in ids:
                seats.append({"entry": entries[e], "table": row["table"].number, "side": side,
                              "next": moves.get(e)})
    for e in round_row.sit_out:
        seats.append({"entry": entries[e], "table": None, "side": _("Sits out"), "next": moves.get(e)})
    seats.sort(key=lambda s: s["entry"].number)
    return render("tournaments/round.html", tournament=tournament, round=round_row, tables=tables, seats=seats,
                  director=director, entries=entries, has_next=bool(moves),
                  is_latest=rounds.latest_round(db, tournament_id).number == number,
                  clock=rounds.round_clock(tournament, round_row))


@bp.get("/tournaments/<tournament:tournament_id>/standings")
def standings(tournament_id: int):
    """The projector's standings, provisional while a round is played; ``?big=1`` is large type for a wall.

    The page asks for them again every few seconds with ``v``, a fingerprint of what it shows: when nothing
    changed, the answer is an empty 200 with ``HX-Reswap: none`` (as the scorepad's poll)."""
    tournament = load(tournament_id)
    big = request.args.get("big") == "1"
    context = standings_context(tournament, provisional=True)
    body = render_template("tournaments/_standings_body.html", big=big, **context)
    seen = hashlib.sha256(body.encode()).hexdigest()[:16]
    if is_htmx() and request.args.get("v") == seen:
        response = make_response("", 200)
        response.headers["HX-Reswap"] = "none"
        response.vary.add("HX-Request")
        return response
    return render("tournaments/standings.html", "tournaments/_standings.html", body=Markup(body), seen=seen,
                  big=big, results_link=evening_link(tournament), **context)


@bp.get("/tournaments/<tournament:tournament_id>/players/<int:entry_id>")
def entry(tournament_id: int, entry_id: int):
    tournament = load(tournament_id)
    context = standings_context(tournament)
    line = next((s for s in context["standings"] if s.entry == entry_id), None)
    if line is None:
        abort(404)
    entries = context["results"].entries
    return render("tournaments/entry.html", line=line, entry=entries[entry_id], entries=entries,
                  label=lambda ids: entry_label(entries, ids), **context)
