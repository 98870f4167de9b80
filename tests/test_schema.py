"""One schema for both engines (docs/DEVELOPING.md, "Layers"): the migrations of ``scorekeeper/migrations.py``, applied
by ``scorekeeper/db/schema.py``, build the same tables on SQLite and on PostgreSQL, column by column; on SQLite the
same schema sqlite-utils built from them before (a file made then upgrades without migrating again); and the test
server sorts text as production's does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.db import connect, migrate
from scorekeeper.db.schema import RECORD, SQLITE_UTILS_RECORD, describe
from scorekeeper.db.schema import migrate as apply_migrations
from scorekeeper.migrations import Migrations, migrations

#: The SQLite schema sqlite-utils 4.2 built from migrations 0001-0013, read back by ``describe`` (made once with
#: the code of issue 22, before scorekeeper/db/schema.py existed).
SNAPSHOT = Path(__file__).parent / "data" / "schema_0013.json"


def _described(path: str) -> dict:
    db = connect(path)
    try:
        return describe(db)
    finally:
        db.close()


def test_both_engines_build_the_same_schema_column_by_column(tmp_path, pg_cluster):
    sqlite_path, url = str(tmp_path / "parity.sqlite"), pg_cluster.database()
    assert migrate(sqlite_path) == migrate(url) == [step.name for step in migrations.steps]
    on_sqlite, on_postgresql = _described(sqlite_path), _described(url)
    assert sorted(on_sqlite) == sorted(on_postgresql)
    for table in on_sqlite:
        for part in ("columns", "primary_key", "references", "indexes"):
            assert on_postgresql[table][part] == on_sqlite[table][part], (table, part)
    pg_cluster.drop(url)


def test_the_comparison_sees_a_column_that_differs(tmp_path):
    """The parity check can fail: a column of another kind, or one more column, is seen."""
    path = str(tmp_path / "a.sqlite")
    migrate(path)
    before = _described(path)
    db = connect(path)
    db.execute('ALTER TABLE games ADD COLUMN "extra" INTEGER')
    db.close()
    after = _described(path)
    assert after["games"]["columns"][:-1] == before["games"]["columns"]
    assert after["games"]["columns"][-1] == ["extra", "integer", False, None]


def _first_thirteen() -> Migrations:
    released = Migrations()
    released.steps = [step for step in migrations.steps if step.name[:4] <= "0013"]
    assert [step.name[:4] for step in released.steps] == [f"{n:04d}" for n in range(1, 14)]
    return released


def test_the_released_migrations_build_the_schema_sqlite_utils_built(tmp_path):
    """Migrations 0001-0013 were written for sqlite-utils, which built their SQLite tables; written now through
    ``db/schema.py`` they build the same tables, columns, defaults, keys and indexes."""
    db = connect(str(tmp_path / "released.sqlite"))
    try:
        apply_migrations(db, _first_thirteen())
        assert describe(db) == json.loads(SNAPSHOT.read_text())
    finally:
        db.close()


def test_a_file_whose_migrations_sqlite_utils_recorded_is_not_migrated_again(tmp_path):
    path = str(tmp_path / "old.sqlite")
    migrate(path)
    db = connect(path)
    names = [row[0] for row in db.all(f"SELECT name FROM {RECORD} ORDER BY name")]
    # As sqlite-utils left a file: its own record of the migrations, none of ours.
    db.execute(f"DROP TABLE {RECORD}")
    db.execute(f'CREATE TABLE "{SQLITE_UTILS_RECORD}" ("id" INTEGER PRIMARY KEY, "migration_set" TEXT, "name" TEXT, '
               '"applied_at" TEXT)')
    for name in names:
        db.execute(f"INSERT INTO {SQLITE_UTILS_RECORD} (migration_set, name, applied_at) VALUES (?, ?, ?)",
                   ["scorekeeper", name, "2026-11-20 10:00:00"])
    db.close()
    assert migrate(path) == []
    db = connect(path)
    assert [row[0] for row in db.all(f"SELECT name FROM {RECORD} ORDER BY name")] == names
    db.close()


@pytest.mark.postgres
def test_the_test_server_sorts_names_as_production_does(pg_cluster):
    """deploy/compose.yaml's postgres:15 initialises en_US.utf8: letters before punctuation's order, case folded
    first (C.UTF-8, the byte order, puts every capital before every small letter)."""
    url = pg_cluster.database()
    db = connect(url)
    try:
        assert db.one("SELECT datcollate FROM pg_database WHERE datname = current_database()")[0] == "en_US.utf8"
        names = [row[0] for row in db.all("SELECT name FROM (VALUES ('bea'), ('Zoe'), ('ana'), ('Álvaro')) "
                                          "AS t(name) ORDER BY name")]
        assert names == ["Álvaro", "ana", "bea", "Zoe"]
    finally:
        db.close()
        pg_cluster.drop(url)
