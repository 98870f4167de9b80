"""GET /api/v1/rules, /rules/{id} and /rules/{id}/minimum."""

import pytest

from scorekeeper.rules import PROFILES, get_profile, profile_options

from .cases import PROFILE_IDS


def test_rules_lists_the_profiles_in_order(client):
    response = client.get("/api/v1/rules")
    assert response.status_code == 200
    assert response.is_json
    profiles = response.get_json()["profiles"]
    assert [p["id"] for p in profiles] == list(PROFILE_IDS)
    for entry in profiles:
        profile = get_profile(entry["id"])
        assert entry == {"id": profile.id, "name": profile.name, "source": profile.source, "target": profile.target}


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_rule_gives_the_whole_profile(client, rules):
    response = client.get(f"/api/v1/rules/{rules}")
    assert response.status_code == 200
    body = response.get_json()
    profile = PROFILES[rules]
    assert (body["id"], body["name"], body["source"], body["target"]) == (
        profile.id, profile.name, profile.source, profile.target
    )
    names = {p["name"] for p in body["parameters"]}
    assert {"target", "max_wilds", "minimum_table", "canastas_to_go_out", "going_out_bonus"} <= names
    for parameter in body["parameters"]:
        assert set(parameter) == {"name", "label", "value", "source"}
        assert parameter["source"].startswith(f"{rules}:") or parameter["source"] == rules
    by_name = {p["name"]: p for p in body["parameters"]}
    assert by_name["target"]["value"] == profile.target
    assert by_name["max_wilds"]["value"] == profile.max_wilds
    options = {o["name"]: o for o in body["options"]}
    assert [o["name"] for o in body["options"]] == [o.name for o in profile_options(profile)]
    assert options["target"]["kind"] == "int"
    assert options["target"]["default"] == profile.target
    for option in body["options"]:
        assert {"name", "label", "kind", "choices", "default", "value", "help", "source"} <= set(option)
        if option["kind"] != "int":
            assert option["default"] in option["choices"]
        assert option["value"] == option["default"]
    assert [p["code"] for p in body["penalties"]] == [p.code for p in profile.penalties]
    for penalty in body["penalties"]:
        assert set(penalty) == {"code", "label", "points", "source", "derived"}
        assert penalty["points"] > 0


def test_rule_lists_the_options_api_md_requires(client):
    """docs/API.md: target everywhere, yahoo players/draw/canastas_to_go_out, modern-american's two options."""
    required = {
        "yahoo": {"players": ([2, 4], 4), "draw": ([1, 2], 1), "canastas_to_go_out": ([1, 2], 1)},
        "modern-american": {
            "rule_of_five": ([True, False], False),
            "melds_count_minus_without_canasta": ([True, False], True),
        },
    }
    for rules in PROFILE_IDS:
        options = {o["name"]: o for o in client.get(f"/api/v1/rules/{rules}").get_json()["options"]}
        assert "target" in options
        for name, (choices, default) in required.get(rules, {}).items():
            assert sorted(options[name]["choices"], key=str) == sorted(choices, key=str)
            assert options[name]["default"] == default


def test_rule_lists_bicycle_penalty_codes_usable_in_a_deal(client):
    penalties = client.get("/api/v1/rules/bicycle").get_json()["penalties"]
    assert "illegal-meld" in {p["code"] for p in penalties}


@pytest.mark.parametrize("path", ["/api/v1/rules/nope", "/api/v1/rules/BICYCLE", "/api/v1/rules/nope/minimum?score=0"])
def test_unknown_profile_in_the_path_is_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    error = response.get_json()["error"]
    assert error["code"] == "rules.unknown"
    assert error["message"]


@pytest.mark.parametrize("rules", PROFILE_IDS)
@pytest.mark.parametrize("score", [-500, 0, 1495, 1500, 3000, 7000])
def test_minimum_follows_the_profile(client, rules, score):
    response = client.get(f"/api/v1/rules/{rules}/minimum?score={score}")
    assert response.status_code == 200
    assert response.get_json() == {"rules": rules, "score": score, "minimum": get_profile(rules).minimum(score)}


def test_minimum_examples(client):
    assert client.get("/api/v1/rules/bicycle/minimum?score=0").get_json()["minimum"] == 50
    assert client.get("/api/v1/rules/bicycle/minimum?score=1500").get_json()["minimum"] == 90
    assert client.get("/api/v1/rules/bicycle/minimum?score=3000").get_json()["minimum"] == 120
    assert isinstance(client.get("/api/v1/rules/classic/minimum?score=-10").get_json()["minimum"], int)


@pytest.mark.parametrize(
    "query, code",
    [
        ("", "request.missing_field"),
        ("?score=", "request.invalid_field"),
        ("?score=abc", "request.invalid_field"),
        ("?score=1.5", "request.invalid_field"),
        ("?score=99999999999999999999999", "request.invalid_field"),
        ("?score=%EF%BC%91", "request.invalid_field"),
    ],
)
def test_minimum_needs_a_whole_number(client, query, code):
    response = client.get(f"/api/v1/rules/bicycle/minimum{query}")
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == code
    assert error["field"] == "score"
