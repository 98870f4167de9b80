"""Seasons: a club's evenings grouped under the rules their ladder follows.

A season belongs to one club (issue 30) and is made by its directors with its name and its ladder's rules
(``tournaments.ladder.Rules``). Only the club's own evenings join it (when made from the club's template, or
several at once from the season's page: ``attach``, ``detach``), and each counts in its ladder once it is
finished; the ladder is worked out from the evenings' standings each time it is read, so closing an
evening or correcting one of its results shows at once. Those standings are facts kept once an evening
finishes (``tournaments.kept``), and the database adds them up into a row a player (which evenings count, their
sum), so reading a season of a year costs about what a season of a month does; nothing of the ladder itself is
kept, so no write has to remember it. An archived season keeps the ladder as it stood (``ladder`` column) and
stays readable; its evenings can no longer join or leave.

Queries take ``db`` first; writes of more than one row run inside ``db.write()``. Facts only: errors carry a
code (``SeasonError.code``) and the web layer chooses the words.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field

from scorekeeper.db.contract import Database

from .. import clock
from scorekeeper.stores.tournaments import kept, records
from scorekeeper.stores.rows import dumps
from ..tournaments.ladder import LadderRow, Rules, ladder
from ..tournaments.rows import Tournament
from . import devices
from .club_log import log
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
    link: str | None = field(default=None, repr=False)  # unguessable, like a game's (0014); made anew by an import
    club_id: int | None = None  # the club whose season it is

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


def create_season(db: Database, club_id: int, *, name: str, rules: Rules, director=None) -> Season:
    """A new open season of the club; raises LadderRulesError for rules that cannot work, SeasonError("name").
    Its directors are the club's (a season of before clubs kept a password of its own, no longer asked for)."""
    rules.check()
    name = records.clean_name(name)[:NAME_MAX]
    if not name:
        raise SeasonError("name")
    with db.write(key="clubs"):
        season_id = db.insert("seasons", {
            "name": name, "count": rules.count, "best": rules.best if rules.count == "best" else None,
            "of": rules.of if rules.count == "best" else None, "minimum": rules.minimum, "ranking": rules.ranking,
            "tie_break": rules.tie_break, "password_hash": "", "results_token": secrets.token_urlsafe(18),
            "status": "open", "created_at": clock.stamp(), "club_id": club_id, "link": devices.new_link(),
        })
        log(db, club_id, action="season_made", director=director, subject=name)
    return get_season(db, season_id)


def get_season(db: Database, season_id: int) -> Season | None:
    row = db.execute("SELECT * FROM seasons WHERE id = ?", [season_id]).fetchone()
    return Season.from_row(row) if row else None


def season_by_token(db: Database, token: str) -> Season | None:
    """The season whose public results link carries ``token``."""
    row = db.execute("SELECT * FROM seasons WHERE results_token = ?", [token]).fetchone()
    return Season.from_row(row) if row else None


def club_season(db: Database, club_id: int, token: str | None) -> Season | None:
    """One of the club's seasons, by the secret of its results link; another club's is not found."""
    row = db.execute("SELECT * FROM seasons WHERE club_id = ? AND results_token = ?", [club_id, token or ""]).fetchone()
    return Season.from_row(row) if row else None


def list_seasons(db: Database, club_id: int) -> list[Season]:
    """The club's seasons, the open ones first, the latest first."""
    rows = db.execute("SELECT s.*, (SELECT COUNT(*) FROM tournaments t WHERE t.season_id = s.id) AS evening_count "
                      "FROM seasons s WHERE s.club_id = ? ORDER BY s.status = 'archived', s.created_at DESC, s.id DESC",
                      [club_id]).fetchall()
    return [Season.from_row(r) for r in rows]


def evenings(db: Database, season_id: int) -> list[Tournament]:
    """The season's tournaments, in the order they were played."""
    rows = db.execute("SELECT * FROM tournaments WHERE season_id = ? ORDER BY date, id", [season_id]).fetchall()
    return [Tournament.from_row(r) for r in rows]


def attach(db: Database, season: Season, links: list[str], *, director=None) -> list[Tournament]:
    """Count some of the club's evenings (by their links) in one of its seasons, moving them from another open
    season of the club; returns those that joined. Another club's evening, or one of a one-off tournament, is
    refused ("missing") and nothing joins; so is a season that is archived or would hold more than its M."""
    with db.write(key="clubs"):
        season = get_season(db, season.id)
        if season is None or season.club_id is None:
            raise SeasonError("missing")
        if season.archived:
            raise SeasonError("archived")
        joining = []
        for link in dict.fromkeys(links):
            row = db.execute("SELECT * FROM tournaments WHERE link = ? AND club_id = ?", [link, season.club_id]).fetchone()
            if row is None:
                raise SeasonError("missing")
            tournament = Tournament.from_row(row)
            if tournament.season_id == season.id:
                continue
            current = get_season(db, tournament.season_id) if tournament.season_id else None
            if current is not None and current.archived:
                raise SeasonError("archived")
            joining.append(tournament)
        if season.count == "best" and len(evenings(db, season.id)) + len(joining) > season.of:
            raise SeasonError("full")
        for tournament in joining:
            db.execute("UPDATE tournaments SET season_id = ? WHERE id = ? AND club_id = ?",
                       [season.id, tournament.id, season.club_id])
        if joining:
            log(db, season.club_id, action="evenings_attached", director=director, subject=season.name,
                after={"evenings": [t.name for t in joining]})
        return joining


def detach(db: Database, season: Season, links: list[str], *, director=None) -> list[Tournament]:
    """Take some of the season's evenings (by their links) out of it; not out of an archived season."""
    with db.write(key="clubs"):
        season = get_season(db, season.id)
        if season is None:
            raise SeasonError("missing")
        if season.archived:
            raise SeasonError("archived")
        leaving = [t for t in evenings(db, season.id) if t.link in set(links)]
        for tournament in leaving:
            db.execute("UPDATE tournaments SET season_id = NULL WHERE id = ? AND season_id = ?",
                       [tournament.id, season.id])
        if leaving:
            log(db, season.club_id, action="evenings_detached", director=director, subject=season.name,
                after={"evenings": [t.name for t in leaving]})
        return leaving


# --- The ladder -------------------------------------------------------------------------------------------


def season_ladder(db: Database, season: Season, *, each_evening: bool = True) -> list[LadderRow]:
    """The ladder: as archived, or added up now by the database from the finished evenings' kept standings
    (``kept.season_totals``: a row a player, whatever the season's length), with each evening's figure when
    ``each_evening`` (the pages and the PDF show them; the JSON, a season's file and its check need the totals
    only). An archived season's ladder has them always."""
    if season.archived and season.ladder:
        return [_row_from(d) for d in json.loads(season.ladder)]
    totals = kept.season_totals(db, season.id, season.rules)
    return ladder(season.rules, totals, kept.season_cells(db, season.id, season.rules) if each_evening else ())


def archive(db: Database, season_id: int, *, director=None) -> None:
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
        if season.club_id is not None:
            log(db, season.club_id, action="season_archived", director=director, subject=season.name)


def reopen(db: Database, season_id: int, *, director=None) -> None:
    """Undo an archive: the ladder is worked out from the evenings again."""
    with db.write(key="clubs"):
        season = get_season(db, season_id)
        db.execute("UPDATE seasons SET status = 'open', ladder = NULL, archived_at = NULL WHERE id = ?", [season_id])
        if season is not None and season.club_id is not None:
            log(db, season.club_id, action="season_reopened", director=director, subject=season.name)


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
