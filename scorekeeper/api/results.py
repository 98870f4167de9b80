"""The results members can open, as JSON: a season's ladder and an evening's standings, in one row shape.

Unlike the rest of the API these read the database (and store nothing). They answer only what the public
results pages show (``web.results``): names as those pages write them (initials for a player who chose so),
places and figures, never a link, a code or a director's note. ``{id}`` is the secret of the public results
link, or for a tournament its own link too (standings are open to whoever has it); a number is no address, as on
the pages, so nobody counts through a server's seasons and evenings.
"""

from __future__ import annotations

from flask import jsonify

from ..db import get_db
from ..stores import devices, players, seasons
from scorekeeper.stores.tournaments import records, results
from ..rules.i18n import _
from scorekeeper.api.blueprint import bp


def _not_found(message: str):
    return jsonify({"error": {"code": "request.not_found", "message": message, "field": "id"}}), 404


def _row(rank, names, evenings, points) -> dict:
    return {"rank": rank, "players": list(names), "evenings": evenings, "points": points}


@bp.get("/seasons/<ident>")
def season(ident: str):
    """A season's ladder: ranked players first, then those short of the minimum (``rank`` null)."""
    db = get_db()
    found = seasons.season_by_token(db, ident)
    if found is None:
        return _not_found(_("There is no season with that link."))
    hidden = players.initials_keys(db)
    rows = [_row(r.rank, [players.public_name(r.name, hidden)], r.evenings, r.points)
            for r in seasons.season_ladder(db, found)]
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
    hidden = players.initials_keys(db)
    rows = [_row(s.place, [players.public_name(p, hidden) for p in outcome.entries[s.entry].players],
                 1 if s.games else 0, _figure(s.vp if found.scoring == "vp" else s.points))
            for s in outcome.standings]
    return jsonify({"id": found.id, "name": found.name, "date": found.date, "status": found.status,
                    "scoring": found.scoring, "rows": rows})


def _figure(value):
    return int(value) if float(value).is_integer() else round(value, 2)
