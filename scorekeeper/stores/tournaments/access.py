"""Access to a tournament: table cards (link and code), the director's password and sign-ins, and the limits
that keep anyone from guessing their way in.

Table codes
-----------
Each table number of a tournament has one card for the whole event: a secret link (in its QR code) and a
code of ``CODE_LENGTH`` = 6 letters from the 22 of ``CODE_ALPHABET``, typed with the table's number. There
are 22**6 = 113,379,904 codes.

Wrong codes are counted over a sliding window of ``CODE_WINDOW`` (10 minutes): at most
``CODE_GUESSES_PER_CLIENT`` = 10 from one address, at most ``CODE_GUESSES_PER_TOURNAMENT`` = 30 against one
tournament (3 a minute on average), and at most ``CODE_GUESSES_ALL`` = 60 from everyone together. A wrong code
counts against every running tournament it could have opened: the one of a tournament's own join page, or, on
the general join page, each running tournament with a table of the number typed (``guess_limits``). A right
code takes nothing back, and while a limit is reached no code is looked up at all, right or wrong, so a
refusal tells nothing. Whatever the number of addresses, at most 60 wrong codes are looked at in 10 minutes:
360 an hour. A guess names a table number and a code and opens a table only when that table's code is the one
typed; with ten tournaments running at once (ten tables numbered 3), a guess hits with a chance of 10 in
113,379,904, so the expected time to the first hit is 113,379,904 / 10 / 360 = 31,494 hours, more than three
and a half years, where an event lasts an evening (the chance of a hit in a 4-hour evening is about 1 in
7,900). The cost: someone who keeps guessing can make typed codes wait for everyone for up to 10 minutes; the
QR code on the card keeps working.

Passwords and creating tournaments
---------------------------------
A wrong director's password makes that address wait, twice as long each time after ``FREE_ATTEMPTS``
(``guarded``). The password hash (scrypt, deliberately slow) is checked outside any write transaction, so
guesses never hold up a table's save; the failure is counted before the check, so parallel guesses cannot
slip past the count. Creating tournaments is limited per address (``CREATE_PER_CLIENT`` an hour), since
creating one also hashes a password.
"""

from __future__ import annotations

import hashlib
import math
import secrets
from dataclasses import dataclass
from datetime import timedelta

from scorekeeper.db.contract import Database
from werkzeug.security import check_password_hash

from scorekeeper.stores.passwords import hashed

from scorekeeper import clock
from scorekeeper.stores.codes import unique_code
from scorekeeper.stores.tournaments import records
from scorekeeper.stores.tournaments.log import log
from scorekeeper.tournaments.rows import Card, Table

#: Table codes: letters and digits that cannot be mistaken for one another when read aloud or typed.
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
CODE_LENGTH = 6
CODE_WINDOW = timedelta(minutes=10)
CODE_GUESSES_PER_CLIENT = 10
CODE_GUESSES_PER_TOURNAMENT = 30
CODE_GUESSES_ALL = 60

#: New tournaments from one address in an hour.
CREATE_WINDOW = timedelta(hours=1)
CREATE_PER_CLIENT = 10

#: Wrong passwords allowed before waiting; then the wait doubles with each wrong one, up to the maximum.
FREE_ATTEMPTS = 3
FIRST_WAIT_SECONDS = 2
MAX_WAIT_SECONDS = 15 * 60


# --- Counting over a sliding window ---------------------------------------------------------------------


def window_wait(db: Database, limits: list[tuple[str, int]], window: timedelta) -> int:
    """Seconds until every ``(scope, limit)`` has room for one more within ``window``; 0 when all have."""
    moment = clock.now()
    wait = 0
    for scope, limit in limits:
        rows = db.execute(
            "SELECT at FROM guesses WHERE scope = ? AND at > ? ORDER BY at DESC LIMIT ?",
            [scope, clock.stamp(moment - window), limit],
        ).fetchall()
        if len(rows) >= limit:
            frees_at = clock.parse(rows[-1]["at"]) + window
            wait = max(wait, max(1, math.ceil((frees_at - moment).total_seconds())))
    return wait


