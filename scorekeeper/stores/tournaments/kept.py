"""A finished evening's standings as kept (``evening_standings``, written by ``results.keep_standings``): what a
season's ladder and a player's page read, so that their cost does not grow with every deal of a club's history.

An evening finished before the standings were kept (migration 0016) has none yet, and one kept by another version
of the rules engine or of the standings (``results.STANDINGS_ENGINE``) has none this version reads: the first read
of it works them out once and keeps them (in a write of its own; for a player's page, inside another transaction
they are only worked out, the write being that transaction's business; a season's ladder keeps them inside the
caller's write too, as the database adds it up from what is kept: ``keep_season``). Who played in an entry is read
as the roster stands now (``entry_players``): a merge of two records, or a name corrected, is read at once without
rewriting the standings.

A season's ladder is added up here, in one statement over the kept standings (``season_totals``: which evenings
count, by ``ROW_NUMBER`` for a season of the best N, and their sum; ``season_cells``: each evening's figure for the
pages), so that a year's ladder answers a row a player as a month's does, and nothing of it is kept to go stale.
``tournaments.ladder`` ranks the rows. Queries take ``db`` first; facts only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from scorekeeper.db.contract import Database
from scorekeeper.rows import Row
from scorekeeper.stores.tournaments import results
from scorekeeper.tournaments.ladder import Rules
from scorekeeper.tournaments.rows import Entry, Tournament


@dataclass(frozen=True)
class KeptStanding(Row):
    """One entry's line of a finished evening, as kept."""

    tournament_id: int
    entry_id: int
    place: int
    shared: bool
    field: int  # the entries ranked that evening
    played: int
    won: float
    points: int
    against: int
    vp: float
    match_points: float
    sat_out: int
    games: int  # games played and rounds sat out: 0 for an entry that took no part
    high_game: int | None
    partners: tuple[int, ...]  # the entries that partnered it in a game (individual evenings)
    engine: str  # what worked them out (``results.STANDINGS_ENGINE``)

    @classmethod
    def from_row(cls, row) -> KeptStanding:
        values = dict(row)
        return cls(**{**values, "shared": bool(values["shared"]), "partners": tuple(json.loads(values["partners"]))})


def _marks(values) -> str:
    return ",".join("?" * len(values))


def standings(db: Database, tournament_ids) -> dict[int, list[KeptStanding]]:
    """The kept lines of the finished evenings among ``tournament_ids``, by evening, each in the order of its
    standings; an evening not yet kept is worked out first (the module's docstring)."""
    ids = list(dict.fromkeys(tournament_ids))
    if not ids:
        return {}
    rows = db.execute(f"SELECT s.* FROM evening_standings s JOIN tournaments t ON t.id = s.tournament_id "
                      f"WHERE s.tournament_id IN ({_marks(ids)}) AND t.status = 'finished' AND s.engine = ? "
                      "ORDER BY s.tournament_id, s.place, s.entry_id", [*ids, results.STANDINGS_ENGINE]).fetchall()
    found: dict[int, list[KeptStanding]] = {}
    for row in rows:
        found.setdefault(row["tournament_id"], []).append(KeptStanding.from_row(row))
    missing = [i for i in ids if i not in found]
    if missing:
        for (tournament_id,) in db.execute(f"SELECT id FROM tournaments WHERE id IN ({_marks(missing)}) "
                                           "AND status = 'finished'", missing).fetchall():
            found[tournament_id] = _fill(db, tournament_id)
    return found


def _fill(db: Database, tournament_id: int) -> list[KeptStanding]:
    """The standings of a finished evening not kept yet, worked out, and kept when this is no one else's
    transaction."""
    lines = results.standing_rows(results.results(db, tournament_id))
    if lines and not db.in_transaction:
        results.keep_standings(db, tournament_id)
    return [KeptStanding.from_row(line) for line in lines]


#: The column of ``evening_standings`` each ranking of a ladder adds up (``tournaments.ladder.RANKINGS``).
FIGURES = {"vp": "s.vp", "match": "s.match_points", "points": "s.points"}


def _counted(rules: Rules) -> str:
    """The common table expression ``counted``: each player's figure on each finished evening of the season
    that they played (``figure``, by the season's ranking), from the kept standings and the entries' players as
    they stand, and whether it counts for them (``counts``): every evening, or their best N, the earlier evening
    first on a tie (``ROW_NUMBER`` over the player's own evenings). Where the ladder's rules for what counts are
    carried out, once; its parameters are ``_season_params``."""
    best = "ROW_NUMBER() OVER (PARTITION BY player ORDER BY figure DESC, date, evening) <= ?"  # i18n: not for people
    counts = best if rules.count == "best" else "TRUE"
    return (f"WITH figures AS (SELECT ep.player_id AS player, s.tournament_id AS evening, t.date AS date, "
            f"{FIGURES[rules.ranking]} AS figure FROM tournaments t "
            "JOIN evening_standings s ON s.tournament_id = t.id JOIN entry_players ep ON ep.entry_id = s.entry_id "
            "WHERE t.season_id = ? AND t.status = 'finished' AND s.engine = ? AND s.games > 0), "
            f"counted AS (SELECT player, evening, date, figure, {counts} AS counts FROM figures) ")


