"""A game as a file: download it (JSON to import elsewhere, CSV for a spreadsheet), and import one."""

from __future__ import annotations

import json

from flask import Blueprint, Response, flash, redirect, request, url_for
from flask_babel import gettext as _

from scorekeeper.stores import transfer
from ..stores import games
from ..db import get_db
from .games import load_summary
from .htmx import render

bp = Blueprint("transfer", __name__)


def _download(body: str, mimetype: str, name: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'  # i18n: not for people
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/games/<int:game_id>/export.json")
def export_json(game_id: int):
    summary = load_summary(game_id)
    document = transfer.export_game(summary, games.list_deals(get_db(), game_id))
    return _download(json.dumps(document, ensure_ascii=False, indent=1), "application/json",
                     transfer.file_name(summary.game, "json"))


@bp.get("/games/<int:game_id>/export.csv")
def export_csv(game_id: int):
    summary = load_summary(game_id)
    return _download(transfer.export_csv(summary), "text/csv", transfer.file_name(summary.game, "csv"))


@bp.route("/games/import", methods=["GET", "POST"])
def import_game():
    error = None
    if request.method == "POST":
        upload = request.files.get("file")
        raw = upload.read(transfer.MAX_FILE_BYTES + 1) if upload else b""
        if not raw:
            error = _("Choose the file of a game (saved from a game's \"Download (JSON)\" link).")
        else:
            try:
                game_id = transfer.import_game(get_db(), raw)
            except transfer.ImportRefused as refused:
                error = refused.message
            else:
                flash(_("The game is imported, with every deal."), "ok")
                return redirect(url_for("games.show", game_id=game_id), 303)
    return render("games/import.html", status=422 if error else 200, error=error,
                  limit=transfer.MAX_FILE_BYTES // (1024 * 1024))
