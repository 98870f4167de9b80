"""What the tournament stores share: their error, their write transaction and their JSON (the clock is
``scorekeeper.clock``)."""

from __future__ import annotations

import json
from contextlib import contextmanager
from sqlite_utils import Database


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


def dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
