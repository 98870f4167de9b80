"""Games of 2 to 6 players started through the real new-game form with JavaScript off (each table chosen, the
form refreshed as the no-script button does), then deals saved through the deal form: the scorepad's totals and
minimums are the hand-worked figures of tests/rules/test_tables.py (docs/RULES.md §5)."""

from __future__ import annotations

import re

import pytest

from scorekeeper.stores import games
from scorekeeper.stores.summary import game_summary

from .formparse import form_values
from tests.recording import game_path, started_id


def _choose(client, rules: str, **options) -> dict:
    """The new-game form after choosing ``options`` one at a time, refreshing after each as the page's button
    does without a script; the names typed into the seats it shows."""
    page = client.get(f"/games/new?rules={rules}").get_data(as_text=True)
    for name, value in options.items():
        values = form_values(page, "new-game")
        values.update({f"opt_{name}": str(value), "refresh": "1"})
        response = client.post("/games/new", data=values)
        assert response.status_code == 200
        page = response.get_data(as_text=True)
    values = form_values(page, "new-game")
    names = iter(["Ann", "Bo", "Cy", "Di", "Ed", "Flo"])
    for key in [k for k in values if re.fullmatch(r"\w+_player\d", k)]:
        values[key] = next(names)
    return values


def _start(client, db, rules: str, **options):
    values = _choose(client, rules, **options)
    response = client.post("/games/new", data=values)
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]
    return games.get_game(db, started_id(client, response.headers["Location"]))


@pytest.mark.parametrize("options,sizes,target", [
    ({"players": 2}, (1, 1), 5000),
    ({"players": 3}, (1, 1, 1), 5000),
    ({"players": 3, "team_up": "cut_throat"}, (1, 1, 1), 7500),
    ({}, (2, 2), 5000),
    ({"players": 5}, (2, 3), 5000),
    ({"players": 6}, (2, 2, 2), 7500),
    ({"players": 6, "team_up": "two_teams"}, (3, 3), 10000),
])
@pytest.mark.parametrize("rules", ["bicycle", "classic"])
@pytest.mark.slow
def test_every_table_starts_a_game(client, db, rules, options, sizes, target):
    """The form shows the seats of the table chosen, and the target follows the table."""
    game = _start(client, db, rules, **options)
    assert tuple(len(side.players) for side in game.sides) == sizes
    assert game.profile.target == target == game.target
    assert {k: game.options[k] for k in options} == options
    names = [player for side in game.sides for player in side.players]
    assert names == ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:len(names)]


def test_a_club_target_beside_a_table_stands(client, db):
    values = _choose(client, "bicycle", players=3, team_up="cut_throat")
    assert values["opt_target"] == "7500"
    values["opt_target"] = "6000"
    game = games.get_game(db, started_id(client, client.post("/games/new", data=values).headers["Location"]))
    assert game.profile.target == 6000


def test_a_variant_of_another_table_is_dropped_when_the_table_changes(client, db):
    """Back from three to four players, cut-throat no longer fits and is not offered."""
    values = _choose(client, "bicycle", players=3, team_up="cut_throat")
    values.update(opt_players="4", refresh="1")
    page = client.post("/games/new", data=values).get_data(as_text=True)
    assert 'name="opt_team_up"' not in page
    values = form_values(page, "new-game")
    assert values["opt_target"] == "5000"


def test_changing_the_table_without_refreshing_shows_its_seats_first(client, db):
    """No script, no refresh: the seats on the page were for four; the form shows the new ones before starting."""
    values = form_values(client.get("/games/new?rules=classic").get_data(as_text=True), "new-game")
    values["opt_players"] = "3"
    response = client.post("/games/new", data=values)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "The table changed" in page and 'name="p3_player0"' in page


def _deal(client, game_id: int, version: int, **fields) -> None:
    data = {"version": str(version), "mode": "totals"}
    data.update({k.replace("__", "-"): str(v) for k, v in fields.items()})
    response = client.post(f"{game_path(client, game_id)}/deals", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]


