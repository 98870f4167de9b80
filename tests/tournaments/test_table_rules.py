"""What a table may do: each side confirms on its own, disagreements reach the director, a round keeps its
shape, and nothing is saved that would not count."""

from __future__ import annotations

import pytest

from .conftest import create_tournament, deal_form, enter, game_version, log_text, tables_of
from .test_access import deals_in
from tests.recording import tournament_path
from tests.worlds import Worlds

WON = {"meld": 120, "natural": 1, "out": "yes"}
LOST = {"meld": 40}


def _room(app) -> dict:
    """A tournament of eight players, 2 deals a round, round 1 started, by its director's client (built once,
    tests/worlds.py)."""
    director = app.test_client()
    tid = create_tournament(director)
    for name in ("Ann", "Ben", "Cy", "Di", "Eve", "Fred", "Gil", "Hana"):
        enter(director, tid, name)
    director.post(f"{tournament_path(director, tid)}/rounds")
    return {"director": director, "tid": tid}


WORLDS = Worlds(room=_room)
database, world = WORLDS.database, WORLDS.world


@pytest.fixture
def room(no_csrf_app, world):
    """The tournament's world in this test's database: (app, director, tid, tables)."""
    return no_csrf_app, world["director"], world["tid"], tables_of(no_csrf_app, world["tid"], 1)


def post_deal(app, phone, table, side="we", we=WON, they=LOST):
    return phone.post(f"/tournaments/table/{table.token}/deals",
                      data=deal_form(game_version(app, table), we, they, side=side))


def confirm(app, phone, table, side):
    return phone.post(f"/tournaments/table/{table.token}/confirm",
                      data={"side": side, "version": game_version(app, table)})


def test_a_change_after_a_confirmation_clears_both_and_is_logged_with_its_side(room):
    app, director, tid, (table, _) = room
    phone = app.test_client()
    assert post_deal(app, phone, table).status_code == 303
    assert confirm(app, phone, table, "we").status_code == 200
    assert confirm(app, phone, table, "they").status_code == 200
    assert post_deal(app, phone, table, side="they").status_code == 303
    page = phone.get(f"/tournaments/table/{table.token}").get_data(as_text=True)
    assert "✓ North-South confirmed" not in page and "✓ East-West confirmed" not in page
    log = log_text(director, tid)
    assert "East-West changed the score after a confirmation, so both sides must confirm again" in log
    assert "table 1 East-West" in log


def test_a_side_cannot_undo_the_other_sides_deal_once_it_is_confirmed(room):
    app, director, tid, (table, _) = room
    phone = app.test_client()
    post_deal(app, phone, table, side="we")
    confirm(app, phone, table, "they")
    url = f"/tournaments/table/{table.token}/undo"
    refused = phone.post(url, data={"version": game_version(app, table), "side": "they"})
    assert refused.status_code == 409
    assert "North-South entered that deal" in refused.get_data(as_text=True)
    assert deals_in(app, table) == 1
    assert phone.post(url, data={"version": game_version(app, table), "side": "we"}).status_code == 303
    assert deals_in(app, table) == 0


def test_a_deal_says_which_side_entered_it(room):
    app, _, _, (table, _) = room
    phone = app.test_client()
    data = deal_form(game_version(app, table), WON, LOST)
    del data["side"]
    refused = phone.post(f"/tournaments/table/{table.token}/deals", data=data)
    assert refused.status_code == 422 and "Say which side is entering" in refused.get_data(as_text=True)
    assert deals_in(app, table) == 0


def test_we_disagree_marks_the_table_disputed_and_alerts_the_director_until_settled(room):
    app, director, tid, (first, second) = room
    phone = app.test_client()
    post_deal(app, phone, second)
    url = f"/tournaments/table/{second.token}/dispute"
    assert phone.post(url, data={"side": "they", "reason": ""}).status_code == 422  # a reason is needed
    assert phone.post(url, data={"side": "they", "reason": "Deal 1: we had two canastas"}).status_code == 303
    page = phone.get(f"/tournaments/table/{second.token}").get_data(as_text=True)
    assert "East-West disagree" in page and "The director has been told" in page
    overview = director.get(tournament_path(director, tid)).get_data(as_text=True)
    assert "Table 2 is disputed" in overview and "Deal 1: we had two canastas" in overview
    round_page = director.get(f"{tournament_path(director, tid)}/round/1").get_data(as_text=True)
    assert round_page.index("Table 2") < round_page.index("Table 1")  # disputed tables first
    # A confirmation does not make a disputed table count as confirmed.
    confirm(app, phone, second, "we")
    confirm(app, phone, second, "they")
    assert "Table 2 is disputed" in director.get(tournament_path(director, tid)).get_data(as_text=True)
    settle = director.post(f"{tournament_path(director, tid)}/tables/{second.id}/settle",
                           data={"reason": "Checked the cards: the score stands"})
    assert settle.status_code == 303
    assert "is disputed" not in director.get(f"{tournament_path(director, tid)}").get_data(as_text=True)
    log = log_text(director, tid)
    assert "East-West disagreed with the score" in log and "settled the dispute" in log


def test_a_round_of_two_deals_refuses_a_third(room):
    app, _, _, (table, _) = room
    phone = app.test_client()
    assert post_deal(app, phone, table).status_code == 303
    assert post_deal(app, phone, table).status_code == 303
    third = post_deal(app, phone, table)
    assert third.status_code == 409
    assert "This round is 2 deals" in third.get_data(as_text=True)
    assert deals_in(app, table) == 2


def test_a_blank_deal_is_refused(room):
    app, _, _, (table, _) = room
    blank = post_deal(app, app.test_client(), table, we={}, they={})
    assert blank.status_code == 422
    assert "Nothing was entered" in blank.get_data(as_text=True)
    assert deals_in(app, table) == 0


def test_a_table_the_director_adjusted_takes_no_more_deals_and_says_why(room):
    app, director, tid, (table, _) = room
    phone = app.test_client()
    post_deal(app, phone, table)
    director.post(f"{tournament_path(director, tid)}/tables/{table.id}/result",
                  data={"kind": "adjusted", "we": "500", "they": "300", "reason": "A player fell ill"})
    refused = post_deal(app, phone, table)
    assert refused.status_code == 409
    assert "The director set this table&#39;s score" in refused.get_data(as_text=True)
    assert deals_in(app, table) == 1
    page = phone.get(f"/tournaments/table/{table.token}").get_data(as_text=True)
    assert "Save the deal" not in page and "A player fell ill" in page
