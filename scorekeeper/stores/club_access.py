"""Who directs a club (issue 30): its directors, each with a name and a password of their own, the invitations
that bring a new one in, revoking one, and the sign-ins held on the server.

A director invites another with a one-time link (``invite``: only the token's hash is kept, and it lasts
``INVITE_DAYS``); whoever opens it chooses their own name and password (``accept``). Any director revokes another
(never themself, so a club always keeps one): that director's sign-ins end at once, everywhere. Signing in is by name
and password; the web layer slows down wrong passwords (``tournaments.access.guarded``) and checks the hash
outside any write transaction. A sign-in lives in ``club_sessions`` (the browser keeps only its token) until it is
ended, its director is revoked, or it goes unused for ``SIGN_IN_IDLE``.

Queries take ``db`` first; writes of more than one row run inside ``db.write(key="clubs")`` (one lock for the
clubs' own rows). Every write names the club in its statement, so a director of one club never writes another's
rows. Facts only: ``ClubError.code``.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from datetime import timedelta

from scorekeeper.db.contract import Database
from werkzeug.security import check_password_hash

from scorekeeper.stores.passwords import hashed

from scorekeeper import clock
from scorekeeper.rows import Row

from .club_log import log

NAME_MAX = 40
INVITE_DAYS = 7
#: A club director's sign-in ends after this long without a page opened (a club meets once a week).
SIGN_IN_IDLE = timedelta(days=30)
#: How often a sign-in's last use is written down (not on every page).
SEEN_EVERY = timedelta(minutes=5)


class ClubError(Exception):
    """A change a club cannot take; ``code`` says which (the web layer words it)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Director(Row):
    id: int
    club_id: int
    name: str | None  # None for an invitation not yet taken
    key: str | None
    password_hash: str | None = field(repr=False)
    invite_hash: str | None = field(repr=False)
    invite_until: str | None
    invited_by: int | None
    created_at: str
    joined_at: str | None
    revoked_at: str | None
    revoked_by: int | None

    @classmethod
    def from_row(cls, row) -> Director:
        return cls(**dict(row))

    @property
    def active(self) -> bool:
        return self.joined_at is not None and self.revoked_at is None

    @property
    def pending(self) -> bool:
        return self.joined_at is None and self.revoked_at is None


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: str | None) -> str:
    return " ".join(str(name or "").split())[:NAME_MAX]


def name_key(name: str) -> str:
    return clean_name(name).casefold()


def add_director(db: Database, club_id: int, name: str, password_hash: str) -> int:
    """A director who has joined (the club's maker, or the first of a club from before clubs); inside the
    caller's transaction. Raises ClubError("name") or ("name_taken")."""
    name = clean_name(name)
    if not name:
        raise ClubError("name")
    if _active_named(db, club_id, name):
        raise ClubError("name_taken")
    moment = clock.stamp()
    return db.insert("club_directors", {"club_id": club_id, "name": name, "key": name_key(name),
                                        "password_hash": password_hash, "created_at": moment,
                                        "joined_at": moment})


def _active_named(db: Database, club_id: int, name: str):
    return db.execute("SELECT id FROM club_directors WHERE club_id = ? AND key = ? AND revoked_at IS NULL",
                      [club_id, name_key(name)]).fetchone()


def get_director(db: Database, club_id: int, director_id: int) -> Director | None:
    row = db.execute("SELECT * FROM club_directors WHERE club_id = ? AND id = ?", [club_id, director_id]).fetchone()
    return Director.from_row(row) if row else None


def directors(db: Database, club_id: int) -> list[Director]:
    """Every director of the club, invitations and revoked ones included: the active first, by name."""
    rows = db.execute("SELECT * FROM club_directors WHERE club_id = ? ORDER BY revoked_at IS NOT NULL, "
                      "joined_at IS NULL, key, id", [club_id]).fetchall()
    return [Director.from_row(r) for r in rows]


def has_directors(db: Database, club_id: int) -> bool:
    """Whether anyone ever became a director of the club (a club from before clubs has none at first)."""
    return db.execute("SELECT 1 FROM club_directors WHERE club_id = ? AND joined_at IS NOT NULL LIMIT 1",
                      [club_id]).fetchone() is not None


# --- Invitations ---------------------------------------------------------------------------------------------


def invite(db: Database, club_id: int, by: Director) -> str:
    """A one-time invitation to direct the club; returns the token its link carries (only its hash is kept)."""
    token = secrets.token_urlsafe(24)
    with db.write(key="clubs"):
        invited = db.insert("club_directors", {
            "club_id": club_id, "invite_hash": _hash(token), "invited_by": by.id, "created_at": clock.stamp(),
            "invite_until": clock.stamp(clock.now() + timedelta(days=INVITE_DAYS))})
        log(db, club_id, action="director_invited", director=by, after={"invitation": invited})
    return token


