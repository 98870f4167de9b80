"""What one phone has started or opened: the games, tournaments and club rule sets of its own lists, and
the links they live at.

A game or tournament lives at a link nobody can guess (``new_link``: 128 random bits): whoever has the link may
open it, and once a phone has opened it, it is in that phone's list. A phone is known by the random device id its
signed session holds (``scorekeeper.web.devices``); only that id's SHA-256 is stored here, so the database alone
does not hand anyone a phone's lists. Rows from before links existed were everyone's and stay so (``EVERYONE``).
"""

from __future__ import annotations

import hashlib
import secrets

from scorekeeper.db.contract import Database

from scorekeeper import clock

#: The device of the games and tournaments made before each phone had its own list: every phone sees them.
EVERYONE = "*"
#: What a link looks like: ``secrets.token_urlsafe(16)``, 22 characters of the URL-safe alphabet.
LINK_PATTERN = r"[A-Za-z0-9_-]{22}"

#: The kinds of thing a phone keeps in its lists: the table of its rows and their column.
KINDS = {"game": ("device_games", "game_id"), "tournament": ("device_tournaments", "tournament_id"),
         "rule_set": ("device_rule_sets", "rule_key")}
#: The kinds of thing that live at a link of their own, and their table.
LINKED = {"game": "games", "tournament": "tournaments"}


def new_link() -> str:
    return secrets.token_urlsafe(16)


def device_key(device: str) -> str:
    """How a device id is stored: its SHA-256, so the database does not hold the bearer secret itself."""
    return hashlib.sha256(device.encode()).hexdigest()


def remember(db: Database, device: str, kind: str, row_id: int | str) -> None:
    """Put a game, tournament or rule set (by its key) into this phone's list (nothing is written when it
    is already there)."""
    table, column = KINDS[kind]
    key = device_key(device)
    if db.execute(f"SELECT 1 FROM {table} WHERE device = ? AND {column} = ?", [key, row_id]).fetchone():
        return
    with db.write():
        db.execute(f"INSERT INTO {table} (device, {column}, seen_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                   [key, row_id, clock.stamp()])


def id_for_link(db: Database, kind: str, link: str) -> int | None:
    """The row id of the game or tournament at ``link`` (a binned game too: the bin restores it by its
    link)."""
    table = LINKED[kind]
    row = db.execute(f"SELECT id FROM {table} WHERE link = ?", [link]).fetchone()
    return row[0] if row else None


def link_for_id(db: Database, kind: str, row_id: int) -> str | None:
    table = LINKED[kind]
    row = db.execute(f"SELECT link FROM {table} WHERE id = ?", [row_id]).fetchone()
    return row[0] if row else None


#: The SQL condition that keeps a phone's own tournaments (``t``), with ``device_params`` as its parameters.
TOURNAMENTS_OF_DEVICE = (
    "t.id IN (SELECT tournament_id FROM device_tournaments WHERE device IN (?, ?))"  # i18n: not for people
)


def device_params(device: str) -> list[str]:
    """The parameters of a query for one phone's rows: its own, and those everyone sees."""
    return [device_key(device), EVERYONE]


def listed(db: Database, device: str | None, kind: str) -> list:
    """The ids (keys, for rule sets) in this phone's list of ``kind``; none for a visitor with no device id."""
    if not device:
        return []
    table, column = KINDS[kind]
    return [row[0] for row in db.execute(f"SELECT {column} FROM {table} WHERE device IN (?, ?)",
                                         device_params(device)).fetchall()]
