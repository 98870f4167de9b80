"""The club's players: the roster and each player's page (evenings, casual games, averages, trend, best
results, a chart over time), merging two records of one person, and appearing by initials on public pages.

For a club director only (``club.is_club_director``): a player's page lists casual games, which are private."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ..db import get_db
from ..stores import players
from ..tournaments import history
from .errors import error_response
from .forms import SQLITE_MAX_INT, whole_number
from .club import is_club_director, scope
from .htmx import render
from .player_chart import evenings_svg

bp = Blueprint("players", __name__)
bp.add_app_template_filter(players.initials, "initials")

MERGE_REFUSALS = {
    "same": _l("Choose another player: a record cannot be merged with itself."),
    "missing": _l("That player is not in the roster any more. Reload the page."),
    "merged": _l("That record was already merged into another player. Reload the page."),
    "partners": _l("These two played together in one entry, so they are two people: they cannot be merged."),
}
TRENDS = {"up": _l("improving"), "down": _l("falling back"), "steady": _l("steady")}


def _refuse():
    if request.method == "GET":
        return error_response(403, _("Player pages are for the club's directors: sign in as the director of a "
                                     "tournament or a season on this device first."))
    return error_response(403, _("Only a director of the club can do that. Sign in as a director first."))


def _load(player_id: int) -> players.Player:
    """A player this director may see (``club.scope``); anyone else's is not found."""
    player = players.get_player(get_db(), player_id, scope())
    if player is None:
        abort(404)
    return player


@bp.get("/players/")
def index():
    if not is_club_director():
        return _refuse()
    return render("players/index.html", players=players.list_players(get_db(), scope()))


@bp.get("/players/<int:player_id>")
def show(player_id: int):
    if not is_club_director():
        return _refuse()
    player = _load(player_id)
    if player.merged_into:
        return redirect(url_for("players.show", player_id=player.merged_into), 301)
    db = get_db()
    seen = scope()
    evenings = players.evenings(db, player.id, seen)
    casual = players.casual_games(db, player, seen)
    record = history.record(evenings, casual)
    others = [p for p in players.list_players(db, seen) if p.id != player.id]
    return render("players/show.html", player=player, evenings=evenings, casual=casual, record=record,
                  trends=TRENDS, chart=evenings_svg(history.chart_points(evenings)), others=others,
                  aliases=players.aliases(db, player.id))


@bp.post("/players/<int:player_id>/initials")
def initials(player_id: int):
    if not is_club_director():
        return _refuse()
    player = _load(player_id)
    chosen = request.form.get("initials") == "yes"
    players.set_initials(get_db(), player.id, chosen)
    flash(_("Public pages show %(name)s as %(shown)s.", name=player.name,
            shown=players.initials(player.name) if chosen else player.name), "ok")
    return redirect(url_for("players.show", player_id=player.id), 303)


@bp.post("/players/<int:player_id>/merge")
def merge(player_id: int):
    """Merge another record (``other``) into this player: one person written two ways."""
    if not is_club_director():
        return _refuse()
    player = _load(player_id)
    other = whole_number(request.form.get("other"), below=SQLITE_MAX_INT)
    if other is None:
        flash(_("Choose the record to merge into this player."), "error")
        return redirect(url_for("players.show", player_id=player.id), 303)
    gone = players.get_player(get_db(), other, scope())
    if gone is None:
        flash(str(MERGE_REFUSALS["missing"]), "error")
        return redirect(url_for("players.show", player_id=player.id), 303)
    try:
        players.merge(get_db(), player.id, other)
    except players.PlayerError as error:
        flash(str(MERGE_REFUSALS[error.code]), "error")
        return redirect(url_for("players.show", player_id=player.id), 303)
    flash(_("%(gone)s is now a record of %(name)s: their evenings are listed here, and the name typed that way "
            "finds %(name)s.", gone=gone.name, name=player.name), "ok")
    return redirect(url_for("players.show", player_id=player.id), 303)
