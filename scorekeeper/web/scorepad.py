"""The scorepad as the game views and the deal views show it: a game or its summary loaded for a request (404
when there is none), the game's share and rules links, and everything the scorepad's template needs. Shared by
``web.games`` and ``web.deals`` (and the downloads of ``web.transfer``) so that no view imports another's."""

from __future__ import annotations

import json

from flask import abort, current_app, g, url_for
from flask_babel import get_locale
from markupsafe import Markup

from ..db import get_db
from ..rules import get_profile
from ..scorepad.rows import MODES
from ..scorepad.summary import GameSummary
from ..stores import changes as change_log
from ..stores import games
from ..stores import summary as summaries
from ..stores.errors import GameNotFound
from .addresses import absolute
from .devices import routed_game
from .forms import deal_form
from .fresh_form import empty_fields, outer_form


def load_game(game_id: int) -> dict:
    game = routed_game(game_id) or games.get_game(get_db(), game_id)
    if game is None:
        abort(404)
    return game


def load_summary(game_id: int) -> GameSummary:
    """The game's summary with every deal's breakdown (cached by version in the store), or 404; ``summary.game`` is
    the game row. The row the route read is used once (``web.devices.routed_game``), not read again."""
    try:
        return summaries.game_summary(get_db(), game_id, routed_game(game_id))
    except GameNotFound:
        abort(404)


def load_standing(game_id: int) -> GameSummary:
    """The game's summary as adding a deal needs it (``stores.summary.game_standing``: scoring nothing when its
    deals' running totals are kept), or 404."""
    try:
        return summaries.game_standing(get_db(), game_id, routed_game(game_id))
    except GameNotFound:
        abort(404)


def share_url(game: dict) -> str:
    """The game's own address, which other phones open to play it (``PUBLIC_URL``, or an address the server
    listens on: ``web.addresses``)."""
    return absolute(url_for("games.show", game_id=game.id))


def rules_url(game) -> str:
    """The rules page of this game: its rules with the club options it changed (as the referee reads them)."""
    defaults = get_profile(game.rules).option_values()
    changed = {name: value for name, value in (game.options or {}).items() if defaults.get(name) != value}
    return url_for("referee.rules", profile_id=game.rules, options=json.dumps(changed) if changed else None)


def scorepad_context(game, summary: GameSummary | None = None, form=None, mode: str | None = None,
                     play_on: bool = False, **extra) -> dict:
    """Everything the scorepad shows; pass the request's summary of the game so it is not scored again."""
    db = get_db()
    if summary is None:
        summary = summaries.game_summary(db, game.id)
    mode = mode if mode in MODES else "totals"
    fresh = form is None
    if fresh:  # the outer part of the empty form; its sides' fields come rendered (web/fresh_form.py)
        form = outer_form(summary.profile, summary.game, mode, summary.version)
    context = {
        "game": summary.game,
        "summary": summary,
        "form": form,
        "mode": form.deal_mode,
        "errors": {},
        "result": None,
        "meld_checks": {},
        "questions": (),
        "needs_confirm": False,
        "conflict": None,
        "can_record": not summary.game.locked and (play_on or not summary.game_over),
        "play_on": play_on,
        "share_url": share_url(summary.game),
        "rules_url": rules_url(summary.game),
    }
    context.update(extra)
    if "undo" not in extra:  # the caller may know them: after a save, the save itself and nothing to redo
        context["undo"] = change_log.last_undoable(db, game.id)
    if "redo" not in extra:
        context["redo"] = change_log.last_redoable(db, game.id)
    if fresh and context["form"] is form:
        if any(context[k] for k in ("errors", "result", "meld_checks", "questions", "needs_confirm")):
            context["form"] = deal_form(summary.profile, summary.game, mode, data={"version": summary.version})
        else:
            context["fields_html"] = empty_fields(summary.game, form)  # rendered once per setup, mode and language
    return context


def next_deal_head(summary: GameSummary) -> Markup:
    """``deals/_next_deal.html`` for ``summary``, rendered once per request and language: the deal form's head and
    the scoreboard's copy of it for the page script are the same, and a save's answer holds both."""
    kept = g.setdefault("next_deal_heads", {})
    key = (summary.game.id, summary.version, str(get_locale()))
    if key not in kept:
        kept[key] = Markup(current_app.jinja_env.get_template("deals/_next_deal.html").render(summary=summary))
    return kept[key]
