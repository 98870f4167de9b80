"""The results members can open, as JSON: a club's page, a season's ladder and an evening's standings, in one row
shape.

Unlike the rest of the API these read the database (and store nothing). They answer only what the public
results pages and the public club page show (``web.results``, ``web.clubs``): names as those pages write them (as
each player chose: the name, initials, or words saying the name is not shown), places and figures, the results
links the club page gives, never a private link, a code or a director's note. ``{id}`` is the secret of the public results
link, or for a tournament its own link too (standings are open to whoever has it); a number is no address, as on
the pages, so nobody counts through a server's seasons and evenings.
"""

from __future__ import annotations

from flask import jsonify, url_for

from ..db import get_db
from ..stores import clubs, devices, players, rule_sets, seasons
from scorekeeper.stores.tournaments import records, results
from ..rules.i18n import _
from ..web.addresses import absolute
from scorekeeper.api.blueprint import bp


def _not_found(message: str):
    return jsonify({"error": {"code": "request.not_found", "message": message, "field": "id"}}), 404


def _row(rank, names, evenings, points) -> dict:
    return {"rank": rank, "players": list(names), "evenings": evenings, "points": points}


def _names(db, club_id: int | None):
    """A name as public pages write it, for the API."""
    choices = players.shown_choices(db, club_id)
    return lambda name: players.public_name(name, choices) or _("Name not shown")


@bp.get("/clubs/<ident>")
def club(ident: str):
    """A club's public page as JSON: its name, its seasons and started evenings with their results links (the page
    and this API's answer), and its rule sets as ``GET /api/v1/rules/{id}`` knows them."""
    db = get_db()
    club_id = clubs.id_for_link(db, "public", ident)
    found = clubs.get_club(db, club_id) if club_id is not None else None
    if found is None:
        return _not_found(_("There is no club with that link."))
    season_rows = [{"name": s.name, "status": s.status,
                    "results": absolute(url_for("results.season", link=s.results_token)),
                    "api": absolute(url_for("api.season", ident=s.results_token))}
                   for s in seasons.list_seasons(db, found.id)]
    evening_rows = [{"name": t.name, "date": t.date, "status": t.status,
                     "results": absolute(url_for("results.evening", link=t.results_token)),
                     "api": absolute(url_for("api.tournament", ident=t.results_token))}
                    for t in clubs.evenings(db, found.id, started=True)]
    sets = [{"id": s.id, "name": s.name, "source": s.profile.source, "target": s.profile.target, "base": s.base,
             "version": s.version} for s in rule_sets.latest(db, found.id)]
    return jsonify({"name": found.name, "seasons": season_rows, "evenings": evening_rows, "rule_sets": sets})


@bp.get("/seasons/<ident>")
def season(ident: str):
    """A season's ladder: ranked players first, then those short of the minimum (``rank`` null)."""
    db = get_db()
    found = seasons.season_by_token(db, ident)
    if found is None:
        return _not_found(_("There is no season with that link."))
    shown = _names(db, found.club_id)
    rows = [_row(r.rank, [shown(r.name)], r.evenings, r.points)
            for r in seasons.season_ladder(db, found, each_evening=False)]
    return jsonify({"id": found.id, "name": found.name, "status": found.status, "ranking": found.ranking,
                    "count": found.count, "best": found.best, "of": found.of, "minimum": found.minimum,
                    "tie_break": found.tie_break, "rows": rows})


@bp.get("/tournaments/<ident>/results")
def tournament(ident: str):
    """An evening's standings: ``points`` are its VP when it ranks by victory points, else its total points."""
    db = get_db()
    found = seasons.evening_by_token(db, ident)
    if found is None and (row_id := devices.id_for_link(db, "tournament", ident)) is not None:
        found = records.get_tournament(db, row_id)
    if found is None:
        return _not_found(_("There is no tournament with that link."))
    outcome = results.results(db, found.id)
    shown = _names(db, found.club_id)
    rows = [_row(s.place, [shown(p) for p in outcome.entries[s.entry].players],
                 1 if s.games else 0, _figure(s.vp if found.scoring == "vp" else s.points))
            for s in outcome.standings]
    return jsonify({"id": found.id, "name": found.name, "date": found.date, "status": found.status,
                    "scoring": found.scoring, "rows": rows})


def _figure(value):
    return int(value) if float(value).is_integer() else round(value, 2)
