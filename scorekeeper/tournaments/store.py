"""Every query about tournaments: entries, rounds, tables, confirmations, the director's log and logins.

Functions take ``db`` first; multi-row writes run inside ``immediate(db)`` (a write-locked ``db.atomic()``). The games themselves belong to the
scorepad's store (``scorekeeper.store``): a round creates one game per table with ``create_game``, table
results are read with ``game_summary``, and closing a round locks its games with ``set_locked``.
"""

from __future__ import annotations

import json
import math
import secrets
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date as date_type
from datetime import datetime, timedelta, timezone

from sqlite_utils import Database
from werkzeug.security import check_password_hash, generate_password_hash

from .. import store as games
from ..rules import get_profile
from .movement import RoundPlan, Seating, next_round
from .standings import Standing, TableResult, compute

FORMATS = {"pairs": "Fixed partnerships", "individuals": "Individuals, new partner every round"}
ROUND_ENDS = {"minutes": "After a time limit", "deals": "After a number of deals", "target": "When a side reaches the target"}
SCORINGS = {"points": "Total points", "vp": "Victory points (20-VP scale)"}

#: Short table codes: letters and digits that cannot be mistaken for one another when read aloud or typed.
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
CODE_LENGTH = 4

#: Wrong passwords allowed before waiting; then the wait doubles with each wrong one, up to the maximum.
FREE_ATTEMPTS = 3
FIRST_WAIT_SECONDS = 2
MAX_WAIT_SECONDS = 15 * 60

#: The warning on table phones starts this many minutes before the end of a timed round.
WARNING_MINUTES = 10


