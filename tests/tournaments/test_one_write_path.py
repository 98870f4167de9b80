"""A tournament table writes its game through the game's own write protocol (docs/DEVELOPING.md, "One write
path for a game"): one claim of the game's version, one change row, the deal scored once (by the deal path, whose
result the store reuses), and the summary cached once the write is committed, so the next poll scores nothing."""

from __future__ import annotations

import sys

import pytest

from scorekeeper.db import connect
from scorekeeper.rules import scoring

from .conftest import create_tournament, deal_form, enter, game_version, tables_of
from tests.recording import tournament_path

DEALS = [
    ({"meld": 120, "natural": 1, "out": "yes"}, {"meld": 40}),
    ({"meld": 90}, {"meld": 150, "hand": 0, "natural": 1, "out": "yes"}),
    ({"meld": 200, "natural": 1, "mixed": 1, "out": "yes"}, {"meld": 60, "hand": 25}),
]
FOURTH = ({"meld": 75, "hand": 10}, {"meld": 130, "natural": 1, "out": "yes"})


@pytest.fixture
def table_with_three_deals(no_csrf_app):
    director = no_csrf_app.test_client()
    tid = create_tournament(director, rounds=2, round_limit=8)
    for name in ("Ann", "Ben", "Cy", "Di"):
        enter(director, tid, name)
    assert director.post(f"{tournament_path(director, tid)}/rounds").status_code == 303
    table = tables_of(no_csrf_app, tid, 1)[0]
    phone = no_csrf_app.test_client()
    for we, they in DEALS:
        saved = phone.post(f"/tournaments/table/{table.token}/deals",
                           data=deal_form(game_version(no_csrf_app, table), we, they))
        assert saved.status_code == 303, saved.get_data(as_text=True)[:800]
    assert phone.get(f"/tournaments/table/{table.token}").status_code == 200
    return phone, table


def _counts(app, table) -> tuple[int, int, int]:
    db = connect(app.config["DATABASE"])
    try:
        version = db.execute("SELECT version FROM games WHERE id = ?", [table.game_id]).fetchone()[0]
        changes = db.execute("SELECT COUNT(*) FROM changes WHERE game_id = ?", [table.game_id]).fetchone()[0]
        deals = db.execute("SELECT COUNT(*) FROM deals WHERE game_id = ?", [table.game_id]).fetchone()[0]
    finally:
        db.close()
    return version, changes, deals


@pytest.fixture
def scored(monkeypatch):
    """Counts the engine's deal scorings (``rules.scoring.score_deal``, whoever calls it)."""
    calls = []
    original = scoring.score_deal

    def counting(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    # Every caller imports score_deal by name: patch each module that holds it.
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("scorekeeper") and getattr(module, "score_deal", None) is original:
            monkeypatch.setattr(module, "score_deal", counting)
    return calls


def test_a_tables_deal_claims_the_game_once_and_logs_one_change(no_csrf_app, table_with_three_deals):
    phone, table = table_with_three_deals
    version, changes, deals = _counts(no_csrf_app, table)
    saved = phone.post(f"/tournaments/table/{table.token}/deals", data=deal_form(version, *FOURTH))
    assert saved.status_code == 303
    assert _counts(no_csrf_app, table) == (version + 1, changes + 1, deals + 1)


def test_a_tables_fourth_deal_is_scored_once_and_the_next_look_scores_nothing(no_csrf_app, table_with_three_deals,
                                                                                scored):
    phone, table = table_with_three_deals
    version = game_version(no_csrf_app, table)
    saved = phone.post(f"/tournaments/table/{table.token}/deals", data=deal_form(version, *FOURTH))
    assert saved.status_code == 303
    assert len(scored) == 1
    scored.clear()
    assert phone.get(f"/tournaments/table/{table.token}").status_code == 200
    assert phone.get(f"/tournaments/table/{table.token}/status").status_code == 200
    assert scored == []


def test_the_directors_correction_claims_the_game_once(no_csrf_app, table_with_three_deals):
    """The director's correction of a table's deal is one write too: one version, one change row."""
    from scorekeeper.stores.games import list_deals
    from scorekeeper.stores.tournaments import play, rounds

    _, table = table_with_three_deals
    db = connect(no_csrf_app.config["DATABASE"])
    try:
        first = list_deals(db, table.game_id)[0]
        version, changes, deals = _counts(no_csrf_app, table)
        fresh = rounds.get_table(db, table.tournament_id, table.id)
        play.correct_deal(db, fresh, first.id, {**first.sides, "we": {**first.sides["we"], "meld_points": 130}},
                          reason="typed 120 for 130", who="director")
    finally:
        db.close()
    assert _counts(no_csrf_app, table) == (version + 1, changes + 1, deals)
