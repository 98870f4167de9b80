"""Cut-throat entered without doubling anything (docs/RULES.md §5.3), over real HTTP through the app and its
database: once a player plays alone the deal form shows his block, one block for the partnership's figures and
each partner's own red threes, by totals and card by card, with JavaScript off (the form is shown again under the
right blocks, what was typed carried over) and on (the blocks asked for again, ``reshape``); a correction shows
the partnership's figures added up; the deal list, the correction page, the history and the exports say who
played alone. The figures are deal 1 of tests/rules/test_cut_throat.py: 690, 1,085 and 1,185."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.stores import games
from scorekeeper.stores.summary import game_summary

from .formparse import form_values
from tests.recording import game_path

SIDES = [{"key": "p1", "name": "Ann", "players": ["Ann"]}, {"key": "p2", "name": "Bob", "players": ["Bob"]},
         {"key": "p3", "name": "Cy", "players": ["Cy"]}]
DEAL_1 = {"p1": 690, "p2": 1085, "p3": 1185}
#: Deal 1 as a person types it, figures by totals: Ann alone, then the partnership's once.
ANN = {"p1-meld_points": "100", "p1-canasta_natural": "1", "p1-hand_points": "10", "p1-red_threes": "1"}
PARTNERS = {"partnership-meld_points": "240", "partnership-canasta_natural": "1",
            "partnership-canasta_mixed": "1", "partnership-hand_points": "20+35", "partnership-went_out": "yes",
            "p3-red_threes": "1"}


@pytest.fixture
def game_id(db):
    return games.create_game(db, rules="bicycle", options={"players": 3, "team_up": "cut_throat"}, sides=SIDES)


def _form(client, path: str) -> dict:
    return form_values(client.get(path).get_data(as_text=True), "deal-form")


def _names(html: str) -> set[str]:
    return set(re.findall(r'name="([a-z0-9_]+-[a-z_0-9]+)"', html))


def test_the_partnership_gets_one_block_once_a_player_plays_alone(client, db, game_id):
    """The blocks asked for again as the page's script does when who took the pile first changes: Ann's block,
    the partnership's (figures typed in Bob's and Cy's blocks added up, as a sum the field reads) and Bob's and
    Cy's red threes only."""
    path = game_path(client, game_id)
    values = _form(client, path)
    assert values["lone_hand"] == "" and values["shown_lone"] == ""
    assert {"p2-meld_points", "p3-meld_points"} <= set(values) and "partnership-meld_points" not in values
    values.update(ANN)
    values.update({"lone_hand": "p1", "reshape": "1", "p2-meld_points": "200", "p3-meld_points": "40",
                   "p2-canasta_natural": "1", "p3-canasta_mixed": "1", "p2-went_out": "yes",
                   "p3-red_threes": "1"})
    fields = client.post(f"{path}/deals/preview", data=values)
    assert fields.status_code == 200
    html = fields.get_data(as_text=True)
    shown = form_values(f'<form id="f">{html}</form>', "f")
    assert shown["shown_lone"] == "p1" and shown["lone_hand"] == "p1"
    assert (shown["partnership-meld_points"], shown["partnership-canasta_natural"],
            shown["partnership-canasta_mixed"], shown["partnership-went_out"]) == ("200+40", "1", "1", "yes")
    assert (shown["p1-meld_points"], shown["p3-red_threes"]) == ("100", "1")
    assert {"p2-meld_points", "p3-meld_points", "p2-went_out", "p3-hand_points"}.isdisjoint(_names(html))
    assert "Bob and Cy, partners" in html and "Bob&#39;s red threes" in html and "Cy&#39;s red threes" in html
    assert "Ann played alone; Bob and Cy were partners." in html  # the preview


def test_a_deal_with_the_partnership_once_scores_as_the_books_say(client, db, game_id):
    """Saved with the partnership's figures once: 690 / 1,085 / 1,185; the deal list says who played alone, and
    the deal is stored in the API's shape (the partnership's figures on the first partner)."""
    path = game_path(client, game_id)
    values = {**_form(client, path), **ANN, **PARTNERS, "lone_hand": "p1", "shown_lone": "p1"}
    response = client.post(f"{path}/deals", data=values)
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]
    assert game_summary(db, game_id).totals == DEAL_1
    stored = games.list_deals(db, game_id)[0].sides
    assert stored["p1"]["lone_hand"] is True and stored["p2"]["meld_points"] == 240
    assert stored["p2"]["hand_points"] == 55 and stored["p3"] == {"red_threes": 1}
    page = client.get(path).get_data(as_text=True)
    assert "Ann played alone; Bob and Cy were partners." in page
    assert "Partnership: Went out" in page
    assert page.count("the partnership went out") == 2  # Bob's and Cy's line: neither is said to have gone out