class TournamentError(Exception):
    """A request the tournament cannot follow; ``message`` says why in plain words."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@contextmanager
def immediate(db: Database):
    """A transaction that takes SQLite's write lock at once (``BEGIN IMMEDIATE``).

    Several table phones write at the same moment. A plain ``BEGIN`` that reads first and writes later fails
    at once with "database is locked" when another writer committed in between; taking the lock first makes
    the others wait (``busy_timeout``) instead. Inside a transaction already, it is a savepoint.
    """
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.conn.rollback()
        raise
    else:
        db.execute("COMMIT")


def now() -> datetime:
    """The current time (UTC). Tests replace it to move the clock."""
    return datetime.now(timezone.utc)


def stamp(moment: datetime | None = None) -> str:
    return (moment or now()).isoformat(timespec="seconds")


def parse_time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def _dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# --- Tournaments ---------------------------------------------------------------------------------------------


def create_tournament(
    db: Database, *, name: str, date: str, rules: str, options: dict, format: str, rounds: int,
    round_end: str, round_limit: int | None, scoring: str, password: str,
) -> int:
    """Create a tournament in setup; the password is stored only as a hash."""
    get_profile(rules).with_options(options)  # raises UnknownRules / UnknownOption
    date_type.fromisoformat(date)
    if format not in FORMATS or round_end not in ROUND_ENDS or scoring not in SCORINGS:
        raise TournamentError("Choose a format, a way to end rounds and a way to score from the lists.")
    return db["tournaments"].insert(
        {
            "name": name.strip(),
            "date": date,
            "rules": rules,
            "options": _dumps(options),
            "format": format,
            "rounds": rounds,
            "round_end": round_end,
            "round_limit": None if round_end == "target" else round_limit,
            "scoring": scoring,
            "password_hash": generate_password_hash(password),
            "status": "setup",
            "created_at": stamp(),
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
        current = current_round(db, tournament_id)
        if current is not None:
            close_round(db, tournament_id, who=who)
        db.execute(
            "UPDATE tournaments SET status = 'finished', finished_at = ? WHERE id = ?", [stamp(), tournament_id]
        )
        log(db, tournament_id, action="finish", who=who)


# --- The director's password -----------------------------------------------------------------------------


@dataclass(frozen=True)
class LoginResult:
    ok: bool
    wait: int = 0  # seconds before another try is listened to


def guarded(db: Database, scope: str, client: str, attempt):
    """Run ``attempt()`` unless this client must wait first; slow down its repeated failures.

    ``scope`` names what is being guessed ("director:12", "table-code"). ``attempt`` returns a true value on
    success and a false one on failure. After ``FREE_ATTEMPTS`` failures in a row, each further one makes the
    client wait twice as long as the last (2 s, 4 s, 8 s ... up to 15 minutes); while it waits, ``attempt`` is
    not even run. Returns (the attempt's result or None, seconds to wait before the next try).
    """
    moment = now()
    with immediate(db):
        row = db.execute(
            "SELECT failures, locked_until FROM attempts WHERE scope = ? AND client = ?", [scope, client]
        ).fetchone()
        failures = row["failures"] if row else 0
        locked_until = parse_time(row["locked_until"]) if row else None
        if locked_until and locked_until > moment:
            return None, max(1, math.ceil((locked_until - moment).total_seconds()))
        result = attempt()
        if result:
            db.execute("DELETE FROM attempts WHERE scope = ? AND client = ?", [scope, client])
            return result, 0
        failures += 1
        wait = 0
        if failures >= FREE_ATTEMPTS:
            wait = min(FIRST_WAIT_SECONDS * 2 ** (failures - FREE_ATTEMPTS), MAX_WAIT_SECONDS)
        db.execute(
            "INSERT INTO attempts (scope, client, failures, locked_until, last_failure_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (scope, client) DO UPDATE SET failures = excluded.failures, "
            "locked_until = excluded.locked_until, last_failure_at = excluded.last_failure_at",
            [scope, client, failures, stamp(moment + timedelta(seconds=wait)) if wait else None, stamp(moment)],
        )
        return None, wait


def try_login(db: Database, tournament_id: int, client: str, password: str) -> LoginResult:
    """Check the director's password, slowing down repeated wrong ones from the same client (see ``guarded``)."""
    tournament = get_tournament(db, tournament_id)
    if tournament is None:
        return LoginResult(False)
    ok, wait = guarded(
        db, f"director:{tournament_id}", client,
        lambda: bool(password) and check_password_hash(tournament["password_hash"], password),
    )
    return LoginResult(bool(ok), wait=wait)


def join_table(db: Database, code: str, client: str) -> tuple[dict | None, int]:
    """The table of a round being played with this short code, slowing down a client that keeps guessing."""
    return guarded(db, "table-code", client, lambda: table_by_code(db, code))


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
        raise TournamentError("The tournament is over: no more entries.")
    players = [p.strip()[:40] for p in players if p and p.strip()]
    wanted = 2 if tournament["format"] == "pairs" else 1
    if len(players) != wanted:
        raise TournamentError("Enter both partners' names." if wanted == 2 else "Enter the player's name.")
    with immediate(db):
        number = (db.execute(
            "SELECT MAX(number) FROM tournament_entries WHERE tournament_id = ?", [tournament_id]
        ).fetchone()[0] or 0) + 1
        last = latest_round(db, tournament_id)
        joined = (last["number"] + 1) if last else 1
        entry_id = db["tournament_entries"].insert(
            {
                "tournament_id": tournament_id,
                "number": number,
                "name": " & ".join(players),
                "players": _dumps(players),
                "active": 1,
                "joined_round": joined,
                "created_at": stamp(),
            }
        ).last_pk
        log(db, tournament_id, action="entry_added", after={"entry": number, "name": " & ".join(players),
                                                             "from_round": joined}, who=who)
    return entry_id


def set_entry_active(db: Database, tournament_id: int, entry_id: int, active: bool, *, who: str) -> None:
    """Withdraw an entry (it is not seated in later rounds) or bring it back."""
    entry = get_entry(db, tournament_id, entry_id)
    if entry is None:
        raise TournamentError("There is no such entry in this tournament.")
    last = latest_round(db, tournament_id)
    with immediate(db):
        db.execute(
            "UPDATE tournament_entries SET active = ?, left_after = ? WHERE id = ?",
            [1 if active else 0, None if active else (last["number"] if last else 0), entry_id],
        )
        log(db, tournament_id, action="entry_back" if active else "entry_withdrawn",
            before={"entry": entry["number"], "active": entry["active"]},
            after={"entry": entry["number"], "active": active}, who=who)


# --- Rounds and tables -----------------------------------------------------------------------------------


def _decode_round(row) -> dict:
    r = dict(row)
    r["sit_out"] = json.loads(r["sit_out"])
    return r


def list_rounds(db: Database, tournament_id: int) -> list[dict]:
    rows = db.execute(
        "SELECT * FROM tournament_rounds WHERE tournament_id = ? ORDER BY number", [tournament_id]
    ).fetchall()
    return [_decode_round(r) for r in rows]


def get_round(db: Database, tournament_id: int, number: int) -> dict | None:
    row = db.execute(
        "SELECT * FROM tournament_rounds WHERE tournament_id = ? AND number = ?", [tournament_id, number]
    ).fetchone()
    return _decode_round(row) if row else None


def latest_round(db: Database, tournament_id: int) -> dict | None:
    row = db.execute(
        "SELECT * FROM tournament_rounds WHERE tournament_id = ? ORDER BY number DESC LIMIT 1", [tournament_id]
    ).fetchone()
    return _decode_round(row) if row else None


def current_round(db: Database, tournament_id: int) -> dict | None:
    """The round being played, if any."""
    last = latest_round(db, tournament_id)
    return last if last and last["status"] == "playing" else None


def _decode_table(row) -> dict:
    t = dict(row)
    t["we_entries"] = json.loads(t["we_entries"])
    t["they_entries"] = json.loads(t["they_entries"])
    return t


def list_tables(db: Database, tournament_id: int, round_number: int | None = None) -> list[dict]:
    if round_number is None:
        rows = db.execute(
            "SELECT * FROM tournament_tables WHERE tournament_id = ? ORDER BY round_number, number", [tournament_id]
        ).fetchall()
    else:
        rows = db.execute(
            "SELECT * FROM tournament_tables WHERE tournament_id = ? AND round_number = ? ORDER BY number",
            [tournament_id, round_number],
        ).fetchall()
    return [_decode_table(r) for r in rows]


def get_table(db: Database, tournament_id: int, table_id: int) -> dict | None:
    row = db.execute(
        "SELECT * FROM tournament_tables WHERE tournament_id = ? AND id = ?", [tournament_id, table_id]
    ).fetchone()
    return _decode_table(row) if row else None


def table_by_token(db: Database, token: str) -> dict | None:
    row = db.execute("SELECT * FROM tournament_tables WHERE token = ?", [token]).fetchone()
    return _decode_table(row) if row else None


def table_by_code(db: Database, code: str) -> dict | None:
    """The table of a round still being played with this short code (codes of closed rounds no longer open)."""
    code = "".join(code.split()).upper()
    row = db.execute(
        "SELECT tt.* FROM tournament_tables tt JOIN tournament_rounds r ON r.id = tt.round_id "
        "WHERE tt.code = ? AND r.status = 'playing'",
        [code],
    ).fetchone()
    return _decode_table(row) if row else None


def _new_code(db: Database) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not db.execute("SELECT 1 FROM tournament_tables WHERE code = ?", [code]).fetchone():
            return code


def plans(db: Database, tournament_id: int) -> list[RoundPlan]:
    """The rounds played so far, as the movement sees them."""
    tables = list_tables(db, tournament_id)
    result = []
    for r in list_rounds(db, tournament_id):
        seats = tuple(
            Seating(t["number"], tuple(t["we_entries"]), tuple(t["they_entries"]))
            for t in tables if t["round_number"] == r["number"]
        )
        result.append(RoundPlan(r["number"], seats, tuple(r["sit_out"])))
    return result


def preview_next(db: Database, tournament: dict) -> RoundPlan | None:
    """Where everyone would sit next round if nobody arrives or leaves meanwhile."""
    active = [e["id"] for e in list_entries(db, tournament["id"]) if e["active"]]
    played = plans(db, tournament["id"])
    if len(played) >= tournament["rounds"] or len(active) < minimum_entries(tournament):
        return None
    return next_round(tournament["format"], active, played)


def minimum_entries(tournament: dict) -> int:
    return 2 if tournament["format"] == "pairs" else 4


def _side(entries: dict[int, dict], ids: tuple[int, ...], key: str, label: str) -> dict:
    players = [p for i in ids for p in entries[i]["players"]]
    name = entries[ids[0]]["name"] if len(ids) == 1 else " & ".join(players)
    if len(name) > 40:
        name = label
    return {"key": key, "name": name, "players": players}


def start_round(db: Database, tournament_id: int, *, who: str) -> int:
    """Seat the next round and open one scorepad game per table; returns the round number."""
    tournament = get_tournament(db, tournament_id)
    if tournament["status"] == "finished":
        raise TournamentError("The tournament is over.")
    if current_round(db, tournament_id) is not None:
        raise TournamentError("Close the round being played before starting the next one.")
    played = plans(db, tournament_id)
    if len(played) >= tournament["rounds"]:
        raise TournamentError(f"All {tournament['rounds']} rounds have been played. End the tournament.")
    entries = {e["id"]: e for e in list_entries(db, tournament_id)}
    active = [i for i, e in entries.items() if e["active"]]
    if len(active) < minimum_entries(tournament):
        kind = "two partnerships" if tournament["format"] == "pairs" else "four players"
        raise TournamentError(f"A round needs at least {kind}.")
    plan = next_round(tournament["format"], active, played)
    moment = now()
    ends_at = None
    if tournament["round_end"] == "minutes":
        ends_at = stamp(moment + timedelta(minutes=tournament["round_limit"]))
    with immediate(db):
        round_id = db["tournament_rounds"].insert(
            {
                "tournament_id": tournament_id,
                "number": plan.number,
                "status": "playing",
                "sit_out": _dumps(list(plan.sit_out)),
                "started_at": stamp(moment),
                "ends_at": ends_at,
            }
        ).last_pk
        for seat in plan.tables:
            sides = [
                _side(entries, seat.ns, "we", f"Table {seat.table} North-South"),
                _side(entries, seat.ew, "they", f"Table {seat.table} East-West"),
            ]
            game_id = games.create_game(
                db, rules=tournament["rules"], options=tournament["options"], sides=sides,
                first_dealer=(plan.number - 1) % sum(len(s["players"]) for s in sides),
                who=f"{tournament['name']}: round {plan.number}",
            )
            # Tournament games stay locked: only the table's own link unlocks one, for one write at a time.
            games.set_locked(db, game_id, True, who=who)
            db["tournament_tables"].insert(
                {
                    "tournament_id": tournament_id,
                    "round_id": round_id,
                    "round_number": plan.number,
                    "number": seat.table,
                    "game_id": game_id,
                    "token": secrets.token_urlsafe(18),
                    "code": _new_code(db),
                    "we_entries": _dumps(list(seat.ns)),
                    "they_entries": _dumps(list(seat.ew)),
                }
            )
        db.execute("UPDATE tournaments SET status = 'playing' WHERE id = ?", [tournament_id])
        log(db, tournament_id, round_number=plan.number, action="round_started",
            after={"tables": len(plan.tables), "sit_out": len(plan.sit_out)}, who=who)
    return plan.number


def close_round(db: Database, tournament_id: int, *, who: str) -> int:
    """Close the round being played: its games are locked, and its results count in the standings."""
    current = current_round(db, tournament_id)
    if current is None:
        raise TournamentError("No round is being played.")
    with immediate(db):
        unconfirmed = []
        for table in list_tables(db, tournament_id, current["number"]):
            status = table_status(db, table)
            if not status["confirmed"]:
                unconfirmed.append(table["number"])
            if not status["locked"]:
                games.set_locked(db, table["game_id"], True, who=who)
            # Locking moves the game's version on; a confirmation of the last score stays valid.
            version = games.game_version(db, table["game_id"])
            for side in ("we", "they"):
                if status[f"confirmed_{side}"]:
                    db.execute(
                        f"UPDATE tournament_tables SET {side}_confirmed_version = ? WHERE id = ?",
                        [version, table["id"]],
                    )
        db.execute(
            "UPDATE tournament_rounds SET status = 'closed', closed_at = ? WHERE id = ?", [stamp(), current["id"]]
        )
        log(db, tournament_id, round_number=current["number"], action="round_closed",
            after={"unconfirmed_tables": unconfirmed}, who=who)
    return current["number"]


# --- A table's result ---------------------------------------------------------------------------------------


def table_status(db: Database, table: dict, summary=None) -> dict:
    """The table's score as it counts (the game's totals, or the director's), and who has confirmed it."""
    summary = summary or games.game_summary(db, table["game_id"])
    version = summary.game["version"]
    if table["result_kind"]:
        we, they = table["result_we"], table["result_they"]
    else:
        we, they = summary.totals.get("we", 0), summary.totals.get("they", 0)
    confirmed = {
        side: table[f"{side}_confirmed_version"] is not None and table[f"{side}_confirmed_version"] == version
        for side in ("we", "they")
    }
    return {
        "we": we,
        "they": they,
        "deals": len(summary.rows),
        "game_over": summary.game_over,
        "version": version,
        "locked": summary.game["locked"],
        "confirmed_we": confirmed["we"],
        "confirmed_they": confirmed["they"],
        "confirmed": (confirmed["we"] and confirmed["they"]) or bool(table["result_kind"]),
        "kind": table["result_kind"],
        "reason": table["result_reason"],
        "summary": summary,
    }


def confirm(db: Database, table: dict, side: str, *, version: int, who: str) -> None:
    """A side agrees with the score shown at game version ``version``."""
    if side not in ("we", "they"):
        raise TournamentError("Choose which side is confirming.")
    with immediate(db):
        game = games.get_game(db, table["game_id"])
        if not round_is_open(db, table):
            raise TournamentError("This round is closed: only the director can change its results now.")
        if game["version"] != version:
            raise TournamentError("The score changed after it was shown. Check the new score, then confirm it.")
        db.execute(
            f"UPDATE tournament_tables SET {side}_confirmed_version = ?, {side}_confirmed_at = ? WHERE id = ?",
            [version, stamp(), table["id"]],
        )
        summary = games.game_summary(db, table["game_id"])
        log(db, table["tournament_id"], round_number=table["round_number"], table_id=table["id"],
            action="confirmed", after={"side": side, "we": summary.totals.get("we"),
                                       "they": summary.totals.get("they"), "deals": len(summary.rows)}, who=who)


def set_result(db: Database, table: dict, *, kind: str, we: int, they: int, reason: str, who: str) -> None:
    """The director's result for a table: "corrected" (the score was wrong) or "adjusted" (could not finish)."""
    if kind not in ("corrected", "adjusted"):
        raise TournamentError("Choose a correction or an adjusted score.")
    if not reason.strip():
        raise TournamentError("Give the reason for the change; it goes in the log.")
    with immediate(db):
        before = table_status(db, table)
        db.execute(
            "UPDATE tournament_tables SET result_kind = ?, result_we = ?, result_they = ?, result_reason = ? "
            "WHERE id = ?",
            [kind, we, they, reason.strip()[:300], table["id"]],
        )
        log(db, table["tournament_id"], round_number=table["round_number"], table_id=table["id"], action=kind,
            before={"we": before["we"], "they": before["they"], "kind": before["kind"]},
            after={"we": we, "they": they, "kind": kind}, who=who, reason=reason)


def clear_result(db: Database, table: dict, *, reason: str, who: str) -> None:
    """Go back to the game's own score."""
    if not reason.strip():
        raise TournamentError("Give the reason for the change; it goes in the log.")
    with immediate(db):
        before = table_status(db, table)
        db.execute(
            "UPDATE tournament_tables SET result_kind = NULL, result_we = NULL, result_they = NULL, "
            "result_reason = NULL WHERE id = ?",
            [table["id"]],
        )
        after = table_status(db, get_table(db, table["tournament_id"], table["id"]))
        log(db, table["tournament_id"], round_number=table["round_number"], table_id=table["id"],
            action="back_to_game_score", before={"we": before["we"], "they": before["they"], "kind": before["kind"]},
            after={"we": after["we"], "they": after["they"], "kind": None}, who=who, reason=reason)


def round_is_open(db: Database, table: dict) -> bool:
    row = db.execute("SELECT status FROM tournament_rounds WHERE id = ?", [table["round_id"]]).fetchone()
    return bool(row) and row["status"] == "playing"


def table_write(db: Database, table: dict, *, expected_version: int, who: str, action):
    """Run one scorepad write for a table: ``action(version)`` gets the unlocked game's version.

    Tournament games are locked except inside this transaction, so the scorepad's own pages cannot change
    them: a table scores only through its secret link, only while its round is open. Unlocking is the first
    statement, so the transaction holds SQLite's write lock before it reads anything; a phone that saw an
    older version gets ``StaleGame`` and nothing is written.
    """
    with immediate(db):
        games.set_locked(db, table["game_id"], False, who=who)
        if not round_is_open(db, table):
            raise TournamentError("This round is closed: only the director can change its results now.")
        version = games.game_version(db, table["game_id"])
        if version != expected_version + 1:
            raise games.StaleGame(version - 1)
        result = action(version)
        games.set_locked(db, table["game_id"], True, who=who)
    return result


def table_add_deal(db: Database, table: dict, sides_data: dict, *, expected_version: int, who: str) -> int:
    return table_write(
        db, table, expected_version=expected_version, who=who,
        action=lambda version: games.add_deal(db, table["game_id"], sides_data, mode="totals",
                                              expected_version=version, who=who),
    )


def table_undo(db: Database, table: dict, *, expected_version: int, who: str) -> dict:
    return table_write(
        db, table, expected_version=expected_version, who=who,
        action=lambda version: games.undo_last(db, table["game_id"], expected_version=version, who=who),
    )


# --- Timer ---------------------------------------------------------------------------------------------------


def round_clock(tournament: dict, round_row: dict, status: dict | None = None) -> dict:
    """What the table phones show about the end of the round: time left, deals left, and any warning."""
    clock = {"kind": tournament["round_end"], "closed": round_row["status"] == "closed", "warning": None,
             "seconds_left": None, "deals_left": None, "ends_at": round_row.get("ends_at")}
    if clock["closed"]:
        clock["warning"] = "This round is closed."
        return clock
    if tournament["round_end"] == "minutes" and round_row.get("ends_at"):
        left = (parse_time(round_row["ends_at"]) - now()).total_seconds()
        clock["seconds_left"] = max(0, math.ceil(left))
        if left <= 0:
            clock["warning"] = "Time is up: finish the deal you are playing. It is the last one."
        elif left <= WARNING_MINUTES * 60:
            clock["warning"] = "Last minutes: do not start a deal you cannot finish in time."
    elif tournament["round_end"] == "deals" and status is not None:
        left = tournament["round_limit"] - status["deals"]
        clock["deals_left"] = max(0, left)
        if left == 1:
            clock["warning"] = "Last deal of the round."
        elif left <= 0:
            clock["warning"] = "All deals of the round are played: confirm the score."
    elif tournament["round_end"] == "target" and status is not None and status["game_over"]:
        clock["warning"] = "The game is over: confirm the score."
    return clock


# --- The log ---------------------------------------------------------------------------------------------


def log(db: Database, tournament_id: int, *, action: str, who: str, round_number: int | None = None,
        table_id: int | None = None, before=None, after=None, reason: str | None = None) -> int:
    return db["tournament_log"].insert(
        {
            "tournament_id": tournament_id,
            "round_number": round_number,
            "table_id": table_id,
            "action": action,
            "before": None if before is None else _dumps(before),
            "after": None if after is None else _dumps(after),
            "who": (who or "")[:60],
            "reason": (reason or None) and reason.strip()[:300],
            "at": stamp(),
        }
    ).last_pk


def list_log(db: Database, tournament_id: int) -> list[dict]:
    """The director's log, newest first: the tournament's own entries, and every change the scorepad made
    to a table's deals after one of its sides had confirmed (read from the scorepad's ``changes``)."""
    items = []
    for row in db.execute(
        "SELECT l.*, tt.number AS table_number FROM tournament_log l "
        "LEFT JOIN tournament_tables tt ON tt.id = l.table_id WHERE l.tournament_id = ? ORDER BY l.id",
        [tournament_id],
    ).fetchall():
        item = dict(row)
        item["before"] = json.loads(item["before"]) if item["before"] else None
        item["after"] = json.loads(item["after"]) if item["after"] else None
        item["source"] = "tournament"
        items.append(item)
    # Deal changes on the scorepad after a confirmation: own query, the store has none by time.
    for row in db.execute(
        "SELECT c.*, tt.number AS table_number, tt.round_number FROM changes c "
        "JOIN tournament_tables tt ON tt.game_id = c.game_id "
        "WHERE tt.tournament_id = ? AND c.action IN ('add', 'edit', 'delete', 'undo') AND c.at >= "
        "COALESCE((SELECT MIN(at) FROM tournament_log l WHERE l.table_id = tt.id AND l.action = 'confirmed'), "
        "'9999') ORDER BY c.id",
        [tournament_id],
    ).fetchall():
        item = dict(row)
        item["before"] = _deal_brief(item["before"])
        item["after"] = _deal_brief(item["after"])
        item["action"] = f"deal_{item['action']}_after_confirmation"
        item["source"] = "scorepad"
        items.append(item)
    items.sort(key=lambda i: (i["at"], i["source"] == "tournament", i["id"]), reverse=True)
    return items


def _deal_brief(text: str | None):
    if not text:
        return None
    deal = json.loads(text)
    return {"deal": deal.get("seq"), "sides": deal.get("sides")}


# --- Standings -------------------------------------------------------------------------------------------


@dataclass
class Results:
    tournament: dict
    entries: dict[int, dict]
    tables: list[dict]  # every table of closed rounds, with "status"
    standings: list[Standing]


def results(db: Database, tournament_id: int) -> Results:
    """The standings from every closed round (the round being played counts once it is closed)."""
    tournament = get_tournament(db, tournament_id)
    entries = {e["id"]: e for e in list_entries(db, tournament_id)}
    closed = [r for r in list_rounds(db, tournament_id) if r["status"] == "closed"]
    numbers = {r["number"] for r in closed}
    tables = []
    table_results = []
    for table in list_tables(db, tournament_id):
        if table["round_number"] not in numbers:
            continue
        table["status"] = table_status(db, table)
        tables.append(table)
        table_results.append(
            TableResult(table["round_number"], table["number"], tuple(table["we_entries"]),
                        tuple(table["they_entries"]), table["status"]["we"], table["status"]["they"])
        )
    names = {i: e["name"] for i, e in entries.items()}
    sit_outs = {r["number"]: r["sit_out"] for r in closed}
    standings = compute(names, table_results, sit_outs, scoring=tournament["scoring"])
    return Results(tournament, entries, tables, standings)