def count(db: Database, scopes: list[str], window: timedelta) -> None:
    """Count one event in each scope, and forget what has left the window."""
    moment = clock.now()
    for scope in scopes:
        db.execute("INSERT INTO guesses (scope, at) VALUES (?, ?)", [scope, clock.stamp(moment)])
        db.execute("DELETE FROM guesses WHERE scope = ? AND at <= ?", [scope, clock.stamp(moment - window)])


def allow_create(db: Database, client: str, per_hour: int = CREATE_PER_CLIENT, what: str = "create") -> int:
    """Count a new tournament (or, with ``what="create-game"``, a new game) from ``client``; returns 0, or the
    seconds to wait when it has made ``per_hour`` within the hour. A ``per_hour`` of 0 sets no limit."""
    if not per_hour:
        return 0
    with db.write(key=f"guesses:{client}"):
        limits = [(f"{what}:client:{client}", per_hour)]  # i18n: not for people
        wait = window_wait(db, limits, CREATE_WINDOW)
        if not wait:
            count(db, [scope for scope, _ in limits], CREATE_WINDOW)
        return wait


# --- Table cards -------------------------------------------------------------------------------------------


def device(db: Database, tournament_id: int, number: int) -> Card:
    """The card of table ``number`` (its link and code), made the first time it is asked for."""
    row = db.execute("SELECT * FROM tournament_devices WHERE tournament_id = ? AND number = ?",
                     [tournament_id, number]).fetchone()
    if row:
        return Card.from_row(row)
    with db.write(tournament=tournament_id):
        db.insert("tournament_devices", {
            "tournament_id": tournament_id, "number": number, "token": secrets.token_urlsafe(18),
            "code": unique_code(db, "tournament_devices", "code", alphabet=CODE_ALPHABET, length=CODE_LENGTH),
            "created_at": clock.stamp(),
        })
    return device(db, tournament_id, number)


def table_code(db: Database, tournament_id: int, number: int) -> str:
    return device(db, tournament_id, number).code


def device_by_token(db: Database, token: str) -> Card | None:
    row = db.execute("SELECT * FROM tournament_devices WHERE token = ?", [token]).fetchone()
    return Card.from_row(row) if row else None


def table_by_token(db: Database, token: str) -> Table | None:
    row = db.execute("SELECT * FROM tournament_tables WHERE token = ?", [token]).fetchone()
    return Table.from_row(row) if row else None


def table_at_token(db: Database, token: str) -> tuple[Table, str | None] | None:
    """The table at ``token`` and the language its tournament fixes for its phones, in one statement: what a
    request's routing reads of a table's link (``web.devices.route_table``)."""
    row = db.execute("SELECT tt.*, t.language AS fixed_language FROM tournament_tables tt "
                     "JOIN tournaments t ON t.id = tt.tournament_id WHERE tt.token = ?", [token]).fetchone()
    if row is None:
        return None
    values = dict(row)
    language = values.pop("fixed_language")
    return Table.from_row(values), language


def current_table(db: Database, card: Card) -> Table | None:
    """The table its card stands for now: the one of that number in the tournament's latest round."""
    row = db.execute(
        "SELECT * FROM tournament_tables WHERE tournament_id = ? AND number = ? ORDER BY round_number DESC LIMIT 1",
        [card.tournament_id, card.number],
    ).fetchone()
    return Table.from_row(row) if row else None


def clean_code(code: str) -> str:
    return "".join(code.split()).upper()


def guess_limits(db: Database, client: str, *, number: int | None = None,
                 tournament_id: int | None = None) -> list[tuple[str, int]]:
    """The limits a typed code is held to, on every join page: the client's, everyone's, and that of each
    running tournament the guess could open. From a tournament's own join page that is the one tournament;
    from the general page (table number and code only) it is every running tournament with a table of that
    number, so spreading guesses over the join pages does not raise any tournament's count."""
    limits = [(f"code:client:{client}", CODE_GUESSES_PER_CLIENT), ("code:all", CODE_GUESSES_ALL)]  # i18n: not for people
    if tournament_id is not None:
        candidates = [tournament_id]
    else:
        sql = ("SELECT DISTINCT d.tournament_id FROM tournament_devices d JOIN tournaments t ON t.id = "
               "d.tournament_id WHERE t.status != 'finished'")
        args = []
        if number is not None:
            sql, args = sql + " AND d.number = ?", [number]
        candidates = [row[0] for row in db.execute(sql + " ORDER BY d.tournament_id", args).fetchall()]
    limits.extend((f"code:tournament:{tid}", CODE_GUESSES_PER_TOURNAMENT)  # i18n: not for people
                  for tid in candidates)
    return limits


