"""A bin instead of oblivion: a deleted game can be restored, with every deal, for 30 days."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from scorekeeper.stores import bin as game_bin
from scorekeeper.stores.changes import list_changes
from scorekeeper.stores.deals import add_deal
from scorekeeper.stores.errors import GameLocked, GameNotFound
from scorekeeper.stores.games import delete_game, game_version, get_game, list_games
from scorekeeper.stores.summary import game_summary

from ..web.scorepad_helpers import start_game, totals_form
from .helpers import add, new_game, quiet_deal


def test_a_deleted_game_goes_to_the_bin_and_comes_back_whole(db):
    game = new_game(db)
    for n in range(3):
        add(db, game, quiet_deal(n))
    before = game_summary(db, game)
    delete_game(db, game, expected_version=game_version(db, game))
    assert get_game(db, game) is None
    assert game not in [g.id for g in list_games(db)]
    binned = game_bin.binned_games(db)
    assert [g["id"] for g in binned] == [game]
    assert binned[0]["deal_count"] == 3 and binned[0]["days_left"] == 30
    game_bin.restore_game(db, game)
    after = game_summary(db, game)
    assert after.totals == before.totals and len(after.rows) == 3
    assert game_bin.binned_games(db) == []
    assert [c.action for c in list_changes(db, game)][-2:] == ["delete_game", "restore_game"]


def test_a_game_in_the_bin_takes_no_deals(db):
    game = new_game(db)
    delete_game(db, game)
    with pytest.raises(GameNotFound):
        add_deal(db, game, quiet_deal(), mode="totals", expected_version=2)


def test_the_bin_is_emptied_after_30_days(db):
    game = new_game(db)
    add(db, game)
    delete_game(db, game)
    later = datetime.now(timezone.utc) + timedelta(days=29, hours=23)
    assert game_bin.purge_expired(db, now=later) == 0
    assert game_bin.purge_expired(db, now=later + timedelta(hours=2)) == 1
    assert game_bin.binned_games(db) == []
    assert db.execute("SELECT COUNT(*) FROM deals WHERE game_id = ?", [game]).fetchone()[0] == 0
    with pytest.raises(GameNotFound):
        game_bin.restore_game(db, game)


def test_delete_restore_through_the_pages(client, db):
    game = start_game(client)
    client.post(f"/games/{game}/deals", data=totals_form(1))
    confirm = client.get(f"/games/{game}/delete").get_data(as_text=True)
    assert "bin" in confirm and "30 days" in confirm
    assert client.post(f"/games/{game}/delete", data={"version": "2"}).status_code == 303
    assert client.get(f"/games/{game}").status_code == 404
    assert "Bin" in client.get("/games/").get_data(as_text=True)
    page = client.get("/games/bin").get_data(as_text=True)
    assert "Us v Them" in page and "Restore" in page and "30 days" in page
    restored = client.post(f"/games/{game}/restore")
    assert restored.status_code == 303 and restored.headers["Location"].endswith(f"/games/{game}")
    shown = client.get(f"/games/{game}").get_data(as_text=True)
    assert 'data-deal="1"' in shown
    assert client.post(f"/games/{game}/restore").status_code == 404


def test_a_tournament_tables_game_cannot_be_deleted(no_csrf_app, db):
    from ..tournaments.conftest import create_tournament, enter, tables_of

    director = no_csrf_app.test_client()
    tid = create_tournament(director)
    for name in ("Ann", "Bob", "Cy", "Di"):
        enter(director, tid, name)
    director.post(f"/tournaments/{tid}/rounds")
    table = tables_of(no_csrf_app, tid, 1)[0]
    with pytest.raises(GameLocked):
        delete_game(db, table.game_id)
    response = director.post(f"/games/{table.game_id}/delete", data={})
    assert response.status_code == 303
    assert get_game(db, table.game_id) is not None
