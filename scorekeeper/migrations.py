"""The schema, as an ordered set of migrations applied at start.

A migration, once committed, is never edited: add a new one instead, so an old database
file upgrades itself.
"""

from __future__ import annotations

from sqlite_utils import Database, Migrations

migrations = Migrations("scorekeeper")


@migrations(name="0001_initial")
def initial(db: Database) -> None:
    db["games"].create(
        {
            "id": int,
            "code": str,  # the share code in links and QR codes
            "rules": str,  # profile id
            "options": str,  # JSON: club options as chosen
            "sides": str,  # JSON: [{"key": "we", "name": "We", "players": ["Ann", "Bob"]}, ...]
            "target": int,
            "first_dealer": int,
            "status": str,  # "playing" | "finished"
            "winner": str,
            "version": int,  # bumped on every change, for optimistic concurrency
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"code", "rules", "options", "sides", "target", "status", "version"},
        defaults={"status": "playing", "version": 1, "first_dealer": 0, "options": "{}"},
    )
    db["games"].create_index(["code"], unique=True)
