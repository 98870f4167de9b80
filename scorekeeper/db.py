"""The database connection: one sqlite-utils Database per request, on ``g``."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import click
import sqlite_utils
from flask import Flask, current_app, g

from .migrations import migrations


def connect(path: str) -> sqlite_utils.Database:
    """Open the database file with the settings every connection needs."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=10, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    db = sqlite_utils.Database(conn)
    # Per connection, and only effective outside a transaction: set it first.
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 10000")
    return db


def get_db() -> sqlite_utils.Database:
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(exc: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.conn.close()


def migrate(path: str) -> list[str]:
    """Apply pending migrations to the database at ``path``; return their names."""
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
    applied = migrate(current_app.config["DATABASE"])
    click.echo(f"Database ready ({len(applied)} migration(s) applied).")


def init_app(app: Flask) -> None:
    migrate(app.config["DATABASE"])
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
