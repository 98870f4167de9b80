"""The storage contract: the few calls the stores make, with the meaning both engines give them.

The stores are written against ``Database`` and nothing else; ``db/sqlite.py`` (sqlite3, the embedded default)
and ``db/postgres.py`` (psycopg 3 with a ``psycopg_pool`` pool) answer it. docs/DEVELOPING.md ("Layers", "One write
path") says how the stores use it and why it is a thin layer of our own.

- **Statements** are SQL both engines read, with ``?`` placeholders and values bound by the database (never
  written into the text). ``execute(sql, params)`` runs one and answers its ``Result`` (``rowcount``,
  ``fetchone()``, ``fetchall()``); ``one`` and ``all`` answer its first row or every row; ``insert(table, row)``
  writes a row and answers its ``id``; ``columns(table)`` names a table's columns. A ``Row`` is read by position
  (``row[0]``) or by column name (``row["name"]``), and ``row.keys()`` names its columns.
- **A write** is ``with db.write(...)``: one transaction that commits when the block ends and rolls back when it
  raises; inside another it is a savepoint. It names what it changes: ``game=`` one game, ``tournament=`` a
  tournament as a whole, ``within=`` the tournament a table's game belongs to, ``key=`` any other one thing (a
  season, the roster, a client's guesses). SQLite has one writer at a time, so every write takes the database's
  write lock first (``BEGIN IMMEDIATE``) and the names change nothing. PostgreSQL lets writers of different
  things run side by side: each write first takes the locks of what it names (a tournament ``within`` is shared
  by its tables and taken whole by its director), so writes to one thing take turns exactly as they do behind
  SQLite's lock, and two tables writing different games never wait for each other. Locks are always taken
  tournament first, then game, so two writes cannot wait for each other in a circle.
- **A read** that must see one moment (a game and its deals) is ``with db.read():``, a snapshot of the
  committed data; inside a write it sees the write's own changes.
- ``after_commit(action)`` runs ``action`` once the outermost write commits (at once outside one, never after a
  rollback).
- ``heard()`` is a block in which every statement any connection of the process runs is noted, in order: the
  tests count what one request asks of the database (a save reads its game once).
- **Errors** are the contract's own, whatever the engine said: ``Conflict`` (the data breaks a rule of the schema:
  a unique key taken, a row pointed at that is not there, a value its column cannot hold), ``Busy`` (another
  writer held what this one needs for too long, or the database is too busy to answer in time) and
  ``Unavailable`` (the database cannot be reached, the connection was lost, it did not answer in time, or its
  file or disk cannot be used); any other failure is a ``StorageError``, a bug to be fixed. ``reason`` says which
  case in one word, for the answer that names it (``ops/trouble.py``).
"""

from __future__ import annotations

import zlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol


class StorageError(Exception):
    """The database failed a statement for a reason that is none of the ones below (a bug in the SQL, ...)."""

    reason = "failed"

    def __init__(self, message: str, reason: str | None = None):
        super().__init__(message)
        if reason:
            self.reason = reason


class Conflict(StorageError):
    """The data breaks a rule of the schema: a unique key taken, a missing row pointed at, a value too large."""

    reason = "conflict"


class Busy(StorageError):
    """Another writer held what this write needs for too long, or the database could not answer in time."""

    reason = "busy"


class Unavailable(StorageError):
    """The database cannot be used just now: ``reason`` is "unreachable", "lost", "timeout" (no answer in time),
    or for a SQLite file "full", "read_only", "io" or "corrupt"."""

    reason = "unreachable"


#: The trouble that passes by itself: a request refused for it is answered 503, to be sent again.
TRANSIENT = (Busy, Unavailable)


class Row(Protocol):
    """A row as a statement answers it."""

    def __getitem__(self, key: int | str) -> Any: ...

    def keys(self) -> list[str]: ...


class Result(Protocol):
    """What ``execute`` answers: the rows a statement changed, and the rows it answered."""

    rowcount: int

    def fetchone(self) -> Row | None: ...

    def fetchall(self) -> list[Row]: ...


