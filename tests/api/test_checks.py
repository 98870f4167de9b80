"""POST /api/v1/check/meld, /check/pile and /check/go-out under every profile."""

import pytest

from scorekeeper.rules import PROFILES

from .cases import (
    PROFILE_IDS,
    illegal_go_out,
    illegal_meld,
    illegal_pile,
    legal_go_out,
    legal_meld,
    legal_pile,
)

VIOLATION_KEYS = {"code", "message", "source"}
MELD_KEYS = {"cards", "rank", "naturals", "wilds", "points", "canasta", "bonus"}
CANASTA_KINDS = {None, "natural", "mixed", "sevens", "aces", "wild"}


def post(client, path, body):
    response = client.post(path, json=body)
    assert response.status_code == 200, response.get_json()
    assert response.is_json
    return response.get_json()


def assert_violations(answer, rules):
    assert isinstance(answer["violations"], list)
    for v in answer["violations"]:
        assert set(v) >= VIOLATION_KEYS
        assert v["code"] == v["code"].lower() and "." in v["code"]
        assert v["message"]
        assert v["source"].startswith(rules)
    assert answer["legal"] == (answer["violations"] == [])


# --- is this meld legal? --------------------------------------------------------------------


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_meld_legal(client, rules):
    answer = post(client, "/api/v1/check/meld", legal_meld(rules))
    assert answer["legal"] is True
    assert answer["violations"] == []
    assert_violations(answer, rules)
    assert {m["rank"] for m in answer["melds"]} == {"Q", "K"}
    kings = next(m for m in answer["melds"] if m["rank"] == "K")
    assert kings["cards"] == ["K", "K", "K"]
    assert (kings["naturals"], kings["wilds"], kings["canasta"], kings["bonus"]) == (3, 0, None, 0)
    queens = next(m for m in answer["melds"] if m["rank"] == "Q")
    assert queens["cards"] == ["Q", "Q", "Q", "Q"]
    assert "minimum" not in answer  # the side has opened


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_meld_illegal_too_many_wilds(client, rules):
    answer = post(client, "/api/v1/check/meld", illegal_meld(rules))
    assert answer["legal"] is False
    assert "meld.too_many_wilds" in {v["code"] for v in answer["violations"]}
    assert_violations(answer, rules)
    assert answer["minimum"] == PROFILES[rules].minimum(0)


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_meld_below_the_minimum(client, rules):
    answer = post(client, "/api/v1/check/meld", {"rules": rules, "score": 3000, "melds": ["5 5 5"]})
    assert answer["legal"] is False
    assert "meld.below_minimum" in {v["code"] for v in answer["violations"]}
    assert answer["minimum"] == PROFILES[rules].minimum(3000)
    assert answer["points"] == 15


def test_meld_answer_has_the_shape_of_api_md(client):
    answer = post(client, "/api/v1/check/meld", {"rules": "bicycle", "melds": ["K K 2 2 JK"]})
    assert {"legal", "violations", "melds", "points", "minimum"} <= set(answer)
    assert isinstance(answer["legal"], bool)
    (meld,) = answer["melds"]
    assert set(meld) == MELD_KEYS
    assert meld == {"cards": ["K", "K", "2", "2", "JK"], "rank": "K", "naturals": 2, "wilds": 3, "points": 110,
                    "canasta": None, "bonus": 0}
    assert answer["points"] == 110
    assert answer["minimum"] == 50


def test_meld_canasta_and_bonus(client):
    answer = post(client, "/api/v1/check/meld", {"rules": "classic", "melds": ["9 9 9 9 9 9 9"]})
    (meld,) = answer["melds"]
    assert meld["canasta"] in CANASTA_KINDS - {None}
    assert meld["bonus"] > 0


def test_meld_accepts_cards_as_a_list_and_in_any_case(client):
    as_text = post(client, "/api/v1/check/meld", {"rules": "bicycle", "melds": ["k, k; 2 joker"]})
    as_list = post(client, "/api/v1/check/meld", {"rules": "bicycle", "melds": [["K", "K", "2", "JK"]]})
    assert as_text == as_list
    assert as_list["melds"][0]["cards"] == ["K", "K", "2", "JK"]


def test_meld_add_to_the_wild_meld_key_and_ten_written_as_t(client):
    answer = post(client, "/api/v1/check/meld",
                  {"rules": "bicycle", "opened": True, "table": ["10 10 10"], "add": {"T": "10h"}})
    assert answer["legal"] is True
    assert answer["melds"][0]["cards"] == ["10", "10", "10", "10"]


