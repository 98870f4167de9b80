"""A failure inside any write leaves the database as it was: every multi-row write is one transaction."""

from __future__ import annotations

import pytest

from scorekeeper.stores import changes
from scorekeeper.stores.deals import add_deal, delete_deal, undo_last, update_deal
from scorekeeper.stores.games import create_game, delete_game, game_version, list_deals, set_locked
from scorekeeper.stores.tournaments import play, records, results, rounds, running

SIDES = [{"key": "we", "name": "We", "players": ["Ann", "Bob"]}, {"key": "they", "name": "They", "players": ["Cy", "Di"]}]
DEAL = {"we": {"meld_points": 120, "canastas": {"natural": 1}, "went_out": True},
        "they": {"meld_points": 60, "hand_points": 40}}


class Boom(Exception):
    pass


def _boom(*args, **kwargs):
    raise Boom()


def snapshot(db) -> dict:
    """Every row of every table: a failed write must leave all of them as they were."""
    names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                      "AND name NOT LIKE 'sqlite_%' AND name != '_sqlite_migrations'")]
    return {n: db.execute(f"SELECT * FROM [{n}] ORDER BY rowid").fetchall() for n in names}


@pytest.fixture
def game(db):
    game_id = create_game(db, rules="bicycle", options={}, sides=SIDES)
    add_deal(db, game_id, DEAL, mode="totals", expected_version=1)
    return game_id


@pytest.mark.parametrize("write", [
    lambda db, g: create_game(db, rules="bicycle", options={}, sides=SIDES),
    lambda db, g: add_deal(db, g, DEAL, mode="totals", expected_version=game_version(db, g)),
    lambda db, g: update_deal(db, g, list_deals(db, g)[0].id, DEAL, mode="totals",
                              expected_version=game_version(db, g)),
    lambda db, g: delete_deal(db, g, list_deals(db, g)[0].id,
                              expected_version=game_version(db, g)),
    lambda db, g: undo_last(db, g, expected_version=game_version(db, g)),
    lambda db, g: delete_game(db, g, expected_version=game_version(db, g)),
    lambda db, g: set_locked(db, g, True),
], ids=["new game", "add deal", "edit deal", "delete deal", "undo", "delete game", "lock"])
def test_a_game_write_that_fails_at_its_last_step_writes_nothing(db, game, monkeypatch, write):
    before = snapshot(db)
    monkeypatch.setattr(changes, "logged", _boom)  # every entry of the log, record_change's too
    with pytest.raises(Boom):
        write(db, game)
    assert snapshot(db) == before


@pytest.fixture
def tournament(db):
    tid = records.create_tournament(db, name="Club", date="2026-11-26", rules="bicycle", options={},
                                   format="individuals", rounds=3, round_end="deals", round_limit=2,
                                   scoring="points", password="secret-42")
    for name in ("N1", "N2", "N3", "N4"):
        records.add_entry(db, tid, [name], who="director")
    running.start_round(db, tid, who="director")
    return tid


def _table(db, tid):
    return rounds.list_tables(db, tid)[0]


def _game_version(db, tid):
    return game_version(db, _table(db, tid).game_id)


TOURNAMENT_WRITES = {
    "entry": lambda db, t: records.add_entry(db, t, ["N5"], who="d"),
    "withdraw": lambda db, t: records.set_entry_active(db, t, records.list_entries(db, t)[0].id, False, who="d"),
    "close round": lambda db, t: running.close_round(db, t, who="d"),
    "finish": lambda db, t: running.finish_tournament(db, t, who="d"),
    "result": lambda db, t: results.set_result(db, _table(db, t), kind="corrected", we=100, they=50,
                                              reason="typo", who="d"),
    "clear result": lambda db, t: results.clear_result(db, _table(db, t), reason="typo", who="d"),
    "confirm": lambda db, t: play.confirm(db, _table(db, t), "we", version=_game_version(db, t), who="t"),
    "table deal": lambda db, t: play.table_add_deal(db, _table(db, t), DEAL, side="we",
                                                   expected_version=_game_version(db, t), who="t"),
    "dispute": lambda db, t: play.dispute(db, _table(db, t), "they", "deal 1", who="t"),
}


@pytest.mark.parametrize("name", list(TOURNAMENT_WRITES))
def test_a_tournament_write_that_fails_at_its_log_entry_writes_nothing(db, tournament, monkeypatch, name):
    before = snapshot(db)
    for module in (records, running, results, play):  # each writes its own log entries
        monkeypatch.setattr(module, "log", _boom)
    monkeypatch.setattr(changes, "logged", _boom)  # every entry of the log, record_change's too
    with pytest.raises(Boom):
        TOURNAMENT_WRITES[name](db, tournament)
    assert snapshot(db) == before


def test_a_round_that_fails_while_seating_its_last_table_writes_nothing(db, monkeypatch):
    tid = records.create_tournament(db, name="Club", date="2026-11-26", rules="bicycle", options={},
                                   format="individuals", rounds=3, round_end="deals", round_limit=2,
                                   scoring="points", password="secret-42")
    for i in range(8):
        records.add_entry(db, tid, [f"N{i}"], who="director")
    before = snapshot(db)
    calls = []
    real = set_locked

    def second_fails(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise Boom()
        return real(*args, **kwargs)

    monkeypatch.setattr(running, "set_locked", second_fails)
    with pytest.raises(Boom):
        running.start_round(db, tid, who="director")
    assert snapshot(db) == before
