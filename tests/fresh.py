"""Each test's database as freshly migrated, without migrating it (``database`` in tests/conftest.py).

Migrating a database and building an app on it took about a tenth of the suite's time, and making and dropping a
PostgreSQL database for each test more. So each test process (one per pytest-xdist worker) migrates once:

- SQLite: one file migrated per process, copied into each test's own ``tmp_path`` (``SqliteTemplate``). The test
  gets a file of its own, in a folder of its own (sheets, lock files and backups beside it stay the test's).
- PostgreSQL: one database per process, which the tests of that process take in turn (``PostgresTemplate``):
  before each test it is brought back to the migrated template's state: other connections ended, every table
  emptied and the template's own rows put back, every sequence set where the template's is (so ids start where a
  fresh database's start). A test that changed the schema (a table made, a column added) leaves it different from
  the template: the next test then gets a new copy of the template instead (``CREATE DATABASE ... TEMPLATE``).
  Each process has its own server (``pg_cluster``), so two processes never share a database.

A copy must not be told from a database migrated at the start of the test: what a migration writes that depends on
the moment it ran is written again as of the copy (``MOMENT``: the bin's clock, migration 0009). A new migration
that stamps a row with its own time adds its statement there. The app's caches keyed by database and ids (game
summaries, drawn sheets, the bin's last sweep, this thread's kept connections) are emptied between tests too:
the PostgreSQL database keeps its address from one test to the next, and the ids repeat.
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from pathlib import Path

import psycopg

from scorekeeper.db import migrate

#: Statements run on each copy, per engine: the rows a migration stamps with the moment it ran, stamped now.
MOMENT = {
    "sqlite": ["UPDATE bin_clock SET seen_at = strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now') WHERE id = 1"],
    "postgresql": ["UPDATE bin_clock SET seen_at = to_char(now() AT TIME ZONE 'UTC', "
                   "'YYYY-MM-DD\"T\"HH24:MI:SS\"+00:00\"') WHERE id = 1"],
}


def forget_process_state() -> None:
    """The app's in-process memory of databases emptied, as between two runs of the server: game summaries and
    drawn sheets (keyed by database, game id and version, which repeat from one test to the next), the bin's last
    sweep per database, this thread's kept connections (a test's server threads end with their server) and the
process's PostgreSQL pools."""
    from scorekeeper import db as database
    from scorekeeper.sheets.cache import sheet_cache
    from scorekeeper.stores import bin
    from scorekeeper.stores.summary import summary_cache

    summary_cache.clear()
    sheet_cache.clear()
    bin.forget_this_process()
    kept = getattr(database._kept, "connections", None)
    while kept:
        _, connection = kept.popitem()
        connection.close()
    database.close_pools()  # their connections are ended before the next test (PostgresTemplate.fresh)


