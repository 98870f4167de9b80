"""Printable sheets: a game's score sheet as PDF, blank sheets for paper play, and the page to pick one."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, current_app, render_template, request
from flask_babel import get_locale
from scorekeeper.rules.i18n import _

from ..db import get_db
from ..i18n import local_day
from ..paths import beside_database, lock_base
from ..rules import PROFILES, RulesError, UnknownRules, get_profile
from ..sheets import PAPER_NAMES, UnknownPaper, paper_from, pdf_response, render_pdf
from ..sheets.cache import SHEET_FOLDER, sheet_cache
from ..sheets.facts import option_lines, reference, table_line
from ..stores import summary as summaries
from ..stores.errors import GameNotFound
from .errors import error_response
from .form_errors import in_words
from .seats import side_layout

bp = Blueprint("sheets", __name__)

#: Numbered rows on a blank sheet: room for a long game on one page of either paper.
BLANK_ROWS = 30


@bp.get("/sheets/")
def index():
    """A form to choose the rules and the paper of a blank sheet."""
    return render_template(
        "sheets/index.html", profiles=list(PROFILES.values()), papers=PAPER_NAMES,
    )


@bp.get("/sheets/blank.pdf")
def blank_sheet():
    """A blank score sheet with the chosen rules' tables printed beside the columns."""
    rules = (request.args.get("rules") or "").strip()
    if not rules:
        return error_response(400, _("Choose the rules the sheet is for, for example ?rules=bicycle."))
    try:
        profile = get_profile(rules)
    except UnknownRules as error:
        return error_response(404, error.message)
    options = {k: v for k, v in request.args.items() if k not in ("rules", "paper") and v != ""}
    try:
        profile = profile.with_options(profile.read_options(options))  # ?players=6&team_up=two_teams
    except RulesError as error:
        return error_response(400, in_words(error.message))
    try:
        paper = paper_from(request.args)
    except UnknownPaper as error:
        return error_response(400, str(error))
    pdf = render_pdf(
        "sheets/blank_pdf.html", paper=paper, profile=profile, sections=reference(profile),
        table_line=table_line(profile), rows=BLANK_ROWS, sides=side_layout(profile),
    )
    return pdf_response(pdf, f"canasta-blank-sheet-{profile.id}-{paper}.pdf")


@bp.get("/games/<game:game_id>/sheet.pdf")
def game_sheet(game_id: int):
    """A game's score sheet: every deal, what made it, the totals, the minimums, the winner, signatures."""
    try:
        paper = paper_from(request.args)
    except UnknownPaper as error:
        return error_response(400, str(error))
    try:
        summary = summaries.game_summary(get_db(), game_id)
    except GameNotFound as error:
        return error_response(404, error.message)
    game = summary.game
    played = local_day(game.created_at)
    # Rendered once per game version, paper and language, then served from memory or from the sheet folder beside
    # the database, which every worker process shares (sheets/cache.py).
    database = lock_base(current_app.config)  # the SQLite file, or a name in the data folder for PostgreSQL
    key = (database, game.id, game.version, game.code, paper, str(get_locale()))
    pdf = sheet_cache.get_or_render(key, lambda: render_pdf(
        "sheets/game_pdf.html",
        paper=paper,
        summary=summary,
        game=game,
        sides=game.sides,
        alone=all(side.alone for side in game.sides),
        profile=summary.profile,
        options=option_lines(summary.profile, get_profile(game.rules)),
        played=played,
    ), folder=beside_database(current_app.config) / SHEET_FOLDER)
    return pdf_response(pdf, f"canasta-game-{game.id}-{played.isoformat()}.pdf")
