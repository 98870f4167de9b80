"""A season as one file and back: its tournaments (entries, rounds, tables, each table's game and deals), its
players (with the spellings merged into each) and its ladder, so a season moves from the club laptop to
another server, a hosted one included.

The file is ``{"format": "canasta-scorekeeper-season/1", "season": {...}, "players": [...], "tournaments":
[{"row", "entries", "rounds", "tables": [{"row", "game": {"row", "deals"}}]}], "ladder": [...]}``: rows as
stored, without their numbers (the importing server gives its own; entries are named by their number). The
season and each tournament keep the secret of their public results link, which is how a file that would
duplicate what is there is recognised and refused: importing the same season twice, or a season holding a
tournament already on the server. A table's link and code are made anew (a printed card of the other server
does not open a table here), and so are the season's, each tournament's and each game's own link: the file's
are the other server's secrets, and a file could carry any. The director's log and sign-ins stay behind.

A season is imported into a club (issue 30), by one of its directors: its evenings become the club's, and its
players join the club's roster only. A player the club already has (by a name or a merged spelling) keeps their
own choice for public pages; only the players new to the club take the file's. Nothing of another club is read
or written.

Importing writes nothing unless all of it goes in, and its ladder comes out as the file's (else it is refused
as ``inconsistent``). A file is read as hostile (``stores.files``: its size, its nesting, text that is not text)
and held to the bounds of the forms that make a season and its evenings (``_check``: names, rounds, evenings,
entries; every player it lists plays in one of its evenings). Facts only: ``SeasonImportRefused.code`` names the problem; the web layer words it.
"""

from __future__ import annotations

import json
import secrets

from scorekeeper.db.contract import Conflict, Database

from scorekeeper.stores.codes import unique_code
from scorekeeper.rules import RulesError
from scorekeeper.stores.tournaments import access, records, results
from scorekeeper.stores.tournaments.base import TournamentError
from . import files, players, seasons
from .club_log import log
from .devices import new_link
from .deals import keep_running
from .games import CODE_ALPHABET, get_game
from ..tournaments.ladder import LadderRulesError, Rules

FORMAT = "canasta-scorekeeper-season/1"
#: The largest season file read (its import page says so): a year of a weekly club's evenings (48 of 8 pairs, every
#: deal of every table) is about 2 MB, so a season moves as one file with room to spare. Its page takes a request of
#: the file and ``FORM_BYTES`` of form besides (``web.limits.LARGER_BODIES``), the only one over the app's 1 MB.
MAX_FILE_BYTES = 8 * 1024 * 1024
FORM_BYTES = 64 * 1024
MAX_REQUEST_BYTES = MAX_FILE_BYTES + FORM_BYTES
#: How deep a season's file nests (the file, its tournaments, one, its tables, one, its game, its deals: 7).
MAX_DEPTH = 10
#: The bounds of the forms (seasons.NAME_MAX, a tournament's name and rounds, a player's name) and of a season.
TOURNAMENT_NAME_MAX, MAX_ROUNDS, MAX_ROUND_LIMIT = 80, 30, 600
MAX_EVENINGS, MAX_ENTRIES, MAX_ALIASES = 100, 400, 20
#: Columns each server gives itself, never copied from a file.
OWN = {"id", "season_id", "tournament_id", "round_id", "game_id", "entry_id", "ladder", "club_id", "link"}


class SeasonImportRefused(ValueError):
    """A file that cannot be imported: ``code`` is "malformed", "newer", "duplicate", "inconsistent", one of
    ``stores.files``'s ("too_large", "not_text", "not_json", "too_deep"), "too_long" (a name), "too_many_evenings",
    "too_many_rounds", "too_many_entries" or "stray_players"."""

    def __init__(self, code: str, name: str = "", limit: int = 0):
        super().__init__(code)
        self.code = code
        self.name = name  # the season or tournament already here ("duplicate"), the start of a name ("too_long")
        self.limit = limit  # the bound passed


def _rows(db: Database, sql: str, params) -> list[dict]:
    return [{k: v for k, v in dict(r).items() if k not in OWN} for r in db.execute(sql, params).fetchall()]


# --- Export ----------------------------------------------------------------------------------------------------