#: Who is told of every statement run (``heard``); empty but while a test listens.
_listeners: list[Callable[[str], None]] = []


@contextmanager
def heard() -> Iterator[list[str]]:
    """Every statement run by any connection of this process inside the block, in order (the transaction's own
    statements included): a test counts a request's."""
    statements: list[str] = []
    listener = statements.append
    _listeners.append(listener)
    try:
        yield statements
    finally:
        _listeners.remove(listener)


def told(sql: str) -> None:
    """Tell the listeners of ``heard`` of a statement an adapter runs."""
    for listener in _listeners:
        listener(sql)


def quoted(name: str) -> str:
    """A table or column name as both engines read it: in double quotes."""
    return '"' + name.replace('"', '""') + '"'


class Database(ABC):
    """One connection to the database, as the stores use it (the module's docstring). An engine's adapter gives
    ``engine``, ``key`` (names the database, not the connection: a cache shared by connections keys on it),
    ``execute``, ``columns``, ``close`` and the statements that open and end a transaction."""

    engine = ""

    def __init__(self, key: str):
        self.key = key
        self._depth = 0
        self._reading = False
        self._waiting: list[Callable[[], None]] = []

    # --- Statements ----------------------------------------------------------------------------------------

    @abstractmethod
    def execute(self, sql: str, params: Sequence = ()) -> Result:
        """Given by each engine's adapter."""

    def one(self, sql: str, params: Sequence = ()) -> Row | None:
        """The statement's first row, or None."""
        return self.execute(sql, params).fetchone()

    def all(self, sql: str, params: Sequence = ()) -> list[Row]:
        """Every row the statement answers."""
        return self.execute(sql, params).fetchall()

    def insert(self, table: str, record: dict) -> int | None:
        """Write ``record`` as a new row of ``table``; its ``id`` (None for a table keyed otherwise)."""
        names = list(record)
        sql = (f"INSERT INTO {quoted(table)} ({', '.join(map(quoted, names))}) "
               f"VALUES ({', '.join('?' for _ in names)})")
        values = [record[n] for n in names]
        if "id" not in self.columns(table):
            self.execute(sql, values)
            return None
        return self.one(sql + " RETURNING id", values)[0]

    def columns(self, table: str) -> list[str]:
        """The names of ``table``'s columns, in order ([] when there is no such table); read once per database
        (a migration forgets them: ``forget_columns``)."""
        found = _columns.get((self.key, table)) if self.key else None
        if found is None:
            found = self._read_columns(table)
            if found and self.key:
                _columns[(self.key, table)] = found
        return list(found)

    @abstractmethod
    def _read_columns(self, table: str) -> list[str]:
        """Given by each engine's adapter."""

    @abstractmethod
    def close(self) -> None:
        """Done with the connection: closed, or given back to the pool it came from."""

    @abstractmethod
    def abandon(self) -> None:
        """Roll back whatever a failed request left open, keeping the connection."""

    # --- Transactions --------------------------------------------------------------------------------------

    @property
    def in_transaction(self) -> bool:
        return self._depth > 0

    @contextmanager
    def write(self, *, game: int | None = None, tournament: int | None = None, within: int | None = None,
              key: str | None = None) -> Iterator[Database]:
        """A write transaction on what it names (the module's docstring); a savepoint inside another one."""
        if self._reading:
            raise RuntimeError("a write inside a read transaction")  # i18n: not for people (a bug)
        locks = _locks(game, tournament, within, key)
        if self._depth:
            yield from self._savepoint(locks)
            return
        self._opening(lambda: self._begin(locks))
        yield from self._outermost()

    @contextmanager
    def read(self) -> Iterator[Database]:
        """A read of one moment: a snapshot of the committed data (inside a write, the write itself)."""
        if self._depth:
            yield self
            return
        self._opening(self._begin_read)
        self._reading = True
        try:
            yield from self._outermost()
        finally:
            self._reading = False

    def after_commit(self, action: Callable[[], None]) -> None:
        """Run ``action`` now outside a write, else once the outermost write commits (never after a rollback)."""
        if self._depth:
            self._waiting.append(action)
        else:
            action()

    def _opening(self, begin: Callable[[], None]) -> None:
        """Open a transaction; one whose opening failed (a lock not had in time) is rolled back at once."""
        try:
            begin()
        except StorageError:
            self._quietly(self._rollback)
            raise

    def _outermost(self) -> Iterator[Database]:
        self._depth = 1
        self._waiting.clear()
        try:
            yield self
        except BaseException:
            self._depth = 0
            self._waiting.clear()
            self._quietly(self._rollback)
            raise
        self._depth = 0
        try:
            self._commit()
        except BaseException:
            self._waiting.clear()
            self._quietly(self._rollback)
            raise
        done, self._waiting = self._waiting, []
        for action in done:
            action()

    def _savepoint(self, locks: list[tuple[int, int, bool]]) -> Iterator[Database]:
        name, waiting = f"sp_{self._depth}", len(self._waiting)
        back = f"ROLLBACK TO SAVEPOINT {name}; RELEASE SAVEPOINT {name}"
        try:
            self._open_savepoint(name, locks)
        except StorageError:
            self._quietly(lambda: self._execute_plain(back))
            raise
        self._depth += 1
        try:
            yield self
        except BaseException:
            self._depth -= 1
            del self._waiting[waiting:]  # what the rolled-back part was to do after the commit
            self._quietly(lambda: self._execute_plain(back))
            raise
        self._depth -= 1
        self._execute_plain(f"RELEASE SAVEPOINT {name}")

    @staticmethod
    def _quietly(step: Callable[[], None]) -> None:
        """An ending step after a failure: if it fails too (the connection is gone), the first failure is what
        the caller hears of; the database rolls back what a lost connection left open."""
        try:
            step()
        except StorageError:
            pass

    # What each engine says to open and end a transaction.
    @abstractmethod
    def _begin(self, locks: list[tuple[int, int, bool]]) -> None:
        """Given by each engine's adapter."""

    @abstractmethod
    def _begin_read(self) -> None:
        """Given by each engine's adapter."""

    def _open_savepoint(self, name: str, locks: list[tuple[int, int, bool]]) -> None:
        self._execute_plain(f"SAVEPOINT {name}")

    def _commit(self) -> None:
        self._execute_plain("COMMIT")

    def _rollback(self) -> None:
        self._execute_plain("ROLLBACK")

    @abstractmethod
    def _execute_plain(self, sql: str) -> None:
        """Run statements without parameters (the transaction's own)."""


