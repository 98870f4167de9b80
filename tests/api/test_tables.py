"""docs/API.md "The profiles" and score/deal — tables of 2 to 6 players chosen through `options`, over real HTTP
through the app: the options listed, accepted by every endpoint, and `sides` holding one entry per side."""
import pytest


def _options(client, rules):
    body = client.get(f"/api/v1/rules/{rules}").get_json()
    return body, {opt["name"]: opt for opt in body["options"]}


@pytest.mark.parametrize("rules", ["bicycle", "classic"])
def test_players_and_team_up_are_listed_with_their_choices(client, rules):
    body, options = _options(client, rules)
    assert body["sides"] == [2, 2]
    assert options["players"]["choices"] == [2, 3, 4, 5, 6] and options["players"]["value"] == 4
    assert options["team_up"]["choices"] == ["standard", "cut_throat", "two_teams"]
    assert options["team_up"]["value"] == "standard"
    assert {"six_player_packs", "six_sit_out", "minimum_150_from", "cut_throat_cards"} <= set(options)
    assert "cut_throat_pools_hands" not in options  # withdrawn: docs/RULES.md §5.3
    assert "Number of Players" in options["players"]["source"]


def test_yahoo_keeps_two_or_four(client):
    _body, options = _options(client, "yahoo")
    assert options["players"]["choices"] == [2, 4] and "team_up" not in options


CUT_THROAT = {"players": 3, "team_up": "cut_throat"}


def test_a_cut_throat_deal_scores_partners_together(client):
    """The first deal of tests/rules/test_cut_throat.py, through the API: 690, 1,085 and 1,185 (BC-3, Scoring)."""
    response = client.post("/api/v1/score/deal", json={"rules": "bicycle", "options": CUT_THROAT, "sides": {
        "p1": {"melds": ["K K K K K K K", "Q Q Q"], "hands": ["5 5"], "red_threes": 1, "lone_hand": True},
        "p2": {"melds": ["A A A A A A 2", "J J J J J J J", "9 9 9"], "hands": [""], "went_out": True},
        "p3": {"melds": [], "hands": ["JK 4"], "red_threes": 1},
    }})
    assert response.status_code == 200, response.get_json()
    sides = response.get_json()["sides"]
    assert {name: side["deal"] for name, side in sides.items()} == {"p1": 690, "p2": 1085, "p3": 1185}


def test_sides_hold_one_entry_per_side_of_the_table_chosen(client):
    response = client.post("/api/v1/score/deal", json={"rules": "classic", "options": CUT_THROAT,
                                                       "sides": {"a": {}, "b": {}}})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "sides"
    assert "3 sides" in response.get_json()["error"]["message"]
    five = client.post("/api/v1/score/deal", json={"rules": "classic", "options": {"players": 5},
                                                   "sides": {"pair": {}, "three": {"hand_points": 20}}})
    assert five.status_code == 200
    assert five.get_json()["sides"]["three"]["deal"] == -20


def test_a_variant_at_a_table_it_does_not_fit_is_a_400(client):
    response = client.post("/api/v1/score/deal", json={"rules": "bicycle", "options": {"team_up": "cut_throat"},
                                                       "sides": {"a": {}, "b": {}}})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert (error["code"], error["field"]) == ("rules.unknown_option", "options.team_up")


def test_six_players_five_red_threes_through_the_api(client):
    response = client.post("/api/v1/score/deal", json={"rules": "bicycle", "options": {"players": 6}, "sides": {
        "a": {"meld_points": 300, "canastas": {"natural": 2}, "red_threes": 5, "went_out": True},
        "b": {"meld_points": 120, "canastas": {"mixed": 1}, "hand_points": 60, "red_threes": 1},
        "c": {"hand_points": 95},
    }})
    assert response.status_code == 200, response.get_json()
    assert {k: v["deal"] for k, v in response.get_json()["sides"].items()} == {"a": 2400, "b": 460, "c": -95}


def test_the_minimum_takes_options_too(client):
    answer = client.get("/api/v1/rules/bicycle/minimum?score=7500&players=6&team_up=two_teams").get_json()
    assert answer["minimum"] == 150
    assert client.get("/api/v1/rules/bicycle/minimum?score=7500").get_json()["minimum"] == 120
    refused = client.get("/api/v1/rules/bicycle/minimum?score=7500&team_up=two_teams")
    assert refused.status_code == 400
    assert refused.get_json()["error"]["code"] == "rules.unknown_option"


