"""A finished evening's standings as kept (``evening_standings``, written by ``results.keep_standings``): what a
season's ladder and a player's page read, so that their cost does not grow with every deal of a club's history.

An evening finished before the standings were kept (migration 0016) has none yet, and one kept by another version
of the rules engine or of the standings (``results.STANDINGS_ENGINE``) has none this version reads: the first read
of it works them out once and keeps them (in a write of its own; inside another transaction they are only worked
out, the write being that transaction's business). Who played in an entry is read as the roster stands now
(``entry_players``): a merge of two records, or a name corrected, is read at once without rewriting the standings.
Queries take ``db`` first; facts only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from scorekeeper.db.contract import Database
from scorekeeper.rows import Row
from scorekeeper.stores.tournaments import results
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


def season_figures(db: Database, season_id: int) -> list:
    """Each player's figures on each finished evening of the season that they played, as rows of (evening id,
    date, player id, VP, match points, points), in no order: from the kept standings and the entries' players as
    they stand (one query; an evening not yet kept is kept first)."""
    finished = [r[0] for r in db.execute(
        "SELECT t.id FROM tournaments t WHERE t.season_id = ? AND t.status = 'finished' AND NOT EXISTS (SELECT 1 "
        "FROM evening_standings s WHERE s.tournament_id = t.id AND s.engine = ?)",
        [season_id, results.STANDINGS_ENGINE]).fetchall()]
    worked_out = standings(db, finished)
    rows = db.execute(
        "SELECT s.tournament_id, t.date, ep.player_id, s.vp, s.match_points, s.points FROM tournaments t "
        "JOIN evening_standings s ON s.tournament_id = t.id JOIN entry_players ep ON ep.entry_id = s.entry_id "
        "WHERE t.season_id = ? AND t.status = 'finished' AND s.engine = ? AND s.games > 0",
        [season_id, results.STANDINGS_ENGINE]).fetchall()
    stored = {r[0] for r in rows}
    unstored = [tid for tid in worked_out if tid not in stored]  # worked out inside another transaction
    if unstored:
        dates = {t.id: t.date for t in tournaments(db, unstored).values()}
        people = players_of(db, unstored)
        rows = [*rows, *((tid, dates[tid], player, line.vp, line.match_points, line.points) for tid in unstored
                         for line in worked_out[tid] if line.games for player in people.get(line.entry_id, ()))]
    return rows


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


def players_of(db: Database, tournament_ids) -> dict[int, tuple[int, ...]]:
    """The roster id of each player of every entry of the given evenings, by entry, in their order in it."""
    ids = list(tournament_ids)
    found: dict[int, list[int]] = {}
    if ids:
        for entry_id, player_id in db.execute(
                f"SELECT ep.entry_id, ep.player_id FROM entry_players ep JOIN tournament_entries e "
                f"ON e.id = ep.entry_id WHERE e.tournament_id IN ({_marks(ids)}) ORDER BY ep.entry_id, ep.position",
                ids).fetchall():
            found.setdefault(entry_id, []).append(player_id)
    return {k: tuple(v) for k, v in found.items()}


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
