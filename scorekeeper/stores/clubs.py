"""Clubs (issue 30): a club owns its rule sets, its roster, its seasons, its evenings and its permanent table
cards, and only its directors change them (docs/DEVELOPING.md, "Clubs: who owns what").

A club lives at two links nobody can guess: its director area (``link``) and its public page (``public_link``).
It keeps the settings of its next evening (``template``), which each evening made from it writes back. A club made
before clubs existed (migration ``0015_clubs``) has no director until one of its evenings' directors claims it.

Queries take ``db`` first; writes of more than one row run inside ``db.write(key="clubs")`` (one lock for the
clubs' own rows). Facts only: ``ClubError.code`` says what was refused, the web layer words it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from scorekeeper.db.contract import Database
from scorekeeper.stores.passwords import hashed

from scorekeeper import clock
from scorekeeper.rows import Row
from scorekeeper.rules import DEFAULT_PROFILE
from scorekeeper.tournaments.rows import Tournament

from scorekeeper.stores.tournaments import records

from . import seasons
from .club_access import ClubError, Director, add_director, get_director, has_directors
from .club_log import log
from .devices import new_link
from .rows import dumps

NAME_MAX, MEETS_MAX = 60, 120
#: The settings of a new club's first evening (the new-tournament form's own defaults).
TEMPLATE = {"rules": DEFAULT_PROFILE, "format": "pairs", "rounds": 4, "round_end": "minutes", "round_limit": 45,
            "scoring": "points", "season": None}
#: The columns a link names: the director area's and the public page's.
LINKS = {"area": "link", "public": "public_link"}


@dataclass(frozen=True)
class Club(Row):
    id: int
    name: str
    link: str = field(repr=False)  # the director area: /director/<link>
    public_link: str  # the public club page: /clubs/<public_link>
    meets: str | None  # when and where it plays, as the directors wrote it
    template: dict = field(hash=False)  # the next evening's settings (TEMPLATE's keys)
    created_at: str

    @classmethod
    def from_row(cls, row) -> Club:
        values = dict(row)
        values["template"] = {**TEMPLATE, **json.loads(values["template"] or "{}")}
        return cls(**values)


def clean(text: str | None, most: int) -> str:
    return " ".join(str(text or "").split())[:most]


def create_club(db: Database, *, name: str, director: str, password: str) -> tuple[Club, Director]:
    """A new club and its first director, who has joined; raises ClubError("club_name"), ("name")."""
    name = clean(name, NAME_MAX)
    if not name:
        raise ClubError("club_name")
    password_hash = hashed(password)  # slow: before the write transaction
    with db.write(key="clubs"):
        club_id = db.insert("clubs", {"name": name, "link": new_link(), "public_link": new_link(),
                                      "template": dumps({}), "created_at": clock.stamp()})
        first = get_director(db, club_id, add_director(db, club_id, director, password_hash))
        log(db, club_id, action="club_made", director=first, subject=name)
    return get_club(db, club_id), first


def claim(db: Database, club_id: int, *, director: str, password: str) -> Director:
    """The first director of a club from before clubs (it has none yet); refused ("claimed") once it has one."""
    password_hash = hashed(password)
    with db.write(key="clubs"):
        if has_directors(db, club_id):
            raise ClubError("claimed")
        first = get_director(db, club_id, add_director(db, club_id, director, password_hash))
        log(db, club_id, action="club_claimed", director=first)
    return first


def get_club(db: Database, club_id: int) -> Club | None:
    row = db.execute("SELECT * FROM clubs WHERE id = ?", [club_id]).fetchone()
    return Club.from_row(row) if row else None


def id_for_link(db: Database, kind: str, link: str) -> int | None:
    """The club whose director area (``kind`` "area") or public page ("public") is at ``link``."""
    row = db.execute(f"SELECT id FROM clubs WHERE {LINKS[kind]} = ?", [link]).fetchone()
    return row[0] if row else None


def link_for_id(db: Database, kind: str, club_id: int) -> str | None:
    row = db.execute(f"SELECT {LINKS[kind]} FROM clubs WHERE id = ?", [club_id]).fetchone()
    return row[0] if row else None


def update(db: Database, club: Club, *, name: str, meets: str, director: Director) -> Club:
    """Rename the club and say when it meets; logged with what it was before."""
    name, meets = clean(name, NAME_MAX), clean(meets, MEETS_MAX)
    if not name:
        raise ClubError("club_name")
    with db.write(key="clubs"):
        db.execute("UPDATE clubs SET name = ?, meets = ? WHERE id = ?", [name, meets or None, club.id])
        log(db, club.id, action="club_changed", director=director, subject=name,
            before={"name": club.name, "meets": club.meets}, after={"name": name, "meets": meets or None})
    return get_club(db, club.id)


def remember_template(db: Database, club_id: int, template: dict) -> None:
    """The settings of the club's next evening, as the last one was made (only TEMPLATE's keys)."""
    kept = {k: template[k] for k in TEMPLATE if k in template}
    db.execute("UPDATE clubs SET template = ? WHERE id = ?", [dumps(kept), club_id])


# --- The club's evenings ---------------------------------------------------------------------------------------


def evenings(db: Database, club_id: int, *, started: bool = False) -> list[Tournament]:
    """The club's evenings, the latest first; ``started``: only those whose first round has begun."""
    condition = " AND status != 'setup'" if started else ""  # i18n: not for people (SQL)
    rows = db.execute(f"SELECT * FROM tournaments WHERE club_id = ?{condition} ORDER BY date DESC, id DESC",
                      [club_id]).fetchall()
    return [Tournament.from_row(r) for r in rows]