def invitation(db: Database, token: str | None) -> Director | None:
    """The invitation a link carries, while it can still be taken."""
    if not token:
        return None
    row = db.execute("SELECT * FROM club_directors WHERE invite_hash = ? AND joined_at IS NULL "
                     "AND revoked_at IS NULL", [_hash(token)]).fetchone()
    if row is None or clock.parse(row["invite_until"]) < clock.now():
        return None
    return Director.from_row(row)


def accept(db: Database, token: str, name: str, password: str) -> Director:
    """Take an invitation: the new director's own name and password (hashed before the write transaction: a
    slow hash). Raises ClubError("invitation"), ("name") or ("name_taken")."""
    name = clean_name(name)
    if not name:
        raise ClubError("name")
    password_hash = hashed(password)
    with db.write(key="clubs"):
        invited = invitation(db, token)
        if invited is None:
            raise ClubError("invitation")
        if _active_named(db, invited.club_id, name):
            raise ClubError("name_taken")
        db.execute("UPDATE club_directors SET name = ?, key = ?, password_hash = ?, joined_at = ?, invite_hash = NULL "
                   "WHERE id = ? AND club_id = ?", [name, name_key(name), password_hash, clock.stamp(), invited.id,
                                                    invited.club_id])
        joined = get_director(db, invited.club_id, invited.id)
        log(db, invited.club_id, action="director_joined", director=joined, subject=name)
    return joined


def revoke(db: Database, club_id: int, director_id: int, by: Director) -> Director:
    """Revoke a director (or an invitation not yet taken): their sign-ins end everywhere. Refused for oneself
    ("self": the club keeps at least one director) and for someone not of this club ("missing")."""
    with db.write(key="clubs"):
        gone = get_director(db, club_id, director_id)
        if gone is None or gone.revoked_at:
            raise ClubError("missing")
        if gone.id == by.id:
            raise ClubError("self")
        moment = clock.stamp()
        db.execute("UPDATE club_directors SET revoked_at = ?, revoked_by = ?, invite_hash = NULL "
                   "WHERE id = ? AND club_id = ?", [moment, by.id, gone.id, club_id])
        db.execute("UPDATE club_sessions SET ended_at = ? WHERE director_id = ? AND club_id = ? AND ended_at IS NULL",
                   [moment, gone.id, club_id])
        log(db, club_id, action="director_revoked" if gone.joined_at else "invitation_revoked", director=by,
            subject=gone.name)
    return gone


# --- Signing in ----------------------------------------------------------------------------------------------


def check_sign_in(db: Database, club_id: int, name: str, password: str) -> Director | None:
    """The active director of this club with this name and password, else None (a slow hash: call it outside a
    write transaction, through ``access.guarded``)."""
    row = db.execute("SELECT * FROM club_directors WHERE club_id = ? AND key = ? AND joined_at IS NOT NULL "
                     "AND revoked_at IS NULL", [club_id, name_key(name)]).fetchone()
    if row is None or not password or not check_password_hash(row["password_hash"] or "", password):
        return None
    return Director.from_row(row)


def start_session(db: Database, director: Director) -> str:
    """Sign a director in; returns the token the browser keeps (only its hash is stored here)."""
    token = secrets.token_urlsafe(24)
    moment = clock.stamp()
    db.insert("club_sessions", {"token_hash": _hash(token), "club_id": director.club_id, "director_id": director.id,
                                "created_at": moment, "last_seen_at": moment})
    return token


def session_director(db: Database, club_id: int, token: str | None) -> Director | None:
    """The director of a live sign-in of this club, else None; each use keeps it going."""
    if not token or not isinstance(token, str):
        return None
    row = db.execute(
        "SELECT s.token_hash, s.last_seen_at, d.* FROM club_sessions s JOIN club_directors d ON d.id = s.director_id "
        "WHERE s.token_hash = ? AND s.club_id = ? AND d.club_id = ? AND s.ended_at IS NULL AND d.revoked_at IS NULL",
        [_hash(token), club_id, club_id]).fetchone()
    if row is None:
        return None
    moment, seen = clock.now(), clock.parse(row["last_seen_at"])
    if moment - seen > SIGN_IN_IDLE:
        return None
    if moment - seen > SEEN_EVERY:
        db.execute("UPDATE club_sessions SET last_seen_at = ? WHERE token_hash = ?", [clock.stamp(moment),
                                                                                     row["token_hash"]])
    values = {k: row[k] for k in row.keys() if k not in ("token_hash", "last_seen_at")}
    return Director(**values)


def end_session(db: Database, token: str | None) -> None:
    if token and isinstance(token, str):
        db.execute("UPDATE club_sessions SET ended_at = ? WHERE token_hash = ? AND ended_at IS NULL",
                   [clock.stamp(), _hash(token)])
