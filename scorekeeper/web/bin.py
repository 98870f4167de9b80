"""The bin: games deleted in the last 30 days, each restorable as it was."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from scorekeeper.rules.i18n import _

from scorekeeper.stores import bin as game_bin
from ..stores.errors import GameNotFound
from ..db import get_db
from .devices import device_id

bp = Blueprint("bin", __name__)


@bp.get("/games/bin")
def index():
    db = get_db()
    game_bin.sweep(db)
    return render_template("games/bin.html", games=game_bin.binned_games(db, device_id()), days=game_bin.BIN_DAYS)


@bp.post("/games/<game:game_id>/restore")
def restore(game_id: int):
    try:
        game_bin.restore_game(get_db(), game_id, who=(request.form.get("who") or "").strip() or None)
    except GameNotFound:
        abort(404)
    flash(_("The game is back, with all its deals."), "ok")
    return redirect(url_for("games.show", game_id=game_id), 303)
