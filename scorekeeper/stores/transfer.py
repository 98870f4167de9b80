"""A game as a file and back: export (JSON and CSV) and import, so a game can move to another laptop.

The JSON file is ``{"format": "canasta-scorekeeper/1", "game": {...}}``. The game holds ``rules`` (the profile
id), ``options`` (every club option of that profile, by the names ``GET /api/v1/rules/{id}`` lists, with the value
in force), the sides with their names and players, every deal with its ``sides`` in the shape of
``POST /api/v1/score/deal`` (docs/API.md), and the totals, minimums and winner that follow from them.

Importing refuses, and writes nothing, when the file is malformed, comes from a newer format, or is
inconsistent (its totals do not follow from its deals); ``ImportRefused.kind`` says which.
"""

from __future__ import annotations

import csv
import io
import json
import re

from sqlite_utils import Database

from scorekeeper import clock
from scorekeeper.rules import RulesError, deal_to_dict, game_state, get_profile, parse_deal, profile_options
from scorekeeper.stores import changes, games
from scorekeeper.stores.deals import MAX_DEALS
from scorekeeper.stores.errors import GameNotFound, InvalidGame
from scorekeeper.stores.games import MODES, Deal, Game
from scorekeeper.stores.summary import GameSummary, game_summary, score, summarise

# The import page answers in the request's language, the command in the terminal's (both set through rules.i18n).
from scorekeeper.rules.i18n import _
from scorekeeper.rules.i18n import number as format_number

FORMAT = "canasta-scorekeeper/1"
FORMAT_NAME, FORMAT_VERSION = "canasta-scorekeeper", 1
#: The largest file the import page and command read (a 500-deal game card by card is about 300 kB).
MAX_FILE_BYTES = 2 * 1024 * 1024


class ImportRefused(ValueError):
    """A file that cannot be imported: ``kind`` is "malformed", "newer" or "inconsistent"."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
        self.message = message


def _malformed(message: str) -> ImportRefused:
    return ImportRefused("malformed", _("This file cannot be read as a scorekeeper game: %(reason)s", reason=message))


def _inconsistent(message: str) -> ImportRefused:
    return ImportRefused("inconsistent", _("This file does not add up, so nothing was imported: %(reason)s",
                                           reason=message))


# --------------------------------------------------------------------------------------
# Deals: the engine's shape
# --------------------------------------------------------------------------------------


def deal_to_json(sides_data: dict, before: dict[str, int]) -> dict:
    """A stored deal's ``sides`` in the shape of POST /api/v1/score/deal, read and written back by the engine
    (``rules.deal_io``), so the file holds exactly what the engine would read."""
    sides, before = parse_deal({"sides": sides_data, "before": before})
    return deal_to_dict(sides, before)["sides"]


def deal_from_json(profile, sides_data, before: dict[str, int], names: dict[str, str]):
    """Score one imported deal with the engine (which reads it); raises RulesError for what it refuses."""
    return score(profile, sides_data, before, names)


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
        deals.append({"number": row.number, "mode": deal.mode, "sides": deal_to_json(deal.sides, totals),
                      "who": deal.who, "created_at": deal.created_at})
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
    a plain number (a negative one too) stays a number."""
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


def export_csv(summary: GameSummary) -> str:
    """One row per deal: who dealt, how it was entered, and each side's score, total, next minimum and what it
    made (canastas, going out, red threes)."""
    out = io.StringIO()
    writer = csv_writer(out)
    sides = summary.game.sides
    head = [_("deal"), _("dealer"), _("entered"), _("by")]
    columns = (_("deal"), _("total"), _("needs to open"), _("canastas"), _("went out"), _("red threes"))
    for side in sides:
        head += [_("%(side)s: %(column)s", side=side.name, column=column) for column in columns]
    writer.writerow(head)
    for row in summary.rows:
        line = [row.number, row.dealer, _("card by card") if row.mode == "cards" else _("by totals"), row.who or ""]
        for side in sides:
            cell = row.sides[side.key]
            went_out = _("concealed") if cell.concealed else _("yes") if cell.went_out else _("no")
            line += [cell.deal, cell.total, cell.minimum, cell.canastas, went_out, cell.red_threes]
        writer.writerow(line)
    return out.getvalue()


def file_name(game: Game, extension: str) -> str:
    names = "-".join(re.sub(r"[^A-Za-z0-9]+", "-", s.name).strip("-").lower() for s in game.sides)
    return f"game-{game.id}-{names or 'canasta'}.{extension}"


# --------------------------------------------------------------------------------------
# Import
# --------------------------------------------------------------------------------------


