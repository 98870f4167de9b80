"""The storage contract (``contract.py``) on a SQLite file, through the standard library's sqlite3.

The connection runs in autocommit (``isolation_level=None``): a statement outside a transaction is committed as it
runs, and the contract's transactions are SQLite's own. SQLite has one writer at a time, so every write begins with
``BEGIN IMMEDIATE``, which takes the write lock before anything is read: a write that read first and then found
another writer committed meanwhile would fail at once, where waiting for the lock (``busy_timeout``) lets writers
take turns. A read of one moment is a deferred ``BEGIN``, a snapshot from its first read (the file is in WAL
mode, so readers never wait for the writer). ``PRAGMA foreign_keys`` is per connection and set as it opens.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

from scorekeeper.ops.trouble import classify

from .contract import Busy, Conflict, Database, Result, StorageError, Unavailable, quoted, told

#: How long a write waits for another writer's lock before it is answered ``Busy``.
BUSY_SECONDS = 5.0


class SQLite(Database):
    """A connection to a SQLite file (or ``:memory:``)."""

    engine = "sqlite"

    def __init__(self, path: str, *, busy_seconds: float | None = None):
        busy_seconds = BUSY_SECONDS if busy_seconds is None else busy_seconds
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        try:
            raw = sqlite3.connect(path, timeout=busy_seconds, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as error:
            raise storage_error(error) from error
        raw.row_factory = sqlite3.Row
        self.raw = raw
        # Per connection, and only effective outside a transaction: set it first.
        self._execute_plain("PRAGMA foreign_keys = ON")
        main = [row[2] for row in raw.execute("PRAGMA database_list") if row[1] == "main"]
        super().__init__(main[0] if main and main[0] else "")

    def execute(self, sql: str, params: Sequence = ()) -> Result:
        told(sql)
        try:
            return self.raw.execute(sql, params)
        except sqlite3.Error as error:
            raise storage_error(error) from error
        except OverflowError as error:  # a whole number past 64 bits: no column can hold it
            raise Conflict(str(error)) from error

    def _read_columns(self, table: str) -> list[str]:
        return [row[1] for row in self.execute(f"PRAGMA table_info({quoted(table)})").fetchall()]

    def close(self) -> None:
        self.raw.close()

    def abandon(self) -> None:
        """Roll back whatever a failed request left open; the connection stays open for the next one."""
        self._depth = 0
        if self.raw.in_transaction:
            self._quietly(self._rollback)

    def _begin(self, locks) -> None:
        self._execute_plain("BEGIN IMMEDIATE")

    def _begin_read(self) -> None:
        self._execute_plain("BEGIN")

    def _execute_plain(self, sql: str) -> None:
        for statement in sql.split(";"):
            self.execute(statement)


def storage_error(error: sqlite3.Error) -> StorageError:
    """The contract's error for what SQLite said."""
    if isinstance(error, (sqlite3.IntegrityError, sqlite3.DataError)):
        return Conflict(str(error))
    kind = classify(error)
    if kind == "busy":
        return Busy(str(error))
    if kind in ("full", "read_only", "io", "corrupt"):
        return Unavailable(str(error), kind)
    if kind == "cant_open":
        return Unavailable(str(error), "io")
    return StorageError(str(error))
