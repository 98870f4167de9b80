"""The storage contract (``contract.py``) on a PostgreSQL server, through psycopg 3 and a ``psycopg_pool`` pool.

- **Values are bound by the server**: a plain psycopg cursor sends the statement and its values apart (``$1``), so
  no value is ever written into the statement's text. The contract's ``?`` placeholders become psycopg's ``%s``
  (``placeholders``). A whole number is sent as a number (``SELECT ?`` with 5 answers 5), a boolean as 0 or 1 (the
  schema keeps flags in integer columns, as SQLite does), and text as text of a type PostgreSQL infers from where
  it stands. Text holds no NUL character in PostgreSQL: one asked for or written (only ever typed by a fuzzer or an
  attacker) carries U+FFFD in its place, so a look-up finds nothing, as on SQLite.
- **Transactions**: a write begins with the advisory locks of what it names (``contract.py``), sent with its
  ``BEGIN`` in one round trip; a read of one moment is a repeatable-read, read-only transaction; outside a
  transaction each statement commits as it runs (autocommit).
- **Limits** (``Limits``): the connection, each statement and each lock wait have a time limit, so no request
  waits more than a few seconds for a database that is gone or frozen. The server enforces the statement and lock
  limits itself; a server that does not answer at all (stopped with SIGSTOP, a network that drops everything)
  cannot, so ``_Watch`` cuts the connection of a statement running past its limit and the request hears
  ``Unavailable("timeout")``.
- **Errors** are the contract's (``storage_error``), from psycopg's classes and SQLSTATE codes.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import psycopg
from psycopg import errors
from psycopg.adapt import Dumper
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg.pq import Format, TransactionStatus
from psycopg.rows import RowMaker
from psycopg_pool import ConnectionPool, PoolClosed, PoolTimeout, TooManyRequests

from .contract import Busy, Conflict, Database, Result, StorageError, Unavailable, told


#: The advisory lock processes starting together take before migrating (any fixed number, the same everywhere).
MIGRATE_LOCK = 0x5C0E_0001


@dataclass(frozen=True)
class Limits:
    """How long the database may take. ``statement`` and ``lock`` None: no limit (the command line's copies
    and migrations, which may rightly take long)."""

    connect: int = 2  # seconds to open a connection (libpq's connect_timeout; 2 is its least)
    statement: float | None = 3.0  # seconds a statement may run (statement_timeout; cut one second later)
    lock: float | None = 2.0  # seconds a statement may wait for a lock (lock_timeout): a save holds one for ms
    wait: float = 2.0  # seconds a request may wait for a connection of the pool
    idle: float = 1.0  # a pooled connection idle longer than this is checked before it is handed out


#: A request's limits (a phone gives a save 8 s: static/js/offline.js); ``PATIENT`` for the command line and the
#: migrations.
SERVING = Limits()
PATIENT = Limits(connect=10, statement=None, lock=None, wait=30.0)


# --- Statements ---------------------------------------------------------------------------------------------


@lru_cache(maxsize=2048)
def placeholders(sql: str) -> str:
    """The contract's ``?`` placeholders as psycopg's ``%s``, and a literal ``%`` as ``%%``, outside quoted text
    and names."""
    out, quote = [], None
    for char in sql:
        if quote:
            quote = None if char == quote else quote
            out.append("%%" if char == "%" else char)
        elif char in "'\"":
            quote = char
            out.append(char)
        else:
            out.append("%s" if char == "?" else "%%" if char == "%" else char)
    return "".join(out)


def _without_nul(params: Sequence) -> Sequence:
    if any(isinstance(p, str) and "\x00" in p for p in params):
        return [p.replace("\x00", "\ufffd") if isinstance(p, str) else p for p in params]
    return params


class _FlagDumper(Dumper):
    """A boolean as the whole number 0 or 1 (flags live in integer columns, as in SQLite)."""

    format = Format.TEXT

    def dump(self, obj) -> bytes:
        return b"1" if obj else b"0"


def _row_class(names: tuple[str, ...]) -> type:
    index = {name: i for i, name in enumerate(names)}
    index.update({name.lower(): i for i, name in enumerate(names) if name.lower() not in index})

    class Row(tuple):
        """A row of the contract: ``row[0]``, ``row["name"]``, ``row.keys()``."""

        __slots__ = ()

        def __getitem__(self, key):
            if isinstance(key, str):
                return tuple.__getitem__(self, index[key] if key in index else index[key.lower()])
            return tuple.__getitem__(self, key)

        def keys(self) -> list[str]:
            return list(names)

    return Row


@lru_cache(maxsize=512)
def _cached_row_class(names: tuple[str, ...]) -> type:
    return _row_class(names)


def _rows(cursor) -> RowMaker:
    return _cached_row_class(tuple(column.name for column in cursor.description or ()))


def storage_error(error: BaseException, cut: bool = False) -> StorageError:
    """The contract's error for what psycopg (or the pool) said; ``cut``: the statement ran past its limit and
    its connection was cut (``_Watch``)."""
    text = str(error).strip() or type(error).__name__
    if cut:
        return Unavailable(f"no answer in time: {text}", "timeout")
    if isinstance(error, PoolTimeout):
        return Unavailable(text, "unreachable")
    if isinstance(error, TooManyRequests):
        return Busy(text)
    if isinstance(error, PoolClosed):
        return Unavailable(text, "unreachable")
    state = getattr(error, "sqlstate", None) or ""
    if isinstance(error, (psycopg.IntegrityError, psycopg.DataError)):
        return Conflict(text)
    if isinstance(error, errors.QueryCanceled):  # statement_timeout
        return Busy(text, "timeout")
    if isinstance(error, (errors.LockNotAvailable, errors.SerializationFailure, errors.DeadlockDetected)):
        return Busy(text)
    if state == "53100":
        return Unavailable(text, "full")
    if state == "25006":  # a read-only server (a standby)
        return Unavailable(text, "read_only")
    if state.startswith("53"):  # too many connections, out of memory
        return Busy(text)
    if state.startswith("58"):
        return Unavailable(text, "io")
    if state.startswith("08") or state in ("57P01", "57P02", "57P03"):  # connection failed, server shutting down
        return Unavailable(text, "lost")
    if isinstance(error, (psycopg.OperationalError, psycopg.InterfaceError)) and not state:
        return Unavailable(text, "lost")  # the connection went away under the statement
    return StorageError(text)


class _Watch:
    """Cuts the connection of a statement that runs past its time, where the server cannot stop it (it does not
    answer at all): the socket is shut down, so psycopg's wait for the answer ends with an error at once.

    One thread per process looks four times a second at the statements running; a statement costs two
    dictionary changes under a lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: dict[int, list] = {}
        self._thread: threading.Thread | None = None
        self._pid = os.getpid()

    def start(self, raw: psycopg.Connection, seconds: float) -> list:
        entry = [time.monotonic() + seconds, raw, False]
        with self._lock:
            if self._pid != os.getpid():  # a forked worker: the parent's thread is not here
                self._pid, self._thread, self._running = os.getpid(), None, {}
            self._running[id(entry)] = entry
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="scorekeeper-db-watch", daemon=True)
                self._thread.start()
        return entry

    def stop(self, entry: list) -> bool:
        """Whether the statement was cut."""
        with self._lock:
            self._running.pop(id(entry), None)
        return entry[2]

    def _run(self) -> None:
        while True:
            time.sleep(0.25)
            now = time.monotonic()
            with self._lock:
                for entry in self._running.values():
                    if not entry[2] and entry[0] <= now:
                        entry[2] = True
                        _cut(entry[1])