def join_table(db: Database, code: str, client: str, *, number: int | None = None,
               tournament_id: int | None = None, other=None) -> tuple[dict | None, int]:
    """The card of an event still running with this code (and table number, when given); (card, 0) on a
    hit, (None, 0) on a miss, (None, seconds) while the guesses are over a limit (nothing looked up).
    Every join page comes here, held to the same limits (``guess_limits``). ``other(code, number)``: another
    kind of card to try, under the same limits (a club's permanent card: ``stores.club_tables.join_card``)."""
    with db.write(key=f"guesses:{client}"):
        limits = guess_limits(db, client, number=number, tournament_id=tournament_id)
        wait = window_wait(db, limits, CODE_WINDOW)
        if wait:
            return None, wait
        row = db.execute(
            "SELECT d.* FROM tournament_devices d JOIN tournaments t ON t.id = d.tournament_id "
            "WHERE d.code = ? AND t.status != 'finished'", [clean_code(code)],
        ).fetchone()
        if row and (number is None or row["number"] == number) and (
                tournament_id is None or row["tournament_id"] == tournament_id):
            return Card.from_row(row), 0
        found = other(clean_code(code), number) if other is not None and tournament_id is None else None
        if found is not None:
            return found, 0
        count(db, [scope for scope, _ in limits], CODE_WINDOW)
        return None, 0


# --- The director's password ----------------------------------------------------------------------------


@dataclass(frozen=True)
class LoginResult:
    ok: bool
    wait: int = 0  # seconds before another try is listened to
    paused: bool = False  # the password was not even checked: the client was still waiting


def _hold(db: Database, scope: str, client: str) -> int:
    """Count one more failure for ``client`` before a check; returns the seconds it must wait first (0: go)."""
    moment = clock.now()
    with db.write(key=f"guesses:{client}"):
        row = db.execute(
            "SELECT failures, locked_until FROM attempts WHERE scope = ? AND client = ?", [scope, client]
        ).fetchone()
        locked_until = clock.parse(row["locked_until"]) if row else None
        if locked_until and locked_until > moment:
            return max(1, math.ceil((locked_until - moment).total_seconds()))
        failures = (row["failures"] if row else 0) + 1
        wait = 0
        if failures >= FREE_ATTEMPTS:
            wait = min(FIRST_WAIT_SECONDS * 2 ** (failures - FREE_ATTEMPTS), MAX_WAIT_SECONDS)
        db.execute(
            "INSERT INTO attempts (scope, client, failures, locked_until, last_failure_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (scope, client) DO UPDATE SET failures = excluded.failures, "
            "locked_until = excluded.locked_until, last_failure_at = excluded.last_failure_at",
            [scope, client, failures, clock.stamp(moment + timedelta(seconds=wait)) if wait else None, clock.stamp(moment)],
        )
    return 0


def guarded(db: Database, scope: str, client: str, attempt):
    """Run ``attempt()`` unless this client must wait first; slow down its repeated failures.

    ``scope`` names what is being guessed ("director:12"). ``attempt`` returns a true value on success and a
    false one on failure; it runs outside any transaction (a password hash is slow). Each try is counted as a
    failure before it runs and forgiven after a success. After ``FREE_ATTEMPTS`` failures in a row, each
    further one makes the client wait twice as long as the last (2 s, 4 s, 8 s ... up to 15 minutes); while
    it waits, ``attempt`` is not even run. Returns (the attempt's result or None, seconds to wait before the
    next try).
    """
    row = db.execute("SELECT locked_until FROM attempts WHERE scope = ? AND client = ?", [scope, client]).fetchone()
    moment = clock.now()
    locked_until = clock.parse(row["locked_until"]) if row else None
    if locked_until and locked_until > moment:
        return None, max(1, math.ceil((locked_until - moment).total_seconds()))
    _hold(db, scope, client)
    result = attempt()
    if result:
        with db.write(key=f"guesses:{client}"):
            db.execute("DELETE FROM attempts WHERE scope = ? AND client = ?", [scope, client])
        return result, 0
    row = db.execute("SELECT locked_until FROM attempts WHERE scope = ? AND client = ?", [scope, client]).fetchone()
    locked_until = clock.parse(row["locked_until"]) if row else None
    wait = max(1, math.ceil((locked_until - moment).total_seconds())) if locked_until else 0
    return None, wait