def export_season(db: Database, season_id: int) -> dict:
    season = seasons.get_season(db, season_id)
    document = {"format": FORMAT, "season": _rows(db, "SELECT * FROM seasons WHERE id = ?", [season_id])[0],
                "tournaments": [_export_tournament(db, t.id) for t in seasons.evenings(db, season_id)]}
    document["season"]["ladder"] = season.ladder
    document["players"] = _export_players(db, season.club_id, document["tournaments"])
    document["ladder"] = [_ladder_row(r) for r in seasons.season_ladder(db, season, each_evening=False)]
    return document


def _export_tournament(db: Database, tournament_id: int) -> dict:
    tournament = {"row": _rows(db, "SELECT * FROM tournaments WHERE id = ?", [tournament_id])[0]}
    tournament["entries"] = _rows(db, "SELECT * FROM tournament_entries WHERE tournament_id = ? ORDER BY number",
                                  [tournament_id])
    entry_numbers = {r["id"]: r["number"] for r in db.execute(
        "SELECT id, number FROM tournament_entries WHERE tournament_id = ?", [tournament_id]).fetchall()}
    tournament["rounds"] = [{**r, "sit_out": [entry_numbers[i] for i in json.loads(r["sit_out"])]} for r in _rows(
        db, "SELECT * FROM tournament_rounds WHERE tournament_id = ? ORDER BY number", [tournament_id])]
    tables = []
    for row in db.execute("SELECT * FROM tournament_tables WHERE tournament_id = ? ORDER BY round_number, number",
                          [tournament_id]).fetchall():
        table = {k: v for k, v in dict(row).items() if k not in OWN | {"token", "code"}}
        for side in ("we_entries", "they_entries"):
            table[side] = [entry_numbers[i] for i in json.loads(row[side])]
        game = {"row": _rows(db, "SELECT * FROM games WHERE id = ?", [row["game_id"]])[0],
                "deals": [{k: v for k, v in deal.items() if k != "running"} for deal in
                          _rows(db, "SELECT * FROM deals WHERE game_id = ? ORDER BY seq", [row["game_id"]])]}
        tables.append({"row": table, "game": game})
    tournament["tables"] = tables
    return tournament


def _export_players(db: Database, club_id: int, tournaments: list[dict]) -> list[dict]:
    """Every person of the club's roster in the season's entries, with the spellings merged into them and their
    choice for public pages (``shown``; ``initials`` as files before clubs wrote it)."""
    keys = {records.name_key(p) for t in tournaments for e in t["entries"] for p in json.loads(e["players"])}
    people = {}
    for key in keys:
        row = db.execute("SELECT COALESCE(merged_into, id) FROM club_players WHERE club_id = ? AND key = ?",
                         [club_id, key]).fetchone()
        person = players.get_player(db, club_id, row[0]) if row else None
        if person and person.id not in people:
            people[person.id] = {"name": person.name, "shown": person.shown, "initials": person.shown == "initials",
                                 "aliases": players.aliases(db, club_id, person.id)}
    return sorted(people.values(), key=lambda p: records.name_key(p["name"]))


def _ladder_row(row) -> dict:
    return {"rank": row.rank, "name": row.name, "evenings": row.evenings, "points": row.points}


def file_name(season: seasons.Season) -> str:
    safe = "".join(c if c.isalnum() else "-" for c in season.name.lower()).strip("-")[:40] or "season"
    return f"canasta-season-{safe}.json"


# --- Import ----------------------------------------------------------------------------------------------------


def read_document(raw: bytes | str) -> dict:
    try:
        document = files.read_json(raw, max_bytes=MAX_FILE_BYTES, max_depth=MAX_DEPTH)
    except files.Unreadable as unreadable:
        raise SeasonImportRefused(unreadable.code) from None
    if not isinstance(document, dict) or not isinstance(document.get("format"), str):
        raise SeasonImportRefused("malformed")
    name, _slash, version = document["format"].partition("/")
    if name != FORMAT.split("/")[0]:
        raise SeasonImportRefused("malformed")
    if version != FORMAT.split("/")[1]:
        raise SeasonImportRefused("newer")
    return document