def evening_by_link(db: Database, club_id: int, link: str | None) -> Tournament | None:
    """One of the club's evenings by its link; another club's is not found."""
    row = db.execute("SELECT * FROM tournaments WHERE club_id = ? AND link = ?", [club_id, link or ""]).fetchone()
    return Tournament.from_row(row) if row else None


def next_evening(db: Database, club_id: int, today: str) -> Tournament | None:
    """The evening being played now, else the next one planned (not started, dated today or later)."""
    row = db.execute("SELECT * FROM tournaments WHERE club_id = ? AND status = 'playing' ORDER BY date DESC, id DESC "
                     "LIMIT 1", [club_id]).fetchone() or db.execute(
        "SELECT * FROM tournaments WHERE club_id = ? AND status = 'setup' AND date >= ? ORDER BY date, id LIMIT 1",
        [club_id, today]).fetchone()
    return Tournament.from_row(row) if row else None


def last_evening(db: Database, club_id: int) -> Tournament | None:
    """The club's latest evening with entries: its partnerships start the next evening's form."""
    row = db.execute("SELECT * FROM tournaments t WHERE club_id = ? AND EXISTS (SELECT 1 FROM tournament_entries e "
                     "WHERE e.tournament_id = t.id) ORDER BY date DESC, id DESC LIMIT 1", [club_id]).fetchone()
    return Tournament.from_row(row) if row else None


def make_evening(db: Database, club: Club, *, settings: dict, entries: list[list[str]], director: Director,
                 password: str | None = None, rule_set: dict | None = None) -> int:
    """A new evening of the club, with its entries and its season, in one transaction; returns its id. The
    settings (``name``, ``date``, ``rules``, ``options``, ``format``, ``rounds``, ``round_end``, ``round_limit``,
    ``scoring``, ``template_rules``: the rules id the form chose, a club set's or a profile's, and ``season``: one
    of the club's seasons or None) become the club's template for its next evening. Nothing is written when an
    entry is refused (``TournamentError``) or the season cannot take the evening (``SeasonError``)."""
    with db.write(key="clubs"):
        tournament_id = records.create_tournament(
            db, name=settings["name"], date=settings["date"], rules=settings["rules"], options=settings["options"],
            format=settings["format"], rounds=settings["rounds"], round_end=settings["round_end"],
            round_limit=settings["round_limit"], scoring=settings["scoring"], password=password, rule_set=rule_set,
            club_id=club.id)
        for players in entries:
            records.add_entry(db, tournament_id, players, who=director.name)
        season = settings.get("season")
        if season is not None:
            seasons.attach(db, season, [records.get_tournament(db, tournament_id).link], director=director)
        remember_template(db, club.id, {**settings, "rules": settings["template_rules"],
                                        "season": season.id if season else None})
        log(db, club.id, action="evening_made", director=director, subject=settings["name"])
    return tournament_id
