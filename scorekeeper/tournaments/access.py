"""Access to a tournament: the director's password, table links and codes, and the slowing down of guesses."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import timedelta

from sqlite_utils import Database
from werkzeug.security import check_password_hash

from ..codes import unique_code
from . import base, records, rounds
from .base import immediate, parse_time, stamp


#: Short table codes: letters and digits that cannot be mistaken for one another when read aloud or typed.
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
CODE_LENGTH = 4

#: Wrong passwords allowed before waiting; then the wait doubles with each wrong one, up to the maximum.
FREE_ATTEMPTS = 3
FIRST_WAIT_SECONDS = 2
MAX_WAIT_SECONDS = 15 * 60


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
    moment = base.now()
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
    tournament = records.get_tournament(db, tournament_id)
    if tournament is None:
        return LoginResult(False)
    ok, wait = guarded(
        db, f"director:{tournament_id}", client,  # i18n: not for people
        lambda: bool(password) and check_password_hash(tournament["password_hash"], password),
    )
    return LoginResult(bool(ok), wait=wait)


def join_table(db: Database, code: str, client: str) -> tuple[dict | None, int]:
    """The table of a round being played with this short code, slowing down a client that keeps guessing."""
    return guarded(db, "table-code", client, lambda: table_by_code(db, code))


def new_code(db: Database) -> str:
    return unique_code(db, "tournament_tables", "code", alphabet=CODE_ALPHABET, length=CODE_LENGTH)


def table_by_token(db: Database, token: str) -> dict | None:
    row = db.execute("SELECT * FROM tournament_tables WHERE token = ?", [token]).fetchone()
    return rounds.decode_table(row) if row else None


def table_by_code(db: Database, code: str) -> dict | None:
    """The table of a round still being played with this short code (codes of closed rounds no longer open)."""
    code = "".join(code.split()).upper()
    row = db.execute(
        "SELECT tt.* FROM tournament_tables tt JOIN tournament_rounds r ON r.id = tt.round_id "
        "WHERE tt.code = ? AND r.status = 'playing'",
        [code],
    ).fetchone()
    return rounds.decode_table(row) if row else None
