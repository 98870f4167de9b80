"""The database connection: a sqlite-utils Database on ``g`` for each request, or with ``DATABASE_URL``
(``SCOREKEEPER_DATABASE_URL=postgresql://...``) a PostgreSQL database answering the same calls (``postgres.py``),
so one set of stores serves both. Under a server each thread keeps its connection(s) open from request to request
(``_kept_connection``); a request's unfinished transaction is rolled back when it ends."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections import OrderedDict
from pathlib import Path

import click
import sqlite_utils
from filelock import FileLock
from flask import Flask, current_app, g

from scorekeeper.migrations import migrations
from scorekeeper.paths import is_server_database

from . import postgres
from scorekeeper.rules.i18n import gettext_plural as ngettext
from scorekeeper.ops.trouble import check_database, check_server


is_postgres = is_server_database


def target(config) -> str:
    """The database an app's config names: ``DATABASE_URL`` when set, else the SQLite file ``DATABASE``."""
    return config.get("DATABASE_URL") or config["DATABASE"]


def connect(path: str) -> sqlite_utils.Database | postgres.Database:
    """Open the database (a SQLite file, or a PostgreSQL URL) with the settings every connection needs."""
    if is_postgres(path):
        return postgres.Database(path)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=10, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    db = sqlite_utils.Database(conn)
    # Per connection, and only effective outside a transaction: set it first.
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 10000")
    return db


#: Connections kept open per server thread, by database file. Opening one per request costs more than the
#: rest of a small request (and closing the last one checkpoints the WAL each time); a few per thread is plenty.
_KEPT_PER_THREAD = 4
_kept = threading.local()


def _kept_connection(path: str) -> sqlite_utils.Database:
    kept: OrderedDict[str, sqlite_utils.Database] = getattr(_kept, "connections", None) or OrderedDict()
    _kept.connections = kept
    db = kept.pop(path, None)
    if db is not None and is_postgres(path) and (db.conn.raw.closed or db.conn.raw.broken):
        db = None  # the server closed it (restarted, or ended idle connections): open another
    if db is None:
        db = connect(path)
    kept[path] = db  # most recently used last
    while len(kept) > _KEPT_PER_THREAD:
        _, oldest = kept.popitem(last=False)
        oldest.conn.close()
    return db


def get_db() -> sqlite_utils.Database:
    """The request's database. Under a server the thread's connection is reused from request to request."""
    if "db" not in g:
        path = target(current_app.config)
        g.db = _kept_connection(path) if current_app.config.get("KEEP_CONNECTIONS", True) else connect(path)
    return g.db


def close_db(exc: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is None:
        return
    if db.conn.in_transaction:
        # Whatever a failed request left half-done is never committed by the next one.
        try:
            db.conn.rollback()
        except sqlite3.Error:  # a server connection lost meanwhile: the server rolled it back
            pass
    if not current_app.config.get("KEEP_CONNECTIONS", True):
        db.conn.close()


def migrate(path: str) -> list[str]:
    """Apply pending migrations to the database at ``path``; return their names.

    Several processes may start at once on one file (``scorekeeper serve --workers N``, or a second machine):
    they take turns through a lock file beside the database (filelock: fcntl, or msvcrt on Windows, released by
    the system if a process dies), so one applies the migrations and the others find nothing pending, where
    switching to WAL and creating tables side by side failed with "database is locked"."""
    if is_postgres(path):
        return postgres.migrate(path, migrations)  # an advisory lock instead of the lock file
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    in_memory = path == ":memory:"  # nothing to share with another process, and no folder for a lock file
    with contextlib.nullcontext() if in_memory else FileLock(f"{path}.migrate-lock", timeout=60):
        db = connect(path)
        try:
            db.enable_wal()
            pending = [m.name for m in migrations.pending(db)]
            migrations.apply(db)
            return pending
        finally:
            db.conn.close()


@click.command("init-db")
def init_db_command() -> None:
    """Create the database or bring it up to date."""
    applied = migrate(target(current_app.config))
    click.echo(ngettext("Database ready (%(num)d migration applied).", "Database ready (%(num)d migrations applied).",
                        len(applied)))


def init_app(app: Flask) -> None:

    if is_postgres(app.config["DATABASE"]):
        check_server(app.config["DATABASE"], migrate)
    else:
        check_database(app.config["DATABASE"], migrate)  # DatabaseTrouble, in one line, when it cannot be used
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
