"""The figures the rules pages, the referee and the help texts state in words are the engine's own (issue 33):
each is read off the page as a person sees it and compared with what ``score_deal``, the profile or the minimum
gives, over real HTTP through the app."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.rules import get_profile, score_deal
from scorekeeper.rules.side_deal import SideDeal
from scorekeeper.stores import games, rule_sets
from tests.clubs.helpers import store_club

from .formparse import form_values


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def _red_threes_without_meld(profile, count: int) -> int:
    """What ``count`` red threes of a side that melded nothing score, by the engine."""
    sides = {"a": SideDeal(meld_points=0, hand_points=0, canastas={}, red_threes=count),
             "b": SideDeal(meld_points=50, hand_points=0, canastas={})}
    if profile.side_sizes == (2, 2, 2):
        sides["c"] = SideDeal(meld_points=0, hand_points=0, canastas={})
    return score_deal(profile, sides).sides["a"].deal


@pytest.mark.parametrize("query, players", [("", 4), ("?opt.players=6", 6)])
def test_red_threes_of_a_side_that_melded_nothing_cost_what_the_engine_takes(client, query, players):
    """bicycle: Red Threes; docs/RULES.md §5 (RG-6): four red threes of a side that melded nothing cost 800 with
    two packs; with the six players' three packs, 100 each: 400, and five 1,000, six 1,200."""
    text = _text(client.get(f"/referee/rules/bicycle{query}").get_data(as_text=True))
    profile = get_profile("bicycle").with_options({"players": players})
    if players == 6:
        found = re.search(r"four then cost ([\d,]+), five ([\d,]+) and all six ([\d,]+)", text)
        assert found, "the six-player page states what four, five and six red threes cost"
        assert [-_number(n) for n in found.groups()] == [_red_threes_without_meld(profile, n) for n in (4, 5, 6)]
        assert "cost 800" not in text
    else:
        found = re.search(r"all four then cost ([\d,]+)", text)
        assert found and -_number(found.group(1)) == _red_threes_without_meld(profile, 4) == -800


@pytest.mark.parametrize("options, target", [({"players": 3, "team_up": "cut_throat"}, 7500),
                                             ({"players": 6}, 7500),
                                             ({"players": 6, "team_up": "two_teams"}, 10000)])
def test_the_target_said_to_be_usual_is_the_tables_own(client, options, target):
    """The new-game form's "Usually" under the game target is the target the engine gives the table chosen."""
    page = client.get("/games/new?rules=bicycle").get_data(as_text=True)
    for name, value in options.items():
        values = {**form_values(page, "new-game"), f"opt_{name}": str(value), "refresh": "1"}
        page = client.post("/games/new", data=values).get_data(as_text=True)
    usual = re.search(r"multiple of 5\. Usually: ([\d,]+)\.", _text(page))
    assert usual and _number(usual.group(1)) == get_profile("bicycle").with_options(options).target == target


def test_the_cut_throat_words_agree_with_the_table(client):
    """The cut-throat help and rules page: draw two, two canastas to go out, game 7,500, as the engine's table;
    no option code is shown."""
    profile = get_profile("bicycle").with_options({"players": 3, "team_up": "cut_throat"})
    text = _text(client.get("/referee/rules/bicycle?opt.players=3&opt.team_up=cut_throat").get_data(as_text=True))
    said = re.search(r"Cut-throat \(three players\).*?draw (\w+), (\w+) canastas to go out, game ([\d,]+)", text)
    assert said and (said.group(1), said.group(2)) == ("two", "two") and (profile.draw, profile.canastas_to_go_out) == (2, 2)
    assert _number(said.group(3)) == profile.target
    assert "cut_throat" not in text and "two_teams" not in text and "cut throat" not in text.lower().replace("cut-throat", "")


def test_two_teams_need_150_from_where_the_engine_asks_it(client):
    text = _text(client.get("/referee/rules/bicycle?opt.players=6&opt.team_up=two_teams").get_data(as_text=True))
    said = re.search(r"game ([\d,]+), and a side with ([\d,]+) or more needs (\d+)", text)
    profile = get_profile("bicycle").with_options({"players": 6, "team_up": "two_teams"})
    assert said and _number(said.group(1)) == profile.target
    assert profile.minimum(_number(said.group(2))) == _number(said.group(3)) == 150
    assert profile.minimum(_number(said.group(2)) - 5) != 150


def test_the_referee_from_a_club_sets_page_asks_under_the_set(client, db):
    """A club's set where the natural card and wild card may not take the pile (a classic option): the referee
    reached from the set's rules page refuses the take that classic itself allows."""
    found = rule_sets.save(db, store_club(db), base="classic", name="Strict pile",
                           options={"natural_and_wild_takes_pile": False})
    page = client.get(f"/referee/rules/{found.id}").get_data(as_text=True)
    link = re.search(r'href="([^"]+)">Ask the referee under these rules', page).group(1).replace("&amp;", "&")
    assert f"rules={found.id}" in link
    asked = client.get(link, follow_redirects=False)
    assert asked.status_code == 200
    question = {"rules": found.id, "top": "K", "uses": "K 2", "opened": True}
    under_set = client.post("/api/v1/check/pile", json=question).get_json()
    under_classic = client.post("/api/v1/check/pile", json={**question, "rules": "classic"}).get_json()
    assert (under_set["legal"], under_classic["legal"]) == (False, True)
    home = client.get(f"/referee/pile?rules={found.id}&opened=1").get_data(as_text=True)
    assert "Club options: A natural card and a wild card may take the pile: no" in _text(home)


def test_an_empty_minimum_by_deal_is_no_changed_option_and_its_label_is_translated(client, db):
    """A game saved with every option as the form posts them (the minimum by deal number empty): the referee
    asked from the game lists no changed option; in Spanish a changed option is named in Spanish."""
    game_id = games.create_game(db, rules="bicycle", options={"minimum_by_deal": [], "target": 5000},
                                sides=[{"key": "we", "name": "We", "players": ["A", "B"]},
                                       {"key": "they", "name": "They", "players": ["C", "D"]}])
    link = games.get_game(db, game_id).link  # the referee opened from a game takes its link (issue 29)
    asked = client.get(f"/referee/meld?game={link}")
    page = asked.get_data(as_text=True)
    assert asked.status_code == 200 and f'name="game" value="{link}"' in page  # the game's own referee
    assert "Club options:" not in page and "Initial-meld minimum by deal number" not in page
    options = json.dumps({"minimum_by_deal": [125, 155, 180]})
    spanish = client.get(f"/referee/meld?rules=bicycle&options={options}", headers={"Accept-Language": "es"})
    text = _text(spanish.get_data(as_text=True))
    assert "Initial-meld minimum by deal number" not in text and "Opciones del club:" in text