def test_without_a_script_the_form_comes_back_under_the_right_blocks(client, db, game_id):
    """No script: who took the pile first chosen and saved with the three blocks still shown. Nothing is saved;
    the form comes back with the partnership's block holding what Bob and Cy typed, added up, and says so.
    Saved again as shown, it scores 690 / 1,085 / 1,185."""
    path = game_path(client, game_id)
    values = {**_form(client, path), **ANN, "lone_hand": "p1", "p2-meld_points": "240", "p2-canasta_natural": "1",
              "p2-canasta_mixed": "1", "p2-went_out": "yes", "p3-hand_points": "55", "p3-red_threes": "1"}
    response = client.post(f"{path}/deals", data=values)
    assert response.status_code == 422
    assert games.list_deals(db, game_id) == []
    html = response.get_data(as_text=True)
    assert "Now one block holds the partners&#39; figures" in html
    again = form_values(html, "deal-form")
    assert (again["partnership-meld_points"], again["partnership-hand_points"]) == ("240", "55")
    assert client.post(f"{path}/deals", data=again).status_code == 303
    assert game_summary(db, game_id).totals == DEAL_1


def test_card_by_card_the_partnership_holds_its_melds_and_each_partners_hand(client, db, game_id):
    """Card by card: the partnership's melds once, and the cards left in Bob's and in Cy's hand in its block."""
    path = game_path(client, game_id)
    values = {**form_values(client.get(f"{path}?mode=cards").get_data(as_text=True), "deal-form"),
              "lone_hand": "p1", "reshape": "1"}
    html = client.post(f"{path}/deals/preview", data=values).get_data(as_text=True)
    assert {"partnership-melds", "partnership-hand_0", "partnership-hand_1", "p1-melds", "p1-hand_0"} <= _names(html)
    assert "Left in Bob&#39;s hand" in html and "Left in Cy&#39;s hand" in html
    values = {**form_values(f'<form id="f">{html}</form>', "f"), "mode": "cards", "version": "1",
              "p1-melds": "K K K K K K K\nQ Q Q", "p1-hand_0": "5 5", "p1-red_threes": "1",
              "partnership-melds": "A A A A A A 2\nJ J J J J J J\n9 9 9", "partnership-hand_0": "",
              "partnership-hand_1": "JK 4", "partnership-went_out": "yes", "p3-red_threes": "1"}
    values.pop("reshape", None)
    response = client.post(f"{path}/deals", data=values)
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]
    assert game_summary(db, game_id).totals == DEAL_1
    stored = games.list_deals(db, game_id)[0].sides
    assert stored["p2"]["hands"] == [""] and stored["p3"]["hands"] == ["JK 4"] and stored["p3"]["melds"] == []


def test_a_correction_shows_the_partnership_added_up_and_who_played_alone(client, db, game_id):
    """A deal saved with the partners' figures split between them (as the API takes it) is shown for correction
    with the partnership's figures added up, and the page says who played alone; saved unchanged, it scores
    the same."""
    from scorekeeper.stores import deals as deal_store

    sides = {"p1": {"meld_points": 100, "canastas": {"natural": 1}, "hand_points": 10, "red_threes": 1,
                    "lone_hand": True},
             "p2": {"meld_points": 200, "canastas": {"natural": 1}, "went_out": True},
             "p3": {"meld_points": 40, "canastas": {"mixed": 1}, "hand_points": 55, "red_threes": 1}}
    deal_id = deal_store.add_deal(db, game_id, sides, mode="totals", expected_version=1)
    path = game_path(client, game_id)
    page = client.get(f"{path}/deals/{deal_id}/edit").get_data(as_text=True)
    assert "As saved: Ann played alone; Bob and Cy were partners." in page
    values = form_values(page, "deal-form")
    assert (values["lone_hand"], values["shown_lone"]) == ("p1", "p1")
    assert (values["partnership-meld_points"], values["partnership-hand_points"], values["partnership-went_out"],
            values["partnership-canasta_natural"], values["partnership-canasta_mixed"]) == ("200+40", "55", "yes",
                                                                                             "1", "1")
    assert values["p3-red_threes"] == "1" and "p3-meld_points" not in values
    assert client.post(f"{path}/deals/{deal_id}/edit", data=values).status_code == 303
    assert game_summary(db, game_id).totals == DEAL_1


