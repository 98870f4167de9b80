"""Copy a SQLite database into an empty PostgreSQL database (``scorekeeper copy-to``): the schema made by the same
migrations, then every row of every table with its id, in one transaction, parents before the rows pointing at
them; each identity then continues after the highest id copied."""

from __future__ import annotations

import sqlite3

from .contract import Database
from .schema import RECORD, SQLITE_UTILS_RECORD

#: Tables the copy leaves alone: the records of the migrations applied (each database has its own).
SKIP = {SQLITE_UTILS_RECORD, RECORD}


class CopyRefused(Exception):
    """The target cannot take the copy; ``reason`` says why ("not_empty", or the database's own words)."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(reason, detail)
        self.reason, self.detail = reason, detail


def _tables(source: sqlite3.Connection) -> list[str]:
    """The source's tables, each after the tables its foreign keys point at."""
    names = [row[0] for row in source.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        if row[0] not in SKIP]
    parents = {name: {row[2] for row in source.execute(f'PRAGMA foreign_key_list("{name}")')} - {name}
               for name in names}
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and parents[n] <= set(ordered)]
        if not ready:  # a cycle of foreign keys: none today; keep the rest in name order
            ready = [n for n in names if n not in ordered]
        ordered.extend(ready)
    return ordered


def copy_to(source_path: str, target: Database) -> dict[str, int]:
    """Copy every row of the SQLite file at ``source_path`` into ``target`` (migrated, holding no data yet);
    the rows copied per table. CopyRefused when the target already holds games, tournaments or players."""
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
    try:
        tables = [t for t in _tables(source) if target.columns(t)]
        holding = [t for t in tables if t != "bin_clock" and target.execute(f'SELECT 1 FROM "{t}" LIMIT 1').fetchone()]
        if holding:
            raise CopyRefused("not_empty", ", ".join(holding))
        copied: dict[str, int] = {}
        with target.write():
            for table in reversed(tables):
                target.execute(f'DELETE FROM "{table}"')
            for table in tables:
                copied[table] = _copy_table(source, target, table)
        return copied
    finally:
        source.close()


def _copy_table(source: sqlite3.Connection, target: Database, table: str) -> int:
    wanted = target.columns(table)
    cursor = source.execute(f'SELECT * FROM "{table}"')
    columns = [c[0] for c in cursor.description if c[0] in wanted]
    sql = (f'INSERT INTO "{table}" ({", ".join(f"{chr(34)}{c}{chr(34)}" for c in columns)}) '
           f'VALUES ({", ".join("?" for _ in columns)})')
    count = 0
    for row in cursor:
        values = dict(zip((c[0] for c in cursor.description), row))
        target.execute(sql, [values[c] for c in columns])
        count += 1
    if "id" in wanted:
        target.execute(f"SELECT setval(pg_get_serial_sequence('\"{table}\"', 'id'), "
                       f'COALESCE((SELECT MAX(id) FROM "{table}"), 0) + 1, false)')
    return count