def import_season(db: Database, raw: bytes | str, club_id: int, *, director=None) -> int:
    """Import a season file into the club ``club_id``; returns the new season's id. Writes nothing when refused."""
    document = read_document(raw)
    try:
        _check(document)
        with db.write(key="roster"):
            _refuse_duplicates(db, document)
            season_id = _insert(db, "seasons", document["season"], club_id=club_id, link=new_link())
            _import_players(db, club_id, document["players"])
            for tournament in document["tournaments"]:
                _import_tournament(db, club_id, season_id, tournament)
            season = seasons.get_season(db, season_id)
            if season.archived:
                db.execute("UPDATE seasons SET ladder = ? WHERE id = ?", [document["season"]["ladder"], season_id])
                season = seasons.get_season(db, season_id)
            got = [_ladder_row(r) for r in seasons.season_ladder(db, season, each_evening=False)]
            if _comparable(got) != _comparable(document["ladder"]):
                raise SeasonImportRefused("inconsistent")
            log(db, club_id, action="season_imported", director=director, subject=season.name)
    except SeasonImportRefused:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, LadderRulesError, RulesError,
            TournamentError, Conflict):
        raise SeasonImportRefused("malformed") from None
    return season_id


def _name(text, most: int, *, empty_ok: bool = False) -> str:
    """A name of the file as a form would take it: text, at most ``most`` characters once cleaned."""
    if not isinstance(text, str):
        raise SeasonImportRefused("malformed")
    cleaned = records.clean_name(text)
    if len(cleaned) > most:
        raise SeasonImportRefused("too_long", cleaned[:20], most)
    if not cleaned and not empty_ok:
        raise SeasonImportRefused("malformed")
    return cleaned


def _whole(value, lowest: int, highest: int, code: str = "malformed", name: str = "") -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < lowest:
        raise SeasonImportRefused("malformed")
    if value > highest:
        raise SeasonImportRefused(code, name, highest)
    return value


def _check(document: dict) -> None:
    """The file within the bounds of the forms that make what it holds; SeasonImportRefused saying which not."""
    season = document["season"]
    _name(season["name"], seasons.NAME_MAX)
    Rules(count=season["count"], best=season["best"], of=season["of"], minimum=season["minimum"],
          ranking=season["ranking"], tie_break=season["tie_break"]).check()
    if season["status"] not in ("open", "archived") or not isinstance(document["tournaments"], list):
        raise SeasonImportRefused("malformed")
    if len(document["tournaments"]) > MAX_EVENINGS:
        raise SeasonImportRefused("too_many_evenings", limit=MAX_EVENINGS)
    playing = set()
    for tournament in document["tournaments"]:
        row = tournament["row"]
        name = _name(row["name"], TOURNAMENT_NAME_MAX)
        records.check_settings(row["rules"], json.loads(row["options"]), row["date"], row["format"],
                               row["round_end"], row["scoring"])
        _whole(row["rounds"], 1, MAX_ROUNDS, "too_many_rounds", name)
        if len(tournament["rounds"]) > MAX_ROUNDS:
            raise SeasonImportRefused("too_many_rounds", name, MAX_ROUNDS)
        if row["round_limit"] is not None:
            _whole(row["round_limit"], 1, MAX_ROUND_LIMIT)
        if len(tournament["entries"]) > MAX_ENTRIES:
            raise SeasonImportRefused("too_many_entries", name, MAX_ENTRIES)
        for entry in tournament["entries"]:
            names = json.loads(entry["players"])
            if not isinstance(names, list) or not 1 <= len(names) <= 2:
                raise SeasonImportRefused("malformed")
            playing.update(records.name_key(_name(player, records.NAME_MAX)) for player in names)
            _name(entry["name"], 2 * records.NAME_MAX + 3)
        for table in tournament["tables"]:
            for side in json.loads(table["game"]["row"]["sides"]):
                _name(side["name"], 2 * records.NAME_MAX + 3)
                for player in side["players"]:
                    _name(player, records.NAME_MAX)
    for person in document["players"]:
        if records.name_key(_name(person["name"], records.NAME_MAX)) not in playing:
            raise SeasonImportRefused("stray_players")
        if len(person["aliases"]) > MAX_ALIASES:
            raise SeasonImportRefused("malformed")
        for alias in person["aliases"]:
            _name(alias, records.NAME_MAX)


