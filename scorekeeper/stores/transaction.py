"""The stores' write transaction, and what waits for its commit.

``immediate(db)`` is the transaction of a write that several phones may make at the same moment; ``after_commit``
holds back what may only happen once a write is committed (a summary enters the cache only then: a transaction
that rolls back may see its version number reused by another change).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager

from sqlite_utils import Database


def _waiting(db: Database) -> list[Callable[[], None]]:
    waiting = getattr(db, "_scorekeeper_after_commit", None)
    if waiting is None:
        waiting = db._scorekeeper_after_commit = []
    return waiting


def after_commit(db: Database, action: Callable[[], None]) -> None:
    """Run ``action`` now when no transaction is open, else once the outermost ``immediate`` commits (never
    when it rolls back)."""
    if db.conn.in_transaction:
        _waiting(db).append(action)
    else:
        action()


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
    waiting = _waiting(db)
    waiting.clear()
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.conn.rollback()
        waiting.clear()
        raise
    else:
        db.execute("COMMIT")
        done, waiting[:] = list(waiting), []
        for action in done:
            action()