def test_the_referee_counts_cards_against_three_packs(client):
    """Nine kings in one meld: more than two packs hold, fewer than three."""
    body = {"rules": "bicycle", "melds": ["K K K K K K K K K"], "opened": True, "table": ["Q Q Q"]}
    assert client.post("/api/v1/check/meld", json=body).status_code == 400
    six = client.post("/api/v1/check/meld", json={**body, "options": {"players": 6}})
    assert six.status_code == 200, six.get_json()
    assert six.get_json()["legal"] is True


SPLIT = {"p1": {"melds": ["K K K K K K K", "Q Q Q"], "hands": ["5 5"], "red_threes": 1, "lone_hand": True},
         "p2": {"melds": ["A A A A A A 2", "J J J J J J J", "9 9 9"], "hands": [""], "went_out": True},
         "p3": {"melds": [], "hands": ["JK 4"], "red_threes": 1}}
ONCE = {"sides": {"p1": SPLIT["p1"], "p2": {}, "p3": {"red_threes": 1}},
        "partnership": {"melds": ["A A A A A A 2", "J J J J J J J", "9 9 9"], "hands": ["", "JK 4"],
                        "went_out": True}}


def test_the_partnerships_figures_once_score_as_split(client):
    """docs/API.md score/deal, ``partnership`` — the partners' figures given once, card by card or by totals,
    score as the same figures split between their entries (BC-3: 690, 1,085, 1,185), and the answer says who
    played alone."""
    split = client.post("/api/v1/score/deal", json={"rules": "bicycle", "options": CUT_THROAT, "sides": SPLIT})
    once = client.post("/api/v1/score/deal", json={"rules": "bicycle", "options": CUT_THROAT, **ONCE})
    assert once.status_code == 200, once.get_json()
    assert once.get_json() == split.get_json()
    assert once.get_json()["lone_hand"] == "p1"
    totals = client.post("/api/v1/score/deal", json={
        "rules": "bicycle", "options": CUT_THROAT,
        "sides": {"p1": {"meld_points": 100, "canastas": {"natural": 1}, "hand_points": 10, "red_threes": 1,
                         "lone_hand": True}, "p2": {}, "p3": {"red_threes": 1}},
        "partnership": {"meld_points": 240, "canastas": {"natural": 1, "mixed": 1}, "hand_points": 55,
                        "went_out": True}})
    assert {k: s["deal"] for k, s in totals.get_json()["sides"].items()} == {"p1": 690, "p2": 1085, "p3": 1185}


@pytest.mark.parametrize("change, field", [
    (lambda body: body["sides"]["p2"].update(meld_points=30), "sides.p2.meld_points"),
    (lambda body: body["sides"]["p1"].pop("lone_hand"), "partnership"),
    (lambda body: body["partnership"].update(red_threes=1), "partnership.red_threes"),
    (lambda body: body["partnership"].update(hands=["", "4", "5"]), "partnership.hands"),
    (lambda body: body["partnership"].update(lone_hand=True), "partnership.lone_hand"),
    (lambda body: body.update(partnership=[]), "partnership"),
])
def test_a_partnership_that_could_double_or_mislead_is_refused(client, change, field):
    """docs/API.md score/deal — figures in a partner's own entry beside ``partnership`` would count twice: a 400
    naming the field; so is a partnership without its lone hand, or with red threes (each partner's own)."""
    import copy

    body = {"rules": "bicycle", "options": CUT_THROAT, **copy.deepcopy(ONCE)}
    change(body)
    response = client.post("/api/v1/score/deal", json=body)
    assert response.status_code == 400, response.get_json()
    assert (response.get_json()["error"]["code"], response.get_json()["error"]["field"]) == (
        "request.invalid_field", field)


def test_a_refusal_in_the_partnership_names_its_field_as_sent(client):
    """docs/API.md score/deal — a card that cannot be read in the partnership's melds or hands is named there."""
    import copy

    for where, value, field in (("melds", ["A A A A A A 2", "QQ X"], "partnership.melds[1]"),
                                ("hands", ["", "ZZ"], "partnership.hands[1]")):
        body = {"rules": "bicycle", "options": CUT_THROAT, **copy.deepcopy(ONCE)}
        body["partnership"][where] = value
        error = client.post("/api/v1/score/deal", json=body).get_json()["error"]
        assert (error["code"], error["field"]) == ("cards.unknown_token", field)
