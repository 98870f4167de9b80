"""The storage contract means the same on both engines (scorekeeper/db/contract.py; docs/DEVELOPING.md, "The storage
contract"): values keep their type and are bound by the database, a write is one transaction whose rollback takes
back what it would have done after its commit, a unique key taken is a ``Conflict``, and a write that never
finished leaves nothing behind."""

from __future__ import annotations

import pytest

from scorekeeper.db import Conflict, connect
from scorekeeper.stores.games import game_version
from tests.safety.helpers import new_game


def test_a_value_comes_back_as_the_type_it_went_in(db):
    assert tuple(db.one("SELECT ?, ?, ?", [5, "five", 2.5])) == (5, "five", 2.5)
    assert db.one("SELECT ? + 1", [41])[0] == 42


def test_a_row_reads_by_position_and_by_name(db):
    game = new_game(db)
    row = db.one("SELECT id, version FROM games WHERE id = ?", [game])
    assert (row[0], row["version"], row.keys()) == (game, 1, ["id", "version"])
    assert dict(zip(row.keys(), row)) == {"id": game, "version": 1}


@pytest.mark.postgres
def test_values_are_bound_by_the_server_not_written_into_the_statement(pg_cluster):
    """A secret passed as a value (a token, a password hash) never appears in the statement PostgreSQL runs."""
    url = pg_cluster.database()
    db = connect(url)
    try:
        seen = db.one("SELECT query FROM pg_stat_activity WHERE pid = pg_backend_pid() AND ? <> ''",
                      ["secret-token-123"])[0]
    finally:
        db.close()
        pg_cluster.drop(url)
    assert "secret-token-123" not in seen and "$1" in seen


def test_a_unique_key_taken_is_a_conflict(db):
    game = new_game(db)
    code = db.one("SELECT code FROM games WHERE id = ?", [game])[0]
    other = new_game(db)
    with pytest.raises(Conflict):
        db.execute("UPDATE games SET code = ? WHERE id = ?", [code, other])
    assert db.one("SELECT code FROM games WHERE id = ?", [other])[0] != code


def test_a_write_that_fails_leaves_nothing_and_does_nothing_after(db):
    game, done = new_game(db), []
    with pytest.raises(RuntimeError):
        with db.write(game=game):
            db.execute("UPDATE games SET version = 7 WHERE id = ?", [game])
            db.after_commit(lambda: done.append("outer"))
            raise RuntimeError("the phone's save fails halfway")
    assert game_version(db, game) == 1 and done == [] and not db.in_transaction


def test_a_savepoint_rolled_back_takes_back_its_after_commit_only(db):
    game, done = new_game(db), []
    with db.write(game=game):
        db.after_commit(lambda: done.append("kept"))
        with pytest.raises(RuntimeError):
            with db.write(game=game):
                db.execute("UPDATE games SET version = 9 WHERE id = ?", [game])
                db.after_commit(lambda: done.append("taken back"))
                raise RuntimeError("the inner part fails")
        assert done == [] and db.in_transaction
    assert done == ["kept"] and game_version(db, game) == 1


def test_a_read_of_one_moment_refuses_a_write_inside_it(db):
    with db.read():
        with pytest.raises(RuntimeError):
            with db.write():
                pass
    assert not db.in_transaction
