"""PostgreSQL behind the stores' one interface: a ``Database`` that answers the few calls the stores and the
migrations make on a sqlite-utils ``Database``, so the same store functions and the same SQL serve both engines.

What it does for them:

- ``execute(sql, params)`` takes ``?`` placeholders (turned into psycopg's ``%s``, with a literal ``%`` doubled)
  and answers a cursor whose rows read like ``sqlite3.Row``: by position, by column name, ``keys()``, ``dict()``.
  Parameters are bound client-side (psycopg's ``ClientCursor``), and whole numbers and booleans are sent as
  untyped literals (``'5'``), which PostgreSQL reads as the column or expression needs, as SQLite's affinity does.
- Transactions as the stores use them: ``BEGIN IMMEDIATE`` (``stores.transaction.immediate``) takes one
  transaction-wide advisory lock, so writers that read before they write take turns exactly as they do behind
  SQLite's write lock; ``atomic()`` is a transaction or, inside one, a savepoint; ``BEGIN`` (a read that must see
  one moment) is a repeatable-read transaction; a statement outside a transaction is committed at once, as
  sqlite-utils' ``execute`` does.
- ``db[table].insert(row).last_pk``, ``columns_dict``, and the DDL of the migrations (``create``, ``create_index``,
  ``add_column``, ``drop``) with the same tables, columns, keys, unique indexes and defaults as sqlite-utils makes.
- psycopg's errors reach the stores as sqlite3's (``IntegrityError`` for a unique key taken, ...), so a store
  catches one kind whichever engine runs.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

import psycopg
import psycopg.adapt
from psycopg import ClientCursor

#: The advisory lock every ``BEGIN IMMEDIATE`` takes (any fixed number; it only has to be the same everywhere).
WRITE_LOCK = 0x5C0E_2022
#: The advisory lock processes starting together take before migrating.
MIGRATE_LOCK = 0x5C0E_0001

TYPES = {int: "BIGINT", str: "TEXT", float: "DOUBLE PRECISION", bool: "BIGINT", bytes: "BYTEA"}
PY_TYPES = {"bigint": int, "integer": int, "text": str, "double precision": float, "bytea": bytes}
#: The PostgreSQL form of the few statements released migrations (never edited) wrote in SQLite's own SQL.
SQLITE_ONLY = {
    "INSERT INTO bin_clock (id, seen_at, elapsed) VALUES (1, strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now'), 0)":
        "INSERT INTO bin_clock (id, seen_at, elapsed) VALUES "
        "(1, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"+00:00\"'), 0)",
    "ALTER TABLE games ADD COLUMN bin_mark REAL": "ALTER TABLE games ADD COLUMN bin_mark DOUBLE PRECISION",
    "UPDATE games SET bin_mark = -((julianday('now') - julianday(deleted_at)) * 86400) WHERE deleted_at IS NOT NULL":
        "UPDATE games SET bin_mark = -EXTRACT(EPOCH FROM now() - deleted_at::timestamptz) WHERE deleted_at IS NOT NULL",
}


class _Number(psycopg.adapt.Dumper):
    """A whole number (or a boolean, as 0 or 1) as an untyped literal: ``'5'`` is read as the bigint, text or
    double precision the place needs, as SQLite would store or compare it."""

    oid = 0

    def dump(self, obj) -> bytes:
        return str(int(obj)).encode()

    def quote(self, obj) -> bytes:
        return b"'%d'" % int(obj)


@lru_cache(maxsize=1024)
def translate(sql: str) -> str:
    """``?`` placeholders as ``%s`` and ``%`` as ``%%``, outside quoted strings and names."""
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


def _row_class(names: tuple[str, ...]) -> type:
    index = {name: i for i, name in enumerate(names)}
    index.update({name.lower(): i for i, name in enumerate(names)})

    class Row(tuple):
        """A row read like ``sqlite3.Row``: ``row[0]``, ``row["name"]``, ``row.keys()``, ``dict(row)``."""

        __slots__ = ()

        def __getitem__(self, key):
            if isinstance(key, str):
                return tuple.__getitem__(self, index[key] if key in index else index[key.lower()])
            return tuple.__getitem__(self, key)

        def keys(self) -> list[str]:
            return list(names)

    return Row


@lru_cache(maxsize=256)
def _cached_row_class(names: tuple[str, ...]) -> type:
    return _row_class(names)


def _rows(cursor):
    names = tuple(column.name for column in cursor.description or ())
    make = _cached_row_class(names)
    return make


def _without_nul(value):
    """PostgreSQL's text holds no NUL character, which SQLite's does: a text asked for or written with one (only
    ever typed by a fuzzer or an attacker) carries U+FFFD in its place, so a look-up finds nothing, as on SQLite."""
    return value.replace("\x00", "\ufffd") if isinstance(value, str) else value


def _as_sqlite_error(error: psycopg.Error) -> sqlite3.Error:
    kind = (sqlite3.IntegrityError if isinstance(error, psycopg.IntegrityError)
            else sqlite3.OperationalError if isinstance(error, psycopg.OperationalError)
            else sqlite3.DatabaseError)
    found = kind(str(error).strip())
    found.postgres_error = error
    return found


class Connection:
    """What the stores ask of ``db.conn``: whether a transaction is open, commit, rollback, close."""

    def __init__(self, raw: psycopg.Connection):
        self.raw = raw

    @property
    def in_transaction(self) -> bool:
        return self.raw.info.transaction_status != psycopg.pq.TransactionStatus.IDLE

    def commit(self) -> None:
        if self.in_transaction:
            self.raw.execute("COMMIT")

    def rollback(self) -> None:
        if self.in_transaction:
            self.raw.execute("ROLLBACK")

    def close(self) -> None:
        self.raw.close()

    @property
    def closed(self) -> bool:
        return self.raw.closed


class Database:
    """A PostgreSQL database answering the stores as a sqlite-utils ``Database`` does (module docstring)."""

    def __init__(self, url: str):
        raw = psycopg.connect(url, autocommit=True, cursor_factory=ClientCursor, row_factory=_rows,
                              connect_timeout=10)
        raw.adapters.register_dumper(int, _Number)
        raw.adapters.register_dumper(bool, _Number)
        self.conn = Connection(raw)
        self.url = url
        self._scorekeeper_file = url  # the summary cache's and the bin's key for this database
        self._columns: dict[str, dict[str, type]] = {}

    def __del__(self) -> None:
        # A server thread's kept connection ends with its thread (db.py): closed, as SQLite's are, without a word.
        raw = getattr(getattr(self, "conn", None), "raw", None)
        if raw is not None and not raw.closed:
            raw.close()

    def execute(self, sql: str, params=None):
        statement = sql.strip().rstrip(";").upper()
        raw = self.conn.raw
        try:
            if statement == "BEGIN IMMEDIATE":
                raw.execute("BEGIN")
                return raw.execute("SELECT pg_advisory_xact_lock(%s)", [WRITE_LOCK])
            if statement == "BEGIN":
                return raw.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
            sql = SQLITE_ONLY.get(sql, sql)
            if params and any(isinstance(p, str) and "\x00" in p for p in params):
                params = [_without_nul(p) for p in params]
            # Without parameters psycopg reads the text as it is (no placeholders, no doubled %).
            return raw.execute(translate(sql), params) if params else raw.execute(sql)
        except psycopg.Error as error:
            raise _as_sqlite_error(error) from error

    def executescript(self, sql: str) -> None:
        for statement in filter(str.strip, sql.split(";")):
            self.execute(statement)

    @contextmanager
    def atomic(self) -> Iterator[Database]:
        """A transaction, or a savepoint inside one (sqlite-utils' ``atomic``)."""
        if self.conn.in_transaction:
            self.execute("SAVEPOINT scorekeeper_atomic")
            try:
                yield self
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.raw.execute("ROLLBACK TO SAVEPOINT scorekeeper_atomic")
                    self.conn.raw.execute("RELEASE SAVEPOINT scorekeeper_atomic")
                raise
            else:
                self.execute("RELEASE SAVEPOINT scorekeeper_atomic")
            return
        self.conn.raw.execute("BEGIN")
        try:
            yield self
        except BaseException:
            self.conn.rollback()
            raise
        else:
            self.execute("COMMIT")

    def enable_wal(self) -> None:
        """SQLite's write-ahead log: PostgreSQL always has one."""

    def __getitem__(self, name: str) -> Table:
        return Table(self, name)

    def table_names(self) -> list[str]:
        return [row[0] for row in self.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
            "ORDER BY table_name").fetchall()]

    def columns(self, table: str) -> dict[str, type]:
        if table not in self._columns:
            found = self.execute("SELECT column_name, data_type FROM information_schema.columns "
                                 "WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
                                 [table]).fetchall()
            if not found:
                return {}
            self._columns[table] = {name: PY_TYPES.get(kind, str) for name, kind in found}
        return self._columns[table]


