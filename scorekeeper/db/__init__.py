"""The database of a request, on the storage contract (``contract.py``): a SQLite file (``sqlite.py``, the default),
or with ``DATABASE_URL`` (``SCOREKEEPER_DATABASE_URL=postgresql://...``) a PostgreSQL database (``postgres.py``),
so one set of stores serves both.

A request opens its database the first time a store needs it (``get_db``), never before: a page or a file that
needs none answers while the database is away. Under a server each thread keeps its SQLite connection(s) open
from request to request (``_kept_connection``); a PostgreSQL connection is lent by the process's pool for the
request and given back at its end. Whatever a failed request left open is rolled back then (``close_db``), and a
connection that fails at that moment is let go without a word: the request has had its answer.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections import OrderedDict
from pathlib import Path

import click
from filelock import FileLock
from flask import Flask, current_app, g

from scorekeeper.migrations import migrations
from scorekeeper.ops.trouble import check_database, check_server, outage
from scorekeeper.paths import is_server_database
from scorekeeper.rules.i18n import gettext_plural

from . import postgres, schema
from .contract import Busy, Conflict, Database, StorageError, Unavailable, forget_columns
from .sqlite import SQLite

__all__ = ["Busy", "Conflict", "Database", "StorageError", "Unavailable", "close_pools", "connect", "get_db",
           "migrate", "target"]

is_postgres = is_server_database


def target(config) -> str:
    """The database an app's config names: ``DATABASE_URL`` when set, else the SQLite file ``DATABASE``."""
    return config.get("DATABASE_URL") or config["DATABASE"]


def connect(path: str) -> Database:
    """A connection of its own to the database at ``path`` (a SQLite file, or a PostgreSQL URL), for the command
    line and the tests; ``close()`` it when done."""
    return postgres.connect(path) if is_postgres(path) else SQLite(path)


#: Connections kept open per server thread, by database file. Opening one per request costs more than the
#: rest of a small request (and closing the last one checkpoints the WAL each time); a few per thread is plenty.
_KEPT_PER_THREAD = 4
_kept = threading.local()


def _kept_connection(path: str) -> SQLite:
    kept: OrderedDict[str, SQLite] = getattr(_kept, "connections", None) or OrderedDict()
    _kept.connections = kept
    db = kept.pop(path, None)
    if db is None:
        db = SQLite(path)
    kept[path] = db  # most recently used last
    while len(kept) > _KEPT_PER_THREAD:
        _, oldest = kept.popitem(last=False)
        oldest.close()
    return db


#: This process's pools, by database URL (a forked worker makes its own: ``_pool_for``).
_pools: dict[str, postgres.Pool] = {}
_pools_lock = threading.Lock()
_pools_pid = [0]


def _pool_for(url: str) -> postgres.Pool:
    with _pools_lock:
        if _pools_pid[0] != os.getpid():  # a fresh process, or a worker forked from one: its parent's are not its
            _pools.clear()
            _pools_pid[0] = os.getpid()
        pool = _pools.get(url)
        if pool is None:
            pool = _pools[url] = postgres.Pool(url, size=current_app.config.get("DATABASE_POOL_SIZE", 8))
        return pool


def close_pools(url: str | None = None) -> None:
    """Close this process's pool for ``url`` (every pool when None): the tests do, before dropping a database."""
    with _pools_lock:
        for key in [key for key in _pools if url is None or key == url]:
            _pools.pop(key).close()


def get_db() -> Database:
    """The request's database, opened at its first use. ``Unavailable`` when it cannot be reached."""
    if "db" not in g:
        path = target(current_app.config)
        g.db_began = time.monotonic()
        if is_postgres(path):
            g.db = _pool_for(path).lend()
        elif current_app.config.get("KEEP_CONNECTIONS", True):
            g.db = _kept_connection(path)
        else:
            g.db = SQLite(path)
    return g.db


def close_db(exc: BaseException | None = None) -> None:
    """At the end of a request: roll back what it left open, give the connection back (or close it), and say the
    database is back if it had been away."""
    db = g.pop("db", None)
    if db is None:
        return
    try:
        if db.engine == "sqlite" and current_app.config.get("KEEP_CONNECTIONS", True):
            db.abandon()
        else:
            db.close()
    except StorageError:  # lost meanwhile: the server rolls it back; the answer has gone out already
        return
    if exc is None and not g.get("storage_trouble"):
        outage.over(current_app.logger, g.get("db_began", 0.0))


def migrate(path: str) -> list[str]:
    """Apply pending migrations to the database at ``path``; return their names.

    Several processes may start at once on one database (``scorekeeper serve --workers N``, or a second machine):
    they take turns, through a lock file beside a SQLite file (filelock: fcntl, or msvcrt on Windows, released by
    the system if a process dies) or a PostgreSQL advisory lock, so one applies the migrations and the others find
    nothing pending, where switching to WAL and creating tables side by side failed with "database is locked"."""
    if is_postgres(path):
        db = postgres.connect(path)
        try:
            db.execute("SELECT pg_advisory_lock(?)", [postgres.MIGRATE_LOCK])
            try:
                return schema.migrate(db, migrations)
            finally:
                forget_columns(db.key)
                db.execute("SELECT pg_advisory_unlock(?)", [postgres.MIGRATE_LOCK])
        finally:
            db.close()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    in_memory = path == ":memory:"  # nothing to share with another process, and no folder for a lock file
    with contextlib.nullcontext() if in_memory else FileLock(f"{path}.migrate-lock", timeout=60):
        db = SQLite(path)
        try:
            db.execute("PRAGMA journal_mode = WAL")  # kept in the file: readers never wait for the writer
            return schema.migrate(db, migrations)
        finally:
            forget_columns(db.key)
            db.close()


@click.command("init-db")
def init_db_command() -> None:
    """Create the database or bring it up to date."""
    applied = migrate(target(current_app.config))
    click.echo(gettext_plural("Database ready (%(num)d migration applied).", "Database ready (%(num)d migrations applied).",
                        len(applied)))


def init_app(app: Flask) -> None:
    if is_postgres(app.config["DATABASE"]):
        check_server(app.config["DATABASE"], migrate, (StorageError,))
    else:
        check_database(app.config["DATABASE"], migrate, (StorageError,))  # DatabaseTrouble, in one line, when it cannot be used
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