def check_password(db: Database, tournament_id: int, password: str) -> bool:
    tournament = records.get_tournament(db, tournament_id)
    return bool(tournament and password and check_password_hash(tournament.password_hash, password))


def try_login(db: Database, tournament_id: int, client: str, password: str) -> LoginResult:
    """Check the director's password, slowing down repeated wrong ones from the same client (see ``guarded``)."""
    if records.get_tournament(db, tournament_id) is None:
        return LoginResult(False)
    checked = []

    def attempt():
        checked.append(True)
        return check_password(db, tournament_id, password)

    ok, wait = guarded(db, f"director:{tournament_id}", client, attempt)  # i18n: not for people
    return LoginResult(bool(ok), wait=wait, paused=not checked)


# --- Director sign-ins -------------------------------------------------------------------------------------

#: A director's sign-in ends after this long without a page opened.
DIRECTOR_IDLE = timedelta(hours=4)
#: How often a sign-in's last use is written down (not on every page).
SEEN_EVERY = timedelta(minutes=1)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def start_session(db: Database, tournament_id: int, name: str) -> str:
    """Sign a director in; returns the token the browser keeps (only its hash is stored here)."""
    token = secrets.token_urlsafe(24)
    moment = clock.stamp()
    db.insert("director_sessions", {"token_hash": _hash(token), "tournament_id": tournament_id,
                                    "name": name.strip()[:40], "created_at": moment, "last_seen_at": moment})
    return token


def session_name(db: Database, tournament_id: int, token: str | None) -> str | None:
    """The name a live sign-in of this tournament was made under ("" when none was given), else None.

    A sign-in is live until it is ended or left unused for ``DIRECTOR_IDLE``; each use keeps it going."""
    if not token:
        return None
    row = db.execute("SELECT * FROM director_sessions WHERE token_hash = ? AND tournament_id = ? AND ended_at IS NULL",
                     [_hash(token), tournament_id]).fetchone()
    if row is None:
        return None
    moment = clock.now()
    seen = clock.parse(row["last_seen_at"])
    if moment - seen > DIRECTOR_IDLE:
        return None
    if moment - seen > SEEN_EVERY:
        db.execute("UPDATE director_sessions SET last_seen_at = ? WHERE token_hash = ?",
                   [clock.stamp(moment), row["token_hash"]])
    return row["name"] or ""


def end_session(db: Database, token: str | None) -> None:
    if token:
        db.execute("UPDATE director_sessions SET ended_at = ? WHERE token_hash = ? AND ended_at IS NULL",
                   [clock.stamp(), _hash(token)])


def change_password(db: Database, tournament_id: int, current: str, new: str, *, keep: str | None,
                    who: str) -> bool:
    """Set a new director's password when ``current`` is right; every other sign-in ends (``keep`` stays).

    The hashes are worked out before the write transaction. Returns False when ``current`` is wrong."""
    if not check_password(db, tournament_id, current):
        return False
    new_hash = hashed(new)
    with db.write(tournament=tournament_id):
        db.execute("UPDATE tournaments SET password_hash = ? WHERE id = ?", [new_hash, tournament_id])
        db.execute("UPDATE director_sessions SET ended_at = ? WHERE tournament_id = ? AND ended_at IS NULL "
                   "AND token_hash != ?", [clock.stamp(), tournament_id, _hash(keep or "")])
        log(db, tournament_id, action="password_changed", who=who)
    return True
