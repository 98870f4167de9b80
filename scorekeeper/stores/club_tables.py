"""A club's permanent table cards (issue 30): table N of the club has one link (in its QR code) and one code for
every evening, so the cards printed for the first evening still open the tables of the tenth.

A card stands for "table N of the evening now running": the club's evening whose latest round started last among
those being played (``running_evening``). Opening it finds that evening's own card for table N
(``tournaments.access.device``), so everything a table phone does from there is the evening's as before. With no
evening running, a card opens nothing. Codes are unique across the clubs' cards and the evenings' own
(``tournaments.access.CODE_ALPHABET``); a typed club code is held to the same guessing limits as an evening's.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from scorekeeper.db.contract import Database

from scorekeeper import clock
from scorekeeper.rows import Row
from scorekeeper.stores.tournaments import access
from scorekeeper.tournaments.rows import Card, Tournament


#: The most tables a club prints cards for.
MOST_TABLES = 60


@dataclass(frozen=True)
class ClubCard(Row):
    id: int
    club_id: int
    number: int
    token: str
    code: str
    created_at: str

    @classmethod
    def from_row(cls, row) -> ClubCard:
        return cls(**dict(row))


def _free_code(db: Database) -> str:
    """A code no club card and no evening's card has."""
    while True:
        code = "".join(secrets.choice(access.CODE_ALPHABET) for _ in range(access.CODE_LENGTH))
        if not db.execute("SELECT 1 FROM club_tables WHERE code = ? UNION ALL SELECT 1 FROM tournament_devices "
                          "WHERE code = ?", [code, code]).fetchone():
            return code


def card(db: Database, club_id: int, number: int) -> ClubCard:
    """Table ``number``'s card of the club, made the first time it is asked for, then the same for good."""
    row = db.execute("SELECT * FROM club_tables WHERE club_id = ? AND number = ?", [club_id, number]).fetchone()
    if row:
        return ClubCard.from_row(row)
    with db.write(key="clubs"):
        db.execute("INSERT INTO club_tables (club_id, number, token, code, created_at) VALUES (?, ?, ?, ?, ?) "
                   "ON CONFLICT DO NOTHING", [club_id, number, secrets.token_urlsafe(18), _free_code(db), clock.stamp()])
    return card(db, club_id, number)


def by_token(db: Database, token: str) -> ClubCard | None:
    row = db.execute("SELECT * FROM club_tables WHERE token = ?", [token]).fetchone()
    return ClubCard.from_row(row) if row else None


def by_code(db: Database, code: str) -> ClubCard | None:
    row = db.execute("SELECT * FROM club_tables WHERE code = ?", [access.clean_code(code)]).fetchone()
    return ClubCard.from_row(row) if row else None


def running_evening(db: Database, club_id: int) -> Tournament | None:
    """The club's evening now running: being played, its latest round started last."""
    row = db.execute(
        "SELECT t.* FROM tournaments t JOIN tournament_rounds r ON r.tournament_id = t.id WHERE t.club_id = ? "
        "AND t.status = 'playing' ORDER BY r.started_at DESC, r.id DESC LIMIT 1", [club_id]).fetchone()
    return Tournament.from_row(row) if row else None


def evening_card(db: Database, found: ClubCard) -> Card | None:
    """The card of table ``found.number`` in the club's evening now running, or None when none is running."""
    evening = running_evening(db, found.club_id)
    return access.device(db, evening.id, found.number) if evening else None


def join_card(db: Database, code: str, number: int | None) -> Card | None:
    """The evening card a typed club code (with its table number, when given) opens now, or None: the typed code
    of the join page (``access.join_table``, which holds it to the guessing limits)."""
    found = by_code(db, code)
    if found is None or (number is not None and found.number != number):
        return None
    return evening_card(db, found)
