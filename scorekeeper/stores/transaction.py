"""The names stores used for a write before the storage contract, kept while such stores are ported.

``immediate(db)`` is ``db.write(key="database")``: a write naming the whole database, so on PostgreSQL every such
write takes one lock in turn (as all writes do behind SQLite's single writer) and none is left without a lock;
``immediate(db, game=...)`` passes what it names on. ``after_commit(db, action)`` is ``db.after_commit(action)``.
New code names what it writes: ``with db.write(game=...)`` (docs/DEVELOPING.md, "The storage contract").
"""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper.db.contract import Database


def immediate(db: Database, **names):
    """A write transaction on what ``names`` names (``db.write``), on the whole database when it names nothing."""
    return db.write(**(names or {"key": "database"}))


def after_commit(db: Database, action: Callable[[], None]) -> None:
    db.after_commit(action)