_columns: dict[tuple[str, str], list[str]] = {}


def forget_columns(key: str) -> None:
    """The schema of the database ``key`` changed (a migration ran): read its columns again."""
    for cached in [k for k in _columns if k[0] == key]:
        _columns.pop(cached, None)


#: What a write can name, as the first number of its lock (PostgreSQL's two-number advisory locks).
LOCK_KINDS = {"tournament": 1, "game": 2, "key": 3}


def _locks(game, tournament, within, key) -> list[tuple[int, int, bool]]:
    """(kind, number, shared) for each thing a write names, tournament first, then game, then any other key."""
    locks = []
    if tournament is not None:
        locks.append((LOCK_KINDS["tournament"], _number(tournament), False))
    elif within is not None:
        locks.append((LOCK_KINDS["tournament"], _number(within), True))
    if game is not None:
        locks.append((LOCK_KINDS["game"], _number(game), False))
    if key is not None:
        locks.append((LOCK_KINDS["key"], _number(key), False))
    return locks


def _number(value: int | str) -> int:
    """A row id or a name as a lock's second number (a 32-bit integer: two things that share one only take
    turns, they are never mixed up)."""
    if isinstance(value, str):
        return zlib.crc32(value.encode()) & 0x7FFF_FFFF
    return int(value) & 0x7FFF_FFFF
