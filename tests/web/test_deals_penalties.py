"""The deal form's penalty list: card by card it leaves out what the engine works out from the cards."""

from __future__ import annotations

import pytest

from scorekeeper.stores.games import list_deals
from scorekeeper.stores.summary import game_summary
from scorekeeper.rules import get_profile

from .scorepad_helpers import start_game
from tests.recording import game_path

DERIVED = [p for p in get_profile("modern-american").penalties if p.derived]


@pytest.fixture
def mac_game(client):
    return start_game(client, rules="modern-american")


def deal_page(client, game_id, mode):
    response = client.get(f"{game_path(client, game_id)}?mode={mode}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_card_by_card_form_does_not_offer_the_derived_penalties(client, mac_game):
    assert DERIVED
    page = deal_page(client, mac_game, "cards")
    assert 'name="we-melds"' in page
    for penalty in DERIVED:
        assert f"penalty_{penalty.code}" not in page
        assert penalty.label not in page
    assert 'name="we-custom_points"' in page  # a penalty of another kind can still be charged


def test_by_totals_form_offers_the_derived_penalties(client, mac_game):
    page = deal_page(client, mac_game, "totals")
    for penalty in DERIVED:
        for side in ("we", "they"):
            assert f'name="{side}-penalty_{penalty.code}"' in page
        assert penalty.label in page


def test_card_by_card_deal_charges_an_unfinished_sevens_meld_once(client, db, mac_game):
    data = {"version": "1", "mode": "cards", "we-went_out": "no", "we-melds": "7 7 7", "we-hand_0": "5",
            "they-went_out": "no", "they-melds": "K K K",
            # a stale page could still send the field: the card-by-card form has no such field and ignores it
            "we-penalty_incomplete-sevens": "1"}
    response = client.post(f"{game_path(client, mac_game)}/deals", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    stored = list_deals(db, mac_game)[0].sides["we"]
    assert stored["penalties"] == []
    summary = game_summary(db, mac_game)
    assert summary.totals["we"] == -2500 - 15 - 5  # unfinished sevens; no canasta: three sevens minus; hand


def test_by_totals_deal_charges_a_derived_penalty_given_by_hand(client, db, mac_game):
    data = {"version": "1", "mode": "totals", "we-went_out": "no", "we-meld_points": "15", "we-hand_points": "5",
            "we-penalty_incomplete-sevens": "1", "they-went_out": "no", "they-meld_points": "30"}
    response = client.post(f"{game_path(client, mac_game)}/deals", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    assert list_deals(db, mac_game)[0].sides["we"]["penalties"] == ["incomplete-sevens"]
    assert game_summary(db, mac_game).totals["we"] == -2500 - 15 - 5


def test_rules_api_marks_derived_penalties(client):
    mac = client.get("/api/v1/rules/modern-american").get_json()["penalties"]
    assert {p["code"] for p in mac if p["derived"]} == {p.code for p in DERIVED}
    bicycle = client.get("/api/v1/rules/bicycle").get_json()["penalties"]
    assert bicycle and not any(p["derived"] for p in bicycle)
