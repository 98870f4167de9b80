"""The language switch, and the language a game or tournament fixes for every phone at it.

``POST /language`` remembers a person's choice in a cookie for a year and goes back to the page it came from.
``POST /games/<id>/language`` (anyone at the table) and ``POST /tournaments/<id>/language`` (the director) fix
a language for every phone at that game or tournament, and for its PDFs; an empty choice unfixes it.

Before every request, a route that names a game (``game_id``) or a tournament
(``tournament_id``, a table ``token``) looks up whether it fixed a language; ``scorekeeper.i18n`` then answers in
it. The queries are in ``stores.languages``.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, abort, current_app, flash, g, redirect, request, url_for
from flask_babel import refresh

from scorekeeper.rules.i18n import _

from ..db import get_db
from ..i18n import COOKIE, supported
from ..stores.errors import GameNotFound
from ..stores.languages import fix_game_language, fix_tournament_language, fixed_language
from .devices import route_table, routed_language
from .errors import error_response
from scorekeeper.web.tournaments.common import is_director

bp = Blueprint("language", __name__)

#: A year: the switch is a person's standing preference on their own phone.
COOKIE_AGE = 365 * 24 * 3600

#: For each route argument, what it names (``stores.languages``); a table's ``token`` is read with its table
#: (``devices.route_table``). The share code of a game (``/g/<code>``) is only a game's code on the games blueprint.
ROUTE_ARGS = {"game_id": "game", "tournament_id": "tournament"}


def _lookup(view_args: dict) -> str | None:
    if "game_id" in view_args:
        read, language = routed_language(view_args["game_id"])  # the game's route read it with the game
        if read:
            return supported(language)
    for key, kind in ROUTE_ARGS.items():
        if key in view_args:
            return supported(fixed_language(get_db(), kind, view_args[key]))
    if "token" in view_args:  # a table's link: its row is read with the language (``devices.route_table``)
        return supported(route_table(view_args["token"]))
    if "code" in view_args and request.blueprint == "games":
        return supported(fixed_language(get_db(), "game_code", view_args["code"]))
    return None


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
        response.set_cookie(COOKIE, language, max_age=COOKIE_AGE, samesite="Lax", httponly=True,
                            secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")))  # https: web/hosting.py
    else:
        response.delete_cookie(COOKIE)
    return response


def _fixed(language: str | None, fallback: str):
    """After a fix: the message in the language just chosen, and back to the page."""
    g.fixed_language = language

    refresh()
    flash(_("Every phone here now shows this language.") if language
          else _("Each phone now shows its own language."), "ok")
    return redirect(_back_to(request.form.get("next") or fallback), 303)


@bp.post("/games/<game:game_id>/language")
def fix_for_game(game_id: int):
    """Fix (or unfix) the language of one game for every phone at it and for its PDF sheet."""
    language = supported(request.form.get("language"))
    try:
        fix_game_language(get_db(), game_id, language, who=request.form.get("who") or None)
    except GameNotFound:
        abort(404)
    return _fixed(language, url_for("games.show", game_id=game_id))


@bp.post("/tournaments/<tournament:tournament_id>/language")
def fix_for_tournament(tournament_id: int):
    """Fix (or unfix) the language of a tournament: its pages, every table's phones and its PDFs. Director only."""

    if not is_director(tournament_id):
        return error_response(403, _("Only the tournament director can do that. Sign in as director first."))
    language = supported(request.form.get("language"))
    if not fix_tournament_language(get_db(), tournament_id, language):
        abort(404)
    return _fixed(language, url_for("tournaments.show", tournament_id=tournament_id))


@bp.app_context_processor
def language_switch_helpers():
    return {"language_scope": language_scope}