def test_cut_throat_deals_on_the_scorepad(client, db):
    """Two deals by totals through the deal form, the partnership's figures once (BC-3, Scoring: the partners add
    up everything but red threes; tests/web/test_cut_throat_entry.py for the blocks themselves):
    p1 alone, then p3 alone; 690 / 1,085 / 1,185 (tests/rules/test_cut_throat.py, deal 1), then p1 and p2
    partners: out 100 + natural 500 + mixed 300 + melded 35 + 90 - p2's hand 30 = 995, p1 995 + two red threes
    200 = 1,195; p3 30 - 50 = -20: totals 1,885 / 2,080 / 1,165 with minimums 90, 90, 50."""
    game = _start(client, db, "bicycle", players=3, team_up="cut_throat")
    page = client.get(f"{game_path(client, game.id)}").get_data(as_text=True)
    assert "Who took the pile first" in page
    _deal(client, game.id, game.version, lone_hand="p1", shown_lone="p1",
          p1__meld_points=100, p1__canasta_natural=1, p1__hand_points=10, p1__red_threes=1,
          partnership__meld_points=240, partnership__canasta_natural=1, partnership__canasta_mixed=1,
          partnership__went_out="yes", partnership__hand_points=55, p3__red_threes=1)
    summary = game_summary(db, game.id)
    assert summary.totals == {"p1": 690, "p2": 1085, "p3": 1185}
    _deal(client, game.id, summary.version, lone_hand="p3", shown_lone="p3",
          partnership__meld_points=125, partnership__canasta_natural=1, partnership__canasta_mixed=1,
          partnership__went_out="yes", partnership__hand_points=30, p1__red_threes=2,
          p3__meld_points=30, p3__hand_points=50)
    summary = game_summary(db, game.id)
    assert summary.totals == {"p1": 1885, "p2": 2080, "p3": 1165}
    assert summary.minimums == {"p1": 90, "p2": 90, "p3": 50}
    stored = games.list_deals(db, game.id)
    assert [next(k for k, s in d.sides.items() if s.get("lone_hand")) for d in stored] == ["p1", "p3"]


def test_five_players_one_of_three_sits_out_in_turn(client, db):
    """RG-5: the three take turns sitting out; the deal passes clockwise past whoever sits out."""
    game = _start(client, db, "bicycle", players=5)
    # Seats clockwise: Ann (we), Cy (they), Bo (we), Di (they), Ed (they); they are Cy, Di, Ed.
    page = client.get(f"{game_path(client, game.id)}").get_data(as_text=True)
    assert "Cy sits out this deal." in page
    _deal(client, game.id, game.version, we__meld_points=200, we__canasta_natural=1, we__canasta_mixed=1,
          we__went_out="yes", they__meld_points=150, they__canasta_mixed=1, they__hand_points=40,
          they__red_threes=2)
    summary = game_summary(db, game.id)
    assert summary.totals == {"we": 1100, "they": 610}
    assert summary.rows[0].sits_out == ("Cy",) and summary.next_sits_out == ("Di",)
    assert summary.rows[0].dealer == "Ann" and summary.next_dealer == "Cy"


def test_six_players_five_red_threes_on_the_scorepad(client, db):
    game = _start(client, db, "classic", players=6)
    keys = [side.key for side in game.sides]
    assert keys == ["s1", "s2", "s3"]
    _deal(client, game.id, game.version, s1__meld_points=300, s1__canasta_natural=2, s1__red_threes=5,
          s1__went_out="yes", s2__meld_points=120, s2__canasta_mixed=1, s2__hand_points=60, s2__red_threes=1,
          s3__hand_points=95)
    summary = game_summary(db, game.id)
    assert summary.totals == {"s1": 2400, "s2": 460, "s3": -95}
    assert summary.minimums == {"s1": 90, "s2": 50, "s3": 15}
