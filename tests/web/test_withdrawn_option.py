"""docs/RULES.md §5.3 — the withdrawn club option ``cut_throat_pools_hands``: a game, a club rule set and an exported
file saved with it still open, over real HTTP through the app and its database, and are scored as the published
rules score cut-throat (the partners add up everything but red threes); the option is never shown again."""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.stores import deals as deal_store
from scorekeeper.stores import games, rule_sets
from scorekeeper.stores.summary import game_summary
from tests.clubs.helpers import store_club
from tests.recording import game_path

OLD = {"players": 3, "team_up": "cut_throat", "cut_throat_pools_hands": False}
SIDES = [{"key": "p1", "name": "Ann", "players": ["Ann"]}, {"key": "p2", "name": "Bob", "players": ["Bob"]},
         {"key": "p3", "name": "Cy", "players": ["Cy"]}]
#: Deal 1 of tests/rules/test_cut_throat.py by totals: Ann alone 690; the partnership 1,085, Cy 1,185 with his
#: red three (under the withdrawn "no", Bob had 1,140: Cy's hand did not count for him).
DEAL = {"p1": {"meld_points": 100, "canastas": {"natural": 1}, "hand_points": 10, "red_threes": 1, "lone_hand": True},
        "p2": {"meld_points": 240, "canastas": {"natural": 1, "mixed": 1}, "went_out": True},
        "p3": {"hand_points": 55, "red_threes": 1}}


@pytest.fixture
def old_game(db):
    game_id = games.create_game(db, rules="bicycle", options=OLD, sides=SIDES)
    deal_store.add_deal(db, game_id, DEAL, mode="totals", expected_version=1)
    return game_id


def test_a_game_saved_with_it_opens_and_scores_as_published(client, db, old_game):
    stored = db.execute("SELECT options FROM games WHERE id = ?", [old_game]).fetchone()[0]
    assert json.loads(stored)["cut_throat_pools_hands"] is False  # stored as it was, read without it
    assert "cut_throat_pools_hands" not in games.get_game(db, old_game).options
    assert game_summary(db, old_game).totals == {"p1": 690, "p2": 1085, "p3": 1185}
    path = game_path(client, old_game)
    for page in ("", "/options", "/changes", "/sheet.pdf", "/export.csv"):
        response = client.get(f"{path}{page}")
        assert response.status_code == 200, page
        if page != "/sheet.pdf":
            body = response.get_data(as_text=True)
            assert "cut_throat_pools_hands" not in body and "share their cards" not in body, page
    link = games.get_game(db, old_game).link  # the referee opened from a game takes its link (issue 29)
    assert client.get(f"/referee/meld?game={link}").status_code == 200


def test_an_exported_file_that_names_it_imports(client, db, old_game):
    document = json.loads(client.get(f"{game_path(client, old_game)}/export.json").get_data(as_text=True))
    document["game"]["options"]["cut_throat_pools_hands"] = True
    response = client.post("/games/import", data={"file": (io.BytesIO(json.dumps(document).encode()), "game.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    newest = max(row[0] for row in db.execute("SELECT id FROM games").fetchall())
    assert game_summary(db, newest).totals == {"p1": 690, "p2": 1085, "p3": 1185}


def test_a_rule_set_saved_with_it_opens_and_starts_a_game(client, db):
    found = rule_sets.save(db, store_club(db), base="bicycle", name="Old Tuesday",
                           options={**OLD, "cut_throat_pools_hands": True})
    for page in (f"/rules/{found.id}", f"/referee/rules/{found.id}", f"/rules/{found.id}.json"):
        response = client.get(page)
        assert response.status_code == 200, page
        assert "share their cards" not in response.get_data(as_text=True), page
    answer = client.post("/api/v1/score/deal", json={"rules": found.id, "sides": DEAL})
    assert answer.status_code == 200, answer.get_json()
    assert {k: s["deal"] for k, s in answer.get_json()["sides"].items()} == {"p1": 690, "p2": 1085, "p3": 1185}