def _comparable(rows: list[dict]) -> list[tuple]:
    return [(r["rank"], records.name_key(r["name"]), r["evenings"], r["points"]) for r in rows]


def _refuse_duplicates(db: Database, document: dict) -> None:
    token = document["season"]["results_token"]
    here = seasons.season_by_token(db, token) if isinstance(token, str) else None
    if here is not None:
        raise SeasonImportRefused("duplicate", here.name)
    for tournament in document["tournaments"]:
        here = seasons.evening_by_token(db, tournament["row"]["results_token"])
        if here is not None:
            raise SeasonImportRefused("duplicate", here.name)


def _insert(db: Database, table: str, values: dict, **own) -> int:
    """A row of ``values`` limited to the columns ``table`` has here (a file may come from a newer server)."""
    if not isinstance(values, dict):
        raise SeasonImportRefused("malformed")
    columns = set(db.columns(table)) - OWN
    row = {k: v for k, v in values.items() if k in columns and not isinstance(v, (dict, list))}
    return db.insert(table, {**row, **own})


def _import_players(db: Database, club_id: int, people: list[dict]) -> None:
    """Each person joins the club's roster (or is found there by their name or a merged spelling); their merged
    spellings come too. A person new to the club takes the file's choice for public pages; one the club already
    has keeps their own."""
    for person in people:
        names = [records.entry_name(person["name"])] + [records.entry_name(a) for a in person["aliases"]]
        found = None
        for name in names:
            row = db.execute("SELECT COALESCE(merged_into, id) FROM club_players WHERE club_id = ? AND key = ?",
                             [club_id, records.name_key(name)]).fetchone()
            found = found or (row[0] if row else None)
        if found is None:
            found = records.remember_players(db, club_id, [names[0]])[0]
            shown = person.get("shown") or ("initials" if person.get("initials") else "name")
            if shown not in players.SHOWN:
                raise SeasonImportRefused("malformed")
            db.execute("UPDATE club_players SET shown = ? WHERE club_id = ? AND id = ?", [shown, club_id, found])
        for alias in names:
            db.execute("INSERT INTO club_players (club_id, name, key, link, merged_into) VALUES (?, ?, ?, ?, ?) "
                       "ON CONFLICT DO NOTHING", [club_id, alias, records.name_key(alias), new_link(), found])


def _import_tournament(db: Database, club_id: int, season_id: int, tournament: dict) -> None:
    tournament_id = _insert(db, "tournaments", tournament["row"], season_id=season_id, club_id=club_id,
                            link=new_link())
    entries = {}
    for entry in tournament["entries"]:
        entries[entry["number"]] = _insert(db, "tournament_entries", entry, tournament_id=tournament_id)
        records.link_players(db, entries[entry["number"]], json.loads(entry["players"]), club_id)
    round_ids = {}
    for round_row in tournament["rounds"]:
        sit_out = json.dumps([entries[n] for n in round_row["sit_out"]])
        round_ids[round_row["number"]] = _insert(db, "tournament_rounds", {**round_row, "sit_out": sit_out},
                                                 tournament_id=tournament_id)
    for both in tournament["tables"]:
        table, game = both["row"], both["game"]
        game_id = _insert(db, "games", {**game["row"], "code": unique_code(db, "games", "code",
                                                                             alphabet=CODE_ALPHABET, length=8)},
                          link=new_link())
        for deal in game["deals"]:  # running totals are the server's own: scored again, never read from a file
            _insert(db, "deals", deal, game_id=game_id, running=None)
        keep_running(db, get_game(db, game_id))  # ... here, once, so that no first read scores the game
        _insert(db, "tournament_tables", {
            **table, "we_entries": json.dumps([entries[n] for n in table["we_entries"]]),
            "they_entries": json.dumps([entries[n] for n in table["they_entries"]]),
            "token": secrets.token_urlsafe(18),
            "code": unique_code(db, "tournament_tables", "code", alphabet=access.CODE_ALPHABET,
                                length=access.CODE_LENGTH),
        }, tournament_id=tournament_id, round_id=round_ids[table["round_number"]], game_id=game_id)
    results.keep_standings(db, tournament_id)  # a finished evening's standings, kept as when it finished here
