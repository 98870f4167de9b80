"""The language switch, and the language a game or tournament fixes for every phone at it.

``POST /language`` remembers a person's choice in a cookie for a year and goes back to the page it came from.
``POST /games/<id>/language`` (anyone at the table) and ``POST /tournaments/<id>/language`` (the director) fix
a language for every phone at that game or tournament, and for its PDFs; an empty choice unfixes it.

Before every request, a route that names a game (``game_id``, a share ``code``) or a tournament
(``tournament_id``, a table ``token``) looks up whether it fixed a language; ``scorekeeper.i18n`` then answers in
it. The queries here are the only ones about languages.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, abort, flash, g, redirect, request, url_for
from flask_babel import gettext as _

from ..db import get_db
from ..i18n import COOKIE, supported
from . import error_response

bp = Blueprint("language", __name__)

#: A year: the switch is a person's standing preference on their own phone.
COOKIE_AGE = 365 * 24 * 3600

#: For each route argument, the query that finds the language fixed by the game or tournament it names.
#: A game's own choice wins over the tournament it belongs to.
LOOKUPS = {
    "game_id": "SELECT COALESCE(g.language, t.language) FROM games g"
               " LEFT JOIN tournament_tables tt ON tt.game_id = g.id"
               " LEFT JOIN tournaments t ON t.id = tt.tournament_id WHERE g.id = ?",
    "tournament_id": "SELECT language FROM tournaments WHERE id = ?",
    "token": "SELECT t.language FROM tournament_tables tt JOIN tournaments t ON t.id = tt.tournament_id"
             " WHERE tt.token = ?",
}
#: The share code of a game (``/g/<code>``) is only a game's code on the games blueprint.
GAME_CODE = "SELECT language FROM games WHERE code = ?"


def _lookup(view_args: dict) -> str | None:
    for key, sql in LOOKUPS.items():
        if key in view_args:
            return _first(sql, view_args[key])
    if "code" in view_args and request.blueprint == "games":
        return _first(GAME_CODE, view_args["code"])
    return None


def _first(sql: str, value) -> str | None:
    row = get_db().execute(sql, [value]).fetchone()
    return supported(row[0]) if row else None


@bp.before_app_request
def find_fixed_language() -> None:
    if request.view_args and not request.path.startswith("/api/"):
        g.fixed_language = _lookup(request.view_args)


def language_scope() -> dict | None:
    """What the page in hand can fix a language for: {"kind": "game"|"tournament", "url": ...}, or None."""
    args = request.view_args or {}
    if request.blueprint in {"games", "deals", "sheets"} and "game_id" in args:
        return {"kind": "game", "url": url_for("language.fix_for_game", game_id=args["game_id"])}
    if request.blueprint == "tournaments" and "tournament_id" in args:
        from .tournaments.common import is_director

        if is_director(args["tournament_id"]):
            return {"kind": "tournament",
                    "url": url_for("language.fix_for_tournament", tournament_id=args["tournament_id"])}
    return None


def _back_to(target: str | None) -> str:
    """Only a path on this site: never send a person elsewhere from the switch."""
    parts = urlsplit(target or "")
    if parts.scheme or parts.netloc or not parts.path.startswith("/") or parts.path.startswith("//"):
        return url_for("home.index")
    return parts.path + (f"?{parts.query}" if parts.query else "")


@bp.post("/language")
def choose():
    """Remember the chosen language on this phone; an unknown choice forgets it (the phone's own language)."""
    response = redirect(_back_to(request.form.get("next")), 303)
    language = supported(request.form.get("language"))
    if language:
        response.set_cookie(COOKIE, language, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    else:
        response.delete_cookie(COOKIE)
    return response


def _fix(table: str, row_id: int, fallback: str):
    language = supported(request.form.get("language"))
    db = get_db()
    with db.atomic():
        found = db.execute(f"UPDATE {table} SET language = ? WHERE id = ?", [language, row_id]).rowcount
    if not found:
        abort(404)
    g.fixed_language = language  # the message below is written in the language just chosen
    from flask_babel import refresh

    refresh()
    flash(_("Every phone here now shows this language.") if language
          else _("Each phone now shows its own language."), "ok")
    return redirect(_back_to(request.form.get("next") or fallback), 303)


@bp.post("/games/<int:game_id>/language")
def fix_for_game(game_id: int):
    """Fix (or unfix) the language of one game for every phone at it and for its PDF sheet."""
    return _fix("games", game_id, url_for("games.show", game_id=game_id))


@bp.post("/tournaments/<int:tournament_id>/language")
def fix_for_tournament(tournament_id: int):
    """Fix (or unfix) the language of a tournament: its pages, every table's phones and its PDFs. Director only."""
    from .tournaments.common import is_director

    if not is_director(tournament_id):
        return error_response(403, _("Only the tournament director can do that. Sign in as director first."))
    return _fix("tournaments", tournament_id, url_for("tournaments.show", tournament_id=tournament_id))


@bp.app_context_processor
def language_switch_helpers():
    return {"language_scope": language_scope}
