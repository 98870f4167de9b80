"""Requests the API cannot understand: 400 (404 for a profile in the path) with code, message and field."""

import pytest

from .cases import POST_ENDPOINTS, legal_go_out, legal_meld, legal_pile

MELD = "/api/v1/check/meld"
PILE = "/api/v1/check/pile"
GO_OUT = "/api/v1/check/go-out"
DEAL = "/api/v1/score/deal"


def error_of(response, status=400):
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json
    error = response.get_json()["error"]
    assert set(error) == {"code", "message", "field"}
    assert error["message"] and error["message"].endswith((".", "?"))
    return error


def test_error_example_of_api_md(client):
    error = error_of(client.post(MELD, json={"rules": "bicycle", "melds": ["K K Z"]}))
    assert error["code"] == "cards.unknown_token"
    assert error["field"] == "melds[0]"
    assert "'Z' is not a card" in error["message"]


# --- the body itself ------------------------------------------------------------------------


@pytest.mark.parametrize("path", list(POST_ENDPOINTS))
@pytest.mark.parametrize(
    "data, content_type",
    [
        ("", "application/json"),
        ("   ", "application/json"),
        ("{", "application/json"),
        ("{'rules': 'bicycle'}", "application/json"),
        ("\xff\xfe{", "application/json"),
        ("[" * 100_000, "application/json"),
        ('{"rules": "bicycle"}', "text/plain"),
        ('{"rules": "bicycle"}', "application/x-www-form-urlencoded"),
        ("[]", "application/json"),
        ('"bicycle"', "application/json"),
        ("42", "application/json"),
        ("null", "application/json"),
    ],
    ids=["empty", "blank", "cut-off", "single-quotes", "bad-bytes", "deep", "text-plain", "form", "list", "string",
         "number", "null"],
)
def test_unreadable_body(client, path, data, content_type):
    error = error_of(client.post(path, data=data.encode("latin-1"), content_type=content_type))
    assert error["code"] == "request.invalid_json"


@pytest.mark.parametrize("path", list(POST_ENDPOINTS))
def test_missing_rules(client, path):
    error = error_of(client.post(path, json={}))
    assert (error["code"], error["field"]) == ("request.missing_field", "rules")


@pytest.mark.parametrize("path", list(POST_ENDPOINTS))
def test_unknown_rules_in_a_body_is_400(client, path):
    error = error_of(client.post(path, json={"rules": "poker"}))
    assert (error["code"], error["field"]) == ("rules.unknown", "rules")


@pytest.mark.parametrize("path, builder", list(POST_ENDPOINTS.items()))
@pytest.mark.parametrize(
    "options",
    [{"nope": True}, {"target": 4999}, {"target": -5}, {"target": "5000"}, {"target": True}, {"rule_of_five": True}],
    ids=["unknown-name", "not-multiple-of-5", "negative", "text", "bool", "other-profiles-option"],
)
def test_unknown_option(client, path, builder, options):
    body = {**builder("bicycle"), "options": options}
    error = error_of(client.post(path, json=body))
    assert error["code"] == "rules.unknown_option"
    assert error["field"].startswith("options")


@pytest.mark.parametrize(
    "options",
    [{"players": 3}, {"draw": "2"}, {"canastas_to_go_out": True}],
)
def test_unknown_option_values_of_yahoo(client, options):
    error = error_of(client.post(MELD, json={"rules": "yahoo", "options": options}))
    assert error["code"] == "rules.unknown_option"


@pytest.mark.parametrize("path, builder", list(POST_ENDPOINTS.items()))
def test_unknown_field(client, path, builder):
    error = error_of(client.post(path, json={**builder("classic"), "meld": ["K K K"]}))
    assert (error["code"], error["field"]) == ("request.invalid_field", "meld")


# --- cards ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body, code, field",
    [
        ({"rules": "bicycle", "melds": ["K K Z"]}, "cards.unknown_token", "melds[0]"),
        ({"rules": "bicycle", "melds": ["K K K", "3 3 3"]}, "cards.three_needs_suit", "melds[1]"),
        ({"rules": "bicycle", "melds": ["K K K K K", "K K K K"]}, "cards.too_many", "melds[1]"),
        ({"rules": "bicycle", "melds": ["JK JK JK"], "opened": True, "table": ["K K JK JK"]}, "cards.too_many", "melds[0]"),
        ({"rules": "bicycle", "opened": True, "table": ["Q Q Q"], "add": {"Q": "Q X"}}, "cards.unknown_token",
         "add.Q"),
        ({"rules": "bicycle", "opened": True, "table": ["Q Q 3"]}, "cards.three_needs_suit", "table[0]"),
    ],
)
def test_card_errors_in_a_meld(client, body, code, field):
    error = error_of(client.post(MELD, json=body))
    assert (error["code"], error["field"]) == (code, field)