def _literal(value) -> str:
    if isinstance(value, bool) or isinstance(value, int):
        return str(int(value))
    if isinstance(value, float):
        return repr(value)
    return "'" + str(value).replace("'", "''") + "'"


def _name(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class Table:
    """``db[table]``: the sqlite-utils table calls the stores and the migrations make."""

    def __init__(self, db: Database, name: str):
        self.db, self.name = db, name
        self.last_pk = None

    @property
    def columns_dict(self) -> dict[str, type]:
        return dict(self.db.columns(self.name))

    @property
    def count(self) -> int:
        return self.db.execute(f"SELECT COUNT(*) FROM {_name(self.name)}").fetchone()[0]

    def insert(self, record: dict) -> Table:
        names = list(record)
        returning = " RETURNING id" if "id" in self.db.columns(self.name) else ""
        cursor = self.db.execute(
            f"INSERT INTO {_name(self.name)} ({', '.join(map(_name, names))}) "
            f"VALUES ({', '.join('?' for _ in names)}){returning}", [record[n] for n in names])
        self.last_pk = cursor.fetchone()[0] if returning else None
        return self

    def create(self, columns: dict, pk="id", not_null=(), defaults=None, foreign_keys=()) -> Table:
        defaults = defaults or {}
        references = {column: (table, key) for column, table, key in foreign_keys}
        lines = []
        for column, kind in columns.items():
            if pk == column and kind is int:
                lines.append(f"{_name(column)} BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
                continue
            line = f"{_name(column)} {TYPES[kind]}"
            if pk == column:
                line += " PRIMARY KEY"
            if column in not_null:
                line += " NOT NULL"
            if column in defaults:
                line += f" DEFAULT {_literal(defaults[column])}"
            if column in references:
                table, key = references[column]
                line += f" REFERENCES {_name(table)}({_name(key)})"
            lines.append(line)
        if isinstance(pk, tuple):
            lines.append(f"PRIMARY KEY ({', '.join(map(_name, pk))})")
        self.db.execute(f"CREATE TABLE {_name(self.name)} (\n  " + ",\n  ".join(lines) + "\n)")
        self.db._columns.pop(self.name, None)
        return self

    def create_index(self, columns: list[str], unique: bool = False) -> Table:
        index = f"idx_{self.name}_{'_'.join(columns)}"
        self.db.execute(f"CREATE {'UNIQUE ' if unique else ''}INDEX {_name(index)} ON {_name(self.name)} "
                        f"({', '.join(map(_name, columns))})")
        return self

    def add_column(self, name: str, kind=str, fk: str | None = None, fk_col: str | None = None,
                   not_null_default=None) -> Table:
        line = f"ALTER TABLE {_name(self.name)} ADD COLUMN {_name(name)} {TYPES[kind]}"
        if not_null_default is not None:
            line += f" NOT NULL DEFAULT {_literal(not_null_default)}"
        if fk:
            line += f" REFERENCES {_name(fk)}({_name(fk_col or 'id')})"
        self.db.execute(line)
        self.db._columns.pop(self.name, None)
        return self

    def drop(self, ignore: bool = False) -> None:
        self.db.execute(f"DROP TABLE {'IF EXISTS ' if ignore else ''}{_name(self.name)}")
        self.db._columns.pop(self.name, None)


MIGRATIONS_TABLE = "_scorekeeper_migrations"


def migrate(url: str, migrations) -> list[str]:
    """Apply the migrations not yet applied to the database at ``url``, each in its own transaction with its
    record (PostgreSQL's DDL is transactional); return their names. Processes starting together take turns
    through an advisory lock, so one migrates and the others find nothing pending. The migrations are the
    same functions SQLite runs (``migrations.py``), in the same order."""
    db = Database(url)
    try:
        db.execute("SELECT pg_advisory_lock(?)", [MIGRATE_LOCK])
        db.execute(f"CREATE TABLE IF NOT EXISTS {MIGRATIONS_TABLE} (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
        applied = {row[0] for row in db.execute(f"SELECT name FROM {MIGRATIONS_TABLE}").fetchall()}
        pending = [m for m in migrations._migrations if m.name not in applied]  # sqlite-utils' ordered list
        for migration in pending:
            with db.atomic():
                migration.fn(db)
                db.execute(f"INSERT INTO {MIGRATIONS_TABLE} (name, applied_at) VALUES (?, now()::text)",
                           [migration.name])
        return [m.name for m in pending]
    finally:
        try:
            db.execute("SELECT pg_advisory_unlock(?)", [MIGRATE_LOCK])
        finally:
            db.conn.close()