class SqliteTemplate:
    """A SQLite file migrated once; ``copy(path)`` puts a fresh copy of it at ``path``."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "migrated.sqlite"
        migrate(str(self.path))  # its last connection closed: the WAL is folded into the file and removed

    def copy(self, path: Path) -> str:
        return copy_sqlite(self.path, path, whole=True)


def copy_sqlite(source, path, whole: bool = False) -> str:
    """A copy of the SQLite file ``source`` at ``path`` (its WAL folded into it first, unless it is known
    ``whole``), then ``MOMENT``."""
    if not whole:
        with contextlib.closing(sqlite3.connect(source)) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copyfile(source, path)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA synchronous = OFF")  # this connection only: the test's file is thrown away
        for statement in MOMENT["sqlite"]:
            conn.execute(statement)
        conn.commit()
    return str(path)


#: The schema as the catalogue describes it (every relation, column, constraint and function outside the system's
#: schemas), to tell whether a test changed it.
SCHEMA = """
SELECT md5(coalesce(string_agg(item, ',' ORDER BY item), '')) FROM (
  SELECT format('%s.%s:%s:%s', n.nspname, c.relname, c.relkind, string_agg(
         format('%s %s %s %s', a.attname, a.atttypid, a.attnotnull, a.atthasdef), ';' ORDER BY a.attnum))
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
   WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
   GROUP BY n.nspname, c.relname, c.relkind
  UNION ALL
  SELECT format('constraint %s %s %s', conname, contype, conrelid) FROM pg_constraint c
    JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
  UNION ALL
  SELECT format('routine %s', p.oid) FROM pg_proc p
    JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
  UNION ALL
  SELECT format('namespace %s', nspname) FROM pg_namespace
) AS schema_items (item)
"""


class Snapshot:
    """A PostgreSQL database's rows and sequences as they are now (and its schema), to put back later into it or
    into another database of the same schema: the migrated template's, or a world a test module built once."""

    def __init__(self, url: str) -> None:
        with psycopg.connect(url, autocommit=True) as conn:
            self.schema = conn.execute(SCHEMA).fetchone()[0]
            self.tables = [row[0] for row in conn.execute(
                "SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) FROM information_schema.tables "
                "WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE' "
                "ORDER BY 1")]
            self.rows = {}
            for table in self.tables:
                cursor = conn.execute(f"SELECT * FROM {table}")
                rows = cursor.fetchall()
                if rows:
                    columns = ", ".join(f'"{column.name}"' for column in cursor.description)
                    marks = ", ".join(["%s"] * len(cursor.description))
                    self.rows[f"INSERT INTO {table} ({columns}) VALUES ({marks})"] = rows
            self.sequences = conn.execute(
                "SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename), "
                "coalesce(last_value, start_value), last_value IS NOT NULL FROM pg_sequences").fetchall()

    def put_back(self, conn: psycopg.Connection) -> None:
        """In one transaction on ``conn``: every table emptied, these rows put back, every sequence set where it
        was, then ``MOMENT``. Deleting the few rows a test writes costs a millisecond where TRUNCATE, which makes
        every table's files anew, cost half a second on the busy machine; foreign keys are not checked meanwhile
        (every row goes, and the rows put back held together where they were read)."""
        with conn.transaction():
            conn.execute("SET LOCAL session_replication_role = replica; "
                         + "; ".join(f"DELETE FROM {table}" for table in self.tables))
            with conn.cursor() as cursor:
                for insert, rows in self.rows.items():
                    cursor.executemany(insert, rows)
            if self.sequences:
                conn.execute("SELECT " + ", ".join("setval(%s::regclass, %s::bigint, %s::boolean)"
                                                   for _ in self.sequences),
                             [value for sequence in self.sequences for value in sequence])
            conn.execute("; ".join(MOMENT["postgresql"]))


class PostgresTemplate:
    """The migrated template of a cluster, and the one database this process's tests take in turn (module
    docstring): ``fresh()`` answers its address, in the template's state (or a ``Snapshot``'s)."""

    def __init__(self, cluster, template_url: str) -> None:
        self.cluster = cluster
        self.name = cluster.name(template_url)
        self.migrated = Snapshot(template_url)
        self.url: str | None = None
        self.conn: psycopg.Connection | None = None  # to self.url, kept from one test to the next

    def fresh(self, snapshot: Snapshot | None = None) -> str:
        if not self._as_migrated():
            self.drop()
            self.url = self.cluster.database(template=self.name)
            self.conn = psycopg.connect(self.url, autocommit=True)
        # The connections the last test left (an app's, a server's) ended first: they could hold locks, or write
        # after the reset.
        self.conn.execute("SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
                          "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        (snapshot or self.migrated).put_back(self.conn)
        return self.url

    def _as_migrated(self) -> bool:
        """Whether the database is there with the template's schema (a test may have changed or dropped it)."""
        if self.url is None:
            return False
        try:
            if self.conn is None or self.conn.closed or self.conn.broken:
                self.conn = psycopg.connect(self.url, autocommit=True)
            return self.conn.execute(SCHEMA).fetchone()[0] == self.migrated.schema
        except psycopg.OperationalError:  # dropped by the test, or its connection ended
            return False

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def drop(self) -> None:
        self.close()
        if self.url is not None:
            self.cluster.drop(self.url)
            self.url = None