def test_pack_limit_counts_every_card_string_of_a_pile_request(client):
    body = {"rules": "classic", "opened": True, "table": ["9 9 9"], "pile": "9 9 9 9", "uses": "9 9"}
    error = error_of(client.post(PILE, json=body))
    assert (error["code"], error["field"]) == ("cards.too_many", "uses")


def test_pack_limit_counts_the_discard(client):
    body = {"rules": "bicycle", "opened": True, "table": ["3H 3D 3H 3D"], "discard": "3h"}
    error = error_of(client.post(GO_OUT, json=body))
    assert (error["code"], error["field"]) == ("cards.too_many", "discard")


def test_bad_card_in_a_deal(client):
    body = {"rules": "bicycle", "sides": {"we": {"melds": ["K K K"], "hands": ["Q 3"]}, "they": {}}}
    error = error_of(client.post(DEAL, json=body))
    assert (error["code"], error["field"]) == ("cards.three_needs_suit", "sides.we.hands[0]")


# --- fields of the wrong kind ---------------------------------------------------------------


@pytest.mark.parametrize(
    "path, changes, field",
    [
        (MELD, {"rules": 5}, "rules"),
        (MELD, {"rules": ["bicycle"]}, "rules"),
        (MELD, {"options": []}, "options"),
        (MELD, {"options": "target=3000"}, "options"),
        (MELD, {"score": "1500"}, "score"),
        (MELD, {"score": 1500.5}, "score"),
        (MELD, {"score": True}, "score"),
        (MELD, {"score": 10**30}, "score"),
        (MELD, {"opened": "true"}, "opened"),
        (MELD, {"opened": 1}, "opened"),
        (MELD, {"player_melded": "no"}, "player_melded"),
        (MELD, {"table": "Q Q Q"}, "table"),
        (MELD, {"table": {"Q": "Q Q Q"}}, "table"),
        (MELD, {"melds": "K K K"}, "melds"),
        (MELD, {"melds": [5]}, "melds[0]"),
        (MELD, {"melds": [["K", 5, "K"]]}, "melds[0]"),
        (MELD, {"melds": [{"cards": "K K K"}]}, "melds[0]"),
        (MELD, {"melds": [[["K"]]]}, "melds[0]"),
        (MELD, {"add": ["K"]}, "add"),
        (MELD, {"add": {"K": 2}}, "add.K"),
        (MELD, {"going_out": "yes"}, "going_out"),
        (PILE, {"pile": 7}, "pile"),
        (PILE, {"pile": {"top": "7"}}, "pile"),
        (PILE, {"uses": ["9", None]}, "uses"),
        (PILE, {"frozen": "false"}, "frozen"),
        (PILE, {"hand_size": "11"}, "hand_size"),
        (PILE, {"hand_size": -1}, "hand_size"),
        (PILE, {"hand_size": 1e300}, "hand_size"),
        (PILE, {"top": "9"}, "top"),
        (GO_OUT, {"discard": 5}, "discard"),
        (GO_OUT, {"discard": "5 6"}, "discard"),
        (GO_OUT, {"drew": "hand"}, "drew"),
        (GO_OUT, {"drew": 1}, "drew"),
        (GO_OUT, {"add": "K=2"}, "add"),
    ],
)
def test_field_of_the_wrong_kind(client, path, changes, field):
    base = {MELD: legal_meld, PILE: legal_pile, GO_OUT: legal_go_out}[path]("bicycle")
    error = error_of(client.post(path, json={**base, **changes}))
    assert error["code"] == "request.invalid_field"
    assert error["field"] == field
    assert field.split("[")[0].split(".")[0] in error["message"] or field == "rules"


@pytest.mark.parametrize("value", ["Infinity", "-Infinity", "NaN", "1e400", "9" * 400])
def test_numbers_no_game_produces(client, value):
    data = '{"rules": "bicycle", "score": %s}' % value
    error = error_of(client.post(MELD, data=data, content_type="application/json"))
    assert (error["code"], error["field"]) == ("request.invalid_field", "score")


