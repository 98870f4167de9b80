"""A club's players (issue 30): the roster and each player's page in the director area (evenings, the casual
games this phone opened, averages, trend, best results, a chart over time), the player's choice for public pages,
a safe merge of two records of one person (a page saying what will change, no name chosen in advance, refused for
two who played the same evening, logged and undone from the log), and each member's own public page, reached from
the club's public page as far as their choice allows."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, request, url_for
from scorekeeper.rules.i18n import _

from ..db import get_db
from ..i18n import language_from_link
from ..stores import club_log, clubs, player_merge, players
from ..tournaments import history
from .club import director_only, load_club
from .club_words import MERGE_REFUSALS, SHOWN
from .devices import device_id
from .htmx import render
from .ladder_sheet import public_shown
from .player_chart import evenings_svg

bp = Blueprint("players", __name__)
bp.before_request(language_from_link)  # a member's page in the language of its link
bp.add_app_template_filter(players.initials, "initials")

TRENDS = {"up": _("improving"), "down": _("falling back"), "steady": _("steady")}


def _load(club, link: str) -> players.Player:
    """One of the club's players; another club's is not found."""
    player = players.by_link(get_db(), club.id, link)
    if player is None:
        abort(404)
    return player


def _person(club, link: str) -> players.Player:
    """The person a record stands for now (a merged record stands for the player it was merged into)."""
    player = _load(club, link)
    return players.get_player(get_db(), club.id, player.merged_into) if player.merged_into else player


@bp.get("/director/<club:club_id>/players")
@director_only
def index(club, director):
    return render("players/index.html", club=club, players=players.list_players(get_db(), club.id), shown=SHOWN)


@bp.get("/director/<club:club_id>/players/<link>")
@director_only
def show(club, director, link: str):
    player = _load(club, link)
    if player.merged_into:
        return redirect(url_for("players.show", club_id=club.id, link=_person(club, link).link), 301)
    db = get_db()
    evenings = players.evenings(db, club.id, player.id)
    casual = players.casual_games(db, player, device_id())
    return render("players/show.html", club=club, player=player, evenings=evenings, casual=casual,
                  record=history.record(evenings, casual), trends=TRENDS, shown=SHOWN, written=str,
                  chart=evenings_svg(history.chart_points(evenings)), aliases=players.aliases(db, club.id, player.id),
                  evening_link=lambda e: url_for("tournaments.entry", tournament_id=e.tournament_id,
                                                 entry_id=e.entry_id))


@bp.post("/director/<club:club_id>/players/<link>/shown")
@director_only
def set_shown(club, director, link: str):
    """The player's own choice for public pages: their full name, their initials, or not shown."""
    player = _person(club, link)
    chosen = request.form.get("shown", "")
    try:
        players.set_shown(get_db(), club.id, player, chosen, director=director)
    except players.PlayerError as error:
        flash(str(MERGE_REFUSALS[error.code]), "error")
    else:
        flash(_("Public pages now show %(name)s: %(shown)s.", name=player.name, shown=SHOWN[chosen]), "ok")
    return redirect(url_for("players.show", club_id=club.id, link=player.link), 303)


@bp.get("/director/<club:club_id>/players/<link>/merge")
@director_only
def merge_page(club, director, link: str):
    """Choose the other record (nothing chosen in advance), then see what the merge will change before it is made."""
    player = _person(club, link)
    db = get_db()
    other_link = request.args.get("other") or ""
    plan, refusal = None, None
    if other_link:
        other = players.by_link(db, club.id, other_link)
        try:
            if other is None:
                raise players.PlayerError("missing")
            plan = player_merge.plan(db, player, other)
        except players.PlayerError as error:
            refusal = MERGE_REFUSALS[error.code]
        else:
            refusal = None if plan.allowed else MERGE_REFUSALS["together"]
    others = [p for p in players.list_players(db, club.id) if p.id != player.id]
    return render("players/merge.html", club=club, player=player, others=others, plan=plan, refusal=refusal,
                  shown=SHOWN, status=422 if refusal else 200)


@bp.post("/director/<club:club_id>/players/<link>/merge")
@director_only
def merge(club, director, link: str):
    """Merge the other record (``other``: its link) into this player, as the merge page said."""
    player = _person(club, link)
    db = get_db()
    other = players.by_link(db, club.id, request.form.get("other") or "")
    try:
        if other is None:
            raise players.PlayerError("missing")
        item = player_merge.merge(db, club.id, player.id, other.id, director=director)
    except players.PlayerError as error:
        flash(str(MERGE_REFUSALS[error.code]), "error")
        return redirect(url_for("players.merge_page", club_id=club.id, link=player.link,
                                other=other.link if other else None), 303)
    flash(_("%(gone)s is now a record of %(name)s: their evenings are listed here, and the name typed that way "
            "finds %(name)s. The club's log can undo it.", gone=other.name, name=player.name), "ok")
    return redirect(url_for("players.show", club_id=club.id, link=player.link) + f"#log-{item}", 303)


@bp.post("/director/<club:club_id>/log/<int:item_id>/undo")
@director_only
def undo_merge(club, director, item_id: int):
    """Undo a merge from its line in the club's log."""
    db = get_db()
    item = club_log.get_item(db, club.id, item_id)
    if item is None:
        abort(404)
    try:
        back = player_merge.undo_merge(db, club.id, item, director=director)
    except players.PlayerError as error:
        flash(str(MERGE_REFUSALS[error.code]), "error")
        return redirect(url_for("directors.log", club_id=club.id), 303)
    flash(_("Undone: %(name)s is a player of their own again, with their evenings.", name=back.name), "ok")
    return redirect(url_for("players.show", club_id=club.id, link=back.link), 303)


# --- A member's own page ------------------------------------------------------------------------------------


@bp.get("/clubs/<public_club:club_id>/players/<link>")
def public(club_id: int, link: str):
    """A member's results at home: their evenings, partners, places, points, VP and trend, as their choice for
    public pages allows (a player who chose not to be shown has no page)."""
    club = load_club(club_id)
    player = _person(club, link)
    if player.shown == "hidden":
        abort(404)
    db = get_db()
    evenings = players.evenings(db, club.id, player.id, finished=True)
    shown = public_shown(players.shown_choices(db, club.id))
    tokens = {t.id: t.results_token for t in clubs.evenings(db, club.id)}
    return render("players/public.html", club=club, player=player, name=shown(player.name), evenings=evenings,
                  record=history.record(evenings, []), trends=TRENDS, written=shown,
                  chart=evenings_svg(history.chart_points(evenings)),
                  evening_link=lambda e: url_for("results.evening", link=tokens[e.tournament_id]))
