"""Seasons: the club's evenings grouped under the rules their ladder follows.

A season is made with its name, its ladder's rules (``tournaments.ladder.Rules``) and a director's password.
A tournament joins a season (when created or later, from its director's page) and counts in its ladder once
it is finished; the ladder is worked out from the evenings' standings each time it is read, so closing an
evening or correcting one of its results shows at once. An archived season keeps the ladder as it stood
(``ladder`` column) and stays readable; its evenings can no longer join or leave.

Queries take ``db`` first; writes of more than one row run inside ``db.write()``. Facts only: errors carry a
code (``SeasonError.code``) and the web layer chooses the words.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field

from scorekeeper.db.contract import Database
from werkzeug.security import check_password_hash, generate_password_hash

from .. import clock
from scorekeeper.stores.tournaments import records, results
from scorekeeper.stores.rows import dumps
from ..tournaments.ladder import EveningScore, LadderRow, Rules, ladder, match_points
from ..tournaments.rows import Tournament
from . import devices, players
from scorekeeper.rows import Row

NAME_MAX = 80


class SeasonError(Exception):
    """A change a season cannot take; ``code`` says which (the web layer words it)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Season(Row):
    id: int
    name: str
    count: str
    best: int | None
    of: int | None
    minimum: int
    ranking: str
    tie_break: str
    password_hash: str = field(repr=False)
    results_token: str = field(repr=False)
    status: str  # "open" | "archived"
    ladder: str | None = field(repr=False)  # JSON of the ladder when archived
    created_at: str | None
    archived_at: str | None
    evening_count: int | None = None  # filled by list_seasons only
    link: str | None = field(default=None, repr=False)  # its director's address, /seasons/<link>

    @classmethod
    def from_row(cls, row) -> Season:
        return cls(**dict(row))

    @property
    def rules(self) -> Rules:
        return Rules(count=self.count, best=self.best, of=self.of, minimum=self.minimum, ranking=self.ranking,
                     tie_break=self.tie_break)

    @property
    def archived(self) -> bool:
        return self.status == "archived"


def create_season(db: Database, *, name: str, rules: Rules, password: str) -> int:
    """A new open season; raises LadderRulesError for rules that cannot work, SeasonError("name")."""
    rules.check()
    name = records.clean_name(name)[:NAME_MAX]
    if not name:
        raise SeasonError("name")
    return db.insert("seasons", {
        "name": name, "count": rules.count, "best": rules.best if rules.count == "best" else None,
        "of": rules.of if rules.count == "best" else None, "minimum": rules.minimum, "ranking": rules.ranking,
        "tie_break": rules.tie_break, "password_hash": generate_password_hash(password),
        "results_token": secrets.token_urlsafe(18), "status": "open", "created_at": clock.stamp(),
        "link": devices.new_link(),
    })


def get_season(db: Database, season_id: int) -> Season | None:
    row = db.execute("SELECT * FROM seasons WHERE id = ?", [season_id]).fetchone()
    return Season.from_row(row) if row else None


def season_by_token(db: Database, token: str) -> Season | None:
    row = db.execute("SELECT * FROM seasons WHERE results_token = ?", [token]).fetchone()
    return Season.from_row(row) if row else None


def list_seasons(db: Database, device: str | None, signed_in: tuple[int, ...] = ()) -> list[Season]:
    """The seasons in this phone's list (made, imported or opened on it) and those it is ``signed_in`` to as
    their director, open ones first, newest first: never every season of the server."""
    ids = sorted({*devices.listed(db, device, "season"), *signed_in})
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    rows = db.execute("SELECT s.*, (SELECT COUNT(*) FROM tournaments t WHERE t.season_id = s.id) AS evening_count "
                      f"FROM seasons s WHERE s.id IN ({marks}) "  # i18n: not for people (SQL)
                      "ORDER BY s.status = 'archived', s.created_at DESC, s.id DESC", ids).fetchall()
    return [Season.from_row(r) for r in rows]


def check_password(db: Database, season_id: int, password: str) -> bool:
    season = get_season(db, season_id)
    return bool(season and password and check_password_hash(season.password_hash, password))


def evenings(db: Database, season_id: int) -> list[Tournament]:
    """The season's tournaments, in the order they were played."""
    rows = db.execute("SELECT * FROM tournaments WHERE season_id = ? ORDER BY date, id", [season_id]).fetchall()
    return [Tournament.from_row(r) for r in rows]


