"""Tournament records: a tournament's own row and its entries (partnerships or players).

Queries take ``db`` first; writes of more than one row run inside ``immediate(db)``.
"""

from __future__ import annotations

import json
from datetime import date as date_type

from sqlite_utils import Database
from werkzeug.security import generate_password_hash
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from .. import clock
from ..rules import get_profile
from . import rounds
from .base import TournamentError, dumps, immediate
from .log import log

FORMATS = {"pairs": _l("Fixed partnerships"), "individuals": _l("Individuals, new partner every round")}
ROUND_ENDS = {"minutes": _l("After a time limit"), "deals": _l("After a number of deals"), "target": _l("When a side reaches the target")}
SCORINGS = {"points": _l("Total points"), "vp": _l("Victory points (20-VP scale)")}


# --- Tournaments ---------------------------------------------------------------------------------------------


def create_tournament(
    db: Database, *, name: str, date: str, rules: str, options: dict, format: str, rounds: int,
    round_end: str, round_limit: int | None, scoring: str, password: str,
) -> int:
    """Create a tournament in setup; the password is stored only as a hash."""
    get_profile(rules).with_options(options)  # raises UnknownRules / UnknownOption
    date_type.fromisoformat(date)
    if format not in FORMATS or round_end not in ROUND_ENDS or scoring not in SCORINGS:
        raise TournamentError(_("Choose a format, a way to end rounds and a way to score from the lists."))
    return db["tournaments"].insert(
        {
            "name": name.strip(),
            "date": date,
            "rules": rules,
            "options": dumps(options),
            "format": format,
            "rounds": rounds,
            "round_end": round_end,
            "round_limit": None if round_end == "target" else round_limit,
            "scoring": scoring,
            "password_hash": generate_password_hash(password),
            "status": "setup",
            "created_at": clock.stamp(),
        }
    ).last_pk


def _decode_tournament(row) -> dict:
    t = dict(row)
    t["options"] = json.loads(t["options"] or "{}")
    return t


def get_tournament(db: Database, tournament_id: int) -> dict | None:
    row = db.execute("SELECT * FROM tournaments WHERE id = ?", [tournament_id]).fetchone()
    return _decode_tournament(row) if row else None


def list_tournaments(db: Database) -> list[dict]:
    rows = db.execute(
        "SELECT t.*, (SELECT COUNT(*) FROM tournament_entries e WHERE e.tournament_id = t.id AND e.active = 1)"
        " AS entry_count, (SELECT MAX(number) FROM tournament_rounds r WHERE r.tournament_id = t.id)"
        " AS round_number FROM tournaments t ORDER BY date DESC, id DESC"
    ).fetchall()
    return [_decode_tournament(r) for r in rows]


def profile_of(tournament: dict):
    return get_profile(tournament["rules"]).with_options(tournament["options"])


def finish_tournament(db: Database, tournament_id: int, *, who: str) -> None:
    with immediate(db):
        current = rounds.current_round(db, tournament_id)
        if current is not None:
            rounds.close_round(db, tournament_id, who=who)
        db.execute(
            "UPDATE tournaments SET status = 'finished', finished_at = ? WHERE id = ?", [clock.stamp(), tournament_id]
        )
        log(db, tournament_id, action="finish", who=who)


# --- Entries ---------------------------------------------------------------------------------------------


def _decode_entry(row) -> dict:
    entry = dict(row)
    entry["players"] = json.loads(entry["players"])
    entry["active"] = bool(entry["active"])
    return entry


def list_entries(db: Database, tournament_id: int) -> list[dict]:
    rows = db.execute(
        "SELECT * FROM tournament_entries WHERE tournament_id = ? ORDER BY number", [tournament_id]
    ).fetchall()
    return [_decode_entry(r) for r in rows]


def get_entry(db: Database, tournament_id: int, entry_id: int) -> dict | None:
    row = db.execute(
        "SELECT * FROM tournament_entries WHERE tournament_id = ? AND id = ?", [tournament_id, entry_id]
    ).fetchone()
    return _decode_entry(row) if row else None


def add_entry(db: Database, tournament_id: int, players: list[str], *, who: str) -> int:
    """Enter a partnership (two names) or a player (one name); a late entry plays from the next round."""
    tournament = get_tournament(db, tournament_id)
    if tournament["status"] == "finished":
        raise TournamentError(_("The tournament is over: no more entries."))
    players = [p.strip()[:40] for p in players if p and p.strip()]
    wanted = 2 if tournament["format"] == "pairs" else 1
    if len(players) != wanted:
        raise TournamentError(_("Enter both partners' names.") if wanted == 2 else _("Enter the player's name."))
    with immediate(db):
        number = (db.execute(
            "SELECT MAX(number) FROM tournament_entries WHERE tournament_id = ?", [tournament_id]
        ).fetchone()[0] or 0) + 1
        last = rounds.latest_round(db, tournament_id)
        joined = (last["number"] + 1) if last else 1
        entry_id = db["tournament_entries"].insert(
            {
                "tournament_id": tournament_id,
                "number": number,
                "name": " & ".join(players),
                "players": dumps(players),
                "active": 1,
                "joined_round": joined,
                "created_at": clock.stamp(),
            }
        ).last_pk
        log(db, tournament_id, action="entry_added", after={"entry": number, "name": " & ".join(players),
                                                             "from_round": joined}, who=who)
    return entry_id


def set_entry_active(db: Database, tournament_id: int, entry_id: int, active: bool, *, who: str) -> None:
    """Withdraw an entry (it is not seated in later rounds) or bring it back."""
    entry = get_entry(db, tournament_id, entry_id)
    if entry is None:
        raise TournamentError(_("There is no such entry in this tournament."))
    last = rounds.latest_round(db, tournament_id)
    with immediate(db):
        db.execute(
            "UPDATE tournament_entries SET active = ?, left_after = ? WHERE id = ?",
            [1 if active else 0, None if active else (last["number"] if last else 0), entry_id],
        )
        log(db, tournament_id, action="entry_back" if active else "entry_withdrawn",
            before={"entry": entry["number"], "active": entry["active"]},
            after={"entry": entry["number"], "active": active}, who=who)
