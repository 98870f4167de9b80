"""On PostgreSQL a write locks only what it writes (scorekeeper/db/contract.py, docs/DEVELOPING.md "One write path"):
two tables saving different games never wait for each other, casual games or a tournament's tables alike, while
a second write of the same game, or the director's write of the whole tournament, waits its turn as it does
behind SQLite's single writer.

Each test holds one write open on a connection of its own and runs the other on another connection in a thread:
the other must finish while the first is still held (it is given 10 s, far more than a save takes, and without a
lock timeout a write that waited would never finish in that time), or, where it must wait, still be waiting after
a second."""

from __future__ import annotations

import threading
import time

import pytest

from scorekeeper.db import connect
from scorekeeper.stores.deals import add_deal
from scorekeeper.stores.games import game_version
from scorekeeper.stores.tournaments import play, records, rounds, running
from tests.safety.helpers import new_game, quiet_deal

pytestmark = pytest.mark.postgres


@pytest.fixture
def url(pg_cluster):
    found = pg_cluster.database(template=pg_cluster.template)
    yield found
    pg_cluster.drop(found)


def _elsewhere(url: str, write) -> tuple[threading.Thread, dict]:
    """``write(db)`` on a connection of its own, in a thread; how long it took, and its result or error."""
    outcome: dict = {}

    def run():
        db = connect(url)
        started = time.monotonic()
        try:
            outcome["result"] = write(db)
        except Exception as error:  # noqa: BLE001 - the test reports it
            outcome["error"] = error
        finally:
            outcome["seconds"] = time.monotonic() - started
            db.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome


def _finishes_meanwhile(thread: threading.Thread, outcome: dict) -> None:
    thread.join(timeout=10)
    assert not thread.is_alive(), "the other write waited for the one held open"
    assert "error" not in outcome, outcome["error"]


def _waits(thread: threading.Thread) -> None:
    thread.join(timeout=1)
    assert thread.is_alive(), "the second write did not wait for the first"


def test_two_tables_saving_different_games_do_not_wait_for_each_other(url):
    db = connect(url)
    first, second = new_game(db), new_game(db)
    try:
        with db.write(game=first):  # the first table's save, still being written
            add_deal(db, first, quiet_deal(), mode="totals", expected_version=1)
            thread, outcome = _elsewhere(url, lambda other: add_deal(other, second, quiet_deal(), mode="totals",
                                                                     expected_version=1))
            _finishes_meanwhile(thread, outcome)
        assert outcome["seconds"] < 5
        assert game_version(db, first) == game_version(db, second) == 2
    finally:
        db.close()


def test_a_second_save_of_the_same_game_waits_for_the_first(url):
    """The check above can fail: the same game's second save waits for the first, then finds it moved on."""
    db = connect(url)
    game = new_game(db)
    try:
        with db.write(game=game):
            add_deal(db, game, quiet_deal(), mode="totals", expected_version=1)
            thread, outcome = _elsewhere(url, lambda other: add_deal(other, game, quiet_deal(1), mode="totals",
                                                                     expected_version=1))
            _waits(thread)
        thread.join(timeout=10)
        assert type(outcome["error"]).__name__ == "StaleGame"
    finally:
        db.close()


def _two_tables(db) -> list:
    tournament = records.create_tournament(
        db, name="Thursday club", date="2026-11-26", rules="bicycle", options={}, format="pairs", rounds=3,
        round_end="deals", round_limit=4, scoring="points", password="green baize 42")
    for number in range(4):
        records.add_entry(db, tournament, [f"North {number}", f"South {number}"], who="director")
    running.start_round(db, tournament, who="director")
    tables = rounds.list_tables(db, tournament, 1)
    assert len(tables) == 2
    return tables


def _table_save(table, n: int = 0):
    return lambda other: play.table_add_deal(other, table, quiet_deal(n), side="we",
                                             expected_version=game_version(other, table.game_id), who="North")


def test_two_tables_of_one_tournament_do_not_wait_for_each_other(url):
    db = connect(url)
    one, two = _two_tables(db)
    try:
        with db.write(game=one.game_id, within=one.tournament_id):
            _table_save(one)(db)
            thread, outcome = _elsewhere(url, _table_save(two))
            _finishes_meanwhile(thread, outcome)
        assert outcome["seconds"] < 5
    finally:
        db.close()


def test_the_directors_write_waits_for_a_table_and_a_table_for_the_director(url):
    db = connect(url)
    one, _two = _two_tables(db)
    try:
        with db.write(game=one.game_id, within=one.tournament_id):
            _table_save(one)(db)
            thread, outcome = _elsewhere(url, lambda other: running.close_round(other, one.tournament_id,
                                                                                  who="director"))
            _waits(thread)
        thread.join(timeout=10)
        assert outcome.get("result") == 1, outcome
        with db.write(tournament=one.tournament_id):
            thread, outcome = _elsewhere(url, _table_save(one, 1))
            _waits(thread)
        thread.join(timeout=10)
        assert "closed" in str(outcome.get("error")), outcome  # the round closed while it waited its turn
    finally:
        db.close()