def read_document(raw: bytes | str) -> dict:
    """The file's JSON, with its format checked; ImportRefused when it is not one this version reads."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_FILE_BYTES:
            raise _malformed(_("it is far larger than any game."))
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise _malformed(_("it is not a text file.")) from None
    try:
        document = json.loads(raw)
    except ValueError:
        raise _malformed(_("it is not JSON (was it saved from the game's \"Download (JSON)\" link?).")) from None
    if not isinstance(document, dict) or not isinstance(document.get("format"), str):
        raise _malformed(_("it does not say which format it is in."))
    name, _slash, version = document["format"].partition("/")
    if name != FORMAT_NAME or not version.isdigit():
        raise _malformed(_("its format \"%(format)s\" is not a scorekeeper game.", format=document["format"][:40]))
    if int(version) > FORMAT_VERSION:
        raise ImportRefused("newer", _("This file was written by a newer scorekeeper (format %(theirs)s; this one "
                                       "reads format %(ours)s). Update the scorekeeper, then import it.",
                                       theirs=int(version), ours=FORMAT_VERSION))
    if not isinstance(document.get("game"), dict):
        raise _malformed(_("it holds no game."))
    return document["game"]


def _field(game: dict, name: str, kind, problem: str):
    """``game[name]`` when it is a ``kind``; else the file is refused, saying ``problem``."""
    value = game.get(name)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise _malformed(problem)
    return value


def _profile(game: dict):
    rules = _field(game, "rules", str, _("the rules are missing or not a rule set's name."))
    options = _field(game, "options", dict, _("the club options are missing or of the wrong kind."))
    try:
        profile = get_profile(rules)
        known = {opt.name for opt in profile_options(profile)}
        return profile.with_options({k: v for k, v in options.items() if k in known}), options
    except RulesError as error:
        raise _malformed(error.message) from None


def _deals(game: dict) -> list[dict]:
    deals = _field(game, "deals", list, _("the list of deals is missing or of the wrong kind."))
    if len(deals) > store_limit():
        raise _malformed(_("it holds %(count)s deals, more than a game may have (%(most)s).",
                           count=format_number(len(deals)), most=format_number(store_limit())))
    for n, deal in enumerate(deals, 1):
        if not isinstance(deal, dict) or not isinstance(deal.get("sides"), dict):
            raise _malformed(_("deal %(number)s has no sides.", number=n))
        if deal.get("mode", "totals") not in MODES:
            raise _malformed(_("deal %(number)s was entered in an unknown way.", number=n))
    return deals


def store_limit() -> int:
    return MAX_DEALS


def import_game(db: Database, raw: bytes | str, *, who: str | None = "import") -> int:
    """Import a game from its JSON export; its id. ImportRefused (and nothing written) when it cannot be."""
    game = read_document(raw)
    profile, options = _profile(game)
    sides = _field(game, "sides", list, _("the sides are missing or of the wrong kind."))
    deals = _deals(game)
    first_dealer = game.get("first_dealer", 0)
    if not isinstance(first_dealer, int) or isinstance(first_dealer, bool):
        raise _malformed(_("who dealt first is not a seat number."))
    with db.atomic():
        try:
            game_id = games.create_game(db, rules=profile.id, options=options, sides=sides,
                                        first_dealer=first_dealer, who=who)
        except (InvalidGame, RulesError) as error:
            raise _malformed(error.message) from None
        row = games.get_game(db, game_id)
        _write_deals(db, row, profile, deals)
        summary = summarise(row, games.list_deals(db, game_id))
        _check_adds_up(game, summary)
        db.execute("UPDATE games SET status = ?, winner = ?, version = version + ? WHERE id = ?",
                   ["finished" if summary.game_over else "playing", summary.winner, len(deals), game_id])
        changes.record_change(db, game_id=game_id, deal_id=None, action="import", before=None,
                            after={"deals": len(deals), "totals": summary.totals}, who=who,
                            reason="imported from a file")  # i18n: not for people (an audit note)
    return game_id


def _write_deals(db: Database, game: Game, profile, deals: list[dict]) -> None:
    totals = {s.key: 0 for s in game.sides}
    names = games.side_names(game)
    stamp = clock.stamp()
    for n, deal in enumerate(deals, 1):
        if set(deal["sides"]) != set(totals):
            raise _inconsistent(_("deal %(number)s is not for the game's sides (%(sides)s).", number=n,
                                  sides=", ".join(names.values())))
        if game_state(profile, totals)[0]:
            raise _inconsistent(_("deal %(number)s comes after the game was already won.", number=n))
        try:
            result = deal_from_json(profile, deal["sides"], totals, names)
        except RulesError as error:
            raise _inconsistent(_("deal %(number)s cannot be scored: %(reason)s", number=n,
                                  reason=error.message)) from None
        totals = {k: result.sides[k].total for k in totals}
        db.execute(
            "INSERT INTO deals (game_id, seq, mode, sides, who, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [game.id, n, deal.get("mode", "totals"), json.dumps(deal["sides"], ensure_ascii=False),
             (str(deal.get("who") or "")[:60]) or None, str(deal.get("created_at") or stamp)[:40], stamp],
        )


def _points(value) -> str:
    return format_number(value) if isinstance(value, int) and not isinstance(value, bool) else str(value)


def _check_adds_up(game: dict, summary: GameSummary) -> None:
    if summary.problems:
        raise _inconsistent(summary.problems[0])
    checks = (("totals", _("the totals are missing."),
               _("it gives %(side)s a total of %(stated)s, but its deals make %(made)s.")),
              ("minimums", _("the minimums to open are missing."),
               _("it gives %(side)s a minimum to open of %(stated)s, but its deals make %(made)s.")))
    for key, missing, differs in checks:
        stated = game.get(key)
        if stated is None and key == "minimums":
            continue
        if not isinstance(stated, dict):
            raise _malformed(missing)
        for side in summary.side_keys:
            made = getattr(summary, key)[side]
            if stated.get(side) != made:
                raise _inconsistent(differs % {"side": summary.side_name(side), "made": format_number(made),
                                               "stated": _points(stated.get(side))})


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


def export_all(db: Database, folder) -> list[str]:
    """Write every game and every tournament as JSON files into ``folder``; the names written."""
    from pathlib import Path

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for game in games.list_games(db):
        path = folder / file_name(game, "json")
        path.write_text(json.dumps(game_document(db, game.id), ensure_ascii=False, indent=1), encoding="utf-8")
        written.append(path.name)
    for (tournament_id,) in db.execute("SELECT id FROM tournaments ORDER BY id").fetchall():
        path = folder / f"tournament-{tournament_id}.json"
        path.write_text(json.dumps(tournament_document(db, tournament_id), ensure_ascii=False, indent=1),
                        encoding="utf-8")
        written.append(path.name)
    return written
