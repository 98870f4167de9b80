"""A game as a file: export (JSON), so a game can move to another laptop, and the one CSV writer every CSV goes
through (``csv_writer``; a game's CSV for a spreadsheet is words, written by ``web/transfer.py``).

The JSON file is ``{"format": "canasta-scorekeeper/1", "game": {...}}``. The game holds ``rules`` (the profile
id), ``options`` (every club option of that profile, by the names ``GET /api/v1/rules/{id}`` lists, with the value
in force), the sides with their names and players, every deal with its ``sides`` in the shape of
``POST /api/v1/score/deal`` (docs/API.md) and, in cut-throat, the ``lone_hand`` who played alone (the engine's
answer, read again from the sides on import), and the totals, minimums and winner that follow from them.

``stores.imports`` reads such a file back in, refusing (and writing nothing) what is not a game this server could
have played. Every CSV the app writes goes through ``csv_writer``.
"""

from __future__ import annotations

import csv
import json
import re

from scorekeeper.db.contract import Database

from scorekeeper.rules import deal_to_dict, parse_deal
from scorekeeper.rules.i18n import Words
from scorekeeper.stores import games
from scorekeeper.stores.errors import GameNotFound
from scorekeeper.scorepad.rows import Deal, Game
from scorekeeper.scorepad.summary import GameSummary
from scorekeeper.stores.summary import game_summary


FORMAT = "canasta-scorekeeper/1"
FORMAT_NAME, FORMAT_VERSION = "canasta-scorekeeper", 1


# --------------------------------------------------------------------------------------
# Deals: the engine's shape
# --------------------------------------------------------------------------------------


def deal_to_json(sides_data: dict, before: dict[str, int], profile=None) -> dict:
    """A stored deal's ``sides`` in the shape of POST /api/v1/score/deal, read and written back by the engine
    (``rules.deal_io``, under the game's ``profile``: its cards keep their suits where sequences are melded), so the
    file holds exactly what the engine would read."""
    sides, before = parse_deal({"sides": sides_data, "before": before}, profile)
    return deal_to_dict(sides, before)["sides"]


# --------------------------------------------------------------------------------------
# Export
# --------------------------------------------------------------------------------------


def export_game(summary: GameSummary, stored_deals: list[Deal]) -> dict:
    """The whole game as the JSON document of the export (``stored_deals``: the game's deals, in order)."""
    game, profile = summary.game, summary.profile
    deals = []
    totals = {k: 0 for k in summary.side_keys}
    by_id = {deal.id: deal for deal in stored_deals}
    for row in summary.rows:
        deal = by_id[row.deal_id]
        deals.append({"number": row.number, "mode": deal.mode, "sides": deal_to_json(deal.sides, totals, profile),
                      "who": deal.who, "created_at": deal.created_at,
                      **({"lone_hand": row.lone_hand} if row.lone_hand else {})})
        totals = {k: side.total for k, side in row.sides.items()}
    return {
        "format": FORMAT,
        "game": {
            "rules": profile.id,
            "options": profile.option_values(),
            "sides": [side.to_dict() for side in game.sides],
            "first_dealer": game.first_dealer,
            "created_at": game.created_at,
            "deals": deals,
            "totals": dict(summary.totals),
            "minimums": dict(summary.minimums),
            "game_over": summary.game_over,
            "winner": summary.winner,
        },
    }


#: A spreadsheet reads a cell starting with one of these as a formula, or the start of one (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def inert(cell):
    """A CSV cell that a spreadsheet shows as text: one that starts like a formula gets a leading apostrophe;
    a plain number (a negative one too) stays a number. Words are written as the reader reads them."""
    if isinstance(cell, Words):
        cell = str(cell)
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


class _InertWriter:
    """A csv writer whose every cell goes through ``inert``."""

    def __init__(self, out):
        self._writer = csv.writer(out)

    def writerow(self, row) -> None:
        self._writer.writerow([inert(cell) for cell in row])


def csv_writer(out) -> _InertWriter:
    """The one way the app writes CSV (a game's export, a tournament's results): every cell made inert, so a
    name typed at the table never runs as a formula in the spreadsheet that opens the file."""
    return _InertWriter(out)


def file_name(game: Game, extension: str) -> str:
    names = "-".join(re.sub(r"[^A-Za-z0-9]+", "-", s.name).strip("-").lower() for s in game.sides)
    return f"game-{game.id}-{names or 'canasta'}.{extension}"


# --------------------------------------------------------------------------------------
# Everything at once (scorekeeper export DIR)
# --------------------------------------------------------------------------------------

#: Columns never written to a file: secrets that open a tournament or a table.
_SECRET_COLUMNS = {"password_hash", "token", "code"}
_TOURNAMENT_TABLES = ("tournament_entries", "tournament_rounds", "tournament_tables", "tournament_log")


def game_document(db: Database, game_id: int) -> dict:
    """The export of one game, read from the database."""
    return export_game(game_summary(db, game_id), games.list_deals(db, game_id))


def tournament_document(db: Database, tournament_id: int) -> dict:
    """A tournament's record (without its secrets), its entries, rounds, tables and log, and each table's game."""
    def rows(sql: str, params) -> list[dict]:
        return [{k: v for k, v in dict(r).items() if k not in _SECRET_COLUMNS} for r in db.execute(sql, params)]

    tournament = rows("SELECT * FROM tournaments WHERE id = ?", [tournament_id])[0]
    parts = {name: rows(f"SELECT * FROM {name} WHERE tournament_id = ? ORDER BY id", [tournament_id])
             for name in _TOURNAMENT_TABLES}
    games = {}
    for table in parts["tournament_tables"]:
        try:
            games[str(table["game_id"])] = game_document(db, table["game_id"])["game"]
        except GameNotFound:
            continue
    return {"format": FORMAT, "tournament": {**tournament, **{k.removeprefix("tournament_"): v
                                                              for k, v in parts.items()}, "games": games}}


def export_all(db: Database, folder) -> list[tuple[str, str]]:
    """Write every game and every tournament as JSON files into ``folder``; each file's name and the address of
    what it holds (``/games/<link>``, ``/tournaments/<link>``: the number is no address)."""
    from pathlib import Path

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for game in games.list_games(db):
        path = folder / file_name(game, "json")
        path.write_text(json.dumps(game_document(db, game.id), ensure_ascii=False, indent=1), encoding="utf-8")
        written.append((path.name, f"/games/{game.link}"))
    for tournament_id, link in db.execute("SELECT id, link FROM tournaments ORDER BY id").fetchall():
        path = folder / f"tournament-{tournament_id}.json"
        path.write_text(json.dumps(tournament_document(db, tournament_id), ensure_ascii=False, indent=1),
                        encoding="utf-8")
        written.append((path.name, f"/tournaments/{link}"))
    return written