def test_meld_options_change_the_answer(client):
    """modern-american's rule of five is off by default and may be switched on."""
    body = {"rules": "modern-american", "opened": True, "table": ["8 8 8"], "add": {"8": "2"}}
    assert post(client, "/api/v1/check/meld", body)["legal"] is True
    body["options"] = {"rule_of_five": True}
    answer = post(client, "/api/v1/check/meld", body)
    assert answer["legal"] is False
    assert "meld.rule_of_five" in {v["code"] for v in answer["violations"]}


# --- may I take the pile? -------------------------------------------------------------------


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_pile_legal(client, rules):
    answer = post(client, "/api/v1/check/pile", legal_pile(rules))
    assert answer["legal"] is True
    assert answer["takes"] == 2
    assert isinstance(answer["points"], int)
    assert_violations(answer, rules)


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_pile_illegal_wild_on_top(client, rules):
    answer = post(client, "/api/v1/check/pile", illegal_pile(rules))
    assert answer["legal"] is False
    assert "pile.wild_on_top" in {v["code"] for v in answer["violations"]}
    assert {"legal", "violations", "points", "takes"} <= set(answer)
    assert answer["minimum"] == PROFILES[rules].minimum(0)
    assert_violations(answer, rules)


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_pile_frozen_needs_a_natural_pair(client, rules):
    body = {"rules": rules, "opened": True, "table": ["Q Q Q"], "top": "9", "frozen": True, "uses": "9 2"}
    answer = post(client, "/api/v1/check/pile", body)
    assert answer["legal"] is False
    # modern-american always asks for a natural pair, frozen or not; the others because the pile is frozen.
    codes = {v["code"] for v in answer["violations"]}
    assert codes & {"pile.frozen_needs_natural_pair", "pile.needs_natural_pair"}


def test_pile_by_top_card_only(client):
    answer = post(client, "/api/v1/check/pile",
                  {"rules": "classic", "opened": True, "table": ["Q Q Q"], "top": "9", "uses": "9 9"})
    assert answer["legal"] is True
    assert "takes" in answer


# --- may I go out? --------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_go_out_legal(client, rules):
    answer = post(client, "/api/v1/check/go-out", legal_go_out(rules))
    assert answer["legal"] is True
    assert answer["concealed"] is False
    assert answer["bonus"] == PROFILES[rules].going_out_bonus
    assert_violations(answer, rules)


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_go_out_illegal_without_canasta(client, rules):
    answer = post(client, "/api/v1/check/go-out", illegal_go_out(rules))
    assert answer["legal"] is False
    assert {"go_out.too_few_canastas", "go_out.too_few_canastas_of_kind"} & {v["code"] for v in answer["violations"]}
    assert {"legal", "violations", "concealed", "bonus"} <= set(answer)
    assert_violations(answer, rules)


@pytest.mark.parametrize("rules", ["bicycle", "yahoo", "silhill", "classic"])
def test_go_out_concealed(client, rules):
    body = {"rules": rules, "melds": ["K K K K K K K", "8 8 8"], "discard": "5"}
    answer = post(client, "/api/v1/check/go-out", body)
    assert answer["legal"] is True
    assert answer["concealed"] is True
    profile = PROFILES[rules]
    assert answer["bonus"] == profile.going_out_bonus + profile.concealed_extra_bonus


def test_go_out_yahoo_option_two_canastas(client):
    body = {"rules": "yahoo", "opened": True, "table": ["K K K K K K K"], "melds": ["8 8 8"], "discard": "5"}
    assert post(client, "/api/v1/check/go-out", body)["legal"] is True
    body["options"] = {"canastas_to_go_out": 2}
    assert post(client, "/api/v1/check/go-out", body)["legal"] is False


def test_go_out_without_discard_and_from_the_pile(client):
    body = {**legal_go_out("bicycle"), "discard": None, "drew": "pile"}
    answer = post(client, "/api/v1/check/go-out", body)
    assert isinstance(answer["legal"], bool)


# --- the API stores nothing and needs no CSRF token -----------------------------------------


def test_checks_need_no_csrf_token(csrf_app):
    client = csrf_app.test_client()
    response = client.post("/api/v1/check/meld", json=legal_meld("bicycle"))
    assert response.status_code == 200
    assert response.get_json()["legal"] is True


def test_checks_store_nothing(no_csrf_app, client, db):
    from scorekeeper.db.schema import describe

    def counts():
        return {name: db.one(f'SELECT COUNT(*) FROM "{name}"')[0] for name in describe(db)}

    counts_before = counts()
    client.post("/api/v1/check/meld", json=legal_meld("bicycle"))
    client.post("/api/v1/score/deal", json={"rules": "bicycle", "sides": {"a": {}, "b": {}}})
    assert counts() == counts_before


def test_get_is_not_allowed_on_a_check(client):
    response = client.get("/api/v1/check/meld")
    assert response.status_code == 405
    assert "error" in response.get_json()
