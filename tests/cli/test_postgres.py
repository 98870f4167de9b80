"""The data commands on PostgreSQL: ``copy-to`` moves a club's SQLite database into an empty PostgreSQL database
row for row, ``export`` and ``import`` work there as on SQLite, and ``backup`` says to use pg_dump."""

from __future__ import annotations

import json
import sqlite3

from click.testing import CliRunner

from scorekeeper import create_app
from scorekeeper.cli import main
from scorekeeper.db import connect, migrate
from scorekeeper.stores import games
from scorekeeper.stores.summary import game_summary
from tests.recording import tournament_path
from tests.safety.helpers import add, new_game, quiet_deal
from tests.tournaments.conftest import create_tournament, enter


def run(*args, **env):
    return CliRunner().invoke(main, list(args), env={"SCOREKEEPER_DATABASE_URL": None, **env})


def club_on_sqlite(tmp_path) -> tuple[str, list[int]]:
    """A SQLite club: two games with deals (one in the bin) and a tournament with its entries and first round."""
    path = str(tmp_path / "club.sqlite")
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": path, "SECRET_KEY": "t"})
    client = app.test_client()
    tid = create_tournament(client)
    enter(client, tid, "Ann", "Ben")
    enter(client, tid, "Cy", "Di")
    assert client.post(f"{tournament_path(client, tid)}/rounds").status_code == 303
    db = connect(path)
    made = [new_game(db), new_game(db, rules="classic")]
    for n in range(7):
        add(db, made[n % 2], quiet_deal(n))
    games.delete_game(db, made[1], expected_version=games.game_version(db, made[1]))
    db.close()
    return path, made


def _rows(db, table: str) -> list[tuple]:
    return sorted(tuple(row) for row in db.execute(f'SELECT * FROM "{table}"').fetchall())


def test_copy_to_moves_every_row_and_the_ids_carry_on(tmp_path, pg_cluster):
    path, made = club_on_sqlite(tmp_path)
    url = pg_cluster.database()  # empty: copy-to makes the schema
    result = run("copy-to", url, SCOREKEEPER_DATABASE=path, SCOREKEEPER_INSTANCE=str(tmp_path / "i"))
    assert result.exit_code == 0, result.output
    source, target = sqlite3.connect(path), connect(url)
    tables = [row[0] for row in source.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT "
                                               "LIKE 'sqlite_%' AND name NOT IN ('_sqlite_migrations', '_scorekeeper_migrations')")]
    assert {"games", "deals", "changes", "tournaments", "tournament_tables", "club_players"} <= set(tables)
    copied = 0
    for table in tables:
        assert _rows(target, table) == _rows(source, table), table  # every column of every row, ids included
        copied += len(_rows(source, table))
    assert f"Copied {copied} rows" in result.output and "password" not in result.output
    with create_app({"TESTING": True, "DATABASE": url, "SECRET_KEY": "t"}).app_context():
        assert game_summary(target, made[0]).totals == game_summary(connect(path), made[0]).totals
        assert new_game(target) == max(made) + 1  # the identity carries on after the ids copied
    target.close()
    source.close()
    again = run("copy-to", url, SCOREKEEPER_DATABASE=path, SCOREKEEPER_INSTANCE=str(tmp_path / "i"))
    assert again.exit_code == 1 and "already holds data" in again.output and "Traceback" not in again.output


def test_copy_to_refuses_an_address_that_is_not_postgresql(tmp_path):
    path, _ = club_on_sqlite(tmp_path)
    result = run("copy-to", str(tmp_path / "other.sqlite"), SCOREKEEPER_DATABASE=path)
    assert result.exit_code == 1 and "postgresql://" in result.output


def test_copy_to_a_server_that_cannot_be_reached_says_so_in_one_line(tmp_path):
    path, _ = club_on_sqlite(tmp_path)
    result = run("copy-to", f"postgresql://nobody:secret@/none?host={tmp_path}", SCOREKEEPER_DATABASE=path)
    assert result.exit_code == 1 and "cannot be used" in result.output
    assert "secret" not in result.output and "Traceback" not in result.output


def test_export_and_import_work_on_postgresql(tmp_path, pg_cluster):
    url = pg_cluster.database(template=pg_cluster.template)
    db = connect(url)
    game = new_game(db)
    for n in range(5):
        add(db, game, quiet_deal(n))
    db.close()
    folder = tmp_path / "out"
    result = run("export", str(folder), SCOREKEEPER_DATABASE_URL=url, SCOREKEEPER_INSTANCE=str(tmp_path / "i"))
    assert result.exit_code == 0, result.output
    (written,) = folder.glob("game-*.json")
    other = pg_cluster.database(template=pg_cluster.template)
    imported = run("import", str(written), SCOREKEEPER_DATABASE_URL=other, SCOREKEEPER_INSTANCE=str(tmp_path / "j"))
    assert imported.exit_code == 0 and "Imported" in imported.output, imported.output
    db = connect(other)
    (copy_id,) = [row[0] for row in db.execute("SELECT id FROM games").fetchall()]
    with create_app({"TESTING": True, "DATABASE": other, "SECRET_KEY": "t"}).app_context():
        assert dict(game_summary(db, copy_id).totals) == json.loads(written.read_text())["game"]["totals"]
    db.close()
    twice = run("import", str(written), SCOREKEEPER_DATABASE_URL=other, SCOREKEEPER_INSTANCE=str(tmp_path / "j"))
    assert twice.exit_code == 0 and "already imported" in twice.output


def test_backup_on_postgresql_says_to_use_pg_dump(tmp_path, pg_cluster):
    url = pg_cluster.database(template=pg_cluster.template)
    result = run("backup", str(tmp_path / "b.sqlite"), SCOREKEEPER_DATABASE_URL=url)
    assert result.exit_code == 1 and "pg_dump" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "b.sqlite").exists()


def test_the_migrations_bring_an_old_postgresql_database_up_to_date_once(pg_cluster):
    url = pg_cluster.database()
    assert len(migrate(url)) >= 11
    assert migrate(url) == []  # nothing pending the second time