def join(db: Database, season_id: int, tournament_id: int) -> None:
    """Count a tournament in a season (or move it from another open one)."""
    with db.write(tournament=tournament_id, key=f"season:{season_id}"):
        season = get_season(db, season_id)
        tournament = records.get_tournament(db, tournament_id)
        if season is None or tournament is None:
            raise SeasonError("missing")
        if season.archived:
            raise SeasonError("archived")
        if tournament.season_id == season_id:
            return
        if tournament.season_id is not None:
            current = get_season(db, tournament.season_id)
            if current is not None and current.archived:
                raise SeasonError("archived")
        if season.count == "best" and len(evenings(db, season_id)) >= season.of:
            raise SeasonError("full")
        db.execute("UPDATE tournaments SET season_id = ? WHERE id = ?", [season_id, tournament_id])


def leave(db: Database, tournament_id: int) -> None:
    """Take a tournament out of its season (not out of an archived one)."""
    with db.write(tournament=tournament_id):
        tournament = records.get_tournament(db, tournament_id)
        if tournament is None:
            raise SeasonError("missing")
        season = get_season(db, tournament.season_id) if tournament.season_id else None
        if season is not None and season.archived:
            raise SeasonError("archived")
        db.execute("UPDATE tournaments SET season_id = NULL WHERE id = ?", [tournament_id])


# --- The ladder -------------------------------------------------------------------------------------------


def evening_scores(db: Database, season_id: int) -> tuple[list[EveningScore], dict[int, str]]:
    """Each player's figures on each finished evening of the season, and each player's name."""
    scores, ids = [], set()
    for tournament in evenings(db, season_id):
        if tournament.status != "finished":
            continue
        outcome = results.results(db, tournament.id)
        people = players.player_ids(db, outcome.entries)
        for line in outcome.standings:
            if not line.games:
                continue
            for player in people.get(line.entry, ()):
                ids.add(player)
                scores.append(EveningScore(evening=tournament.id, date=tournament.date, player=player,
                                           vp=line.vp, match=match_points(line.games), points=line.points))
    names = {p.id: p.name for p in (players.get_player(db, i) for i in ids) if p}
    return scores, names


def season_ladder(db: Database, season: Season) -> list[LadderRow]:
    """The ladder: as archived, or worked out now from the finished evenings."""
    if season.archived and season.ladder:
        return [_row_from(d) for d in json.loads(season.ladder)]
    scores, names = evening_scores(db, season.id)
    return ladder(season.rules, scores, names)


def archive(db: Database, season_id: int) -> None:
    """End a season: its ladder is kept as it stands, and its evenings stay in it."""
    with db.write(key=f"season:{season_id}"):
        season = get_season(db, season_id)
        if season is None:
            raise SeasonError("missing")
        if season.archived:
            raise SeasonError("archived")
        rows = season_ladder(db, season)
        db.execute("UPDATE seasons SET status = 'archived', ladder = ?, archived_at = ? WHERE id = ?",
                   [dumps([_row_dict(r) for r in rows]), clock.stamp(), season_id])


def reopen(db: Database, season_id: int) -> None:
    """Undo an archive: the ladder is worked out from the evenings again."""
    db.execute("UPDATE seasons SET status = 'open', ladder = NULL, archived_at = NULL WHERE id = ?", [season_id])


def _row_dict(row: LadderRow) -> dict:
    return {"player": row.player, "name": row.name, "rank": row.rank, "shared": row.shared,
            "evenings": row.evenings, "counted": list(row.counted), "points": row.points, "best": row.best,
            "scores": {str(k): v for k, v in row.scores.items()}}


def _row_from(data: dict) -> LadderRow:
    return LadderRow(player=data["player"], name=data["name"], rank=data["rank"], shared=data["shared"],
                     evenings=data["evenings"], counted=tuple(data["counted"]), points=data["points"],
                     best=data["best"], scores={int(k): v for k, v in data["scores"].items()})


def evening_by_token(db: Database, token: str) -> Tournament | None:
    """The tournament whose public results link carries ``token``."""
    row = db.execute("SELECT * FROM tournaments WHERE results_token = ?", [token]).fetchone()
    return Tournament.from_row(row) if row else None
