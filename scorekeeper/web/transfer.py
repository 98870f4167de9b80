"""A game as a file: download it (JSON to import elsewhere, CSV for a spreadsheet), and import one."""

from __future__ import annotations

import io
import json

from flask import Blueprint, Response, flash, redirect, request, url_for
from scorekeeper.rules.i18n import _

from scorekeeper.stores import imports, transfer
from ..stores import games
from ..db import get_db
from .devices import device_id
from .limits import game_wait, too_many_games
from .scorepad import load_summary
from .htmx import render

bp = Blueprint("transfer", __name__)


def _download(body: str, mimetype: str, name: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'  # i18n: not for people
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/games/<game:game_id>/export.json")
def export_json(game_id: int):
    summary = load_summary(game_id)
    document = transfer.export_game(summary, games.list_deals(get_db(), game_id))
    return _download(json.dumps(document, ensure_ascii=False, indent=1), "application/json",
                     transfer.file_name(summary.game, "json"))


@bp.get("/games/<game:game_id>/export.csv")
def export_csv(game_id: int):
    summary = load_summary(game_id)
    return _download(csv_text(summary), "text/csv", transfer.file_name(summary.game, "csv"))


def csv_text(summary) -> str:
    """One row per deal, in the reader's words: who dealt, how it was entered (in cut-throat, who played alone),
    and each side's score, total, next minimum and what it made (canastas, going out, red threes)."""
    out = io.StringIO()
    writer = transfer.csv_writer(out)
    sides = summary.game.sides
    alone = summary.profile.cut_throat  # who played alone this deal (docs/RULES.md §5.3)
    names = {side.key: side.name for side in sides}
    head = [_("deal"), _("dealer"), _("entered"), _("by")] + ([_("played alone")] if alone else [])
    columns = (_("deal"), _("total"), _("needs to open"), _("canastas"), _("went out"), _("red threes"))
    for side in sides:
        head += [_("%(side)s: %(column)s", side=side.name, column=column) for column in columns]
    writer.writerow(head)
    for row in summary.rows:
        line = [row.number, row.dealer, _("card by card") if row.mode == "cards" else _("by totals"), row.who or ""]
        line += [names.get(row.lone_hand, _("nobody"))] if alone else []
        for side in sides:
            cell = row.sides[side.key]
            went_out = _("concealed") if cell.concealed else _("yes") if cell.went_out else _("no")
            line += [cell.deal, cell.total, cell.minimum, cell.canastas, went_out, cell.red_threes]
        writer.writerow(line)
    return out.getvalue()


def _import_page(error: str | None, status: int):
    return render("games/import.html", status=status if error else 200, error=error,
                  limit=imports.MAX_FILE_BYTES // (1024 * 1024))


@bp.route("/games/import", methods=["GET", "POST"])
def import_game():
    error, status = None, 422
    if request.method == "POST":
        upload = request.files.get("file")
        raw = upload.read(imports.MAX_FILE_BYTES + 1) if upload else b""
        if not raw:
            error = _("Choose the file of a game (saved from a game's \"Download (JSON)\" link).")
        elif wait := game_wait():  # an import makes a game: counted as the new-game form counts
            error, status = too_many_games(wait), 429
        else:
            try:
                game_id, again = imports.import_file(get_db(), raw, owner=device_id())
            except imports.ImportRefused as refused:
                error = refused.message
                # A file that cannot be a game is a bad request (400; 413 when over the limit); a form sent
                # without a file stays a refused form (422).
                status = 413 if len(raw) > imports.MAX_FILE_BYTES else 400
            else:
                if again:
                    flash(_("This file was already imported: here is the game it made. Nothing was added."), "ok")
                else:
                    flash(_("The game is imported, with every deal."), "ok")
                return redirect(url_for("games.show", game_id=game_id), 303)
    return _import_page(error, status)


@bp.errorhandler(413)
def too_large(error):
    """A request too large to read at all (werkzeug stops it before the view): the import page, saying the limit."""
    return _import_page(imports.too_large().message, 413)
