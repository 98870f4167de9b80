"""POST /api/v1/score/deal under every profile."""

import pytest

from scorekeeper.rules import PROFILES

from .cases import DEAL_EXAMPLE, PROFILE_IDS, card_deal, total_deal


def score(client, body):
    response = client.post("/api/v1/score/deal", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def assert_deal_shape(answer, body):
    assert set(answer) >= {"sides", "game_over", "winner", "warnings"}
    assert set(answer["sides"]) == set(body["sides"])
    before = body.get("before", {})
    for name, side in answer["sides"].items():
        assert set(side) >= {"deal", "total", "minimum", "breakdown"}
        assert sum(line["points"] for line in side["breakdown"]) == side["deal"]
        assert side["total"] == before.get(name, 0) + side["deal"]
        for line in side["breakdown"]:
            assert set(line) >= {"code", "label", "points"}
            assert line["label"]
    assert isinstance(answer["game_over"], bool)
    assert answer["winner"] is None or answer["winner"] in body["sides"]
    for warning in answer["warnings"]:
        assert set(warning) >= {"code", "message", "source"}


def test_deal_example_of_api_md(client):
    answer = score(client, DEAL_EXAMPLE)
    assert_deal_shape(answer, DEAL_EXAMPLE)
    we, they = answer["sides"]["we"], answer["sides"]["they"]
    assert (we["deal"], we["total"], we["minimum"]) == (785, 1985, 90)
    assert (they["deal"], they["total"], they["minimum"]) == (-130, 2970, 90)
    assert {"code": "canastas", "label": "1 natural canasta", "points": 500} in we["breakdown"]
    assert answer["game_over"] is False
    assert answer["winner"] is None
    assert answer["warnings"] == []


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_deal_card_by_card(client, rules):
    body = card_deal(rules)
    answer = score(client, body)
    assert_deal_shape(answer, body)
    profile = PROFILES[rules]
    for name, side in answer["sides"].items():
        assert side["minimum"] == profile.minimum(side["total"])
    assert answer["sides"]["we"]["deal"] > answer["sides"]["they"]["deal"]


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_deal_by_totals(client, rules):
    body = total_deal(rules)
    answer = score(client, body)
    assert_deal_shape(answer, body)
    assert answer["sides"]["we"]["deal"] >= 200 + 300


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_deal_ends_the_game_at_the_target(client, rules):
    target = PROFILES[rules].target
    body = {**total_deal(rules), "before": {"we": target - 100, "they": 0}}
    if PROFILES[rules].deals_in_game:  # hand-and-foot: a game of four deals ends after the fourth
        body["deal"] = PROFILES[rules].deals_in_game
    answer = score(client, body)
    assert answer["game_over"] is True
    assert answer["winner"] == "we"


def test_deal_target_option_moves_the_end(client):
    body = {**total_deal("bicycle"), "before": {"we": 2900, "they": 0}}
    assert score(client, body)["game_over"] is False
    body["options"] = {"target": 3000}
    answer = score(client, body)
    assert answer["game_over"] is True
    assert answer["winner"] == "we"


def test_deal_tie_has_no_winner(client):
    body = {"rules": "classic", "before": {"a": 5000, "b": 5000}, "sides": {"a": {}, "b": {}}}
    answer = score(client, body)
    assert answer["game_over"] is True
    assert answer["winner"] is None


def test_deal_three_sides(client):
    body = {"rules": "silhill", "sides": {"ann": {"meld_points": 50}, "bob": {"meld_points": 10}, "cy": {}}}
    answer = score(client, body)
    assert set(answer["sides"]) == {"ann", "bob", "cy"}


def test_deal_custom_penalty_is_deducted(client):
    body = {"rules": "yahoo", "sides": {"a": {"penalties": [{"points": 100, "reason": "Looked at the stock"}]},
                                        "b": {}}}
    answer = score(client, body)
    assert answer["sides"]["a"]["deal"] == -100


def test_deal_black_threes_under_modern_american(client):
    body = {"rules": "modern-american", "sides": {"a": {"black_threes": 1}, "b": {}}}
    answer = score(client, body)
    assert_deal_shape(answer, body)


@pytest.mark.parametrize(
    "sides",
    [
        {"a": {"went_out": True}, "b": {"went_out": True}},
        {"a": {"went_out": False, "concealed": True}, "b": {}},
        {"a": {"red_threes": 3}, "b": {"red_threes": 3}},
        {"a": {"melds": ["K K K K K"]}, "b": {"melds": ["K K K K"]}},
    ],
    ids=["two-out", "concealed-not-out", "six-red-threes", "nine-kings"],
)
def test_deal_impossible(client, sides):
    response = client.post("/api/v1/score/deal", json={"rules": "bicycle", "sides": sides})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "deal.impossible"
    assert error["message"]


def test_deal_black_threes_outside_modern_american_is_400(client):
    response = client.post("/api/v1/score/deal", json={"rules": "bicycle", "sides": {"a": {"black_threes": 1},
                                                                                     "b": {}}})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "sides.a.black_threes"
