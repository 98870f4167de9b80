"""Every save carries a key made on the phone: a retried save the server already took is never recorded twice."""

from __future__ import annotations

import pytest

from scorekeeper.stores.deals import add_deal
from scorekeeper.stores import games
from scorekeeper.stores.games import list_deals

from ..tournaments.conftest import create_tournament, deal_form, enter, game_version, tables_of
from ..web.scorepad_helpers import start_game, totals_form
from .helpers import new_game, quiet_deal
from tests.recording import game_path, tournament_path


def test_the_store_records_a_keyed_deal_once(db):
    game = new_game(db)
    first = add_deal(db, game, quiet_deal(), mode="totals", expected_version=1, client_key="k-1234567890")
    again = add_deal(db, game, quiet_deal(), mode="totals", expected_version=1, client_key="k-1234567890")
    assert again == first
    assert len(list_deals(db, game)) == 1
    assert games.game_version(db, game) == 2


def test_the_same_key_in_another_game_is_another_deal(db):
    one, two = new_game(db), new_game(db)
    a = add_deal(db, one, quiet_deal(), mode="totals", expected_version=1, client_key="k-1234567890")
    b = add_deal(db, two, quiet_deal(), mode="totals", expected_version=1, client_key="k-1234567890")
    assert a != b


def test_a_retried_scorepad_save_answers_as_the_first_did(client, db):
    game = start_game(client)
    form = totals_form(1, client_key="phone-abcdef123456")
    first = client.post(f"{game_path(client, game)}/deals", data=form, headers={"HX-Request": "true", "HX-Target": "scorepad"})
    again = client.post(f"{game_path(client, game)}/deals", data=form, headers={"HX-Request": "true", "HX-Target": "scorepad"})
    assert first.status_code == again.status_code == 200
    assert "Deal 1 saved." in first.get_data(as_text=True)
    assert "Deal 1 saved." in again.get_data(as_text=True)
    assert len(list_deals(db, game)) == 1
    plain = client.post(f"{game_path(client, game)}/deals", data=form)
    assert plain.status_code == 303
    assert len(list_deals(db, game)) == 1


def test_a_save_without_a_key_still_refuses_a_stale_version(client, db):
    game = start_game(client)
    assert client.post(f"{game_path(client, game)}/deals", data=totals_form(1)).status_code == 303
    assert client.post(f"{game_path(client, game)}/deals", data=totals_form(1)).status_code == 409
    assert len(list_deals(db, game)) == 1


@pytest.mark.parametrize("key", ["", "x", "has spaces in it!", "k" * 200])
def test_a_malformed_key_is_ignored_not_trusted(client, db, key):
    game = start_game(client)
    assert client.post(f"{game_path(client, game)}/deals", data=totals_form(1, client_key=key)).status_code == 303
    assert [d.client_key for d in list_deals(db, game)] == [None]


def test_a_retried_table_phone_save_is_recorded_once(no_csrf_app, db):
    director = no_csrf_app.test_client()
    tid = create_tournament(director)
    for name in ("Ann", "Bob", "Cy", "Di"):
        enter(director, tid, name)
    assert director.post(f"{tournament_path(director, tid)}/rounds").status_code == 303
    table = tables_of(no_csrf_app, tid, 1)[0]
    form = deal_form(game_version(no_csrf_app, table), {"meld": 200, "natural": 1, "out": "yes"},
                     {"meld": 60, "hand": 40})
    form["client_key"] = "table-0123456789ab"
    phone = no_csrf_app.test_client()
    url = f"/tournaments/table/{table.token}/deals"
    assert phone.post(url, data=form).status_code == 303
    again = phone.post(url, data=form)
    assert again.status_code == 303
    assert again.headers["Location"].endswith(f"/tournaments/table/{table.token}")
    assert len(list_deals(db, table.game_id)) == 1