def _season_params(season_id: int, rules: Rules) -> list:
    """The season's id, the engine whose kept standings are read, and N for a season that counts its best."""
    return [season_id, results.STANDINGS_ENGINE, *([rules.best] if rules.count == "best" else [])]


def season_totals(db: Database, season_id: int, rules: Rules) -> list:
    """Each player of the season's finished evenings, added up by the database under ``rules``: rows of (player
    id, name, evenings played, season points, best evening's figure), one a player, in no order (a year's season
    answers as many rows as a month's). The season's finished evenings not kept yet are kept first
    (``keep_season``)."""
    keep_season(db, season_id)
    return db.execute(_counted(rules) + "SELECT g.player, p.name, g.evenings, g.points, g.best FROM (SELECT player, "
                      "COUNT(*) AS evenings, MAX(figure) AS best, "
                      "CAST(SUM(CASE WHEN counts THEN figure ELSE 0 END) AS DOUBLE PRECISION) AS points "
                      "FROM counted GROUP BY player) g JOIN club_players p ON p.id = g.player",
                      _season_params(season_id, rules)).fetchall()


def season_cells(db: Database, season_id: int, rules: Rules) -> list:
    """Each player's figure on each finished evening of the season that they played and whether it counts, as
    rows of (player id, evening id, figure, counts) in the order the evenings were played: what the ladder's
    page shows in its columns. Read after ``season_totals``, which keeps what was not kept yet."""
    return db.execute(_counted(rules) + "SELECT player, evening, figure, counts FROM counted ORDER BY date, evening",
                      _season_params(season_id, rules)).fetchall()


def keep_season(db: Database, season_id: int) -> None:
    """Keep the standings of the season's finished evenings that have none this version reads (finished before
    migration 0016, or kept by another version of the engine), so that the database can add the ladder up: in a
    write of each evening's own, or inside the caller's write as part of it (archiving a season)."""
    for (tournament_id,) in db.execute(
            "SELECT t.id FROM tournaments t WHERE t.season_id = ? AND t.status = 'finished' AND NOT EXISTS ("
            "SELECT 1 FROM evening_standings s WHERE s.tournament_id = t.id AND s.engine = ?)",
            [season_id, results.STANDINGS_ENGINE]).fetchall():
        if results.standing_rows(results.results(db, tournament_id)):  # an evening of no entries has none
            results.keep_standings(db, tournament_id)


def entry_lines(db: Database, entries) -> dict[int, KeptStanding]:
    """The kept line of each of ``entries`` ((entry id, evening id) pairs) whose evening is finished, by entry: a
    player's evenings, without reading the rest of each evening."""
    pairs = list(dict.fromkeys(entries))
    if not pairs:
        return {}
    ids = [entry_id for entry_id, _evening in pairs]
    rows = db.execute(f"SELECT s.* FROM evening_standings s JOIN tournaments t ON t.id = s.tournament_id "
                      f"WHERE s.entry_id IN ({_marks(ids)}) AND t.status = 'finished' AND s.engine = ?",
                      [*ids, results.STANDINGS_ENGINE]).fetchall()
    found = {row["entry_id"]: KeptStanding.from_row(row) for row in rows}
    missing = [evening for entry_id, evening in pairs if entry_id not in found]
    for lines in standings(db, missing).values():
        found.update((line.entry_id, line) for line in lines if line.entry_id in ids)
    return found


def entries(db: Database, entry_ids) -> dict[int, Entry]:
    """The given entries, by id."""
    return _by_id(db, "SELECT * FROM tournament_entries WHERE id IN ({})", entry_ids, Entry.from_row)


def tournaments(db: Database, tournament_ids) -> dict[int, Tournament]:
    """The given evenings, by id."""
    return _by_id(db, "SELECT * FROM tournaments WHERE id IN ({})", tournament_ids, Tournament.from_row)


def _by_id(db: Database, sql: str, ids, make) -> dict:
    ids = list(dict.fromkeys(ids))
    if not ids:
        return {}
    return {row["id"]: make(row) for row in db.execute(sql.format(_marks(ids)), ids).fetchall()}