def _cut(raw: psycopg.Connection) -> None:
    try:
        with socket.socket(fileno=os.dup(raw.fileno())) as sock:
            sock.shutdown(socket.SHUT_RDWR)
    except (OSError, psycopg.Error):  # already closed
        pass


_watch = _Watch()


class PostgreSQL(Database):
    """A connection to a PostgreSQL database: its own (``connect``), or one lent by a ``Pool``."""

    engine = "postgresql"

    def __init__(self, raw: psycopg.Connection, key: str, limits: Limits, pool: Pool | None = None):
        super().__init__(key)
        self.raw = raw
        self._limit = limits.statement + 1.0 if limits.statement else None
        self._pool = pool

    def __del__(self) -> None:
        # A connection of its own that nobody closed ends with its object, without a word, as SQLite's does.
        raw = getattr(self, "raw", None)
        if getattr(self, "_pool", None) is None and raw is not None and not raw.closed:
            raw.close()

    def execute(self, sql: str, params: Sequence = ()) -> Result:
        if params:
            return self._run(placeholders(sql), _without_nul(params))
        return self._run(sql, None)  # without values psycopg reads the text as it is (no placeholders)

    def _run(self, sql: str, params):
        told(sql)
        entry = _watch.start(self.raw, self._limit) if self._limit else None
        try:
            result = self.raw.execute(sql, params)
        except psycopg.Error as error:
            found = storage_error(error, entry is not None and _watch.stop(entry))
            if self._pool is not None:
                self._pool.noted(found)
            raise found from error
        if entry is not None:
            _watch.stop(entry)
        if self._pool is not None:
            self._pool.noted(None)
        return result

    def _read_columns(self, table: str) -> list[str]:
        return [row[0] for row in self.all(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
            "AND table_name = ? ORDER BY ordinal_position", [table])]

    def _begin(self, locks) -> None:
        self._execute_plain("BEGIN" + _lock_statements(locks))

    def _begin_read(self) -> None:
        self._execute_plain("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    def _open_savepoint(self, name: str, locks) -> None:
        self._execute_plain(f"SAVEPOINT {name}" + _lock_statements(locks))

    def _execute_plain(self, sql: str) -> None:
        self._run(sql, None)

    def abandon(self) -> None:
        """Roll back whatever a failed request left open."""
        self._depth = 0
        if not self.raw.closed and self.raw.info.transaction_status != TransactionStatus.IDLE:
            self._quietly(self._rollback)

    def close(self) -> None:
        """Give the connection back to its pool (closed first if it is not idle: its server may be gone), or
        close it."""
        self.abandon()
        if self._pool is None:
            self.raw.close()
            return
        if not self.raw.closed and self.raw.info.transaction_status != TransactionStatus.IDLE:
            self.raw.close()  # never handed back mid-transaction: the pool's own rollback has no time limit
        self._pool.give_back(self.raw)


def _lock_statements(locks) -> str:
    return "".join(f"; SELECT pg_advisory_xact_lock{'_shared' if shared else ''}({kind}, {number})"
                   for kind, number, shared in locks)


# --- Connections --------------------------------------------------------------------------------------------


def _settings(url: str, limits: Limits) -> dict:
    options = []
    if limits.statement:
        options.append(f"-c statement_timeout={int(limits.statement * 1000)}")
    if limits.lock:
        options.append(f"-c lock_timeout={int(limits.lock * 1000)}")
        # A transaction left open by a client that vanished does not hold its locks for long.
        options.append("-c idle_in_transaction_session_timeout=30000")
    settings = {"autocommit": True, "row_factory": _rows, "connect_timeout": limits.connect,
                "application_name": "scorekeeper"}
    if options:
        settings["options"] = " ".join(options)
    return settings


def _configure(raw: psycopg.Connection) -> None:
    raw.adapters.register_dumper(bool, _FlagDumper)


def key_of(url: str) -> str:
    """A database's name for caches: its URL without the password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.Error:
        return url
    parts.pop("password", None)
    return make_conninfo(**parts)


def connect(url: str, limits: Limits = PATIENT) -> PostgreSQL:
    """A connection of its own (the command line, the tests)."""
    try:
        raw = psycopg.connect(url, **_settings(url, limits))
    except psycopg.Error as error:
        raise storage_error(error) from error
    _configure(raw)
    return PostgreSQL(raw, key_of(url), limits)


class _Lent(psycopg.Connection):
    """A pooled connection, knowing when it was last given back."""

    given_back: float | None = None


#: While the server is away, one request at a time tries it, at most this often (seconds); the others are
#: answered at once, so the threads stay free for what needs no database (``Pool.lend``).
RETRY_SECONDS = 1.0
#: The outage reasons that make the next requests wait for the one trying (a busy server does not).
AWAY = ("unreachable", "lost", "timeout")


class Pool:
    """The connections a server process shares among its threads (``psycopg_pool.ConnectionPool``).

    A connection is lent for one request and given back at its end. One that sat idle more than ``limits.idle``
    is checked first (a server restarted meanwhile closed it), with the same time limit as a statement. A
    connection the pool fails to open is tried again for a moment, then left to the next request that needs one
    (``reconnect_timeout``), so the pool connects again as soon as the server is back rather than after a
    growing pause.

    While the server is away (the last attempt found it unreachable, lost or not answering), one request at a
    time tries it, once a second at most, and the others are answered ``Unavailable`` at once: a stopped or
    frozen server does not hold every thread of the process for seconds, and the pages and files that need no
    database keep answering."""

    def __init__(self, url: str, limits: Limits | None = None, size: int = 8):
        limits = limits or SERVING
        self.url, self.key, self.limits = url, key_of(url), limits
        self._away_until: float | None = None  # None: the server answered last time
        self._lock = threading.Lock()
        # Our own line says when the database is away and back (web/trouble.py), once per outage; the pool's
        # warnings would say it again for every connection it drops or fails to open.
        logging.getLogger("psycopg.pool").setLevel(logging.ERROR)
        self._pool = ConnectionPool(url, connection_class=_Lent, kwargs=_settings(url, limits), min_size=1,
                                    max_size=size, timeout=limits.wait, configure=_configure, check=self._check,
                                    reconnect_timeout=2.0, num_workers=2, name="scorekeeper", open=True)

    def lend(self) -> PostgreSQL:
        """A connection for one request; ``Unavailable`` when none can be had within ``limits.wait``, or at once
        while another request is trying a server that was away."""
        if self._away_until is not None:
            with self._lock:
                now = time.monotonic()
                if self._away_until is not None and now < self._away_until:
                    raise Unavailable("the database did not answer a moment ago", "unreachable")
                if self._away_until is not None:  # this request tries; the others wait for what it finds
                    self._away_until = now + self.limits.wait + (self.limits.statement or 0) + 2 * RETRY_SECONDS
        try:
            raw = self._pool.getconn()
        except (psycopg.Error, PoolTimeout, PoolClosed, TooManyRequests) as error:
            found = storage_error(error)
            self.noted(found)
            raise found from error
        return PostgreSQL(raw, self.key, self.limits, self)

    def noted(self, error: StorageError | None) -> None:
        """What a statement on a lent connection found: ``error`` (None: it answered)."""
        if error is None:
            if self._away_until is not None:
                self._away_until = None
        elif isinstance(error, Unavailable) and error.reason in AWAY:
            self._away_until = time.monotonic() + RETRY_SECONDS

    def give_back(self, raw: _Lent) -> None:
        raw.given_back = time.monotonic()
        self._pool.putconn(raw)

    def _check(self, raw: _Lent) -> None:
        if raw.given_back is None or time.monotonic() - raw.given_back <= self.limits.idle:
            return  # new, or given back a moment ago
        entry = _watch.start(raw, self.limits.wait)
        try:
            raw.execute("")
        finally:
            _watch.stop(entry)

    def close(self) -> None:
        self._pool.close(timeout=1.0)