def test_huge_number_deep_in_a_deal(client):
    body = {"rules": "bicycle", "sides": {"we": {"hand_points": 10**40}, "they": {}}}
    error = error_of(client.post(DEAL, json=body))
    assert (error["code"], error["field"]) == ("request.invalid_field", "sides.we.hand_points")


def test_table_while_not_opened_is_contradictory(client):
    error = error_of(client.post(MELD, json={"rules": "bicycle", "table": ["Q Q Q"], "melds": ["K K K"]}))
    assert (error["code"], error["field"]) == ("request.invalid_field", "table")


def test_pile_needs_pile_or_top(client):
    error = error_of(client.post(PILE, json={"rules": "bicycle", "uses": "9 9"}))
    assert (error["code"], error["field"]) == ("request.missing_field", "pile")


def test_pile_refuses_both_pile_and_top(client):
    error = error_of(client.post(PILE, json={"rules": "bicycle", "pile": "9 4", "top": "9", "uses": "9 9"}))
    assert (error["code"], error["field"]) == ("request.invalid_field", "top")


@pytest.mark.parametrize(
    "body, code, field",
    [
        ({"rules": "bicycle"}, "request.missing_field", "sides"),
        ({"rules": "bicycle", "sides": []}, "request.invalid_field", "sides"),
        ({"rules": "bicycle", "sides": {"we": {}}}, "request.invalid_field", "sides"),
        ({"rules": "bicycle", "sides": {"we": [], "they": {}}}, "request.invalid_field", "sides.we"),
        ({"rules": "bicycle", "sides": {"we": {}, "they": {}}, "before": [1, 2]}, "request.invalid_field", "before"),
        ({"rules": "bicycle", "sides": {"we": {}, "they": {}}, "before": {"we": "100"}}, "request.invalid_field",
         "before.we"),
        ({"rules": "bicycle", "sides": {"we": {"hand_points": "60"}, "they": {}}}, "request.invalid_field",
         "sides.we.hand_points"),
        ({"rules": "bicycle", "sides": {"we": {"went_out": "true"}, "they": {}}}, "request.invalid_field",
         "sides.we.went_out"),
        ({"rules": "bicycle", "sides": {"we": {"melds": "K K K"}, "they": {}}}, "request.invalid_field",
         "sides.we.melds"),
        ({"rules": "bicycle", "sides": {"we": {"melds": ["K K K"], "meld_points": 30}, "they": {}}},
         "request.invalid_field", "sides.we"),
        ({"rules": "bicycle", "sides": {"we": {"penalties": "illegal-meld"}, "they": {}}}, "request.invalid_field",
         "sides.we.penalties"),
    ],
)
def test_deal_fields_of_the_wrong_kind(client, body, code, field):
    error = error_of(client.post(DEAL, json=body))
    assert (error["code"], error["field"]) == (code, field)


def test_every_error_code_of_api_md_is_produced(client):
    """Each code docs/API.md requires comes out of some request above; gathered here in one place."""
    requests = [
        (MELD, {"rules": "bicycle", "melds": ["K K K"]}, "request.invalid_json"),
        (MELD, {}, "request.missing_field"),
        (MELD, {"rules": "bicycle", "score": "x"}, "request.invalid_field"),
        (MELD, {"rules": "bicycle", "melds": ["Z"]}, "cards.unknown_token"),
        (MELD, {"rules": "bicycle", "melds": ["3"]}, "cards.three_needs_suit"),
        (MELD, {"rules": "bicycle", "melds": ["JK JK JK JK JK"]}, "cards.too_many"),
        (MELD, {"rules": "nope"}, "rules.unknown"),
        (MELD, {"rules": "bicycle", "options": {"nope": 1}}, "rules.unknown_option"),
        (DEAL, {"rules": "bicycle", "sides": {"a": {"went_out": True}, "b": {"went_out": True}}}, "deal.impossible"),
    ]
    seen = set()
    for path, body, code in requests:
        if code == "request.invalid_json":
            response = client.post(path, data="{not json", content_type="application/json")
        else:
            response = client.post(path, json=body)
        assert response.status_code == 400
        seen.add(response.get_json()["error"]["code"])
    assert seen == {code for _, _, code in requests}