@pytest.mark.slow
def test_who_played_alone_is_said_wherever_the_deal_is_shown(client, db, game_id):
    """Nobody marked, Cy went out before anyone took the pile: he played alone, and the deal list, the history
    and the JSON and CSV exports say so (tests/rules/test_cut_throat.py, deal 2; the score sheet:
    tests/sheets/test_tables.py)."""
    path = game_path(client, game_id)
    values = {**_form(client, path), "p1-meld_points": "30", "p1-hand_points": "40", "p1-red_threes": "1",
              "p2-hand_points": "80", "p3-meld_points": "165", "p3-canasta_natural": "1",
              "p3-canasta_mixed": "1", "p3-went_out": "yes"}
    assert client.post(f"{path}/deals", data=values).status_code == 303
    assert game_summary(db, game_id).totals == {"p1": 10, "p2": -90, "p3": 1065}
    said = "Cy played alone; Ann and Bob were partners."
    assert said in client.get(path).get_data(as_text=True)
    assert said in client.get(f"{path}/changes").get_data(as_text=True)
    exported = json.loads(client.get(f"{path}/export.json").get_data(as_text=True))
    assert exported["game"]["deals"][0]["lone_hand"] == "p3"
    rows = client.get(f"{path}/export.csv").get_data(as_text=True).splitlines()
    assert rows[0].split(",")[4] == "played alone" and rows[1].split(",")[4] == "Cy"


def test_a_lone_hand_who_melded_nothing_is_refused_next_to_the_choice(client, db, game_id):
    """BC-3, Lone Hand: playing alone comes from taking the pile or going out, and both need a meld."""
    path = game_path(client, game_id)
    values = {**_form(client, path), "lone_hand": "p1", "shown_lone": "p1", "p1-hand_points": "20",
              "partnership-meld_points": "90", "confirm": "y"}
    response = client.post(f"{path}/deals", data=values)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'id="lone_hand-error"' in html and "Ann played alone" in html and "melded" in html
    assert games.list_deals(db, game_id) == []


@pytest.mark.parametrize("options, blocks", [({"players": 5}, 2), ({"players": 6, "team_up": "two_teams"}, 2)])
def test_teams_of_two_and_three_have_one_block_each(client, db, options, blocks):
    """Five players (two against three) and two teams of three: one block per side, its red threes once, a hand
    per player card by card, and no choice of who played alone."""
    sides = [{"key": "we", "name": "We", "players": ["Ann", "Bob", "Cy"][:3 if options["players"] == 6 else 2]},
             {"key": "they", "name": "They", "players": ["Di", "Ed", "Flo"]}]
    game_id = games.create_game(db, rules="bicycle", options=options, sides=sides)
    html = client.get(f"{game_path(client, game_id)}?mode=cards").get_data(as_text=True)
    assert len(re.findall(r'class="side-entry', html)) == blocks and 'name="lone_hand"' not in html
    assert {"we-red_threes", "they-red_threes", "we-melds", "they-melds", "they-hand_2"} <= _names(html)


def test_back_to_nobody_the_partnerships_figures_go_to_its_first_partner(client, db, game_id):
    """Who took the pile first set back to nobody after the partnership's figures were typed: they go to Bob's
    block (the partnership's first player), Cy's stays empty but for his red threes, and nothing is lost."""
    path = game_path(client, game_id)
    values = {**_form(client, path), **ANN, **PARTNERS, "lone_hand": "", "shown_lone": "p1", "reshape": "1"}
    html = client.post(f"{path}/deals/preview", data=values).get_data(as_text=True)
    shown = form_values(f'<form id="f">{html}</form>', "f")
    assert "partnership-meld_points" not in shown and shown["shown_lone"] == ""
    assert (shown["p2-meld_points"], shown["p2-hand_points"], shown["p2-went_out"]) == ("240", "20+35", "yes")
    assert (shown["p3-meld_points"], shown["p3-red_threes"], shown["p1-meld_points"]) == ("", "1", "100")


def test_in_spanish_the_partners_are_a_pair_the_spanish_way(client, db):
    """The partnership's block and the words on who played alone name the partners as a Spanish pair (``names``:
    "Ana e Inés", docs/GLOSSARY_ES.md, Sides, lists), the names never the subject of a verb."""
    sides = [{"key": "p1", "name": "Beto", "players": ["Beto"]}, {"key": "p2", "name": "Ana", "players": ["Ana"]},
             {"key": "p3", "name": "Inés", "players": ["Inés"]}]
    game_id = games.create_game(db, rules="bicycle", options={"players": 3, "team_up": "cut_throat"}, sides=sides)
    path = game_path(client, game_id)
    spanish = {"Accept-Language": "es"}
    values = {**form_values(client.get(path, headers=spanish).get_data(as_text=True), "deal-form"),
              "lone_hand": "p1", "reshape": "1", "p1-meld_points": "100", "p2-meld_points": "50"}
    html = client.post(f"{path}/deals/preview", data=values, headers=spanish).get_data(as_text=True)
    assert "Compañeros: Ana e Inés" in html
    assert "Jugó solo: Beto; compañeros: Ana e Inés." in html
